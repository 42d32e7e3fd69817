// Checks of self-play output (selfplay/sample.h) against a replay of each game's actions, for
// any game on the contract of games/game.h: one sample per position with a choice, canonical
// observation and policy indices of legal actions, visit shares summing to 1, value targets
// equal to the returns in seat order.
#pragma once

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "selfplay/sample.h"

namespace hz {

// Checks one sample against the position it was taken in.
template <class G>
void expect_sample_of(const G& game, const FinishedGame& g, const Sample& sample,
                      const typename G::State& s) {
  typename G::ActionList legal;
  s.legal_actions(legal);
  EXPECT_GT(legal.size(), 1);
  EXPECT_EQ(sample.ply, s.move_number());
  EXPECT_EQ(sample.player, s.current_player());
  EXPECT_EQ(sample.game_id, g.game_id);
  std::vector<float> obs(game.observation_shape().size());
  s.observation(obs.data());
  EXPECT_EQ(sample.observation, obs);
  float sum = 0.0f;
  std::set<int> indices;
  for (const auto& [index, share] : sample.policy) {
    EXPECT_TRUE(legal.contains(s.action_from_policy_index(index)));
    EXPECT_TRUE(indices.insert(index).second);
    EXPECT_GT(share, 0.0f);
    sum += share;
  }
  EXPECT_NEAR(sum, 1.0f, 1e-4f);
  const int n = game.num_players();
  for (int k = 0; k < n; ++k) {
    EXPECT_EQ(sample.value[k], g.returns[(sample.player + k) % n]) << "seat " << k;
    EXPECT_TRUE(sample.search_value[k] >= -1.0f && sample.search_value[k] <= 1.0f)
        << "search value of seat " << k << ": " << sample.search_value[k];
  }
}

// Replays a finished game: one sample per position with a choice (none for forced actions; a
// resigned game's last sample is its final position), and the returns of the final position.
template <class G>
void expect_consistent_game(const G& game, const FinishedGame& g) {
  auto s = game.initial_state();
  size_t next_sample = 0;
  for (Action a : g.actions) {
    ASSERT_FALSE(s.is_terminal());
    typename G::ActionList legal;
    s.legal_actions(legal);
    ASSERT_TRUE(legal.contains(a));
    if (legal.size() > 1) {
      ASSERT_LT(next_sample, g.samples.size());
      expect_sample_of<G>(game, g, g.samples[next_sample++], s);
    }
    s.apply(a);
  }
  if (g.resigned) {
    ASSERT_EQ(next_sample + 1, g.samples.size());
    expect_sample_of<G>(game, g, g.samples.back(), s);
    return;
  }
  EXPECT_EQ(next_sample, g.samples.size());
  ASSERT_TRUE(s.is_terminal());
  PlayerValues r{};
  s.returns(r);
  EXPECT_EQ(r, g.returns);
}

}  // namespace hz
