// Small helpers shared by the GoogleTest programs in tests/cpp (header-only, no state).
#pragma once

#include <functional>
#include <string>

#include "core/error.h"

namespace hz {

// The message of the hz::Error that `f` throws, or "" if it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace hz
