// Jumpers' board for drawing: the N x N grid turned 45 degrees into a rhombus, A1 (Red's home
// corner) at the bottom, columns rising to the right and rows rising to the left; the homes are
// the start blocks of the two players; reserves beside the board.
#include "games/jumpers/geometry.h"

#include <cmath>

#include "games/geometry_adapter.h"
#include "games/jumpers/jumpers.h"

namespace hz {

using namespace jumpers;

namespace {

BoardGeometry board(const Jumpers& game) {
  BoardGeometry g;
  g.shape = "rhombus";
  const int n = game.side();
  const double unit = 1.0 / std::sqrt(2.0);  // neighbouring points one unit apart
  for (int p = 0; p < game.points(); ++p) {
    const int r = p / n, c = p % n;
    g.points.push_back({game.point_name(p), (c - r) * unit, (c + r) * unit});
    for (int d : {kRight, kUp})
      if (game.neighbour(p, d) >= 0) g.lines.emplace_back(p, game.neighbour(p, d));
  }
  const JumpersState start = game.initial_state();
  for (int player = 0; player < 2; ++player) {
    BoardRegion home{"home", player, {}};
    for_each_point(start.pieces(player), [&](int p) { home.points.push_back(p); });
    g.regions.push_back(std::move(home));
  }
  g.player_names = {"Red", "Turquoise"};
  g.colors = {"#d62728", "#17becf"};
  return g;
}

BoardPosition position(const JumpersState& s) {
  BoardPosition pos;
  pos.owner.assign(s.game().points(), -1);
  for (int player = 0; player < 2; ++player)
    for_each_point(s.pieces(player), [&](int p) { pos.owner[p] = player; });
  pos.reserves = {s.reserve(0), s.reserve(1)};
  pos.active = s.moving_piece();
  return pos;
}

ActionPoints action(const JumpersState& s, Action a) {
  const Jumpers& g = s.game();
  if (a == g.stop_action()) return {"stop"};
  if (g.is_birth(a)) return {"birth", -1, a - 4 * g.points()};
  const int from = a / kNumDirs, d = a % kNumDirs;
  const int over = g.neighbour(from, d), to = g.jump_target(from, d);
  // A hop over an enemy piece captures it; over an own piece it is a jump (jumpers.h).
  const bool capture = over >= 0 && has(s.pieces(1 - s.player_to_move()), over);
  return {capture ? "capture" : "jump", from, to, over};
}

}  // namespace

GeometryHooks jumpers_geometry() {
  return make_geometry_hooks<Jumpers>(board, position, action);
}

}  // namespace hz
