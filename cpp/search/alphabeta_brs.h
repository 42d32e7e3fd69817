// Best-Reply Search (Schadd & Winands, "Best Reply Search for Multiplayer Games", IEEE TCIAIG
// 2011) inside AlphaBeta<G, H> (alphabeta.h). Included by alphabeta.h only.
//
// The tree alternates MAX layers (the root player's turn: ordinary nodes of alphabeta_node.h,
// whose side is +1, so their scores are already the root player's) and MIN layers in which every
// opponent's turns from the same position are candidates and only the one that is worst for
// the root player is played; then the root player moves again. Each layer is one unit of depth.
// Scores here are in minimax form from the root player's side (no negation).
//
// A MIN layer has to let an opponent move out of turn and hand the move back to the root player
// afterwards: that is Heuristic<G>::set_mover, which a game provides only where its rules allow
// it (alphabeta.h refuses kBestReply otherwise). At depth 0 BRS uses the static evaluation (no
// quiescence: the games it serves have no captures).
#pragma once

#include "search/alphabeta.h"

namespace hz::ab {

template <class G, class H>
Score AlphaBeta<G, H>::brs_child(const State& child, int mover, int depth, Score alpha, Score beta,
                                 int ply, bool pv_node) {
  if (child.current_player() == mover) {  // the same turn goes on
    if (mover == root_player_) return node(child, depth, alpha, beta, ply, pv_node);
    return brs_min(child, depth, alpha, beta, ply, pv_node, false);
  }
  if (mover == root_player_) {  // the root player's turn ended: the opponents reply
    if (depth <= 0) return static_eval(child, 1);
    return brs_min(child, depth, alpha, beta, ply, pv_node, true);
  }
  // An opponent's reply ended: the root player moves next, whoever the rules say is next.
  if constexpr (kHasSetMover<H, State>) {
    State next = child;
    if (!H::set_mover(next, root_player_)) return static_eval(child, 1);
    if (depth <= 0) return static_eval(next, 1);
    return node(next, depth, alpha, beta, ply, pv_node);
  } else {
    fail("best-reply search needs Heuristic<G>::set_mover");
  }
}

template <class G, class H>
Score AlphaBeta<G, H>::brs_min(const State& s, int depth, Score alpha, Score beta, int ply,
                               bool pv_node, bool turn_start) {
  pv_len_[ply] = 0;
  if (stop_) return 0;
  if (ply >= kMaxPly) return static_eval(s, 1);
  const Score alpha0 = alpha, beta0 = beta;
  // The layer is a function of the board, not of whose turn the rules say it is.
  const uint64_t key = node_key(s) ^ 0x5EED0B75B7A1ULL;
  const int num_actions = game_->num_actions();
  Action tt_choice = kNoAction;  // encoded as player * num_actions + action
  Score tt_value;
  if (turn_start && probe(key, depth, alpha, beta, ply, pv_node, &tt_choice, &tt_value))
    return tt_value;
  Score best = kInfinity;
  Action best_choice = kNoAction;
  bool cut = false;
  const int n_players = game_->num_players();
  // At a turn start every opponent is a candidate; inside a turn only its mover.
  for (int k = 0; k < n_players && !cut; ++k) {
    int q = s.current_player();
    State t = s;
    if (turn_start) {
      q = (root_player_ + 1 + k) % n_players;
      if (q == root_player_) continue;
      if constexpr (kHasSetMover<H, State>) {
        if (!H::set_mover(t, q)) continue;  // finished or out: not a candidate
      }
    } else if (k > 0) {
      break;
    }
    auto& list = plies_[ply].list;
    t.legal_actions(list.actions);
    const Action tt_move = tt_choice != kNoAction && tt_choice / num_actions == q
                               ? tt_choice % num_actions
                               : kNoAction;
    list.rank(tt_move, history_, q, ply, [&](Action a) { return is_noisy(t, a); });
    for (int i = 0; i < list.actions.size(); ++i) {
      const Action a = list.pick(i);
      State child = t;
      child.apply(a);
      count_node();
      Score v;
      if (child.is_terminal()) {
        v = result_score(child, 1, ply + 1);
      } else {
        const int d = child.current_player() == q ? depth : depth - 1;
        v = brs_child(child, q, d, alpha, beta, ply + 1, pv_node && best == kInfinity);
      }
      if (stop_) return 0;
      if (v < best) {
        best = v;
        best_choice = q * num_actions + a;
        if (v < beta) {
          beta = v;
          update_pv(ply, a);
          if (alpha >= beta) {
            if (!list.noisy[i])
              history_.reward(q, a, ply, depth, options_.killers, options_.history);
            cut = true;
            break;
          }
        }
      }
    }
  }
  if (best == kInfinity) return static_eval(s, 1);  // no opponent could move
  if (turn_start) store(key, depth, best, alpha0, beta0, ply, best_choice);
  return best;
}

}  // namespace hz::ab
