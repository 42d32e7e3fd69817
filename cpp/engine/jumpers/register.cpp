// The one registration of Jumpers (docs/adding_a_game.md): its registry entry
// (games/jumpers/info.cpp) with the factory that instantiates the agents and self-play of
// engine/adapter_impl.h for it, and its alpha-beta and greedy agents over the heuristic of
// engine/jumpers/heuristic.h (search/heuristic_agents.h).
#include "engine/adapter_impl.h"
#include "engine/jumpers/heuristic.h"
#include "games/jumpers/info.h"
#include "games/jumpers/jumpers.h"
#include "search/heuristic_agents_impl.h"

namespace hz {

HZ_REGISTER_GAME(with_adapter<Jumpers>(jumpers_info()));

}  // namespace hz

HZ_REGISTER_HEURISTIC_AGENTS(hz::Jumpers);
