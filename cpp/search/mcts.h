// Monte-Carlo tree search over a concrete game G (games/game.h), for any number of players:
// PUCT (AlphaZero) or Gumbel AlphaZero at the root (MctsConfig::root_search), PUCT or Gumbel's
// deterministic selection below it (MctsConfig::interior).
//
// - Values are vectors (one per absolute player) backed up max^n style: each node keeps the sum
//   for the player who acted into it, read from current_player() of the parent, so a player who
//   makes several actions in a row, or any turn order, is handled (search/mcts_tree.h).
// - Leaves go to an Evaluator<G> (nn/evaluator.h) in batches: one tree selects up to
//   config.leaves_per_round leaves under virtual loss; a driver may gather the leaves of many
//   trees into one evaluator call with the step-wise API (begin_search, collect_leaves,
//   fill_eval_items, apply_evaluations, search_done). search() runs the whole loop for one tree.
//   Several threads may search one tree, each with its own LeafBatch, if every call on the tree
//   is made under one lock and only the evaluator calls run outside it (search/mcts_agent.h).
// - Terminal leaves take their values from State::returns() and need no evaluation.
// - Root Dirichlet noise (PUCT) or Gumbel noise (Gumbel), first-play urgency, a simulation count
//   and/or a time limit, and tree reuse (advance / set_root keep the subtree of the new root)
//   come from MctsConfig; begin_search() may override the count and the noise for one search
//   (playout cap randomization).
// - Results: the move (choose_action), the search's policy over the root's children
//   (root_policy: visit shares, or Gumbel's completed-Q improved policy) and the mean backed-up
//   value vector of the root (root_values), for training targets.
//
// Ownership and threads: a Mcts keeps a reference to its G (which must outlive it) and owns its
// arenas, scratch buffers and RNG; one thread at a time (or under one lock, above). Expanded
// nodes store their state, so selection applies one action per simulation (the leaf's) instead
// of replaying the path. Buffers are sized at construction or grow to their largest use, so a
// warmed search allocates nothing per simulation.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "nn/evaluator.h"
#include "search/agent.h"
#include "search/gumbel.h"
#include "search/mcts_config.h"
#include "search/mcts_policy.h"
#include "search/mcts_tree.h"

namespace hz {

// Counters since construction; drivers take differences.
struct MctsCounters {
  int64_t simulations = 0;  // backups (evaluated leaves and terminal visits)
  int64_t evaluations = 0;  // leaves sent to the evaluator
  int64_t nodes = 0;        // tree nodes created
  int64_t collisions = 0;   // selections that met a leaf already waiting for evaluation
};

// One search's overrides of MctsConfig (playout cap randomization; a clock per turn).
struct SearchBudget {
  int64_t simulations = 0;  // 0: config().simulations
  bool noise = true;        // false: no Dirichlet noise at the root (PUCT) this search
  // < 0: config().time_limit_s. >= 0: this search's time limit in seconds instead (0 stops as
  // soon as the root is expanded: the move then comes from the visits the tree already holds).
  double time_limit_s = -1.0;
};

template <class G>
class Mcts {
 public:
  using State = typename G::State;
  using ActionList = typename G::ActionList;

  // Leaves selected by one collect_leaves() call and waiting for one evaluator call.
  class LeafBatch {
   public:
    int size() const { return count_; }
    // Evaluator items (valid after fill_eval_items, until apply_evaluations).
    EvalItem<G>* items() { return items_.data(); }

   private:
    friend class Mcts;
    struct Pending {
      int32_t node = -1;
      // A copy: the tree's state arena may grow (and move) while another thread evaluates.
      std::optional<State> state;
      ActionList legal;
      float logits[G::kMaxLegalActions];
      PlayerValues values{};
    };
    std::vector<Pending> pending_;
    std::vector<EvalItem<G>> items_;
    int count_ = 0;
  };

  Mcts(const G& game, const MctsConfig& config, uint64_t seed)
      : game_(game),
        rng_(seed),
        scratch_a_(G::kMaxLegalActions),
        scratch_b_(G::kMaxLegalActions),
        order_(G::kMaxLegalActions) {
    set_config(config);
  }

  const G& game() const { return game_; }
  const MctsConfig& config() const { return config_; }
  void set_config(const MctsConfig& config) {
    HZ_CHECK(pending_total_ == 0, "config changed during a search");
    config.validate();
    config_ = config;
    budget_ = config_.simulations;
  }
  Rng& rng() { return rng_; }
  const MctsCounters& counters() const { return counters_; }

  // --- the root -------------------------------------------------------------------------------

  bool has_root() const { return !tree_.nodes.empty(); }
  const State& root_state() const { return tree_.states[tree_.nodes[0].state_index]; }

  // Drops the tree (memory is kept for the next one).
  void clear() {
    HZ_CHECK(pending_total_ == 0, "tree cleared during a search");
    tree_.clear();
  }

  // Searches from `s` next. With tree reuse, a node of the current tree that holds the same
  // position (equal hash and move number) becomes the root with its subtree; else a new tree.
  void set_root(const State& s) {
    if (config_.reuse_tree && has_root()) {
      const int32_t found = find_position(s);
      if (found == 0) return;
      if (found > 0) {
        keep_subtree(found);
        return;
      }
    }
    new_tree(s);
  }

  // The root's state with `a` applied becomes the root; its subtree is kept with tree reuse.
  void advance(Action a) {
    HZ_CHECK(has_root() && pending_total_ == 0, "advance without a root or during a search");
    const Node& root = tree_.nodes[0];
    if (config_.reuse_tree) {
      for (int i = 0; i < root.num_children; ++i) {
        const Node& child = tree_.nodes[root.first_child + i];
        if (child.action == a && child.state_index >= 0) {
          keep_subtree(root.first_child + i);
          return;
        }
      }
    }
    State next = root_state();
    next.apply(a);
    new_tree(next);
  }

  // --- searching ------------------------------------------------------------------------------

  // A whole search from the current root with one evaluator.
  void search(Evaluator<G>& evaluator, SearchBudget budget = {}) {
    begin_search(budget);
    while (!search_done()) {
      const int n = collect_leaves();
      if (n > 0) {
        evaluator.evaluate(fill_eval_items(), n);
        apply_evaluations();
      }
    }
  }

  void begin_search(SearchBudget budget = {}) {
    HZ_CHECK(has_root(), "search without a root");
    HZ_CHECK(pending_total_ == 0, "begin_search with evaluations outstanding");
    if (tree_.nodes[0].status == NodeStatus::kTerminal) fail("mcts: search from a terminal state");
    HZ_CHECK(budget.simulations >= 0 && budget.simulations <= MctsConfig::kMaxSimulations,
             "search budget out of range: ", budget.simulations);
    budget_ = budget.simulations > 0 ? budget.simulations : config_.simulations;
    noise_this_search_ = budget.noise;
    time_limit_this_search_ = budget.time_limit_s >= 0.0   ? budget.time_limit_s
                              : config_.time_limit_s > 0.0 ? config_.time_limit_s
                                                           : -1.0;
    search_start_ = std::chrono::steady_clock::now();
    root_values_sum_.fill(0.0);
    root_values_count_ = 0;
    gumbel_ready_ = false;
    baseline_ = 0;
    if (tree_.nodes[0].status == NodeStatus::kExpanded) prepare_root();
  }

  // True once the search has spent its budget (PUCT: the root's children hold that many visits;
  // Gumbel: that many simulations in this search), the time limit has passed, or the tree has
  // reached its memory limit (and the root has children). Never true with leaves pending.
  bool search_done() const {
    if (pending_total_ > 0) return false;
    if (tree_.nodes[0].status != NodeStatus::kExpanded) return false;
    return budget_spent(false) || tree_full() || time_up();
  }

  // The stopping test for several threads sharing the tree: the budget counting selections in
  // flight, the tree's memory limit or the time limit.
  bool should_stop_collecting() const {
    if (tree_.nodes[0].status != NodeStatus::kExpanded) return false;
    return budget_spent(true) || tree_full() || time_up();
  }

  // Selects up to config.leaves_per_round leaves that need an evaluation into `batch` (which
  // must be empty) and returns how many. Terminal leaves met on the way are backed up at once;
  // after a bounded number of them the call returns, so a caller looping until search_done()
  // sees the time limit even in a tree whose every leaf is terminal. Stops early when a
  // selection meets a leaf that is already pending.
  int collect_leaves(LeafBatch& batch) {
    HZ_CHECK(batch.count_ == 0, "collect_leaves with evaluations outstanding");
    if (batch.pending_.size() < static_cast<size_t>(config_.leaves_per_round))
      batch.pending_.resize(config_.leaves_per_round);
    int terminal_backups = 0;
    const int max_terminal_backups = 64 + 4 * config_.leaves_per_round;
    while (batch.count_ < config_.leaves_per_round && terminal_backups < max_terminal_backups) {
      if (should_stop_collecting()) break;
      const int32_t leaf = select_leaf();
      Node& node = tree_.nodes[leaf];
      if (node.status == NodeStatus::kPending) {
        undo_virtual_loss(leaf);
        ++counters_.collisions;
        break;
      }
      if (node.status == NodeStatus::kUnexpanded && node.state_index < 0) make_leaf_state(leaf);
      Node& fresh = tree_.nodes[leaf];
      const State& state = tree_.states[fresh.state_index];
      if (fresh.status == NodeStatus::kTerminal || state.is_terminal()) {
        fresh.status = NodeStatus::kTerminal;
        fresh.mover = -1;
        PlayerValues values{};
        state.returns(values);
        backup(leaf, values);
        ++terminal_backups;
        continue;
      }
      fresh.status = NodeStatus::kPending;
      fresh.mover = static_cast<int8_t>(state.current_player());
      auto& p = batch.pending_[batch.count_++];
      p.node = leaf;
      p.state = state;
      state.legal_actions(p.legal);
    }
    pending_total_ += batch.count_;
    return batch.count_;
  }

  // Writes batch.size() evaluator items into the batch and returns them; they point into this
  // tree and the batch and stay valid until apply_evaluations(batch).
  EvalItem<G>* fill_eval_items(LeafBatch& batch) {
    if (batch.items_.size() < static_cast<size_t>(batch.count_)) batch.items_.resize(batch.count_);
    for (int i = 0; i < batch.count_; ++i) {
      auto& p = batch.pending_[i];
      EvalItem<G>& out = batch.items_[i];
      out.state = &*p.state;
      out.legal = &p.legal;
      out.logits = p.logits;
      out.values = &p.values;
    }
    return batch.items_.data();
  }
  void fill_eval_items(LeafBatch& batch, EvalItem<G>* out) {
    std::copy_n(fill_eval_items(batch), batch.count_, out);
  }

  // Expands every pending leaf of the batch with its priors and backs up its values.
  void apply_evaluations(LeafBatch& batch) {
    for (int i = 0; i < batch.count_; ++i) {
      const auto& p = batch.pending_[i];
      const int count = p.legal.size();
      const int8_t mover = tree_.nodes[p.node].mover;
      const int32_t first = tree_.add_children(p.node, p.legal.begin(), count, mover);
      mcts::set_priors_from_logits(&tree_.nodes[first], p.logits, count);
      counters_.nodes += count;
      ++counters_.evaluations;
      Node& node = tree_.nodes[p.node];
      node.status = NodeStatus::kExpanded;
      node.raw_value = p.values[mover];
      backup(p.node, p.values);
      if (p.node == 0) prepare_root();
    }
    pending_total_ -= batch.count_;
    batch.count_ = 0;
  }

  // The same on the tree's own batch, for one thread driving the search.
  int collect_leaves() { return collect_leaves(own_batch_); }
  int pending_count() const { return own_batch_.count_; }
  EvalItem<G>* fill_eval_items() { return fill_eval_items(own_batch_); }
  void fill_eval_items(EvalItem<G>* out) { fill_eval_items(own_batch_, out); }
  void apply_evaluations() { apply_evaluations(own_batch_); }

  // --- results --------------------------------------------------------------------------------

  int root_child_count() const { return tree_.nodes[0].num_children; }
  const Node& root_child(int i) const { return tree_.nodes[tree_.nodes[0].first_child + i]; }
  int root_visits() const { return tree_.nodes[0].visits; }

  // Mean value of the root for its mover.
  float root_value() const {
    const Node& root = tree_.nodes[0];
    return root.visits > 0 ? root.mover_value_sum / static_cast<float>(root.visits) : 0.0f;
  }

  // The mean value vector (absolute players) backed up through the root in this search. A search
  // that backed up nothing (its budget met by reused visits) gives the mover root_value() and
  // every other player -root_value() / (players - 1), exact for two-player zero-sum games.
  PlayerValues root_values() const {
    PlayerValues out{};
    if (root_values_count_ > 0) {
      for (int p = 0; p < kMaxPlayers; ++p)
        out[p] = static_cast<float>(root_values_sum_[p] / root_values_count_);
      return out;
    }
    const int players = game_.num_players();
    const int mover = tree_.nodes[0].mover;
    for (int p = 0; p < players; ++p)
      out[p] = p == mover ? root_value() : -root_value() / static_cast<float>(players - 1);
    return out;
  }

  // The move. PUCT: from the root's visit counts (see mcts::sample_child) at `temperature`.
  // Gumbel: among the considered actions with the most visits, the best by noise + log prior +
  // sigma(q) (the noise is the sampling; `temperature` is not used).
  Action choose_action(double temperature) {
    HZ_CHECK(root_child_count() > 0, "choose_action before the root was expanded");
    const Node* children = &tree_.nodes[tree_.nodes[0].first_child];
    if (gumbel_ready_) {
      float* score = gumbel_root_scores();
      return children[gumbel::final_choice(children, root_child_count(), root_considered_.data(),
                                           root_base_.data(), score)]
          .action;
    }
    return children[mcts::sample_child(children, root_child_count(), temperature, rng_)].action;
  }

  // The search's policy over the root's children, in child order, summing to 1: visit shares
  // (PUCT), or the improved policy softmax(log prior + sigma(completed q)) (Gumbel).
  void root_policy(std::vector<float>& out) {
    const Node& root = tree_.nodes[0];
    const int count = root.num_children;
    HZ_CHECK(count > 0, "root_policy before the root was expanded");
    out.resize(count);
    const Node* children = &tree_.nodes[root.first_child];
    if (config_.root_search == RootSearch::kGumbel) {
      gumbel::improved_policy(root, children, count, sigma(), scratch_a_.data(), out.data());
      return;
    }
    double total = 0.0;
    for (int i = 0; i < count; ++i) total += children[i].visits;
    for (int i = 0; i < count; ++i)
      out[i] = total > 0 ? static_cast<float>(children[i].visits / total) : 1.0f / count;
  }

  // Root children, their priors, visits and mean values for the mover, the root value, and the
  // line of most-visited children.
  SearchInfo search_info() const {
    SearchInfo info;
    for (int i = 0; i < root_child_count(); ++i) {
      const Node& c = root_child(i);
      info.actions.push_back(c.action);
      info.priors.push_back(c.prior);
      info.visits.push_back(c.visits);
      info.values.push_back(mcts::mean_value(c));
    }
    info.root_value = root_value();
    int32_t index = 0;
    while (tree_.nodes[index].num_children > 0) {
      const Node& n = tree_.nodes[index];
      const int best = mcts::most_visited_child(&tree_.nodes[n.first_child], n.num_children);
      if (tree_.nodes[n.first_child + best].visits == 0) break;
      index = n.first_child + best;
      info.principal_variation.push_back(tree_.nodes[index].action);
    }
    return info;
  }

  size_t tree_size() const { return tree_.nodes.size(); }
  // Bytes held by the tree's nodes and states (not counting spare capacity).
  int64_t tree_bytes() const {
    return static_cast<int64_t>(tree_.nodes.size() * sizeof(Node) +
                                tree_.states.size() * sizeof(State));
  }

 private:
  bool tree_full() const { return tree_bytes() >= config_.max_tree_mb * (int64_t{1} << 20); }

  bool time_up() const {
    if (time_limit_this_search_ < 0.0) return false;
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - search_start_;
    return spent.count() >= time_limit_this_search_;
  }

  // PUCT counts every visit of the root's children (reuse included); Gumbel the simulations of
  // this search (baseline_ = the children's visits when it began).
  bool budget_spent(bool count_in_flight) const {
    const Node& root = tree_.nodes[0];
    const int64_t done =
        int64_t{root.visits} - 1 - baseline_ + (count_in_flight ? root.in_flight : 0);
    return done >= budget_;
  }

  void new_tree(const State& s) {
    HZ_CHECK(pending_total_ == 0, "new root during a search");
    tree_.clear();
    tree_.nodes.emplace_back();
    Node& root = tree_.nodes[0];
    root.state_index = tree_.add_state(s);
    root.status = s.is_terminal() ? NodeStatus::kTerminal : NodeStatus::kUnexpanded;
    root.mover = static_cast<int8_t>(s.current_player());
    root_noise_applied_ = false;
    gumbel_ready_ = false;
    ++counters_.nodes;
  }

  void keep_subtree(int32_t index) {
    tree_.keep_subtree(index, spare_, queue_);
    root_noise_applied_ = false;
    gumbel_ready_ = false;
  }

  // Index of a stored node whose position equals `s` (0 for the root), or -1. Walks expanded
  // nodes breadth first, not below the move number of `s`.
  int32_t find_position(const State& s) {
    const uint64_t hash = s.hash();
    const int move = s.move_number();
    queue_.clear();
    queue_.emplace_back(0, 0);
    for (size_t head = 0; head < queue_.size(); ++head) {
      const Node& n = tree_.nodes[queue_[head].first];
      if (n.state_index < 0) continue;
      const State& stored = tree_.states[n.state_index];
      if (stored.move_number() == move) {
        if (stored.hash() == hash) return queue_[head].first;
        continue;
      }
      if (stored.move_number() > move) continue;
      for (int i = 0; i < n.num_children; ++i) queue_.emplace_back(n.first_child + i, 0);
    }
    return -1;
  }

  // Once the root is expanded in a search: Dirichlet noise (PUCT), or Gumbel's noise, considered
  // actions and halving plan.
  void prepare_root() {
    Node& root = tree_.nodes[0];
    if (config_.root_search == RootSearch::kGumbel) {
      prepare_gumbel_root(root);
      return;
    }
    if (root_noise_applied_ || !noise_this_search_ || config_.dirichlet_fraction <= 0.0f) return;
    noise_scratch_.resize(root.num_children);
    mcts::add_dirichlet_noise(&tree_.nodes[root.first_child], root.num_children,
                              config_.dirichlet_alpha, config_.dirichlet_fraction, rng_,
                              noise_scratch_.data());
    root_noise_applied_ = true;
  }

  // Gumbel(0, 1) noise per root child (or 0), the top min(m, children) by noise + log prior as
  // the considered actions, the children's visits so far as the baseline of this search.
  void prepare_gumbel_root(const Node& root) {
    const int count = root.num_children;
    const Node* children = &tree_.nodes[root.first_child];
    root_noise_.resize(count);
    root_considered_.assign(count, 0);
    root_base_.resize(count);
    for (int i = 0; i < count; ++i) {
      double u = rng_.uniform01();
      while (u <= 1e-300) u = rng_.uniform01();
      root_noise_[i] = config_.gumbel_noise ? static_cast<float>(-std::log(-std::log(u))) : 0.0f;
      root_base_[i] = children[i].visits;
      scratch_a_[i] = root_noise_[i] + gumbel::log_prior(children[i]);
      order_[i] = i;
    }
    const int m = std::min(config_.gumbel_considered, count);
    std::partial_sort(order_.begin(), order_.begin() + m, order_.begin() + count,
                      [&](int a, int b) { return scratch_a_[a] > scratch_a_[b]; });
    for (int i = 0; i < m; ++i) root_considered_[order_[i]] = 1;
    baseline_ = root.visits - 1;
    plan_.build(m, budget_);
    gumbel_ready_ = true;
  }

  gumbel::Sigma sigma() const {
    return {config_.gumbel_c_visit, config_.gumbel_c_scale, config_.gumbel_rescale_q};
  }

  // noise + log prior + sigma(completed q) of every root child, in scratch_b_.
  float* gumbel_root_scores() {
    const Node& root = tree_.nodes[0];
    gumbel::root_scores(root, &tree_.nodes[root.first_child], root.num_children, root_noise_.data(),
                        sigma(), scratch_a_.data(), scratch_b_.data());
    return scratch_b_.data();
  }

  int select_child_of(int32_t index) {
    Node& n = tree_.nodes[index];
    const Node* children = &tree_.nodes[n.first_child];
    if (index == 0 && gumbel_ready_) {
      // in_flight already counts this selection; the plan is indexed from 0.
      const int64_t k = int64_t{n.visits} - 1 - baseline_ + n.in_flight - 1;
      const int64_t target = plan_.target(std::min(k, plan_.simulations() - 1));
      return gumbel::select_root(children, n.num_children, root_considered_.data(),
                                 root_base_.data(), target, gumbel_root_scores());
    }
    if (config_.interior == InteriorSelection::kGumbel)
      return gumbel::select_interior(n, children, n.num_children, sigma(), scratch_a_.data(),
                                     scratch_b_.data());
    const float parent_q = n.visits > 0 ? n.mover_value_sum / static_cast<float>(n.visits) : 0.0f;
    return mcts::select_child(n, children, config_.c_puct, parent_q - config_.fpu_reduction);
  }

  // Descends from the root, adding one in-flight visit to every node on the way, to the first
  // node that is not expanded.
  int32_t select_leaf() {
    int32_t index = 0;
    for (;;) {
      Node& n = tree_.nodes[index];
      ++n.in_flight;
      if (n.status != NodeStatus::kExpanded) return index;
      index = n.first_child + select_child_of(index);
    }
  }

  void make_leaf_state(int32_t leaf) {
    const Node& node = tree_.nodes[leaf];
    State s = tree_.states[tree_.nodes[node.parent].state_index];
    s.apply(node.action);
    tree_.nodes[leaf].state_index = tree_.add_state(s);
  }

  void undo_virtual_loss(int32_t leaf) {
    for (int32_t i = leaf; i >= 0; i = tree_.nodes[i].parent) --tree_.nodes[i].in_flight;
  }

  void backup(int32_t leaf, const PlayerValues& values) {
    for (int32_t i = leaf; i >= 0;) {
      Node& n = tree_.nodes[i];
      ++n.visits;
      --n.in_flight;
      if (n.acted_by >= 0) n.value_sum += values[n.acted_by];
      if (n.mover >= 0) n.mover_value_sum += values[n.mover];
      i = n.parent;
    }
    for (int p = 0; p < kMaxPlayers; ++p) root_values_sum_[p] += values[p];
    ++root_values_count_;
    ++counters_.simulations;
  }

  const G& game_;
  MctsConfig config_;
  Rng rng_;
  TreeArena<State> tree_, spare_;
  std::vector<std::pair<int32_t, int32_t>> queue_;
  LeafBatch own_batch_;
  int pending_total_ = 0;  // leaves waiting for evaluation, over every batch
  std::vector<double> noise_scratch_;
  bool root_noise_applied_ = false, noise_this_search_ = true;
  int64_t budget_ = 0;    // simulations of this search (begin_search)
  int64_t baseline_ = 0;  // Gumbel: visits of the root's children when this search began
  std::chrono::steady_clock::time_point search_start_;
  double time_limit_this_search_ = -1.0;  // < 0: none (begin_search)
  std::array<double, kMaxPlayers> root_values_sum_{};
  int64_t root_values_count_ = 0;
  // Gumbel root (valid while gumbel_ready_): per root child noise, considered flag, visits at
  // the start of the search; the halving plan; scratch for scores and policies.
  bool gumbel_ready_ = false;
  std::vector<float> root_noise_;
  std::vector<uint8_t> root_considered_;
  std::vector<int32_t> root_base_;
  gumbel::HalvingPlan plan_;
  std::vector<float> scratch_a_, scratch_b_;
  std::vector<int> order_;
  MctsCounters counters_;
};

}  // namespace hz
