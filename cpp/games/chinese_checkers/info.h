// Chinese Checkers' entry in the game registry (games/registry.h): name, description, rule options,
// test variants and geometry, but no factory. engine/chinese_checkers/register.cpp adds the
// factory, which instantiates the engine's templates for the game, and registers it.
#pragma once

#include "games/registry.h"

namespace hz {
GameInfo chinese_checkers_info();
}  // namespace hz
