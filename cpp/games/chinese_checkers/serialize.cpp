// State text format (one line): "<board> <mover> <ply> <statuses>", e.g. for the 2-player start
//   "3333333333.....(121 holes in index order)... 0 0 p,p"
// board: 121 characters in hole-index order (row by row from the top, left to right), '.' for an
// empty hole or the owner's digit; mover: the player to move, or '-' when the game is over;
// ply: move_number(); statuses: one per player, comma-separated: 'p' still playing, 'f<k>'
// finished k-th (0 = first), 'o<k>' out k-th (0 = first out).
// Whether the game is over and its returns are recomputed from these fields on reading.
#include <charconv>

#include "core/error.h"
#include "games/chinese_checkers/board.h"
#include "games/chinese_checkers/chinese_checkers.h"

namespace hz {

namespace {

bool read_int(std::string_view text, int* out) {
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string ChineseCheckersState::serialize() const {
  std::string out(cc::kNumHoles, '.');
  for (int h = 0; h < cc::kNumHoles; ++h) {
    const int owner = owner_at(h);
    if (owner >= 0) out[h] = static_cast<char>('0' + owner);
  }
  out += is_terminal() ? std::string(" -") : str_cat(" ", int(current_));
  out += str_cat(" ", move_number_, " ");
  for (int p = 0; p < game_->num_players(); ++p) {
    if (p > 0) out += ',';
    switch (status(p)) {
      case SeatStatus::kPlaying:
        out += 'p';
        break;
      case SeatStatus::kFinished:
        out += str_cat("f", int(order_[p]));
        break;
      case SeatStatus::kOut:
        out += str_cat("o", int(order_[p]));
        break;
    }
  }
  return out;
}

ChineseCheckersState ChineseCheckers::deserialize(std::string_view text) const {
  auto bad = [&](auto&&... why) {
    fail("cannot read chinese_checkers state ", quote(std::string(text)), ": ", why...);
  };
  std::string_view fields[4];
  std::string_view rest = text;
  for (int i = 0; i < 4; ++i) {
    const size_t space = rest.find(' ');
    if ((space == std::string_view::npos) != (i == 3))
      bad("expected 4 space-separated fields: board, mover, ply, statuses");
    fields[i] = rest.substr(0, space);
    if (i < 3) rest = rest.substr(space + 1);
  }
  State s(this);
  const std::string_view holes = fields[0];
  if (holes.size() != cc::kNumHoles)
    bad("the board field has ", holes.size(), " characters, not 121");
  for (int h = 0; h < cc::kNumHoles; ++h) {
    const char c = holes[h];
    if (c == '.') continue;
    if (c < '0' || c >= '0' + players_)
      bad("hole ", h, " holds ", quote(c), "; expected '.' or a player digit 0-", players_ - 1);
    s.place(c - '0', h);
  }
  int ply = 0;
  if (!read_int(fields[2], &ply) || ply < 0 || ply > max_plies_)
    bad("ply ", quote(std::string(fields[2])), " is not an integer in [0, ", max_plies_, "]");
  s.move_number_ = ply;

  std::string_view statuses = fields[3];
  bool finished_seen[kMaxPlayers] = {}, out_seen[kMaxPlayers] = {};
  for (int p = 0; p < players_; ++p) {
    const size_t comma = statuses.find(',');
    if ((comma == std::string_view::npos) != (p == players_ - 1))
      bad("expected ", players_, " comma-separated statuses");
    const std::string_view token = statuses.substr(0, comma);
    if (p < players_ - 1) statuses = statuses.substr(comma + 1);
    int order = 0;
    if (token == "p") {
      s.status_[p] = static_cast<uint8_t>(SeatStatus::kPlaying);
    } else if (token.size() >= 2 && (token[0] == 'f' || token[0] == 'o') &&
               read_int(token.substr(1), &order) && order >= 0 && order < players_) {
      const bool finished = token[0] == 'f';
      bool* seen = finished ? finished_seen : out_seen;
      if (seen[order]) bad("two players share status ", quote(std::string(token)));
      seen[order] = true;
      s.status_[p] = static_cast<uint8_t>(finished ? SeatStatus::kFinished : SeatStatus::kOut);
      s.order_[p] = static_cast<uint8_t>(order);
      (finished ? s.num_finished_ : s.num_out_)++;
    } else {
      bad("status ", quote(std::string(token)), " of player ", p,
          " is not 'p', 'f<k>' or 'o<k>' with k < ", players_);
    }
    const int count = s.pieces_[p].count();
    const int expected = s.status(p) == SeatStatus::kOut ? 0 : pieces_;
    if (count != expected) bad("player ", p, " has ", count, " pieces, not ", expected);
  }
  for (int k = 0; k < s.num_finished_; ++k)
    if (!finished_seen[k]) bad("finishing orders must be 0..", s.num_finished_ - 1);
  for (int k = 0; k < s.num_out_; ++k)
    if (!out_seen[k]) bad("elimination orders must be 0..", s.num_out_ - 1);
  if (!play_to_finish_ && s.num_finished_ > 1)
    bad("without play_to_finish at most one player finishes");

  const int playing = players_ - s.num_finished_ - s.num_out_;
  const bool over = (!play_to_finish_ && s.num_finished_ > 0) || playing < 2 || ply >= max_plies_;
  if (over) {
    if (fields[1] != "-") bad("the game is over here, so the mover must be '-'");
    s.current_ = kTerminalPlayer;
    s.settle_returns();
  } else {
    int mover = 0;
    if (!read_int(fields[1], &mover) || mover < 0 || mover >= players_)
      bad("mover ", quote(std::string(fields[1])), " is not a player 0-", players_ - 1);
    if (s.status(mover) != SeatStatus::kPlaying) bad("player ", mover, " is not playing any more");
    s.current_ = static_cast<int8_t>(mover);
  }
  return s;
}

// The printed board, for people (the state text above is for programs).
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
