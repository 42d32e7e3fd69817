// Settings of one PUCT search (search/mcts.h) and the temperature schedule that turns its visit
// counts into a move. Plain values; validate() throws hz::Error naming a bad setting.
#pragma once

#include <cstdint>

#include "core/error.h"

namespace hz {

struct MctsConfig {
  // Stop when the root's children hold this many visits in total (visits kept from an earlier
  // search by tree reuse count, so reuse saves work), or at the time limit, whichever is first.
  int64_t simulations = 200;
  double time_limit_s = 0.0;  // <= 0: no time limit
  float c_puct = 1.25f;
  // First-play urgency: an unvisited child is worth the parent's mean value for the mover minus
  // this much (Leela's "FPU reduction"); 0 treats it like the parent.
  float fpu_reduction = 0.25f;
  // Root Dirichlet noise: priors become (1 - fraction) * p + fraction * Dir(alpha).
  float dirichlet_alpha = 0.3f;
  float dirichlet_fraction = 0.0f;  // 0: no noise (play); self-play uses ~0.25
  // How many leaves one tree may put into one evaluator call; virtual loss spreads them.
  int leaves_per_round = 1;
  // Keep the subtree below the played action(s) for the next search.
  bool reuse_tree = true;
  // The search stops early rather than let the tree (nodes and stored states) outgrow this.
  int64_t max_tree_mb = 1024;

  void validate() const {
    if (simulations < 1) fail("mcts: simulations must be at least 1, not ", simulations);
    if (!(c_puct > 0.0f)) fail("mcts: c_puct must be positive, not ", c_puct);
    if (!(fpu_reduction >= 0.0f && fpu_reduction <= 2.0f))
      fail("mcts: fpu reduction must be in [0, 2], not ", fpu_reduction);
    if (!(dirichlet_alpha > 0.0f)) fail("mcts: dirichlet alpha must be positive");
    if (!(dirichlet_fraction >= 0.0f && dirichlet_fraction <= 1.0f))
      fail("mcts: dirichlet fraction must be in [0, 1], not ", dirichlet_fraction);
    if (leaves_per_round < 1 || leaves_per_round > 1024)
      fail("mcts: leaves per round must be in [1, 1024], not ", leaves_per_round);
    if (max_tree_mb < 1) fail("mcts: max_tree_mb must be at least 1");
  }
};

// Temperature by move number (actions applied since the start): `initial` for the first `moves`
// actions, then `final`. Temperature 0 picks the most-visited action.
struct TemperatureSchedule {
  double initial = 1.0;
  int moves = 30;
  double final = 0.0;

  double at(int move_number) const { return move_number < moves ? initial : final; }
  void validate() const {
    if (!(initial >= 0.0 && initial <= 100.0) || !(final >= 0.0 && final <= 100.0))
      fail("temperature must be in [0, 100]");
    if (moves < 0) fail("temperature moves must be >= 0, not ", moves);
  }
};

}  // namespace hz
