// MctsAgent<G>: an Agent (search/agent.h) that runs MCTS (search/mcts.h) with any evaluator, and
// the spec reader for "mcts:sims=200,evaluator=uniform|rollout|checkpoint,...".
//
// Settings (all optional; unknown ones are errors):
//   sims=200          simulations per move (PUCT: root visits, counting those kept by reuse;
//                     Gumbel: new simulations)
//   time_ms=0         > 0: also stop after this long; without sims, the time alone decides (PUCT)
//   clock=turn        turn: time_ms is for a whole turn, as alpha-beta's; it is spent on the
//                     turn's first action and the turn's later actions come from the tree kept
//                     by reuse (no search when the time is spent). action: time_ms for every
//                     action (before 2026-12-07 the only clock; more time per turn in games
//                     whose turns have several actions)
//   evaluator=uniform uniform | rollout | checkpoint
//   rollouts=1        play-outs per leaf (rollout)
//   checkpoint=PATH   network file (checkpoint)
//   threads=1         threads searching the tree, each with its own evaluator (one core each)
//   batch=1           leaves per evaluator call and thread (virtual loss spreads them)
//   cpuct=1.25  fpu=0.25  temperature=0 (0: most visited)  reuse=true (keep the subtree)
//   noise=0, alpha=0.3 (root Dirichlet noise)
//   search=puct       puct | gumbel (root: Gumbel AlphaZero's sequential halving; needs sims)
//   interior=puct     puct | gumbel (selection below the root)
//   considered=16  c_visit=50  c_scale=0.1  rescale_q=true  gumbel_noise=false   (Gumbel settings)
//
// The agent owns its tree, evaluators and RNG; one thread calls it at a time (with threads=T it
// starts T-1 helper threads for each search). With reuse, the next call finds the position it
// is given inside the previous tree (whatever was played in between).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "games/adapter.h"
#include "nn/network.h"
#include "search/agent.h"
#include "search/evaluator_factory.h"
#include "search/mcts.h"

namespace hz {

struct MctsAgentSettings {
  MctsConfig mcts;
  EvaluatorSpec evaluator;
  double temperature = 0.0;
  int search_threads = 1;
  bool clock_per_turn = true;  // time_ms per turn (true) or per action

  // Reads every setting of an "mcts" spec (the reader's finish() is left to the caller).
  static MctsAgentSettings read(SpecReader& reader, const AgentSpec& spec) {
    MctsAgentSettings s;
    read_budget(reader, spec, s);
    read_evaluator(reader, spec, s);
    s.mcts.c_puct = static_cast<float>(reader.get_double("cpuct", 1.25, 1e-3, 100.0));
    s.mcts.fpu_reduction = static_cast<float>(reader.get_double("fpu", 0.25, 0.0, 2.0));
    s.temperature = reader.get_double("temperature", 0.0, 0.0, 100.0);
    s.mcts.reuse_tree = reader.get_bool("reuse", true);
    if (s.clock_per_turn && s.mcts.time_limit_s > 0.0 && !s.mcts.reuse_tree)
      fail(
          "agent 'mcts': clock=turn (the default) plays a turn's later actions from the tree "
          "that reuse=false drops; give clock=action with reuse=false");
    s.mcts.leaves_per_round = static_cast<int>(reader.get_int("batch", 1, 1, 1024));
    s.mcts.dirichlet_fraction = static_cast<float>(reader.get_double("noise", 0.0, 0.0, 1.0));
    s.mcts.dirichlet_alpha = static_cast<float>(reader.get_double("alpha", 0.3, 1e-3, 100.0));
    read_gumbel(reader, spec, s);
    s.mcts.validate();
    return s;
  }

 private:
  static void read_budget(SpecReader& reader, const AgentSpec& spec, MctsAgentSettings& s) {
    const long time_ms = reader.get_int("time_ms", 0, 0, 1000L * 3600 * 24);
    const bool sims_given = spec.settings.count("sims") > 0;
    s.mcts.simulations = reader.get_int("sims", 200, 1, MctsConfig::kMaxSimulations);
    if (time_ms > 0 && !sims_given) s.mcts.simulations = MctsConfig::kMaxSimulations;
    s.mcts.time_limit_s = time_ms / 1000.0;
    s.clock_per_turn = reader.get_string("clock", "turn", {"turn", "action"}) == "turn";
  }

  static void read_evaluator(SpecReader& reader, const AgentSpec& spec, MctsAgentSettings& s) {
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
    if (s.evaluator.kind == "checkpoint" && s.evaluator.checkpoint.empty())
      fail("agent 'mcts': evaluator=checkpoint needs checkpoint=PATH");
    s.search_threads = static_cast<int>(reader.get_int("threads", 1, 1, 256));
    s.evaluator.threads = 1;  // intra-op threads: each search thread is one core
  }

  static void read_gumbel(SpecReader& reader, const AgentSpec& spec, MctsAgentSettings& s) {
    const std::string root = reader.get_string("search", "puct", {"puct", "gumbel"});
    s.mcts.root_search = root == "gumbel" ? RootSearch::kGumbel : RootSearch::kPuct;
    const std::string interior = reader.get_string("interior", "puct", {"puct", "gumbel"});
    s.mcts.interior = interior == "gumbel" ? InteriorSelection::kGumbel : InteriorSelection::kPuct;
    s.mcts.gumbel_considered = static_cast<int>(reader.get_int("considered", 16, 1, 4096));
    s.mcts.gumbel_c_visit = static_cast<float>(reader.get_double("c_visit", 50.0, 0.0, 1e6));
    s.mcts.gumbel_c_scale = static_cast<float>(reader.get_double("c_scale", 0.1, 1e-6, 1e3));
    s.mcts.gumbel_rescale_q = reader.get_bool("rescale_q", true);
    s.mcts.gumbel_noise = reader.get_bool("gumbel_noise", false);
    if (s.mcts.root_search == RootSearch::kGumbel && spec.settings.count("sims") == 0)
      fail(
          "agent 'mcts': search=gumbel needs sims= (sequential halving plans a simulation "
          "budget; a time limit alone cannot)");
  }
};

template <class G>
class MctsAgent final : public Agent {
 public:
  using State = typename G::State;

  MctsAgent(std::shared_ptr<const GameAdapter<G>> game, const MctsAgentSettings& settings,
            uint64_t seed)
      : game_(std::move(game)),
        settings_(settings),
        evaluators_(make_evaluators<G>(game_->game(), settings.evaluator, zobrist_key(seed, 1),
                                       settings.search_threads)),
        batches_(settings.search_threads),
        mcts_(game_->game(), settings.mcts, seed) {}

  std::string name() const override { return "mcts"; }

  Action select_action(const AnyState& any) override {
    const auto& state = state_of<G>(any);
    if (state.is_terminal()) fail("mcts agent asked to move in a terminal state");
    mcts_.set_root(state);
    const SearchBudget budget = budget_for(state);
    if (settings_.search_threads == 1)
      mcts_.search(*evaluators_[0], budget);
    else
      search_in_parallel(budget);
    info_ = mcts_.search_info();
    const Action a = mcts_.choose_action(settings_.temperature);
    expect_turn_to_continue(state, a);
    return a;
  }

  void reset() override {
    mcts_.clear();
    info_ = SearchInfo{};
    continuation_ = false;
  }

  SearchInfo last_search() const override { return info_; }

 private:
  using Clock = std::chrono::steady_clock;

  // With the clock per turn, a search that continues the turn this agent started gets what is
  // left of the turn's time (often nothing: the move then comes from the kept subtree); a turn's
  // first action starts the clock. The clock per action, or no time limit: the config's budget.
  SearchBudget budget_for(const State& state) {
    SearchBudget budget;
    if (!settings_.clock_per_turn || settings_.mcts.time_limit_s <= 0.0) return budget;
    const Clock::time_point now = Clock::now();
    if (continuation_ && state.hash() == continuation_hash_ &&
        state.move_number() == continuation_move_number_) {
      const std::chrono::duration<double> left = turn_deadline_ - now;
      budget.time_limit_s = std::max(0.0, left.count());
    } else {
      turn_deadline_ = now + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(settings_.mcts.time_limit_s));
    }
    return budget;
  }

  // Remembers the position `a` leads to when the same player moves on there (the turn goes on).
  void expect_turn_to_continue(const State& state, Action a) {
    State next = state;
    next.apply(a);
    continuation_ = !next.is_terminal() && next.current_player() == state.current_player();
    continuation_hash_ = next.hash();
    continuation_move_number_ = next.move_number();
  }

  // Tree parallelism: every thread selects a batch of leaves under the lock (virtual loss keeps
  // them apart), evaluates it outside the lock, and backs it up under the lock.
  void search_in_parallel(const SearchBudget& budget) {
    std::mutex mu;
    std::atomic<bool> failed{false};
    mcts_.begin_search(budget);
    auto work = [&](int t) {
      if (t > 0) set_torch_threads_for_this_thread(settings_.evaluator.threads);
      auto& batch = batches_[t];
      std::unique_lock<std::mutex> lock(mu);
      while (!failed && !mcts_.should_stop_collecting()) {
        const int n = mcts_.collect_leaves(batch);
        if (n == 0) {  // every selection met a pending leaf: let the others finish theirs
          lock.unlock();
          std::this_thread::yield();
          lock.lock();
          continue;
        }
        EvalItem<G>* items = mcts_.fill_eval_items(batch);
        lock.unlock();
        evaluators_[t]->evaluate(items, n);
        lock.lock();
        mcts_.apply_evaluations(batch);
      }
    };
    std::vector<std::thread> helpers;
    std::exception_ptr error;
    std::mutex error_mu;
    for (int t = 1; t < settings_.search_threads; ++t)
      helpers.emplace_back([&, t] {
        try {
          work(t);
        } catch (...) {
          std::lock_guard<std::mutex> lock(error_mu);
          if (!error) error = std::current_exception();
          failed = true;
        }
      });
    try {
      work(0);
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mu);
      if (!error) error = std::current_exception();
      failed = true;
    }
    for (auto& h : helpers) h.join();
    if (error) std::rethrow_exception(error);
  }

  std::shared_ptr<const GameAdapter<G>> game_;
  MctsAgentSettings settings_;
  std::vector<std::unique_ptr<Evaluator<G>>> evaluators_;
  std::vector<typename Mcts<G>::LeafBatch> batches_;
  Mcts<G> mcts_;
  SearchInfo info_;
  // The clock per turn: the position where this agent's turn goes on, and the turn's deadline.
  bool continuation_ = false;
  uint64_t continuation_hash_ = 0;
  int continuation_move_number_ = 0;
  Clock::time_point turn_deadline_{};
};

}  // namespace hz
