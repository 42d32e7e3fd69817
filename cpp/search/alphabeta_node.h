// The interior of AlphaBeta<G, H> (alphabeta.h) for negamax and paranoid search: the full-width
// node, the side-aware child call and quiescence. Included by alphabeta.h only.
#pragma once

#include "search/alphabeta.h"

namespace hz::ab {

template <class G, class H>
Score AlphaBeta<G, H>::child_value(const State& child, int mover, int parent_side, int depth,
                                   Score alpha, Score beta, int ply, bool pv_node) {
  // In best-reply search the root player's nodes are these nodes; what follows them is not.
  if (algorithm_ == Algorithm::kBestReply)
    return brs_child(child, mover, depth, alpha, beta, ply, pv_node);
  // Same side (the same player continuing a turn, or two coalition members in paranoid
  // search): the window and the value pass through; otherwise negamax flips them.
  if (side(child.current_player()) == parent_side)
    return node(child, depth, alpha, beta, ply, pv_node);
  return -node(child, depth, -beta, -alpha, ply, pv_node);
}

template <class G, class H>
Score AlphaBeta<G, H>::node(const State& s, int depth, Score alpha, Score beta, int ply,
                            bool pv_node) {
  // Depth only drops at a turn boundary, so a depth-0 node is always the start of a turn.
  if (depth <= 0) return quiesce(s, alpha, beta, ply, 0, false);
  pv_len_[ply] = 0;
  if (stop_) return 0;
  const int mover = s.current_player();
  const int sigma = side(mover);
  if (ply >= kMaxPly) return static_eval(s, sigma);

  const Score alpha0 = alpha;
  const uint64_t key = node_key(s);
  Action tt_move;
  Score tt_value;
  if (probe(key, depth, alpha, beta, ply, pv_node, &tt_move, &tt_value)) return tt_value;

  auto& list = plies_[ply].list;
  s.legal_actions(list.actions);
  list.rank(tt_move, history_, mover, ply, [&](Action a) { return is_noisy(s, a); });

  Score best = -kInfinity;
  Action best_move = kNoAction;
  const int n = list.actions.size();
  for (int i = 0; i < n; ++i) {
    const Action a = list.pick(i);
    State child = s;
    child.apply(a);
    count_node();
    Score v;
    if (child.is_terminal()) {
      v = result_score(child, sigma, ply + 1);
    } else {
      const int d = child.current_player() == mover ? depth : depth - 1;
      if (i == 0 || !pv_node) {
        v = child_value(child, mover, sigma, d, alpha, beta, ply + 1, pv_node);
      } else {  // principal-variation search: prove the rest worse with a null window
        v = child_value(child, mover, sigma, d, alpha, alpha + 1, ply + 1, false);
        if (!stop_ && v > alpha && v < beta)
          v = child_value(child, mover, sigma, d, alpha, beta, ply + 1, true);
      }
    }
    if (stop_) return 0;
    if (v > best) {
      best = v;
      best_move = a;
      if (v > alpha) {
        alpha = v;
        update_pv(ply, a);
        if (alpha >= beta) {
          if (!list.noisy[i])
            history_.reward(mover, a, ply, depth, options_.killers, options_.history);
          break;
        }
      }
    }
  }
  store(key, depth, best, alpha0, beta, ply, best_move);
  return best;
}

template <class G, class H>
Score AlphaBeta<G, H>::quiesce(const State& s, Score alpha, Score beta, int ply, int qturns,
                               bool mid_turn) {
  pv_len_[ply] = 0;
  if (stop_) return 0;
  const int mover = s.current_player();
  const int sigma = side(mover);
  if (ply >= kMaxPly) return static_eval(s, sigma);
  if (!mid_turn && (!options_.quiescence || qturns >= options_.max_quiescence_turns))
    return static_eval(s, sigma);

  auto& list = plies_[ply].list;
  s.legal_actions(list.actions);
  const int n = list.actions.size();
  list.rank(kNoAction, history_, mover, ply, [&](Action a) { return is_noisy(s, a); });

  Score best = -kInfinity;
  if (!mid_turn) {
    int noisy = 0;
    for (int i = 0; i < n; ++i) noisy += list.noisy[i];
    if (noisy == 0) return static_eval(s, sigma);
    if (noisy < n) {  // a quiet action exists: the mover may stand pat
      best = static_eval(s, sigma);
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
  }
  for (int i = 0; i < n; ++i) {
    const Action a = list.pick(i);
    if (!mid_turn && !list.noisy[i]) break;  // noisy actions are ranked first
    State child = s;
    child.apply(a);
    count_node();
    ++stats_.qnodes;
    Score v;
    if (child.is_terminal()) {
      v = result_score(child, sigma, ply + 1);
    } else if (child.current_player() == mover) {
      v = quiesce(child, alpha, beta, ply + 1, qturns, true);
    } else if (side(child.current_player()) == sigma) {
      v = quiesce(child, alpha, beta, ply + 1, qturns + 1, false);
    } else {
      v = -quiesce(child, -beta, -alpha, ply + 1, qturns + 1, false);
    }
    if (stop_) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        update_pv(ply, a);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace hz::ab
