#include "core/error.h"

#include <cstdint>
#include <cstdio>

#include "core/utf8.h"

namespace hz {

namespace {

// Length of the well-formed UTF-8 sequence at text[i] and its code point; 0 if there is none.
size_t utf8_sequence(std::string_view text, size_t i, uint32_t* code_point) {
  const auto c = static_cast<unsigned char>(text[i]);
  const size_t extra = (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : 0;
  if (extra == 0 || i + extra >= text.size()) return 0;
  uint32_t cp = c & (0x3F >> extra);
  for (size_t k = 1; k <= extra; ++k) {
    const auto cc = static_cast<unsigned char>(text[i + k]);
    if ((cc & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (cc & 0x3F);
  }
  static const uint32_t kMin[4] = {0, 0x80, 0x800, 0x10000};
  if (cp < kMin[extra] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
  *code_point = cp;
  return extra + 1;
}

// Characters that print as nothing (or as a space) and would hide what was typed.
bool invisible(uint32_t cp) {
  return cp == 0xA0 || cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF;
}

}  // namespace

size_t first_invalid_utf8(std::string_view text) {
  uint32_t cp = 0;
  for (size_t i = 0; i < text.size();) {
    const size_t length =
        static_cast<unsigned char>(text[i]) < 0x80 ? 1 : utf8_sequence(text, i, &cp);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::string quote(std::string_view text, size_t max_chars) {
  std::string out = "'";
  size_t i = 0;
  char escape[16];
  for (size_t shown = 0; i < text.size() && shown < max_chars; ++shown) {
    const auto c = static_cast<unsigned char>(text[i]);
    uint32_t cp = 0;
    size_t length = 1;
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\0') {
      out += "\\0";
    } else if (c == '\\' || c == '\'') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7F) {
      std::snprintf(escape, sizeof escape, "\\x%02x", c);
      out += escape;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else if ((length = utf8_sequence(text, i, &cp)) == 0) {
      std::snprintf(escape, sizeof escape, "\\x%02x", c);
      out += escape;
      length = 1;
    } else if (invisible(cp)) {
      std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(cp));
      out += escape;
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  out += "'";
  if (i < text.size()) out += str_cat("... (", text.size(), " bytes)");
  return out;
}

}  // namespace hz
