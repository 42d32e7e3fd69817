// ChineseCheckersState: moves, turn order, the end of the game, hash and the canonical view.
// See chinese_checkers.h for the rules as implemented.
#include <algorithm>
#include <cmath>

#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/movegen.h"
#include "games/chinese_checkers/scoring.h"

namespace hz {

using cc::board;
using cc::kGridCells;
using cc::kNumHoles;

namespace {

struct ZobristTable {
  uint64_t piece[kMaxPlayers][kNumHoles];
};

const ZobristTable& zobrist() {
  static const ZobristTable table = [] {
    ZobristTable z{};
    for (int p = 0; p < kMaxPlayers; ++p)
      for (int h = 0; h < kNumHoles; ++h) z.piece[p][h] = zobrist_key(0xCC01, p, h);
    return z;
  }();
  return table;
}

}  // namespace

void ChineseCheckersState::place(int player, int hole) {
  pieces_[player].set(hole);
  occupied_.set(hole);
  piece_hash_ ^= zobrist().piece[player][hole];
}

void ChineseCheckersState::remove(int player, int hole) {
  pieces_[player].reset(hole);
  occupied_.reset(hole);
  piece_hash_ ^= zobrist().piece[player][hole];
}

int ChineseCheckersState::owner_at(int hole) const {
  for (int p = 0; p < game_->num_players(); ++p)
    if (pieces_[p].test(hole)) return p;
  return -1;
}

bool ChineseCheckersState::goal_complete(int player) const {
  const cc::HoleSet& goal = game_->goal(player);
  if (game_->goal_rule() == GoalRule::kAllOwn)
    return pieces_[player].any() && goal.contains_all(pieces_[player]);
  return occupied_.contains_all(goal) && (goal & pieces_[player]).any();
}

void ChineseCheckersState::legal_actions(ActionList& out) const {
  out.clear();
  if (is_terminal()) return;
  const int p = current_;
  cc::for_each_move(pieces_[p], occupied_, game_->goal(p), [&out](int from, int to) {
    out.push_back(ChineseCheckers::move_action(from, to));
  });
  if (out.empty()) out.push_back(ChineseCheckers::kPass);
}

void ChineseCheckersState::apply(Action a) {
  const int p = current_;
  if (a == ChineseCheckers::kPass) {
    // A player whose goal is already complete finishes below rather than going out.
    if (game_->no_move_loses() && !goal_complete(p)) {
      const cc::HoleSet gone = pieces_[p];
      gone.for_each([&](int h) { remove(p, h); });
      status_[p] = static_cast<uint8_t>(SeatStatus::kOut);
      order_[p] = num_out_++;
    }
  } else {
    remove(p, ChineseCheckers::action_from(a));
    place(p, ChineseCheckers::action_to(a));
  }
  ++move_number_;
  end_turn(p);
}

int ChineseCheckersState::next_playing_after(int player) const {
  const int n = game_->num_players();
  for (int k = 1; k <= n; ++k) {
    const int q = (player + k) % n;
    if (status_[q] == static_cast<uint8_t>(SeatStatus::kPlaying)) return q;
  }
  return kTerminalPlayer;
}

void ChineseCheckersState::end_turn(int mover) {
  // Under the fill rule any move can complete any goal, so every player still playing is
  // checked: the mover first, then the others in turn order. Without play_to_finish the first
  // one found is the winner.
  const int n = game_->num_players();
  for (int k = 0; k < n; ++k) {
    const int p = (mover + k) % n;
    if (status_[p] != static_cast<uint8_t>(SeatStatus::kPlaying) || !goal_complete(p)) continue;
    status_[p] = static_cast<uint8_t>(SeatStatus::kFinished);
    order_[p] = num_finished_++;
    if (!game_->play_to_finish()) break;
  }
  const int playing = game_->num_players() - num_finished_ - num_out_;
  const bool over = (!game_->play_to_finish() && num_finished_ > 0) || playing < 2 ||
                    move_number_ >= game_->max_plies();
  if (over) {
    current_ = kTerminalPlayer;
    settle_returns();
  } else {
    current_ = static_cast<int8_t>(next_playing_after(mover));
  }
}

void ChineseCheckersState::settle_returns() {
  const int n = game_->num_players();
  const int playing = n - num_finished_ - num_out_;
  int winner = -1;
  if (!game_->play_to_finish()) {
    for (int p = 0; p < n; ++p)
      if (status_[p] == static_cast<uint8_t>(SeatStatus::kFinished)) winner = p;
    if (winner < 0 && playing == 1) winner = next_playing_after(n - 1);  // last one standing
  }
  if (winner >= 0) {
    returns_.fill(0.0f);
    for (int p = 0; p < n; ++p) returns_[p] = p == winner ? 1.0f : -1.0f / (n - 1);
    return;
  }
  // Finished players by finishing order, then those still playing by remaining distance, then
  // those out, the latest out first.
  int rank_class[kMaxPlayers], rank_key[kMaxPlayers];
  for (int p = 0; p < n; ++p) {
    switch (static_cast<SeatStatus>(status_[p])) {
      case SeatStatus::kFinished:
        rank_class[p] = 0, rank_key[p] = order_[p];
        break;
      case SeatStatus::kPlaying:
        rank_class[p] = 1;
        rank_key[p] = cc::remaining_distance(pieces_[p], game_->goal(p));
        break;
      case SeatStatus::kOut:
        rank_class[p] = 2, rank_key[p] = -order_[p];
        break;
    }
  }
  cc::returns_from_ranking(n, rank_class, rank_key, returns_);
}

void ChineseCheckersState::returns(PlayerValues& out) const {
  out = returns_;
}

void ChineseCheckersState::margins(PlayerValues& out) const {
  const int n = game_->num_players();
  // Every seat's home is its goal turned half way round the board, so D is the same for all.
  const float start = static_cast<float>(cc::remaining_distance(game_->home(0), game_->goal(0)));
  float distance[kMaxPlayers] = {}, total = 0.0f;
  for (int p = 0; p < n; ++p) {
    distance[p] = status_[p] == static_cast<uint8_t>(SeatStatus::kOut)
                      ? start
                      : static_cast<float>(cc::remaining_distance(pieces_[p], game_->goal(p)));
    total += distance[p];
  }
  out.fill(0.0f);
  float largest = 1.0f;
  for (int p = 0; p < n; ++p) {
    out[p] = ((total - distance[p]) / (n - 1) - distance[p]) / start;
    largest = std::max(largest, std::fabs(out[p]));
  }
  for (int p = 0; p < n; ++p) out[p] /= largest;  // one common scale keeps the sum at zero
}

uint64_t ChineseCheckersState::hash() const {
  uint64_t h = piece_hash_ ^ zobrist_key(0xCC02, static_cast<uint64_t>(current_ + 1)) ^
               zobrist_key(0xCC03, static_cast<uint64_t>(move_number_));
  for (int p = 0; p < game_->num_players(); ++p)
    if (status_[p] != 0) h ^= zobrist_key(0xCC04 + p, status_[p], order_[p]);
  return h;
}

void ChineseCheckersState::observation(float* out) const {
  const ChineseCheckers& g = *game_;
  const int n = g.num_players();
  const int mover = is_terminal() ? 0 : current_;
  const cc::BoardTables& t = board();
  const auto& view = t.rotate[g.canonical_rotation(mover)];
  std::fill(out, out + g.observation_shape().size(), 0.0f);
  auto mark = [&](int plane, const cc::HoleSet& holes, float value) {
    float* dst = out + plane * kGridCells;
    holes.for_each([&](int h) { dst[t.grid_cell[view[h]]] = value; });
  };
  const cc::HoleSet all = cc::HoleSet::all();
  for (int seat = 0; seat < n; ++seat) {
    const int q = (mover + seat) % n;
    mark(seat, pieces_[q], 1.0f);
    mark(n + seat, g.goal(q), 1.0f);
    if (status_[q] == static_cast<uint8_t>(SeatStatus::kPlaying)) mark(2 * n + 1 + seat, all, 1.0f);
  }
  mark(2 * n, all, 1.0f);
  mark(3 * n + 1, all, std::min(1.0f, static_cast<float>(move_number_) / g.max_plies()));
}

int ChineseCheckersState::policy_index(Action a) const {
  if (a == ChineseCheckers::kPass) return a;
  const auto& view = board().rotate[game_->canonical_rotation(is_terminal() ? 0 : current_)];
  return ChineseCheckers::move_action(view[ChineseCheckers::action_from(a)],
                                      view[ChineseCheckers::action_to(a)]);
}

Action ChineseCheckersState::action_from_policy_index(int index) const {
  if (index == ChineseCheckers::kPass) return index;
  const int k = game_->canonical_rotation(is_terminal() ? 0 : current_);
  const auto& back = board().rotate[(cc::kNumTriangles - k) % cc::kNumTriangles];
  return ChineseCheckers::move_action(back[ChineseCheckers::action_from(index)],
                                      back[ChineseCheckers::action_to(index)]);
}

}  // namespace hz
