// The agents that use a game's Heuristic<G>: `alphabeta` and `greedy`, reached from
// engine/agent_factory.h without that header knowing any game.
//
// A game's heuristic lives in cpp/engine/<game>/heuristic.h, which only the game's own
// cpp/engine/<game>/register.cpp includes, where HZ_REGISTER_HEURISTIC_AGENTS(G) (from
// search/heuristic_agents_impl.h) records a factory under typeid(G). The agent factory asks
// this registry by the type of the game it is instantiated for; a game without a heuristic gets
// a clear error naming it.
//
// Agent settings (all optional):
//   alphabeta: depth=D (turns, 1..64), time_ms=T, nodes=N (0 = no limit; with none of the
//     three, depth=4), algorithm=negamax|paranoid|brs (default negamax for two players,
//     paranoid for more), tt_mb=16, quiescence=true, qturns=8, weights=FILE.yaml (a
//     `heuristic:` section), w_<weight>=value (overrides; see each game's heuristic.h)
//   greedy: weights=FILE.yaml, w_<weight>=value
//
// The registry is filled during static initialisation and read-only afterwards (thread-safe).
#pragma once

#include <cstdint>
#include <memory>
#include <typeindex>

#include "games/any_game.h"
#include "search/agent.h"
#include "search/search_score.h"

namespace hz {

using HeuristicAgentFactory = std::unique_ptr<Agent> (*)(const AnyGame& game, const AgentSpec& spec,
                                                         uint64_t seed);

bool register_heuristic_agents(std::type_index game_type, HeuristicAgentFactory factory);

// An `alphabeta` or `greedy` agent for a game of type `game_type`; throws hz::Error if the
// game has no heuristic or the spec is bad.
std::unique_ptr<Agent> make_heuristic_agent(std::type_index game_type, const AnyGame& game,
                                            const AgentSpec& spec, uint64_t seed);

// Implemented by agents that can report the effort of their last decision (for `hopzero bench`).
class SearchStatsSource {
 public:
  virtual ~SearchStatsSource() = default;
  virtual ab::SearchStats last_stats() const = 0;
};

}  // namespace hz
