// The one registration of Chinese Checkers (docs/adding_a_game.md): its registry entry
// (games/chinese_checkers/info.cpp) with the factory that instantiates the agents and self-play of
// engine/adapter_impl.h for it, and its alpha-beta and greedy agents over the heuristic of
// engine/chinese_checkers/heuristic.h (search/heuristic_agents.h).
#include "engine/adapter_impl.h"
#include "engine/chinese_checkers/heuristic.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/info.h"
#include "search/heuristic_agents_impl.h"

namespace hz {

HZ_REGISTER_GAME(with_adapter<ChineseCheckers>(chinese_checkers_info()));

}  // namespace hz

HZ_REGISTER_HEURISTIC_AGENTS(hz::ChineseCheckers);
