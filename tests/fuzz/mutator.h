// Mutations of valid inputs for the GoogleTest fuzz harness (libFuzzer brings its own):
// truncation, deletion, insertion of random or "interesting" bytes, bit flips, duplicated and
// spliced ranges, swapped lines, dictionary tokens, numbers replaced by extreme ones and, for
// binary inputs, integers overwritten with boundary values. Deterministic for a given Rng.
// One Mutator per thread.
#pragma once

#include <string>
#include <vector>

#include "core/rng.h"

namespace hz::fuzz {

class Mutator {
 public:
  Mutator(uint64_t seed, std::vector<std::string> dictionary, bool binary)
      : rng_(seed), dictionary_(std::move(dictionary)), binary_(binary) {}

  // 1 to 5 stacked mutations of `input`; `other` is a second input for splices.
  std::string mutate(const std::string& input, const std::string& other);
  Rng& rng() { return rng_; }

 private:
  void mutate_once(std::string& s, const std::string& other);
  // The larger mutations of mutate_once, one each.
  void swap_lines(std::string& s);
  void put_extreme_number(std::string& s);
  void put_boundary_value(std::string& s);
  size_t pos(size_t size) { return size == 0 ? 0 : rng_.uniform_int(static_cast<uint32_t>(size)); }
  Rng rng_;
  std::vector<std::string> dictionary_;
  bool binary_;
};

}  // namespace hz::fuzz
