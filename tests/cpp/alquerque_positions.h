// Helpers shared by the Alquerque test programs: action ids computed from the rules page's
// definition, a variant from options, constructed positions (header-only, no state).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <set>
#include <string>

#include "games/alquerque/alquerque.h"
#include "games/registry.h"
#include "test_util.h"

namespace hz::alq_test {

enum Dir { N = 0, NE, E, SE, S, SW, W, NW };

// "c2" -> row*5 + col with col = letter - 'a', row = 5 - rank.
inline int pt(const char* name) {
  return (5 - (name[1] - '0')) * 5 + (name[0] - 'a');
}
inline Action step(const char* from, Dir d) {
  return pt(from) * 8 + d;
}
inline Action jump(const char* from, Dir d) {
  return 200 + pt(from) * 8 + d;
}
inline constexpr Action kStopId = 400;
inline Action huff(const char* at) {
  return 401 + pt(at);
}

inline std::unique_ptr<Alquerque> make(const GameOptions& options = {}) {
  return std::make_unique<Alquerque>(
      resolve_options("alquerque", game_info("alquerque").options, options));
}

inline std::set<Action> legal(const AlquerqueState& s) {
  Alquerque::ActionList list;
  s.legal_actions(list);
  return std::set<Action>(list.begin(), list.end());
}

// The packed turn-start position of the documented serialization ("history="): White's
// points as bits 0..24, Black's as bits 25..49, the mover at bit 50; lower-case hex.
inline std::string packed_hex(const std::string& board, char mover) {
  uint64_t v = 0;
  int p = 0;
  for (char ch : board) {
    if (ch == '/') continue;
    if (ch == 'W') v |= uint64_t{1} << p;
    if (ch == 'B') v |= uint64_t{1} << (25 + p);
    ++p;
  }
  if (mover == 'b') v |= uint64_t{1} << 50;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
  return buf;
}

// A constructed turn-start position: board ranks 5..1 joined by '/', mover 'w' or 'b'. With
// repetition_draw on, the position itself is its first occurrence.
inline AlquerqueState setup(const Alquerque& g, const std::string& board, char mover,
                            const std::string& fields = "chain=- huff=- last=-,- turns=0 moves=0") {
  const std::string history = g.repetition_draw() ? packed_hex(board, mover) : "-";
  return g.deserialize(board + " " + mover + " " + fields + " history=" + history);
}

}  // namespace hz::alq_test
