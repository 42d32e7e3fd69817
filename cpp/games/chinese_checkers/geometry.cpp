// Chinese Checkers' board for drawing: the 121-hole star with one point at the top, as
// to_string prints it (board.h), the lines of the hexagonal lattice, and each seated player's
// home and goal regions for the variant's piece count; per position each player's distance to
// a full goal.
#include "games/chinese_checkers/geometry.h"

#include <cmath>

#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/notation.h"
#include "games/chinese_checkers/scoring.h"
#include "games/geometry_adapter.h"

namespace hz {

using namespace cc;

namespace {

std::vector<int> holes_of(const HoleSet& set) {
  std::vector<int> out;
  for (int h = 0; h < kNumHoles; ++h)
    if (set.test(h)) out.push_back(h);
  return out;
}

BoardGeometry board(const ChineseCheckers& game) {
  BoardGeometry g;
  g.shape = "star";
  const BoardTables& t = cc::board();
  const double row_height = std::sqrt(3.0) / 2.0;  // neighbouring holes one unit apart
  for (int h = 0; h < kNumHoles; ++h) {
    const Cube& c = t.cube[h];
    g.points.push_back({hole_name(h), (c.x - c.y) / 2.0, -c.z * row_height});
    for (int d : {0, 4, 5})  // east, south-west, south-east: each line once, to a higher index
      if (t.neighbour[h][d] >= 0) g.lines.emplace_back(h, t.neighbour[h][d]);
  }
  static const char* const kPalette[kMaxPlayers] = {"#d62728", "#1f77b4", "#2ca02c",
                                                    "#ff7f0e", "#9467bd", "#8c564b"};
  for (int player = 0; player < game.num_players(); ++player) {
    g.regions.push_back({"home", player, holes_of(game.home(player))});
    g.regions.push_back({"goal", player, holes_of(game.goal(player))});
    g.player_names.push_back("Player " + std::to_string(player));
    g.colors.push_back(kPalette[player]);
  }
  return g;
}

BoardPosition position(const ChineseCheckersState& s) {
  BoardPosition pos;
  pos.owner.assign(kNumHoles, -1);
  PlayerMeasure goal_distance{"goal_distance", {}};
  for (int player = 0; player < s.game().num_players(); ++player) {
    for (int h : holes_of(s.pieces(player))) pos.owner[h] = player;
    // The engine's own end-of-game measure (scoring.h), so that analysis needs no copy of it.
    goal_distance.values.push_back(remaining_distance(s.pieces(player), s.game().goal(player)));
  }
  pos.measures.push_back(std::move(goal_distance));
  return pos;
}

ActionPoints action(const ChineseCheckersState&, Action a) {
  if (a == ChineseCheckers::kPass) return {"pass"};
  const int from = ChineseCheckers::action_from(a), to = ChineseCheckers::action_to(a);
  // One action is a whole turn: a step to a neighbour, or a chain of hops (notation.h).
  return {hex_distance(from, to) == 1 ? "step" : "jump", from, to};
}

}  // namespace

GeometryHooks chinese_checkers_geometry() {
  return make_geometry_hooks<ChineseCheckers>(board, position, action);
}

}  // namespace hz
