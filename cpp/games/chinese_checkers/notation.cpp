// Hole and move notation, and the printed board; see notation.h.
#include "games/chinese_checkers/notation.h"

#include <cctype>

#include "core/error.h"
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
  const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
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

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_pass_text(std::string_view s) {
  if (s.size() != 4) return false;
  for (int i = 0; i < 4; ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != "pass"[i]) return false;
  return true;
}

}  // namespace

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
  if (is_pass_text(text)) {
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

std::string ChineseCheckersState::to_string() const {
  const ChineseCheckers& g = *game_;
  const cc::BoardTables& t = cc::board();
  std::string out;
  if (is_terminal()) {
    out += str_cat("game over after ", move_number_, " turns; returns");
    for (int p = 0; p < g.num_players(); ++p) out += str_cat(" ", returns_[p]);
  } else {
    out += str_cat("player ", int(current_), " to move, turn ", move_number_ + 1);
  }
  for (int p = 0; p < g.num_players(); ++p) {
    if (status(p) == SeatStatus::kFinished)
      out += str_cat("; player ", p, " finished #", order_[p] + 1);
    if (status(p) == SeatStatus::kOut) out += str_cat("; player ", p, " is out");
  }
  out += "\n";
  // Column x - y + 12 puts neighbours in a row two columns apart and rows half a step apart.
  for (int row = 0; row < cc::kNumRows; ++row) {
    std::string line(25, ' ');
    for (int i = 0; i < t.row_length[row]; ++i) {
      const int h = t.row_start[row] + i;
      const int owner = owner_at(h);
      line[t.cube[h].x - t.cube[h].y + 12] = owner < 0 ? '.' : static_cast<char>('0' + owner);
    }
    const char letter = static_cast<char>('a' + row);
    out.append(1, letter).append("  ").append(line).append("  ").append(1, letter).append("\n");
  }
  return out;
}

}  // namespace hz
