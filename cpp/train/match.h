// A small match runner for the end of a training run: agent A against agent B over many games,
// A's seat rotating (game g: A sits in seat g % num_players, B's spec fills the other seats), each
// group of num_players games sharing one random opening so that seat swaps compare like with like.
//
// A win is A's return strictly above every other player's, a loss strictly below the best of
// them, anything else a draw. Games run on `threads` threads, each with its own agents (built by
// AnyGame::make_agent, reset between games). Thread-safe in the sense that it owns all it uses.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "games/any_game.h"
#include "search/agent.h"

namespace hz {

struct MatchSettings {
  int games = 24;
  int random_opening_plies = 2;  // uniformly random actions before the agents take over
  int threads = 1;
  uint64_t seed = 0;
};

struct MatchResult {
  int games = 0, wins = 0, draws = 0, losses = 0;
  double mean_return = 0;  // A's mean return
  double score() const { return games ? (wins + 0.5 * draws) / games : 0.0; }
};

// Stops early (returning the games finished so far) when `stop` turns true.
MatchResult play_match(const AnyGame& game, const AgentSpec& a, const AgentSpec& b,
                       const MatchSettings& settings, const std::atomic<bool>* stop = nullptr);

}  // namespace hz
