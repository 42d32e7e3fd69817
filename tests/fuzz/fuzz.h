// Fuzz targets: one per text parser or file reader of hopzero, shared by the bounded GoogleTest
// harness (tests/cpp/fuzz_test.cpp, part of the test suite) and by the optional libFuzzer
// programs (tests/fuzz/libfuzzer_main.cpp, -DHZ_LIBFUZZER=ON with clang).
//
// The property every target checks: the parser either returns a valid object or throws
// hz::Error with a non-empty message; it never crashes, hangs or throws anything else; and what
// it accepted re-serializes to something that parses back to the same thing. A target's run()
// throws hz::Error when the input is rejected (fine), and FuzzViolation when the property is
// broken (a bug). run_one() turns any other exception into a violation too.
//
// Seeds are valid inputs generated from code (random games, records, configs); the checked-in
// corpus under tests/fuzz/corpus/<target>/ holds them (written by fuzz_test with
// HZ_FUZZ_WRITE_CORPUS=1) and every file there must be accepted.
//
// Targets keep small caches (games by variant text); one target is used by one thread at a time.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace hz::fuzz {

// A broken property (not a rejected input): the message says which and how.
class FuzzViolation : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

struct Target {
  std::string name;  // also the corpus folder name
  std::string doc;   // what it feeds to what
  bool binary = false;
  // Valid inputs, deterministic (fixed seeds).
  std::function<std::vector<std::string>()> seeds;
  // Parses `input`; throws hz::Error if rejected, FuzzViolation if the property breaks.
  std::function<void(std::string_view input)> run;
  // Tokens worth inserting (notation words, keys, separators).
  std::vector<std::string> dictionary;
  // Optional: repairs checksums after a mutation so that the checks past them are reached.
  std::function<void(std::string& input)> fix_checksums;
};

// Every target, in a fixed order.
const std::vector<Target>& all_targets();
const Target& find_target(const std::string& name);  // throws hz::Error listing the names

struct Outcome {
  enum Kind { kAccepted, kRejected, kViolation } kind;
  std::string message;  // the rejection or the violation
};
Outcome run_one(const Target& target, std::string_view input);

// Throws FuzzViolation with the parts joined, unless `ok`.
void require(bool ok, const std::string& what);

// Runs `check` on input that was accepted: an hz::Error from here on is a violation.
template <class F>
void after_accepting(const char* what, F&& check) {
  try {
    check();
  } catch (const Error& e) {
    throw FuzzViolation(std::string(what) + ": " + e.what());
  }
}

// Registration helpers, one per family of targets (game_targets.cpp, text_targets.cpp,
// file_targets.cpp).
void add_game_targets(std::vector<Target>& out);
// `tokens` followed by the name of every registered game: the dictionaries list no games.
std::vector<std::string> with_game_names(std::vector<std::string> tokens);
void add_text_targets(std::vector<Target>& out);
void add_file_targets(std::vector<Target>& out);

// A C-style escaped copy of `input` for failure messages ("\n", "\x07", ...).
std::string escape(std::string_view input);

}  // namespace hz::fuzz
