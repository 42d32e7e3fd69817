// The pybind11 module hopzero._core: games and states (this file); agents and the rest are
// bound in sibling files, each adding to the module through a bind_* function.
//
// Errors: hz::Error becomes ValueError with the same message. Observations and masks come back
// as numpy arrays that own their memory.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "core/error.h"
#include "games/registry.h"

namespace py = pybind11;

namespace hz::py_bind {

static GameOptions options_from_kwargs(const py::kwargs& kwargs) {
  GameOptions options;
  for (const auto& item : kwargs) {
    const std::string key = py::str(item.first);
    py::handle v = item.second;
    std::string text;
    if (py::isinstance<py::bool_>(v))
      text = v.cast<bool>() ? "true" : "false";
    else
      text = py::str(v);
    options.set(key, text);
  }
  return options;
}

static py::array_t<float> observation_array(const AnyState& s) {
  const ObservationShape shape = s.game().observation_shape();
  py::array_t<float> out({shape.planes, shape.height, shape.width});
  s.observation(out.mutable_data());
  return out;
}

void bind_games(py::module_& m) {
  py::class_<AnyGame, std::shared_ptr<AnyGame>>(m, "Game", "A game variant: its rules and shapes.")
      .def_property_readonly("name", &AnyGame::name)
      .def_property_readonly("options", [](const AnyGame& g) { return g.options().values(); })
      .def("num_players", &AnyGame::num_players)
      .def("num_actions", &AnyGame::num_actions)
      .def("observation_shape",
           [](const AnyGame& g) {
             auto s = g.observation_shape();
             return py::make_tuple(s.planes, s.height, s.width);
           })
      .def("max_game_length", &AnyGame::max_game_length)
      .def("num_symmetries", &AnyGame::num_symmetries)
      .def("new_initial_state", &AnyGame::new_initial_state, "The start position of this variant.")
      .def("deserialize_state", &AnyGame::deserialize_state, py::arg("text"))
      .def("perft", &AnyGame::perft, py::arg("state"), py::arg("depth"),
           py::call_guard<py::gil_scoped_release>())
      .def("__repr__", [](const AnyGame& g) { return "<hopzero.Game " + g.full_name() + ">"; });

  py::class_<AnyState>(m, "State", "A position; apply() changes it in place.")
      .def("current_player", &AnyState::current_player,
           "The player to move, or -1 when the game is over.")
      .def("is_terminal", &AnyState::is_terminal)
      .def("move_number", &AnyState::move_number)
      .def("legal_actions", &AnyState::legal_actions)
      .def("legal_mask",
           [](const AnyState& s) {
             auto mask = s.legal_mask();
             py::array_t<bool> out(static_cast<py::ssize_t>(mask.size()));
             auto* d = out.mutable_data();
             for (size_t i = 0; i < mask.size(); ++i) d[i] = mask[i] != 0;
             return out;
           })
      .def("is_legal", &AnyState::is_legal, py::arg("action"))
      .def("apply", &AnyState::apply, py::arg("action"),
           "Apply one action; an illegal action raises ValueError and leaves the state as it was.")
      .def("returns",
           [](const AnyState& s) {
             const PlayerValues r = s.returns();
             return std::vector<float>(r.begin(), r.begin() + s.game().num_players());
           })
      .def("observation", &observation_array,
           "float32 array (planes, height, width) in the view of the player to move.")
      .def("policy_index", &AnyState::policy_index, py::arg("action"))
      .def("action_from_policy_index", &AnyState::action_from_policy_index, py::arg("index"))
      .def("hash", &AnyState::hash)
      .def("action_to_string", &AnyState::action_to_string, py::arg("action"))
      .def("string_to_action", &AnyState::parse_action, py::arg("text"))
      .def("turn_to_string", &AnyState::turn_to_string, py::arg("actions"))
      .def("parse_turn", &AnyState::parse_turn, py::arg("text"))
      .def("serialize", &AnyState::serialize)
      .def("transformed", &AnyState::transformed, py::arg("symmetry"))
      .def("clone", &AnyState::clone)
      .def("__copy__", &AnyState::clone)
      .def("__deepcopy__", [](const AnyState& s, py::dict) { return s.clone(); })
      .def("__eq__", [](const AnyState& a, const AnyState& b) { return a.equals(b); })
      .def("__str__", &AnyState::to_string)
      .def("__repr__", [](const AnyState& s) {
        return "<hopzero.State " + s.game().name() + " " + s.serialize() + ">";
      });
  // Keep the game alive while a state exists: states hold a shared pointer to their game.

  m.def(
      "make",
      [](const std::string& name, const py::kwargs& kwargs) {
        return make_game(name, options_from_kwargs(kwargs));
      },
      py::arg("name"), "make(name, **options): a game variant, e.g. make('jumpers', size=8).");
  m.def("game_names", &game_names, "Names of every registered game.");
  m.def(
      "game_options",
      [](const std::string& name) {
        py::list out;
        for (const auto& o : game_info(name).options) {
          py::dict d;
          d["name"] = o.name;
          d["default"] = o.default_value;
          d["allowed"] = o.allowed;
          d["min"] = o.min_int;
          d["max"] = o.max_int;
          d["doc"] = o.doc;
          out.append(d);
        }
        return out;
      },
      py::arg("name"), "The declared rule options of a game.");
}

}  // namespace hz::py_bind

PYBIND11_MODULE(_core, m) {
  m.doc() = "hopzero C++ engine: games, agents and tools.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const hz::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  hz::py_bind::bind_games(m);
  hz::py_bind::bind_agents(m);
  hz::py_bind::bind_records(m);
}
