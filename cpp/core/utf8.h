// UTF-8 checks for text formats (configs, game records); implemented beside hz::quote, which
// escapes what is not UTF-8 (core/error.cpp).
#pragma once

#include <string_view>

namespace hz {

// Offset of the first byte of `text` that is not part of well-formed UTF-8 (overlong forms,
// UTF-16 surrogates and code points past U+10FFFF are not), or std::string_view::npos.
size_t first_invalid_utf8(std::string_view text);

}  // namespace hz
