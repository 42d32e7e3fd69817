// Rule options of a game variant ("size=8", "players=3"), and their declared specs.
//
// A game declares each option it understands with its allowed values and default; the registry
// validates user options against the declaration before any game code sees them, so an unknown
// option or value is always an error that names it and lists the valid ones.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hz {

struct OptionSpec {
  std::string name;
  std::string default_value;
  std::vector<std::string> allowed;  // empty: any integer in [min_int, max_int]
  long min_int = 0;
  long max_int = 0;
  std::string doc;
};

// Ordered name -> value map; values are kept as text and read with typed getters.
class GameOptions {
 public:
  GameOptions() = default;
  GameOptions(std::initializer_list<std::pair<const std::string, std::string>> init)
      : values_(init) {}

  void set(const std::string& name, const std::string& value) { values_[name] = value; }
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  const std::string& get(const std::string& name) const;  // throws hz::Error if absent
  long get_int(const std::string& name) const;
  bool get_bool(const std::string& name) const;  // "true"/"false"/"1"/"0"/"on"/"off"
  const std::map<std::string, std::string>& values() const { return values_; }

  // "size=8,players=3" (commas) or one "k=v" at a time; empty string gives no options. A name
  // given twice is an error.
  static GameOptions parse(std::string_view text);
  std::string to_string() const;  // "k=v,k=v" in name order
  bool operator==(const GameOptions& o) const { return values_ == o.values_; }

 private:
  std::map<std::string, std::string> values_;
};

// Fills defaults and checks `given` against `specs`; throws hz::Error naming the problem.
GameOptions resolve_options(const std::string& game, const std::vector<OptionSpec>& specs,
                            const GameOptions& given);

bool parse_bool_text(std::string_view text, bool* out);

}  // namespace hz
