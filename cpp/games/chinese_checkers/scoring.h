// End-of-game scoring for Chinese Checkers: the remaining-distance measure used when the game is
// stopped by max_plies, and the conversion of a ranking into returns.
//
// Remaining distance of a player = the least total hex distance its pieces outside its goal must
// travel so that every empty goal hole receives one of them (a minimum-cost assignment of empty
// goal holes to those pieces, Hungarian algorithm). Goal holes already held by any piece count
// as filled (the fill rule). It is 0 exactly when the goal has no empty hole, and it never
// exceeds the number of single steps still needed to fill the goal while the other players'
// pieces stay put (an admissible lower bound: pieces inside the goal shuffling inwards only add
// distance by the triangle inequality). Lower is better.
//
// Pure functions, no allocation, thread-safe.
#pragma once

#include "games/chinese_checkers/bits.h"
#include "games/game.h"

namespace hz::cc {

int remaining_distance(const HoleSet& own, const HoleSet& occupied, const HoleSet& goal);

// Returns from a ranking. rank_class[p] and rank_key[p] order the players (lower class first,
// then lower key); players with equal (class, key) share the average of their rank values.
// Rank i (0-based) is worth 1 - 2i/(N-1), so the returns sum to zero.
void returns_from_ranking(int num_players, const int* rank_class, const int* rank_key,
                          PlayerValues& out);

}  // namespace hz::cc
