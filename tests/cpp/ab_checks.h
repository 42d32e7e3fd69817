// Shared GoogleTest checks of the alpha-beta family against the slow references
// (ab_reference.h), used by the toy-game tests and by the tests on the real games.
#pragma once

#include <gtest/gtest.h>

#include "ab_reference.h"
#include "search/alphabeta.h"

namespace hz::test {

// The game's heuristic with its documented default weights.
template <class G>
Heuristic<G> default_heuristic(const G& g) {
  return Heuristic<G>(g, typename Heuristic<G>::Weights{});
}

// On `positions` random positions (up to `max_actions` random actions from the start), the
// iterative-deepening search at each depth in [1, max_depth] returns the reference minimax
// value, and its best action achieves that value. One AlphaBeta object serves all searches.
// With tt_exact_depth its table carries over from position to position, as it does in play;
// otherwise the table is cleared between positions, because an entry left by an earlier,
// deeper search of a later position is (rightly) used and gives a deeper value than depth-d
// minimax. Within one iterative-deepening search the table is always live.
template <class G, class H>
void expect_minimax_values(const G& game, const H& heuristic, ab::SearchOptions options,
                           int positions, int max_actions, int max_depth, uint64_t seed,
                           int min_actions = 0) {
  Rng rng(seed);
  ab::AlphaBeta<G, H> search(game, heuristic, options);
  const ab::Algorithm algorithm =
      game.num_players() == 2 ? ab::Algorithm::kNegamax : ab::Algorithm::kParanoid;
  for (int i = 0; i < positions; ++i) {
    const typename G::State s = random_position(game, rng, max_actions, min_actions);
    if (!options.tt_exact_depth) search.clear();
    ReferenceMinimax<G, H> ref{heuristic, s.current_player(), options.quiescence,
                               options.max_quiescence_turns};
    for (int depth = 1; depth <= max_depth; ++depth) {
      const ab::SearchResult r = search.search(s, {depth, 0, 0}, algorithm);
      const ab::Score expected = ref.value(s, depth, 0);
      ASSERT_EQ(r.score, expected) << "position " << s.serialize() << " depth " << depth;
      ASSERT_EQ(r.depth, depth);
      typename G::State child = s;
      child.apply(r.best);
      const ab::Score best_value =
          child.is_terminal()
              ? ref.result(child, 1)
              : ref.value(child, child.current_player() == s.current_player() ? depth : depth - 1,
                          1);
      ASSERT_EQ(best_value, expected) << "best action " << r.best << " at " << s.serialize();
    }
  }
}

}  // namespace hz::test
