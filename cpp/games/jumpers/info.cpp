// The game "jumpers" (rules: docs/rules/jumpers.md): its rule option `size` (registered by
// engine/jumpers/register.cpp).
#include "games/jumpers/info.h"

#include "games/jumpers/geometry.h"
#include "games/jumpers/jumpers.h"
#include "games/registry.h"

namespace hz {

GameInfo jumpers_info() {
  GameInfo info;
  info.name = "jumpers";
  info.description =
      "Jumpers: capture by jumping enemy pieces, or jump own pieces and give birth to a new one; "
      "the player without a legal turn loses";
  info.options = {{"size",
                   "6",
                   {"6", "8", "10"},
                   0,
                   0,
                   "board side N (N x N points); reserves Red/Turquoise 12/13, 20/20, 30/31"}};
  info.test_variants = {GameOptions{{"size", "6"}}, GameOptions{{"size", "8"}},
                        GameOptions{{"size", "10"}}};
  info.bench_variants = info.test_variants;
  info.piece_symbols = {"R", "T"};
  info.geometry = jumpers_geometry();
  return info;
}

}  // namespace hz
