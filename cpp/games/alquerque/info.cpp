// The game "alquerque" (rules: docs/rules/alquerque.md): its rule options and the variants the
// conformance suite and perft listings cover (registered by engine/alquerque/register.cpp).
#include "games/alquerque/info.h"

#include "games/alquerque/alquerque.h"
#include "games/alquerque/geometry.h"
#include "games/registry.h"

namespace hz {

GameInfo alquerque_info() {
  GameInfo info;
  info.name = "alquerque";
  info.description = "Alquerque, the 5x5 capturing game (12 pieces each, chains of captures)";
  const std::vector<std::string> boolean = {"true", "false"};
  info.options = {
      {"diagonals",
       "odd",
       {"odd", "even", "none"},
       0,
       0,
       "diagonal lines from the points whose row+col is odd (default), even (the classic "
       "board), or none"},
      {"max_plies",
       "200",
       {},
       1,
       10000,
       "the game is a draw after this many turns (at most 512 with repetition_draw)"},
      {"repetition_draw", "true", boolean, 0, 0,
       "the third occurrence of a position with the same player to move is a draw (every "
       "position since the last capture counts; needs max_plies <= 512)"},
      {"no_backward", "false", boolean, 0, 0,
       "steps may not go towards the player's own side (captures may)"},
      {"no_back_and_forth", "false", boolean, 0, 0,
       "a piece may not step back to the point it left on its owner's previous turn"},
      {"huffing", "false", boolean, 0, 0,
       "a piece that could capture and did not may be removed by the opponent (the huff)"},
  };
  info.test_variants = {
      {},
      {{"diagonals", "even"}},
      {{"diagonals", "none"}},
      {{"no_backward", "true"}},
      {{"no_back_and_forth", "true"}},
      {{"huffing", "true"}},
      {{"repetition_draw", "false"}},
      {{"max_plies", "30"}},
      {{"no_backward", "true"}, {"no_back_and_forth", "true"}, {"huffing", "true"}},
      {{"diagonals", "even"},
       {"no_backward", "true"},
       {"no_back_and_forth", "true"},
       {"huffing", "true"}},
  };
  info.bench_variants = {{}};
  info.piece_symbols = {"W", "B"};
  info.geometry = alquerque_geometry();
  return info;
}

}  // namespace hz
