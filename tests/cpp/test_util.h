// Small helpers shared by the C++ tests.
#pragma once

#include <functional>
#include <string>

#include "core/error.h"

namespace hz {

// The message of the hz::Error that `f` throws, or "" when it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace hz
