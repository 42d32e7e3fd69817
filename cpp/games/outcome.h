// A game's outcome for one seat, read from its returns: the one rule by which matches
// (eval/match.h) and self-play's sparring counts (selfplay/game_driver.h) score a game.
// Pure function; thread-safe.
#pragma once

#include <algorithm>
#include <span>

namespace hz {

// +1 (a win) if the seat's return is strictly above every other seat's, -1 (a loss) if strictly
// below the best other seat's, 0 (a draw) otherwise: tied for the best.
inline int seat_result(std::span<const float> returns, int seat) {
  float best_other = -1e30f;
  for (size_t k = 0; k < returns.size(); ++k)
    if (static_cast<int>(k) != seat) best_other = std::max(best_other, returns[k]);
  const float own = returns[static_cast<size_t>(seat)];
  return own > best_other ? 1 : own < best_other ? -1 : 0;
}

}  // namespace hz
