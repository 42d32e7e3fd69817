// Chinese Checkers for 2, 3, 4 or 6 players on the 121-hole star, per
// docs/rules/chinese_checkers.md (the rules page is the law; this header only summarises it). Game
// contract: games/game.h.
//
// Variant options: players (2, 3, 4, 6), pieces (10, 13, 19: any count whose home regions, and
// so goal regions, do not overlap for the seat layout: 19 needs 2 or 3 players), goal_rule
// (fill, all_own), no_move_loses, play_to_finish, max_plies (0 = 200 x players).
//
// Seats: players take turns clockwise, player 0 first, from these triangles (board.h numbering,
// 0 = bottom, clockwise): 2 players {0, 3}; 3 players {0, 2, 4}; 4 players {0, 1, 3, 4};
// 6 players {0..5}. Each player's goal is the home region of the opposite triangle.
//
// Actions: one action is one whole turn. Move id = from * 121 + to (hole indices of board.h);
// kPass = 14641 is legal only when the player has no move; with no_move_loses it means the
// player is out and its pieces leave the board. num_actions() = 14642.
//
// End: after each turn every player still playing is checked, the mover first, then the others
// in turn order after it: a player finishes when its goal is complete. goal_rule=fill (the
// default): the goal region is full and holds at least one of its own pieces (other players'
// pieces there count as its own), so another player's move can complete it. goal_rule=all_own:
// all its own pieces are inside its goal region. Without play_to_finish the first
// to finish wins (so at most one player finishes on a turn): +1 to it, -1/(N-1) to everyone else.
// With play_to_finish, finished players are skipped and play goes on; the game ends when fewer than
// two players are still playing, and returns go by rank linearly from +1 (first) to -1 (last). A
// player that goes out (no_move_loses) ranks below everyone still playing; among those out, the
// later one ranks higher. A player whose goal is complete when it has to pass finishes rather than
// going out. Without play_to_finish, the last one standing when every other player went out wins.
// After max_plies turns the game stops: finished players keep their ranks, those still playing are
// ranked by remaining distance (scoring.h), ties sharing the average of their rank values, then
// those out.
//
// Canonical view (observation, policy_index): the board is turned so that the mover's triangle
// is at the bottom; seat k is player (mover + k) % N. Observation planes on the 17x17 embedding
// (board.h), all zero outside the 121 holes:
//   [0, N)       pieces of seat k
//   [N, 2N)      goal region of seat k
//   2N           the holes (1 on every hole)
//   [2N+1, 3N+1) seat k still playing (1 on every hole while it has neither finished nor gone out)
//   3N+1         move_number / max_plies on every hole
// Symmetries: with 2 players, the mirror in the mover's home-goal axis (it fixes both seats and
// every region). With 3, 4 or 6 players that mirror would reverse the clockwise seat order (it
// swaps seats 1 and N-1 and maps some seats to triangles no player owns), so value targets in
// seat order would have to be permuted too; the trainer does not permute them, so only the
// identity is offered there.
//
// Notation (notation.h): holes are named by row letter a..q from the top and 1-based position
// from the left within the row ("q1" is the bottom point); moves are "from-to" or "pass".
//
// Threads: a ChineseCheckers is immutable and may be shared; a state is a value used by one
// thread at a time. legal_actions() and apply() allocate nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.h"
#include "games/chinese_checkers/bits.h"
#include "games/chinese_checkers/board.h"
#include "games/game.h"

namespace hz {

class ChineseCheckers;

namespace cc {
// Bound on legal actions: pieces x empty holes, at most 19 x (121 - 38) = 1577 (two players with
// 19 each; 3 x 19 pieces leave 19 x 64, 6 x 13 leave 13 x 43), plus pass.
inline constexpr int kMaxLegalActions = 1600;
}  // namespace cc

enum class SeatStatus : uint8_t { kPlaying = 0, kFinished = 1, kOut = 2 };
// When a goal is complete: kFill, the region is full with at least one own piece in it;
// kAllOwn, every own piece is in the region.
enum class GoalRule : uint8_t { kFill = 0, kAllOwn = 1 };

class ChineseCheckersState {
 public:
  using ActionList = hz::ActionList<cc::kMaxLegalActions>;

  const ChineseCheckers& game() const { return *game_; }
  int current_player() const { return current_; }
  bool is_terminal() const { return current_ == kTerminalPlayer; }
  int move_number() const { return move_number_; }
  void legal_actions(ActionList& out) const;
  void apply(Action a);
  void returns(PlayerValues& out) const;
  // Distance ahead (game.h's optional margins): with d(p) the remaining distance (scoring.h; a
  // player who is out counts the start's distance D), player p's margin is (mean d of the
  // others - d(p)) / D, all scaled down together if one would leave [-1, 1]. Any state.
  void margins(PlayerValues& out) const;
  void observation(float* out) const;
  int policy_index(Action a) const;
  Action action_from_policy_index(int policy_index) const;
  uint64_t hash() const;
  std::string to_string() const;
  std::string action_to_string(Action a) const;
  Action parse_action(std::string_view text) const;
  std::string turn_to_string(const std::vector<Action>& actions) const;
  std::vector<Action> parse_turn(std::string_view text) const;
  std::string serialize() const;

  // Read access for tools and tests.
  const cc::HoleSet& pieces(int player) const { return pieces_[player]; }
  const cc::HoleSet& occupied() const { return occupied_; }
  int owner_at(int hole) const;  // -1 when empty
  SeatStatus status(int player) const { return static_cast<SeatStatus>(status_[player]); }
  // Finishing order (0 = first) of a finished player, elimination order of one that is out.
  int order(int player) const { return order_[player]; }
  bool goal_complete(int player) const;  // the variant's goal rule, whatever the player's status

 private:
  friend class ChineseCheckers;
  explicit ChineseCheckersState(const ChineseCheckers* game) : game_(game) {}
  void end_turn(int mover);  // finishing, end of game, next player
  void settle_returns();     // fills returns_ once the game is over
  int next_playing_after(int player) const;
  void place(int player, int hole);
  void remove(int player, int hole);

  const ChineseCheckers* game_;
  cc::HoleSet pieces_[kMaxPlayers]{};
  cc::HoleSet occupied_{};
  uint64_t piece_hash_ = 0;  // Zobrist over (player, hole) pairs
  int32_t move_number_ = 0;
  int8_t current_ = 0;
  uint8_t num_finished_ = 0;
  uint8_t num_out_ = 0;
  uint8_t status_[kMaxPlayers]{};
  uint8_t order_[kMaxPlayers]{};
  PlayerValues returns_{};  // valid once terminal
};

class ChineseCheckers {
 public:
  using State = ChineseCheckersState;
  static constexpr int kMaxLegalActions = cc::kMaxLegalActions;
  using ActionList = State::ActionList;
  static constexpr bool kActionIsTurn = true;  // every action is a whole turn (games/perft.h)
  static constexpr Action kPass = cc::kNumHoles * cc::kNumHoles;
  static constexpr int kNumActionIds = kPass + 1;

  static Action move_action(int from, int to) { return from * cc::kNumHoles + to; }
  static int action_from(Action a) { return a / cc::kNumHoles; }
  static int action_to(Action a) { return a % cc::kNumHoles; }

  explicit ChineseCheckers(const GameOptions& resolved);  // throws hz::Error on a bad combination
  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return players_; }
  int num_actions() const { return kNumActionIds; }
  ObservationShape observation_shape() const {
    return {3 * players_ + 2, cc::kGridSize, cc::kGridSize};
  }
  int max_game_length() const { return max_plies_; }
  State initial_state() const;
  State deserialize(std::string_view text) const;
  int num_symmetries() const { return players_ == 2 ? 2 : 1; }
  void transform_observation(int sym, const float* in, float* out) const;
  int transform_policy_index(int sym, int policy_index) const;
  // The 17x17 observation cells of a policy index's from and to holes (-1, -1 for a pass).
  void policy_cells(int policy_index, int& from_cell, int& to_cell) const;
  State transform_state(const State& s, int sym) const;

  // The variant.
  int pieces_per_player() const { return pieces_; }
  GoalRule goal_rule() const { return goal_rule_; }
  bool no_move_loses() const { return no_move_loses_; }
  bool play_to_finish() const { return play_to_finish_; }
  int max_plies() const { return max_plies_; }
  int triangle_of(int player) const { return triangle_[player]; }
  const cc::HoleSet& home(int player) const { return home_[player]; }
  const cc::HoleSet& goal(int player) const { return goal_[player]; }
  // k such that board().rotate[k] turns `player`'s triangle to the bottom (the canonical view).
  int canonical_rotation(int player) const { return (cc::kNumTriangles - triangle_[player]) % 6; }

 private:
  int check_symmetry(int sym) const;
  std::string name_ = "chinese_checkers";
  GameOptions options_;
  int players_ = 2;
  int pieces_ = 10;
  GoalRule goal_rule_ = GoalRule::kFill;
  bool no_move_loses_ = false;
  bool play_to_finish_ = false;
  int max_plies_ = 400;
  int triangle_[kMaxPlayers]{};
  cc::HoleSet home_[kMaxPlayers]{};
  cc::HoleSet goal_[kMaxPlayers]{};
};

}  // namespace hz
