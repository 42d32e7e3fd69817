// Settings of one PUCT search (search/mcts.h) and the temperature schedule that turns its visit
// counts into a move. Plain values; validate() throws hz::Error naming a bad setting.
#pragma once

#include <cstdint>

#include "core/error.h"

namespace hz {

// How the root chooses which child a simulation enters (and so what the search's policy is).
//   kPuct:   PUCT everywhere; the policy is the root's visit shares.
//   kGumbel: Gumbel AlphaZero (Danihelka et al., ICLR 2022): the top `gumbel_considered` root
//            actions by Gumbel noise + logit, sequential halving over them that spends exactly
//            the simulation budget of the search, the move chosen by noise + logit + sigma(q),
//            and the completed-Q improved policy softmax(logit + sigma(completed q)) as policy.
enum class RootSearch : uint8_t { kPuct, kGumbel };
// How a simulation descends below the root: PUCT, or Gumbel's deterministic selection
// argmax(improved policy - visits share), which needs no exploration constant.
enum class InteriorSelection : uint8_t { kPuct, kGumbel };

struct MctsConfig {
  // kPuct: stop when the root's children hold this many visits in total (visits kept from an
  // earlier search by tree reuse count, so reuse saves work). kGumbel: this many new simulations
  // (sequential halving plans exactly this budget). Or at the time limit, whichever is first.
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

  RootSearch root_search = RootSearch::kPuct;
  InteriorSelection interior = InteriorSelection::kPuct;
  int gumbel_considered = 16;    // m: root actions sequential halving starts from
  float gumbel_c_visit = 50.0f;  // sigma(q) = (c_visit + max visits) * c_scale * q, q in [0, 1]
  float gumbel_c_scale = 0.1f;
  bool gumbel_rescale_q = true;  // q_hat: min-max rescaled (true) or (q + 1) / 2 (search/gumbel.h)
  bool gumbel_noise = true;  // sample Gumbel noise (self-play); off: the top-m logits (play)

  // The most simulations one search may plan: visit counts are 32-bit.
  static constexpr int64_t kMaxSimulations = int64_t{1} << 30;

  void validate() const {
    if (simulations < 1 || simulations > kMaxSimulations)
      fail("mcts: simulations must be in [1, ", kMaxSimulations, "], not ", simulations);
    if (!(c_puct > 0.0f)) fail("mcts: c_puct must be positive, not ", c_puct);
    if (!(fpu_reduction >= 0.0f && fpu_reduction <= 2.0f))
      fail("mcts: fpu reduction must be in [0, 2], not ", fpu_reduction);
    if (!(dirichlet_alpha > 0.0f)) fail("mcts: dirichlet alpha must be positive");
    if (!(dirichlet_fraction >= 0.0f && dirichlet_fraction <= 1.0f))
      fail("mcts: dirichlet fraction must be in [0, 1], not ", dirichlet_fraction);
    if (leaves_per_round < 1 || leaves_per_round > 1024)
      fail("mcts: leaves per round must be in [1, 1024], not ", leaves_per_round);
    if (max_tree_mb < 1) fail("mcts: max_tree_mb must be at least 1");
    if (gumbel_considered < 1 || gumbel_considered > 4096)
      fail("mcts: gumbel considered actions must be in [1, 4096], not ", gumbel_considered);
    if (!(gumbel_c_visit >= 0.0f && gumbel_c_visit <= 1e6f))
      fail("mcts: gumbel c_visit must be in [0, 1e6], not ", gumbel_c_visit);
    if (!(gumbel_c_scale > 0.0f && gumbel_c_scale <= 1e3f))
      fail("mcts: gumbel c_scale must be in (0, 1000], not ", gumbel_c_scale);
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
