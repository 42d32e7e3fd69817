#include "core/options.h"

#include <cstdlib>

#include "core/error.h"

namespace hz {

bool parse_bool_text(std::string_view t, bool* out) {
  if (t == "true" || t == "1" || t == "on" || t == "yes") return *out = true, true;
  if (t == "false" || t == "0" || t == "off" || t == "no") return *out = false, true;
  return false;
}

static bool parse_long(const std::string& text, long* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (errno != 0 || end != text.c_str() + text.size()) return false;
  *out = v;
  return true;
}

const std::string& GameOptions::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) fail("option ", quote(name), " is not set");
  return it->second;
}

long GameOptions::get_int(const std::string& name) const {
  long v = 0;
  if (!parse_long(get(name), &v))
    fail("option ", quote(name), " is not an integer: ", quote(get(name)));
  return v;
}

bool GameOptions::get_bool(const std::string& name) const {
  bool v = false;
  if (!parse_bool_text(get(name), &v))
    fail("option ", quote(name), " is not a boolean (true/false): ", quote(get(name)));
  return v;
}

GameOptions GameOptions::parse(std::string_view text) {
  GameOptions options;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view item = text.substr(start, end - start);
    start = end + 1;
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      fail("option ", quote(std::string(item)), " is not of the form name=value");
    const std::string name(item.substr(0, eq));
    if (options.has(name))  // the last would silently win
      fail("option ", quote(name), " is given twice in ", quote(text));
    options.set(name, std::string(item.substr(eq + 1)));
  }
  return options;
}

std::string GameOptions::to_string() const {
  std::string out;
  for (const auto& [k, v] : values_) {
    if (!out.empty()) out += ',';
    out += k + "=" + v;
  }
  return out;
}

static std::string describe_allowed(const OptionSpec& spec) {
  if (spec.allowed.empty())
    return str_cat("an integer in [", spec.min_int, ", ", spec.max_int, "]");
  std::string out;
  for (const auto& a : spec.allowed) out += (out.empty() ? "" : ", ") + a;
  return "one of: " + out;
}

GameOptions resolve_options(const std::string& game, const std::vector<OptionSpec>& specs,
                            const GameOptions& given) {
  GameOptions out;
  for (const auto& [name, value] : given.values()) {
    const OptionSpec* spec = nullptr;
    for (const auto& s : specs)
      if (s.name == name) spec = &s;
    if (!spec) {
      std::string valid;
      for (const auto& s : specs) valid += (valid.empty() ? "" : ", ") + s.name;
      fail("game ", quote(game), " has no option ", quote(name),
           "; valid options: ", valid.empty() ? "(none)" : valid);
    }
    bool ok = false;
    if (spec->allowed.empty()) {
      long v = 0;
      ok = parse_long(value, &v) && v >= spec->min_int && v <= spec->max_int;
    } else {
      for (const auto& a : spec->allowed) ok = ok || a == value;
    }
    if (!ok)
      fail("game ", quote(game), ": option ", quote(name), " cannot be ", quote(value),
           "; it must be ", describe_allowed(*spec));
    out.set(name, value);
  }
  for (const auto& s : specs)
    if (!out.has(s.name)) out.set(s.name, s.default_value);
  return out;
}

}  // namespace hz
