// MctsAgent<G>: an Agent (search/agent.h) that runs PUCT search (search/mcts.h) with any
// evaluator, and the spec reader for "mcts:sims=200,evaluator=uniform|rollout|checkpoint,...".
//
// Settings (all optional; unknown ones are errors):
//   sims=200          simulations per move (root visits, counting those kept by reuse)
//   time_ms=0         > 0: also stop after this long; without sims, the time alone decides
//   evaluator=uniform uniform | rollout | checkpoint
//   rollouts=1        play-outs per leaf (rollout)
//   checkpoint=PATH   network file (checkpoint); threads=1 its intra-op threads
//   cpuct=1.25  fpu=0.25  temperature=0 (0: most visited)  reuse=true (keep the subtree)
//   batch=1           leaves per evaluator call (virtual loss); noise=0, alpha=0.3 (root noise)
//
// The agent owns its tree, evaluator and RNG; one thread at a time. With reuse, the next call
// finds the position it is given inside the previous tree (whatever was played in between).
#pragma once

#include <memory>
#include <utility>

#include "games/adapter.h"
#include "search/agent.h"
#include "search/evaluator_factory.h"
#include "search/mcts.h"

namespace hz {

struct MctsAgentSettings {
  MctsConfig mcts;
  EvaluatorSpec evaluator;
  double temperature = 0.0;

  // Reads every setting of an "mcts" spec (the reader's finish() is left to the caller).
  static MctsAgentSettings read(SpecReader& reader, const AgentSpec& spec) {
    MctsAgentSettings s;
    const long time_ms = reader.get_int("time_ms", 0, 0, 1000L * 3600 * 24);
    const bool sims_given = spec.settings.count("sims") > 0;
    s.mcts.simulations = reader.get_int("sims", 200, 1, 1000000000L);
    if (time_ms > 0 && !sims_given) s.mcts.simulations = int64_t{1} << 40;
    s.mcts.time_limit_s = time_ms / 1000.0;
    // checkpoint=PATH alone selects the checkpoint evaluator; with another evaluator it is an
    // error rather than a setting silently ignored.
    const bool has_checkpoint = spec.settings.count("checkpoint") > 0;
    s.evaluator.kind = reader.get_string("evaluator", has_checkpoint ? "checkpoint" : "uniform",
                                         EvaluatorSpec::kinds());
    s.evaluator.rollouts = static_cast<int>(reader.get_int("rollouts", 1, 1, 100000));
    s.evaluator.checkpoint = reader.get_string("checkpoint", "");
    if (has_checkpoint && s.evaluator.kind != "checkpoint")
      fail("agent 'mcts': checkpoint=PATH needs evaluator=checkpoint, not evaluator=",
           s.evaluator.kind);
    s.evaluator.threads = static_cast<int>(reader.get_int("threads", 1, 1, 256));
    if (s.evaluator.kind == "checkpoint" && s.evaluator.checkpoint.empty())
      fail("agent 'mcts': evaluator=checkpoint needs checkpoint=PATH");
    s.mcts.c_puct = static_cast<float>(reader.get_double("cpuct", 1.25, 1e-3, 100.0));
    s.mcts.fpu_reduction = static_cast<float>(reader.get_double("fpu", 0.25, 0.0, 2.0));
    s.temperature = reader.get_double("temperature", 0.0, 0.0, 100.0);
    s.mcts.reuse_tree = reader.get_bool("reuse", true);
    s.mcts.leaves_per_round = static_cast<int>(reader.get_int("batch", 1, 1, 1024));
    s.mcts.dirichlet_fraction = static_cast<float>(reader.get_double("noise", 0.0, 0.0, 1.0));
    s.mcts.dirichlet_alpha = static_cast<float>(reader.get_double("alpha", 0.3, 1e-3, 100.0));
    s.mcts.validate();
    return s;
  }
};

template <class G>
class MctsAgent final : public Agent {
 public:
  MctsAgent(std::shared_ptr<const GameAdapter<G>> game, const MctsAgentSettings& settings,
            uint64_t seed)
      : game_(std::move(game)),
        settings_(settings),
        evaluator_(make_evaluator<G>(game_->game(), settings.evaluator, zobrist_key(seed, 1))),
        mcts_(game_->game(), settings.mcts, seed) {}

  std::string name() const override { return "mcts"; }

  Action select_action(const AnyState& any) override {
    const auto& state = game_->state_of(any);
    if (state.is_terminal()) fail("mcts agent asked to move in a terminal state");
    mcts_.set_root(state);
    mcts_.search(*evaluator_);
    info_ = mcts_.search_info();
    return mcts_.choose_action(settings_.temperature);
  }

  void reset() override {
    mcts_.clear();
    info_ = SearchInfo{};
  }

  SearchInfo last_search() const override { return info_; }

 private:
  std::shared_ptr<const GameAdapter<G>> game_;
  MctsAgentSettings settings_;
  std::unique_ptr<Evaluator<G>> evaluator_;
  Mcts<G> mcts_;
  SearchInfo info_;
};

}  // namespace hz
