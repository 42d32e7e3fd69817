// Alquerque's point and action text, shared by notation.cpp (actions and turns) and
// serialize.cpp (the state text). The notation is described in alquerque.h and in
// docs/notation.md ("Alquerque").
#pragma once

#include <string>
#include <string_view>

#include "games/alquerque/alquerque.h"

namespace hz::alquerque {

inline constexpr const char* kPointHelp = "(a point is a column a-e and a rank 1-5, like c3)";

const char* player_name(int player);  // "White" or "Black"
std::string point_name(int p);        // "c3"
// "c3" (any case) -> point index; -1 if the text is not a point.
int parse_point(std::string_view t);
// One atomic action from its text, without checking legality. Throws naming the text.
Action read_action(std::string_view text);

}  // namespace hz::alquerque
