// Alquerque's board for drawing: the 5 x 5 points, White's rank 1 at the bottom, the orthogonal
// lines and the diagonals of the variant (alquerque.h). No home or goal regions.
#include "games/alquerque/geometry.h"

#include "games/alquerque/alquerque.h"
#include "games/geometry_adapter.h"

namespace hz {

using namespace alquerque;

namespace {

// The point k segments from p in direction d, or -1 off the board.
int along(int p, int d, int k) {
  const int r = row_of(p) + k * kDr[d], c = col_of(p) + k * kDc[d];
  return r < 0 || r >= kSide || c < 0 || c >= kSide ? -1 : r * kSide + c;
}

BoardGeometry board(const Alquerque& game) {
  BoardGeometry g;
  g.shape = "square";
  for (int p = 0; p < kPoints; ++p) {
    // Notation (alquerque.h): column letter a-e, rank = 5 - row.
    const std::string name = {static_cast<char>('a' + col_of(p)),
                              static_cast<char>('0' + kSide - row_of(p))};
    g.points.push_back(
        {name, static_cast<double>(col_of(p)), static_cast<double>(kSide - 1 - row_of(p))});
    for (int d : {2, 3, 4, 5})  // E, SE, S, SW: each line once, to a higher index
      if (game.has_line(p, d)) g.lines.emplace_back(p, p + kDelta[d]);
  }
  g.player_names = {"White", "Black"};
  g.colors = {"#f4f1e8", "#222222"};
  return g;
}

BoardPosition position(const AlquerqueState& s) {
  BoardPosition pos;
  pos.owner.assign(kPoints, -1);
  for (int player = 0; player < 2; ++player)
    for (int p = 0; p < kPoints; ++p)
      if (has(s.pieces(player), p)) pos.owner[p] = player;
  pos.active = s.chain_point();
  return pos;
}

ActionPoints action(const AlquerqueState&, Action a) {
  if (a == kStop) return {"stop"};
  if (a >= kHuffBase) return {"huff", -1, a - kHuffBase};
  if (a < kJumpBase) return {"step", a / kDirs, along(a / kDirs, a % kDirs, 1)};
  const int from = (a - kJumpBase) / kDirs, d = (a - kJumpBase) % kDirs;
  return {"capture", from, along(from, d, 2), along(from, d, 1)};
}

}  // namespace

GeometryHooks alquerque_geometry() {
  return make_geometry_hooks<Alquerque>(board, position, action);
}

}  // namespace hz
