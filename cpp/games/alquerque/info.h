// Alquerque's entry in the game registry (games/registry.h): name, description, rule options,
// test variants and geometry, but no factory. engine/alquerque/register.cpp adds the factory, which
// instantiates the engine's templates for the game, and registers it.
#pragma once

#include "games/registry.h"

namespace hz {
GameInfo alquerque_info();
}  // namespace hz
