// Jumpers notation: printing and parsing single actions and whole turns (format in jumpers.h
// and docs/notation.md, section "Jumpers"), and the reasons given for illegal actions.
// Not hot paths: these allocate strings and copy states freely.
#include "core/error.h"
#include "core/text.h"
#include "games/jumpers/jumpers.h"

namespace hz {

using namespace jumpers;  // NOLINT: this file implements the jumpers:: types

namespace {

const char* const kPlayerNames[2] = {"Red", "Turquoise"};
const char* const kDirectionNames[4] = {"right", "up", "left", "down"};

// One hop of a written chain: the two points and the separator between them.
struct WrittenHop {
  int from, to;
  char separator;  // '-' or 'x'
  std::string text;
};

// "a1-c1-c3" / "b2-d2xd4" -> its hops. A point is a letter and digits; separators are '-', 'x'.
std::vector<WrittenHop> parse_chain(const Jumpers& g, std::string_view word) {
  std::vector<int> points;
  std::vector<char> separators;
  size_t i = 0;
  for (;;) {
    const size_t begin = i;
    if (i < word.size()) ++i;  // the column letter
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i]))) ++i;
    points.push_back(g.parse_point(word.substr(begin, i - begin), word));
    if (i == word.size()) break;
    const char sep = to_lower(word[i]);
    if (sep != '-' && sep != 'x')
      fail("jumpers: ", quote(word), ": expected '-' (own hop) or 'x' (capture) after ",
           g.point_name(points.back()), ", found ", quote(word[i]));
    separators.push_back(sep);
    ++i;
  }
  if (points.size() < 2)
    fail("jumpers: ", quote(word), " is not an action: write a hop as a1-c1 or c2xe2, a birth as ",
         "+d3, or stop");
  std::vector<WrittenHop> hops;
  for (size_t k = 0; k + 1 < points.size(); ++k)
    hops.push_back({points[k], points[k + 1], separators[k],
                    g.point_name(points[k]) + separators[k] + g.point_name(points[k + 1])});
  return hops;
}

// The hop action from `from` to `to`, which must be two points apart along a line.
Action hop_action(const Jumpers& g, int from, int to, std::string_view context) {
  for (int d = 0; d < 4; ++d)
    if (g.jump_target(from, d) == to) return from * 4 + d;
  fail("jumpers: ", quote(context), ": a hop goes exactly two points along a line, not from ",
       g.point_name(from), " to ", g.point_name(to));
}

}  // namespace

std::string JumpersState::action_to_string(Action a) const {
  const Jumpers& g = *game_;
  if (a < 0 || a >= g.num_actions())
    fail("jumpers action id ", a, " is out of range [0, ", g.num_actions(), ")");
  if (a == g.stop_action()) return "stop";
  if (g.is_birth(a)) return str_cat("+", g.point_name(a - 4 * g.points()));
  const int from = a / 4, d = a % 4, to = g.jump_target(from, d);
  if (to < 0) return g.point_name(from) + " " + kDirectionNames[d] + " (off the board)";
  const bool capture = has(pieces_[1 - player_], g.neighbour(from, d));
  return g.point_name(from) + (capture ? "x" : "-") + g.point_name(to);
}

std::string JumpersState::illegal_reason(Action a) const {
  const Jumpers& g = *game_;
  if (a < 0 || a >= g.num_actions())
    return str_cat("action id ", a, " is out of range [0, ", g.num_actions(), ")");
  if (terminal_) return "the game is over";
  Jumpers::ActionList legal;
  legal_actions(legal);
  if (legal.contains(a)) return "";
  const std::string me = kPlayerNames[player_];
  const std::string mover = g.point_name(moving_);
  const Bits own = pieces_[player_], enemy = pieces_[1 - player_];
  const Bits free_all = g.board_mask() & ~(own | enemy);
  if (a == g.stop_action()) {
    switch (phase_) {
      case Phase::kStart:
        return "no piece has jumped yet in this turn";
      case Phase::kCapture:
        return "the capture chain must go on while the piece can capture";
      case Phase::kBirth:
        return "the chain has already stopped; a birth must follow";
      case Phase::kJump:
        if (reserve_[player_] == 0) return me + "'s reserve is empty, so no birth is possible";
        return mover + " has no empty neighbour for a birth";
    }
  }
  if (g.is_birth(a)) {
    if (phase_ != Phase::kBirth)
      return phase_ == Phase::kJump ? "stop the jump chain first" : "a birth follows only a stop";
    return "a birth goes on an empty point next to the jumping piece on " + mover;
  }
  const int from = a / 4, d = a % 4, mid = g.neighbour(from, d), to = g.jump_target(from, d);
  if (phase_ == Phase::kBirth) return "the chain has stopped; a birth must follow";
  if (phase_ != Phase::kStart && from != moving_)
    return "only the moving piece on " + mover + " may hop in this turn";
  if (!has(own, from)) return "no " + me + " piece on " + g.point_name(from);
  if (to < 0) return "the hop leaves the board";
  if (!has(own | enemy, mid)) return "there is nothing to jump over on " + g.point_name(mid);
  if (!has(free_all, to)) return "the landing point " + g.point_name(to) + " is occupied";
  if (phase_ == Phase::kCapture) return "the capture chain must go on with a capture";
  if (phase_ == Phase::kStart && has(own, mid) && g.is_hop(legal[0]) &&
      has(enemy, g.neighbour(legal[0] / 4, legal[0] % 4)))
    return "a capture is available, and capturing is compulsory";
  if (has(visited_, to)) return g.point_name(to) + " was already visited in this turn";
  if (reserve_[player_] == 0)
    return me + "'s reserve is empty and no capture can be reached from " + g.point_name(to);
  return "the jump chain through " + g.point_name(to) +
         " reaches neither a capture nor a point where a birth is possible";
}

Action JumpersState::parse_action(std::string_view text) const {
  const Jumpers& g = *game_;
  const std::string_view t = trim(text);
  Action a;
  if (iequals(t, "stop")) {
    a = g.stop_action();
  } else if (!t.empty() && t[0] == '+') {
    a = g.birth_action(g.parse_point(trim(t.substr(1)), text));
  } else {
    const std::vector<WrittenHop> hops = parse_chain(g, t);
    if (hops.size() != 1)
      fail("jumpers: ", quote(text), " is a chain of ", hops.size(),
           " hops, not one action; read it with parse_turn");
    a = hop_action(g, hops[0].from, hops[0].to, text);
    const std::string reason = illegal_reason(a);
    if (!reason.empty()) fail("jumpers: ", quote(text), " is not legal here: ", reason);
    const char wanted = has(pieces_[1 - player_], g.neighbour(hops[0].from, a % 4)) ? 'x' : '-';
    if (hops[0].separator != wanted)
      fail("jumpers: ", quote(text), ": write it ", action_to_string(a),
           wanted == 'x' ? " (it captures)" : " (it jumps over an own piece)");
    return a;
  }
  const std::string reason = illegal_reason(a);
  if (!reason.empty()) fail("jumpers: ", quote(text), " is not legal here: ", reason);
  return a;
}

std::vector<Action> JumpersState::parse_turn(std::string_view text) const {
  const Jumpers& g = *game_;
  const std::vector<std::string_view> words = split_words(text);
  if (words.empty()) fail("jumpers: empty turn text");
  if (terminal_) fail("jumpers: ", quote(text), ": the game is over");
  const int player = player_;
  JumpersState s = *this;
  std::vector<Action> actions;
  std::string done;  // the text read so far, for messages
  auto play = [&](Action a, std::string_view written) {
    if (s.terminal_ || s.player_ != player)
      fail("jumpers: ", quote(text), ": the turn is over after ", quote(done), ", but ",
           quote(written), " follows");
    const std::string reason = s.illegal_reason(a);
    if (!reason.empty())
      fail("jumpers: ", quote(text), ": ", quote(written), " is not legal",
           done.empty() ? "" : " after '", done, done.empty() ? "" : "'", ": ", reason);
    actions.push_back(a);
    s.apply(a);
  };
  for (std::string_view word : words) {
    if (iequals(word, "stop")) {
      play(g.stop_action(), word);
    } else if (word[0] == '+') {
      const Action birth = g.birth_action(g.parse_point(word.substr(1), text));
      if (s.phase_ == Phase::kJump && !s.terminal_ && s.player_ == player)
        play(g.stop_action(), "stop");  // the stop before a birth is implied
      play(birth, word);
    } else {
      for (const WrittenHop& hop : parse_chain(g, word)) {
        const Action a = hop_action(g, hop.from, hop.to, word);
        const bool capture = has(s.pieces_[1 - player], g.neighbour(hop.from, a % 4));
        play(a, hop.text);
        if (hop.separator != (capture ? 'x' : '-'))
          fail("jumpers: ", quote(text), ": ", quote(hop.text), " ",
               capture ? "captures; write it with 'x'"
                       : "jumps over an own piece; write it with '-'");
      }
    }
    if (!done.empty()) done += ' ';
    done += word;
  }
  return actions;
}

std::string JumpersState::turn_to_string(const std::vector<Action>& actions) const {
  const Jumpers& g = *game_;
  const int player = player_;
  JumpersState s = *this;
  std::string out;
  int chain_end = -1;  // landing of the last printed hop, while a chain is being written
  for (size_t i = 0; i < actions.size(); ++i) {
    const Action a = actions[i];
    if (s.terminal_ || s.player_ != player)
      fail("jumpers: action ", i, " (id ", a, ") comes after the end of the turn");
    const std::string reason = s.illegal_reason(a);
    if (!reason.empty())
      fail("jumpers: action ", i, " (id ", a, ") of the turn is not legal: ", reason);
    if (g.is_hop(a)) {
      const std::string hop = s.action_to_string(a);  // "from-to" / "fromxto"
      if (chain_end == a / 4)
        out += hop.substr(g.point_name(chain_end).size());
      else
        out += (out.empty() ? "" : " ") + hop;
      chain_end = g.jump_target(a / 4, a % 4);
    } else if (a == g.stop_action()) {
      const bool birth_follows = i + 1 < actions.size() && g.is_birth(actions[i + 1]);
      if (!birth_follows) out += out.empty() ? "stop" : " stop";
      chain_end = -1;
    } else {
      if (!out.empty()) out += ' ';
      out += s.action_to_string(a);
      chain_end = -1;
    }
    s.apply(a);
  }
  return out;
}

}  // namespace hz
