// Registers Alquerque (games/alquerque/info.cpp) with the factory that instantiates the agents
// and self-play of engine/adapter_impl.h for it.
#include "engine/adapter_impl.h"
#include "games/alquerque/alquerque.h"
#include "games/alquerque/info.h"

namespace hz {

HZ_REGISTER_GAME(with_adapter<Alquerque>(alquerque_info()));

}  // namespace hz
