// Small helpers shared by the C++ tests (header-only; not a test program itself).
#pragma once

#include <functional>
#include <string>

#include "core/error.h"

namespace hz::testing {

// The message of the hz::Error that f throws, or "" when it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace hz::testing

namespace hz {
using testing::error_of;  // the search tests call it unqualified from namespace hz
}  // namespace hz
