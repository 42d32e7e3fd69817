// Small games that follow the full game contract (games/game.h), written for the tests of the
// alpha-beta family, matches and Elo, independent of the real engines:
//   ToyTicTacToe  two players, 3x3, one action per turn, no captures (ToyMarks<3, 2, 1>).
//   ToySkirmish   two players on a 4x4 board, three pieces each; a turn is a step, or a chain of
//                 captures by one piece that may stop after any capture (several actions in a
//                 row by one player, a `stop` action, noisy captures).
//   ToyConnect    two players place marks on a 4x4 board, two per turn (the first turn one, as
//                 in Connect6); three in a row wins: every turn is two actions by one player.
//   ToyTriad      three players place marks on a 4x4 board; three in a row wins (winner +1,
//                 the others -1/2); a full board is a draw.
// The mark games' heuristics offer set_mover (for Best-Reply Search).
// Each comes with a Heuristic specialisation. Header-only test code: values, no threads.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "games/game.h"
#include "search/heuristic.h"

namespace hz::toy {

// --- shared plumbing: identity symmetry, integer action notation, a cell board --------------

inline Action parse_int_action(std::string_view t, int num_actions) {
  const std::string text(t);
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v < 0 || v >= num_actions)
    fail("toy game: unreadable action '", text, "'");
  return static_cast<Action>(v);
}

template <class Derived, int kCells, int kPlayers>
class ToyGameBase {
 public:
  explicit ToyGameBase(const GameOptions& o, std::string name)
      : options_(o), name_(std::move(name)) {}
  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return kPlayers; }
  ObservationShape observation_shape() const { return {kPlayers, 1, kCells}; }
  int num_symmetries() const { return 1; }
  void transform_observation(int, const float* in, float* out) const {
    for (int i = 0; i < observation_shape().size(); ++i) out[i] = in[i];
  }
  int transform_policy_index(int, int i) const { return i; }
  template <class State>
  State transform_state(const State& s, int) const {
    return s;
  }

 private:
  GameOptions options_;
  std::string name_;
};

// Cells hold -1 (empty) or a player id; the rest of a state is a few small integers.
template <class G, int kCells>
class ToyStateBase {
 public:
  const G& game() const { return *game_; }
  int move_number() const { return moves_; }
  bool is_terminal() const { return mover_ == kTerminalPlayer; }
  int current_player() const { return mover_; }
  void observation(float* out) const {
    const int p = game_->num_players();
    for (int k = 0; k < p; ++k)
      for (int c = 0; c < kCells; ++c) out[k * kCells + c] = cells_[c] == k ? 1.0f : 0.0f;
  }
  int policy_index(Action a) const { return a; }
  Action action_from_policy_index(int i) const { return i; }
  uint64_t hash() const {
    uint64_t h = zobrist_key(1000 + mover_, extra_, moves_limit_key());
    for (int c = 0; c < kCells; ++c)
      if (cells_[c] >= 0) h ^= zobrist_key(c, cells_[c]);
    return h;
  }
  std::string action_to_string(Action a) const { return std::to_string(a); }
  Action parse_action(std::string_view t) const {
    const Action a = parse_int_action(t, game_->num_actions());
    typename G::ActionList l;
    static_cast<const typename G::State*>(this)->legal_actions(l);
    if (!l.contains(a)) fail("toy game: illegal action ", a);
    return a;
  }
  std::string turn_to_string(const std::vector<Action>& actions) const {
    std::string out;
    for (Action a : actions) {
      // Appended in two steps: `"" + std::to_string(a)` drew GCC 12's false -Wrestrict.
      if (!out.empty()) out += ' ';
      out += std::to_string(a);
    }
    return out;
  }
  std::vector<Action> parse_turn(std::string_view t) const {
    std::vector<Action> out;
    typename G::State s = *static_cast<const typename G::State*>(this);
    size_t i = 0;
    while (i < t.size()) {
      size_t j = t.find(' ', i);
      if (j == std::string_view::npos) j = t.size();
      const Action a = s.parse_action(t.substr(i, j - i));
      s.apply(a);
      out.push_back(a);
      i = j + 1;
    }
    return out;
  }
  std::string to_string() const { return serialize(); }
  std::string serialize() const {
    std::string out;
    for (int c = 0; c < kCells; ++c)
      out += cells_[c] < 0 ? '.' : static_cast<char>('0' + cells_[c]);
    return out + " " + std::to_string(mover_) + " " + std::to_string(extra_) + " " +
           std::to_string(moves_) + " " + std::to_string(result_) + " " + std::to_string(counter_);
  }
  void restore(int mover, int extra, int moves, int result, int counter) {
    mover_ = mover, extra_ = extra, moves_ = moves, result_ = result, counter_ = counter;
  }

  // Test access.
  std::array<int8_t, kCells>& cells() { return cells_; }
  const std::array<int8_t, kCells>& cells() const { return cells_; }
  void set_mover(int p) { mover_ = p; }

 protected:
  uint64_t moves_limit_key() const { return static_cast<uint64_t>(counter_); }
  const G* game_ = nullptr;
  std::array<int8_t, kCells> cells_{};
  int mover_ = 0;
  int extra_ = -1;   // game-specific (ToySkirmish: the piece in a capture chain)
  int moves_ = 0;    // actions applied
  int counter_ = 0;  // game-specific counter the rules read (ToySkirmish: turns played)
  int result_ = -1;  // winner, -1 none or draw
};

template <class State>
State deserialize_toy(const State& initial, std::string_view text, int cells) {
  State s = initial;
  const std::string t(text);
  if (t.size() < static_cast<size_t>(cells) + 2) fail("toy game: cannot read state '", t, "'");
  for (int c = 0; c < cells; ++c) {
    const char ch = t[c];
    if (ch != '.' && (ch < '0' || ch > '5')) fail("toy game: bad cell in '", t, "'");
    s.cells()[c] = ch == '.' ? -1 : ch - '0';
  }
  int mover, extra, moves, result, counter;
  if (std::sscanf(t.c_str() + cells, " %d %d %d %d %d", &mover, &extra, &moves, &result,
                  &counter) != 5)
    fail("toy game: cannot read state '", t, "'");
  s.restore(mover, extra, moves, result, counter);
  return s;
}

// --- ToyMarks: tic-tac-toe and its relatives ------------------------------------------------

// kPlayers players place marks on a kSide x kSide board in turn, kPerTurn marks a turn (the very
// first turn one mark, as in Connect6); three in a row (any direction) wins: winner +1, the
// others -1/(kPlayers-1). A full board is a draw.
template <int kSide, int kPlayers, int kPerTurn>
class ToyMarks : public ToyGameBase<ToyMarks<kSide, kPlayers, kPerTurn>, kSide * kSide, kPlayers> {
 public:
  static constexpr int kCells = kSide * kSide;
  static constexpr int kMaxLegalActions = kCells;
  using ActionList = hz::ActionList<kMaxLegalActions>;
  class State : public ToyStateBase<ToyMarks, kCells> {
    using Base = ToyStateBase<ToyMarks, kCells>;
    using Base::cells_, Base::extra_, Base::moves_, Base::mover_, Base::result_;

   public:
    explicit State(const ToyMarks* g) {
      this->game_ = g;
      cells_.fill(-1);
      extra_ = 1;  // marks left in this turn
    }
    void legal_actions(ActionList& out) const {
      out.clear();
      if (this->is_terminal()) return;
      for (int c = 0; c < kCells; ++c)
        if (cells_[c] < 0) out.push_back(c);
    }
    void apply(Action a) {
      cells_[a] = static_cast<int8_t>(mover_);
      ++moves_;
      if (wins(mover_)) {
        result_ = mover_;
        mover_ = kTerminalPlayer;
      } else if (moves_ == kCells) {
        mover_ = kTerminalPlayer;
      } else if (--extra_ == 0) {
        mover_ = (mover_ + 1) % kPlayers;
        extra_ = kPerTurn;
      }
    }
    void returns(PlayerValues& r) const {
      r.fill(0.0f);
      if (result_ < 0) return;
      for (int p = 0; p < kPlayers; ++p) r[p] = p == result_ ? 1.0f : -1.0f / (kPlayers - 1);
    }
    bool wins(int p) const {
      for (const auto& l : lines())
        if (cells_[l[0]] == p && cells_[l[1]] == p && cells_[l[2]] == p) return true;
      return false;
    }
    // Every three-in-a-row segment of the board.
    static const std::vector<std::array<int, 3>>& lines() {
      static const std::vector<std::array<int, 3>> l = [] {
        std::vector<std::array<int, 3>> out;
        const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        for (int r = 0; r < kSide; ++r)
          for (int c = 0; c < kSide; ++c)
            for (const auto& d : dirs) {
              const int r2 = r + 2 * d[0], c2 = c + 2 * d[1];
              if (r2 < 0 || r2 >= kSide || c2 < 0 || c2 >= kSide) continue;
              out.push_back({r * kSide + c, (r + d[0]) * kSide + c + d[1], r2 * kSide + c2});
            }
        return out;
      }();
      return l;
    }
  };
  explicit ToyMarks(const GameOptions& o = {})
      : ToyGameBase<ToyMarks, kCells, kPlayers>(
            o, str_cat("toy_marks", kSide, "x", kSide, "p", kPlayers, "k", kPerTurn)) {}
  int num_actions() const { return kCells; }
  int max_game_length() const { return kCells; }
  State initial_state() const { return State(this); }
  State deserialize(std::string_view t) const {
    return deserialize_toy(initial_state(), t, kCells);
  }
};

using ToyTicTacToe = ToyMarks<3, 2, 1>;
using ToyConnect = ToyMarks<4, 2, 2>;
using ToyTriad = ToyMarks<4, 3, 1>;

// --- ToySkirmish --------------------------------------------------------------------------

class ToySkirmish : public ToyGameBase<ToySkirmish, 16, 2> {
 public:
  static constexpr int kSide = 4, kCells = 16;
  static constexpr int kJumpBase = 64, kStop = 128, kMaxTurns = 24;
  static constexpr int kMaxLegalActions = 64;
  using ActionList = hz::ActionList<kMaxLegalActions>;
  static constexpr int kDr[4] = {-1, 0, 1, 0}, kDc[4] = {0, 1, 0, -1};

  class State : public ToyStateBase<ToySkirmish, 16> {
   public:
    explicit State(const ToySkirmish* g) {
      game_ = g;
      cells_.fill(-1);
      for (int c : {0, 1, 2}) cells_[c] = 0;
      for (int c : {13, 14, 15}) cells_[c] = 1;
    }
    void legal_actions(ActionList& out) const {
      out.clear();
      if (is_terminal()) return;
      if (extra_ >= 0) {  // inside a capture chain: more captures by that piece, or stop
        add_jumps(extra_, out);
        out.push_back(kStop);
        return;
      }
      for (int c = 0; c < kCells; ++c) {
        if (cells_[c] != mover_) continue;
        add_jumps(c, out);
        for (int d = 0; d < 4; ++d) {
          const int t = target(c, d, 1);
          if (t >= 0 && cells_[t] < 0) out.push_back(c * 4 + d);
        }
      }
    }
    void apply(Action a) {
      ++moves_;
      if (a == kStop) return end_turn();
      if (a < kJumpBase) {
        const int c = a / 4, t = target(c, a % 4, 1);
        cells_[t] = cells_[c];
        cells_[c] = -1;
        return end_turn();
      }
      const int c = (a - kJumpBase) / 4, d = (a - kJumpBase) % 4;
      const int over = target(c, d, 1), t = target(c, d, 2);
      cells_[t] = cells_[c];
      cells_[c] = -1;
      cells_[over] = -1;
      ActionList more;
      add_jumps(t, more);
      if (more.empty()) return end_turn();
      extra_ = t;
    }
    void returns(PlayerValues& r) const {
      r.fill(0.0f);
      if (result_ >= 0) r[result_] = 1.0f, r[1 - result_] = -1.0f;
    }
    int turns() const { return counter_; }
    void set_turns(int t) { counter_ = t; }
    static int target(int c, int d, int k) {
      const int r = c / kSide + kDr[d] * k, col = c % kSide + kDc[d] * k;
      return r < 0 || r >= kSide || col < 0 || col >= kSide ? -1 : r * kSide + col;
    }
    int count(int p) const {
      int n = 0;
      for (int c = 0; c < kCells; ++c) n += cells_[c] == p;
      return n;
    }

   private:
    void add_jumps(int c, ActionList& out) const {
      for (int d = 0; d < 4; ++d) {
        const int over = target(c, d, 1), t = target(c, d, 2);
        if (t >= 0 && cells_[over] >= 0 && cells_[over] != cells_[c] && cells_[t] < 0)
          out.push_back(kJumpBase + c * 4 + d);
      }
    }
    void end_turn() {
      extra_ = -1;
      ++counter_;
      const int next = 1 - mover_;
      mover_ = next;
      ActionList l;
      legal_actions(l);
      if (l.empty()) {  // no pieces or no move: the player to move loses
        result_ = 1 - next;
        mover_ = kTerminalPlayer;
      } else if (counter_ >= kMaxTurns) {
        mover_ = kTerminalPlayer;  // draw
      }
    }
  };
  explicit ToySkirmish(const GameOptions& o = {}) : ToyGameBase(o, "toy_skirmish") {}
  int num_actions() const { return 129; }
  int max_game_length() const { return kMaxTurns * 4; }
  State initial_state() const { return State(this); }
  State deserialize(std::string_view t) const { return deserialize_toy(initial_state(), t, 16); }
};

}  // namespace hz::toy

namespace hz {

// Open lines: a line with only my marks is worth 1 (one mark) or 10 (two); minus the others'
// (averaged over the opponents). Shared by the mark-placing toys.
template <class Game>
struct ToyLineHeuristic {
  struct Weights {
    double line = 10;
    static const std::vector<WeightField<Weights>>& fields() {
      static const std::vector<WeightField<Weights>> f = {
          {"line", &Weights::line, 0, 1000, "score per open line unit"}};
      return f;
    }
  };
  ToyLineHeuristic(const Game&, const Weights& w) : w_(w) {}
  ab::Score evaluate(const typename Game::State& s, int player) const {
    double mine = 0, theirs = 0;
    for (const auto& l : Game::State::lines()) {
      int owner = -2, n = 0;
      for (int c : l) {
        const int v = s.cells()[c];
        if (v < 0) continue;
        owner = owner == -2 || owner == v ? v : -1;
        ++n;
      }
      if (owner < 0) continue;
      (owner == player ? mine : theirs) += n == 1 ? 1 : 10;
    }
    return ab::clamp_eval(w_.line * (mine - theirs / (s.game().num_players() - 1)));
  }
  bool is_noisy(const typename Game::State&, Action) const { return false; }
  Weights w_;
};

template <int kSide, int kPlayers, int kPerTurn>
struct Heuristic<toy::ToyMarks<kSide, kPlayers, kPerTurn>>
    : ToyLineHeuristic<toy::ToyMarks<kSide, kPlayers, kPerTurn>> {
  using ToyLineHeuristic<toy::ToyMarks<kSide, kPlayers, kPerTurn>>::ToyLineHeuristic;
  static bool set_mover(typename toy::ToyMarks<kSide, kPlayers, kPerTurn>::State& s, int p) {
    s.set_mover(p);
    return true;
  }
};

template <>
struct Heuristic<toy::ToySkirmish> {
  struct Weights {
    double material = 100, mobility = 3, advance = 5;
    static const std::vector<WeightField<Weights>>& fields() {
      static const std::vector<WeightField<Weights>> f = {
          {"material", &Weights::material, 0, 10000, "per piece"},
          {"mobility", &Weights::mobility, 0, 1000, "per empty neighbour of a piece"},
          {"advance", &Weights::advance, 0, 1000, "per row towards the far side"}};
      return f;
    }
  };
  Heuristic(const toy::ToySkirmish&, const Weights& w) : w_(w) {}
  ab::Score evaluate(const toy::ToySkirmish::State& s, int p) const {
    double v = 0;
    for (int c = 0; c < 16; ++c) {
      const int owner = s.cells()[c];
      if (owner < 0) continue;
      int free = 0;
      for (int d = 0; d < 4; ++d) {
        const int t = toy::ToySkirmish::State::target(c, d, 1);
        free += t >= 0 && s.cells()[t] < 0;
      }
      const int row = c / 4, adv = owner == 0 ? row : 3 - row;
      v += (owner == p ? 1 : -1) * (w_.material + w_.mobility * free + w_.advance * adv);
    }
    return ab::clamp_eval(v);
  }
  bool is_noisy(const toy::ToySkirmish::State&, Action a) const {
    return a >= toy::ToySkirmish::kJumpBase && a < toy::ToySkirmish::kStop;
  }
  Weights w_;
};

}  // namespace hz
