// Alquerque, the 5x5 game (rules: docs/rules/alquerque.md): the game class Alquerque and its
// value-type state AlquerqueState, on the contract of games/game.h.
//
// Board: 5 x 5 points, (row, col), row 0 at Black's side; point index row * 5 + col, kept as
// 25-bit bitboards in uint32_t. Orthogonal lines everywhere; diagonal lines from the points
// whose row + col is odd (option diagonals=odd, the default), even (the classic board), or
// nowhere (none). White is player 0 and moves first ("up", towards row 0).
// Directions 0..7 = N (-row), NE, E (+col), SE, S (+row), SW, W, NW.
//
// Atomic actions (absolute ids; num_actions() = 426 in every variant):
//   step(point, dir) = point * 8 + dir               [0, 200)
//   jump(point, dir) = 200 + point * 8 + dir         [200, 400)   a capture
//   stop             = 400                           ends a capture chain early
//   huff(point)      = 401 + point                   [401, 426)   only with huffing=true
// A turn is: [huff] then a step, or [huff] then one or more jumps of one piece. After a jump
// the same player keeps the move (current_player() unchanged) while that piece can capture
// again; only its further jumps and `stop` are legal then. When it cannot, the turn ends by
// itself. With huffing=true, at the start of a turn after the opponent failed to capture (it
// stepped while one of its pieces could capture, or stopped a chain that could continue), the
// mover may first remove one of those pieces (huff(point)) and then moves as usual.
//
// End: the player to move with no pieces or no legal action loses (a huff of the last enemy
// piece wins at once). Otherwise the game is drawn after max_plies complete turns, or, with
// repetition_draw=true, at the third occurrence of the same position (the arrangement of the
// pieces) with the same player to move, counted over every turn start since the last capture,
// huff (or, with no_backward, forward step): those cannot be undone, so no earlier position can
// recur. The state keeps the step of each turn since then (one byte each; every such turn is a
// single step) and walks them back to find earlier occurrences. There are at most max_plies
// such turns, so repetition_draw needs max_plies <= kMaxRepetitionPlies (512). [decision] A loss
// on the turn that reaches max_plies wins over the draw.
//
// Decisions where the rules page is silent:
// - Huffable pieces are all the pieces of the player that could capture when it stepped (the
//   piece that stepped is huffable on its new point), or the chain piece after a `stop`. The
//   opponent may huff one of them, only as the first action of its next turn. Whether a piece
//   could capture is judged when the move is made, that is after any huff of that turn.
// - no_back_and_forth restricts steps; the memory is the step of the owner's previous turn. A
//   capture chain moves a piece by an even vector, never next to its start, so it leaves none.
// - A position, for repetition, is the arrangement of the pieces and the player to move: huff
//   rights and no_back_and_forth memories are not part of it.
// - hash() covers the pieces, the mover, the chain piece, the huffable pieces, the memories, the
//   turn counter (max_plies reads it) and the outcome; not the repetition history.
//
// Notation (notation.cpp, docs/notation.md "Alquerque"): a point is a column letter a-e
// (col 0-4) and a rank 1-5 (rank = 5 - row): White starts on ranks 1-2, c3 is the centre.
//   step "c2-c3", jump "c4xc2", "stop", huff "huff b2"      (parse_action: one atomic action)
//   whole turns: "c2-c3", "d4xd2xb2" (the jumps of one piece; the turn ends there, so when the
//   chain could continue a `stop` is implied), "d4xd2..." (a chain not finished yet, no stop),
//   "huff b2 c4-c3" (a huff, then the move). Points are read case-insensitively.
//
// Serialization (one line, fields separated by single spaces):
//   <ranks 5..1 joined by '/', each 5 chars of 'W', 'B', '.'> <to move: w|b>
//   chain=<point|-> huff=<points joined by ','|-> last=<white step|->,<black step|->
//   turns=<complete turns> moves=<actions applied> history=<hex positions joined by ','|->
// e.g. the start: "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w chain=- huff=- last=-,- turns=0 moves=0
// history=1fffffe000" (one line). `last` is the no_back_and_forth memory (the step each
// player made on its previous turn, "c2-c3"); `history` holds the packed turn-start positions
// for repetition (white bits | black bits << 25 | mover << 50) since the last capture, huff or
// forward step, oldest first; the last entry is the current position itself (history=-
// remembers nothing, not even that; mid-chain it must be '-'). Reading checks that consecutive
// entries are one step of the player to move apart and that there are at most turns + 1.
// Whether the state is terminal is not written: deserialize recomputes it.
//
// Observation (canonical view of the player to move: for Black the board is turned 180
// degrees, so the mover always plays up), 11 planes x 5 x 5 floats:
//   0 own pieces, 1 enemy pieces, 2 the chain piece (must continue or stop),
//   3 enemy pieces the mover may huff now, 4 constant 1 while in a capture chain,
//   5 constant turns / max_plies, 6 own piece that may not step back (no_back_and_forth) and
//   7 the point it may not return to, 8 and 9 the same for the enemy's memory,
//   10 constant (earlier occurrences of this position) / 2 (repetition_draw).
// policy_index() turns points and directions the same way for Black (stop and huffs too), so
// it is an involution on ids.
// Symmetries (canonical view): the dihedral group of the square (8 maps) where the rules keep
// it, that is unless no_backward is on, where only the identity and the left-right mirror
// keep the mover's forward direction. Every diagonal pattern is kept by all eight, since each
// map sends row + col to a value of the same parity (4 - col: row - col + 4; transpose: col +
// row). Index: 0 identity, 1 mirror col -> 4 - col, 2 mirror row -> 4 - row, 3 turn 180,
// 4 transpose, 5 anti-transpose, 6 turn (r, c) -> (c, 4 - r), 7 its inverse (r, c) -> (4 - c, r).
//
// Ownership and threads: an Alquerque is immutable after construction and may be shared; its
// states keep a pointer to it and must not outlive it. A State is a plain value (552
// bytes, most of it the repetition steps), one thread at a time; legal_actions, apply and
// observation allocate nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.h"
#include "games/game.h"

namespace hz {

namespace alquerque {

inline constexpr int kSide = 5;
inline constexpr int kPoints = 25;
inline constexpr int kDirs = 8;
inline constexpr uint32_t kBoardMask = (1u << kPoints) - 1;

inline constexpr Action kJumpBase = 200;
inline constexpr Action kStop = 400;
inline constexpr Action kHuffBase = 401;
inline constexpr int kNumActions = 426;

inline constexpr int kNumPlanes = 11;
// Turns whose steps the state keeps for repetition_draw, and so the largest max_plies with it.
inline constexpr int kMaxRepetitionPlies = 512;
inline constexpr int kNumSymmetries = 8;

// Direction d moves by (kDr[d], kDc[d]); on the point index that is kDelta[d].
inline constexpr int kDr[kDirs] = {-1, -1, 0, 1, 1, 1, 0, -1};
inline constexpr int kDc[kDirs] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kDelta[kDirs] = {-5, -4, 1, 6, 5, 4, -1, -6};
inline constexpr const char* kDirName[kDirs] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

enum class Diagonals { kOdd, kEven, kNone };
enum Outcome : int8_t { kOngoing = 0, kWhiteWins = 1, kBlackWins = 2, kDraw = 3 };

inline uint32_t bit(int p) {
  return 1u << p;
}
inline bool has(uint32_t b, int p) {
  return (b >> p) & 1u;
}
inline int row_of(int p) {
  return p / kSide;
}
inline int col_of(int p) {
  return p % kSide;
}
// The points p with p + kDelta[d] in `b` (bits that leave the board are masked by the caller).
inline uint32_t pull(uint32_t b, int d) {
  return kDelta[d] > 0 ? b >> kDelta[d] : b << -kDelta[d];
}
// A turn-start position for the repetition rule: both armies and the player to move.
inline uint64_t pack_position(uint32_t white, uint32_t black, int mover) {
  return white | static_cast<uint64_t>(black) << kPoints |
         static_cast<uint64_t>(mover) << (2 * kPoints);
}

}  // namespace alquerque

class AlquerqueState;

class Alquerque {
 public:
  using State = AlquerqueState;
  // At most 12 pieces x 8 directions (each direction is a step or a jump, never both), plus
  // up to 12 huffs.
  static constexpr int kMaxLegalActions = 12 * alquerque::kDirs + 12;
  using ActionList = hz::ActionList<kMaxLegalActions>;

  explicit Alquerque(const GameOptions& resolved);

  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return 2; }
  int num_actions() const { return alquerque::kNumActions; }
  ObservationShape observation_shape() const {
    return {alquerque::kNumPlanes, alquerque::kSide, alquerque::kSide};
  }
  // Every turn has one opening action (a step or a first jump); besides that, each further
  // jump or huff removes a piece and each stop follows a jump. At most 12 + 11 pieces can be
  // removed before one side has none, so a game has at most max_plies + 23 + 23 actions.
  int max_game_length() const { return max_plies_ + 46; }
  State initial_state() const;
  State deserialize(std::string_view text) const;

  int num_symmetries() const { return num_symmetries_; }
  void transform_observation(int sym, const float* in, float* out) const;
  int transform_policy_index(int sym, int policy_index) const;
  State transform_state(const State& s, int sym) const;
  // The point that symmetry `sym` sends point p to, and direction d to.
  int sym_point(int sym, int p) const { return sym_point_[sym][p]; }
  int sym_dir(int sym, int d) const { return sym_dir_[sym][d]; }

  // --- Rules and geometry, shared by move generation, notation and tests. ---
  alquerque::Diagonals diagonals() const { return diagonals_; }
  int max_plies() const { return max_plies_; }
  bool repetition_draw() const { return repetition_draw_; }
  bool no_backward() const { return no_backward_; }
  bool no_back_and_forth() const { return no_back_and_forth_; }
  bool huffing() const { return huffing_; }
  // Whether a line joins p to its neighbour in direction d (false off the board).
  bool has_line(int p, int d) const { return alquerque::has(step_from_[d], p); }
  // Whether two segments in direction d lead from p to a point on the board.
  bool has_jump_line(int p, int d) const { return alquerque::has(jump_from_[d], p); }
  // Whether `player` may step in direction d at all (no_backward forbids backward steps).
  bool step_direction_allowed(int player, int d) const { return step_src_[player][d] != 0; }

 private:
  friend class AlquerqueState;
  // deserialize's fields, each checked and stored in `s` (serialize.cpp); `where` names the
  // state text in errors.
  void read_board(std::string_view board, std::string_view mover, const std::string& where,
                  State& s) const;
  void read_chain_and_huff(std::string_view chain_field, std::string_view huff_field,
                           const std::string& where, State& s) const;
  void read_last_steps(std::string_view field, const std::string& where, State& s) const;
  void read_counters(std::string_view turns_field, std::string_view moves_field,
                     const std::string& where, State& s) const;
  // The history field: its packed positions, stored as steps in `s`.
  void read_history(std::string_view text, const std::string& where, State& s) const;

  std::string name_ = "alquerque";
  GameOptions options_;
  alquerque::Diagonals diagonals_;
  int max_plies_;
  bool repetition_draw_, no_backward_, no_back_and_forth_, huffing_;
  int num_symmetries_;

  // step_from_[d]: points with a line in direction d; jump_from_[d]: with two in a row;
  // step_src_[player][d]: step_from_[d], or 0 where no_backward forbids the direction.
  uint32_t step_from_[alquerque::kDirs] = {};
  uint32_t jump_from_[alquerque::kDirs] = {};
  uint32_t step_src_[2][alquerque::kDirs] = {};
  int8_t sym_point_[alquerque::kNumSymmetries][alquerque::kPoints] = {};
  int8_t sym_dir_[alquerque::kNumSymmetries][alquerque::kDirs] = {};
  // Zobrist keys.
  uint64_t piece_key_[2][alquerque::kPoints] = {};
  uint64_t chain_key_[alquerque::kPoints] = {};
  uint64_t huff_key_[alquerque::kPoints] = {};
  uint64_t last_key_[2][2][alquerque::kPoints] = {};  // [player][0 from, 1 to][point]
  uint64_t mover_key_ = 0;
};

class AlquerqueState {
 public:
  using ActionList = Alquerque::ActionList;

  const Alquerque& game() const { return *game_; }
  int current_player() const {
    return outcome_ == alquerque::kOngoing ? to_move_ : kTerminalPlayer;
  }
  bool is_terminal() const { return outcome_ != alquerque::kOngoing; }
  int move_number() const { return move_number_; }
  inline void legal_actions(ActionList& out) const;
  inline void apply(Action a);
  void returns(PlayerValues& out) const;
  // Material ahead (game.h's optional margins): (own pieces - enemy pieces) / 12, any state.
  void margins(PlayerValues& out) const;
  void observation(float* out) const;
  int policy_index(Action a) const;
  Action action_from_policy_index(int policy_index) const { return policy_index_map(policy_index); }
  uint64_t hash() const;
  std::string to_string() const;
  std::string action_to_string(Action a) const;
  Action parse_action(std::string_view text) const;
  std::string turn_to_string(const std::vector<Action>& actions) const;
  std::vector<Action> parse_turn(std::string_view text) const;
  std::string serialize() const;

  // --- Read access for tools and tests. ---
  int to_move() const { return to_move_; }  // whose turn it is (or would be, once terminal)
  uint32_t pieces(int player) const { return pieces_[player]; }
  int chain_point() const { return chain_; }       // -1 outside a capture chain
  uint32_t huffable() const { return huffable_; }  // enemy pieces the mover may huff now
  int turns() const { return turns_; }             // complete turns played
  alquerque::Outcome outcome() const { return outcome_; }
  // Earlier turn starts with this position and mover, among those remembered (0 mid-turn).
  int repetitions() const;
  // Why action `a` (any id) is not legal here, in words; "" if it is legal.
  std::string illegal_reason(Action a) const;

 private:
  friend class Alquerque;
  explicit AlquerqueState(const Alquerque* game) : game_(game) {}

  Action policy_index_map(Action a) const;  // the 180-degree turn for Black (an involution)
  // Own pieces that could capture now (bitboard).
  inline uint32_t capturers() const;
  inline bool can_jump_from(int p) const;
  inline bool has_legal_action() const;
  // Closes the mover's turn; `liable` are the mover's pieces the opponent may huff; `step` is
  // the turn's step id (read only when the turn was a single step since the history began).
  inline void end_turn(uint32_t liable, Action step);
  void derive_outcome();  // after deserialize: the outcome that apply() would have set
  // Remembered turn starts equal to this position with this mover, itself included (0 when
  // nothing is remembered). Walks the remembered steps back; allocates nothing.
  int occurrences() const;
  // The packed turn-start positions remembered, oldest first (for serialize).
  std::vector<uint64_t> history_positions() const;

  const Alquerque* game_;
  uint32_t pieces_[2] = {0, 0};
  uint32_t huffable_ = 0;
  int8_t to_move_ = 0;
  int8_t chain_ = -1;
  alquerque::Outcome outcome_ = alquerque::kOngoing;
  int8_t last_from_[2] = {-1, -1};  // no_back_and_forth memory: each player's previous step
  int8_t last_to_[2] = {-1, -1};
  int16_t turns_ = 0;
  int16_t history_len_ = 0;  // turn starts remembered for repetition (0: none)
  int32_t move_number_ = 0;
  // history_steps_[i] (a step id) leads from remembered turn start i to i + 1; only
  // [0, history_len_ - 1) is meaningful. history_len_ - 1 <= turns_ <= max_plies <= the size.
  uint8_t history_steps_[alquerque::kMaxRepetitionPlies];
};

// ---------------------------------------------------------------------------------------------
// Hot path: move generation and apply.

inline bool AlquerqueState::can_jump_from(int p) const {
  using namespace alquerque;
  const uint32_t enemy = pieces_[to_move_ ^ 1];
  const uint32_t empty = kBoardMask & ~(pieces_[0] | pieces_[1]);
  for (int d = 0; d < kDirs; ++d)
    if (has(game_->jump_from_[d], p) && has(enemy, p + kDelta[d]) && has(empty, p + 2 * kDelta[d]))
      return true;
  return false;
}

inline uint32_t AlquerqueState::capturers() const {
  using namespace alquerque;
  const uint32_t own = pieces_[to_move_], enemy = pieces_[to_move_ ^ 1];
  const uint32_t empty = kBoardMask & ~(own | enemy);
  uint32_t out = 0;
  for (int d = 0; d < kDirs; ++d)
    out |= own & game_->jump_from_[d] & pull(enemy, d) & pull(pull(empty, d), d);
  return out;
}

inline void AlquerqueState::legal_actions(ActionList& out) const {
  using namespace alquerque;
  out.clear();
  if (outcome_ != kOngoing) return;
  const Alquerque& g = *game_;
  const int me = to_move_;
  const uint32_t own = pieces_[me], enemy = pieces_[me ^ 1];
  const uint32_t empty = kBoardMask & ~(own | enemy);
  if (chain_ >= 0) {
    for (int d = 0; d < kDirs; ++d)
      if (has(g.jump_from_[d], chain_) && has(enemy, chain_ + kDelta[d]) &&
          has(empty, chain_ + 2 * kDelta[d]))
        out.push_back(kJumpBase + chain_ * kDirs + d);
    out.push_back(kStop);
    return;
  }
  for (uint32_t h = huffable_; h; h &= h - 1) out.push_back(kHuffBase + __builtin_ctz(h));
  // no_back_and_forth: the one step back along the mover's previous step is banned.
  int banned_dir = -1;
  uint32_t banned_src = 0;
  if (last_to_[me] >= 0) {
    const int back_dr = row_of(last_from_[me]) - row_of(last_to_[me]);
    const int back_dc = col_of(last_from_[me]) - col_of(last_to_[me]);
    for (int d = 0; d < kDirs; ++d)
      if (kDr[d] == back_dr && kDc[d] == back_dc) banned_dir = d;
    banned_src = bit(last_to_[me]);
  }
  for (int d = 0; d < kDirs; ++d) {
    uint32_t steps = own & g.step_src_[me][d] & pull(empty, d);
    if (d == banned_dir) steps &= ~banned_src;
    for (; steps; steps &= steps - 1) out.push_back(__builtin_ctz(steps) * kDirs + d);
    uint32_t jumps = own & g.jump_from_[d] & pull(enemy, d) & pull(pull(empty, d), d);
    for (; jumps; jumps &= jumps - 1) out.push_back(kJumpBase + __builtin_ctz(jumps) * kDirs + d);
  }
}

inline bool AlquerqueState::has_legal_action() const {
  ActionList list;
  legal_actions(list);
  return !list.empty();
}

inline void AlquerqueState::end_turn(uint32_t liable, Action step) {
  using namespace alquerque;
  chain_ = -1;
  ++turns_;
  to_move_ ^= 1;
  huffable_ = game_->huffing_ ? liable : 0;
  if (game_->repetition_draw_) {
    // Remembered even when the game ends here, so that the last entry is always this position.
    // A non-empty history means this turn was one step (captures and huffs cleared it).
    if (history_len_ > 0) history_steps_[history_len_ - 1] = static_cast<uint8_t>(step);
    ++history_len_;
  }
  if (pieces_[to_move_] == 0 || !has_legal_action()) {
    outcome_ = to_move_ == 0 ? kBlackWins : kWhiteWins;
    return;
  }
  if (turns_ >= game_->max_plies_) {
    outcome_ = kDraw;
    return;
  }
  if (game_->repetition_draw_ && occurrences() >= 3) outcome_ = kDraw;
}

inline void AlquerqueState::apply(Action a) {
  using namespace alquerque;
  const Alquerque& g = *game_;
  const int me = to_move_, opp = me ^ 1;
  ++move_number_;
  huffable_ = 0;  // the right to huff is used now or lapses with the mover's first action
  if (a >= kHuffBase) {
    pieces_[opp] &= ~bit(a - kHuffBase);
    history_len_ = 0;  // a removal cannot be undone: no earlier position can recur
    if (pieces_[opp] == 0)
      outcome_ = me == 0 ? kWhiteWins : kBlackWins;
    else if (!has_legal_action())
      outcome_ = me == 0 ? kBlackWins : kWhiteWins;
    return;
  }
  if (a == kStop) {
    // The chain piece could have captured again (else the turn would have ended by itself).
    end_turn(bit(chain_), a);
    return;
  }
  if (a < kJumpBase) {
    const int from = a / kDirs, d = a % kDirs, to = from + kDelta[d];
    uint32_t liable = 0;
    if (g.huffing_) {
      liable = capturers();  // it could capture and stepped instead
      if (has(liable, from)) liable ^= bit(from) | bit(to);
    }
    pieces_[me] ^= bit(from) | bit(to);
    if (g.no_back_and_forth_) {
      last_from_[me] = static_cast<int8_t>(from);
      last_to_[me] = static_cast<int8_t>(to);
    }
    if (g.no_backward_ && kDr[d] != 0) history_len_ = 0;  // forward steps cannot be undone
    end_turn(liable, a);
    return;
  }
  const int from = (a - kJumpBase) / kDirs, d = (a - kJumpBase) % kDirs;
  const int over = from + kDelta[d], to = over + kDelta[d];
  pieces_[me] ^= bit(from) | bit(to);
  pieces_[opp] &= ~bit(over);
  history_len_ = 0;
  // A capture chain moves a piece by an even vector, so it never ends next to its start: the
  // no_back_and_forth memory of a capturing turn is empty.
  last_from_[me] = last_to_[me] = -1;
  if (can_jump_from(to)) {
    chain_ = static_cast<int8_t>(to);
    return;
  }
  end_turn(0, a);
}

}  // namespace hz
