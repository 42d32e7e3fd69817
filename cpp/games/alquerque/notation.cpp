// Alquerque: actions and turns as text, and the reasons an action is illegal. The notation is
// described in alquerque.h and in docs/notation.md ("Alquerque").
#include "games/alquerque/notation.h"

#include "core/text.h"

namespace hz {

namespace alquerque {

const char* player_name(int player) {
  return player == 0 ? "White" : "Black";
}

std::string point_name(int p) {
  return {static_cast<char>('a' + col_of(p)), static_cast<char>('0' + kSide - row_of(p))};
}

int parse_point(std::string_view t) {
  if (t.size() != 2) return -1;
  const char c = static_cast<char>(to_lower(t[0]));
  if (c < 'a' || c > 'e' || t[1] < '1' || t[1] > '5') return -1;
  return (kSide - (t[1] - '0')) * kSide + (c - 'a');
}

namespace {

// The point k segments from p in direction d, or -1 off the board.
int point_along(int p, int d, int k) {
  const int r = row_of(p) + k * kDr[d], c = col_of(p) + k * kDc[d];
  return r < 0 || r >= kSide || c < 0 || c >= kSide ? -1 : r * kSide + c;
}

const char* kActionHelp =
    "write a step 'c2-c3', a capture 'c4xc2', 'stop' (end a capture chain) or 'huff b2'";

}  // namespace

// One atomic action from its text, without checking legality. Throws naming the text.
Action read_action(std::string_view text) {
  auto quoted = [&] { return str_cat(quote(text)); };  // built only for an error
  if (iequals(text, "stop")) return kStop;
  if (text.size() >= 4 && iequals(text.substr(0, 4), "huff")) {
    const std::string_view where = trim(text.substr(4));
    const int p = parse_point(where);
    if (p < 0) fail(quoted(), ": ", quote(where), " is not a point ", kPointHelp);
    return kHuffBase + p;
  }
  if (text.size() != 5 || (text[2] != '-' && text[2] != 'x' && text[2] != 'X'))
    fail(quoted(), " is not an action: ", kActionHelp);
  const int from = parse_point(text.substr(0, 2)), to = parse_point(text.substr(3, 2));
  if (from < 0) fail(quoted(), ": ", quote(text.substr(0, 2)), " is not a point ", kPointHelp);
  if (to < 0) fail(quoted(), ": ", quote(text.substr(3, 2)), " is not a point ", kPointHelp);
  const int dr = row_of(to) - row_of(from), dc = col_of(to) - col_of(from);
  const bool is_step = text[2] == '-';
  const int unit = is_step ? 1 : 2;
  for (int d = 0; d < kDirs; ++d)
    if (dr == unit * kDr[d] && dc == unit * kDc[d])
      return (is_step ? 0 : kJumpBase) + from * kDirs + d;
  for (int d = 0; d < kDirs; ++d) {
    if (is_step && dr == 2 * kDr[d] && dc == 2 * kDc[d])
      fail(quoted(), " moves two points: a capture is written '", text.substr(0, 2), "x",
           text.substr(3, 2), "'");
    if (!is_step && dr == kDr[d] && dc == kDc[d])
      fail(quoted(), " moves one point: a step is written '", text.substr(0, 2), "-",
           text.substr(3, 2), "'");
  }
  if (is_step) fail(quoted(), ": a step goes to a neighbouring point, one segment away");
  fail(quoted(), ": a capture goes straight on over two segments of one line (it never turns)");
}

}  // namespace alquerque

using namespace alquerque;

// ---------------------------------------------------------------------------------------------
// Actions.

std::string AlquerqueState::action_to_string(Action a) const {
  if (a < 0 || a >= kNumActions) return str_cat("action(", a, ")");
  if (a == kStop) return "stop";
  if (a >= kHuffBase) return "huff " + point_name(a - kHuffBase);
  const bool is_step = a < kJumpBase;
  const int p = (a - (is_step ? 0 : kJumpBase)) / kDirs, d = a % kDirs;
  const int to = point_along(p, d, is_step ? 1 : 2);
  if (to < 0) return str_cat(is_step ? "step(" : "jump(", point_name(p), ",", kDirName[d], ")");
  std::string out = point_name(p);
  out += is_step ? '-' : 'x';
  return out += point_name(to);
}

std::string AlquerqueState::illegal_reason(Action a) const {
  if (a < 0 || a >= kNumActions)
    return str_cat("action id ", a, " is out of range [0, ", kNumActions, ")");
  ActionList legal;
  legal_actions(legal);
  if (legal.contains(a)) return "";
  if (is_terminal()) return "the game is over";
  const Alquerque& g = *game_;
  const int me = to_move_;
  const char* who = player_name(me);
  const bool is_jump = a >= kJumpBase && a < kStop;
  const int from = a < kStop ? (a - (is_jump ? kJumpBase : 0)) / kDirs : -1;
  if (chain_ >= 0 && !(is_jump && from == chain_))
    return str_cat("a capture chain is in progress: the piece on ", point_name(chain_),
                   " may capture again, or the chain ends with 'stop'");
  if (a == kStop) return "'stop' ends a capture chain, and none is in progress";
  if (a >= kHuffBase) {
    if (!g.huffing_) return "huffing is off in this variant";
    if (huffable_ == 0)
      return "no piece may be huffed now (only at the start of a turn after "
             "the opponent failed to capture)";
    std::string which;
    for (uint32_t b = huffable_; b; b &= b - 1)
      which += str_cat(which.empty() ? "" : ", ", point_name(__builtin_ctz(b)));
    return str_cat("the piece on ", point_name(a - kHuffBase),
                   " may not be huffed; huffable now: ", which);
  }
  const int d = a % kDirs;
  const uint32_t own = pieces_[me], enemy = pieces_[me ^ 1];
  if (!has(own, from)) return str_cat("there is no ", who, " piece on ", point_name(from));
  const int to = point_along(from, d, is_jump ? 2 : 1);
  if (to < 0) return "it leaves the board";
  if (!is_jump) {
    if (!g.has_line(from, d))
      return str_cat("no line joins ", point_name(from), " and ", point_name(to));
    if (has(own | enemy, to)) return str_cat(point_name(to), " is not empty");
    if (!g.step_direction_allowed(me, d))
      return str_cat(who, " may not step backwards (no_backward)");
    if (from == last_to_[me] && to == last_from_[me])
      return str_cat("the piece on ", point_name(from), " came from ", point_name(to), " on ", who,
                     "'s previous turn (no_back_and_forth)");
    return "not legal here";
  }
  const int over = from + kDelta[d];
  if (!g.has_jump_line(from, d))
    return str_cat("no straight line of two segments joins ", point_name(from), " and ",
                   point_name(to));
  if (!has(enemy, over))
    return str_cat("there is no ", player_name(me ^ 1), " piece on ", point_name(over),
                   " to capture");
  if (has(own | enemy, to)) return str_cat(point_name(to), " is not empty");
  return "not legal here";
}

Action AlquerqueState::parse_action(std::string_view text) const {
  const std::string_view t = trim(text);
  const Action a = read_action(t);
  const std::string why = illegal_reason(a);
  if (why.empty()) return a;
  ActionList legal;
  legal_actions(legal);
  std::string list;
  for (Action b : legal) list += str_cat(list.empty() ? "" : ", ", action_to_string(b));
  fail(quote(t), " is not legal here: ", why, "; legal: ", list.empty() ? "none" : list);
}

// ---------------------------------------------------------------------------------------------
// Turns.

std::string AlquerqueState::turn_to_string(const std::vector<Action>& actions) const {
  AlquerqueState s = *this;
  const int player = s.current_player();
  std::string out;
  bool chain_token = false;  // `out` ends with a chain of jumps that the next jump extends
  for (size_t i = 0; i < actions.size(); ++i) {
    const Action a = actions[i];
    if (s.is_terminal() || s.current_player() != player)
      fail("turn_to_string: action ", i, " (id ", a, ") comes after the end of the turn");
    const std::string why = s.illegal_reason(a);
    if (!why.empty())
      fail("turn_to_string: action ", i, " (", s.action_to_string(a), ") is not legal: ", why);
    const bool is_jump = a >= kJumpBase && a < kStop;
    if (is_jump && chain_token) {
      out += str_cat("x", point_name((a - kJumpBase) / kDirs + 2 * kDelta[a % kDirs]));
    } else if (!(a == kStop && chain_token)) {  // a stop after a written chain is implied
      out += str_cat(out.empty() ? "" : " ", s.action_to_string(a));
    }
    chain_token = is_jump;
    s.apply(a);
  }
  // A chain that may still go on and was not stopped: mark it unfinished.
  if (chain_token && s.chain_point() >= 0 && !s.is_terminal()) out += "...";
  return out;
}

std::vector<Action> AlquerqueState::parse_turn(std::string_view text) const {
  const std::vector<std::string_view> tokens = split_words(text);
  if (tokens.empty()) fail("empty turn text: ", kActionHelp);
  AlquerqueState s = *this;
  const int player = s.current_player();
  std::vector<Action> out;
  auto take = [&](std::string_view action_text) {
    if (s.is_terminal() || s.current_player() != player)
      fail("in turn ", quote(trim(text)), ": ", quote(action_text),
           " comes after the end of the turn");
    Action a;
    try {
      a = s.parse_action(action_text);
    } catch (const Error& e) {
      fail("in turn ", quote(trim(text)), ": ", e.what());
    }
    out.push_back(a);
    s.apply(a);
  };
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::string_view tok = tokens[i];
    if (iequals(tok, "huff")) {
      if (i + 1 == tokens.size()) fail("in turn ", quote(trim(text)), ": 'huff' needs a point");
      take(str_cat("huff ", tokens[++i]));
      continue;
    }
    const bool is_chain = tok.size() >= 5 && (tok[2] == 'x' || tok[2] == 'X');
    if (!is_chain) {
      take(tok);
      continue;
    }
    const bool unfinished = tok.size() > 3 && tok.substr(tok.size() - 3) == "...";
    if (unfinished) tok.remove_suffix(3);
    if ((tok.size() - 2) % 3 != 0)
      fail("in turn ", quote(trim(text)), ": ", quote(tokens[i]),
           " is not a chain of captures like 'd4xd2xb2'");
    for (size_t k = 0; k + 2 < tok.size(); k += 3) take(tok.substr(k, 5));
    const bool chain_open = !s.is_terminal() && s.chain_point() >= 0;
    if (unfinished && !chain_open)
      fail("in turn ", quote(trim(text)), ": ", quote(tokens[i]),
           " marks the chain unfinished, but the piece cannot capture again");
    // The chain ends the turn: when the piece could go on, the stop is implied.
    if (!unfinished && chain_open && i + 1 == tokens.size()) {
      out.push_back(kStop);
      s.apply(kStop);
    }
  }
  return out;
}

}  // namespace hz
