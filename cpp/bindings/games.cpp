// Python bindings for games (games/any_game.h, games/registry.h): the registry, variants and
// their shapes, symmetry maps over numpy arrays, batched observations and perft.
//
// Symmetries and indices given from Python are checked here (the engine's maps assume valid
// ones). Arrays returned are new and owned by numpy.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "games/registry.h"

namespace hz::py_bind {

namespace {

GameOptions options_from_kwargs(const py::kwargs& kwargs) {
  GameOptions options;
  for (const auto& item : kwargs) {
    const std::string key = py::str(item.first);
    py::handle v = item.second;
    std::string text;
    if (py::isinstance<py::bool_>(v))
      text = v.cast<bool>() ? "true" : "false";
    else if (py::isinstance<py::int_>(v) || py::isinstance<py::str>(v))
      text = py::str(v);
    else
      throw py::type_error("option '" + key + "' must be an int, bool or str, not " +
                           std::string(py::str(v.get_type().attr("__name__"))));
    options.set(key, text);
  }
  return options;
}

py::dict option_dict(const OptionSpec& o) {
  py::dict d;
  d["name"] = o.name;
  d["default"] = o.default_value;
  d["allowed"] = o.allowed;
  d["min"] = o.min_int;
  d["max"] = o.max_int;
  d["doc"] = o.doc;
  return d;
}

// The shape of one observation of `game`, checked against a float32 array of one or more.
py::array_t<float> transform_observation(const AnyGame& game, const py::array& in, int sym) {
  check_symmetry(game, sym);
  const ObservationShape s = game.observation_shape();
  auto obs = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(in);
  if (!obs) throw py::type_error("observation must be an array of numbers");
  const bool single = obs.ndim() == 3;
  if (!(single || obs.ndim() == 4) || obs.shape(obs.ndim() - 3) != s.planes ||
      obs.shape(obs.ndim() - 2) != s.height || obs.shape(obs.ndim() - 1) != s.width)
    fail("observation of shape ", py::str(py::tuple(in.attr("shape"))).cast<std::string>(),
         " given; ", game.full_name(), " needs (", s.planes, ", ", s.height, ", ", s.width,
         ") or a batch (N, ", s.planes, ", ", s.height, ", ", s.width, ")");
  py::array_t<float> out(std::vector<py::ssize_t>(obs.shape(), obs.shape() + obs.ndim()));
  const py::ssize_t n = single ? 1 : obs.shape(0);
  const float* src = obs.data();
  float* dst = out.mutable_data();
  {
    py::gil_scoped_release release;
    for (py::ssize_t i = 0; i < n; ++i)
      game.transform_observation(sym, src + i * s.size(), dst + i * s.size());
  }
  return out;
}

py::array_t<float> transform_policy(const AnyGame& game, const py::array& in, int sym) {
  check_symmetry(game, sym);
  auto policy = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(in);
  if (!policy) throw py::type_error("policy must be an array of numbers");
  const int n = game.num_actions();
  if (policy.ndim() != 1 || policy.shape(0) != n)
    fail("policy must be a 1-D array of num_actions() = ", n, " entries for ", game.full_name());
  py::array_t<float> out(n);
  const float* src = policy.data();
  float* dst = out.mutable_data();
  for (int i = 0; i < n; ++i) dst[game.transform_policy_index(sym, i)] = src[i];
  return out;
}

// Observations of many states of `game` as one (N, planes, height, width) array.
py::array_t<float> batch_observations(const AnyGame& game, const py::sequence& states) {
  std::vector<const AnyState*> items;
  items.reserve(py::len(states));
  for (py::handle h : states) {
    if (!py::isinstance<AnyState>(h))
      throw py::type_error("observations() takes a sequence of hopzero.State, got a " +
                           std::string(py::str(h.get_type().attr("__name__"))));
    const AnyState& s = h.cast<const AnyState&>();
    check_same_variant(game, s, "observations()");
    items.push_back(&s);
  }
  const ObservationShape s = game.observation_shape();
  py::array_t<float> out({static_cast<py::ssize_t>(items.size()), py::ssize_t{s.planes},
                          py::ssize_t{s.height}, py::ssize_t{s.width}});
  float* dst = out.mutable_data();
  {
    py::gil_scoped_release release;
    for (size_t i = 0; i < items.size(); ++i) items[i]->observation(dst + i * s.size());
  }
  return out;
}

}  // namespace

namespace {

using GameClass = py::class_<AnyGame, std::shared_ptr<AnyGame>>;

uint64_t perft_of(const AnyGame& g, const AnyState& s, int depth) {
  if (depth < 0 || depth > 64) fail("perft depth ", depth, " is out of range [0, 64]");
  check_same_variant(g, s, "perft()");
  py::gil_scoped_release release;
  return g.perft(s, depth);
}

int transform_policy_index(const AnyGame& g, const ActionArg& i, int sym) {
  check_symmetry(g, sym);
  const int index = i.checked(g.num_actions(), "policy index");
  if (index < 0 || index >= g.num_actions())
    fail("policy index ", index, " is out of range [0, ", g.num_actions(), ")");
  return g.transform_policy_index(sym, index);
}

// Equality and hashing by full name, pickling by name and options, and repr.
void bind_game_protocols(GameClass& game) {
  game.def("__eq__",
           [](const AnyGame& a, py::object b) {
             return py::isinstance<AnyGame>(b) &&
                    a.full_name() == b.cast<const AnyGame&>().full_name();
           })
      .def("__hash__", [](const AnyGame& g) { return py::hash(py::str(g.full_name())); })
      .def(py::pickle(
          [](const AnyGame& g) { return py::make_tuple(g.name(), g.options().values()); },
          [](const py::tuple& t) {
            if (t.size() != 2) fail("cannot unpickle a Game from ", t.size(), " fields");
            GameOptions o;
            for (const auto& [k, v] : t[1].cast<std::map<std::string, std::string>>()) o.set(k, v);
            return make_game(t[0].cast<std::string>(), o);
          }))
      .def("__repr__", [](const AnyGame& g) { return "<hopzero.Game " + g.full_name() + ">"; });
}

void bind_game_class(py::module_& m) {
  GameClass game(
      m, "Game",
      "A game variant (rules and options fixed): its shapes, its start position and the maps\n"
      "of its symmetries. Make one with hopzero.make(name, **options). Immutable; may be\n"
      "shared across threads.");
  game.def_property_readonly("name", &AnyGame::name, "Registered name, e.g. 'jumpers'.")
      .def_property_readonly("full_name", &AnyGame::full_name,
                             "Name with the resolved options, e.g. 'jumpers(size=6)'.")
      .def_property_readonly(
          "options", [](const AnyGame& g) { return g.options().values(); },
          "Resolved rule options as a dict of text values.")
      .def("num_players", &AnyGame::num_players, "Number of players (seats 0..n-1).")
      .def("num_actions", &AnyGame::num_actions,
           "Size of the action id space (and of the policy vector).")
      .def(
          "observation_shape",
          [](const AnyGame& g) {
            auto s = g.observation_shape();
            return py::make_tuple(s.planes, s.height, s.width);
          },
          "(planes, height, width) of State.observation().")
      .def("max_game_length", &AnyGame::max_game_length, "Upper bound on actions in one game.")
      .def("num_symmetries", &AnyGame::num_symmetries,
           "Symmetries of the canonical view (0 is the identity).")
      .def("new_initial_state", &AnyGame::new_initial_state, "The start position of this variant.")
      .def("deserialize_state", &AnyGame::deserialize_state, py::arg("text"),
           "The state written by State.serialize(); malformed text raises ValueError.")
      .def("perft", &perft_of, py::arg("state"), py::arg("depth"),
           "Number of complete-turn sequences of `depth` turns from `state` (GIL released).")
      .def("transform_observation", &transform_observation, py::arg("observation"),
           py::arg("symmetry"),
           "An observation (planes, height, width), or a batch of them, under a symmetry.")
      .def("transform_policy_index", &transform_policy_index, py::arg("index"), py::arg("symmetry"),
           "Where a canonical policy index goes under a symmetry.")
      .def("transform_policy", &transform_policy, py::arg("policy"), py::arg("symmetry"),
           "A policy vector (num_actions entries, canonical indices) under a symmetry.")
      .def("geometry", &geometry_dict,
           "The board for drawing, from the engine (games/geometry.h): a dict with 'shape',\n"
           "'points' (dicts of 'name' in notation, 'x', 'y'; y up, neighbours one unit apart),\n"
           "'lines' (pairs of point indices), 'regions' (dicts of 'kind' home|goal, 'player',\n"
           "'points'), 'player_names' and 'colors' (one per player).")
      .def("observations", &batch_observations, py::arg("states"),
           "Observations of a sequence of states of this variant, as (N, planes, height, width).");
  bind_game_protocols(game);
}

// The registry's functions: make(), game_names() and what each game registers.
void bind_game_registry(py::module_& m) {
  m.def(
      "make",
      [](const std::string& name, const py::kwargs& kwargs) {
        return make_game(name, options_from_kwargs(kwargs));
      },
      py::arg("name"),
      "make(name, **options): a game variant, e.g. make('jumpers', size=8). Unknown names,\n"
      "options or values raise ValueError listing the valid ones.");
  m.def("game_names", &game_names, "Names of every registered game.");
  m.def(
      "game_options",
      [](const std::string& name) {
        py::list out;
        for (const auto& o : game_info(name).options) out.append(option_dict(o));
        return out;
      },
      py::arg("name"),
      "The declared rule options of a game: dicts with name, default, allowed, min, max, doc.");
  m.def(
      "game_test_variants",
      [](const std::string& name) {
        py::list out;
        for (const GameOptions& o : game_info(name).test_variants) out.append(o.values());
        return out;
      },
      py::arg("name"),
      "The variants a game registers for tests (GameInfo::test_variants): dicts of option\n"
      "name -> value text, each a valid make(name, **options).");
  m.def(
      "game_description", [](const std::string& name) { return game_info(name).description; },
      py::arg("name"), "One-paragraph description of a registered game.");
}

}  // namespace

void bind_games(py::module_& m) {
  bind_game_class(m);
  bind_game_registry(m);
}

}  // namespace hz::py_bind
