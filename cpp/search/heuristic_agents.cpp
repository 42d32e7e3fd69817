#include "search/heuristic_agents.h"

#include <map>

#include "core/error.h"

namespace hz {

namespace {
std::map<std::type_index, HeuristicAgentFactory>& table() {
  static std::map<std::type_index, HeuristicAgentFactory> t;  // static initialisation only
  return t;
}
}  // namespace

bool register_heuristic_agents(std::type_index game_type, HeuristicAgentFactory factory) {
  HZ_CHECK(!table().count(game_type), "heuristic agents registered twice for one game type");
  table()[game_type] = factory;
  return true;
}

std::unique_ptr<Agent> make_heuristic_agent(std::type_index game_type, const AnyGame& game,
                                            const AgentSpec& spec, uint64_t seed) {
  auto it = table().find(game_type);
  if (it == table().end())
    fail("agent '", spec.kind, "' needs a heuristic for game '", game.name(),
         "', and none is registered (cpp/engine/", game.name(), "/register.cpp)");
  return it->second(game, spec, seed);
}

}  // namespace hz
