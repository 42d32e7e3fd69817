// Heuristic<Jumpers>: the knowledge the alpha-beta family (search/heuristic.h) uses for
// Jumpers. Added next to the engine; it reads the state only through its public accessors.
//
// Evaluation of a position for player p, in score units (search/search_score.h), as the
// difference F(p) - F(opponent), antisymmetric and independent of who is to move:
//   F(x) = material * (pieces of x on the board)
//        + reserve  * (pieces in x's reserve: future births, and the right to jump without a
//                      capture; an empty reserve leaves only capturing turns)
//        + mobility * (own-piece jumps x could start: (piece, direction) over an own piece to
//                      an empty point; without them and without a capture x has no turn and
//                      loses)
//        + threat   * (captures x could start: (piece, direction) over an enemy piece to an
//                      empty point)
// Noisy actions: hops over an enemy piece (captures). Births, stops and own jumps are quiet.
//
// Immutable after construction; thread-safe.
#pragma once

#include <vector>

#include "games/jumpers/jumpers.h"
#include "search/heuristic.h"

namespace hz {

template <>
struct Heuristic<Jumpers> {
  struct Weights {
    double material = 100;
    double reserve = 40;
    double mobility = 3;
    double threat = 10;
    static const std::vector<WeightField<Weights>>& fields() {
      static const std::vector<WeightField<Weights>> f = {
          {"material", &Weights::material, 0, 10000, "per piece on the board"},
          {"reserve", &Weights::reserve, 0, 10000, "per piece in the reserve"},
          {"mobility", &Weights::mobility, 0, 1000,
           "per own-piece jump that could start a turn (piece and direction)"},
          {"threat", &Weights::threat, 0, 1000,
           "per capture that could start a turn (piece and direction)"},
      };
      return f;
    }
  };

  Heuristic(const Jumpers& game, const Weights& w) : game_(&game), w_(w) {}

  ab::Score evaluate(const JumpersState& s, int player) const {
    return ab::clamp_eval(side_value(s, player) - side_value(s, player ^ 1));
  }

  bool is_noisy(const JumpersState& s, Action a) const {
    if (!game_->is_hop(a)) return false;
    const int over = game_->neighbour(a / 4, a % 4);
    return over >= 0 && jumpers::has(s.pieces(s.current_player() ^ 1), over);
  }

  const Weights& weights() const { return w_; }

 private:
  double side_value(const JumpersState& s, int x) const {
    using jumpers::Bits;
    const Jumpers& g = *game_;
    const Bits own = s.pieces(x), enemy = s.pieces(x ^ 1);
    const Bits empty = g.board_mask() & ~(own | enemy);
    int own_jumps = 0, captures = 0;
    for (int d = 0; d < jumpers::kNumDirs; ++d) {
      const Bits landing_free = own & g.jump_sources(d) & g.pull(empty, d, 2);
      own_jumps += jumpers::count_points(landing_free & g.pull(own, d, 1));
      captures += jumpers::count_points(landing_free & g.pull(enemy, d, 1));
    }
    return w_.material * jumpers::count_points(own) + w_.reserve * s.reserve(x) +
           w_.mobility * own_jumps + w_.threat * captures;
  }

  const Jumpers* game_;
  Weights w_;
};

}  // namespace hz
