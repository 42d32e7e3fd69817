#include "selfplay/selfplay_runner.h"

#include <cstdio>

namespace hz {

std::string SelfPlayStats::to_string() const {
  char line[256];
  std::string out;
  std::snprintf(line, sizeof line,
                "time %.2f s (cpu %.2f s)  games %lld  searches %lld (fast %lld)  actions %lld\n",
                seconds, cpu_seconds, static_cast<long long>(games),
                static_cast<long long>(searches), static_cast<long long>(fast_searches),
                static_cast<long long>(actions));
  out += line;
  std::snprintf(line, sizeof line,
                "simulations %lld (%.0f/s)  evaluations %lld (%.0f/s)  nodes %lld (%.0f/s)\n",
                static_cast<long long>(simulations), per_second(simulations),
                static_cast<long long>(evaluations), per_second(evaluations),
                static_cast<long long>(nodes), per_second(nodes));
  out += line;
  std::snprintf(line, sizeof line, "batches %lld  average batch %.2f  collisions %lld\n",
                static_cast<long long>(batches), average_batch(),
                static_cast<long long>(collisions));
  out += line;
  out += "batch sizes:";
  for (int k = 0; k < kHistogramBuckets; ++k) {
    if (batch_histogram[k] == 0) continue;
    std::snprintf(line, sizeof line, "  [%d,%d): %lld", 1 << k, 1 << (k + 1),
                  static_cast<long long>(batch_histogram[k]));
    out += line;
  }
  out += "\n";
  if (resignations || playthroughs) {
    std::snprintf(line, sizeof line, "resignations %lld  play-on games %lld  false %lld\n",
                  static_cast<long long>(resignations), static_cast<long long>(playthroughs),
                  static_cast<long long>(false_resignations));
    out += line;
  }
  if (sparring_games) {
    std::snprintf(line, sizeof line,
                  "sparring games %lld: the sparring seat lost %lld, drew %lld\n",
                  static_cast<long long>(sparring_games), static_cast<long long>(sparring_losses),
                  static_cast<long long>(sparring_draws));
    out += line;
  }
  return out;
}

}  // namespace hz
