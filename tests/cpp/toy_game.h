// Tic-tac-toe written to the game contract (games/game.h), for tests of code that is generic over
// games (network, evaluator, trainer, shards) and must not wait for the real engines.
// Canonical view: plane 0 = stones of the player to move, plane 1 = the opponent's. Action id =
// policy index = cell (row * 3 + col). Symmetries: the 8 of the square.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "games/game.h"

namespace hz::test {

class TicTacToe {
 public:
  static constexpr int kMaxLegalActions = 9;
  using ActionList = hz::ActionList<kMaxLegalActions>;

  class State {
   public:
    explicit State(const TicTacToe* g) : game_(g) {}
    const TicTacToe& game() const { return *game_; }
    int current_player() const { return is_terminal() ? kTerminalPlayer : moves_ % 2; }
    bool is_terminal() const { return winner() >= 0 || moves_ == 9; }
    int move_number() const { return moves_; }
    void legal_actions(ActionList& out) const {
      out.clear();
      if (is_terminal()) return;
      for (int c = 0; c < 9; ++c)
        if (cells_[c] < 0) out.push_back(c);
    }
    void apply(Action a) { cells_[a] = static_cast<int8_t>(moves_++ % 2); }
    void returns(PlayerValues& out) const {
      out.fill(0.0f);
      const int w = winner();
      if (w >= 0) {
        out[w] = 1.0f;
        out[1 - w] = -1.0f;
      }
    }
    void observation(float* out) const {
      const int me = moves_ % 2;
      for (int c = 0; c < 9; ++c) {
        out[c] = cells_[c] == me ? 1.0f : 0.0f;
        out[9 + c] = cells_[c] == 1 - me ? 1.0f : 0.0f;
      }
    }
    int policy_index(Action a) const { return a; }
    Action action_from_policy_index(int i) const { return i; }
    uint64_t hash() const {
      uint64_t h = zobrist_key(moves_ % 2);
      for (int c = 0; c < 9; ++c) h ^= zobrist_key(100 + c, cells_[c] + 1);
      return h;
    }
    std::string to_string() const { return serialize(); }
    std::string action_to_string(Action a) const { return std::to_string(a); }
    Action parse_action(std::string_view t) const {
      if (t.size() != 1 || t[0] < '0' || t[0] > '8') fail("bad cell '", std::string(t), "'");
      ActionList legal;
      legal_actions(legal);
      if (!legal.contains(t[0] - '0')) fail("illegal cell '", std::string(t), "'");
      return t[0] - '0';
    }
    std::string turn_to_string(const std::vector<Action>& a) const {
      return a.empty() ? "" : std::to_string(a[0]);
    }
    std::vector<Action> parse_turn(std::string_view t) const { return {parse_action(t)}; }
    std::string serialize() const {
      std::string s;
      for (int c = 0; c < 9; ++c) s += cells_[c] < 0 ? '.' : static_cast<char>('0' + cells_[c]);
      return s;
    }
    int winner() const {
      static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                           {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
      for (const auto& l : kLines)
        if (cells_[l[0]] >= 0 && cells_[l[0]] == cells_[l[1]] && cells_[l[1]] == cells_[l[2]])
          return cells_[l[0]];
      return -1;
    }

   private:
    friend class TicTacToe;
    const TicTacToe* game_;
    std::array<int8_t, 9> cells_{-1, -1, -1, -1, -1, -1, -1, -1, -1};
    int moves_ = 0;
  };

  explicit TicTacToe(const GameOptions& o = {}) : options_(o) {}
  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return 2; }
  int num_actions() const { return 9; }
  ObservationShape observation_shape() const { return {2, 3, 3}; }
  int max_game_length() const { return 9; }
  State initial_state() const { return State(this); }
  State deserialize(std::string_view text) const {
    if (text.size() != 9) fail("bad tic-tac-toe text '", std::string(text), "'");
    State s(this);
    for (int c = 0; c < 9; ++c) {
      s.cells_[c] = text[c] == '.' ? -1 : static_cast<int8_t>(text[c] - '0');
      s.moves_ += text[c] != '.';
    }
    return s;
  }
  int num_symmetries() const { return 8; }
  static int map_cell(int sym, int cell) {
    int r = cell / 3, c = cell % 3;
    if (sym & 4) std::swap(r, c);
    if (sym & 1) r = 2 - r;
    if (sym & 2) c = 2 - c;
    return r * 3 + c;
  }
  void transform_observation(int sym, const float* in, float* out) const {
    for (int p = 0; p < 2; ++p)
      for (int c = 0; c < 9; ++c) out[p * 9 + map_cell(sym, c)] = in[p * 9 + c];
  }
  int transform_policy_index(int sym, int i) const { return map_cell(sym, i); }
  State transform_state(const State& s, int sym) const {
    State t = s;
    for (int c = 0; c < 9; ++c) t.cells_[map_cell(sym, c)] = s.cells_[c];
    return t;
  }

 private:
  std::string name_ = "tictactoe";
  GameOptions options_;
};

}  // namespace hz::test
