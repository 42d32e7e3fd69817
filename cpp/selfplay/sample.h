// One training sample, as self-play produces it and the trainer consumes it.
//
// Everything is in the canonical view of the player to move at that ply: the observation is
// State::observation(), policy entries are canonical policy indices (State::policy_index), and
// the value target is ordered by seat: seat k is player (player + k) % num_players, so seat 0 is
// always the mover. That is what lets one network serve every seat and every symmetry.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "games/game.h"
#include "games/seats.h"  // to_seats, from_seats: used with samples

namespace hz {

struct Sample {
  std::vector<float> observation;  // observation_shape().size() floats
  std::vector<std::pair<int32_t, float>>
      policy;            // (canonical policy index, visit share), sums to 1
  PlayerValues value{};  // final returns by seat (see above)
  // The search's mean backed-up value vector at this position, by seat (a training target may
  // mix it with `value`); equal to `value` in data written before searches recorded it.
  PlayerValues search_value{};
  // False for a position searched cheaply (playout cap randomization): its policy is no
  // training target, only its value.
  bool policy_target = true;
  uint64_t game_id = 0;
  int32_t ply = 0;     // move_number() of the state
  int32_t player = 0;  // absolute player to move
};

// A finished self-play game.
struct FinishedGame {
  uint64_t game_id = 0;
  std::vector<Sample> samples;  // one per searched position (value targets filled in)
  std::vector<Action> actions;  // every action applied, from the initial state
  PlayerValues returns{};       // absolute players
  bool resigned = false;
  // A game chosen to play on although a player wanted to resign (self-play's resignation check):
  // and whether that resignation would have been false (the player did not lose in the end).
  bool resign_playthrough = false;
  bool resign_would_be_false = false;
  int sparring_seat = -1;  // the seat the sparring agent played (SelfPlayOptions), or -1
};

}  // namespace hz
