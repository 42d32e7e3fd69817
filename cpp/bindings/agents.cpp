// Python bindings for agents (search/agent.h). The GIL is released while an agent thinks.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings/bindings.h"
#include "search/agent.h"

namespace py = pybind11;

namespace hz::py_bind {

void bind_agents(py::module_& m) {
  py::class_<SearchInfo>(m, "SearchInfo", "What a search agent found at its last decision.")
      .def_readonly("actions", &SearchInfo::actions)
      .def_readonly("visits", &SearchInfo::visits)
      .def_readonly("values", &SearchInfo::values)
      .def_readonly("root_value", &SearchInfo::root_value)
      .def_readonly("principal_variation", &SearchInfo::principal_variation);
  py::class_<Agent>(m, "Agent", "A player: select_action(state) returns a legal action.")
      .def_property_readonly("name", &Agent::name)
      .def("select_action", &Agent::select_action, py::arg("state"),
           py::call_guard<py::gil_scoped_release>())
      .def("reset", &Agent::reset)
      .def("last_search", &Agent::last_search);
  m.def(
      "make_agent",
      [](const AnyGame& game, const std::string& spec, uint64_t seed) {
        return game.make_agent(AgentSpec::parse(spec), seed);
      },
      py::arg("game"), py::arg("spec"), py::arg("seed") = 0,
      "An agent from a spec such as 'random' or 'mcts:sims=200,evaluator=rollout'.");
}

}  // namespace hz::py_bind
