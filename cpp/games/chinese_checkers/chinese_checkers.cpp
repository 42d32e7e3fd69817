// ChineseCheckers: the variant (options, seats, regions), the start position and the symmetry
// maps. See chinese_checkers.h.
#include <algorithm>

#include "core/error.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/notation.h"

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

// Why `pieces` pieces per player do not fit `players` players: the first two seats whose home
// regions, or goal regions, share holes, and those holes; "" when no two overlap. (A hole may
// be one player's home and another's goal: with 3 players and 19 pieces each goal takes the
// neighbouring homes' corners.)
std::string region_overlap(int players, int pieces) {
  const int* triangles = seat_triangles(players);
  for (int p = 0; p < players; ++p)
    for (int q = p + 1; q < players; ++q)
      for (const int turn : {0, 3}) {  // home regions, then goal regions (the opposite ones)
        const int tp = (triangles[p] + turn) % cc::kNumTriangles;
        const int tq = (triangles[q] + turn) % cc::kNumTriangles;
        const cc::HoleSet shared = cc::home_region(tp, pieces) & cc::home_region(tq, pieces);
        if (shared.empty()) continue;
        std::string holes;
        shared.for_each([&](int h) {
          if (!holes.empty()) holes += ' ';
          holes += cc::hole_name(h);
        });
        return str_cat("the ", pieces, "-hole ", turn == 0 ? "home" : "goal",
                       " regions of players ", p, " and ", q, " (triangles ", tp, " and ", tq,
                       ") overlap at ", holes);
      }
  return "";
}

void check_regions_fit(int players, int pieces) {
  if (pieces != 10 && pieces != 13 && pieces != 19)
    fail("chinese_checkers: option pieces must be 10, 13 or 19, not ", pieces);
  const std::string overlap = region_overlap(players, pieces);
  if (overlap.empty()) return;
  std::string fitting;
  for (const int n : {10, 13, 19})
    if (region_overlap(players, n).empty()) fitting += str_cat(fitting.empty() ? "" : ", ", n);
  fail("chinese_checkers: option pieces=", pieces, " does not fit players=", players, ": ", overlap,
       "; piece counts that fit players=", players, ": ", fitting);
}

GoalRule goal_rule_of(const std::string& text) {
  if (text == "fill") return GoalRule::kFill;
  if (text == "all_own") return GoalRule::kAllOwn;
  fail("chinese_checkers: option goal_rule must be fill or all_own, not '", text, "'");
}
}  // namespace

ChineseCheckers::ChineseCheckers(const GameOptions& resolved) : options_(resolved) {
  players_ = static_cast<int>(resolved.get_int("players"));
  pieces_ = static_cast<int>(resolved.get_int("pieces"));
  goal_rule_ = goal_rule_of(resolved.get("goal_rule"));
  no_move_loses_ = resolved.get_bool("no_move_loses");
  play_to_finish_ = resolved.get_bool("play_to_finish");
  const long plies = resolved.get_int("max_plies");
  const int* triangles = seat_triangles(players_);
  check_regions_fit(players_, pieces_);
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

void ChineseCheckers::policy_cells(int policy_index, int& from_cell, int& to_cell) const {
  if (policy_index < 0 || policy_index >= kNumActionIds)
    fail("policy index ", policy_index, " is out of range [0, ", kNumActionIds, ")");
  from_cell = to_cell = -1;
  if (policy_index == kPass) return;
  const cc::BoardTables& t = cc::board();
  from_cell = t.grid_cell[action_from(policy_index)];
  to_cell = t.grid_cell[action_to(policy_index)];
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
