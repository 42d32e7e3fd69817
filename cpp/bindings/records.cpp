// Python bindings for game records (eval/record.h): the record type, parsing (which replays and
// validates), formatting, replay into states and building a record from a game's actions.
// Invalid records raise ValueError naming the line or the action.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "eval/record.h"
#include "games/registry.h"

namespace py = pybind11;

namespace hz::py_bind {

void bind_records(py::module_& m) {
  py::class_<GameRecord>(m, "GameRecord", "A played game: variant, players, turns, result.")
      .def(py::init<>(), "An empty record; fill its fields, or use record_from_actions().")
      .def_readwrite("game", &GameRecord::game, "Registered game name.")
      .def_property(
          "options", [](const GameRecord& r) { return r.options.values(); },
          [](GameRecord& r, const std::map<std::string, std::string>& o) {
            r.options = GameOptions();
            for (const auto& [k, v] : o) r.options.set(k, v);
          },
          "Rule options of the variant (dict of text values).")
      .def_readwrite("players", &GameRecord::players, "Agent spec (or 'human') per player.")
      .def_readwrite("turns", &GameRecord::turns, "Action ids of each complete turn.")
      .def_readwrite("turn_players", &GameRecord::turn_players, "The player of each turn.")
      .def_readwrite("comments", &GameRecord::comments, "A comment per turn (may be empty).")
      .def_readwrite("result", &GameRecord::result,
                     "Returns per player when the game ended, else None.");
  m.def("parse_record", &parse_record, py::arg("text"), py::arg("source") = "<record>",
        "Parses and validates a record by replaying it; errors name the line and the reason.");
  m.def(
      "format_record",
      [](const GameRecord& r) { return format_record(*make_game(r.game, r.options), r); },
      py::arg("record"), "The record as text in the format of docs/formats.md.");
  m.def("replay_record", &replay_record, py::arg("record"),
        "Every state of the game: [initial, after turn 1, ...].");
  m.def(
      "record_from_actions",
      [](const AnyGame& game, const py::iterable& action_items,
         const std::vector<std::string>& players, const std::vector<std::string>& comments) {
        std::vector<Action> actions;
        for (py::handle h : action_items)
          actions.push_back(h.cast<ActionArg>().checked(game.num_actions()));
        RecordBuilder builder(game, players);
        auto state = game.new_initial_state();
        for (size_t i = 0; i < actions.size(); ++i) {
          builder.add_action(*state, actions[i], i < comments.size() ? comments[i] : "");
          state->apply(actions[i]);
        }
        return builder.finish(*state);
      },
      py::arg("game"), py::arg("actions"), py::arg("players"),
      py::arg("comments") = std::vector<std::string>{},
      "Builds a record from the actions of a game (grouped into turns), one comment per action.");
}

}  // namespace hz::py_bind
