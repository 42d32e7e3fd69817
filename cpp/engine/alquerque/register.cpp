// The one registration of Alquerque (docs/adding_a_game.md): its registry entry
// (games/alquerque/info.cpp) with the factory that instantiates the agents and self-play of
// engine/adapter_impl.h for it, and its alpha-beta and greedy agents over the heuristic of
// engine/alquerque/heuristic.h (search/heuristic_agents.h).
#include "engine/adapter_impl.h"
#include "engine/alquerque/heuristic.h"
#include "games/alquerque/alquerque.h"
#include "games/alquerque/info.h"
#include "search/heuristic_agents_impl.h"

namespace hz {

HZ_REGISTER_GAME(with_adapter<Alquerque>(alquerque_info()));

}  // namespace hz

HZ_REGISTER_HEURISTIC_AGENTS(hz::Alquerque);
