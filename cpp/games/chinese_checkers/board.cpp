// Builds the board tables of board.h once.
#include "games/chinese_checkers/board.h"

#include <algorithm>
#include <cstdlib>

#include "core/error.h"

namespace hz::cc {

namespace {

constexpr int kDir[kNumDirections][3] = {{1, -1, 0}, {1, 0, -1}, {0, 1, -1},
                                         {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}};

bool in_star(int x, int y, int z) {
  if (x + y + z != 0) return false;
  const bool low = x <= 4 && y <= 4 && z <= 4;      // the triangle pointing up
  const bool high = x >= -4 && y >= -4 && z >= -4;  // the triangle pointing down
  return low || high;
}

int triangle_of(int x, int y, int z) {
  if (z >= 5) return 0;
  if (x <= -5) return 1;
  if (y >= 5) return 2;
  if (z <= -5) return 3;
  if (x >= 5) return 4;
  if (y <= -5) return 5;
  return -1;
}

int cell_of(int x, int z) {
  return (z + 8) * kGridSize + (x + 8);
}

BoardTables build() {
  BoardTables t{};
  std::fill(std::begin(t.hole_of_cell), std::end(t.hole_of_cell), -1);
  int n = 0;
  for (int z = -8; z <= 8; ++z) {
    const int row = z + 8;
    t.row_start[row] = n;
    for (int x = -8; x <= 8; ++x) {  // left to right: x - y = 2x + z grows with x
      const int y = -x - z;
      if (!in_star(x, y, z)) continue;
      HZ_CHECK(n < kNumHoles, "more than 121 holes");
      t.cube[n] = {x, y, z};
      t.row[n] = row;
      t.ordinal[n] = n - t.row_start[row];
      t.grid_cell[n] = cell_of(x, z);
      t.hole_of_cell[cell_of(x, z)] = n;
      t.triangle[n] = triangle_of(x, y, z);
      if (t.triangle[n] >= 0) t.triangle_set[t.triangle[n]].set(n);
      ++n;
    }
    t.row_length[row] = n - t.row_start[row];
  }
  HZ_CHECK(n == kNumHoles, "the star has ", n, " holes, not 121");

  auto at = [&](int x, int y, int z) {
    if (x < -8 || x > 8 || z < -8 || z > 8 || x + y + z != 0) return -1;
    return t.hole_of_cell[cell_of(x, z)];
  };
  for (int h = 0; h < kNumHoles; ++h) {
    const Cube c = t.cube[h];
    for (int d = 0; d < kNumDirections; ++d) {
      const int over = at(c.x + kDir[d][0], c.y + kDir[d][1], c.z + kDir[d][2]);
      const int to = at(c.x + 2 * kDir[d][0], c.y + 2 * kDir[d][1], c.z + 2 * kDir[d][2]);
      t.neighbour[h][d] = over;
      if (over >= 0) {
        t.neighbours[h][t.num_neighbours[h]++] = over;
        t.neighbour_set[h].set(over);
      }
      if (over >= 0 && to >= 0) {
        t.hop_over[h][t.num_hops[h]] = over;
        t.hop_to[h][t.num_hops[h]] = to;
        ++t.num_hops[h];
      }
    }
    // Turning clockwise by 60 degrees as printed: (x, y, z) -> (-z, -x, -y); triangle t -> t+1.
    Cube r = c;
    t.rotate[0][h] = h;
    for (int k = 1; k < kNumTriangles; ++k) {
      r = {-r.z, -r.x, -r.y};
      t.rotate[k][h] = at(r.x, r.y, r.z);
      HZ_CHECK(t.rotate[k][h] >= 0, "rotation leaves the star");
    }
    t.mirror[h] = at(c.y, c.x, c.z);
    HZ_CHECK(t.mirror[h] >= 0, "mirror leaves the star");
  }
  return t;
}

}  // namespace

const BoardTables& board() {
  static const BoardTables tables = build();
  return tables;
}

int hole_at(int x, int y, int z) {
  if (x < -8 || x > 8 || z < -8 || z > 8 || x + y + z != 0) return -1;
  return board().hole_of_cell[cell_of(x, z)];
}

int hex_distance(int a, int b) {
  const Cube& p = board().cube[a];
  const Cube& q = board().cube[b];
  return (std::abs(p.x - q.x) + std::abs(p.y - q.y) + std::abs(p.z - q.z)) / 2;
}

HoleSet rotate_set(const HoleSet& s, int k) {
  HoleSet out;
  const auto& rot = board().rotate[((k % kNumTriangles) + kNumTriangles) % kNumTriangles];
  s.for_each([&](int h) { out.set(rot[h]); });
  return out;
}

HoleSet home_region(int triangle, int pieces) {
  HZ_CHECK(pieces == 10 || pieces == 13 || pieces == 19, "bad piece count ", pieces);
  // Built for the bottom triangle (z >= 5), whose base row is z = 5; the hexagon row touching it
  // is z = 4 (x in [-4, 0]) and the next one z = 3 (x in [-4, 1]). Then turned into place.
  const BoardTables& t = board();
  HoleSet bottom = t.triangle_set[0];
  if (pieces == 13)
    for (int x = -3; x <= -1; ++x) bottom.set(hole_at(x, -4 - x, 4));
  if (pieces == 19) {
    for (int x = -4; x <= 0; ++x) bottom.set(hole_at(x, -4 - x, 4));
    for (int x = -3; x <= 0; ++x) bottom.set(hole_at(x, -3 - x, 3));
  }
  return rotate_set(bottom, triangle);
}

}  // namespace hz::cc
