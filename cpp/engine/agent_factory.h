// Builds agents for a concrete game G from a spec. Included only by engine/adapter_impl.h (that
// is, once per game, in engine/<game>/register.cpp), so every agent template is instantiated for
// every registered game without any list of games.
//
// To add an agent kind: write it as a template over G in search/, include it here and add one
// branch on spec.kind below (agent kinds are few and fixed; games are what stays open).
#pragma once

#include <memory>

#include "core/rng.h"
#include "games/adapter.h"
#include "search/agent.h"
#include "search/heuristic_agents.h"
#include "search/mcts_agent.h"

namespace hz {

template <class G>
class RandomAgent final : public Agent {
 public:
  RandomAgent(std::shared_ptr<const GameAdapter<G>> game, uint64_t seed)
      : game_(std::move(game)), rng_(seed) {}
  std::string name() const override { return "random"; }
  Action select_action(const AnyState& any) override {
    const auto& state = state_of<G>(any);
    typename G::ActionList actions;
    state.legal_actions(actions);
    if (actions.empty()) fail("random agent asked to move in a terminal state");
    return actions[rng_.uniform_int(static_cast<uint32_t>(actions.size()))];
  }

 private:
  std::shared_ptr<const GameAdapter<G>> game_;
  Rng rng_;
};

template <class G>
std::unique_ptr<Agent> make_agent_for(const GameAdapter<G>& game, const AgentSpec& spec,
                                      uint64_t seed) {
  SpecReader reader(spec);
  if (spec.kind == "random") {
    reader.finish();
    return std::make_unique<RandomAgent<G>>(game.self(), seed);
  }
  if (spec.kind == "mcts") {
    const MctsAgentSettings settings = MctsAgentSettings::read(reader, spec);
    reader.finish();
    return std::make_unique<MctsAgent<G>>(game.self(), settings, seed);
  }
  // alphabeta, greedy: need the game's Heuristic<G>, registered from the game's folder.
  if (spec.kind == "alphabeta" || spec.kind == "greedy")
    return make_heuristic_agent(typeid(G), game, spec, seed);
  fail("unknown agent kind '", spec.kind, "'; valid kinds: random, mcts, alphabeta, greedy");
}

}  // namespace hz
