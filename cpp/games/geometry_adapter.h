// Turns a game's geometry functions over its concrete classes into the type-erased
// GeometryHooks of games/geometry.h. Included by each game's geometry.cpp.
#pragma once

#include "games/adapter.h"
#include "games/geometry.h"

namespace hz {

template <class G>
GeometryHooks make_geometry_hooks(BoardGeometry (*board)(const G&),
                                  BoardPosition (*position)(const typename G::State&),
                                  ActionPoints (*action)(const typename G::State&, Action)) {
  GeometryHooks hooks;
  hooks.board = [board](const AnyGame& game) {
    const auto* typed = dynamic_cast<const GameAdapter<G>*>(&game);
    if (!typed) fail("geometry of game '", game.name(), "' asked of another game's hooks");
    return board(typed->game());
  };
  hooks.position = [position](const AnyState& state) { return position(state_of<G>(state)); };
  hooks.action = [action](const AnyState& state, Action a) {
    return action(state_of<G>(state), a);
  };
  return hooks;
}

}  // namespace hz
