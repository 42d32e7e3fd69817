// Board geometry for drawing and analysis: where each point of a variant's board is, its name
// in the notation, the lines that join points, the players' regions; per state who stands
// where; per action the points it touches. The browser board (hopzero serve) and the Python
// module (game.geometry()) draw every game from this, so nothing outside a game's folder has
// to know its shape.
//
// Each game provides its geometry from its own folder: a GeometryHooks value set as
// GameInfo::geometry in its info.cpp (games/geometry_adapter.h turns functions over the
// concrete game and state into hooks). The functions below look the hooks up by game name and
// fail with an hz::Error when a game has none.
//
// Coordinates: x grows to the right and y grows upwards, in units of the distance between
// neighbouring points (a drawing flips y for the screen). Not hot paths: all of this allocates.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "games/game.h"

namespace hz {

class AnyGame;
class AnyState;

struct BoardPoint {
  std::string name;  // as in the game's notation ("c3", "q1")
  double x = 0.0, y = 0.0;
};

// A set of points that belongs to a player: kind "home" (where its pieces start) or "goal"
// (where they must go). Games without such regions have none.
struct BoardRegion {
  std::string kind;
  int player = 0;
  std::vector<int> points;
};

struct BoardGeometry {
  std::string shape;                       // "square", "rhombus", "star": a word for people
  std::vector<BoardPoint> points;          // index = the engine's point index
  std::vector<std::pair<int, int>> lines;  // board lines between neighbouring points (a < b)
  std::vector<BoardRegion> regions;
  std::vector<std::string> player_names;  // one per player
  std::vector<std::string> colors;        // "#rrggbb" per player
};

// One of a game's own measures of a position, one value per player (e.g. Chinese Checkers'
// "goal_distance": the steps its pieces still need to fill the goal, games/chinese_checkers/
// scoring.h). Analysis code reads these instead of re-deriving them from the points.
struct PlayerMeasure {
  std::string name;
  std::vector<double> values;  // per player
};

// Who stands where in one state.
struct BoardPosition {
  std::vector<int> owner;     // per point: the player whose piece stands there, or -1
  std::vector<int> reserves;  // pieces in reserve per player; empty if the game has none
  int active = -1;            // the piece that must go on (a capture or hop chain), or -1
  // The game's own measures; empty if it has none.
  std::vector<PlayerMeasure> measures;
};

// The points one action touches. kind: "step", "jump" (over an own piece), "capture", "birth",
// "stop", "huff", "pass". A step or jump has from and to; a capture also `over`; a birth only
// `to` (where the piece is born); a huff only `to` (the piece removed); stop and pass none.
struct ActionPoints {
  std::string kind;
  int from = -1, to = -1, over = -1;
};

struct GeometryHooks {
  std::function<BoardGeometry(const AnyGame&)> board;
  std::function<BoardPosition(const AnyState&)> position;
  // The action id is in range (checked by action_points()); it need not be legal.
  std::function<ActionPoints(const AnyState&, Action)> action;
  explicit operator bool() const { return board && position && action; }
};

BoardGeometry board_geometry(const AnyGame& game);
BoardPosition board_position(const AnyState& state);
// Throws hz::Error when `action` is outside [0, num_actions()).
ActionPoints action_points(const AnyState& state, Action action);

}  // namespace hz
