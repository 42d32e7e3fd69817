// Alquerque: rule tables, the start position, observation, policy indices, symmetries, hashing.
// Notation, to_string and serialization are in notation.cpp.
#include "games/alquerque/alquerque.h"

#include <bit>
#include <cstring>

namespace hz {

using namespace alquerque;

namespace {

// Symmetry k sends (row, col) to (a*row + b*col + e, c*row + d*col + f) about the centre, and
// a direction vector (dr, dc) to (a*dr + b*dc, c*dr + d*dc); see the header for the list.
struct Linear {
  int a, b, c, d;
};
constexpr Linear kSymMatrix[kNumSymmetries] = {
    {1, 0, 0, 1},    // identity
    {1, 0, 0, -1},   // mirror left-right
    {-1, 0, 0, 1},   // mirror up-down
    {-1, 0, 0, -1},  // turn 180
    {0, 1, 1, 0},    // transpose
    {0, -1, -1, 0},  // anti-transpose
    {0, 1, -1, 0},   // (r, c) -> (c, 4 - r)
    {0, -1, 1, 0},   // (r, c) -> (4 - c, r)
};

int direction_of(int dr, int dc) {
  for (int d = 0; d < kDirs; ++d)
    if (kDr[d] == dr && kDc[d] == dc) return d;
  return -1;
}

}  // namespace

Alquerque::Alquerque(const GameOptions& resolved) : options_(resolved) {
  const std::string& diag = resolved.get("diagonals");
  if (diag == "odd")
    diagonals_ = Diagonals::kOdd;
  else if (diag == "even")
    diagonals_ = Diagonals::kEven;
  else if (diag == "none")
    diagonals_ = Diagonals::kNone;
  else
    fail("alquerque: option 'diagonals' cannot be ", quote(diag), "; it must be odd, even or none");
  max_plies_ = static_cast<int>(resolved.get_int("max_plies"));
  if (max_plies_ < 1 || max_plies_ > 10000)
    fail("alquerque: option 'max_plies' must be in [1, 10000], not ", max_plies_);
  repetition_draw_ = resolved.get_bool("repetition_draw");
  if (repetition_draw_ && max_plies_ > kMaxRepetitionPlies)
    fail("alquerque: option 'max_plies' is ", max_plies_, ", but with repetition_draw=true it ",
         "must be at most ", kMaxRepetitionPlies, " (the turns whose positions a state keeps); ",
         "lower max_plies or set repetition_draw=false");
  no_backward_ = resolved.get_bool("no_backward");
  no_back_and_forth_ = resolved.get_bool("no_back_and_forth");
  huffing_ = resolved.get_bool("huffing");
  num_symmetries_ = no_backward_ ? 2 : kNumSymmetries;

  // Lines: orthogonal everywhere; diagonal from the points of the chosen row + col parity
  // (a diagonal keeps that parity, so both ends of a diagonal segment have it).
  auto line = [&](int r, int c, int d) {
    const int r2 = r + kDr[d], c2 = c + kDc[d];
    if (r2 < 0 || r2 >= kSide || c2 < 0 || c2 >= kSide) return false;
    if (kDr[d] == 0 || kDc[d] == 0) return true;
    if (diagonals_ == Diagonals::kNone) return false;
    return ((r + c) & 1) == (diagonals_ == Diagonals::kOdd ? 1 : 0);
  };
  for (int p = 0; p < kPoints; ++p) {
    const int r = row_of(p), c = col_of(p);
    for (int d = 0; d < kDirs; ++d) {
      if (!line(r, c, d)) continue;
      step_from_[d] |= bit(p);
      if (line(r + kDr[d], c + kDc[d], d)) jump_from_[d] |= bit(p);
    }
  }
  // White's forward is -row, Black's +row; no_backward forbids steps the other way.
  for (int player = 0; player < 2; ++player)
    for (int d = 0; d < kDirs; ++d) {
      const bool backward = player == 0 ? kDr[d] > 0 : kDr[d] < 0;
      step_src_[player][d] = no_backward_ && backward ? 0 : step_from_[d];
    }

  for (int s = 0; s < kNumSymmetries; ++s) {
    const Linear m = kSymMatrix[s];
    for (int p = 0; p < kPoints; ++p) {
      const int y = row_of(p) - 2, x = col_of(p) - 2;  // relative to the centre
      sym_point_[s][p] =
          static_cast<int8_t>((m.a * y + m.b * x + 2) * kSide + m.c * y + m.d * x + 2);
    }
    for (int d = 0; d < kDirs; ++d)
      sym_dir_[s][d] = static_cast<int8_t>(
          direction_of(m.a * kDr[d] + m.b * kDc[d], m.c * kDr[d] + m.d * kDc[d]));
  }

  for (int p = 0; p < kPoints; ++p) {
    for (int player = 0; player < 2; ++player) {
      piece_key_[player][p] = zobrist_key(1, player, p);
      last_key_[player][0][p] = zobrist_key(4, player, p);
      last_key_[player][1][p] = zobrist_key(5, player, p);
    }
    chain_key_[p] = zobrist_key(2, p);
    huff_key_[p] = zobrist_key(3, p);
  }
  mover_key_ = zobrist_key(6);
}

AlquerqueState Alquerque::initial_state() const {
  State s(this);
  // White: rows 3 and 4 and (2,3), (2,4); Black: rows 0 and 1 and (2,0), (2,1).
  for (int p = 0; p < kPoints; ++p) {
    const int r = row_of(p), c = col_of(p);
    if (r >= 3 || (r == 2 && c >= 3)) s.pieces_[0] |= bit(p);
    if (r <= 1 || (r == 2 && c <= 1)) s.pieces_[1] |= bit(p);
  }
  if (repetition_draw_) s.history_len_ = 1;  // the start is its own first occurrence
  return s;
}

// ---------------------------------------------------------------------------------------------
// Symmetries.

void Alquerque::transform_observation(int sym, const float* in, float* out) const {
  for (int plane = 0; plane < kNumPlanes; ++plane)
    for (int p = 0; p < kPoints; ++p)
      out[plane * kPoints + sym_point_[sym][p]] = in[plane * kPoints + p];
}

int Alquerque::transform_policy_index(int sym, int index) const {
  if (index < kStop) {
    const int base = index < kJumpBase ? 0 : kJumpBase;
    const int p = (index - base) / kDirs, d = (index - base) % kDirs;
    return base + sym_point_[sym][p] * kDirs + sym_dir_[sym][d];
  }
  if (index == kStop) return kStop;
  return kHuffBase + sym_point_[sym][index - kHuffBase];
}

AlquerqueState Alquerque::transform_state(const State& s, int sym) const {
  // The canonical view turns Black's board by 180 degrees, which commutes with every map of
  // the square about its centre; so the state whose canonical view is the transformed view is
  // the same map applied to the absolute state.
  const int8_t* map = sym_point_[sym];
  auto map_bits = [&](uint32_t b) {
    uint32_t out = 0;
    for (; b; b &= b - 1) out |= bit(map[__builtin_ctz(b)]);
    return out;
  };
  auto map_point = [&](int8_t p) { return p < 0 ? p : map[p]; };
  State t = s;
  for (int player = 0; player < 2; ++player) {
    t.pieces_[player] = map_bits(s.pieces_[player]);
    t.last_from_[player] = map_point(s.last_from_[player]);
    t.last_to_[player] = map_point(s.last_to_[player]);
  }
  t.huffable_ = map_bits(s.huffable_);
  t.chain_ = map_point(s.chain_);
  for (int i = 0; i + 1 < s.history_len_; ++i) {
    const int step = s.history_steps_[i];
    t.history_steps_[i] =
        static_cast<uint8_t>(map[step / kDirs] * kDirs + sym_dir_[sym][step % kDirs]);
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// State: values, observation, policy indices, hash, repetition history.

void AlquerqueState::returns(PlayerValues& out) const {
  out.fill(0.0f);
  if (outcome_ == kWhiteWins) out[0] = 1.0f, out[1] = -1.0f;
  if (outcome_ == kBlackWins) out[0] = -1.0f, out[1] = 1.0f;
}

void AlquerqueState::margins(PlayerValues& out) const {
  // Each side starts with 12 pieces, so the difference is within [-12, 12].
  const float ahead =
      static_cast<float>(std::popcount(pieces_[0]) - std::popcount(pieces_[1])) / 12.0f;
  out.fill(0.0f);
  out[0] = ahead;
  out[1] = -ahead;
}

void AlquerqueState::observation(float* out) const {
  std::memset(out, 0, sizeof(float) * kNumPlanes * kPoints);
  const int me = to_move_, opp = me ^ 1;
  // Black sees the board turned 180 degrees: point p is drawn at 24 - p.
  auto at = [&](int plane, int p) -> float& {
    return out[plane * kPoints + (me == 0 ? p : kPoints - 1 - p)];
  };
  auto fill_bits = [&](int plane, uint32_t b) {
    for (; b; b &= b - 1) at(plane, __builtin_ctz(b)) = 1.0f;
  };
  auto fill_all = [&](int plane, float v) {
    for (int p = 0; p < kPoints; ++p) out[plane * kPoints + p] = v;
  };
  fill_bits(0, pieces_[me]);
  fill_bits(1, pieces_[opp]);
  if (chain_ >= 0) {
    at(2, chain_) = 1.0f;
    fill_all(4, 1.0f);
  }
  fill_bits(3, huffable_);
  fill_all(5, static_cast<float>(turns_) / static_cast<float>(game_->max_plies_));
  if (last_to_[me] >= 0) at(6, last_to_[me]) = 1.0f, at(7, last_from_[me]) = 1.0f;
  if (last_to_[opp] >= 0) at(8, last_to_[opp]) = 1.0f, at(9, last_from_[opp]) = 1.0f;
  fill_all(10, 0.5f * static_cast<float>(repetitions()));
}

Action AlquerqueState::policy_index_map(Action a) const {
  if (to_move_ == 0 || a == kStop) return a;
  if (a >= kHuffBase) return kHuffBase + (kPoints - 1 - (a - kHuffBase));
  const int base = a < kJumpBase ? 0 : kJumpBase;
  const int p = (a - base) / kDirs, d = (a - base) % kDirs;
  return base + (kPoints - 1 - p) * kDirs + (d + 4) % kDirs;
}

int AlquerqueState::policy_index(Action a) const {
  return policy_index_map(a);
}

uint64_t AlquerqueState::hash() const {
  const Alquerque& g = *game_;
  uint64_t h = to_move_ ? g.mover_key_ : 0;
  for (int player = 0; player < 2; ++player) {
    for (uint32_t b = pieces_[player]; b; b &= b - 1) h ^= g.piece_key_[player][__builtin_ctz(b)];
    if (last_to_[player] >= 0)
      h ^= g.last_key_[player][0][last_from_[player]] ^ g.last_key_[player][1][last_to_[player]];
  }
  for (uint32_t b = huffable_; b; b &= b - 1) h ^= g.huff_key_[__builtin_ctz(b)];
  if (chain_ >= 0) h ^= g.chain_key_[chain_];
  // The turn counter decides when max_plies ends the game; the outcome marks a repetition draw
  // (the history itself is not hashed).
  h ^= zobrist_key(7, static_cast<uint64_t>(turns_), static_cast<uint64_t>(outcome_));
  return h;
}

int AlquerqueState::occurrences() const {
  if (history_len_ == 0) return 0;
  // Undo the remembered steps, newest first: the newest was made by the player not to move,
  // and after undoing a step its maker is to move again.
  uint32_t army[2] = {pieces_[0], pieces_[1]};
  int player = to_move_ ^ 1, n = 1;
  for (int i = history_len_ - 2; i >= 0; --i, player ^= 1) {
    const int from = history_steps_[i] / kDirs, to = from + kDelta[history_steps_[i] % kDirs];
    army[player] ^= bit(from) | bit(to);
    n += player == to_move_ && army[0] == pieces_[0] && army[1] == pieces_[1];
  }
  return n;
}

std::vector<uint64_t> AlquerqueState::history_positions() const {
  std::vector<uint64_t> out(static_cast<size_t>(history_len_));
  uint32_t army[2] = {pieces_[0], pieces_[1]};
  int player = to_move_;
  for (int i = history_len_ - 1; i >= 0; --i) {
    out[i] = pack_position(army[0], army[1], player);
    if (i == 0) break;
    player ^= 1;  // the maker of step i - 1
    const int from = history_steps_[i - 1] / kDirs;
    army[player] ^= bit(from) | bit(from + kDelta[history_steps_[i - 1] % kDirs]);
  }
  return out;
}

int AlquerqueState::repetitions() const {
  // The history is empty mid-turn (a jump or a huff cleared it).
  const int n = occurrences();
  return n > 0 ? n - 1 : 0;
}

void AlquerqueState::derive_outcome() {
  const int me = to_move_;
  outcome_ = kOngoing;
  if (pieces_[me ^ 1] == 0) {  // a huff took the last enemy piece
    outcome_ = me == 0 ? kWhiteWins : kBlackWins;
  } else if (pieces_[me] == 0 || !has_legal_action()) {
    outcome_ = me == 0 ? kBlackWins : kWhiteWins;
  } else if (chain_ < 0 && turns_ >= game_->max_plies_) {
    outcome_ = kDraw;
  } else if (chain_ < 0 && game_->repetition_draw_ && occurrences() >= 3) {
    outcome_ = kDraw;
  }
}

}  // namespace hz
