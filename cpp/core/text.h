// Small text helpers for the parsers of notation and state text: trimming, splitting and
// case-insensitive comparison, ASCII only. Not hot paths: split allocates its result.
#pragma once

#include <cctype>
#include <string_view>
#include <vector>

namespace hz {

inline bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

inline char to_lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// `t` without leading and trailing white space.
inline std::string_view trim(std::string_view t) {
  while (!t.empty() && is_space(t.front())) t.remove_prefix(1);
  while (!t.empty() && is_space(t.back())) t.remove_suffix(1);
  return t;
}

// The words of `t`: the runs of non-space characters, in order (never an empty word).
inline std::vector<std::string_view> split_words(std::string_view t) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && is_space(t[i])) ++i;
    const size_t begin = i;
    while (i < t.size() && !is_space(t[i])) ++i;
    if (i > begin) words.push_back(t.substr(begin, i - begin));
  }
  return words;
}

// The fields of `t` between the separators `sep`, each separator counting: "a,,b" gives "a",
// "", "b"; "a," gives "a", ""; the empty text gives one empty field. Parsers then reject the
// empty fields they do not expect, so a stray separator is an error, never skipped.
inline std::vector<std::string_view> split(std::string_view t, char sep) {
  std::vector<std::string_view> fields;
  size_t begin = 0;
  for (;;) {
    const size_t end = t.find(sep, begin);
    if (end == std::string_view::npos) {
      fields.push_back(t.substr(begin));
      return fields;
    }
    fields.push_back(t.substr(begin, end - begin));
    begin = end + 1;
  }
}

// Whether `a` and `b` are equal ignoring ASCII case.
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  return true;
}

}  // namespace hz
