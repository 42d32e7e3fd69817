// Alquerque's board geometry hooks (games/geometry.h), set in register.cpp.
#pragma once

#include "games/geometry.h"

namespace hz {
GeometryHooks alquerque_geometry();
}  // namespace hz
