// GameAdapter<G> / StateAdapter<G>: the AnyGame face (any_game.h) of a concrete game G (game.h).
//
// Templated code that receives an AnyState can reach the concrete state with
// state_of<G>(any_state); that is how agents and tools go from the type-erased world to the
// hot, templated one without a central switch over game names.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "games/any_game.h"
#include "games/perft.h"

namespace hz {

template <class G>
class GameAdapter;

template <class G>
class StateAdapter final : public AnyState {
 public:
  using State = typename G::State;
  StateAdapter(std::shared_ptr<const GameAdapter<G>> game, State state)
      : game_(std::move(game)), state_(std::move(state)) {}

  const State& state() const { return state_; }
  const AnyGame& game() const override { return *game_; }
  std::unique_ptr<AnyState> clone() const override {
    return std::make_unique<StateAdapter>(game_, state_);
  }

  int current_player() const override { return state_.current_player(); }
  bool is_terminal() const override { return state_.is_terminal(); }
  int move_number() const override { return state_.move_number(); }
  std::vector<Action> legal_actions() const override {
    typename G::ActionList list;
    state_.legal_actions(list);
    return list.to_vector();
  }
  std::vector<uint8_t> legal_mask() const override {
    std::vector<uint8_t> mask(game_->num_actions(), 0);
    typename G::ActionList list;
    state_.legal_actions(list);
    for (Action a : list) mask[a] = 1;
    return mask;
  }
  bool is_legal(Action a) const override {
    typename G::ActionList list;
    state_.legal_actions(list);
    return list.contains(a);
  }
  void apply(Action a) override {
    if (state_.is_terminal()) fail("cannot apply action ", a, ": the game is over");
    if (a < 0 || a >= game_->num_actions())
      fail("action id ", a, " is out of range [0, ", game_->num_actions(), ")");
    if (!is_legal(a))
      fail("illegal action ", a, " (", state_.action_to_string(a), ") for player ",
           state_.current_player());
    state_.apply(a);
  }
  PlayerValues returns() const override {
    if (!state_.is_terminal()) fail("returns() asked of a state that is not terminal");
    PlayerValues r{};
    state_.returns(r);
    return r;
  }
  bool margins(PlayerValues& out) const override {
    if constexpr (HasMargins<State>) {
      out = PlayerValues{};
      state_.margins(out);
      return true;
    } else {
      return false;
    }
  }
  std::vector<float> observation() const override {
    std::vector<float> out(game_->observation_shape().size());
    state_.observation(out.data());
    return out;
  }
  void observation(float* out) const override { state_.observation(out); }
  int policy_index(Action a) const override {
    check_range(a, "action id");
    return state_.policy_index(a);
  }
  Action action_from_policy_index(int index) const override {
    check_range(index, "policy index");
    return state_.action_from_policy_index(index);
  }
  uint64_t hash() const override { return state_.hash(); }
  std::string to_string() const override { return state_.to_string(); }
  std::string action_to_string(Action a) const override {
    check_range(a, "action id");
    return state_.action_to_string(a);
  }
  Action parse_action(std::string_view text) const override { return state_.parse_action(text); }
  std::string turn_to_string(const std::vector<Action>& actions) const override {
    return state_.turn_to_string(actions);
  }
  std::vector<Action> parse_turn(std::string_view text) const override {
    return state_.parse_turn(text);
  }
  std::string serialize() const override { return state_.serialize(); }
  std::unique_ptr<AnyState> transformed(int sym) const override {
    if (sym < 0 || sym >= game_->num_symmetries())
      fail("symmetry ", sym, " is out of range [0, ", game_->num_symmetries(), ")");
    return std::make_unique<StateAdapter>(game_, game_->game().transform_state(state_, sym));
  }
  bool equals(const AnyState& other) const override {
    return &other.game() == game_.get() && other.serialize() == serialize();
  }

 private:
  void check_range(int v, const char* what) const {
    if (v < 0 || v >= game_->num_actions())
      fail(what, " ", v, " is out of range [0, ", game_->num_actions(), ")");
  }
  std::shared_ptr<const GameAdapter<G>> game_;
  State state_;
};

// The concrete state behind an AnyState of game type G; throws if it belongs to another game.
template <class G>
const typename G::State& state_of(const AnyState& s) {
  auto* typed = dynamic_cast<const StateAdapter<G>*>(&s);
  if (!typed) fail("state of game ", quote(s.game().name()), " is not of the expected game type");
  return typed->state();
}

template <class G>
class GameAdapter final : public AnyGame {
 public:
  explicit GameAdapter(const GameOptions& resolved) : game_(resolved) {}
  const G& game() const { return game_; }
  std::shared_ptr<const GameAdapter> self() const {
    return std::static_pointer_cast<const GameAdapter>(shared_from_this());
  }

  const std::string& name() const override { return game_.name(); }
  const GameOptions& options() const override { return game_.options(); }
  int num_players() const override { return game_.num_players(); }
  int num_actions() const override { return game_.num_actions(); }
  ObservationShape observation_shape() const override { return game_.observation_shape(); }
  int max_game_length() const override { return game_.max_game_length(); }
  int num_symmetries() const override { return game_.num_symmetries(); }
  void transform_observation(int sym, const float* in, float* out) const override {
    game_.transform_observation(sym, in, out);
  }
  int transform_policy_index(int sym, int index) const override {
    return game_.transform_policy_index(sym, index);
  }
  std::vector<int32_t> policy_cells() const override {
    std::vector<int32_t> out;
    if constexpr (requires(int from, int to) { game_.policy_cells(0, from, to); }) {
      out.resize(2 * static_cast<size_t>(game_.num_actions()));
      for (int i = 0; i < game_.num_actions(); ++i)
        game_.policy_cells(i, out[2 * i], out[2 * i + 1]);
    }
    return out;
  }
  std::unique_ptr<AnyState> new_initial_state() const override {
    return std::make_unique<StateAdapter<G>>(self(), game_.initial_state());
  }
  std::unique_ptr<AnyState> deserialize_state(std::string_view text) const override {
    return std::make_unique<StateAdapter<G>>(self(), game_.deserialize(text));
  }
  uint64_t perft(const AnyState& state, int depth) const override {
    return hz::perft<G>(state_of<G>(state), depth);
  }
  std::unique_ptr<Agent> make_agent(const AgentSpec& spec, uint64_t seed) const override;
  std::unique_ptr<SelfPlayRunner> make_selfplay(const SelfPlayOptions& options,
                                                const EvaluatorSpec& evaluator) const override;

 private:
  G game_;
};

}  // namespace hz
