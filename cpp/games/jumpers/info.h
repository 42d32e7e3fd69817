// Jumpers's entry in the game registry (games/registry.h): name, description, rule options,
// test variants and geometry, but no factory. engine/jumpers/register.cpp adds the factory, which
// instantiates the engine's templates for the game, and registers it.
#pragma once

#include "games/registry.h"

namespace hz {
GameInfo jumpers_info();
}  // namespace hz
