// Python views of the board geometry (games/geometry.h) as plain dicts and lists, so that
// drawing code in Python reads the engine's geometry instead of re-deriving it. A point that
// an action or position does not have is None.
#include "games/geometry.h"

#include <pybind11/stl.h>

#include "bindings/bindings.h"

namespace hz::py_bind {

namespace {
py::object point_or_none(int p) {
  return p >= 0 ? py::object(py::int_(p)) : py::object(py::none());
}
}  // namespace

py::dict geometry_dict(const AnyGame& game) {
  const BoardGeometry g = board_geometry(game);
  py::list points, lines, regions;
  for (const BoardPoint& p : g.points) {
    py::dict d;
    d["name"] = p.name;
    d["x"] = p.x;
    d["y"] = p.y;
    points.append(d);
  }
  for (const auto& [a, b] : g.lines) lines.append(py::make_tuple(a, b));
  for (const BoardRegion& r : g.regions) {
    py::dict d;
    d["kind"] = r.kind;
    d["player"] = r.player;
    d["points"] = r.points;
    regions.append(d);
  }
  py::dict out;
  out["shape"] = g.shape;
  out["points"] = points;
  out["lines"] = lines;
  out["regions"] = regions;
  out["player_names"] = g.player_names;
  out["colors"] = g.colors;
  return out;
}

py::dict position_dict(const AnyState& state) {
  const BoardPosition p = board_position(state);
  py::dict out;
  out["owner"] = p.owner;
  out["reserves"] = p.reserves;
  out["active"] = point_or_none(p.active);
  py::dict measures;
  for (const PlayerMeasure& m : p.measures) measures[py::str(m.name)] = m.values;
  out["measures"] = measures;
  return out;
}

py::dict action_points_dict(const AnyState& state, Action action) {
  const ActionPoints a = action_points(state, action);
  py::dict out;
  out["kind"] = a.kind;
  out["from"] = point_or_none(a.from);
  out["to"] = point_or_none(a.to);
  out["over"] = point_or_none(a.over);
  return out;
}

}  // namespace hz::py_bind
