// Out-of-line parts of GameAdapter<G> that pull in search templates. Include this (not only
// adapter.h) in exactly one file per game: its register.cpp.
#pragma once

#include "games/adapter.h"
#include "search/agent_factory.h"
#include "search/evaluator_factory.h"
#include "selfplay/game_driver.h"

namespace hz {

template <class G>
std::unique_ptr<Agent> GameAdapter<G>::make_agent(const AgentSpec& spec, uint64_t seed) const {
  return make_agent_for<G>(*this, spec, seed);
}

template <class G>
std::unique_ptr<SelfPlayRunner> GameAdapter<G>::make_selfplay(
    const SelfPlayOptions& options, const EvaluatorSpec& evaluator) const {
  auto self = this->self();
  make_evaluator<G>(game_, evaluator, 0);  // fail here, not in a worker, on a bad evaluator
  return std::make_unique<GameDriver<G>>(
      game_, options,
      [self, evaluator, seed = options.seed](int thread) -> std::shared_ptr<Evaluator<G>> {
        return make_evaluator<G>(self->game(), evaluator, zobrist_key(seed, thread, 0xe7a1));
      },
      self);
}

}  // namespace hz
