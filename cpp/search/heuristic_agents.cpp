#include "search/heuristic_agents.h"

#include "core/error.h"
#include "core/registry.h"

namespace hz {

namespace {
struct HeuristicAgentsTag {};
using HeuristicAgentsRegistry =
    Registry<std::type_index, HeuristicAgentFactory, HeuristicAgentsTag>;
}  // namespace

bool register_heuristic_agents(std::type_index game_type, HeuristicAgentFactory factory) {
  HZ_CHECK(HeuristicAgentsRegistry::instance().add(game_type, factory),
           "heuristic agents registered twice for one game type");
  return true;
}

std::unique_ptr<Agent> make_heuristic_agent(std::type_index game_type, const AnyGame& game,
                                            const AgentSpec& spec, uint64_t seed) {
  const HeuristicAgentFactory* factory = HeuristicAgentsRegistry::instance().find(game_type);
  if (!factory)
    fail("agent '", spec.kind, "' needs a heuristic for game '", game.name(),
         "', and none is registered (cpp/engine/", game.name(), "/register.cpp)");
  return (*factory)(game, spec, seed);
}

}  // namespace hz
