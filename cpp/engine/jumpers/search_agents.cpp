// Makes the `alphabeta` and `greedy` agents available for Jumpers (search/heuristic_agents.h).
#include "engine/jumpers/heuristic.h"
#include "search/heuristic_agents_impl.h"

HZ_REGISTER_HEURISTIC_AGENTS(hz::Jumpers);
