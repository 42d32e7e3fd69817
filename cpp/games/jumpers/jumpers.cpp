// Jumpers: variant set-up (geometry tables, reserves, game-length bound), the network's view
// (observation, policy indices, symmetries), hashing and returns. Move generation is in
// movegen.cpp, notation in notation.cpp, the state as text in serialize.cpp.
#include "games/jumpers/jumpers.h"

#include <algorithm>

#include "core/error.h"

namespace hz {

using namespace jumpers;  // NOLINT: this file implements the jumpers:: types

namespace {

// Reserves beside the board per size (rules: Board / Players and start): Red, Turquoise.
void reserves_for(int side, int* red, int* turquoise) {
  switch (side) {
    case 6:
      *red = 12, *turquoise = 13;
      return;
    case 8:
      *red = 20, *turquoise = 20;
      return;
    case 10:
      *red = 30, *turquoise = 31;
      return;
    default:
      fail("jumpers: size must be 6, 8 or 10, got ", side);
  }
}

}  // namespace

Jumpers::Jumpers(const GameOptions& resolved) : options_(resolved) {
  side_ = static_cast<int>(resolved.get_int("size"));
  reserves_for(side_, &initial_reserve_[0], &initial_reserve_[1]);
  points_ = side_ * side_;
  board_mask_ = (static_cast<Bits>(1) << points_) - 1;
  const int dr[4] = {0, 1, 0, -1}, dc[4] = {1, 0, -1, 0};
  for (int d = 0; d < kNumDirs; ++d) offset_[d] = dr[d] * side_ + dc[d];
  auto on_board = [&](int r, int c) { return r >= 0 && r < side_ && c >= 0 && c < side_; };
  for (int p = 0; p < points_; ++p) {
    const int r = p / side_, c = p % side_;
    for (int d = 0; d < kNumDirs; ++d) {
      const bool one = on_board(r + dr[d], c + dc[d]);
      const bool two = on_board(r + 2 * dr[d], c + 2 * dc[d]);
      neighbour_[p][d] = static_cast<int8_t>(one ? p + offset_[d] : -1);
      jump_target_[p][d] = static_cast<int8_t>(two ? p + 2 * offset_[d] : -1);
      if (one) {
        neighbour_mask_[p] |= bit(p + offset_[d]);
        step_sources_[d] |= bit(p);
      }
      if (two) jump_sources_[d] |= bit(p);
    }
    for (int player = 0; player < 2; ++player) piece_key_[player][p] = zobrist_key(1, player, p);
    visited_key_[p] = zobrist_key(2, 0, p);
    moving_key_[p] = zobrist_key(3, 0, p);
  }
  // Upper bound on actions in one game (docs: rules "End"):
  //  - every turn either captures (removes >= 1 piece) or gives birth (takes 1 from a reserve);
  //    births <= R = both reserves, capture turns <= pieces that ever exist = 8 + R, so turns
  //    T <= 8 + 2R (the rules page's "pieces + reserves turns" misses that a birth turn leaves
  //    pieces + reserves unchanged);
  //  - capture hops in the whole game <= 8 + R (each removes a piece); stops and births <= R each;
  //  - own hops in one turn <= (N/2)^2 - 1: a hop keeps the parity of row and column, so the
  //    landings are distinct points of one parity class, start excluded.
  const int reserves = initial_reserve_[0] + initial_reserve_[1];
  const int max_turns = 8 + 2 * reserves;
  const int own_hops_per_turn = (side_ / 2) * (side_ / 2) - 1;
  max_game_length_ = (8 + reserves) + 2 * reserves + max_turns * own_hops_per_turn;
}

Bits Jumpers::transpose_bits(Bits b) const {
  Bits out = 0;
  for_each_point(b, [&](int p) { out |= bit(transpose_point(p)); });
  return out;
}

std::string Jumpers::point_name(int p) const {
  if (p < 0) return "-";
  std::string name(1, static_cast<char>('a' + p % side_));
  name += std::to_string(p / side_ + 1);
  return name;
}

int Jumpers::parse_point(std::string_view text, std::string_view context) const {
  if (text.empty()) fail("jumpers: ", quote(context), ": expected a point like c3, found nothing");
  const char letter = static_cast<char>(text[0] | 0x20);  // ASCII lower case
  if (letter < 'a' || letter > 'z')
    fail("jumpers: ", quote(context), ": ", quote(text),
         " is not a point (a column letter, then a row)");
  const int col = letter - 'a';
  if (col >= side_)
    fail("jumpers: ", quote(context), ": column ", quote(text[0]), " is off the ", side_, "x",
         side_, " board (a..", static_cast<char>('a' + side_ - 1), ")");
  if (text.size() < 2 || text.size() > 3)
    fail("jumpers: ", quote(context), ": ", quote(text),
         " is not a point (a column letter, then a row)");
  int row = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9')
      fail("jumpers: ", quote(context), ": ", quote(text),
           " is not a point (a column letter, then a row)");
    row = row * 10 + (text[i] - '0');
  }
  if (row < 1 || row > side_)
    fail("jumpers: ", quote(context), ": row ", row, " is off the board (1..", side_, ")");
  return (row - 1) * side_ + col;
}

JumpersState Jumpers::initial_state() const {
  JumpersState s(*this);
  const int n = side_;
  s.pieces_[0] = bit(0) | bit(1) | bit(n) | bit(n + 1);
  for (int p : {0, 1, n, n + 1}) s.pieces_[1] |= bit(rotate_point(p));
  s.reserve_[0] = static_cast<int16_t>(initial_reserve_[0]);
  s.reserve_[1] = static_cast<int16_t>(initial_reserve_[1]);
  s.terminal_ = !s.has_complete_turn();
  return s;
}

// --- Symmetries. Canonical-view maps; rotation by 180 degrees commutes with the transpose, so
// the same absolute transpose serves both players in transform_state. ---

void Jumpers::transform_observation(int sym, const float* in, float* out) const {
  HZ_CHECK(sym >= 0 && sym < 2, "jumpers symmetry ", sym);
  for (int plane = 0; plane < kNumPlanes; ++plane) {
    const float* src = in + plane * points_;
    float* dst = out + plane * points_;
    for (int p = 0; p < points_; ++p) dst[sym ? transpose_point(p) : p] = src[p];
  }
}

int Jumpers::transform_policy_index(int sym, int index) const {
  HZ_CHECK(sym >= 0 && sym < 2, "jumpers symmetry ", sym);
  HZ_CHECK(index >= 0 && index < num_actions(), "jumpers policy index ", index);
  if (sym == 0 || index == stop_action()) return index;
  if (is_birth(index)) return birth_action(transpose_point(index - 4 * points_));
  // right(0) <-> up(1), left(2) <-> down(3)
  return transpose_point(index / 4) * 4 + ((index % 4) ^ 1);
}

JumpersState Jumpers::transform_state(const JumpersState& s, int sym) const {
  HZ_CHECK(sym >= 0 && sym < 2, "jumpers symmetry ", sym);
  JumpersState t = s;
  if (sym == 0) return t;
  t.pieces_[0] = transpose_bits(s.pieces_[0]);
  t.pieces_[1] = transpose_bits(s.pieces_[1]);
  t.visited_ = transpose_bits(s.visited_);
  t.moving_ = static_cast<int8_t>(s.moving_ < 0 ? -1 : transpose_point(s.moving_));
  return t;
}

// --- State: returns, network view, hash. ---

void JumpersState::returns(PlayerValues& out) const {
  out.fill(0.0f);
  if (!terminal_) return;
  out[player_] = -1.0f;  // the player to move has no legal turn: it loses
  out[1 - player_] = 1.0f;
}

void JumpersState::observation(float* out) const {
  const Jumpers& g = *game_;
  const int n2 = g.points();
  for (int i = 0; i < kNumPlanes * n2; ++i) out[i] = 0.0f;
  auto view = [&](int p) { return player_ == 0 ? p : g.rotate_point(p); };
  auto mark = [&](int plane, Bits b) {
    for_each_point(b, [&](int p) { out[plane * n2 + view(p)] = 1.0f; });
  };
  mark(0, pieces_[player_]);
  mark(1, pieces_[1 - player_]);
  if (moving_ >= 0) mark(2, bit(moving_));
  mark(3, visited_);
  float* phase_plane = out + (4 + static_cast<int>(phase_)) * n2;
  for (int p = 0; p < n2; ++p) phase_plane[p] = 1.0f;
  const float scale =
      1.0f / static_cast<float>(std::max(g.initial_reserve(0), g.initial_reserve(1)));
  for (int p = 0; p < n2; ++p) {
    out[8 * n2 + p] = reserve_[player_] * scale;
    out[9 * n2 + p] = reserve_[1 - player_] * scale;
  }
}

// Red's view is absolute; Turquoise's rotates points by 180 degrees and directions by two
// (right <-> left, up <-> down). The map is its own inverse.
int JumpersState::policy_index_map(int index) const {
  const Jumpers& g = *game_;
  HZ_CHECK(index >= 0 && index < g.num_actions(), "jumpers action/policy index ", index);
  if (player_ == 0 || index == g.stop_action()) return index;
  if (g.is_birth(index)) return g.birth_action(g.rotate_point(index - 4 * g.points()));
  return g.rotate_point(index / 4) * 4 + (index % 4 + 2) % 4;
}

int JumpersState::policy_index(Action a) const {
  return policy_index_map(a);
}

uint64_t JumpersState::hash() const {
  const Jumpers& g = *game_;
  uint64_t h = zobrist_key(4, static_cast<uint64_t>(player_),
                           static_cast<uint64_t>(phase_) * 2 + (terminal_ ? 1 : 0));
  h ^= zobrist_key(5, static_cast<uint64_t>(reserve_[0]), static_cast<uint64_t>(reserve_[1]));
  for (int player = 0; player < 2; ++player)
    for_each_point(pieces_[player], [&](int p) { h ^= g.piece_key(player, p); });
  for_each_point(visited_, [&](int p) { h ^= g.visited_key(p); });
  if (moving_ >= 0) h ^= g.moving_key(moving_);
  return h;
}

}  // namespace hz
