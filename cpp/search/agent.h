// Agents: every kind of player (random, MCTS with any evaluator, alpha-beta, greedy, a person)
// behind one interface, so that any two can play each other in one process.
//
// An agent is built for one game by AnyGame::make_agent(spec, seed). It owns its own RNG and
// search memory (no globals); one agent is used by one thread at a time. select_action() never
// changes the state it is given.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/any_game.h"

namespace hz {

// "mcts:sims=200,evaluator=rollout" -> kind "mcts", settings {sims: 200, evaluator: rollout}.
struct AgentSpec {
  std::string kind;
  std::map<std::string, std::string> settings;

  static AgentSpec parse(std::string_view text);  // throws hz::Error on malformed text
  std::string to_string() const;
};

// What a search-based agent can say about its last decision (for hints, notebooks, records).
struct SearchInfo {
  std::vector<Action> actions;  // root children
  std::vector<float> priors;    // the evaluator's prior per root child (empty where none)
  std::vector<int> visits;      // visit count per root child (0 for non-visit searches)
  std::vector<float> values;    // value of each child for the mover, in [-1, 1]
  float root_value = 0.0f;      // value of the root for the mover
  std::vector<Action> principal_variation;
};

class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string name() const = 0;
  // An action legal in `state` (which must not be terminal).
  virtual Action select_action(const AnyState& state) = 0;
  // Forget everything about the current game (tree reuse, history); called between games.
  virtual void reset() {}
  // Information about the last select_action() call, where the agent searches.
  virtual SearchInfo last_search() const { return {}; }
};

// Reads settings from a spec and errors on keys nobody read, naming them and the valid ones.
class SpecReader {
 public:
  explicit SpecReader(const AgentSpec& spec) : spec_(spec) {}
  // It keeps a reference: a temporary spec would dangle (AddressSanitizer caught one in a test).
  explicit SpecReader(AgentSpec&&) = delete;
  long get_int(const std::string& key, long def, long lo, long hi);
  double get_double(const std::string& key, double def, double lo, double hi);
  std::string get_string(const std::string& key, const std::string& def,
                         const std::vector<std::string>& allowed = {});
  bool get_bool(const std::string& key, bool def);
  void finish() const;  // throws hz::Error for an unknown setting

 private:
  const std::string* find(const std::string& key);
  const AgentSpec& spec_;
  std::vector<std::string> known_;
};

}  // namespace hz
