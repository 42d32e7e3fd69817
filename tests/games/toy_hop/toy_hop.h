// toy_hop: a one-dimensional race game with hops, to the game contract of games/game.h (rules:
// README.md in this folder). A test game: it shows that a game added in a folder of its own,
// with no edit elsewhere, registers, passes the conformance suite and is drawn from Python.
//
// Action id = the cell of the piece that moves (its target follows from the rules: a step if
// the next cell forwards is empty, else a hop). Canonical view: the mover moves to the right, so
// Right's cells and policy indices are mirrored.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace hz::toy_hop {

inline constexpr int kMaxLength = 9;
inline constexpr int8_t kEmpty = -1;

class ToyHop;

class ToyHopState {
 public:
  explicit ToyHopState(const ToyHop* game);
  const ToyHop& game() const { return *game_; }
  int current_player() const { return winner_ >= 0 ? kTerminalPlayer : mover_; }
  bool is_terminal() const { return winner_ >= 0; }
  int move_number() const { return moves_; }
  int winner() const { return winner_; }
  int owner(int cell) const { return cells_[cell]; }
  void legal_actions(hz::ActionList<kMaxLength>& out) const;
  void apply(Action a);
  void returns(PlayerValues& out) const;
  void observation(float* out) const;
  int policy_index(Action a) const { return mirror(a); }
  Action action_from_policy_index(int index) const { return mirror(index); }
  uint64_t hash() const;
  std::string to_string() const;
  std::string action_to_string(Action a) const;
  Action parse_action(std::string_view text) const;
  std::string turn_to_string(const std::vector<Action>& actions) const;
  std::vector<Action> parse_turn(std::string_view text) const;
  std::string serialize() const;
  int target(Action a) const;  // where the piece on cell `a` lands, or -1 if it cannot move

 private:
  friend class ToyHop;
  int mirror(int cell) const;  // cell in the mover's view (an involution)
  bool has_legal_action(int player) const;

  const ToyHop* game_;
  std::array<int8_t, kMaxLength> cells_{};
  int mover_ = 0;
  int winner_ = -1;
  int moves_ = 0;
};

class ToyHop {
 public:
  using State = ToyHopState;
  static constexpr int kMaxLegalActions = kMaxLength;
  using ActionList = hz::ActionList<kMaxLegalActions>;

  explicit ToyHop(const GameOptions& resolved);
  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return 2; }
  int length() const { return length_; }
  int num_actions() const { return length_; }
  ObservationShape observation_shape() const { return {2, 1, length_}; }
  int max_game_length() const { return 4 * (length_ - 1); }
  State initial_state() const;
  State deserialize(std::string_view text) const;
  int num_symmetries() const { return 1; }
  void transform_observation(int sym, const float* in, float* out) const;
  int transform_policy_index(int sym, int index) const { return index; }
  State transform_state(const State& s, int sym) const { return s; }
  std::string cell_name(int cell) const { return std::string(1, static_cast<char>('a' + cell)); }
  int parse_cell(std::string_view text) const;  // throws hz::Error naming the text
  // The cells a player starts on; the other player's start cells are its goal.
  std::array<int, 2> start_cells(int player) const;

 private:
  std::string name_ = "toy_hop";
  GameOptions options_;
  int length_ = 7;
};

}  // namespace hz::toy_hop
