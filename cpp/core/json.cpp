#include "core/json.h"

#include "core/files.h"

namespace hz {

std::string json_text(const Json& value, int indent, std::string_view what) {
  try {
    return value.dump(indent);
  } catch (const nlohmann::json::exception& e) {  // a string that is not UTF-8
    fail("cannot write ", what, " as JSON: ", e.what());
  }
}

std::string checksummed_json_text(Json object, int indent, std::string_view what,
                                  std::string_view end) {
  object["crc32"] = "00000000";
  std::string text = json_text(object, indent, what);
  text += end;
  seal_json_checksum(text);
  return text;
}

Json parse_json(std::string_view text, std::string_view what) {
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    fail(what, " is not valid JSON: ", e.what());
  }
}

}  // namespace hz
