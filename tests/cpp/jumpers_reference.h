// A slow, independent Jumpers turn generator for the tests: it follows docs/rules/jumpers.md
// literally on a plain grid of characters (no bitboards, no look-ahead, no code shared with the
// engine) and enumerates every complete turn with its own notation text and resulting board.
// Dead ends are simply turns that never get emitted. Test-only; allocates freely.
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace hz::jumpers_ref {

struct Board {
  int n = 0;
  std::vector<char> cell;  // [row * n + col]: '.', 'r' (Red), 't' (Turquoise)
  int reserve[2] = {0, 0};
  int to_move = 0;  // 0 Red, 1 Turquoise

  bool on(int r, int c) const { return r >= 0 && r < n && c >= 0 && c < n; }
  char& at(int r, int c) { return cell[r * n + c]; }
  char at(int r, int c) const { return cell[r * n + c]; }
  char own() const { return to_move == 0 ? 'r' : 't'; }
  char enemy() const { return to_move == 0 ? 't' : 'r'; }
};

struct Turn {
  std::string text;  // e.g. "a1-c1-c3 +d3", "c2xe2xe4", "b2-d2xd4"
  Board after;       // with the other player to move
};

inline std::string point_text(int r, int c) {
  return std::string(1, static_cast<char>('a' + c)) + std::to_string(r + 1);
}

// The board part of a start-of-turn serialization: "<rows top first, '/'> <r|t> <res> <res> ..."
inline Board from_serialized(const std::string& text) {
  std::istringstream in(text);
  std::string rows, player;
  Board b;
  in >> rows >> player >> b.reserve[0] >> b.reserve[1];
  std::vector<std::string> lines;
  std::stringstream rs(rows);
  for (std::string line; std::getline(rs, line, '/');) lines.push_back(line);
  b.n = static_cast<int>(lines.size());
  b.cell.assign(b.n * b.n, '.');
  for (int i = 0; i < b.n; ++i)
    for (int c = 0; c < b.n; ++c) b.at(b.n - 1 - i, c) = lines[i][c];
  b.to_move = player == "r" ? 0 : 1;
  return b;
}

class Generator {
 public:
  // Every complete legal turn of the player to move, sorted by text.
  static std::vector<Turn> turns(const Board& start) {
    Generator g;
    g.enumerate(start);
    std::sort(g.out_.begin(), g.out_.end(),
              [](const Turn& a, const Turn& b) { return a.text < b.text; });
    return g.out_;
  }

 private:
  static constexpr int kDr[4] = {0, 1, 0, -1};
  static constexpr int kDc[4] = {1, 0, -1, 0};

  static bool can_capture(const Board& b, int r, int c, int d) {
    const int mr = r + kDr[d], mc = c + kDc[d], lr = r + 2 * kDr[d], lc = c + 2 * kDc[d];
    return b.on(lr, lc) && b.at(mr, mc) == b.enemy() && b.at(lr, lc) == '.';
  }
  static bool any_capture_from(const Board& b, int r, int c) {
    for (int d = 0; d < 4; ++d)
      if (can_capture(b, r, c, d)) return true;
    return false;
  }

  void finish(Board b, const std::string& text) {
    b.to_move = 1 - b.to_move;
    out_.push_back({text, std::move(b)});
  }

  // After at least one capture (or a forced switch into captures) the piece on (r, c) must keep
  // capturing while it can; landing on points visited before is allowed.
  void capture_chain(const Board& b, int r, int c, const std::string& text) {
    bool any = false;
    for (int d = 0; d < 4; ++d) {
      if (!can_capture(b, r, c, d)) continue;
      any = true;
      Board next = b;
      const int lr = r + 2 * kDr[d], lc = c + 2 * kDc[d];
      next.at(r + kDr[d], c + kDc[d]) = '.';
      next.at(r, c) = '.';
      next.at(lr, lc) = b.own();
      capture_chain(next, lr, lc, text + "x" + point_text(lr, lc));
    }
    if (!any) finish(b, text);
  }

  // The own piece now on (r, c) has made at least one own jump; `visited` holds the points of
  // this chain, start included.
  void jump_chain(const Board& b, int r, int c, std::vector<int> visited, const std::string& text) {
    if (any_capture_from(b, r, c)) {  // must capture: a capture turn, no birth
      capture_chain(b, r, c, text);
      return;
    }
    if (b.reserve[b.to_move] > 0) {  // stop here and give birth next to the piece
      for (int d = 0; d < 4; ++d) {
        const int nr = r + kDr[d], nc = c + kDc[d];
        if (!b.on(nr, nc) || b.at(nr, nc) != '.') continue;
        Board next = b;
        next.at(nr, nc) = b.own();
        --next.reserve[b.to_move];
        finish(next, text + " +" + point_text(nr, nc));
      }
    }
    for (int d = 0; d < 4; ++d) {
      const int mr = r + kDr[d], mc = c + kDc[d], lr = r + 2 * kDr[d], lc = c + 2 * kDc[d];
      if (!b.on(lr, lc) || b.at(mr, mc) != b.own() || b.at(lr, lc) != '.') continue;
      if (std::find(visited.begin(), visited.end(), lr * b.n + lc) != visited.end()) continue;
      Board next = b;
      next.at(r, c) = '.';
      next.at(lr, lc) = b.own();
      std::vector<int> v = visited;
      v.push_back(lr * b.n + lc);
      jump_chain(next, lr, lc, v, text + "-" + point_text(lr, lc));
    }
  }

  void enumerate(const Board& b) {
    bool capture_available = false;
    for (int r = 0; r < b.n; ++r)
      for (int c = 0; c < b.n; ++c)
        if (b.at(r, c) == b.own() && any_capture_from(b, r, c)) capture_available = true;
    for (int r = 0; r < b.n; ++r) {
      for (int c = 0; c < b.n; ++c) {
        if (b.at(r, c) != b.own()) continue;
        for (int d = 0; d < 4; ++d) {
          const int mr = r + kDr[d], mc = c + kDc[d], lr = r + 2 * kDr[d], lc = c + 2 * kDc[d];
          if (!b.on(lr, lc) || b.at(lr, lc) != '.') continue;
          const char over = b.at(mr, mc);
          Board next = b;
          next.at(r, c) = '.';
          next.at(lr, lc) = b.own();
          const std::string text =
              point_text(r, c) + (over == b.own() ? "-" : "x") + point_text(lr, lc);
          if (capture_available && over == b.enemy()) {
            next.at(mr, mc) = '.';
            capture_chain(next, lr, lc, text);
          } else if (!capture_available && over == b.own()) {
            jump_chain(next, lr, lc, {r * b.n + c, lr * b.n + lc}, text);
          }
        }
      }
    }
  }

  std::vector<Turn> out_;
};

// Number of sequences of `depth` complete turns (a player without a turn ends the line).
inline uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  uint64_t total = 0;
  for (const Turn& t : Generator::turns(b)) total += depth == 1 ? 1 : perft(t.after, depth - 1);
  return total;
}

}  // namespace hz::jumpers_ref
