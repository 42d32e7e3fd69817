// A slow, independent model of Chinese Checkers for chinese_checkers_test.cpp.
//
// It shares nothing with the engine but the hole names: the star is drawn as the printed picture
// (rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes, each row centred on
// column 12, holes two columns apart), neighbours are the holes one row up or down and one column
// aside, or two columns aside in the same row, and hop chains are enumerated path by path with
// the visited holes of each path in a plain array. Owners are per-hole ints (-1 = empty).
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ccref {

constexpr int kRowLengths[17] = {1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1};
constexpr int kDirections[6][2] = {{0, 2}, {0, -2}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

struct Picture {
  std::vector<int> row, col;
  std::vector<std::string> name;
  std::map<std::string, int> by_name;
  int at[17][25];  // spot index at (row, column), -1 where there is no hole

  Picture() {
    for (auto& r : at)
      for (int& c : r) c = -1;
    for (int r = 0; r < 17; ++r)
      for (int i = 0; i < kRowLengths[r]; ++i) {
        const int c = 12 - (kRowLengths[r] - 1) + 2 * i;
        at[r][c] = static_cast<int>(row.size());
        row.push_back(r);
        col.push_back(c);
        name.push_back(std::to_string(i + 1));
        name.back().insert(name.back().begin(), static_cast<char>('a' + r));
        by_name[name.back()] = at[r][c];
      }
  }
  int size() const { return static_cast<int>(row.size()); }
  int spot(int r, int c) const { return r < 0 || r > 16 || c < 0 || c > 24 ? -1 : at[r][c]; }
  int step(int s, int d, int times = 1) const {
    return spot(row[s] + times * kDirections[d][0], col[s] + times * kDirections[d][1]);
  }
  std::vector<int> neighbours(int s) const {
    std::vector<int> out;
    for (int d = 0; d < 6; ++d)
      if (step(s, d) >= 0) out.push_back(step(s, d));
    return out;
  }
};

inline const Picture& picture() {
  static const Picture p;
  return p;
}

// One player's moves as "from-to" names; `goal` is the mover's goal (spot indices).
class SlowMoves {
 public:
  SlowMoves(std::vector<int> owner, int player, std::set<int> goal)
      : owner_(std::move(owner)), player_(player), goal_(std::move(goal)) {}

  std::set<std::string> moves() {
    const Picture& pic = picture();
    for (int s = 0; s < pic.size(); ++s) {
      if (owner_[s] != player_) continue;
      from_ = s;
      locked_ = goal_.count(s) > 0;
      for (int d = 0; d < 6; ++d) {
        const int t = pic.step(s, d);
        if (t >= 0 && may_land(t)) add(t);
      }
      owner_[s] = -1;  // the piece is in the air during its chain
      path_len_ = 0;
      path_[path_len_++] = s;
      hop_from(s);
      owner_[s] = player_;
    }
    return out_;
  }

 private:
  bool may_land(int t) const { return owner_[t] < 0 && (!locked_ || goal_.count(t) > 0); }
  bool on_path(int t) const {
    for (int i = 0; i < path_len_; ++i)
      if (path_[i] == t) return true;
    return false;
  }
  void add(int t) { out_.insert(picture().name[from_] + "-" + picture().name[t]); }
  void hop_from(int s) {
    const Picture& pic = picture();
    for (int d = 0; d < 6; ++d) {
      const int over = pic.step(s, d), to = pic.step(s, d, 2);
      if (over < 0 || to < 0 || owner_[over] < 0 || !may_land(to) || on_path(to)) continue;
      add(to);
      path_[path_len_++] = to;
      hop_from(to);
      --path_len_;
    }
  }

  std::vector<int> owner_;
  int player_;
  std::set<int> goal_;
  int from_ = 0;
  bool locked_ = false;
  int path_[130] = {};
  int path_len_ = 0;
  std::set<std::string> out_;
};

// Perft without any end of game (enough for the first few turns): `goals[p]` per player.
inline long long slow_perft(std::vector<int> owner, int player, int players,
                            const std::vector<std::set<int>>& goals, int depth) {
  if (depth == 0) return 1;
  const std::set<std::string> moves = SlowMoves(owner, player, goals[player]).moves();
  if (depth == 1) return moves.empty() ? 1 : static_cast<long long>(moves.size());
  long long total = 0;
  const Picture& pic = picture();
  for (const std::string& m : moves) {
    const size_t dash = m.find('-');
    const int from = pic.by_name.at(m.substr(0, dash)), to = pic.by_name.at(m.substr(dash + 1));
    std::vector<int> next = owner;
    next[to] = next[from];
    next[from] = -1;
    total += slow_perft(next, (player + 1) % players, players, goals, depth - 1);
  }
  if (moves.empty())
    total += slow_perft(owner, (player + 1) % players, players, goals, depth - 1);  // a pass
  return total;
}

}  // namespace ccref
