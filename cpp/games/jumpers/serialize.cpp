// Jumpers states as text: serialize / deserialize (format in jumpers.h) and the human-readable
// board of to_string(). Not hot paths.
#include <sstream>

#include "core/error.h"
#include "core/text.h"
#include "games/jumpers/jumpers.h"

namespace hz {

using namespace jumpers;  // NOLINT: this file implements the jumpers:: types

namespace {

const char* const kPhaseNames[4] = {"start", "capture", "jump", "birth"};
const char* const kPlayerNames[2] = {"Red", "Turquoise"};

long parse_count(std::string_view field, const char* what, long max, std::string_view text) {
  if (field.empty() || field.size() > 10)  // ten digits fit a long; `max` bounds the value
    fail("jumpers state ", quote(text), ": ", what, " ", quote(field), " is not a number");
  long v = 0;
  for (char c : field) {
    if (c < '0' || c > '9')
      fail("jumpers state ", quote(text), ": ", what, " ", quote(field), " is not a number");
    v = v * 10 + (c - '0');
  }
  if (v > max) fail("jumpers state ", quote(text), ": ", what, " ", v, " is above ", max);
  return v;
}

}  // namespace

std::string JumpersState::serialize() const {
  const Jumpers& g = *game_;
  const int n = g.side();
  std::string out;
  for (int r = n - 1; r >= 0; --r) {
    for (int c = 0; c < n; ++c) {
      const int p = r * n + c;
      out += has(pieces_[0], p) ? 'r' : has(pieces_[1], p) ? 't' : '.';
    }
    out += r > 0 ? '/' : ' ';
  }
  out += player_ == 0 ? "r " : "t ";
  out += std::to_string(reserve_[0]) + " " + std::to_string(reserve_[1]) + " ";
  out += kPhaseNames[static_cast<int>(phase_)];
  out += ' ';
  out += g.point_name(moving_);
  out += ' ';
  if (!visited_) out += "-";
  bool first = true;
  for_each_point(visited_, [&](int p) {
    if (!first) out += ',';
    out += g.point_name(p);
    first = false;
  });
  out += ' ';
  out += std::to_string(move_number_);
  return out;
}

JumpersState Jumpers::deserialize(std::string_view text) const {
  const std::vector<std::string_view> fields = split(text, ' ');
  if (fields.size() != 8)
    fail("jumpers state ", quote(text), ": expected 8 space-separated fields (board, player, two ",
         "reserves, phase, moving piece, visited points, move number), found ", fields.size());
  JumpersState s(*this);
  const std::vector<std::string_view> rows = split(fields[0], '/');
  if (static_cast<int>(rows.size()) != side_)
    fail("jumpers state ", quote(text), ": the board has ", rows.size(), " rows, expected ", side_);
  for (int i = 0; i < side_; ++i) {
    const int r = side_ - 1 - i;
    if (static_cast<int>(rows[i].size()) != side_)
      fail("jumpers state ", quote(text), ": row ", r + 1, " has ", rows[i].size(),
           " points, expected ", side_);
    for (int c = 0; c < side_; ++c) {
      const char ch = rows[i][c];
      if (ch == 'r')
        s.pieces_[0] |= bit(r * side_ + c);
      else if (ch == 't')
        s.pieces_[1] |= bit(r * side_ + c);
      else if (ch != '.')
        fail("jumpers state ", quote(text), ": ", quote(ch), " at ", point_name(r * side_ + c),
             " is not r, t or .");
    }
  }
  if (fields[1] != "r" && fields[1] != "t")
    fail("jumpers state ", quote(text), ": player to move ", quote(fields[1]), " is not r or t");
  s.player_ = fields[1] == "r" ? 0 : 1;
  s.reserve_[0] = static_cast<int16_t>(parse_count(fields[2], "Red reserve", 999, text));
  s.reserve_[1] = static_cast<int16_t>(parse_count(fields[3], "Turquoise reserve", 999, text));
  int phase = -1;
  for (int i = 0; i < 4; ++i)
    if (fields[4] == kPhaseNames[i]) phase = i;
  if (phase < 0)
    fail("jumpers state ", quote(text), ": phase ", quote(fields[4]),
         " is not start, capture, jump or birth");
  s.phase_ = static_cast<Phase>(phase);
  s.moving_ = static_cast<int8_t>(fields[5] == "-" ? -1 : parse_point(fields[5], text));
  if (fields[6] != "-")
    for (std::string_view name : split(fields[6], ',')) s.visited_ |= bit(parse_point(name, text));
  s.move_number_ = static_cast<int32_t>(parse_count(fields[7], "move number", 1000000000, text));
  s.check_consistent();
  if (s.phase_ == Phase::kStart) s.terminal_ = !s.has_complete_turn();
  return s;
}

// A deserialized mid-turn state must be one that play can reach and continue from.
void JumpersState::check_consistent() const {
  const Jumpers& g = *game_;
  const std::string where = "jumpers state '" + serialize() + "': ";
  const Bits own = pieces_[player_], enemy = pieces_[1 - player_];
  const Bits free_all = g.board_mask() & ~(own | enemy);
  if (phase_ == Phase::kStart) {
    if (moving_ >= 0 || visited_)
      fail(where, "at the start of a turn there is no moving piece ", "and no visited point");
    return;
  }
  if (moving_ < 0)
    fail(where, "phase ", kPhaseNames[static_cast<int>(phase_)], " needs a moving piece");
  if (!has(own, moving_))
    fail(where, "the moving piece's point ", g.point_name(moving_), " holds no ",
         kPlayerNames[player_], " piece");
  if (!has(visited_, moving_))
    fail(where, "the visited points must include the moving piece's point");
  for_each_point(visited_ & ~bit(moving_), [&](int p) {
    if (!has(free_all, p)) fail(where, "visited point ", g.point_name(p), " is occupied");
  });
  const bool capture = can_capture_from(moving_, enemy, free_all);
  if (phase_ == Phase::kCapture && !capture)
    fail(where, "the moving piece on ", g.point_name(moving_), " has no capture to continue");
  if (phase_ == Phase::kJump) {
    if (capture)
      fail(where, "the jumping piece on ", g.point_name(moving_),
           " can capture, so the phase must be capture");
    Jumpers::ActionList actions;
    legal_actions(actions);
    if (actions.empty())
      fail(where, "the jump chain of ", g.point_name(moving_),
           " can reach neither a capture nor a birth");
  }
  if (phase_ == Phase::kBirth && (reserve_[player_] == 0 || !(g.neighbours(moving_) & free_all)))
    fail(where, "no birth is possible next to ", g.point_name(moving_));
}

std::string JumpersState::to_string() const {
  const Jumpers& g = *game_;
  const int n = g.side();
  std::ostringstream out;
  out << "jumpers " << n << "x" << n << ": ";
  if (terminal_)
    out << kPlayerNames[player_] << " has no legal turn; " << kPlayerNames[1 - player_] << " wins";
  else
    out << kPlayerNames[player_] << " to move";
  switch (phase_) {
    case Phase::kStart:
      break;
    case Phase::kCapture:
      out << ", capture chain of " << g.point_name(moving_);
      break;
    case Phase::kJump:
      out << ", own-jump chain of " << g.point_name(moving_);
      break;
    case Phase::kBirth:
      out << ", birth next to " << g.point_name(moving_);
      break;
  }
  if (visited_) {
    out << " (visited";
    for_each_point(visited_, [&](int p) { out << " " << g.point_name(p); });
    out << ")";
  }
  out << "; reserves Red " << reserve_[0] << ", Turquoise " << reserve_[1] << "\n";
  for (int r = n - 1; r >= 0; --r) {
    out << (r + 1 < 10 ? " " : "") << r + 1;
    for (int c = 0; c < n; ++c) {
      const int p = r * n + c;
      out << ' ' << (has(pieces_[0], p) ? 'R' : has(pieces_[1], p) ? 'T' : '.');
    }
    out << "\n";
  }
  out << "  ";
  for (int c = 0; c < n; ++c) out << ' ' << static_cast<char>('a' + c);
  out << "\n";
  return out.str();
}

}  // namespace hz
