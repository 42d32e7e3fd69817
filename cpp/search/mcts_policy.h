// The arithmetic of PUCT search on one node's children, independent of the game: the selection
// score, priors from logits, root Dirichlet noise, and the choice of a move from visit counts.
//
// Children are a contiguous block of Nodes (search/mcts_tree.h). Values are in [-1, 1] from the
// view of the player who acted into each child, i.e. the mover at the parent. Pure functions over
// caller-owned memory; nothing here allocates.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/rng.h"
#include "search/mcts_tree.h"

namespace hz::mcts {

// Index (into the block) of the child maximising Q + U. A selection waiting for an evaluation
// counts as one visit that lost (virtual loss), so several selections spread over the tree.
// An unvisited child is worth `fpu_value`.
inline int select_child(const Node& parent, const Node* children, float c_puct, float fpu_value) {
  const float explore = c_puct * std::sqrt(static_cast<float>(parent.visits + parent.in_flight));
  int best = 0;
  float best_score = -std::numeric_limits<float>::infinity();
  for (int i = 0; i < parent.num_children; ++i) {
    const Node& c = children[i];
    const int n = c.visits + c.in_flight;
    const float q =
        n > 0 ? (c.value_sum - static_cast<float>(c.in_flight)) / static_cast<float>(n) : fpu_value;
    const float score = q + explore * c.prior / static_cast<float>(1 + n);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

// Priors from logits by a numerically stable softmax (equal logits, as evaluators without a
// policy give, skip the exponentials).
inline void set_priors_from_logits(Node* children, const float* logits, int count) {
  float max_logit = logits[0], min_logit = logits[0];
  for (int i = 1; i < count; ++i) {
    max_logit = std::max(max_logit, logits[i]);
    min_logit = std::min(min_logit, logits[i]);
  }
  if (max_logit == min_logit) {
    const float equal = 1.0f / static_cast<float>(count);
    for (int i = 0; i < count; ++i) children[i].prior = equal;
    return;
  }
  float sum = 0.0f;
  for (int i = 0; i < count; ++i) {
    const float e = std::exp(logits[i] - max_logit);
    children[i].prior = e;
    sum += e;
  }
  const float inv = 1.0f / sum;
  for (int i = 0; i < count; ++i) children[i].prior *= inv;
}

// Mixes Dir(alpha) noise into the priors: p = (1 - fraction) p + fraction * noise. `scratch`
// holds at least `count` doubles.
inline void add_dirichlet_noise(Node* children, int count, float alpha, float fraction, Rng& rng,
                                double* scratch) {
  double sum = 0.0;
  for (int i = 0; i < count; ++i) sum += scratch[i] = rng.gamma(alpha);
  if (!(sum > 0.0)) return;
  for (int i = 0; i < count; ++i)
    children[i].prior =
        static_cast<float>((1.0 - fraction) * children[i].prior + fraction * (scratch[i] / sum));
}

inline float mean_value(const Node& n) {
  return n.visits > 0 ? n.value_sum / static_cast<float>(n.visits) : 0.0f;
}

// The most-visited child; ties go to the higher mean value, then to the higher prior, then to
// the first. Deterministic.
inline int most_visited_child(const Node* children, int count) {
  int best = 0;
  for (int i = 1; i < count; ++i) {
    const Node& a = children[i];
    const Node& b = children[best];
    if (a.visits != b.visits) {
      if (a.visits > b.visits) best = i;
    } else if (mean_value(a) != mean_value(b)) {
      if (mean_value(a) > mean_value(b)) best = i;
    } else if (a.prior > b.prior) {
      best = i;
    }
  }
  return best;
}

// A child drawn with probability proportional to visits^(1/temperature); temperature near 0
// (below 1e-3) is the most-visited child. Children without visits are never drawn unless no
// child has any.
inline int sample_child(const Node* children, int count, double temperature, Rng& rng) {
  const int best = most_visited_child(children, count);
  if (temperature < 1e-3 || children[best].visits == 0) return best;
  const double log_max = std::log(static_cast<double>(children[best].visits));
  double total = 0.0;
  for (int i = 0; i < count; ++i)
    if (children[i].visits > 0)
      total +=
          std::exp((std::log(static_cast<double>(children[i].visits)) - log_max) / temperature);
  double r = rng.uniform01() * total;
  int last = best;
  for (int i = 0; i < count; ++i) {
    if (children[i].visits == 0) continue;
    r -= std::exp((std::log(static_cast<double>(children[i].visits)) - log_max) / temperature);
    last = i;
    if (r < 0.0) return i;
  }
  return last;  // rounding
}

}  // namespace hz::mcts
