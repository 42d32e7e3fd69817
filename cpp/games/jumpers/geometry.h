// Jumpers' board geometry hooks (games/geometry.h), set in info.cpp.
#pragma once

#include "games/geometry.h"

namespace hz {
GeometryHooks jumpers_geometry();
}  // namespace hz
