// RolloutEvaluator<G>: equal priors, and values from random play-outs (uniformly random legal
// actions to the end of the game), averaged over `rollouts` play-outs per leaf. Classic MCTS as
// an Evaluator (nn/evaluator.h), and a baseline that needs no network.
//
// Owns its RNG (seeded by the caller); one thread at a time. Allocates nothing in evaluate().
// Games end by their own rules (every game has a move cap), so a play-out always terminates.
#pragma once

#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/rng.h"
#include "nn/evaluator.h"

namespace hz {

template <class G>
class RolloutEvaluator final : public Evaluator<G> {
 public:
  RolloutEvaluator(int rollouts, uint64_t seed) : rollouts_(rollouts), rng_(seed) {
    if (rollouts < 1 || rollouts > 100000)
      fail("rollout evaluator: rollouts must be in [1, 100000], not ", rollouts);
  }
  std::string name() const override { return "rollout"; }

  void evaluate(EvalItem<G>* items, int count) override {
    for (int i = 0; i < count; ++i) {
      EvalItem<G>& item = items[i];
      std::fill(item.logits, item.logits + item.legal->size(), 0.0f);
      PlayerValues sum{};
      for (int r = 0; r < rollouts_; ++r) {
        const PlayerValues v = play_out(*item.state);
        for (int p = 0; p < kMaxPlayers; ++p) sum[p] += v[p];
      }
      for (int p = 0; p < kMaxPlayers; ++p) (*item.values)[p] = sum[p] / rollouts_;
    }
  }

  // Returns of one random play-out from `start`.
  PlayerValues play_out(const typename G::State& start) {
    typename G::State s = start;
    while (!s.is_terminal()) {
      s.legal_actions(actions_);
      s.apply(actions_[rng_.uniform_int(static_cast<uint32_t>(actions_.size()))]);
    }
    PlayerValues v{};
    s.returns(v);
    return v;
  }

 private:
  int rollouts_;
  Rng rng_;
  typename G::ActionList actions_;
};

}  // namespace hz
