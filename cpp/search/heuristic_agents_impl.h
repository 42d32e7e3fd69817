// AlphaBetaAgent<G> and GreedyAgent<G>, and HZ_REGISTER_HEURISTIC_AGENTS(G) which makes them
// available for game G (settings: search/heuristic_agents.h). Include this, after the game's
// heuristic.h, in exactly one file per game: cpp/engine/<game>/register.cpp.
//
// Each agent owns its search object (table and buffers allocated once, at construction) and
// its RNG; one thread at a time. select_action() returns the first action of the turn it chose
// and plays the rest of that turn from its plan (search/turn_plan.h) without searching again.
#pragma once

#include <memory>
#include <string>
#include <typeinfo>
#include <utility>

#include "core/config.h"
#include "core/rng.h"
#include "games/adapter.h"
#include "search/alphabeta.h"
#include "search/greedy.h"
#include "search/heuristic.h"
#include "search/heuristic_agents.h"
#include "search/turn_plan.h"

namespace hz {

namespace detail {
// Weights from `weights=FILE.yaml` (its `heuristic:` section), then `w_<key>=` settings.
template <class G>
typename Heuristic<G>::Weights read_agent_weights(SpecReader& reader) {
  using Weights = typename Heuristic<G>::Weights;
  Weights w;
  const std::string file = reader.get_string("weights", "");
  if (!file.empty()) {
    Config config = Config::load_file(file);
    ConfigSection root = config.root();
    ConfigSection section = root.section("heuristic", "evaluation weights");
    w = read_weights<Weights>(section);
    root.finish();
  }
  return read_weights<Weights>(reader, w);
}
}  // namespace detail

template <class G>
class AlphaBetaAgent final : public Agent, public SearchStatsSource {
 public:
  using State = typename G::State;
  AlphaBetaAgent(std::shared_ptr<const GameAdapter<G>> game, std::string name,
                 ab::SearchLimits limits, ab::Algorithm algorithm, ab::SearchOptions options,
                 typename Heuristic<G>::Weights weights)
      : game_(std::move(game)),
        name_(std::move(name)),
        limits_(limits),
        algorithm_(algorithm),
        search_(game_->game(), Heuristic<G>(game_->game(), weights), options) {}

  std::string name() const override { return name_; }

  Action select_action(const AnyState& any) override {
    const State& s = state_of<G>(any);
    if (s.is_terminal()) fail("alphabeta agent asked to move in a terminal state");
    const Action planned = plan_.next(s);
    if (planned != kNoAction) {
      last_ = {};
      last_.actions = {planned};
      last_.principal_variation = {planned};
      stats_ = {};
      return planned;
    }
    ab::SearchResult r = search_.search(s, limits_, algorithm_);
    stats_ = r.stats;
    last_ = {};
    for (const auto& m : r.root_moves) {
      last_.actions.push_back(m.action);
      last_.visits.push_back(0);
      last_.values.push_back(ab::score_to_value(m.score));
    }
    last_.root_value = ab::score_to_value(r.score);
    last_.principal_variation = r.pv;
    plan_.set(s, r.pv);
    return r.best;
  }

  void reset() override {
    search_.clear();
    plan_.clear();
  }
  SearchInfo last_search() const override { return last_; }
  ab::SearchStats last_stats() const override { return stats_; }

 private:
  std::shared_ptr<const GameAdapter<G>> game_;
  std::string name_;
  ab::SearchLimits limits_;
  ab::Algorithm algorithm_;
  ab::AlphaBeta<G> search_;
  TurnPlan<G> plan_;
  SearchInfo last_;
  ab::SearchStats stats_;
};

template <class G>
class GreedyAgent final : public Agent {
 public:
  using State = typename G::State;
  GreedyAgent(std::shared_ptr<const GameAdapter<G>> game, std::string name,
              typename Heuristic<G>::Weights weights, uint64_t seed)
      : game_(std::move(game)),
        name_(std::move(name)),
        greedy_(game_->game(), Heuristic<G>(game_->game(), weights)),
        rng_(seed) {}

  std::string name() const override { return name_; }

  Action select_action(const AnyState& any) override {
    const State& s = state_of<G>(any);
    const Action planned = plan_.next(s);
    if (planned != kNoAction) return planned;
    auto r = greedy_.choose(s, rng_);
    last_ = {};
    last_.actions = {r.turn.front()};
    last_.values = {ab::score_to_value(r.score)};
    last_.visits = {0};
    last_.root_value = last_.values.front();
    last_.principal_variation = r.turn;
    plan_.set(s, r.turn);
    return r.turn.front();
  }
  void reset() override { plan_.clear(); }
  SearchInfo last_search() const override { return last_; }

 private:
  std::shared_ptr<const GameAdapter<G>> game_;
  std::string name_;
  ab::Greedy<G> greedy_;
  Rng rng_;
  TurnPlan<G> plan_;
  SearchInfo last_;
};

// The factory registered for G (see HZ_REGISTER_HEURISTIC_AGENTS).
template <class G>
std::unique_ptr<Agent> make_heuristic_agent_for(const AnyGame& any_game, const AgentSpec& spec,
                                                uint64_t seed) {
  const auto* adapter = dynamic_cast<const GameAdapter<G>*>(&any_game);
  HZ_CHECK(adapter, "heuristic agent factory called with a game of another type");
  SpecReader reader(spec);
  if (spec.kind == "greedy") {
    auto weights = detail::read_agent_weights<G>(reader);
    reader.finish();
    return std::make_unique<GreedyAgent<G>>(adapter->self(), spec.to_string(), weights, seed);
  }
  if (spec.kind != "alphabeta") fail("no heuristic agent of kind '", spec.kind, "'");
  const int players = adapter->num_players();
  ab::SearchLimits limits;
  limits.depth = static_cast<int>(reader.get_int("depth", 0, 1, 64));
  limits.time_ms = reader.get_double("time_ms", 0, 0, 1e9);
  limits.nodes = static_cast<uint64_t>(reader.get_int("nodes", 0, 0, 1L << 50));
  if (limits.depth == 0 && limits.time_ms == 0 && limits.nodes == 0) limits.depth = 4;
  if (limits.depth == 0) limits.depth = 64;
  const std::string algo = reader.get_string("algorithm", players == 2 ? "negamax" : "paranoid",
                                             {"negamax", "paranoid", "brs"});
  ab::Algorithm algorithm = algo == "negamax"    ? ab::Algorithm::kNegamax
                            : algo == "paranoid" ? ab::Algorithm::kParanoid
                                                 : ab::Algorithm::kBestReply;
  if (algorithm == ab::Algorithm::kNegamax && players != 2)
    fail("agent 'alphabeta': algorithm=negamax needs two players; '", adapter->full_name(),
         "' has ", players, " (use paranoid or brs)");
  if constexpr (!kHasSetMover<Heuristic<G>, typename G::State>) {
    if (algorithm == ab::Algorithm::kBestReply)
      fail("agent 'alphabeta': algorithm=brs is not available for game '", adapter->name(),
           "' (its heuristic has no set_mover)");
  }
  ab::SearchOptions options;
  options.tt_mb = static_cast<int>(reader.get_int("tt_mb", options.tt_mb, 1, 65536));
  options.quiescence = reader.get_bool("quiescence", options.quiescence);
  options.max_quiescence_turns =
      static_cast<int>(reader.get_int("qturns", options.max_quiescence_turns, 0, 64));
  auto weights = detail::read_agent_weights<G>(reader);
  reader.finish();
  return std::make_unique<AlphaBetaAgent<G>>(adapter->self(), spec.to_string(), limits, algorithm,
                                             options, weights);
}

}  // namespace hz

#define HZ_HEURISTIC_AGENTS_CAT2(a, b) a##b
#define HZ_HEURISTIC_AGENTS_CAT(a, b) HZ_HEURISTIC_AGENTS_CAT2(a, b)
// Usage, in cpp/engine/<game>/register.cpp: HZ_REGISTER_HEURISTIC_AGENTS(hz::MyGame);
#define HZ_REGISTER_HEURISTIC_AGENTS(G)                                                        \
  static const bool HZ_HEURISTIC_AGENTS_CAT(hz_heuristic_agents_, __LINE__) [[maybe_unused]] = \
      ::hz::register_heuristic_agents(typeid(G), &::hz::make_heuristic_agent_for<G>)
