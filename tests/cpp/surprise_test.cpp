// Tests of policy surprise weighting (selfplay/surprise.h): the KL divergence and the copies of
// each sample, worked out by hand.
#include "selfplay/surprise.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace hz {
namespace {

TEST(Surprise, KlDivergenceByHand) {
  const float target[] = {0.75f, 0.25f}, even[] = {0.5f, 0.5f};
  // 0.75 ln(0.75 / 0.5) + 0.25 ln(0.25 / 0.5) = 0.304099 - 0.173287
  EXPECT_NEAR(surprise::kl_divergence(target, even, 2), 0.130812, 1e-5);
  EXPECT_NEAR(surprise::kl_divergence(even, even, 2), 0.0, 1e-12);
  const float certain[] = {1.0f, 0.0f}, quarter[] = {0.25f, 0.75f};
  EXPECT_NEAR(surprise::kl_divergence(certain, quarter, 2), std::log(4.0), 1e-6);
  // A prior of 0 counts as 1e-6: 0.5 ln 0.5 + 0.5 ln(0.5 / 1e-6).
  const float ruled_out[] = {1.0f, 0.0f};
  EXPECT_NEAR(surprise::kl_divergence(even, ruled_out, 2), 6.214608, 1e-4);
}

TEST(Surprise, CopiesFollowTheWeightsByHand) {
  // Surprises 0, 1, 2 on policy targets (mean 1) and 5 on a value-only sample.
  const std::vector<double> s = {0.0, 1.0, 2.0, 5.0};
  const std::vector<bool> target = {true, true, true, false};
  Rng rng(1);
  // share 1: weights s / mean = 0, 1, 2, and 1 for the value-only sample: no fractions.
  EXPECT_EQ(surprise::sample_copies(s, target, 1.0, rng), (std::vector<int>{0, 1, 2, 1}));
  EXPECT_EQ(surprise::sample_copies(s, target, 0.0, rng), (std::vector<int>{1, 1, 1, 1}));
  // No surprise anywhere: one copy each, whatever the share.
  EXPECT_EQ(surprise::sample_copies({0.0, 0.0}, {true, true}, 1.0, rng), (std::vector<int>{1, 1}));
  // share 0.5: weights 0.5 + 0.5 s = 0.5, 1, 1.5: copies 0 or 1, exactly 1, 1 or 2, with means
  // 0.5, 1 and 1.5 (20000 draws: the standard error of a mean is 0.0035).
  std::vector<double> sum(4, 0.0);
  const int draws = 20000;
  for (int d = 0; d < draws; ++d) {
    const std::vector<int> c = surprise::sample_copies(s, target, 0.5, rng);
    EXPECT_TRUE(c[0] == 0 || c[0] == 1);
    EXPECT_EQ(c[1], 1);
    EXPECT_TRUE(c[2] == 1 || c[2] == 2);
    EXPECT_EQ(c[3], 1);
    for (int i = 0; i < 4; ++i) sum[i] += c[i];
  }
  EXPECT_NEAR(sum[0] / draws, 0.5, 0.02);
  EXPECT_NEAR(sum[2] / draws, 1.5, 0.02);
}

}  // namespace
}  // namespace hz
