// Heuristic<ToyHop>: what the alpha-beta agents know of toy_hop (search/heuristic.h): each
// player's progress, the cells its pieces have advanced from their start, weighted by
// `progress`; the evaluation for p is p's progress minus the opponent's (antisymmetric). No
// action captures, so none is noisy.
#pragma once

#include <vector>

#include "search/heuristic.h"
#include "toy_hop.h"

namespace hz {

template <>
struct Heuristic<toy_hop::ToyHop> {
  struct Weights {
    double progress = 10;
    static const std::vector<WeightField<Weights>>& fields() {
      static const std::vector<WeightField<Weights>> f = {
          {"progress", &Weights::progress, 0, 1000, "per cell a piece has advanced"}};
      return f;
    }
  };

  Heuristic(const toy_hop::ToyHop& game, const Weights& w) : w_(w) {}

  ab::Score evaluate(const toy_hop::ToyHopState& s, int player) const {
    return ab::clamp_eval(w_.progress * (progress(s, player) - progress(s, 1 - player)));
  }
  bool is_noisy(const toy_hop::ToyHopState&, Action) const { return false; }
  const Weights& weights() const { return w_; }

 private:
  static int progress(const toy_hop::ToyHopState& s, int player) {
    const int n = s.game().length();
    int cells = 0;
    for (int cell = 0; cell < n; ++cell)
      if (s.owner(cell) == player) cells += player == 0 ? cell : n - 1 - cell;
    return cells;
  }

  Weights w_;
};

}  // namespace hz
