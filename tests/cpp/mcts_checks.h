// Shared checks of MCTS searches on the toy games (toy_games.h), for the PUCT and Gumbel tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "search/mcts.h"
#include "toy_games.h"

namespace hz {

using toy::TakeAwayGame;

// Every TakeAway position (pile, takes) in which the mover has a strictly best action by max^n,
// whatever the ties: the search must choose it, alone and with batched leaves.
inline void expect_takeaway_solved_with(const MctsConfig& config, int players, int max_pile,
                                        int min_checked) {
  TakeAwayGame game({{"players", std::to_string(players)}, {"pile", std::to_string(max_pile)}});
  UniformEvaluator<TakeAwayGame> uniform;
  int checked = 0;
  for (int pile = 1; pile <= max_pile; ++pile) {
    for (int takes = 0; takes < TakeAwayGame::kMaxTakesPerTurn; ++takes) {
      const auto s = game.make(pile, takes, players - 1);
      TakeAwayGame::ActionList legal;
      s.legal_actions(legal);
      if (legal.size() < 2) continue;
      // The best action must be best however the other players break their ties.
      const int mover = s.current_player();
      float lowest[2] = {2, 2}, highest[2] = {-2, -2};
      for (int i = 0; i < 2; ++i) {
        auto next = s;
        next.apply(legal[i]);
        for (const auto& v : toy::maxn_outcomes<TakeAwayGame>(next)) {
          lowest[i] = std::min(lowest[i], v[mover]);
          highest[i] = std::max(highest[i], v[mover]);
        }
      }
      Action best = kNoAction;
      if (lowest[0] > highest[1]) best = legal[0];
      if (lowest[1] > highest[0]) best = legal[1];
      if (best == kNoAction) continue;
      Mcts<TakeAwayGame> mcts(game, config, 7);
      mcts.set_root(s);
      mcts.search(uniform);
      EXPECT_EQ(mcts.choose_action(0.0), best) << players << " players, pile " << pile << ", takes "
                                               << takes << ", leaves " << config.leaves_per_round;
      ++checked;
    }
  }
  EXPECT_GE(checked, min_checked);
}

}  // namespace hz
