#include "serve/json_views.h"

#include <algorithm>

#include "games/any_game.h"

namespace hz {

using nlohmann::json;

void to_json(json& out, const BoardGeometry& g) {
  out = json::object();
  out["shape"] = g.shape;
  json points = json::array();
  for (const BoardPoint& p : g.points) points.push_back({{"name", p.name}, {"x", p.x}, {"y", p.y}});
  out["points"] = std::move(points);
  json lines = json::array();
  for (const auto& [a, b] : g.lines) lines.push_back({a, b});
  out["lines"] = std::move(lines);
  json regions = json::array();
  for (const BoardRegion& r : g.regions)
    regions.push_back({{"kind", r.kind}, {"player", r.player}, {"points", r.points}});
  out["regions"] = std::move(regions);
  out["player_names"] = g.player_names;
  out["colors"] = g.colors;
}

namespace {
// A point index, or null for "no point" (-1 in the engine).
json point_or_null(int p) {
  return p >= 0 ? json(p) : json(nullptr);
}
}  // namespace

void to_json(json& out, const BoardPosition& p) {
  out = {{"owner", p.owner}, {"reserves", p.reserves}, {"active", point_or_null(p.active)}};
}

void to_json(json& out, const ActionPoints& a) {
  out = {{"kind", a.kind},
         {"from", point_or_null(a.from)},
         {"to", point_or_null(a.to)},
         {"over", point_or_null(a.over)}};
}

void to_json(json& out, const OptionSpec& o) {
  out = {{"name", o.name},   {"default", o.default_value}, {"allowed", o.allowed},
         {"min", o.min_int}, {"max", o.max_int},           {"doc", o.doc}};
}

namespace serve {

namespace {
// A value for the mover as one entry per player: in a two-player game the other's is its
// negation (returns are zero-sum); with more players the search reports only the mover's, so
// the others are null.
json player_values(const AnyState& state, float mover_value) {
  const int n = state.game().num_players(), mover = state.current_player();
  json out = json::array();
  for (int p = 0; p < n; ++p) {
    if (p == mover)
      out.push_back(mover_value);
    else if (n == 2)
      out.push_back(-mover_value);
    else
      out.push_back(nullptr);
  }
  return out;
}
}  // namespace

json legal_actions_json(const AnyState& state) {
  json out = json::array();
  for (Action a : state.legal_actions()) {
    json entry = action_points(state, a);
    entry["id"] = a;
    entry["text"] = state.action_to_string(a);
    out.push_back(std::move(entry));
  }
  return out;
}

json search_json(const AnyState& state, Action chosen, const SearchInfo& info) {
  const int num_points = static_cast<int>(board_position(state).owner.size());
  std::vector<double> heat(num_points, 0.0);
  long total = 0;
  for (int v : info.visits) total += v;
  json moves = json::array();
  for (size_t i = 0; i < info.actions.size(); ++i) {
    const Action a = info.actions[i];
    const int visits = i < info.visits.size() ? info.visits[i] : 0;
    const double share = total > 0 ? static_cast<double>(visits) / total : 0.0;
    json entry = action_points(state, a);
    entry["id"] = a;
    entry["text"] = state.action_to_string(a);
    entry["visits"] = visits;
    entry["share"] = share;
    if (i < info.values.size()) {
      entry["value"] = info.values[i];
      entry["player_values"] = player_values(state, info.values[i]);
    }
    const json& to = entry["to"];
    if (to.is_number_integer() && to.get<int>() < num_points) heat[to.get<int>()] += share;
    moves.push_back(std::move(entry));
  }
  std::stable_sort(moves.begin(), moves.end(), [](const json& a, const json& b) {
    return a["visits"].get<int>() > b["visits"].get<int>();
  });
  // The principal variation in notation, each action read in the state it is played in.
  json pv = json::array();
  auto walk = state.clone();
  for (Action a : info.principal_variation) {
    if (walk->is_terminal() || !walk->is_legal(a)) break;
    pv.push_back(
        {{"id", a}, {"player", walk->current_player()}, {"text", walk->action_to_string(a)}});
    walk->apply(a);
  }
  return {{"best", chosen},
          {"best_text", state.action_to_string(chosen)},
          {"mover", state.current_player()},
          {"root_value", info.root_value},
          {"root_player_values", player_values(state, info.root_value)},
          {"total_visits", total},
          {"moves", std::move(moves)},
          {"principal_variation", std::move(pv)},
          {"heat", std::move(heat)}};
}

}  // namespace serve
}  // namespace hz
