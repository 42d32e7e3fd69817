// The target list and the outcome of one input (see fuzz.h).
#include <cstdio>
#include <exception>

#include "core/error.h"
#include "fuzz.h"

namespace hz::fuzz {

const std::vector<Target>& all_targets() {
  static const std::vector<Target> targets = [] {
    std::vector<Target> out;
    add_game_targets(out);
    add_text_targets(out);
    add_file_targets(out);
    return out;
  }();
  return targets;
}

const Target& find_target(const std::string& name) {
  std::string names;
  for (const Target& t : all_targets()) {
    if (t.name == name) return t;
    names += (names.empty() ? "" : ", ") + t.name;
  }
  fail("unknown fuzz target '", name, "'; targets: ", names);
}

void require(bool ok, const std::string& what) {
  if (!ok) throw FuzzViolation(what);
}

Outcome run_one(const Target& target, std::string_view input) {
  try {
    target.run(input);
    return {Outcome::kAccepted, ""};
  } catch (const FuzzViolation& v) {
    return {Outcome::kViolation, v.what()};
  } catch (const Error& e) {
    const std::string message = e.what();
    if (message.empty()) return {Outcome::kViolation, "hz::Error with an empty message"};
    if (message.find("internal check failed") != std::string::npos)
      return {Outcome::kViolation, "an internal check failed: " + message};
    return {Outcome::kRejected, message};
  } catch (const std::exception& e) {
    return {Outcome::kViolation, std::string("threw a non-hz::Error exception: ") + e.what()};
  } catch (...) {
    return {Outcome::kViolation, "threw something that is not a std::exception"};
  }
}

std::string escape(std::string_view input) {
  std::string out;
  for (unsigned char c : input) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c >= 32 && c < 127) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
      // A hex escape swallows following hex digits in C++: split the literal there.
      out += "\"\"";
    }
  }
  return out;
}

}  // namespace hz::fuzz
