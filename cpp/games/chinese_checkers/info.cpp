// The game "chinese_checkers" (rules: docs/rules/chinese_checkers.md): its rule options and test
// variants (registered by engine/chinese_checkers/register.cpp).
#include "games/chinese_checkers/info.h"

#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/geometry.h"
#include "games/registry.h"

namespace hz {

GameInfo chinese_checkers_info() {
  GameInfo info;
  info.name = "chinese_checkers";
  info.description =
      "Chinese Checkers on the 121-hole star for 2, 3, 4 or 6 players: steps and hop chains, "
      "first to fill the opposite point wins";
  info.options = {
      {"players", "2", {"2", "3", "4", "6"}, 0, 0, "number of players (clockwise, player 0 first)"},
      {"pieces",
       "10",
       {"10", "13", "19"},
       0,
       0,
       "pieces per player: 10 (the point), 13 (+3 hexagon holes), 19 (+9 hexagon holes; 2 or 3 "
       "players only, as with 4 or 6 the homes of neighbouring seats would overlap)"},
      {"goal_rule",
       "fill",
       {"fill", "all_own"},
       0,
       0,
       "when a player finishes: fill = its goal region is full and holds one of its own pieces "
       "(checked for every player after each turn); all_own = all its own pieces are in it"},
      {"no_move_loses",
       "false",
       {"false", "true"},
       0,
       0,
       "a player with no legal move is out and its pieces leave the board (else it passes)"},
      {"play_to_finish",
       "false",
       {"false", "true"},
       0,
       0,
       "play on after the first finisher; returns by finishing rank"},
      {"max_plies",
       "0",
       {},
       0,
       100000,
       "turns before the game stops and is ranked by remaining distance; 0 = 200 x players"},
  };
  info.test_variants = {
      {{"players", "2"}},
      {{"players", "3"}},
      {{"players", "4"}},
      {{"players", "6"}},
      {{"players", "2"}, {"pieces", "13"}},
      {{"players", "3"}, {"pieces", "13"}},
      {{"players", "4"}, {"pieces", "13"}},
      {{"players", "6"}, {"pieces", "13"}},
      {{"players", "2"}, {"pieces", "19"}},
      {{"players", "3"}, {"pieces", "19"}},
      {{"players", "3"}, {"goal_rule", "all_own"}},
      {{"players", "3"}, {"play_to_finish", "true"}},
      {{"players", "6"}, {"no_move_loses", "true"}},
  };
  info.bench_variants = {{{"players", "2"}}, {{"players", "3"}}};
  info.piece_symbols = {"0", "1", "2", "3", "4", "5"};
  info.geometry = chinese_checkers_geometry();
  return info;
}

}  // namespace hz
