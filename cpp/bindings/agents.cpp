// Python bindings for agents (search/agent.h): building them from specs, asking them for moves,
// reading what their search found (SearchInfo), and whole games played in C++.
//
// The GIL is released while an agent thinks (select_action, play_game), so Python threads can
// run several agents at once. An agent is used by one thread at a time: a second concurrent
// call on the same agent raises ValueError instead of corrupting its search tree. States are
// checked to belong to the agent's game variant before any engine code sees them.
//
// SearchInfo arrays (actions, visits, values) are read-only numpy views of the C++ vectors,
// kept alive by the SearchInfo object they view.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <optional>
#include <set>

#include "bindings/bindings.h"
#include "search/agent.h"

namespace hz::py_bind {

namespace {

// An agent with its game and spec, and the flag that keeps two threads out of it.
struct AgentHandle {
  std::shared_ptr<AnyGame> game;
  std::string spec;
  std::unique_ptr<Agent> agent;
  std::atomic<bool> busy{false};
};

}  // namespace
}  // namespace hz::py_bind

// Refuses an Agent made by __new__ without a constructor (bindings.h).
template <>
class pybind11::detail::type_caster<hz::py_bind::AgentHandle>
    : public initialised_only_caster<hz::py_bind::AgentHandle> {};

namespace hz::py_bind {
namespace {

// Marks agents busy for the lifetime of the guard; throws if one already is.
class BusyGuard {
 public:
  explicit BusyGuard(const std::vector<AgentHandle*>& agents) {
    for (AgentHandle* a : agents) {
      if (a->busy.exchange(true)) {
        release();
        fail("agent '", a->spec, "' is already thinking in another thread");
      }
      held_.push_back(a);
    }
  }
  ~BusyGuard() { release(); }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  void release() {
    for (AgentHandle* a : held_) a->busy.store(false);
    held_.clear();
  }
  std::vector<AgentHandle*> held_;
};

Action select_action(AgentHandle& h, const AnyState& state) {
  check_same_variant(*h.game, state, ("agent '" + h.spec + "'").c_str());
  if (state.is_terminal()) fail("agent '", h.spec, "' was asked to move in a finished game");
  BusyGuard guard({&h});
  py::gil_scoped_release release;
  return h.agent->select_action(state);
}

// Plays one game from `start` (or the initial state) to the end with one agent per player, in at
// most `limit` actions.
py::tuple play_game(const std::shared_ptr<AnyGame>& game, const std::vector<AgentHandle*>& agents,
                    const AnyState* start, long limit) {
  if (static_cast<int>(agents.size()) != game->num_players())
    fail(game->full_name(), " needs ", game->num_players(), " agents, got ", agents.size());
  for (AgentHandle* a : agents) {
    if (!a) throw py::type_error("play_game() needs Agent objects, not None");
    if (a->game->full_name() != game->full_name())
      fail("agent '", a->spec, "' was made for ", a->game->full_name(), ", not ",
           game->full_name());
  }
  if (start) check_same_variant(*game, *start, "play_game()");
  const std::set<AgentHandle*> unique(agents.begin(), agents.end());
  BusyGuard guard(std::vector<AgentHandle*>(unique.begin(), unique.end()));
  std::vector<Action> actions;
  std::unique_ptr<AnyState> state;
  {
    py::gil_scoped_release release;
    state = start ? start->clone() : game->new_initial_state();
    for (AgentHandle* a : unique) a->agent->reset();
    while (!state->is_terminal()) {
      if (static_cast<long>(actions.size()) >= limit)
        fail("the game did not end within ", limit, " actions");
      const Action a = agents[state->current_player()]->agent->select_action(*state);
      state->apply(a);
      actions.push_back(a);
    }
  }
  const PlayerValues r = state->returns();
  return py::make_tuple(actions, std::vector<float>(r.begin(), r.begin() + game->num_players()));
}

// A read-only numpy view of one vector field of a SearchInfo held by Python object `self`.
template <auto Field>
auto info_array(py::object self) {
  const auto& values = self.cast<const SearchInfo&>().*Field;
  return view_of(values.data(), values.size(), self);
}

}  // namespace

void bind_agents(py::module_& m) {
  py::class_<SearchInfo>(
      m, "SearchInfo",
      "What a search agent found at its last decision: the root's children (actions), their\n"
      "visit counts (0 for searches that do not count visits, e.g. alpha-beta), their values\n"
      "for the player to move in [-1, 1], the root value, and the principal variation.")
      .def_property_readonly("actions", &info_array<&SearchInfo::actions>,
                             "int32 array of the root's child actions (absolute ids).")
      .def_property_readonly("visits", &info_array<&SearchInfo::visits>,
                             "int32 array of visits per child.")
      .def_property_readonly("values", &info_array<&SearchInfo::values>,
                             "float32 array of each child's value for the player to move.")
      .def_readonly("root_value", &SearchInfo::root_value, "Value of the root for the mover.")
      .def_readonly("principal_variation", &SearchInfo::principal_variation,
                    "The expected line of play from the root (action ids).")
      .def("__len__", [](const SearchInfo& i) { return i.actions.size(); })
      .def("__repr__", [](const SearchInfo& i) {
        long total = 0;
        for (int v : i.visits) total += v;
        return str_cat("<hopzero.SearchInfo ", i.actions.size(), " children, ", total,
                       " visits, root value ", i.root_value, ">");
      });

  py::class_<AgentHandle>(
      m, "Agent",
      "A player for one game variant, built from a spec by make_agent(). select_action(state)\n"
      "returns a legal action; the GIL is released while it thinks. One thread at a time.")
      .def_property_readonly(
          "name", [](const AgentHandle& h) { return h.agent->name(); }, "The agent kind.")
      .def_property_readonly(
          "spec", [](const AgentHandle& h) { return h.spec; }, "The spec it was built from.")
      .def_property_readonly(
          "game", [](const AgentHandle& h) { return h.game; }, "The game it plays.")
      .def("select_action", &select_action, py::arg("state"),
           "A legal action for the player to move in `state` (not changed). ValueError if the\n"
           "state is of another game variant or the game is over.")
      .def(
          "reset",
          [](AgentHandle& h) {
            BusyGuard guard({&h});
            h.agent->reset();
          },
          "Forget the current game (search tree, history); call between games.")
      .def(
          "last_search", [](const AgentHandle& h) { return h.agent->last_search(); },
          "SearchInfo of the last select_action() (empty for agents that do not search).")
      .def("__repr__", [](const AgentHandle& h) {
        return "<hopzero.Agent " + h.spec + " for " + h.game->full_name() + ">";
      });

  m.def(
      "make_agent",
      [](const std::shared_ptr<AnyGame>& game, const std::string& spec, uint64_t seed) {
        if (!game) throw py::type_error("make_agent() needs a Game, not None");
        auto h = std::make_unique<AgentHandle>();
        const AgentSpec parsed = AgentSpec::parse(spec);
        h->agent = game->make_agent(parsed, seed);
        h->game = game;
        h->spec = parsed.to_string();
        return h;
      },
      py::arg("game"), py::arg("spec"), py::arg("seed") = 0,
      "An agent from a spec: 'random', 'mcts:sims=200,evaluator=uniform|rollout',\n"
      "'mcts:evaluator=checkpoint,checkpoint=PATH', 'alphabeta:depth=4', 'greedy'. Unknown\n"
      "kinds or settings raise ValueError naming them. `seed` (>= 0) seeds its randomness.");
  m.def(
      "play_game",
      [](const std::shared_ptr<AnyGame>& game, const std::vector<AgentHandle*>& agents,
         const AnyState* start, std::optional<long> max_actions) {
        if (!game) throw py::type_error("play_game() needs a Game, not None");
        if (max_actions && *max_actions < 0)  // never "no limit"
          fail("max_actions must be >= 0 (or None for the game's bound), not ", *max_actions);
        return play_game(game, agents, start, max_actions.value_or(game->max_game_length()));
      },
      py::arg("game"), py::arg("agents"), py::arg("start") = nullptr,
      py::arg("max_actions") = py::none(),
      "Plays one game in C++ (GIL released) with one agent per player in seat order, from\n"
      "`start` (default: the initial state). Agents are reset first. Returns (actions,\n"
      "returns). ValueError if it runs past max_actions (default: game.max_game_length()).");
}

}  // namespace hz::py_bind
