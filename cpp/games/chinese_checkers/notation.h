// Chinese Checkers notation (also in docs/notation.md, section "Chinese Checkers").
//
// Holes: a row letter and a number. Rows are a..q from the top of the printed board (to_string),
// numbers count the holes of that row from the left, starting at 1. Rows hold 1, 2, 3, 4, 13, 12,
// 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes: "a1" is the top point, "q1" the bottom point, "i5"
// the centre, "e1" and "e13" the left and right ends of the fifth row. Letters are case-blind.
//
// Moves: "from-to" (e.g. "n2-m6"), the same for a step and for a hop chain (an action is its end
// points); "pass" when the player has no move. A whole turn is one action.
//
// Pure functions over the immutable board tables; thread-safe. Parse errors are hz::Error
// naming the text and what was expected.
#pragma once

#include <string>
#include <string_view>

namespace hz::cc {

std::string hole_name(int hole);
int parse_hole(std::string_view text);  // throws hz::Error

}  // namespace hz::cc
