// Move generation for Chinese Checkers: every (from, to) pair one player can play in one turn.
//
// A move is a step to an empty neighbour or a chain of hops (over one adjacent piece of any
// colour to the empty hole right behind it), stopping after any hop, never landing twice on a
// hole in one turn (the start included). The destinations of hop chains from one hole are found
// by a flood fill over the hop graph with a visited set, so each (from, to) is produced once no
// matter how many hop paths lead there. A piece standing in its goal moves only inside the goal:
// every landing of its chain must be a goal hole.
//
// Two facts keep this simple: a hop moves each cube coordinate by 0 or 2, so a chain can never
// land on a neighbour of its start (the step and hop destinations are disjoint) and can never
// try to hop over the hole it started from (only neighbours of a landing are hopped over).
//
// Allocation-free and stateless; safe from any thread. Output order: pieces by increasing hole,
// for each piece its steps (direction order) then its hop destinations (depth-first order).
#pragma once

#include "games/chinese_checkers/bits.h"
#include "games/chinese_checkers/board.h"

namespace hz::cc {

// Calls emit(from, to) for every legal move of the pieces in `own` on a board whose occupied holes
// are `occupied` (own pieces included); `goal` is the owner's goal region.
template <class Emit>
inline void for_each_move(const HoleSet& own, const HoleSet& occupied, const HoleSet& goal,
                          Emit&& emit) {
  const BoardTables& t = board();
  const HoleSet empty_anywhere = occupied.complement();
  const HoleSet empty_in_goal = empty_anywhere & goal;
  own.for_each([&](int from) {
    // `open`: holes this piece may still land on; a landing is removed from it once reached.
    HoleSet open = goal.test(from) ? empty_in_goal : empty_anywhere;
    (t.neighbour_set[from] & open).for_each([&](int to) { emit(from, to); });
    int stack[kNumHoles];
    int size = 0;
    stack[size++] = from;
    while (size > 0) {
      const int at = stack[--size];
      for (int k = 0; k < t.num_hops[at]; ++k) {
        const int to = t.hop_to[at][k];
        if (open.test(to) && occupied.test(t.hop_over[at][k])) {
          open.reset(to);
          stack[size++] = to;
          emit(from, to);
        }
      }
    }
  });
}

}  // namespace hz::cc
