// Heuristic<Alquerque>: the knowledge the alpha-beta family (search/heuristic.h) uses for
// Alquerque. Added next to the engine; it reads the state only through its public accessors.
//
// Evaluation of a position for player p, in score units (search/search_score.h), as the
// difference F(p) - F(opponent), so it is antisymmetric and does not depend on who is to move:
//   F(x) = material * (pieces of x)
//        + mobility * (steps x could make: (piece, direction) pairs along a line to an empty
//                      point, directions that no_backward forbids left out)
//        + threat   * (pieces of x that could capture now, were it x's turn)
// Alquerque has no reserves: a piece lost is lost for good, which is why material dominates.
// Noisy actions (for quiescence and ordering): jumps (captures) and huffs; a `stop` is quiet.
//
// Immutable after construction; thread-safe.
#pragma once

#include <cstdint>
#include <vector>

#include "games/alquerque/alquerque.h"
#include "search/heuristic.h"

namespace hz {

template <>
struct Heuristic<Alquerque> {
  struct Weights {
    double material = 100;
    double mobility = 4;
    double threat = 15;
    static const std::vector<WeightField<Weights>>& fields() {
      static const std::vector<WeightField<Weights>> f = {
          {"material", &Weights::material, 0, 10000, "per piece on the board"},
          {"mobility", &Weights::mobility, 0, 1000,
           "per possible step (piece and direction along a line to an empty point)"},
          {"threat", &Weights::threat, 0, 1000, "per piece that could capture now"},
      };
      return f;
    }
  };

  Heuristic(const Alquerque& game, const Weights& w) : w_(w) {
    using namespace alquerque;
    for (int d = 0; d < kDirs; ++d)
      for (int p = 0; p < kPoints; ++p) {
        if (game.has_line(p, d)) {
          for (int player = 0; player < 2; ++player)
            if (game.step_direction_allowed(player, d)) step_from_[player][d] |= bit(p);
        }
        if (game.has_jump_line(p, d)) jump_from_[d] |= bit(p);
      }
  }

  ab::Score evaluate(const AlquerqueState& s, int player) const {
    const double mine = side_value(s, player), theirs = side_value(s, player ^ 1);
    return ab::clamp_eval(mine - theirs);
  }

  bool is_noisy(const AlquerqueState&, Action a) const {
    return (a >= alquerque::kJumpBase && a < alquerque::kStop) || a >= alquerque::kHuffBase;
  }

  const Weights& weights() const { return w_; }

 private:
  double side_value(const AlquerqueState& s, int x) const {
    using namespace alquerque;
    const uint32_t own = s.pieces(x), enemy = s.pieces(x ^ 1);
    const uint32_t empty = kBoardMask & ~(own | enemy);
    int steps = 0;
    uint32_t capturers = 0;
    for (int d = 0; d < kDirs; ++d) {
      steps += __builtin_popcount(own & step_from_[x][d] & pull(empty, d));
      capturers |= own & jump_from_[d] & pull(enemy, d) & pull(pull(empty, d), d);
    }
    return w_.material * __builtin_popcount(own) + w_.mobility * steps +
           w_.threat * __builtin_popcount(capturers);
  }

  Weights w_;
  uint32_t step_from_[2][alquerque::kDirs] = {};  // [player][d]: points with an allowed step line
  uint32_t jump_from_[alquerque::kDirs] = {};
};

}  // namespace hz
