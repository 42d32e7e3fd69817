// ChineseCheckers: the variant (options, seats, regions), the start position and the symmetry
// maps. See chinese_checkers.h.
#include <algorithm>

#include "core/error.h"
#include "games/chinese_checkers/chinese_checkers.h"

namespace hz {

using cc::board;
using cc::kGridCells;
using cc::kNumHoles;

namespace {
// Clockwise seat triangles per player count (board.h numbering: 0 = bottom, clockwise).
const int* seat_triangles(int players) {
  static const int two[] = {0, 3}, three[] = {0, 2, 4}, four[] = {0, 1, 3, 4},
                   six[] = {0, 1, 2, 3, 4, 5};
  switch (players) {
    case 2:
      return two;
    case 3:
      return three;
    case 4:
      return four;
    case 6:
      return six;
  }
  fail("chinese_checkers: option players must be 2, 3, 4 or 6, not ", players);
}
}  // namespace

ChineseCheckers::ChineseCheckers(const GameOptions& resolved) : options_(resolved) {
  players_ = static_cast<int>(resolved.get_int("players"));
  pieces_ = static_cast<int>(resolved.get_int("pieces"));
  no_move_loses_ = resolved.get_bool("no_move_loses");
  play_to_finish_ = resolved.get_bool("play_to_finish");
  const long plies = resolved.get_int("max_plies");
  const int* triangles = seat_triangles(players_);
  if (pieces_ != 10 && pieces_ != 13 && pieces_ != 19)
    fail("chinese_checkers: option pieces must be 10, 13 or 19, not ", pieces_);
  if (pieces_ == 13 && players_ != 4)
    fail("chinese_checkers: option pieces=13 needs option players=4 (got players=", players_,
         "); 13 pieces would overlap the neighbouring homes");
  if (pieces_ == 19 && players_ != 2)
    fail("chinese_checkers: option pieces=19 needs option players=2 (got players=", players_,
         "); 19 pieces would overlap the neighbouring homes");
  if (plies < 0 || plies > 100000)
    fail("chinese_checkers: option max_plies must be 0 (= 200 x players) or in [1, 100000], not ",
         plies);
  max_plies_ = plies == 0 ? 200 * players_ : static_cast<int>(plies);
  for (int p = 0; p < players_; ++p) {
    triangle_[p] = triangles[p];
    home_[p] = cc::home_region(triangle_[p], pieces_);
    goal_[p] = cc::home_region((triangle_[p] + 3) % cc::kNumTriangles, pieces_);
  }
}

ChineseCheckersState ChineseCheckers::initial_state() const {
  State s(this);
  for (int p = 0; p < players_; ++p) home_[p].for_each([&](int h) { s.place(p, h); });
  s.current_ = 0;
  return s;
}

int ChineseCheckers::check_symmetry(int sym) const {
  if (sym < 0 || sym >= num_symmetries())
    fail("symmetry ", sym, " is out of range [0, ", num_symmetries(), ") for ", players_,
         " players");
  return sym;
}

void ChineseCheckers::transform_observation(int sym, const float* in, float* out) const {
  const int planes = observation_shape().planes;
  if (check_symmetry(sym) == 0) {
    std::copy(in, in + planes * kGridCells, out);
    return;
  }
  // Every plane is zero off the holes, so mapping the holes maps the whole plane.
  const cc::BoardTables& t = board();
  std::fill(out, out + planes * kGridCells, 0.0f);
  for (int plane = 0; plane < planes; ++plane)
    for (int h = 0; h < kNumHoles; ++h)
      out[plane * kGridCells + t.grid_cell[t.mirror[h]]] = in[plane * kGridCells + t.grid_cell[h]];
}

int ChineseCheckers::transform_policy_index(int sym, int policy_index) const {
  if (policy_index < 0 || policy_index >= kNumActionIds)
    fail("policy index ", policy_index, " is out of range [0, ", kNumActionIds, ")");
  if (check_symmetry(sym) == 0 || policy_index == kPass) return policy_index;
  const auto& mirror = board().mirror;
  return move_action(mirror[action_from(policy_index)], mirror[action_to(policy_index)]);
}

ChineseCheckersState ChineseCheckers::transform_state(const State& s, int sym) const {
  if (check_symmetry(sym) == 0) return s;
  // Canonical view = rotate[k](s); we want s' with rotate[k](s') = mirror(rotate[k](s)).
  const cc::BoardTables& t = board();
  const int k = s.is_terminal() ? 0 : canonical_rotation(s.current_player());
  const auto& to_view = t.rotate[k];
  const auto& from_view = t.rotate[(cc::kNumTriangles - k) % cc::kNumTriangles];
  State out = s;
  for (int p = 0; p < players_; ++p) s.pieces(p).for_each([&](int h) { out.remove(p, h); });
  for (int p = 0; p < players_; ++p)
    s.pieces(p).for_each([&](int h) { out.place(p, from_view[t.mirror[to_view[h]]]); });
  return out;
}

}  // namespace hz
