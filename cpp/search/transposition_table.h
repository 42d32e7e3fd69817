// Fixed-size transposition table for the alpha-beta family, keyed by the state hash.
//
// Allocated once (a power-of-two number of 24-byte entries within the requested MiB) and never
// resized; clear() wipes it, new_search() ages it. One entry per slot: a probe compares the
// full 64-bit key. Replacement keeps the deeper entry of the current search and always
// overwrites entries of older searches.
//
// Scores are stored node-relative (search_score.h to_tt/from_tt is the caller's job).
// Owned by one search object; not thread-safe.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "games/game.h"
#include "search/search_score.h"

namespace hz::ab {

enum class Bound : uint8_t { kNone = 0, kLower = 1, kUpper = 2, kExact = 3 };

struct TTEntry {
  uint64_t key = 0;
  Action move = kNoAction;
  Score score = 0;
  int16_t depth = 0;
  Bound bound = Bound::kNone;
  uint8_t generation = 0;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(int megabytes) {
    const uint64_t bytes = static_cast<uint64_t>(megabytes < 1 ? 1 : megabytes) << 20;
    uint64_t n = 1;
    while (n * 2 * sizeof(TTEntry) <= bytes) n *= 2;
    slots_.resize(n);
    mask_ = n - 1;
  }

  void clear() {
    std::memset(static_cast<void*>(slots_.data()), 0, slots_.size() * sizeof(TTEntry));
    generation_ = 0;
  }
  void new_search() { ++generation_; }

  // Copies the entry stored for `key` into *out; false if there is none.
  bool probe(uint64_t key, TTEntry* out) const {
    const TTEntry& s = slots_[key & mask_];
    if (s.bound == Bound::kNone || s.key != key) return false;
    *out = s;
    return true;
  }

  void store(uint64_t key, int depth, Score score, Bound bound, Action move) {
    TTEntry& s = slots_[key & mask_];
    const bool same = s.key == key && s.bound != Bound::kNone;
    if (s.bound != Bound::kNone && s.generation == generation_ && !same && s.depth > depth)
      return;                                      // keep the deeper entry of this search
    if (same && move == kNoAction) move = s.move;  // keep a known best move
    s.key = key;
    s.move = move;
    s.score = score;
    s.depth = static_cast<int16_t>(depth);
    s.bound = bound;
    s.generation = generation_;
  }

  size_t size() const { return slots_.size(); }

 private:
  std::vector<TTEntry> slots_;
  uint64_t mask_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace hz::ab
