// Entry point of the `hopzero` program: dispatches to the registered subcommands.
#include <cerrno>
#include <cstdlib>
#include <iostream>

#include "apps/command.h"
#include "core/error.h"
#include "core/registry.h"

namespace hz::cli {

Args::Args(std::string command, std::vector<std::string> argv, bool leading_word)
    : command_(std::move(command)) {
  size_t first = 0;
  if (leading_word && !argv.empty() && argv[0].rfind("--", 0) != 0) word_ = argv[first++];
  for (size_t i = first; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a.rfind("--", 0) != 0 || a.size() < 3)
      fail("unexpected argument ", quote(a), " (flags start with --; see hopzero ", command_,
           " --help)");
    const size_t eq = a.find('=');
    if (eq != std::string::npos) {
      values_.emplace_back(a.substr(2, eq - 2), a.substr(eq + 1));
    } else if (i + 1 < argv.size() && argv[i + 1].rfind("--", 0) != 0) {
      values_.emplace_back(a.substr(2), argv[++i]);
    } else {
      values_.emplace_back(a.substr(2), "");
    }
  }
}

bool Args::has(const std::string& name) const {
  for (const auto& [k, v] : values_)
    if (k == name) return true;
  return false;
}

const std::string* Args::single(const std::string& name) {
  known_.push_back(name);
  const std::string* out = nullptr;
  for (const auto& [k, v] : values_) {
    if (k != name) continue;
    if (out)  // the last would silently win
      fail("--", name, " is given twice (", quote(*out), " and ", quote(v), "); give it once");
    out = &v;
  }
  return out;
}

std::string Args::get(const std::string& name, const std::string& def) {
  const std::string* value = single(name);
  return value ? *value : def;
}

std::string Args::require(const std::string& name) {
  if (!has(name)) fail("missing required flag --", name);
  return get(name, "");
}

std::string Args::get_path(const std::string& name) {
  const std::string path = get(name, "");
  if (has(name) && path.empty()) fail("--", name, " needs a path, not an empty one");
  return path;
}

std::string Args::require_path(const std::string& name) {
  if (!has(name)) fail("missing required flag --", name);
  return get_path(name);
}

long Args::get_int(const std::string& name, long def, long lo, long hi) {
  const std::string text = get(name, std::to_string(def));
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || errno || *end || v < lo || v > hi)
    fail("--", name, " must be an integer in [", lo, ", ", hi, "], not ", quote(text));
  return v;
}

double Args::get_double(const std::string& name, double def, double lo, double hi) {
  const std::string text = get(name, std::to_string(def));
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end || !(v >= lo && v <= hi))
    fail("--", name, " must be a number in [", lo, ", ", hi, "], not ", quote(text));
  return v;
}

std::vector<std::string> Args::get_all(const std::string& name) {
  known_.push_back(name);
  std::vector<std::string> out;
  for (const auto& [k, v] : values_)
    if (k == name) out.push_back(v);
  return out;
}

bool Args::flag(const std::string& name) {
  const std::string* value = single(name);
  if (value && !value->empty())
    fail("--", name, " is a switch and takes no value (got ", quote(*value), ")");
  return value != nullptr;
}

GameOptions Args::game_options() {
  GameOptions options;
  for (const auto& text : get_all("option")) {
    const GameOptions one = GameOptions::parse(text);  // named: the loop must not outlive it
    for (const auto& [k, v] : one.values()) {
      if (options.has(k))
        fail("--option ", quote(k), " is given twice (", quote(k + "=" + options.get(k)), " and ",
             quote(k + "=" + v), ")");
      options.set(k, v);
    }
  }
  return options;
}

void Args::finish() const {
  for (const auto& [k, v] : values_) {
    bool ok = false;
    for (const auto& n : known_) ok = ok || n == k;
    if (!ok) {
      std::string list;
      for (const auto& n : known_) list += (list.empty() ? "--" : ", --") + n;
      fail("unknown flag ", quote("--" + k), " for 'hopzero ", command_, "'; valid flags: ", list);
    }
  }
}

namespace {
struct CommandTag {};
using CommandRegistry = Registry<std::string, Command, CommandTag>;
}  // namespace

bool register_command(Command c) {
  std::string name = c.name;
  HZ_CHECK(CommandRegistry::instance().add(name, std::move(c)), "command registered twice: ", name);
  return true;
}
const std::map<std::string, Command>& commands() {
  return CommandRegistry::instance().entries();
}

}  // namespace hz::cli

static void print_help() {
  std::cout << "usage: hopzero <command> [flags]\n\ncommands:\n"
            << hz::cli::help_table(hz::cli::commands())
            << "\n'hopzero <command> --help' shows a command's flags.\n";
}

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "help") {
    print_help();
    return argc < 2 ? 2 : 0;
  }
  const std::string name = argv[1];
  auto it = hz::cli::commands().find(name);
  if (it == hz::cli::commands().end()) {
    std::cerr << "hopzero: unknown command " << hz::quote(name) << "\n";
    print_help();
    return 2;
  }
  std::vector<std::string> rest(argv + 2, argv + argc);
  const bool own_help = it->second.takes_word;
  for (auto& a : rest)
    if (own_help && a == "-h") a = "--help";
  for (const auto& a : rest)
    if (!own_help && (a == "--help" || a == "-h")) {
      std::cout << "usage: hopzero " << name << " " << it->second.usage << "\n\n"
                << it->second.summary << "\n";
      return 0;
    }
  try {
    hz::cli::Args args(name, rest, it->second.takes_word);
    return it->second.run(args);
  } catch (const hz::Error& e) {
    std::cerr << "hopzero " << name << ": error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "hopzero " << name << ": error: " << e.what() << "\n";
    return 1;
  }
}
