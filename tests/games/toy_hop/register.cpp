// toy_hop's registry entry and its registration, with its alpha-beta agents (heuristic.h): the one
// place the game is made known (see docs/adding_a_game.md; a game of cpp/games/ has this entry in
// games/<game>/info.cpp and the registration in engine/<game>/register.cpp, because of the layers).
#include "engine/adapter_impl.h"
#include "games/geometry_adapter.h"
#include "games/registry.h"
#include "heuristic.h"
#include "search/heuristic_agents_impl.h"
#include "toy_hop.h"

namespace hz::toy_hop {
namespace {

BoardGeometry board(const ToyHop& game) {
  BoardGeometry g;
  g.shape = "line";
  for (int cell = 0; cell < game.length(); ++cell) {
    g.points.push_back({game.cell_name(cell), static_cast<double>(cell), 0.0});
    if (cell) g.lines.emplace_back(cell - 1, cell);
  }
  for (int player = 0; player < 2; ++player) {
    const std::array<int, 2> home = game.start_cells(player), goal = game.start_cells(1 - player);
    g.regions.push_back({"home", player, {home[0], home[1]}});
    g.regions.push_back({"goal", player, {goal[0], goal[1]}});
  }
  g.player_names = {"Left", "Right"};
  g.colors = {"#1f77b4", "#ff7f0e"};
  return g;
}

BoardPosition position(const ToyHopState& s) {
  BoardPosition pos;
  for (int cell = 0; cell < s.game().length(); ++cell) pos.owner.push_back(s.owner(cell));
  return pos;
}

ActionPoints action(const ToyHopState& s, Action a) {
  const int to = s.target(a);
  if (to < 0) return {"step", a, -1};  // not legal here: only the piece's cell is known
  if (to == a + 1 || to == a - 1) return {"step", a, to};
  return {"jump", a, to, (a + to) / 2};
}

GameInfo toy_hop_info() {
  GameInfo info;
  info.name = "toy_hop";
  info.description = "toy_hop, a test game: race two pieces along a line, stepping or hopping";
  info.options = {{"length", "7", {"5", "7", "9"}, 0, 0, "number of cells of the line"}};
  info.test_variants = {{{"length", "5"}}, {{"length", "7"}}, {{"length", "9"}}};
  info.bench_variants = {{}};
  info.piece_symbols = {"L", "R"};
  info.geometry = make_geometry_hooks<ToyHop>(board, position, action);
  return info;
}

}  // namespace

HZ_REGISTER_GAME(with_adapter<ToyHop>(toy_hop_info()));

}  // namespace hz::toy_hop

HZ_REGISTER_HEURISTIC_AGENTS(hz::toy_hop::ToyHop);
