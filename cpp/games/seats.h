// Seats: a player's view of a value vector. Seat k is player (player + k) % num_players, so seat 0
// is always the mover; networks and training samples order values by seat (selfplay/sample.h).
#pragma once

#include "games/game.h"

namespace hz {

// Reorders absolute-player values into seats relative to `player`.
inline PlayerValues to_seats(const PlayerValues& absolute, int player, int num_players) {
  PlayerValues out{};
  for (int k = 0; k < num_players; ++k) out[k] = absolute[(player + k) % num_players];
  return out;
}
inline PlayerValues from_seats(const PlayerValues& seats, int player, int num_players) {
  PlayerValues out{};
  for (int k = 0; k < num_players; ++k) out[(player + k) % num_players] = seats[k];
  return out;
}

}  // namespace hz
