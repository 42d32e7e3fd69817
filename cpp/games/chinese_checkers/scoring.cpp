// Remaining distance (minimum-cost assignment) and ranked returns; see scoring.h.
#include "games/chinese_checkers/scoring.h"

#include <algorithm>
#include <climits>

#include "core/error.h"
#include "games/chinese_checkers/board.h"

namespace hz::cc {

namespace {

constexpr int kMaxRegion = 19;

// Minimum-cost assignment of each of n rows to a distinct one of m columns (n <= m), by the
// Hungarian algorithm with potentials; cost is 1-indexed [1..n][1..m]. O(n^2 m).
int min_cost_assignment(int n, int m, const int (&cost)[kMaxRegion + 1][kMaxRegion + 1]) {
  int u[kMaxRegion + 1] = {}, v[kMaxRegion + 1] = {}, match[kMaxRegion + 1] = {};
  int way[kMaxRegion + 1] = {};
  for (int i = 1; i <= n; ++i) {
    match[0] = i;
    int j0 = 0;
    int minv[kMaxRegion + 1];
    bool used[kMaxRegion + 1];
    std::fill(minv, minv + m + 1, INT_MAX);
    std::fill(used, used + m + 1, false);
    do {
      used[j0] = true;
      const int i0 = match[j0];
      int delta = INT_MAX, j1 = 0;
      for (int j = 1; j <= m; ++j) {
        if (used[j]) continue;
        const int cur = cost[i0][j] - u[i0] - v[j];
        if (cur < minv[j]) minv[j] = cur, way[j] = j0;
        if (minv[j] < delta) delta = minv[j], j1 = j;
      }
      for (int j = 0; j <= m; ++j) {
        if (used[j]) {
          u[match[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (match[j0] != 0);
    do {
      const int j1 = way[j0];
      match[j0] = match[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  int total = 0;
  for (int j = 1; j <= m; ++j)
    if (match[j] != 0) total += cost[match[j]][j];
  return total;
}

}  // namespace

int remaining_distance(const HoleSet& own, const HoleSet& goal) {
  int holes[kMaxRegion], pieces[kMaxRegion];
  int num_holes = 0, num_pieces = 0;
  (goal & own.complement()).for_each([&](int h) {
    if (num_holes < kMaxRegion) holes[num_holes++] = h;
  });
  (own & goal.complement()).for_each([&](int h) {
    if (num_pieces < kMaxRegion) pieces[num_pieces++] = h;
  });
  HZ_CHECK(num_holes == num_pieces, "a player has ", own.count(), " pieces for a goal of ",
           goal.count(), " holes");
  if (num_holes == 0) return 0;
  int cost[kMaxRegion + 1][kMaxRegion + 1];
  for (int i = 0; i < num_holes; ++i)
    for (int j = 0; j < num_pieces; ++j) cost[i + 1][j + 1] = hex_distance(holes[i], pieces[j]);
  return min_cost_assignment(num_holes, num_pieces, cost);
}

void returns_from_ranking(int num_players, const int* rank_class, const int* rank_key,
                          PlayerValues& out) {
  out.fill(0.0f);
  int order[kMaxPlayers];
  for (int p = 0; p < num_players; ++p) order[p] = p;
  auto before = [&](int a, int b) {
    return rank_class[a] != rank_class[b] ? rank_class[a] < rank_class[b]
                                          : rank_key[a] < rank_key[b];
  };
  std::stable_sort(order, order + num_players, before);
  const double step = 2.0 / (num_players - 1);
  for (int first = 0; first < num_players;) {
    int last = first;  // players order[first..last] are tied
    while (last + 1 < num_players && !before(order[first], order[last + 1])) ++last;
    // Mean of 1 - step * i over i in [first, last].
    const double value = 1.0 - step * (first + last) / 2.0;
    for (int i = first; i <= last; ++i) out[order[i]] = static_cast<float>(value);
    first = last + 1;
  }
}

}  // namespace hz::cc
