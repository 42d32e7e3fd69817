// The evaluator interface: what MCTS asks of a network (or of a stand-in for one).
//
// Given a batch of states, an evaluator returns for each state the policy logits of its legal
// actions (logits, not probabilities; in the order of the legal-action list the caller passes,
// which is a compact form of "logits over all action ids": illegal ids are never asked for) and
// a value vector with one entry per player, indexed by absolute player id, each in [-1, 1].
//
// Backends: UniformEvaluator (this file: zero logits, zero values), RolloutEvaluator
// (search/rollout_evaluator.h), TorchEvaluator (nn/torch_evaluator.h, a network).
//
// Threads: one evaluator object serves one thread at a time unless the backend says otherwise.
// The caller owns every buffer; evaluate() allocates nothing it keeps.
#pragma once

#include <algorithm>
#include <string>

#include "games/game.h"

namespace hz {

template <class G>
struct EvalItem {
  const typename G::State* state = nullptr;
  const typename G::ActionList* legal = nullptr;  // the state's legal actions (non-empty)
  float* logits = nullptr;                        // out: legal->size() policy logits
  PlayerValues* values = nullptr;                 // out: value per absolute player
};

template <class G>
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual std::string name() const = 0;
  virtual void evaluate(EvalItem<G>* items, int count) = 0;
};

// Equal priors, zero values: search guided by nothing but the game's end results.
template <class G>
class UniformEvaluator final : public Evaluator<G> {
 public:
  std::string name() const override { return "uniform"; }
  void evaluate(EvalItem<G>* items, int count) override {
    for (int i = 0; i < count; ++i) {
      std::fill(items[i].logits, items[i].logits + items[i].legal->size(), 0.0f);
      items[i].values->fill(0.0f);
    }
  }
};

}  // namespace hz
