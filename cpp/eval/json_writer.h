// A small streaming JSON writer for reports (match results, ladder tables): nested objects and
// arrays, escaped strings, non-finite numbers written as null, two-space indentation.
//
// The output is also valid YAML, so the files it writes can be read back with yaml-cpp.
// Misuse (a value without a key inside an object, unbalanced ends) is an internal error
// (HZ_CHECK). A value type; one thread at a time.
#pragma once

#include <string>
#include <vector>

namespace hz::eval {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(const std::string& k);  // inside an object, before each value
  JsonWriter& value(const std::string& v);
  JsonWriter& value(const char* v) { return value(std::string(v)); }
  JsonWriter& value(double v);  // NaN and infinities become null
  JsonWriter& value(long v);
  JsonWriter& value(int v) { return value(static_cast<long>(v)); }
  JsonWriter& value(bool v);
  JsonWriter& null();
  // key(k).value(v) in one call.
  template <class T>
  JsonWriter& field(const std::string& k, const T& v) {
    key(k);
    return value(v);
  }
  // The document; every object and array must be closed.
  std::string str() const;

 private:
  void before_value();
  void newline();
  std::string out_;
  struct Level {
    bool object = false, empty = true, has_key = false;
  };
  std::vector<Level> stack_;
};

// `text` as a JSON string literal, quotes included.
std::string json_quote(const std::string& text);

}  // namespace hz::eval
