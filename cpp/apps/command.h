// The `hopzero` program's subcommands. Each lives in its own file and registers itself with
// HZ_COMMAND; main.cpp only dispatches. Commands throw hz::Error for bad input; main prints it
// as "hopzero <cmd>: error: ..." and exits 2.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/options.h"

namespace hz::cli {

// Minimal flag parser: --name value, --name=value, and bare --flag switches. A flag read with
// get(), get_int(), get_double(), get_path() or flag() may be given once (twice is an error
// naming it); flags read with get_all() repeat.
// With `leading_word`, one first argument that is not a flag is kept as word() (a command's
// sub-command, e.g. "bench mcts"); other bare words are errors.
class Args {
 public:
  Args(std::string command, std::vector<std::string> argv, bool leading_word = false);
  const std::string& word() const { return word_; }  // "" when none was given
  std::string get(const std::string& name, const std::string& def);
  std::string require(const std::string& name);
  // A file or folder flag: "" when absent, an error when given empty (`--run ""` must not mean
  // the current directory, nor `--out ""` saving nothing).
  std::string get_path(const std::string& name);
  std::string require_path(const std::string& name);
  long get_int(const std::string& name, long def, long lo, long hi);
  double get_double(const std::string& name, double def, double lo, double hi);
  std::vector<std::string> get_all(const std::string& name);  // every occurrence
  bool flag(const std::string& name);                         // bare switch
  bool has(const std::string& name) const;
  // Rule options from every --option k=v (or k=v,k=v) flag; a name given twice is an error.
  GameOptions game_options();
  void finish() const;  // throws hz::Error for flags nobody asked for
  const std::string& command() const { return command_; }

 private:
  const std::string* single(const std::string& name);  // the one value, or nullptr
  std::string command_;
  std::string word_;
  std::vector<std::pair<std::string, std::string>> values_;  // name -> value ("" for switch)
  std::vector<std::string> known_;
};

struct Command {
  std::string name, summary, usage;
  std::function<int(Args&)> run;
  // The command takes a leading word (Args::word()) and answers --help itself.
  bool takes_word = false;
};

bool register_command(Command c);  // a name registered twice is an internal error
const std::map<std::string, Command>& commands();

// The help lines "  NAME      SUMMARY\n" of a table of commands or benchmarks (any map from a
// name to an entry with a `summary`), names padded to one column.
template <class Entries>
std::string help_table(const Entries& entries) {
  std::string out;
  for (const auto& [name, entry] : entries)
    out += "  " + name + std::string(name.size() < 10 ? 10 - name.size() : 1, ' ') + entry.summary +
           "\n";
  return out;
}

}  // namespace hz::cli

#define HZ_COMMAND_CAT2(a, b) a##b
#define HZ_COMMAND_CAT(a, b) HZ_COMMAND_CAT2(a, b)
#define HZ_COMMAND(...)                                                      \
  static const bool HZ_COMMAND_CAT(hz_command_, __LINE__) [[maybe_unused]] = \
      ::hz::cli::register_command(::hz::cli::Command{__VA_ARGS__})
