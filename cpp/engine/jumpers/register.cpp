// Registers Jumpers (games/jumpers/info.cpp) with the factory that instantiates the agents
// and self-play of engine/adapter_impl.h for it.
#include "engine/adapter_impl.h"
#include "games/jumpers/info.h"
#include "games/jumpers/jumpers.h"

namespace hz {

HZ_REGISTER_GAME(with_adapter<Jumpers>(jumpers_info()));

}  // namespace hz
