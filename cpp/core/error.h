// Errors and checks shared by every module.
//
// hz::Error is the one exception type for bad input (config keys, option values, action text,
// corrupt files). Its message names the offending thing; callers at the top (CLI, Python) print it
// and exit or raise. HZ_CHECK is for internal invariants and also throws hz::Error, so a broken
// invariant is a clear message, never a silent corruption.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace hz {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

template <class... Parts>
std::string str_cat(Parts&&... parts) {
  std::ostringstream out;
  (out << ... << std::forward<Parts>(parts));
  return out.str();
}

// Input text echoed in a message: in single quotes, at most `max_chars` characters of it, with
// control characters, NUL, quotes, backslashes, invisible format characters (a UTF-8 byte order
// mark, zero-width spaces) and bytes that are not UTF-8 escaped ("\n", "\0", "\ufeff",
// "\xff"), so that a 10 MB move cannot make a 30 MB message nor a NUL byte cut it short. Longer
// text is cut: "'c2-c3 c3-c4 ...'... (10485760 bytes)".
std::string quote(std::string_view text, size_t max_chars = 80);
inline std::string quote(char c) {
  return quote(std::string_view(&c, 1));
}

template <class... Parts>
[[noreturn]] void fail(Parts&&... parts) {
  throw Error(str_cat(std::forward<Parts>(parts)...));
}

}  // namespace hz

#define HZ_CHECK(cond, ...)                                                           \
  do {                                                                                \
    if (!(cond))                                                                      \
      ::hz::fail("internal check failed: " #cond " at " __FILE__ ":", __LINE__, ": ", \
                 ##__VA_ARGS__);                                                      \
  } while (0)
