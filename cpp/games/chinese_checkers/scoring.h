// End-of-game scoring for Chinese Checkers: the remaining-distance measure used when the game is
// stopped by max_plies, and the conversion of a ranking into returns.
//
// Remaining distance of a player = the least total hex distance its pieces outside its goal must
// travel so that every goal hole not holding one of its own pieces receives one of them (a
// minimum-cost assignment, Hungarian algorithm; both sides have the same size because a player
// has as many pieces as its goal has holes). Other players' pieces are ignored: a goal occupied
// by an opponent who never leaves home does not make the distance small. It is 0 exactly when
// all the player's pieces are in its goal, it never exceeds the number of single steps the
// player's pieces need to fill the goal by themselves on an empty board (admissible: shuffling
// pieces inside the goal only adds distance, by the triangle inequality), and a step towards the
// goal lowers it by at most 1. Lower is better.
//
// Pure functions, no allocation, thread-safe.
#pragma once

#include "games/chinese_checkers/bits.h"
#include "games/game.h"

namespace hz::cc {

int remaining_distance(const HoleSet& own, const HoleSet& goal);

// Returns from a ranking. rank_class[p] and rank_key[p] order the players (lower class first,
// then lower key); players with equal (class, key) share the average of their rank values.
// Rank i (0-based) is worth 1 - 2i/(N-1), so the returns sum to zero.
void returns_from_ranking(int num_players, const int* rank_class, const int* rank_key,
                          PlayerValues& out);

}  // namespace hz::cc
