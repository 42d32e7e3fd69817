// JSON views of engine values for the browser board's API (docs/serve.md): the board geometry,
// positions and action points of games/geometry.h, the declared options of a game, and a
// search's output. nlohmann::json finds these to_json functions by argument-dependent lookup.
#pragma once

#include <nlohmann/json.hpp>

#include "core/options.h"
#include "games/geometry.h"
#include "search/agent.h"

namespace hz {

void to_json(nlohmann::json& out, const BoardGeometry& g);
void to_json(nlohmann::json& out, const BoardPosition& p);
void to_json(nlohmann::json& out, const ActionPoints& a);
void to_json(nlohmann::json& out, const OptionSpec& o);

namespace serve {

// Every legal action of `state` with its id, notation and points (empty when terminal).
nlohmann::json legal_actions_json(const AnyState& state);

// A search's output at `state`: per root action its notation, points, visits, visit share and
// value for the mover; the principal variation in notation; and `heat`, the visit share summed
// onto each point an action goes to (or, for a huff, removes), for a heat map.
nlohmann::json search_json(const AnyState& state, Action chosen, const SearchInfo& info);

}  // namespace serve
}  // namespace hz
