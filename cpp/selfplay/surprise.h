// Policy surprise weighting (KataGo; Wu, "Accelerating Self-Play Learning in Go", 2019,
// appendix on later improvements): positions where the search's policy target differs most from
// the network's prior teach the network the most, so they are written to the training data more
// often. Each self-play game's policy-target samples get weights (1 - share) + share * s / mean(s),
// with s the KL divergence KL(target || prior) of the position and the mean taken over the game's
// policy-target samples, so that the game's total weight is unchanged; value-only samples
// (playout cap randomization's fast searches) keep weight 1. A sample of weight w is written
// floor(w) times and once more with probability w - floor(w) (as KataGo writes its rows).
//
// Pure functions, no state; the caller's Rng makes the draws (self-play's per-game RNG, so the
// same seed gives the same data).
#pragma once

#include <vector>

#include "core/rng.h"

namespace hz::surprise {

// KL(target || prior) in nats over the n entries: the sum of target_i * ln(target_i / prior_i)
// over target_i > 0. A prior entry below 1e-6 counts as 1e-6, so an action the network all but
// ruled out gives a large, finite surprise.
double kl_divergence(const float* target, const float* prior, int n);

// Copies to write of each sample of one game, given its surprise and whether it is a policy
// target, for `share` in [0, 1] (0: one copy each). A game whose policy-target samples all have
// zero surprise keeps one copy of each.
std::vector<int> sample_copies(const std::vector<double>& surprise,
                               const std::vector<bool>& policy_target, double share, Rng& rng);

}  // namespace hz::surprise
