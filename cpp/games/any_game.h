// The type-erased face of a game, for everything that is not a hot path: the command line, the
// Python module, the conformance suite, game records. Search and self-play use the concrete
// game classes (game.h) as template arguments instead.
//
// Every AnyState method that takes user input checks it: apply() of an illegal action throws
// hz::Error naming the action and leaves the state unchanged; parse errors name the text.
//
// Ownership: make_game() returns a shared AnyGame; each AnyState keeps its game alive. An AnyGame
// is immutable and thread-safe; an AnyState is used by one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace hz {

class AnyGame;
class Agent;
struct AgentSpec;
struct EvaluatorSpec;
struct SelfPlayOptions;
class SelfPlayRunner;

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual const AnyGame& game() const = 0;
  virtual std::unique_ptr<AnyState> clone() const = 0;

  virtual int current_player() const = 0;
  virtual bool is_terminal() const = 0;
  virtual int move_number() const = 0;
  virtual std::vector<Action> legal_actions() const = 0;
  virtual std::vector<uint8_t> legal_mask() const = 0;  // num_actions() entries of 0/1
  virtual bool is_legal(Action a) const = 0;
  virtual void apply(Action a) = 0;          // checked; throws hz::Error, state unchanged
  virtual PlayerValues returns() const = 0;  // throws hz::Error unless terminal
  // The state's margins (game.h, optional); false and `out` untouched if the game has none.
  virtual bool margins(PlayerValues& out) const = 0;
  virtual std::vector<float> observation() const = 0;
  virtual void observation(float* out) const = 0;
  virtual int policy_index(Action a) const = 0;
  virtual Action action_from_policy_index(int index) const = 0;
  virtual uint64_t hash() const = 0;
  virtual std::string to_string() const = 0;
  virtual std::string action_to_string(Action a) const = 0;
  virtual Action parse_action(std::string_view text) const = 0;
  virtual std::string turn_to_string(const std::vector<Action>& actions) const = 0;
  virtual std::vector<Action> parse_turn(std::string_view text) const = 0;
  virtual std::string serialize() const = 0;
  virtual std::unique_ptr<AnyState> transformed(int sym) const = 0;
  virtual bool equals(const AnyState& other) const = 0;  // same game and same serialization
};

class AnyGame : public std::enable_shared_from_this<AnyGame> {
 public:
  virtual ~AnyGame() = default;
  virtual const std::string& name() const = 0;
  virtual const GameOptions& options() const = 0;
  virtual int num_players() const = 0;
  virtual int num_actions() const = 0;
  virtual ObservationShape observation_shape() const = 0;
  virtual int max_game_length() const = 0;
  virtual int num_symmetries() const = 0;
  virtual void transform_observation(int sym, const float* in, float* out) const = 0;
  virtual int transform_policy_index(int sym, int policy_index) const = 0;
  // For each canonical policy index, the observation cells (row * width + column) its move
  // starts from and lands on, or -1, -1 for a move without cells (a pass): 2 * num_actions()
  // entries, for the network's from-to policy head. Empty for a game that does not say.
  virtual std::vector<int32_t> policy_cells() const = 0;

  virtual std::unique_ptr<AnyState> new_initial_state() const = 0;
  virtual std::unique_ptr<AnyState> deserialize_state(std::string_view text) const = 0;

  // Number of complete-turn sequences of length `depth` from `state` (see games/perft.h).
  virtual uint64_t perft(const AnyState& state, int depth) const = 0;

  // An agent for this game built from a spec ("random", "mcts:sims=200", ...); see
  // search/agent.h. Throws hz::Error for an unknown agent or setting.
  virtual std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed) const = 0;

  // A self-play runner (selfplay/selfplay_runner.h) for this game: MCTS with the given
  // evaluator on options.threads threads, each with its own evaluator. Throws hz::Error for bad
  // options or an evaluator that cannot be built.
  virtual std::unique_ptr<SelfPlayRunner> make_selfplay(const SelfPlayOptions& options,
                                                        const EvaluatorSpec& evaluator) const = 0;

  // "name" or "name(k=v,...)" with the resolved options.
  std::string full_name() const;
};

}  // namespace hz
