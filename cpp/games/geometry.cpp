#include "games/geometry.h"

#include "games/registry.h"

namespace hz {

namespace {
const GeometryHooks& hooks_of(const AnyGame& game) {
  const GeometryHooks& hooks = game_info(game.name()).geometry;
  if (!hooks) fail("game '", game.name(), "' registered no board geometry (GameInfo::geometry)");
  return hooks;
}
}  // namespace

BoardGeometry board_geometry(const AnyGame& game) {
  return hooks_of(game).board(game);
}

BoardPosition board_position(const AnyState& state) {
  return hooks_of(state.game()).position(state);
}

ActionPoints action_points(const AnyState& state, Action action) {
  const int n = state.game().num_actions();
  if (action < 0 || action >= n)
    fail("action id ", action, " is out of range [0, ", n, ") for ", state.game().full_name());
  return hooks_of(state.game()).action(state, action);
}

}  // namespace hz
