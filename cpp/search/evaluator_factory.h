// Builds an Evaluator<G> (nn/evaluator.h) from a small description, so agents, self-play and
// benchmarks name evaluators the same way: "uniform", "rollout" (with a play-out count), or
// "checkpoint" (a network file; see nn/torch_evaluator.h for where the backend plugs in).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "nn/evaluator.h"
#include "nn/torch_evaluator.h"
#include "search/rollout_evaluator.h"

namespace hz {

struct EvaluatorSpec {
  std::string kind = "uniform";  // uniform | rollout | checkpoint
  int rollouts = 1;              // rollout: play-outs per leaf
  std::string checkpoint;        // checkpoint: path of the network
  int threads = 1;               // checkpoint: intra-op threads per evaluator
  // kind "network" (set by code, not by agent specs): the network a trainer publishes, read
  // anew at each evaluate() call (nn/torch_evaluator.h).
  std::shared_ptr<const NetworkSlot> network;

  static const std::vector<std::string>& kinds() {
    static const std::vector<std::string> k = {"uniform", "rollout", "checkpoint"};
    return k;
  }
};

// `seed` seeds evaluators that draw random numbers (rollout).
template <class G>
std::unique_ptr<Evaluator<G>> make_evaluator(const G& game, const EvaluatorSpec& spec,
                                             uint64_t seed) {
  if (spec.kind == "uniform") return std::make_unique<UniformEvaluator<G>>();
  if (spec.kind == "rollout") return std::make_unique<RolloutEvaluator<G>>(spec.rollouts, seed);
  if (spec.kind == "checkpoint") {
    if (spec.checkpoint.empty()) fail("evaluator 'checkpoint' needs a checkpoint path");
    return make_checkpoint_evaluator<G>(game, spec.checkpoint, spec.threads);
  }
  if (spec.kind == "network") return make_network_evaluator<G>(game, spec.network, spec.threads);
  fail("unknown evaluator '", spec.kind, "'; one of: uniform, rollout, checkpoint");
}

// `count` evaluators for `count` threads searching one tree (a checkpoint is read once and its
// network shared); evaluator 0 draws from `seed` (as make_evaluator), evaluator i > 0 from a
// stream of its own.
template <class G>
std::vector<std::unique_ptr<Evaluator<G>>> make_evaluators(const G& game, const EvaluatorSpec& spec,
                                                           uint64_t seed, int count) {
  if (spec.kind == "checkpoint" && !spec.checkpoint.empty())
    return make_checkpoint_evaluators<G>(game, spec.checkpoint, spec.threads, count);
  std::vector<std::unique_ptr<Evaluator<G>>> out;
  for (int i = 0; i < count; ++i)
    out.push_back(make_evaluator<G>(game, spec, i == 0 ? seed : zobrist_key(seed, i)));
  return out;
}

}  // namespace hz
