// Registers Chinese Checkers (games/chinese_checkers/info.cpp) with the factory that instantiates
// the agents and self-play of engine/adapter_impl.h for it.
#include "engine/adapter_impl.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/info.h"

namespace hz {

HZ_REGISTER_GAME(with_adapter<ChineseCheckers>(chinese_checkers_info()));

}  // namespace hz
