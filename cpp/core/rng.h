// Seeded pseudo-random numbers (xoshiro256**, seeded through splitmix64).
//
// Value type; not thread-safe (give each thread its own, derived with split()). The same seed
// gives the same sequence on every platform, which is what makes runs reproducible. The state
// serializes to four integers so checkpoints can restore it.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace hz {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    uint64_t x = seed;
    for (auto& word : state_) word = splitmix64(x);
  }

  uint64_t next() {
    const uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform integer in [0, n); n > 0. Lemire's multiply-shift (bias below 2^-32 for small n).
  uint32_t uniform_int(uint32_t n) {
    return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32);
  }

  // Uniform double in [0, 1).
  double uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  double normal() {
    // Box-Muller; one value per call keeps the state simple to serialize.
    double u1 = uniform01();
    while (u1 <= 1e-300) u1 = uniform01();
    const double u2 = uniform01();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

  // Gamma(shape, 1) by Marsaglia-Tsang; used for Dirichlet noise.
  double gamma(double shape) {
    if (shape < 1.0) {
      double u = uniform01();
      while (u <= 1e-300) u = uniform01();
      return gamma(shape + 1.0) * std::pow(u, 1.0 / shape);
    }
    const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
      double x, v;
      do {
        x = normal();
        v = 1.0 + c * x;
      } while (v <= 0.0);
      v = v * v * v;
      const double u = uniform01();
      if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
      if (std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) return d * v;
    }
  }

  // An independent generator for a sub-task (a thread, a game), derived deterministically.
  Rng split() { return Rng(next() ^ 0x9E3779B97F4A7C15ULL); }

  const std::array<uint64_t, 4>& state() const { return state_; }
  void set_state(const std::array<uint64_t, 4>& s) { state_ = s; }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::array<uint64_t, 4> state_{};
};

}  // namespace hz
