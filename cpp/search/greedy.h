// Greedy one-turn lookahead with a Heuristic<G>: every complete turn of the player to move is
// played out (a turn of several actions is enumerated as the sequences it can be), the state
// after it is scored for the mover (a terminal state by its return, search_score.h), and the
// best turn wins; equal scores are broken uniformly at random with the caller's Rng.
//
// Owns only fixed buffers (one action list per action of a turn); one thread at a time. The
// game must outlive it.
#pragma once

#include <array>
#include <memory>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "games/game.h"
#include "search/heuristic.h"
#include "search/search_score.h"

namespace hz::ab {

template <class G, class H = Heuristic<G>>
class Greedy {
 public:
  using State = typename G::State;
  using ActionList = typename G::ActionList;

  struct Result {
    std::vector<Action> turn;  // the chosen turn, first action first
    Score score = 0;           // of the state after it, for the mover
    uint64_t turns_seen = 0;
  };

  Greedy(const G& game, H heuristic)
      : heuristic_(std::move(heuristic)), lists_(new ActionList[kMaxPly + 1]) {}

  const H& heuristic() const { return heuristic_; }

  Result choose(const State& s, Rng& rng) {
    if (s.is_terminal()) fail("greedy agent asked to move in a terminal state");
    rng_ = &rng;
    mover_ = s.current_player();
    best_len_ = 0;
    ties_ = 0;
    Result r;
    best_score_ = -kInfinity;
    seen_ = 0;
    visit(s, 0);
    r.turn.assign(best_.begin(), best_.begin() + best_len_);
    r.score = best_score_;
    r.turns_seen = seen_;
    return r;
  }

 private:
  void visit(const State& s, int ply) {
    if (ply >= kMaxPly) fail("greedy agent: a turn longer than ", kMaxPly, " actions");
    ActionList& list = lists_[ply];
    s.legal_actions(list);
    for (Action a : list) {
      path_[ply] = a;
      State next = s;
      next.apply(a);
      if (!next.is_terminal() && next.current_player() == mover_) {
        visit(next, ply + 1);
        continue;
      }
      ++seen_;
      Score v;
      if (next.is_terminal()) {
        PlayerValues r{};
        next.returns(r);
        v = terminal_score(r[mover_], ply + 1);
      } else {
        v = clamp_eval(heuristic_.evaluate(next, mover_));
      }
      if (v > best_score_) {
        best_score_ = v;
        ties_ = 1;
      } else if (v == best_score_) {
        ++ties_;  // reservoir sampling: keep each of the tied turns with equal probability
        if (rng_->uniform_int(static_cast<uint32_t>(ties_)) != 0) continue;
      } else {
        continue;
      }
      best_len_ = ply + 1;
      for (int i = 0; i <= ply; ++i) best_[i] = path_[i];
    }
  }

  H heuristic_;
  std::unique_ptr<ActionList[]> lists_;
  std::array<Action, kMaxPly + 1> path_{}, best_{};
  int best_len_ = 0;
  Score best_score_ = 0;
  uint32_t ties_ = 0;
  uint64_t seen_ = 0;
  int mover_ = 0;
  Rng* rng_ = nullptr;
};

}  // namespace hz::ab
