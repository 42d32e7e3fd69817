// Perft over complete turns: a turn is the sequence of actions from one player's first action to
// the next change of player (or the end). perft(s, 0) = 1; a terminal state has no turns.
// Distinct action sequences are distinct turns. Uses the same engine code as search.
#pragma once

#include <cstdint>
#include <type_traits>

#include "games/game.h"

namespace hz {

namespace detail {
template <class G, class = void>
struct ActionIsTurn : std::false_type {};
template <class G>
struct ActionIsTurn<G, std::void_t<decltype(G::kActionIsTurn)>>
    : std::bool_constant<G::kActionIsTurn> {};

// Calls visit(state_after_turn) for every complete turn from `s` by `player`.
template <class G, class Visit>
void for_each_turn(const typename G::State& s, int player, Visit&& visit) {
  typename G::ActionList actions;
  s.legal_actions(actions);
  for (Action a : actions) {
    typename G::State next = s;
    next.apply(a);
    if (next.is_terminal() || next.current_player() != player)
      visit(next);
    else
      for_each_turn<G>(next, player, visit);
  }
}
}  // namespace detail

template <class G>
uint64_t perft(const typename G::State& s, int depth) {
  if (depth == 0) return 1;
  if (s.is_terminal()) return 0;
  if constexpr (detail::ActionIsTurn<G>::value) {
    typename G::ActionList actions;
    s.legal_actions(actions);
    if (depth == 1) return static_cast<uint64_t>(actions.size());  // bulk count
    uint64_t total = 0;
    for (Action a : actions) {
      typename G::State next = s;
      next.apply(a);
      total += perft<G>(next, depth - 1);
    }
    return total;
  } else {
    uint64_t total = 0;
    detail::for_each_turn<G>(s, s.current_player(), [&](const typename G::State& next) {
      total += depth == 1 ? 1 : perft<G>(next, depth - 1);
    });
    return total;
  }
}

}  // namespace hz
