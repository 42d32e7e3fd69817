// Drawing a state in the terminal: the game's own text rendering, with each player's piece
// symbol coloured when the output is a terminal.
#pragma once

#include <string>

#include "games/any_game.h"

namespace hz::cli {

std::string render_board(const AnyState& state, bool color);

}  // namespace hz::cli
