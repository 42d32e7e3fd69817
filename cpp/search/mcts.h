// PUCT Monte-Carlo tree search over a concrete game G (games/game.h), for any number of players.
//
// - Values are vectors (one per absolute player) backed up max^n style: each node keeps the sum
//   for the player who acted into it, read from current_player() of the parent, so a player who
//   makes several actions in a row, or any turn order, is handled (search/mcts_tree.h).
// - Leaves go to an Evaluator<G> (nn/evaluator.h) in batches: one tree selects up to
//   config.leaves_per_round leaves under virtual loss; a driver may gather the leaves of many
//   trees into one evaluator call with the step-wise API (begin_search, collect_leaves,
//   fill_eval_items, apply_evaluations, search_done). search() runs the whole loop for one tree.
// - Terminal leaves take their values from State::returns() and need no evaluation.
// - Root Dirichlet noise, first-play urgency, a simulation count and/or a time limit, and tree
//   reuse (advance / set_root keep the subtree of the new root) come from MctsConfig.
//
// Ownership and threads: a Mcts keeps a reference to its G (which must outlive it) and owns its
// arenas and RNG; one thread at a time. Expanded nodes store their state, so selection applies
// one action per simulation (the leaf's) instead of replaying the path.
#pragma once

#include <chrono>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "nn/evaluator.h"
#include "search/agent.h"
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

template <class G>
class Mcts {
 public:
  using State = typename G::State;
  using ActionList = typename G::ActionList;

  Mcts(const G& game, const MctsConfig& config, uint64_t seed) : game_(game), rng_(seed) {
    set_config(config);
  }

  const G& game() const { return game_; }
  const MctsConfig& config() const { return config_; }
  void set_config(const MctsConfig& config) {
    HZ_CHECK(pending_count_ == 0, "config changed during a search");
    config.validate();
    config_ = config;
    pending_.resize(config_.leaves_per_round);
  }
  Rng& rng() { return rng_; }
  const MctsCounters& counters() const { return counters_; }

  // --- the root -------------------------------------------------------------------------------

  bool has_root() const { return !tree_.nodes.empty(); }
  const State& root_state() const { return tree_.states[tree_.nodes[0].state_index]; }

  // Drops the tree (memory is kept for the next one).
  void clear() {
    HZ_CHECK(pending_count_ == 0, "tree cleared during a search");
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
    HZ_CHECK(has_root() && pending_count_ == 0, "advance without a root or during a search");
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
  void search(Evaluator<G>& evaluator) {
    begin_search();
    while (!search_done()) {
      const int n = collect_leaves();
      if (n > 0) {
        eval_items_.resize(n);
        fill_eval_items(eval_items_.data());
        evaluator.evaluate(eval_items_.data(), n);
        apply_evaluations();
      }
    }
  }

  void begin_search() {
    HZ_CHECK(has_root(), "search without a root");
    if (tree_.nodes[0].status == NodeStatus::kTerminal) fail("mcts: search from a terminal state");
    search_start_ = std::chrono::steady_clock::now();
    apply_root_noise();
  }

  // True once the root's children hold config.simulations visits, the time limit has passed, or
  // the tree has reached its memory limit (and the root has children). Never true with leaves
  // pending.
  bool search_done() const {
    if (pending_count_ > 0) return false;
    const Node& root = tree_.nodes[0];
    if (root.status != NodeStatus::kExpanded) return false;
    if (root.visits - 1 >= config_.simulations) return true;
    if (tree_full()) return true;
    if (config_.time_limit_s > 0.0) {
      const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - search_start_;
      if (spent.count() >= config_.time_limit_s) return true;
    }
    return false;
  }

  // Selects up to config.leaves_per_round leaves that need an evaluation and returns how many
  // are pending. Terminal leaves met on the way are backed up at once. Stops early when a
  // selection meets a leaf that is already pending.
  int collect_leaves() {
    HZ_CHECK(pending_count_ == 0, "collect_leaves with evaluations outstanding");
    while (pending_count_ < config_.leaves_per_round) {
      const Node& root = tree_.nodes[0];
      if (root.status == NodeStatus::kExpanded &&
          root.visits - 1 + root.in_flight >= config_.simulations)
        break;
      if (tree_full()) break;
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
        continue;
      }
      fresh.status = NodeStatus::kPending;
      fresh.mover = static_cast<int8_t>(state.current_player());
      Pending& p = pending_[pending_count_++];
      p.node = leaf;
      state.legal_actions(p.legal);
    }
    return pending_count_;
  }

  int pending_count() const { return pending_count_; }

  // Writes pending_count() evaluator items; they point into this tree and stay valid until
  // apply_evaluations().
  void fill_eval_items(EvalItem<G>* out) {
    for (int i = 0; i < pending_count_; ++i) {
      Pending& p = pending_[i];
      out[i].state = &tree_.states[tree_.nodes[p.node].state_index];
      out[i].legal = &p.legal;
      out[i].logits = p.logits;
      out[i].values = &p.values;
    }
  }

  // Expands every pending leaf with its priors and backs up its values.
  void apply_evaluations() {
    for (int i = 0; i < pending_count_; ++i) {
      const Pending& p = pending_[i];
      const int count = p.legal.size();
      const int8_t mover = tree_.nodes[p.node].mover;
      const int32_t first = tree_.add_children(p.node, p.legal.begin(), count, mover);
      mcts::set_priors_from_logits(&tree_.nodes[first], p.logits, count);
      counters_.nodes += count;
      ++counters_.evaluations;
      tree_.nodes[p.node].status = NodeStatus::kExpanded;
      backup(p.node, p.values);
    }
    pending_count_ = 0;
    apply_root_noise();
  }

  // --- results --------------------------------------------------------------------------------

  int root_child_count() const { return tree_.nodes[0].num_children; }
  const Node& root_child(int i) const { return tree_.nodes[tree_.nodes[0].first_child + i]; }
  int root_visits() const { return tree_.nodes[0].visits; }

  // Mean value of the root for its mover.
  float root_value() const {
    const Node& root = tree_.nodes[0];
    return root.visits > 0 ? root.mover_value_sum / static_cast<float>(root.visits) : 0.0f;
  }

  // An action from the root's visit counts (see mcts::sample_child).
  Action choose_action(double temperature) {
    HZ_CHECK(root_child_count() > 0, "choose_action before the root was expanded");
    const Node* children = &tree_.nodes[tree_.nodes[0].first_child];
    return children[mcts::sample_child(children, root_child_count(), temperature, rng_)].action;
  }

  // Root children, their visits and mean values for the mover, the root value, and the line of
  // most-visited children.
  SearchInfo search_info() const {
    SearchInfo info;
    for (int i = 0; i < root_child_count(); ++i) {
      const Node& c = root_child(i);
      info.actions.push_back(c.action);
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
  struct Pending {
    int32_t node = -1;
    ActionList legal;
    float logits[G::kMaxLegalActions];
    PlayerValues values{};
  };

  bool tree_full() const { return tree_bytes() >= config_.max_tree_mb * (int64_t{1} << 20); }

  void new_tree(const State& s) {
    HZ_CHECK(pending_count_ == 0, "new root during a search");
    tree_.clear();
    tree_.nodes.emplace_back();
    Node& root = tree_.nodes[0];
    root.state_index = tree_.add_state(s);
    root.status = s.is_terminal() ? NodeStatus::kTerminal : NodeStatus::kUnexpanded;
    root.mover = static_cast<int8_t>(s.current_player());
    root_noise_applied_ = false;
    ++counters_.nodes;
  }

  void keep_subtree(int32_t index) {
    tree_.keep_subtree(index, spare_, queue_);
    root_noise_applied_ = false;
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

  void apply_root_noise() {
    Node& root = tree_.nodes[0];
    if (root_noise_applied_ || config_.dirichlet_fraction <= 0.0f ||
        root.status != NodeStatus::kExpanded)
      return;
    noise_scratch_.resize(root.num_children);
    mcts::add_dirichlet_noise(&tree_.nodes[root.first_child], root.num_children,
                              config_.dirichlet_alpha, config_.dirichlet_fraction, rng_,
                              noise_scratch_.data());
    root_noise_applied_ = true;
  }

  // Descends from the root by PUCT, adding one in-flight visit to every node on the way, to the
  // first node that is not expanded.
  int32_t select_leaf() {
    int32_t index = 0;
    for (;;) {
      Node& n = tree_.nodes[index];
      ++n.in_flight;
      if (n.status != NodeStatus::kExpanded) return index;
      const float parent_q = n.visits > 0 ? n.mover_value_sum / static_cast<float>(n.visits) : 0.0f;
      index = n.first_child + mcts::select_child(n, &tree_.nodes[n.first_child], config_.c_puct,
                                                 parent_q - config_.fpu_reduction);
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
    ++counters_.simulations;
  }

  const G& game_;
  MctsConfig config_;
  Rng rng_;
  TreeArena<State> tree_, spare_;
  std::vector<std::pair<int32_t, int32_t>> queue_;
  std::vector<Pending> pending_;
  int pending_count_ = 0;
  std::vector<EvalItem<G>> eval_items_;
  std::vector<double> noise_scratch_;
  bool root_noise_applied_ = false;
  std::chrono::steady_clock::time_point search_start_;
  MctsCounters counters_;
};

}  // namespace hz
