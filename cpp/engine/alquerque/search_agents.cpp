// Makes the `alphabeta` and `greedy` agents available for Alquerque (search/heuristic_agents.h).
#include "engine/alquerque/heuristic.h"
#include "search/heuristic_agents_impl.h"

HZ_REGISTER_HEURISTIC_AGENTS(hz::Alquerque);
