// Chinese Checkers' board geometry hooks (games/geometry.h), set in info.cpp.
#pragma once

#include "games/geometry.h"

namespace hz {
GeometryHooks chinese_checkers_geometry();
}  // namespace hz
