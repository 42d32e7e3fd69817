#include "eval/json_writer.h"

#include <cmath>
#include <cstdio>

#include "core/error.h"

namespace hz::eval {

std::string json_quote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void JsonWriter::newline() {
  out_ += '\n';
  out_.append(2 * stack_.size(), ' ');
}

void JsonWriter::before_value() {
  if (stack_.empty()) {
    HZ_CHECK(out_.empty(), "JSON: a second top-level value");
    return;
  }
  Level& top = stack_.back();
  if (top.object) {
    HZ_CHECK(top.has_key, "JSON: a value inside an object needs a key");
    top.has_key = false;
    return;
  }
  if (!top.empty) out_ += ',';
  top.empty = false;
  newline();
}

JsonWriter& JsonWriter::key(const std::string& k) {
  HZ_CHECK(!stack_.empty() && stack_.back().object && !stack_.back().has_key,
           "JSON: a key outside an object or twice");
  Level& top = stack_.back();
  if (!top.empty) out_ += ',';
  top.empty = false;
  top.has_key = true;
  newline();
  out_ += json_quote(k) + ": ";
  return *this;
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  out_ += '{';
  stack_.push_back({true, true, false});
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value();
  out_ += '[';
  stack_.push_back({false, true, false});
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  HZ_CHECK(!stack_.empty() && stack_.back().object && !stack_.back().has_key,
           "JSON: unbalanced end_object");
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) newline();
  out_ += '}';
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  HZ_CHECK(!stack_.empty() && !stack_.back().object, "JSON: unbalanced end_array");
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) newline();
  out_ += ']';
  return *this;
}

JsonWriter& JsonWriter::value(const std::string& v) {
  before_value();
  out_ += json_quote(v);
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  if (!std::isfinite(v)) return null();
  before_value();
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  out_ += buf;
  return *this;
}

JsonWriter& JsonWriter::value(long v) {
  before_value();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::value(bool v) {
  before_value();
  out_ += v ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_ += "null";
  return *this;
}

std::string JsonWriter::str() const {
  HZ_CHECK(stack_.empty(), "JSON: ", stack_.size(), " unclosed objects or arrays");
  return out_ + "\n";
}

}  // namespace hz::eval
