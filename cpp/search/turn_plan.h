// The rest of a turn an agent has already decided on. Agents answer one action at a time, but
// alpha-beta and greedy choose whole turns: the plan hands out the remaining actions of the
// chosen turn as long as the game goes on from exactly the state the previous action produced
// (checked by hash and move number), and is dropped otherwise.
//
// A value type; one agent, one thread.
#pragma once

#include <cstdint>
#include <vector>

#include "games/game.h"

namespace hz {

template <class G>
class TurnPlan {
 public:
  using State = typename G::State;

  void clear() { actions_.clear(), next_ = 0; }

  // `turn` starts with the action about to be played in `s`; the plan keeps the rest.
  void set(const State& s, const std::vector<Action>& turn) {
    clear();
    if (turn.size() < 2) return;
    actions_ = turn;
    next_ = 0;
    advance(s);
  }

  // The planned action for `s`, or kNoAction if `s` is not where the plan expected to be.
  Action next(const State& s) {
    if (next_ >= actions_.size() || s.hash() != hash_ || s.move_number() != move_number_) {
      clear();
      return kNoAction;
    }
    typename G::ActionList legal;
    s.legal_actions(legal);
    if (!legal.contains(actions_[next_])) {
      clear();
      return kNoAction;
    }
    const Action a = actions_[next_];
    advance(s);
    return a;
  }

 private:
  // Steps past actions_[next_] played in `s`, remembering the state it leads to.
  void advance(const State& s) {
    State after = s;
    after.apply(actions_[next_]);
    ++next_;
    if (after.is_terminal() || after.current_player() != s.current_player()) {
      clear();
      return;
    }
    hash_ = after.hash();
    move_number_ = after.move_number();
  }

  std::vector<Action> actions_;
  size_t next_ = 0;
  uint64_t hash_ = 0;
  int move_number_ = 0;
};

}  // namespace hz
