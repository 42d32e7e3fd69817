// Slow reference searches for the tests of the alpha-beta family: plain minimax (no pruning, no
// table, no ordering) written straight from the definitions in search/alphabeta.h and
// search/alphabeta_brs.h, and helpers to reach random positions.
#pragma once

#include <algorithm>

#include "core/rng.h"
#include "games/game.h"
#include "search/search_score.h"

namespace hz::test {

using ab::Score;

// Minimax from the root player's side: the root player maximises, every other player minimises
// (two players: negamax; more: paranoid). Depth counts turns; quiescence as documented.
template <class G, class H>
struct ReferenceScores {
  using State = typename G::State;
  const H& h;
  int root = 0;
  Score eval(const State& s) const { return ab::clamp_eval(h.evaluate(s, root)); }
  Score result(const State& s, int ply) const {
    PlayerValues r{};
    s.returns(r);
    return ab::terminal_score(r[root], ply);
  }
};

template <class G, class H>
struct ReferenceMinimax : ReferenceScores<G, H> {
  using State = typename G::State;
  using ReferenceScores<G, H>::h;
  using ReferenceScores<G, H>::root;
  using ReferenceScores<G, H>::eval;
  using ReferenceScores<G, H>::result;
  bool quiescence = true;
  int max_qturns = 8;
  ReferenceMinimax(const H& heuristic, int root_player, bool q, int qturns)
      : ReferenceScores<G, H>{heuristic, root_player}, quiescence(q), max_qturns(qturns) {}

  Score combine(bool maximise, Score best, Score v) const {
    return maximise ? std::max(best, v) : std::min(best, v);
  }

  // Value of non-terminal `s` with `depth` turns to go (the current turn counts as one).
  Score value(const State& s, int depth, int ply) const {
    if (depth == 0) return qvalue(s, 0, false, ply);
    const bool maximise = s.current_player() == root;
    Score best = maximise ? -ab::kInfinity : ab::kInfinity;
    typename G::ActionList actions;
    s.legal_actions(actions);
    for (Action a : actions) {
      State c = s;
      c.apply(a);
      const Score v =
          c.is_terminal()
              ? result(c, ply + 1)
              : value(c, c.current_player() == s.current_player() ? depth : depth - 1, ply + 1);
      best = combine(maximise, best, v);
    }
    return best;
  }

  Score qvalue(const State& s, int qturns, bool mid_turn, int ply) const {
    if (!mid_turn && (!quiescence || qturns >= max_qturns)) return eval(s);
    const bool maximise = s.current_player() == root;
    typename G::ActionList actions;
    s.legal_actions(actions);
    Score best = maximise ? -ab::kInfinity : ab::kInfinity;
    if (!mid_turn) {
      int noisy = 0;
      for (Action a : actions) noisy += h.is_noisy(s, a);
      if (noisy == 0) return eval(s);
      if (noisy < actions.size()) best = eval(s);  // stand pat
    }
    for (Action a : actions) {
      if (!mid_turn && !h.is_noisy(s, a)) continue;
      State c = s;
      c.apply(a);
      Score v;
      if (c.is_terminal())
        v = result(c, ply + 1);
      else if (c.current_player() == s.current_player())
        v = qvalue(c, qturns, true, ply + 1);
      else
        v = qvalue(c, qturns + 1, false, ply + 1);
      best = combine(maximise, best, v);
    }
    return best;
  }
};

// Best-Reply Search by definition: the root player's turn, then the single best turn of any one
// opponent from the same position, then the root player again; each layer is one depth unit.
template <class G, class H>
struct ReferenceBestReply : ReferenceScores<G, H> {
  using State = typename G::State;
  using ReferenceScores<G, H>::root;
  using ReferenceScores<G, H>::eval;
  using ReferenceScores<G, H>::result;
  ReferenceBestReply(const H& heuristic, int root_player)
      : ReferenceScores<G, H>{heuristic, root_player} {}

  // Root player to move in `s`.
  Score max_layer(const State& s, int depth, int ply) const {
    Score best = -ab::kInfinity;
    typename G::ActionList actions;
    s.legal_actions(actions);
    for (Action a : actions) {
      State c = s;
      c.apply(a);
      Score v;
      if (c.is_terminal())
        v = result(c, ply + 1);
      else if (c.current_player() == root)
        v = max_layer(c, depth, ply + 1);
      else
        v = depth - 1 == 0 ? eval(c) : min_layer(c, depth - 1, ply + 1);
      best = std::max(best, v);
    }
    return best;
  }
  Score min_layer(const State& s, int depth, int ply) const {
    Score best = ab::kInfinity;
    for (int q = 0; q < s.game().num_players(); ++q) {
      if (q == root) continue;
      State t = s;
      if (!H::set_mover(t, q)) continue;
      best = std::min(best, opponent_turn(t, q, depth, ply));
    }
    return best == ab::kInfinity ? eval(s) : best;
  }
  Score opponent_turn(const State& t, int q, int depth, int ply) const {
    Score best = ab::kInfinity;
    typename G::ActionList actions;
    t.legal_actions(actions);
    for (Action a : actions) {
      State c = t;
      c.apply(a);
      Score v;
      if (c.is_terminal()) {
        v = result(c, ply + 1);
      } else if (c.current_player() == q) {
        v = opponent_turn(c, q, depth, ply + 1);
      } else {
        const State before = c;
        v = !H::set_mover(c, root) ? eval(before)
            : depth - 1 == 0       ? eval(c)
                                   : max_layer(c, depth - 1, ply + 1);
      }
      best = std::min(best, v);
    }
    return best;
  }
};

// A non-terminal state after between `min_actions` and `max_actions` random actions from the
// start (retries until one is found; gives up with the initial state).
template <class G>
typename G::State random_position(const G& game, Rng& rng, int max_actions, int min_actions = 0) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    typename G::State s = game.initial_state();
    const int n =
        min_actions +
        static_cast<int>(rng.uniform_int(static_cast<uint32_t>(max_actions - min_actions + 1)));
    for (int i = 0; i < n && !s.is_terminal(); ++i) {
      typename G::ActionList actions;
      s.legal_actions(actions);
      s.apply(actions[rng.uniform_int(static_cast<uint32_t>(actions.size()))]);
    }
    if (!s.is_terminal()) return s;
  }
  return game.initial_state();
}

}  // namespace hz::test
