// Hole and move notation; see notation.h. The printed board is in serialize.cpp.
#include "games/chinese_checkers/notation.h"

#include "core/error.h"
#include "core/text.h"
#include "games/chinese_checkers/board.h"
#include "games/chinese_checkers/chinese_checkers.h"

namespace hz {

namespace cc {

std::string hole_name(int hole) {
  HZ_CHECK(hole >= 0 && hole < kNumHoles, "hole ", hole, " out of range");
  const BoardTables& t = board();
  std::string name = std::to_string(t.ordinal[hole] + 1);
  name.insert(name.begin(), static_cast<char>('a' + t.row[hole]));
  return name;
}

int parse_hole(std::string_view text) {
  const BoardTables& t = board();
  auto bad = [&](auto&&... why) -> int {
    fail(quote(std::string(text)), " is not a hole: ", why...,
         " (holes are a row letter a-q from the top and a number from the left, e.g. q1, i5)");
  };
  if (text.size() < 2 || text.size() > 3) bad("expected a letter and a number");
  const char letter = to_lower(text[0]);
  if (letter < 'a' || letter > 'q') bad("the row letter must be a-q");
  int number = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') bad("expected a number after the row letter");
    number = number * 10 + (c - '0');
  }
  const int row = letter - 'a';
  if (number < 1 || number > t.row_length[row])
    bad("row ", letter, " has holes 1 to ", t.row_length[row]);
  return t.row_start[row] + number - 1;
}

}  // namespace cc

std::string ChineseCheckersState::action_to_string(Action a) const {
  if (a == ChineseCheckers::kPass) return "pass";
  if (a < 0 || a > ChineseCheckers::kPass) fail("action id ", a, " is out of range");
  return cc::hole_name(ChineseCheckers::action_from(a)) + "-" +
         cc::hole_name(ChineseCheckers::action_to(a));
}

Action ChineseCheckersState::parse_action(std::string_view raw) const {
  const std::string_view text = trim(raw);
  if (is_terminal()) fail("cannot play ", quote(std::string(text)), ": the game is over");
  ActionList legal;
  legal_actions(legal);
  if (iequals(text, "pass")) {
    if (!legal.contains(ChineseCheckers::kPass))
      fail("'pass' is legal only when the player has no move; player ", int(current_), " has ",
           legal.size(), " moves");
    return ChineseCheckers::kPass;
  }
  const size_t dash = text.find('-');
  if (text.empty() || dash == std::string_view::npos)
    fail("cannot read move ", quote(std::string(text)),
         ": expected 'from-to' with hole names (e.g. n2-m6) or 'pass'");
  const int from = cc::parse_hole(trim(text.substr(0, dash)));
  const int to = cc::parse_hole(trim(text.substr(dash + 1)));
  const Action a = ChineseCheckers::move_action(from, to);
  if (legal.contains(a)) return a;
  const std::string move = cc::hole_name(from) + "-" + cc::hole_name(to);
  const int p = current_;
  if (!pieces_[p].test(from))
    fail("illegal move ", move, ": ", cc::hole_name(from), " holds no piece of player ", p);
  if (occupied_.test(to)) fail("illegal move ", move, ": ", cc::hole_name(to), " is not empty");
  if (game_->goal(p).test(from) && !game_->goal(p).test(to))
    fail("illegal move ", move, ": a piece in its goal may not leave it");
  fail("illegal move ", move, ": no step or hop chain of player ", p, " leads there",
       game_->goal(p).test(from) ? " inside the goal" : "");
}

std::string ChineseCheckersState::turn_to_string(const std::vector<Action>& actions) const {
  if (actions.size() != 1)
    fail("a Chinese Checkers turn is exactly one action, not ", actions.size());
  return action_to_string(actions[0]);
}

std::vector<Action> ChineseCheckersState::parse_turn(std::string_view text) const {
  return {parse_action(text)};
}

}  // namespace hz
