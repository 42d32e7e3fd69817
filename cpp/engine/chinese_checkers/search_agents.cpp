// Makes the `alphabeta` and `greedy` agents available for Chinese Checkers
// (search/heuristic_agents.h).
#include "engine/chinese_checkers/heuristic.h"
#include "search/heuristic_agents_impl.h"

HZ_REGISTER_HEURISTIC_AGENTS(hz::ChineseCheckers);
