// HoleSet: a set of holes of the 121-hole Chinese Checkers board as a 128-bit bitset (two
// 64-bit words; hole i is bit i & 63 of word i >> 6). Bits 121..127 are always zero in sets
// built from holes; complement() keeps them zero.
//
// A plain value type (16 bytes, no allocation), safe to copy between threads.
#pragma once

#include <bit>
#include <cstdint>

namespace hz::cc {

inline constexpr int kNumHoles = 121;

struct HoleSet {
  uint64_t w[2] = {0, 0};

  static constexpr HoleSet of(int hole) {
    HoleSet s;
    s.w[hole >> 6] = uint64_t{1} << (hole & 63);
    return s;
  }
  static constexpr HoleSet all() {
    HoleSet s;
    s.w[0] = ~uint64_t{0};
    s.w[1] = (uint64_t{1} << (kNumHoles - 64)) - 1;
    return s;
  }
  constexpr bool test(int hole) const { return (w[hole >> 6] >> (hole & 63)) & 1; }
  constexpr void set(int hole) { w[hole >> 6] |= uint64_t{1} << (hole & 63); }
  constexpr void reset(int hole) { w[hole >> 6] &= ~(uint64_t{1} << (hole & 63)); }
  constexpr bool any() const { return (w[0] | w[1]) != 0; }
  constexpr bool empty() const { return !any(); }
  constexpr int count() const { return std::popcount(w[0]) + std::popcount(w[1]); }
  constexpr HoleSet complement() const {
    const HoleSet a = all();
    HoleSet s;
    s.w[0] = ~w[0] & a.w[0];
    s.w[1] = ~w[1] & a.w[1];
    return s;
  }
  constexpr HoleSet operator&(const HoleSet& o) const {
    HoleSet s;
    s.w[0] = w[0] & o.w[0];
    s.w[1] = w[1] & o.w[1];
    return s;
  }
  constexpr HoleSet operator|(const HoleSet& o) const {
    HoleSet s;
    s.w[0] = w[0] | o.w[0];
    s.w[1] = w[1] | o.w[1];
    return s;
  }
  constexpr HoleSet operator^(const HoleSet& o) const {
    HoleSet s;
    s.w[0] = w[0] ^ o.w[0];
    s.w[1] = w[1] ^ o.w[1];
    return s;
  }
  constexpr HoleSet& operator&=(const HoleSet& o) { return *this = *this & o; }
  constexpr HoleSet& operator|=(const HoleSet& o) { return *this = *this | o; }
  constexpr HoleSet& operator^=(const HoleSet& o) { return *this = *this ^ o; }
  constexpr bool operator==(const HoleSet& o) const { return w[0] == o.w[0] && w[1] == o.w[1]; }
  constexpr bool contains_all(const HoleSet& o) const { return (o & *this) == o; }

  // Calls f(hole) for each member, in increasing hole order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int word = 0; word < 2; ++word)
      for (uint64_t bits = w[word]; bits; bits &= bits - 1) f(word * 64 + std::countr_zero(bits));
  }
};

}  // namespace hz::cc
