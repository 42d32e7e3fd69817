// Alquerque: text in and out: the board picture, action and turn notation, the reasons an
// action is illegal, serialization. The notation is described in alquerque.h and in
// docs/notation.md ("Alquerque").
#include <cctype>
#include <charconv>

#include "games/alquerque/alquerque.h"

namespace hz {

using namespace alquerque;

namespace {

const char* player_name(int player) {
  return player == 0 ? "White" : "Black";
}

std::string point_name(int p) {
  return {static_cast<char>('a' + col_of(p)), static_cast<char>('0' + kSide - row_of(p))};
}

// "c3" (any case) -> point index; -1 if the text is not a point.
int parse_point(std::string_view t) {
  if (t.size() != 2) return -1;
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(t[0])));
  if (c < 'a' || c > 'e' || t[1] < '1' || t[1] > '5') return -1;
  return (kSide - (t[1] - '0')) * kSide + (c - 'a');
}

std::string_view trim(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  return t;
}

std::vector<std::string_view> split(std::string_view t, char sep_or_space) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < t.size()) {
    const bool space = sep_or_space == ' ';
    auto is_sep = [&](char ch) {
      return space ? std::isspace(static_cast<unsigned char>(ch)) != 0 : ch == sep_or_space;
    };
    if (space && is_sep(t[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < t.size() && !is_sep(t[j])) ++j;
    out.push_back(t.substr(i, j - i));
    i = space ? j : j + 1;
  }
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// The point k segments from p in direction d, or -1 off the board.
int point_along(int p, int d, int k) {
  const int r = row_of(p) + k * kDr[d], c = col_of(p) + k * kDc[d];
  return r < 0 || r >= kSide || c < 0 || c >= kSide ? -1 : r * kSide + c;
}

constexpr int kMaxMoveNumber = 1000000000;  // read limit of moves= in the state text

const char* kPointHelp = "(a point is a column a-e and a rank 1-5, like c3)";
const char* kActionHelp =
    "write a step 'c2-c3', a capture 'c4xc2', 'stop' (end a capture chain) or 'huff b2'";

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

// The step id that leads from turn-start position `a` to `b` (packed as in pack_position), or
// -1 if none does: b's mover is a's opponent, and a's mover moved one piece along a line in a
// direction a remembered step can take (with no_backward only sideways: forward steps clear the
// history and backward ones are not allowed).
int step_between(const Alquerque& g, uint64_t a, uint64_t b) {
  const int mover = static_cast<int>(a >> (2 * kPoints));
  if (static_cast<int>(b >> (2 * kPoints)) != (mover ^ 1)) return -1;
  auto army = [](uint64_t v, int player) {
    return static_cast<uint32_t>(v >> (player * kPoints)) & kBoardMask;
  };
  if (army(a, mover ^ 1) != army(b, mover ^ 1)) return -1;
  const uint32_t gone = army(a, mover) & ~army(b, mover), came = army(b, mover) & ~army(a, mover);
  if (__builtin_popcount(gone) != 1 || __builtin_popcount(came) != 1) return -1;
  const int from = __builtin_ctz(gone), to = __builtin_ctz(came);
  for (int d = 0; d < kDirs; ++d)
    if (g.has_line(from, d) && from + kDelta[d] == to && (!g.no_backward() || kDr[d] == 0))
      return from * kDirs + d;
  return -1;
}

}  // namespace

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

std::string AlquerqueState::why_illegal(Action a) const {
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
  const std::string why = why_illegal(a);
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
    const std::string why = s.why_illegal(a);
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
  const std::vector<std::string_view> tokens = split(text, ' ');
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

// ---------------------------------------------------------------------------------------------
// Board picture and serialization.

std::string AlquerqueState::to_string() const {
  const Alquerque& g = *game_;
  auto piece = [&](int p) { return has(pieces_[0], p) ? 'W' : has(pieces_[1], p) ? 'B' : '.'; };
  std::string out;
  for (int r = 0; r < kSide; ++r) {
    out += static_cast<char>('0' + kSide - r);
    out += ' ';
    for (int c = 0; c < kSide; ++c) {
      out += piece(r * kSide + c);
      if (c + 1 < kSide) out += " - ";
    }
    out += '\n';
    if (r + 1 == kSide) break;
    out += "  ";
    for (int c = 0; c < kSide; ++c) {
      out += '|';
      if (c + 1 == kSide) break;
      const bool back = g.has_line(r * kSide + c, 3);     // SE from (r, c)
      const bool fwd = g.has_line(r * kSide + c + 1, 5);  // SW from (r, c + 1)
      out += back && fwd ? " X " : back ? " \\ " : fwd ? " / " : "   ";
    }
    out += '\n';
  }
  out += "  a   b   c   d   e\n";
  if (outcome_ == kWhiteWins) out += "White has won";
  if (outcome_ == kBlackWins) out += "Black has won";
  if (outcome_ == kDraw) out += "Drawn";
  if (outcome_ == kOngoing) out += str_cat(player_name(to_move_), " to move");
  out += str_cat(", ", turns_, " turns played");
  if (chain_ >= 0) out += str_cat("; capture chain: the piece on ", point_name(chain_));
  if (huffable_) {
    out += "; may huff:";
    for (uint32_t b = huffable_; b; b &= b - 1) out += str_cat(" ", point_name(__builtin_ctz(b)));
  }
  const int reps = repetitions();
  if (reps > 0) out += str_cat("; position seen ", reps, " time(s) before");
  return out + "\n";
}

std::string AlquerqueState::serialize() const {
  std::string out;
  for (int p = 0; p < kPoints; ++p) {
    if (p > 0 && p % kSide == 0) out += '/';
    out += has(pieces_[0], p) ? 'W' : has(pieces_[1], p) ? 'B' : '.';
  }
  out += to_move_ ? " b" : " w";
  out += " chain=";
  out += chain_ < 0 ? std::string("-") : point_name(chain_);
  std::string huff;
  for (uint32_t b = huffable_; b; b &= b - 1) {
    if (!huff.empty()) huff += ',';
    huff += point_name(__builtin_ctz(b));
  }
  out += " huff=";
  out += huff.empty() ? std::string("-") : huff;
  out += " last=";
  for (int player = 0; player < 2; ++player) {
    if (player) out += ',';
    out += last_to_[player] < 0
               ? std::string("-")
               : point_name(last_from_[player]) + '-' + point_name(last_to_[player]);
  }
  out += " turns=";
  out += std::to_string(turns_);
  out += " moves=";
  out += std::to_string(move_number_);
  out += " history=";
  if (history_len_ == 0) out += '-';
  const std::vector<uint64_t> history = history_positions();
  for (size_t i = 0; i < history.size(); ++i) {
    char buf[24];
    const auto res = std::to_chars(buf, buf + sizeof(buf), history[i], 16);
    if (i) out += ',';
    out.append(buf, res.ptr);
  }
  return out;
}

void Alquerque::read_history(std::string_view text, const std::string& where, State& s) const {
  if (text == "-") return;
  if (!repetition_draw_) fail(where, ": a history given, but repetition_draw is off");
  if (s.chain_ >= 0) fail(where, ": a history given in the middle of a capture chain");
  const std::vector<std::string_view> entries = split(text, ',');
  if (entries.empty()) fail(where, ": history= is empty; write history=- for none");
  // Also keeps the steps within history_steps_: turns <= max_plies <= kMaxRepetitionPlies.
  if (entries.size() > static_cast<size_t>(s.turns_) + 1)
    fail(where, ": ", entries.size(), " history entries, more than turns + 1 = ", s.turns_ + 1,
         " turn starts");
  uint64_t previous = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string_view e = entries[i];
    uint64_t v = 0;
    const auto res = std::from_chars(e.data(), e.data() + e.size(), v, 16);
    if (res.ec != std::errc() || res.ptr != e.data() + e.size() || (v >> (2 * kPoints + 1)) ||
        (v & (v >> kPoints) & kBoardMask))
      fail(where, ": history entry ", quote(e), " is not a packed position");
    if (i > 0) {
      const int step = step_between(*this, previous, v);
      if (step < 0)
        fail(where, ": history entries ", i, " and ", i + 1, " (", quote(entries[i - 1]), ", ",
             quote(e), ") are not one step apart");
      s.history_steps_[i - 1] = static_cast<uint8_t>(step);
    }
    previous = v;
  }
  if (previous != pack_position(s.pieces_[0], s.pieces_[1], s.to_move_))
    fail(where, ": the last history entry ", quote(entries.back()),
         " is not the position itself (board and mover)");
  s.history_len_ = static_cast<int16_t>(entries.size());
}

AlquerqueState Alquerque::deserialize(std::string_view text) const {
  const std::vector<std::string_view> fields = split(text, ' ');
  auto quoted = [&] { return str_cat("alquerque state ", quote(trim(text))); };
  if (fields.size() != 8)
    fail(quoted(),
         ": expected 8 fields (board, mover, chain=, huff=, last=, turns=, moves=, "
         "history=), found ",
         fields.size());
  State s(this);
  const std::vector<std::string_view> ranks = split(fields[0], '/');
  if (ranks.size() != kSide) fail(quoted(), ": the board needs 5 ranks joined by '/'");
  for (int r = 0; r < kSide; ++r) {
    if (ranks[r].size() != kSide) fail(quoted(), ": rank ", kSide - r, " needs 5 points");
    for (int c = 0; c < kSide; ++c) {
      const char ch = ranks[r][c];
      if (ch == 'W')
        s.pieces_[0] |= bit(r * kSide + c);
      else if (ch == 'B')
        s.pieces_[1] |= bit(r * kSide + c);
      else if (ch != '.')
        fail(quoted(), ": ", quote(ch), " on the board is not W, B or '.'");
    }
  }
  for (int player = 0; player < 2; ++player)
    if (__builtin_popcount(s.pieces_[player]) > 12)
      fail(quoted(), ": ", player_name(player), " has more than 12 pieces");
  if (fields[1] != "w" && fields[1] != "b") fail(quoted(), ": the mover must be 'w' or 'b'");
  s.to_move_ = fields[1] == "b";
  const int me = s.to_move_;
  auto value_of = [&](std::string_view field, std::string_view key) {
    if (field.substr(0, key.size()) != key)
      fail(quoted(), ": expected '", key, "...', found ", quote(field));
    return field.substr(key.size());
  };
  auto number = [&](std::string_view v, std::string_view what) {
    int n = 0;
    const auto res = std::from_chars(v.data(), v.data() + v.size(), n);
    if (res.ec != std::errc() || res.ptr != v.data() + v.size() || n < 0)
      fail(quoted(), ": ", what, " ", quote(v), " is not a non-negative integer");
    return n;
  };
  auto point = [&](std::string_view v, std::string_view what) {
    const int p = parse_point(v);
    if (p < 0) fail(quoted(), ": ", what, " ", quote(v), " is not a point ", kPointHelp);
    return p;
  };

  const std::string_view chain = value_of(fields[2], "chain=");
  if (chain != "-") {
    s.chain_ = static_cast<int8_t>(point(chain, "chain piece"));
    if (!has(s.pieces_[me], s.chain_))
      fail(quoted(), ": the chain piece on ", chain, " is not a ", player_name(me), " piece");
    if (!s.can_jump_from(s.chain_))
      fail(quoted(), ": the chain piece on ", chain, " cannot capture again");
  }
  const std::string_view huff = value_of(fields[3], "huff=");
  if (huff != "-") {
    if (!huffing_) fail(quoted(), ": huffable pieces given, but huffing is off");
    if (s.chain_ >= 0) fail(quoted(), ": huffable pieces given in the middle of a capture chain");
    for (std::string_view h : split(huff, ',')) {
      const int p = point(h, "huffable piece");
      if (!has(s.pieces_[me ^ 1], p))
        fail(quoted(), ": huffable ", quote(h), " is not a ", player_name(me ^ 1), " piece");
      s.huffable_ |= bit(p);
    }
  }
  const std::vector<std::string_view> lasts = split(value_of(fields[4], "last="), ',');
  if (lasts.size() != 2) fail(quoted(), ": last= needs two entries (White's, Black's)");
  for (int player = 0; player < 2; ++player) {
    if (lasts[player] == "-") continue;
    if (!no_back_and_forth_)
      fail(quoted(), ": a previous step given, but no_back_and_forth is off");
    const Action a =
        lasts[player].size() == 5 && lasts[player][2] == '-' ? read_action(lasts[player]) : -1;
    if (a < 0)
      fail(quoted(), ": previous step ", quote(lasts[player]), " is not a step like 'c2-c3'");
    s.last_from_[player] = static_cast<int8_t>(a / kDirs);
    s.last_to_[player] = static_cast<int8_t>(a / kDirs + kDelta[a % kDirs]);
  }
  // Bounds are checked before narrowing: turns=65536 must not wrap to 0.
  const int turns = number(value_of(fields[5], "turns="), "turns");
  if (turns > max_plies_) fail(quoted(), ": turns ", turns, " exceeds max_plies ", max_plies_);
  s.turns_ = static_cast<int16_t>(turns);
  s.move_number_ = number(value_of(fields[6], "moves="), "moves");
  if (s.move_number_ < s.turns_) fail(quoted(), ": fewer moves than turns");
  // A game lasts at most max_game_length() more actions from any position (max_plies bounds the
  // turns), so this cap keeps the 32-bit counter from overflowing in play.
  if (s.move_number_ > kMaxMoveNumber)
    fail(quoted(), ": moves ", s.move_number_, " is above ", kMaxMoveNumber,
         " (no game is that long)");
  read_history(value_of(fields[7], "history="), quoted(), s);
  s.derive_outcome();
  return s;
}

}  // namespace hz
