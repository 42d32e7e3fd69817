// Alquerque: the state as text, the board picture of to_string() and the one-line form of
// serialize() / deserialize() (format in alquerque.h and docs/notation.md, "Alquerque").
#include <charconv>

#include "core/text.h"
#include "games/alquerque/notation.h"

namespace hz {

using namespace alquerque;

namespace {

constexpr int kMaxMoveNumber = 1000000000;  // read limit of moves= in the state text

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
  if (text.empty()) fail(where, ": history= is empty; write history=- for none");
  const std::vector<std::string_view> entries = split(text, ',');
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

namespace {

// Field readers of deserialize; `where` names the whole state text in errors.
std::string_view value_of(std::string_view field, std::string_view key, const std::string& where) {
  if (field.substr(0, key.size()) != key)
    fail(where, ": expected '", key, "...', found ", quote(field));
  return field.substr(key.size());
}

int read_count(std::string_view v, std::string_view what, const std::string& where) {
  int n = 0;
  const auto res = std::from_chars(v.data(), v.data() + v.size(), n);
  if (res.ec != std::errc() || res.ptr != v.data() + v.size() || n < 0)
    fail(where, ": ", what, " ", quote(v), " is not a non-negative integer");
  return n;
}

int read_point(std::string_view v, std::string_view what, const std::string& where) {
  const int p = parse_point(v);
  if (p < 0) fail(where, ": ", what, " ", quote(v), " is not a point ", kPointHelp);
  return p;
}

}  // namespace

void Alquerque::read_board(std::string_view board, std::string_view mover, const std::string& where,
                           State& s) const {
  const std::vector<std::string_view> ranks = split(board, '/');
  if (ranks.size() != kSide) fail(where, ": the board needs 5 ranks joined by '/'");
  for (int r = 0; r < kSide; ++r) {
    if (ranks[r].size() != kSide) fail(where, ": rank ", kSide - r, " needs 5 points");
    for (int c = 0; c < kSide; ++c) {
      const char ch = ranks[r][c];
      if (ch == 'W')
        s.pieces_[0] |= bit(r * kSide + c);
      else if (ch == 'B')
        s.pieces_[1] |= bit(r * kSide + c);
      else if (ch != '.')
        fail(where, ": ", quote(ch), " on the board is not W, B or '.'");
    }
  }
  for (int player = 0; player < 2; ++player)
    if (__builtin_popcount(s.pieces_[player]) > 12)
      fail(where, ": ", player_name(player), " has more than 12 pieces");
  if (mover != "w" && mover != "b") fail(where, ": the mover must be 'w' or 'b'");
  s.to_move_ = mover == "b";
}

void Alquerque::read_chain_and_huff(std::string_view chain_field, std::string_view huff_field,
                                    const std::string& where, State& s) const {
  const int me = s.to_move_;
  const std::string_view chain = value_of(chain_field, "chain=", where);
  if (chain != "-") {
    s.chain_ = static_cast<int8_t>(read_point(chain, "chain piece", where));
    if (!has(s.pieces_[me], s.chain_))
      fail(where, ": the chain piece on ", chain, " is not a ", player_name(me), " piece");
    if (!s.can_jump_from(s.chain_))
      fail(where, ": the chain piece on ", chain, " cannot capture again");
  }
  const std::string_view huff = value_of(huff_field, "huff=", where);
  if (huff == "-") return;
  if (!huffing_) fail(where, ": huffable pieces given, but huffing is off");
  if (s.chain_ >= 0) fail(where, ": huffable pieces given in the middle of a capture chain");
  for (std::string_view h : split(huff, ',')) {
    const int p = read_point(h, "huffable piece", where);
    if (!has(s.pieces_[me ^ 1], p))
      fail(where, ": huffable ", quote(h), " is not a ", player_name(me ^ 1), " piece");
    s.huffable_ |= bit(p);
  }
}

void Alquerque::read_last_steps(std::string_view field, const std::string& where, State& s) const {
  const std::vector<std::string_view> lasts = split(value_of(field, "last=", where), ',');
  if (lasts.size() != 2) fail(where, ": last= needs two entries (White's, Black's)");
  for (int player = 0; player < 2; ++player) {
    if (lasts[player] == "-") continue;
    if (!no_back_and_forth_) fail(where, ": a previous step given, but no_back_and_forth is off");
    const Action a =
        lasts[player].size() == 5 && lasts[player][2] == '-' ? read_action(lasts[player]) : -1;
    if (a < 0) fail(where, ": previous step ", quote(lasts[player]), " is not a step like 'c2-c3'");
    s.last_from_[player] = static_cast<int8_t>(a / kDirs);
    s.last_to_[player] = static_cast<int8_t>(a / kDirs + kDelta[a % kDirs]);
  }
}

void Alquerque::read_counters(std::string_view turns_field, std::string_view moves_field,
                              const std::string& where, State& s) const {
  // Bounds are checked before narrowing: turns=65536 must not wrap to 0.
  const int turns = read_count(value_of(turns_field, "turns=", where), "turns", where);
  if (turns > max_plies_) fail(where, ": turns ", turns, " exceeds max_plies ", max_plies_);
  s.turns_ = static_cast<int16_t>(turns);
  s.move_number_ = read_count(value_of(moves_field, "moves=", where), "moves", where);
  if (s.move_number_ < s.turns_) fail(where, ": fewer moves than turns");
  // A game lasts at most max_game_length() more actions from any position (max_plies bounds the
  // turns), so this cap keeps the 32-bit counter from overflowing in play.
  if (s.move_number_ > kMaxMoveNumber)
    fail(where, ": moves ", s.move_number_, " is above ", kMaxMoveNumber,
         " (no game is that long)");
}

AlquerqueState Alquerque::deserialize(std::string_view text) const {
  const std::vector<std::string_view> fields = split_words(text);
  const std::string where = str_cat("alquerque state ", quote(trim(text)));
  if (fields.size() != 8)
    fail(where,
         ": expected 8 fields (board, mover, chain=, huff=, last=, turns=, moves=, "
         "history=), found ",
         fields.size());
  State s(this);
  read_board(fields[0], fields[1], where, s);
  read_chain_and_huff(fields[2], fields[3], where, s);
  read_last_steps(fields[4], where, s);
  read_counters(fields[5], fields[6], where, s);
  read_history(value_of(fields[7], "history=", where), where, s);
  s.derive_outcome();
  return s;
}

}  // namespace hz
