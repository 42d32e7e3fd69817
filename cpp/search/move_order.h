// Move ordering for the alpha-beta family: killer moves per ply, history scores per player and
// action, and a per-ply buffer that scores the legal actions and hands them out best first.
//
// Order: the transposition-table move, then noisy actions (captures), then the two killers of
// the ply, then the rest by history score. Ordering changes the speed of a search, never its
// value. Tables are sized once (players x actions) and reused; one search owns them; not
// thread-safe.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "games/game.h"
#include "search/search_score.h"

namespace hz::ab {

class MoveHistory {
 public:
  MoveHistory(int num_players, int num_actions)
      : num_actions_(num_actions),
        history_(static_cast<size_t>(num_players) * num_actions, 0),
        killers_(static_cast<size_t>(kMaxPly + 1) * 2, kNoAction) {}

  void clear() {
    std::fill(history_.begin(), history_.end(), 0);
    std::fill(killers_.begin(), killers_.end(), kNoAction);
  }
  // Between searches: old history matters less; killers belong to the old root's plies.
  void age() {
    for (auto& h : history_) h /= 4;
    std::fill(killers_.begin(), killers_.end(), kNoAction);
  }

  // A quiet action that caused a beta cutoff at `ply` with `depth` turns left.
  void reward(int player, Action a, int ply, int depth, bool use_killers, bool use_history) {
    if (use_killers && ply <= kMaxPly) {
      Action* k = &killers_[static_cast<size_t>(ply) * 2];
      if (k[0] != a) {
        k[1] = k[0];
        k[0] = a;
      }
    }
    if (use_history) {
      int32_t& h = history_[static_cast<size_t>(player) * num_actions_ + a];
      h = std::min<int32_t>(h + depth * depth, kHistoryCap);
    }
  }

  int32_t history(int player, Action a) const {
    return history_[static_cast<size_t>(player) * num_actions_ + a];
  }
  Action killer(int ply, int slot) const {
    return ply <= kMaxPly ? killers_[static_cast<size_t>(ply) * 2 + slot] : kNoAction;
  }

  static constexpr int32_t kHistoryCap = 1 << 28;

 private:
  int num_actions_;
  std::vector<int32_t> history_;
  std::vector<Action> killers_;
};

// The legal actions of one node with their ordering scores; pick(i) moves the best remaining
// action to position i (selection sort: cheap when a cutoff comes early).
template <class ActionListT>
struct OrderedActions {
  static constexpr int kCapacity = ActionListT::kCapacity;
  ActionListT actions;
  int32_t score[kCapacity];
  bool noisy[kCapacity];

  static constexpr int32_t kTTMove = 1 << 30;
  static constexpr int32_t kNoisy = 1 << 29;
  static constexpr int32_t kKiller0 = (1 << 28) + 2;
  static constexpr int32_t kKiller1 = (1 << 28) + 1;

  // Fills scores; `is_noisy(a)` is asked once per action.
  template <class IsNoisy>
  void rank(Action tt_move, const MoveHistory& h, int player, int ply, IsNoisy&& is_noisy) {
    const Action k0 = h.killer(ply, 0), k1 = h.killer(ply, 1);
    for (int i = 0; i < actions.size(); ++i) {
      const Action a = actions[i];
      noisy[i] = is_noisy(a);
      if (a == tt_move)
        score[i] = kTTMove;
      else if (noisy[i])
        score[i] = kNoisy;
      else if (a == k0)
        score[i] = kKiller0;
      else if (a == k1)
        score[i] = kKiller1;
      else
        score[i] = h.history(player, a);
    }
  }

  Action pick(int i) {
    int best = i;
    for (int j = i + 1; j < actions.size(); ++j)
      if (score[j] > score[best]) best = j;
    if (best != i) {
      std::swap(actions[i], actions[best]);
      std::swap(score[i], score[best]);
      std::swap(noisy[i], noisy[best]);
    }
    return actions[i];
  }
};

}  // namespace hz::ab
