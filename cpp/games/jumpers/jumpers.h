// Jumpers (rules: docs/rules/jumpers.md): the game class Jumpers and its value-type state, on
// the contract of games/game.h.
//
// Board: N x N points (N = 6, 8, 10), point index row * N + column (A1 = 0), kept as 128-bit
// bitboards (N * N <= 100). Directions 0..3 = right (+column), up (+row), left (-column),
// down (-row). Red is player 0 (home corner A1), Turquoise player 1 (home corner at the
// opposite end).
//
// Atomic actions (absolute ids, Red's view):
//   hop(point, dir) = point * 4 + dir            in [0, 4 N^2)
//   birth(point)    = 4 N^2 + point              in [4 N^2, 5 N^2)
//   stop            = 5 N^2                      (num_actions() = 5 N^2 + 1)
// A turn is: capture hops; or own hops, then (if the jumping piece can capture) capture hops;
// or own hops, stop, birth. legal_actions() offers only actions that lead to at least one
// complete legal turn, so a turn can never run into a dead end; a player with no complete
// legal turn at the start of its turn has lost (the state is terminal).
//
// Notation (notation.cpp, docs/notation.md "Jumpers"): points are a column letter and a row
// number, printed lower-case ("c3"), read case-insensitively. Single actions: "a1-c1" (hop over
// an own piece), "c2xe2" (capture hop), "stop", "+d3" (birth). Whole turns chain the hops of the
// one moving piece and leave the stop implied before a birth: "a1-c1-c3 +d3", "c2xe2xe4",
// "b2-d2xd4". A trailing stop with no birth yet is written "stop": "a1-c1 stop".
//
// Serialization (one line, fields separated by single spaces):
//   <rows N..1, top first, joined by '/', each N chars of 'r', 't', '.'> <to move: r|t>
//   <Red reserve> <Turquoise reserve> <phase: start|capture|jump|birth>
//   <moving piece or -> <visited points, comma-separated, or -> <move number>
// e.g. the 6x6 start: "....tt/....tt/....../....../rr..../rr.... r 12 13 start - - 0".
// A terminal state serializes as a start-of-turn state of the player who has lost; deserialize
// recomputes that it is terminal.
//
// Observation (canonical view of the player to move: Turquoise sees the board rotated 180
// degrees, so each player sees its home at the bottom-left corner), planes x N x N floats:
//   0 own pieces, 1 enemy pieces, 2 the moving piece, 3 points visited in this turn,
//   4..7 phase one-hot (start, capture chain, own-jump chain, awaiting birth),
//   8 own reserve / largest initial reserve, 9 enemy reserve / largest initial reserve.
// policy_index() rotates points and directions the same way (a bijection on ids).
// Symmetries (canonical view): 0 identity, 1 the reflection in the diagonal through both home
// corners: (row, col) -> (col, row), directions right <-> up, left <-> down.
//
// max_game_length(): births <= R (both reserves), capture turns <= 8 + R, so at most 8 + 2R
// turns; capture hops <= 8 + R per game, stops and births <= R each, own hops <= (N/2)^2 - 1
// per turn (a hop keeps row and column parity): 547 (6x6), 1448 (8x8), 3311 (10x10) actions.
//
// Ownership and threads: a Jumpers is immutable after construction and may be shared; states
// keep a pointer to it and must not outlive it. A State is a plain value (about 90 bytes), one
// thread at a time; legal_actions/apply/observation allocate nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.h"
#include "games/game.h"

namespace hz {

namespace jumpers {

// A set of points: bit p is point p. N * N <= 100 fits in 128 bits.
using Bits = unsigned __int128;

inline constexpr int kMaxSide = 10;
inline constexpr int kMaxPoints = kMaxSide * kMaxSide;
inline constexpr int kNumDirs = 4;
inline constexpr int kNumPlanes = 10;

enum Direction : int { kRight = 0, kUp = 1, kLeft = 2, kDown = 3 };
enum class Phase : int8_t { kStart = 0, kCapture = 1, kJump = 2, kBirth = 3 };

inline Bits bit(int p) {
  return static_cast<Bits>(1) << p;
}
inline bool has(Bits b, int p) {
  return static_cast<bool>((b >> p) & 1);
}
inline int lowest_point(Bits b) {
  const auto lo = static_cast<uint64_t>(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<uint64_t>(b >> 64));
}
inline int count_points(Bits b) {
  return __builtin_popcountll(static_cast<uint64_t>(b)) +
         __builtin_popcountll(static_cast<uint64_t>(b >> 64));
}
// Calls f(point) for each point of b in increasing order.
template <class F>
inline void for_each_point(Bits b, F&& f) {
  while (b) {
    f(lowest_point(b));
    b &= b - 1;
  }
}

}  // namespace jumpers

class JumpersState;

class Jumpers {
 public:
  using State = JumpersState;
  using Bits = jumpers::Bits;
  // Start of a turn: at most 4 hops per own piece.
  static constexpr int kMaxLegalActions = jumpers::kNumDirs * jumpers::kMaxPoints;
  using ActionList = hz::ActionList<kMaxLegalActions>;

  explicit Jumpers(const GameOptions& resolved);

  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return 2; }
  int num_actions() const { return 5 * points_ + 1; }
  ObservationShape observation_shape() const { return {jumpers::kNumPlanes, side_, side_}; }
  int max_game_length() const { return max_game_length_; }
  State initial_state() const;
  State deserialize(std::string_view text) const;

  int num_symmetries() const { return 2; }
  void transform_observation(int sym, const float* in, float* out) const;
  int transform_policy_index(int sym, int policy_index) const;
  State transform_state(const State& s, int sym) const;

  // --- Board geometry, shared by the state's move generation and notation. ---
  int side() const { return side_; }
  int points() const { return points_; }
  int initial_reserve(int player) const { return initial_reserve_[player]; }
  Bits board_mask() const { return board_mask_; }
  // The point one / two steps from p in direction d, or -1 off the board.
  int neighbour(int p, int d) const { return neighbour_[p][d]; }
  int jump_target(int p, int d) const { return jump_target_[p][d]; }
  Bits neighbours(int p) const { return neighbour_mask_[p]; }
  // Points from which one step / two steps in direction d stay on the board.
  Bits step_sources(int d) const { return step_sources_[d]; }
  Bits jump_sources(int d) const { return jump_sources_[d]; }
  // {p : p + k steps in direction d is in x}; the caller masks p to valid sources.
  Bits pull(Bits x, int d, int k) const {
    const int s = k * offset_[d];
    return s > 0 ? x >> s : x << -s;
  }
  // x moved k steps in direction d; the caller ensures the points of x are valid sources.
  Bits push(Bits x, int d, int k) const {
    const int s = k * offset_[d];
    return (s > 0 ? x << s : x >> -s) & board_mask_;
  }
  int rotate_point(int p) const { return points_ - 1 - p; }  // 180 degrees
  int transpose_point(int p) const { return (p % side_) * side_ + p / side_; }
  Bits transpose_bits(Bits b) const;

  // Action ids.
  int stop_action() const { return 5 * points_; }
  int birth_action(int p) const { return 4 * points_ + p; }
  bool is_hop(Action a) const { return a >= 0 && a < 4 * points_; }
  bool is_birth(Action a) const { return a >= 4 * points_ && a < 5 * points_; }

  // Zobrist keys.
  uint64_t piece_key(int player, int p) const { return piece_key_[player][p]; }
  uint64_t visited_key(int p) const { return visited_key_[p]; }
  uint64_t moving_key(int p) const { return moving_key_[p]; }

  // "c3"; point_name(-1) is "-".
  std::string point_name(int p) const;
  // Parses "c3" / "C3" (whole text); throws hz::Error naming `context` and the reason.
  int parse_point(std::string_view text, std::string_view context) const;

 private:
  std::string name_ = "jumpers";
  GameOptions options_;
  int side_ = 0, points_ = 0;
  int initial_reserve_[2] = {0, 0};
  int max_game_length_ = 0;
  int offset_[4] = {0, 0, 0, 0};
  Bits board_mask_ = 0;
  Bits step_sources_[4] = {0, 0, 0, 0};
  Bits jump_sources_[4] = {0, 0, 0, 0};
  std::array<std::array<int8_t, 4>, jumpers::kMaxPoints> neighbour_{};
  std::array<std::array<int8_t, 4>, jumpers::kMaxPoints> jump_target_{};
  std::array<Bits, jumpers::kMaxPoints> neighbour_mask_{};
  uint64_t piece_key_[2][jumpers::kMaxPoints] = {};
  uint64_t visited_key_[jumpers::kMaxPoints] = {};
  uint64_t moving_key_[jumpers::kMaxPoints] = {};
};

class JumpersState {
 public:
  using Bits = jumpers::Bits;
  using Phase = jumpers::Phase;

  explicit JumpersState(const Jumpers& game) : game_(&game) {}

  const Jumpers& game() const { return *game_; }
  int current_player() const { return terminal_ ? kTerminalPlayer : player_; }
  bool is_terminal() const { return terminal_; }
  int move_number() const { return move_number_; }
  void legal_actions(Jumpers::ActionList& out) const;  // movegen.cpp
  void apply(Action a);                                // movegen.cpp
  void returns(PlayerValues& out) const;
  void observation(float* out) const;
  int policy_index(Action a) const;
  Action action_from_policy_index(int policy_index) const { return policy_index_map(policy_index); }
  uint64_t hash() const;
  std::string to_string() const;
  std::string action_to_string(Action a) const;                          // notation.cpp
  Action parse_action(std::string_view t) const;                         // notation.cpp
  std::string turn_to_string(const std::vector<Action>& actions) const;  // notation.cpp
  std::vector<Action> parse_turn(std::string_view t) const;              // notation.cpp
  std::string serialize() const;

  // --- Read access for tests, tools and notation. ---
  Bits pieces(int player) const { return pieces_[player]; }
  int reserve(int player) const { return reserve_[player]; }
  Phase phase() const { return phase_; }
  int moving_piece() const { return moving_; }  // -1 at the start of a turn
  Bits visited() const { return visited_; }
  // The player whose turn it is, also when terminal (then it is the player who lost).
  int player_to_move() const { return player_; }
  // True if the player to move, at the start of its turn, has at least one complete legal turn.
  bool has_complete_turn() const;
  // Why `a` is not legal here, in words ("" if it is legal). Not a hot path.
  std::string illegal_reason(Action a) const;  // notation.cpp

 private:
  friend class Jumpers;

  // Move generation helpers (movegen.cpp).
  Bits turn_targets(Bits enemy, Bits free, bool can_birth) const;
  bool chain_reaches(int landing, Bits seen, Bits own_rest, Bits free, Bits targets) const;
  bool can_capture_from(int p, Bits enemy, Bits free) const;
  void start_actions(Jumpers::ActionList* out, bool* any) const;
  void end_turn();
  int policy_index_map(int index) const;  // self-inverse
  void check_consistent() const;          // for deserialize: throws hz::Error

  const Jumpers* game_;
  Bits pieces_[2] = {0, 0};
  Bits visited_ = 0;  // points visited in this turn (start included); empty at the start
  int32_t move_number_ = 0;
  int16_t reserve_[2] = {0, 0};
  int8_t player_ = 0;
  Phase phase_ = Phase::kStart;
  int8_t moving_ = -1;
  bool terminal_ = false;
};

}  // namespace hz
