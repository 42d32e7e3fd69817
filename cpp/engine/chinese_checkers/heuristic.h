// Heuristic<ChineseCheckers>: the knowledge the alpha-beta family (search/heuristic.h) uses for
// Chinese Checkers, with any number of players. Added next to the engine; it reads the state
// only through its public accessors.
//
// For each player x still playing, with apex(x) the hole of x's goal triangle farthest from
// the centre (the tip its pieces have to pack towards):
//   distance(x)  = sum over x's pieces of hex distance to apex(x)      (lower is better)
//   straggler(x) = the largest of those distances: the piece left furthest behind, which
//                  decides how long x still needs once the others are home (lower is better)
//   in_goal(x)   = x's pieces inside its goal region                   (higher is better)
//   V(x) = -distance_w * distance(x) - straggler_w * straggler(x) + goal_w * in_goal(x)
// evaluate(s, p) = V(p) - mean of V(q) over the other players still playing; with two players
// that is antisymmetric. There are no captures: no action is noisy.
//
// set_mover (for Best-Reply Search) goes through the state's text form, because the engine
// keeps the player to move private: correct, but it allocates (a few microseconds per call),
// so BRS on Chinese Checkers is slower per node than paranoid search. An engine method that
// sets the mover would remove that cost.
//
// Immutable after construction; thread-safe.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "games/chinese_checkers/chinese_checkers.h"
#include "search/heuristic.h"

namespace hz {

template <>
struct Heuristic<ChineseCheckers> {
  struct Weights {
    double distance = 10;
    double straggler = 6;
    double goal = 5;
    static const std::vector<WeightField<Weights>>& fields() {
      static const std::vector<WeightField<Weights>> f = {
          {"distance", &Weights::distance, 0, 1000,
           "per step of hex distance from a piece to the tip of its goal (summed over pieces)"},
          {"straggler", &Weights::straggler, 0, 1000,
           "per step of hex distance of the piece furthest from the tip of its goal"},
          {"goal", &Weights::goal, 0, 1000, "per piece inside its goal region"},
      };
      return f;
    }
  };

  Heuristic(const ChineseCheckers& game, const Weights& w) : w_(w), players_(game.num_players()) {
    const int centre = cc::hole_at(0, 0, 0);
    for (int p = 0; p < players_; ++p) {
      int apex = -1, far = -1;
      game.goal(p).for_each([&](int h) {
        const int d = cc::hex_distance(h, centre);
        if (d > far) far = d, apex = h;
      });
      for (int h = 0; h < cc::kNumHoles; ++h)
        to_apex_[p][h] = static_cast<int8_t>(cc::hex_distance(h, apex));
      goal_[p] = game.goal(p);
    }
  }

  ab::Score evaluate(const ChineseCheckersState& s, int player) const {
    double others = 0;
    int n = 0;
    for (int q = 0; q < players_; ++q) {
      if (q == player || s.status(q) != SeatStatus::kPlaying) continue;
      others += value(s, q);
      ++n;
    }
    return ab::clamp_eval(value(s, player) - (n ? others / n : 0.0));
  }

  bool is_noisy(const ChineseCheckersState&, Action) const { return false; }

  static bool set_mover(ChineseCheckersState& s, int player) {
    if (s.is_terminal() || s.status(player) != SeatStatus::kPlaying) return false;
    if (s.current_player() == player) return true;
    // "<board> <mover> <ply> <statuses>": replace the mover field.
    std::string text = s.serialize();
    const size_t a = text.find(' '), b = text.find(' ', a + 1);
    text.replace(a + 1, b - a - 1, std::to_string(player));
    s = s.game().deserialize(text);
    return true;
  }

  const Weights& weights() const { return w_; }

 private:
  double value(const ChineseCheckersState& s, int x) const {
    int distance = 0, straggler = 0;
    s.pieces(x).for_each([&](int h) {
      distance += to_apex_[x][h];
      straggler = std::max<int>(straggler, to_apex_[x][h]);
    });
    const int in_goal = (s.pieces(x) & goal_[x]).count();
    return -w_.distance * distance - w_.straggler * straggler + w_.goal * in_goal;
  }

  Weights w_;
  int players_;
  int8_t to_apex_[kMaxPlayers][cc::kNumHoles] = {};
  cc::HoleSet goal_[kMaxPlayers]{};
};

}  // namespace hz
