// Geometry of the 121-hole Chinese Checkers star, as tables computed once (board()).
//
// Coordinates: cube coordinates (x, y, z) with x + y + z = 0. The star is the union of two big
// triangles {x, y, z <= 4} and {x, y, z >= -4} (91 holes each, overlapping in the 61-hole hexagon
// max(|x|, |y|, |z|) <= 4). Printed with z growing downwards and x - y growing to the right, it
// is the usual star with one point at the top: rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12,
// 13, 4, 3, 2, 1 holes.
//
// Hole indices 0..120 run row by row from the top (z = -8) and left to right within a row.
// The 17x17 embedding used for network planes is cell (row, col) = (z + 8, x + 8).
//
// The six points ("triangles") are numbered clockwise as printed, starting at the bottom:
//   0 bottom (z >= 5), 1 lower left (x <= -5), 2 upper left (y >= 5), 3 top (z <= -5),
//   4 upper right (x >= 5), 5 lower right (y <= -5).  Triangle t + 3 is opposite triangle t.
// rotate[k] turns the board k times by 60 degrees clockwise, so triangle t goes to t + k.
// mirror swaps x and y: the reflection in the vertical axis, which fixes triangles 0 and 3.
//
// Directions (cube deltas): 0 east (1,-1,0), 1 north-east (1,0,-1), 2 north-west (0,1,-1),
// 3 west (-1,1,0), 4 south-west (-1,0,1), 5 south-east (0,-1,1).
//
// Thread-safety: board() returns an immutable table built on first use (a function-local static),
// safe to read from any thread.
#pragma once

#include "games/chinese_checkers/bits.h"

namespace hz::cc {

inline constexpr int kNumRows = 17;
inline constexpr int kGridSize = 17;
inline constexpr int kGridCells = kGridSize * kGridSize;
inline constexpr int kNumTriangles = 6;
inline constexpr int kNumDirections = 6;

struct Cube {
  int x = 0, y = 0, z = 0;
};

struct BoardTables {
  Cube cube[kNumHoles];
  int row[kNumHoles];       // 0..16 from the top (z + 8)
  int ordinal[kNumHoles];   // 0-based position within its row, from the left
  int row_start[kNumRows];  // hole index of each row's leftmost hole
  int row_length[kNumRows];
  int grid_cell[kNumHoles];      // row * 17 + (x + 8) in the 17x17 embedding
  int hole_of_cell[kGridCells];  // inverse of grid_cell; -1 where the cell is not a hole
  int triangle[kNumHoles];       // 0..5, or -1 for the central hexagon
  int neighbour[kNumHoles][kNumDirections];  // -1 off the board
  // Compact lists for move generation: steps (the neighbours) and hops (over, to) pairs.
  int num_neighbours[kNumHoles];
  int neighbours[kNumHoles][kNumDirections];
  HoleSet neighbour_set[kNumHoles];
  int num_hops[kNumHoles];
  int hop_over[kNumHoles][kNumDirections];
  int hop_to[kNumHoles][kNumDirections];
  int rotate[kNumTriangles][kNumHoles];  // rotate[k][h]: h turned k * 60 degrees clockwise
  int mirror[kNumHoles];                 // reflection in the vertical axis (x <-> y)
  HoleSet triangle_set[kNumTriangles];
};

const BoardTables& board();

// Hex distance: the number of single steps between two holes on an empty board.
int hex_distance(int a, int b);

// Hole index at cube coordinates, or -1 if that is not a hole of the star.
int hole_at(int x, int y, int z);

// Home region of the player whose triangle is `triangle`, for `pieces` = 10, 13 or 19:
// 10 = the triangle; 13 = + the middle 3 holes of the 5-hole hexagon row touching its base;
// 19 = + that whole row + the middle 4 holes of the next (6-hole) row. The goal region of a
// player is the home region of the opposite triangle (its mirror through the centre).
HoleSet home_region(int triangle, int pieces);

// The image of a set of holes under rotate[k].
HoleSet rotate_set(const HoleSet& s, int k);

}  // namespace hz::cc
