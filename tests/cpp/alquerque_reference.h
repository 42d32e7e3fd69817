// A slow, plain reference implementation of the Alquerque rules (docs/rules/alquerque.md) for
// the tests: a 5x5 array of cells, no bitboards, no tables, written from the rules page rather
// than from the engine. It produces the same atomic action ids as the rules page defines
// (step = point*8 + dir, jump = 200 + point*8 + dir, stop = 400, huff = 401 + point), so its
// legal-action lists and perft counts can be compared with the engine's.
//
// Not for speed; a value type used by one thread.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace hz::alquerque_ref {

// Directions in the order of the rules page: N, NE, E, SE, S, SW, W, NW (N = -row).
inline constexpr int kRowStep[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
inline constexpr int kColStep[8] = {0, 1, 1, 1, 0, -1, -1, -1};

struct Rules {
  std::string diagonals = "odd";  // odd, even or none
  int max_plies = 200;
  bool repetition_draw = true, no_backward = false, no_back_and_forth = false, huffing = false;
};

enum { kEmpty = 0, kWhite = 1, kBlack = 2 };  // cell contents; player p owns cells p + 1

struct RefState {
  Rules rules;
  int cell[5][5] = {};
  int mover = 0;   // 0 White, 1 Black
  int chain = -1;  // point index of the piece that must go on capturing, or -1
  bool huff[25] = {};
  int last_from[2] = {-1, -1}, last_to[2] = {-1, -1};
  int turns = 0;
  int result = -2;                // -2 game on, 0 White won, 1 Black won, -1 draw
  std::vector<std::string> seen;  // every turn-start position so far (board + mover)

  static RefState start(const Rules& rules) {
    RefState s;
    s.rules = rules;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c) {
        if (r >= 3 || (r == 2 && c >= 3)) s.cell[r][c] = kWhite;
        if (r <= 1 || (r == 2 && c <= 1)) s.cell[r][c] = kBlack;
      }
    s.seen.push_back(s.key());
    return s;
  }

  std::string key() const {
    std::string k;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c) k += static_cast<char>('0' + cell[r][c]);
    return k + static_cast<char>('0' + mover);
  }

  static bool on_board(int r, int c) { return r >= 0 && r < 5 && c >= 0 && c < 5; }

  // Whether a line joins (r, c) and its neighbour (r + dr, c + dc).
  bool joined(int r, int c, int dr, int dc) const {
    if (!on_board(r, c) || !on_board(r + dr, c + dc)) return false;
    if (dr == 0 || dc == 0) return true;
    if (rules.diagonals == "none") return false;
    const bool odd = (r + c) % 2 == 1;
    return rules.diagonals == "odd" ? odd : !odd;
  }

  int own_cell() const { return mover + 1; }
  int enemy_cell() const { return 2 - mover; }

  bool step_ok(int r, int c, int d) const {
    const int dr = kRowStep[d], dc = kColStep[d];
    if (cell[r][c] != own_cell() || !joined(r, c, dr, dc)) return false;
    if (cell[r + dr][c + dc] != kEmpty) return false;
    if (rules.no_backward && ((mover == 0 && dr == 1) || (mover == 1 && dr == -1))) return false;
    if (rules.no_back_and_forth && r * 5 + c == last_to[mover] &&
        (r + dr) * 5 + c + dc == last_from[mover])
      return false;
    return true;
  }

  bool jump_ok(int r, int c, int d) const {
    const int dr = kRowStep[d], dc = kColStep[d];
    if (cell[r][c] != own_cell()) return false;
    if (!joined(r, c, dr, dc) || !joined(r + dr, c + dc, dr, dc)) return false;
    return cell[r + dr][c + dc] == enemy_cell() && cell[r + 2 * dr][c + 2 * dc] == kEmpty;
  }

  bool piece_can_jump(int p) const {
    for (int d = 0; d < 8; ++d)
      if (jump_ok(p / 5, p % 5, d)) return true;
    return false;
  }

  std::vector<int> legal() const {
    std::vector<int> out;
    if (result != -2) return out;
    if (chain >= 0) {
      for (int d = 0; d < 8; ++d)
        if (jump_ok(chain / 5, chain % 5, d)) out.push_back(200 + chain * 8 + d);
      out.push_back(400);
      return out;
    }
    for (int p = 0; p < 25; ++p)
      if (huff[p]) out.push_back(401 + p);
    for (int p = 0; p < 25; ++p)
      for (int d = 0; d < 8; ++d) {
        if (step_ok(p / 5, p % 5, d)) out.push_back(p * 8 + d);
        if (jump_ok(p / 5, p % 5, d)) out.push_back(200 + p * 8 + d);
      }
    std::sort(out.begin(), out.end());
    return out;
  }

  int count(int who_cell) const {
    int n = 0;
    for (int r = 0; r < 5; ++r)
      for (int c = 0; c < 5; ++c) n += cell[r][c] == who_cell;
    return n;
  }

  // `liable`: the mover's pieces the opponent may huff at the start of its turn.
  void finish_turn(const std::vector<int>& liable) {
    chain = -1;
    ++turns;
    mover = 1 - mover;
    std::fill(huff, huff + 25, false);
    if (rules.huffing)
      for (int p : liable) huff[p] = true;
    if (count(own_cell()) == 0 || legal().empty()) {
      result = 1 - mover;
      return;
    }
    if (turns >= rules.max_plies) {
      result = -1;
      return;
    }
    if (rules.repetition_draw) {
      const std::string k = key();
      if (std::count(seen.begin(), seen.end(), k) >= 2) result = -1;
      seen.push_back(k);
    }
  }

  void apply(int a) {
    std::fill(huff, huff + 25, false);
    if (a >= 401) {
      const int p = a - 401;
      cell[p / 5][p % 5] = kEmpty;
      if (count(enemy_cell()) == 0)
        result = mover;
      else if (legal().empty())
        result = 1 - mover;
      return;
    }
    if (a == 400) {
      finish_turn({chain});
      return;
    }
    const bool is_jump = a >= 200;
    const int p = (is_jump ? a - 200 : a) / 8, d = a % 8;
    const int r = p / 5, c = p % 5, dr = kRowStep[d], dc = kColStep[d];
    if (!is_jump) {
      std::vector<int> liable;
      for (int q = 0; q < 25; ++q)
        if (piece_can_jump(q)) liable.push_back(q == p ? (r + dr) * 5 + c + dc : q);
      cell[r + dr][c + dc] = cell[r][c];
      cell[r][c] = kEmpty;
      if (rules.no_back_and_forth) {
        last_from[mover] = p;
        last_to[mover] = (r + dr) * 5 + c + dc;
      }
      finish_turn(liable);
      return;
    }
    const int to = (r + 2 * dr) * 5 + c + 2 * dc;
    cell[r + 2 * dr][c + 2 * dc] = cell[r][c];
    cell[r + dr][c + dc] = kEmpty;
    cell[r][c] = kEmpty;
    last_from[mover] = last_to[mover] = -1;
    if (piece_can_jump(to))
      chain = to;
    else
      finish_turn({});
  }
};

// Complete turns of length `depth` from `s` (as games/perft.h counts them).
inline long long perft(const RefState& s, int depth) {
  if (depth == 0) return 1;
  if (s.result != -2) return 0;
  long long total = 0;
  const int player = s.mover;
  // Every way to finish the current turn, then the rest.
  std::vector<RefState> stack = {s};
  while (!stack.empty()) {
    RefState t = stack.back();
    stack.pop_back();
    for (int a : t.legal()) {
      RefState next = t;
      next.apply(a);
      if (next.result != -2 || next.mover != player)
        total += perft(next, depth - 1);
      else
        stack.push_back(next);
    }
  }
  return total;
}

}  // namespace hz::alquerque_ref
