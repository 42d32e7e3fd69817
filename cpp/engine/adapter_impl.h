// Out-of-line parts of GameAdapter<G> that pull in search and self-play templates, and the
// factory that registers a game with them. Include this (not only games/adapter.h) in exactly
// one file per game: engine/<game>/register.cpp, which does
//   HZ_REGISTER_GAME(with_adapter<MyGame>(my_game_info()));
// (test programs that build adapters of their own toy games include it too).
#pragma once

#include <memory>

#include "engine/agent_factory.h"
#include "games/adapter.h"
#include "games/registry.h"
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
  auto driver = std::make_unique<GameDriver<G>>(
      game_, options,
      [self, evaluator, seed = options.seed](int thread) -> std::shared_ptr<Evaluator<G>> {
        return make_evaluator<G>(self->game(), evaluator, zobrist_key(seed, thread, 0xe7a1));
      },
      self);
  if (options.sparring_fraction > 0.0) {
    const AgentSpec spec = AgentSpec::parse(options.sparring_agent);
    make_agent(spec, 0);  // a bad spec fails here, naming what is wrong
    driver->set_sparring([self, spec, seed = options.seed](int thread) {
      std::shared_ptr<Agent> agent = self->make_agent(spec, zobrist_key(seed, thread, 0x5a11));
      return [self, agent](const typename G::State& s) {
        return agent->select_action(StateAdapter<G>(self, s));
      };
    });
  }
  return driver;
}

// `info` (a game's games/<game>/info.cpp) with the factory that builds GameAdapter<G>.
template <class G>
GameInfo with_adapter(GameInfo info) {
  info.factory = [](const GameOptions& resolved) -> std::shared_ptr<AnyGame> {
    return std::make_shared<GameAdapter<G>>(resolved);
  };
  return info;
}

}  // namespace hz
