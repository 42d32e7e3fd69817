// JSON files (match results, ladder.json, metrics lines; docs/formats.md) are written and read
// through nlohmann-json. Json keeps an object's keys in the order they were set, so that files
// list their fields in the order the docs give them (version first, checksum last).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/error.h"

namespace hz {

using Json = nlohmann::ordered_json;

// `value` as text: one line when indent < 0, else indented by `indent` spaces per level, with no
// final newline. NaN and infinities are written as null. Strings that are not UTF-8 are an
// hz::Error naming `what` (the file being written).
std::string json_text(const Json& value, int indent, std::string_view what);

// json_text of `object` with a last field "crc32" and then `end` (a file's final newline), the
// checksum being that of the whole (core/files.h, seal_json_checksum).
std::string checksummed_json_text(Json object, int indent, std::string_view what,
                                  std::string_view end = "");

// The JSON value in `text`; malformed text is an hz::Error naming `what` and what is wrong.
Json parse_json(std::string_view text, std::string_view what);

// object[key] as T; an hz::Error naming `what`, the key and the type wanted when the key is
// absent or holds another type.
template <class T>
T json_field(const Json& object, const char* key, std::string_view what) {
  if (!object.is_object() || !object.contains(key)) fail(what, ": no field ", quote(key));
  const Json& value = object[key];
  try {
    return value.get<T>();
  } catch (const nlohmann::json::exception&) {
    fail(what, ": field ", quote(key), " holds ", value.dump(), ", not a ",
         nlohmann::json(T{}).type_name());
  }
}

}  // namespace hz
