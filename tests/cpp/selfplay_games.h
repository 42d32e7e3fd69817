// Finished self-play games for tests that need realistic samples without a network: MCTS with
// the uniform evaluator, on one thread (so a seed gives the same games).
#pragma once

#include <vector>

#include "games/any_game.h"
#include "search/evaluator_factory.h"
#include "selfplay/selfplay_runner.h"

namespace hz::test {

inline std::vector<FinishedGame> uniform_selfplay(const AnyGame& game, SelfPlayOptions options,
                                                  int games) {
  options.threads = 1;
  options.max_games = games;
  std::vector<FinishedGame> out;
  game.make_selfplay(options, EvaluatorSpec{})->run([&](FinishedGame&& g) {
    out.push_back(std::move(g));
  });
  return out;
}

inline std::vector<Sample> samples_of(const std::vector<FinishedGame>& games) {
  std::vector<Sample> out;
  for (const FinishedGame& g : games) out.insert(out.end(), g.samples.begin(), g.samples.end());
  return out;
}

}  // namespace hz::test
