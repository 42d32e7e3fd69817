// The arithmetic of Gumbel AlphaZero search (Danihelka, Guez, Schrittwieser, Silver: "Policy
// improvement by planning with Gumbel", ICLR 2022) on one node's children, independent of the
// game: sequential halving's plan, completed Q-values, the sigma transform, the improved policy
// and the two selection rules (root: the planned visit count; interior: deterministic).
//
// Children are a contiguous block of Nodes (search/mcts_tree.h) whose value sums are for the
// player who acted into them, i.e. the mover at the parent, so every value here is from the
// mover's seat, for any number of players. A selection waiting for an evaluation counts as one
// visit that lost (virtual loss), as in PUCT. Pure functions over caller-owned memory (scratch
// arrays of at least `count` floats); nothing here allocates except HalvingPlan::build.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "search/mcts_tree.h"

namespace hz::gumbel {

// Sequential halving as a sequence of "considered visit" counts: simulation k of a search goes
// to the best-scored considered action that has exactly target(k) visits in this search. Phase p
// considers m_p actions (m, m/2, ..., 2) and gives each of them e_p = max(1, floor(n / (ceil(
// log2 m) * m_p))) more visits; the sequence is cut at n entries, so a search spends exactly n
// simulations and the best-scored actions survive each halving.
class HalvingPlan {
 public:
  void build(int considered, int64_t simulations) {
    phases_.clear();
    simulations_ = simulations;
    if (considered <= 1) {  // one action takes every simulation: target(k) = k
      phases_.push_back({0, 1, simulations, 0});
      return;
    }
    const int log2m = static_cast<int>(std::ceil(std::log2(static_cast<double>(considered))));
    int64_t start = 0, visits = 0;
    int m = considered;
    while (start < simulations) {
      const int64_t extra = std::max<int64_t>(1, simulations / (static_cast<int64_t>(log2m) * m));
      phases_.push_back({start, m, extra, visits});
      start += extra * m;
      visits += extra;
      m = std::max(2, m / 2);
    }
  }
  int64_t simulations() const { return simulations_; }
  // The visit count (this search) that simulation k's action must have; k in [0, simulations).
  int64_t target(int64_t k) const {
    for (size_t i = phases_.size(); i-- > 0;) {
      const Phase& p = phases_[i];
      if (k >= p.start) return p.visits_before + (k - p.start) / p.considered;
    }
    return 0;
  }

 private:
  struct Phase {
    int64_t start;   // index of its first simulation
    int considered;  // m_p
    int64_t extra;   // e_p
    int64_t visits_before;
  };
  std::vector<Phase> phases_;
  int64_t simulations_ = 0;
};

inline int selections(const Node& c) {
  return c.visits + c.in_flight;
}

// Mean value of a child for the parent's mover, in-flight selections counted as losses.
inline float child_q(const Node& c) {
  const int n = selections(c);
  return n > 0 ? (c.value_sum - static_cast<float>(c.in_flight)) / static_cast<float>(n) : 0.0f;
}

// Completed Q-values: a visited child's mean value; an unvisited child gets the mixed value
// (raw network value of the parent and the prior-weighted mean of the visited children's values,
// weighted 1 : total visits), the paper's v_mix.
inline void completed_q(const Node& parent, const Node* children, int count, float* q) {
  double visits = 0.0, prior_sum = 0.0, weighted = 0.0;
  for (int i = 0; i < count; ++i) {
    const int n = selections(children[i]);
    if (n == 0) continue;
    visits += n;
    prior_sum += children[i].prior;
    weighted += children[i].prior * static_cast<double>(child_q(children[i]));
  }
  double mixed = parent.raw_value;
  if (prior_sum > 0.0) mixed = (parent.raw_value + visits * weighted / prior_sum) / (1.0 + visits);
  for (int i = 0; i < count; ++i)
    q[i] = selections(children[i]) > 0 ? child_q(children[i]) : static_cast<float>(mixed);
}

// The sigma transform's constants. sigma(q) = (c_visit + max visits) * c_scale * q_hat, where
// q_hat is q rescaled to [0, 1] by the smallest and largest of the values (`rescale`, as in the
// paper and mctx), or mapped from the value range [-1, 1] by (q + 1) / 2 (`rescale` off: near-equal
// values stay near-equal instead of being stretched apart).
struct Sigma {
  float c_visit = 50.0f;
  float c_scale = 0.1f;
  bool rescale = true;
};

// sigma(q) of every child, in place.
inline void sigma_transform(const Node* children, int count, const Sigma& sigma, float* q) {
  int most = 0;
  for (int i = 0; i < count; ++i) most = std::max(most, selections(children[i]));
  const float scale = (sigma.c_visit + static_cast<float>(most)) * sigma.c_scale;
  if (!sigma.rescale) {
    for (int i = 0; i < count; ++i) q[i] = scale * std::clamp((q[i] + 1.0f) * 0.5f, 0.0f, 1.0f);
    return;
  }
  float lo = q[0], hi = q[0];
  for (int i = 0; i < count; ++i) {
    lo = std::min(lo, q[i]);
    hi = std::max(hi, q[i]);
  }
  const float range = std::max(hi - lo, 1e-8f);
  for (int i = 0; i < count; ++i) q[i] = scale * (q[i] - lo) / range;
}

inline float log_prior(const Node& c) {
  return std::log(std::max(c.prior, 1e-30f));
}

// The improved policy softmax(log prior + sigma(completed q)) into `policy`; `scratch` is
// overwritten.
inline void improved_policy(const Node& parent, const Node* children, int count,
                            const Sigma& sigma, float* scratch, float* policy) {
  completed_q(parent, children, count, scratch);
  sigma_transform(children, count, sigma, scratch);
  float top = -std::numeric_limits<float>::infinity();
  for (int i = 0; i < count; ++i) {
    policy[i] = log_prior(children[i]) + scratch[i];
    top = std::max(top, policy[i]);
  }
  float sum = 0.0f;
  for (int i = 0; i < count; ++i) sum += policy[i] = std::exp(policy[i] - top);
  for (int i = 0; i < count; ++i) policy[i] /= sum;
}

// Below the root: argmax over children of improved policy - selections / (1 + total selections).
inline int select_interior(const Node& parent, const Node* children, int count,
                           const Sigma& sigma, float* scratch, float* policy) {
  improved_policy(parent, children, count, sigma, scratch, policy);
  int total = 0;
  for (int i = 0; i < count; ++i) total += selections(children[i]);
  int best = 0;
  float best_score = -std::numeric_limits<float>::infinity();
  for (int i = 0; i < count; ++i) {
    const float score =
        policy[i] - static_cast<float>(selections(children[i])) / static_cast<float>(1 + total);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

// Root scores g + log prior + sigma(completed q) into `score` (`scratch` overwritten).
inline void root_scores(const Node& root, const Node* children, int count, const float* noise,
                        const Sigma& sigma, float* scratch, float* score) {
  completed_q(root, children, count, scratch);
  sigma_transform(children, count, sigma, scratch);
  for (int i = 0; i < count; ++i) score[i] = noise[i] + log_prior(children[i]) + scratch[i];
}

// The root child for the next simulation: among considered children whose selections in this
// search (selections minus `base`) equal `target`, the best-scored; if none has exactly that
// many (a search cut short, or children fewer than planned), the considered child with the
// fewest. -1 if no child is considered.
inline int select_root(const Node* children, int count, const uint8_t* considered,
                       const int32_t* base, int64_t target, const float* score) {
  int best = -1, fewest = -1;
  for (int i = 0; i < count; ++i) {
    if (!considered[i]) continue;
    const int64_t n = selections(children[i]) - base[i];
    if (n == target && (best < 0 || score[i] > score[best])) best = i;
    if (fewest < 0 || n < selections(children[fewest]) - base[fewest] ||
        (n == selections(children[fewest]) - base[fewest] && score[i] > score[fewest]))
      fewest = i;
  }
  return best >= 0 ? best : fewest;
}

// The move: among considered children with the most visits in this search, the best-scored.
inline int final_choice(const Node* children, int count, const uint8_t* considered,
                        const int32_t* base, const float* score) {
  int best = -1;
  for (int i = 0; i < count; ++i) {
    if (!considered[i]) continue;
    if (best < 0) {
      best = i;
      continue;
    }
    const int n = children[i].visits - base[i], nb = children[best].visits - base[best];
    if (n > nb || (n == nb && score[i] > score[best])) best = i;
  }
  return best;
}

}  // namespace hz::gumbel
