// Tests of the Chinese Checkers engine (cpp/games/chinese_checkers) against the checks of
// docs/rules/chinese_checkers.md. Expected numbers are worked out by hand in the comments or come
// from the slow independent model in chinese_checkers_reference.h. Options, notation and the
// canonical view: chinese_checkers_notation_test.cpp.
#include "games/chinese_checkers/chinese_checkers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "chinese_checkers_positions.h"
#include "chinese_checkers_reference.h"
#include "core/rng.h"
#include "games/adapter.h"
#include "games/chinese_checkers/notation.h"
#include "games/chinese_checkers/scoring.h"
#include "games/perft.h"
#include "games/registry.h"
#include "test_util.h"

namespace hz {
namespace {

using State = ChineseCheckersState;

using cc_test::check_symmetries;
using cc_test::make;
using cc_test::name_set;
using cc_test::names_of;
using cc_test::position;
using cc_test::Variant;

std::set<std::string> engine_moves(const State& s) {
  ChineseCheckers::ActionList legal;
  s.legal_actions(legal);
  std::set<std::string> out;
  for (Action a : legal) EXPECT_TRUE(out.insert(s.action_to_string(a)).second) << "duplicate";
  return out;
}

// The engine position in the reference model's terms.
std::vector<int> reference_owners(const State& s) {
  std::vector<int> owner(ccref::picture().size(), -1);
  for (int h = 0; h < cc::kNumHoles; ++h)
    owner[ccref::picture().by_name.at(cc::hole_name(h))] = s.owner_at(h);
  return owner;
}

std::set<int> reference_spots(const cc::HoleSet& holes) {
  std::set<int> out;
  holes.for_each([&](int h) { out.insert(ccref::picture().by_name.at(cc::hole_name(h))); });
  return out;
}

std::set<std::string> reference_moves(const State& s) {
  const int p = s.current_player();
  std::set<std::string> moves =
      ccref::SlowMoves(reference_owners(s), p, reference_spots(s.game().goal(p))).moves();
  if (moves.empty()) moves.insert("pass");
  return moves;
}

// ---------------------------------------------------------------------------------------------
// Board

TEST(ChineseCheckersBoard, HolesRowsAndNames) {
  const cc::BoardTables& t = cc::board();
  int total = 0;
  for (int r = 0; r < cc::kNumRows; ++r) {
    EXPECT_EQ(t.row_length[r], ccref::kRowLengths[r]) << "row " << r;
    total += t.row_length[r];
  }
  EXPECT_EQ(total, 121);
  std::set<std::string> seen;
  for (int h = 0; h < cc::kNumHoles; ++h) {
    const std::string name = cc::hole_name(h);
    EXPECT_TRUE(seen.insert(name).second) << name;
    EXPECT_EQ(cc::parse_hole(name), h);
    EXPECT_TRUE(ccref::picture().by_name.count(name)) << name;
  }
  EXPECT_EQ(seen.size(), 121u);
  // The centre i5 is 8 steps from each point; q1 is the bottom point, a1 the top one.
  const int centre = cc::parse_hole("i5");
  for (const char* tip : {"a1", "q1", "e1", "e13", "m1", "m13"})
    EXPECT_EQ(cc::hex_distance(centre, cc::parse_hole(tip)), 8) << tip;
  EXPECT_EQ(t.triangle[cc::parse_hole("q1")], 0);
  EXPECT_EQ(t.triangle[cc::parse_hole("a1")], 3);
  EXPECT_EQ(t.triangle[centre], -1);
}

TEST(ChineseCheckersBoard, NeighbourCountsMatchAnIndependentModel) {
  // By hand: each point has its tip (2 neighbours), 6 holes with 4 (the two edges of the point)
  // and 3 with 6; the hexagon's 6 corners have 5 and its other 55 holes have 6.
  const std::map<int, int> by_hand = {{2, 6}, {4, 36}, {5, 6}, {6, 73}};
  const ccref::Picture& pic = ccref::picture();
  std::map<int, int> reference, engine;
  for (int s = 0; s < pic.size(); ++s) ++reference[static_cast<int>(pic.neighbours(s).size())];
  EXPECT_EQ(reference, by_hand);
  const cc::BoardTables& t = cc::board();
  for (int h = 0; h < cc::kNumHoles; ++h) {
    ++engine[t.num_neighbours[h]];
    std::set<std::string> mine, theirs;
    for (int k = 0; k < t.num_neighbours[h]; ++k) mine.insert(cc::hole_name(t.neighbours[h][k]));
    for (int n : pic.neighbours(pic.by_name.at(cc::hole_name(h)))) theirs.insert(pic.name[n]);
    EXPECT_EQ(mine, theirs) << cc::hole_name(h);
    EXPECT_EQ(names_of(t.neighbour_set[h]), theirs);
  }
  EXPECT_EQ(engine, by_hand);
}

TEST(ChineseCheckersBoard, SixTrianglesOfTenHoles) {
  const cc::BoardTables& t = cc::board();
  cc::HoleSet all;
  for (int k = 0; k < cc::kNumTriangles; ++k) {
    EXPECT_EQ(t.triangle_set[k].count(), 10) << k;
    EXPECT_TRUE((all & t.triangle_set[k]).empty());
    all |= t.triangle_set[k];
    EXPECT_EQ(cc::rotate_set(t.triangle_set[0], k), t.triangle_set[k]);
  }
  EXPECT_EQ(all.complement().count(), 61);  // the hexagon
  EXPECT_EQ(names_of(t.triangle_set[0]), name_set("n1 n2 n3 n4 o1 o2 o3 p1 p2 q1"));
  EXPECT_EQ(names_of(t.triangle_set[1]), name_set("j1 k1 k2 l1 l2 l3 m1 m2 m3 m4"));
  EXPECT_EQ(names_of(t.triangle_set[3]), name_set("a1 b1 b2 c1 c2 c3 d1 d2 d3 d4"));
  EXPECT_EQ(names_of(t.triangle_set[4]), name_set("e10 e11 e12 e13 f10 f11 f12 g10 g11 h10"));
}

TEST(ChineseCheckersBoard, RegionShapesForEachPieceCount) {
  const std::string bottom = "n1 n2 n3 n4 o1 o2 o3 p1 p2 q1 ";
  const std::string top = "a1 b1 b2 c1 c2 c3 d1 d2 d3 d4 ";
  // 13: + the middle 3 of the hexagon row touching the base (row m holds it as m5..m9).
  Variant four = make({{"players", "4"}, {"pieces", "13"}});
  EXPECT_EQ(names_of(four.game->home(0)), name_set(bottom + "m6 m7 m8"));
  EXPECT_EQ(names_of(four.game->goal(0)), name_set(top + "e6 e7 e8"));
  cc::HoleSet homes;
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(four.game->home(p).count(), 13);
    EXPECT_TRUE((homes & four.game->home(p)).empty()) << "homes overlap at player " << p;
    homes |= four.game->home(p);
    EXPECT_EQ(four.game->goal(p), four.game->home((p + 2) % 4));  // opposite seats
  }
  // 19: + that whole row (m5..m9) + the middle 4 of the next 6-hole row (l4..l9 -> l5..l8).
  Variant two = make({{"players", "2"}, {"pieces", "19"}});
  EXPECT_EQ(names_of(two.game->home(0)), name_set(bottom + "m5 m6 m7 m8 m9 l5 l6 l7 l8"));
  EXPECT_EQ(names_of(two.game->goal(0)), name_set(top + "e5 e6 e7 e8 e9 f5 f6 f7 f8"));
  EXPECT_EQ(two.game->goal(1), two.game->home(0));
  // Seats: 3 players use every other point; 6 use all.
  Variant three = make({{"players", "3"}});
  EXPECT_EQ(names_of(three.game->home(1)), names_of(cc::board().triangle_set[2]));
  EXPECT_EQ(names_of(three.game->goal(1)), names_of(cc::board().triangle_set[5]));
  Variant six = make({{"players", "6"}});
  for (int p = 0; p < 6; ++p) EXPECT_EQ(six.game->home(p), cc::board().triangle_set[p]);
}

// ---------------------------------------------------------------------------------------------
// Moves

TEST(ChineseCheckersMoves, StartPositionHasFourteenMovesByHand) {
  // Only the front row n1..n4 touches empty holes: each steps to its two neighbours in row m
  // (8 steps). Row o hops over row n into row m (3 pieces x 2 directions = 6 hops), and no hop
  // continues: from row m the only pieces in reach are in row n, whose far side (row o) is full
  // or is the start. Nothing else moves. 8 + 6 = 14.
  Variant v = make({});
  const State s = v.game->initial_state();
  EXPECT_EQ(engine_moves(s), name_set("n1-m5 n1-m6 n2-m6 n2-m7 n3-m7 n3-m8 n4-m8 n4-m9 "
                                      "o1-m5 o1-m7 o2-m6 o2-m8 o3-m7 o3-m9"));
  // The two armies cannot meet within two turns, so depth 2 is 14 x 14.
  EXPECT_EQ(perft<ChineseCheckers>(s, 2), 196u);
}

TEST(ChineseCheckersMoves, PerftToDepthThreeMatchesSlowReference) {
  for (const GameOptions& options : game_info("chinese_checkers").test_variants) {
    Variant v = make(options);
    const State s = v.game->initial_state();
    std::vector<std::set<int>> goals;
    for (int p = 0; p < v.game->num_players(); ++p)
      goals.push_back(reference_spots(v.game->goal(p)));
    for (int depth = 1; depth <= 3; ++depth) {
      const long long slow =
          ccref::slow_perft(reference_owners(s), 0, v.game->num_players(), goals, depth);
      EXPECT_EQ(static_cast<long long>(perft<ChineseCheckers>(s, depth)), slow)
          << options.to_string() << " depth " << depth;
    }
  }
}

TEST(ChineseCheckersMoves, LongHopChainAcrossTheBoard) {
  // A zigzag of eight hops straight up the middle, from the bottom point q1 to the top point a1,
  // over pieces of both colours on the column between them (p2 n3 l7 j6 h6 f7 d3 b2).
  Variant v = make({});
  const State s = position(
      *v.game, {"q1 p2 n3 l7 j6 j1 k1 k2 l1 l2", "h6 f7 d3 b2 j10 k10 k11 l10 l11 l12"}, "0");
  const std::set<std::string> moves = engine_moves(s);
  for (const char* stop : {"q1-o3", "q1-m7", "q1-k7", "q1-i5", "q1-g7", "q1-e7", "q1-c3", "q1-a1"})
    EXPECT_TRUE(moves.count(stop)) << stop;
  EXPECT_EQ(moves, reference_moves(s));
  State after = s;
  after.apply(s.parse_action("q1-a1"));
  EXPECT_EQ(after.owner_at(cc::parse_hole("a1")), 0);
  EXPECT_EQ(after.owner_at(cc::parse_hole("q1")), -1);
  EXPECT_EQ(after.occupied().count(), 20);  // nothing captured
}

TEST(ChineseCheckersMoves, NoLandingTwiceAndOneActionPerEndPoints) {
  Variant v = make({});
  // A triangle of hops around i5: east over i6 to i7, north-west over h7 to g7, south-west over
  // h6 back to i5 (and the same loop the other way round). The chain may not land on i5 again
  // (no i5-i5 action); i7 and g7 are each reached by two paths yet are one action each.
  const State s =
      position(*v.game, {"i5 i6 h7 h6 q1 p1 p2 o1 o2 o3", "a1 b1 b2 c1 c2 c3 d1 d2 d3 d4"}, "0");
  const std::set<std::string> moves = engine_moves(s);
  EXPECT_FALSE(moves.count("i5-i5"));
  EXPECT_FALSE(moves.count("pass"));
  EXPECT_TRUE(moves.count("i5-i7"));
  EXPECT_TRUE(moves.count("i5-g7"));
  EXPECT_EQ(moves, reference_moves(s));
  ChineseCheckers::ActionList legal;
  s.legal_actions(legal);
  const int i5 = cc::parse_hole("i5");
  for (Action a : legal) EXPECT_NE(ChineseCheckers::action_to(a), i5);
}

TEST(ChineseCheckersMoves, PieceInGoalCannotLeave) {
  Variant v = make({});
  // Player 0's goal is the top point (a1..d4). Its piece on d1 could step out to e6, or hop out
  // over e5 to f4, on over f5 to f6 and back into the goal over e7 to d3; the goal lock allows
  // none of these, leaving only d1-d2 and d1-c1 (by hand).
  const std::string others1 = "e5 f5 e7 j1 k1 k2 l1 l2 l3 ";
  const State locked = position(*v.game, {"d1 n1 n2 n3 n4 o1 o2 o3 p1 p2", others1 + "m1"}, "0");
  std::set<std::string> from_d1;
  for (const std::string& m : engine_moves(locked))
    if (m.rfind("d1-", 0) == 0) from_d1.insert(m);
  EXPECT_EQ(from_d1, name_set("d1-d2 d1-c1"));
  EXPECT_EQ(engine_moves(locked), reference_moves(locked));
  EXPECT_NE(error_of([&] { locked.parse_action("d1-e6"); }).find("may not leave"),
            std::string::npos);
  // The same piece belonging to player 1 (whose goal is the bottom point) goes anywhere.
  const State free = position(*v.game, {"m1 n1 n2 n3 n4 o1 o2 o3 p1 p2", others1 + "d1"}, "1");
  const std::set<std::string> moves = engine_moves(free);
  for (const char* m : {"d1-e6", "d1-f4", "d1-f6", "d1-d3", "d1-d2", "d1-c1"})
    EXPECT_TRUE(moves.count(m)) << m;
  EXPECT_EQ(moves, reference_moves(free));
  // Inside the goal, hop chains are fine: with d2 filled, d1 hops to d3.
  const State inside = position(*v.game, {"d1 d2 n2 n3 n4 o1 o2 o3 p1 p2", others1 + "m1"}, "0");
  EXPECT_TRUE(engine_moves(inside).count("d1-d3"));
  EXPECT_EQ(engine_moves(inside), reference_moves(inside));
}

// ---------------------------------------------------------------------------------------------
// End of the game

TEST(ChineseCheckersEnd, GoalCompletedWithAnOpponentPieceInsideStillWins) {
  Variant v = make({});
  // Player 0's goal a1..d4 holds eight of its pieces and player 1's a1; d4 is empty and e8 next
  // to it. Stepping in completes the goal: player 0 wins.
  const State s =
      position(*v.game, {"b1 b2 c1 c2 c3 d1 d2 d3 e8 q1", "a1 n1 n2 n3 n4 o1 o2 o3 p1 p2"}, "0");
  EXPECT_FALSE(s.goal_complete(0));
  State after = s;
  after.apply(s.parse_action("e8-d4"));
  ASSERT_TRUE(after.is_terminal());
  EXPECT_TRUE(after.goal_complete(0));
  PlayerValues r{};
  after.returns(r);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], -1.0f);
  // At the start each goal is full of the other player's pieces, which is no win.
  State start = v.game->initial_state();
  EXPECT_FALSE(start.goal_complete(0));
  start.apply(start.parse_action("n1-m5"));
  EXPECT_FALSE(start.is_terminal());
}

// Three players, each one step from finishing: player 0 (goal: top point, d4 empty, e8 beside
// it) and player 1 (goal: lower-right point, m10 empty, m9 beside it); player 2 still at home.
State three_player_race(const ChineseCheckers& g) {
  return position(g,
                  {"a1 b1 b2 c1 c2 c3 d1 d2 d3 e8", "j10 k10 k11 l10 l11 l12 m11 m12 m13 m9",
                   "e10 e11 e12 e13 f10 f11 f12 g10 g11 h10"},
                  "0");
}

TEST(ChineseCheckersEnd, FirstFinisherWinsOrPlayOnByRank) {
  Variant first = make({{"players", "3"}});
  State s = three_player_race(*first.game);
  s.apply(s.parse_action("e8-d4"));
  ASSERT_TRUE(s.is_terminal());
  PlayerValues r{};
  s.returns(r);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], -0.5f);
  EXPECT_EQ(r[2], -0.5f);

  Variant on = make({{"players", "3"}, {"play_to_finish", "true"}});
  State t = three_player_race(*on.game);
  t.apply(t.parse_action("e8-d4"));
  ASSERT_FALSE(t.is_terminal());
  EXPECT_EQ(t.status(0), SeatStatus::kFinished);
  EXPECT_EQ(t.current_player(), 1);
  t.apply(t.parse_action("m9-m10"));  // player 1 finishes too; only player 2 is left: game over
  ASSERT_TRUE(t.is_terminal());
  t.returns(r);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], 0.0f);
  EXPECT_EQ(r[2], -1.0f);

  // Finished players are skipped: player 0 done, player 1 plays elsewhere, then 2, then 1.
  State u = three_player_race(*on.game);
  u.apply(u.parse_action("e8-d4"));
  u.apply(u.parse_action("m9-l9"));
  EXPECT_EQ(u.current_player(), 2);
  u.apply(u.parse_action("h10-i9"));
  EXPECT_EQ(u.current_player(), 1);
}

TEST(ChineseCheckersEnd, NoMoveMeansPassOrOut) {
  // Player 0 fills the lower-left point (j1..m4); the eleven holes that a step or a first hop
  // from there could reach (i1 j2 k3 l4 m5, and i2 j3 k4 l5 m6 h2 behind them) are taken.
  const std::vector<std::string> stuck = {"j1 k1 k2 l1 l2 l3 m1 m2 m3 m4",
                                          "i1 j2 k3 l4 m5 e1 e2 e3 e4 f1",
                                          "m6 l5 k4 j3 i2 h2 e10 e11 e12 e13"};
  Variant passing = make({{"players", "3"}});
  State p = position(*passing.game, stuck, "0");
  EXPECT_EQ(engine_moves(p), name_set("pass"));
  EXPECT_EQ(reference_moves(p), name_set("pass"));
  p.apply(p.parse_action("pass"));
  EXPECT_EQ(p.current_player(), 1);
  EXPECT_EQ(p.pieces(0).count(), 10);
  EXPECT_EQ(p.status(0), SeatStatus::kPlaying);

  Variant losing = make({{"players", "3"}, {"no_move_loses", "true"}, {"max_plies", "12"}});
  State q = position(*losing.game, stuck, "0");
  q.apply(q.parse_action("pass"));
  EXPECT_EQ(q.status(0), SeatStatus::kOut);
  EXPECT_TRUE(q.pieces(0).empty());
  EXPECT_EQ(q.current_player(), 1);
  Rng rng(5);
  int turns = 0;
  while (!q.is_terminal()) {
    EXPECT_NE(q.current_player(), 0) << "a player that is out never moves again";
    ChineseCheckers::ActionList legal;
    q.legal_actions(legal);
    q.apply(legal[rng.uniform_int(legal.size())]);
    ++turns;
  }
  EXPECT_EQ(turns, 11);  // stopped by max_plies = 12
  PlayerValues r{};
  q.returns(r);
  EXPECT_EQ(r[0], -1.0f);  // out ranks last
  EXPECT_NEAR(r[0] + r[1] + r[2], 0.0, 1e-6);

  // Two players, 19 pieces: player 0's goal (a1..d4, e5..e9, f5..f8) is full but for a1, which
  // only player 1's b1 b2 c1 c3 touch; its five other pieces (m1 m2 m3 l1 l2) are walled in
  // (m4 l3 k1 k2, with m5 k3 l4 j2 j1 behind). Out, it leaves player 1 the last one standing.
  Variant nineteen = make({{"players", "2"}, {"pieces", "19"}, {"no_move_loses", "true"}});
  State w = position(*nineteen.game,
                     {"c2 d1 d2 d3 d4 e5 e6 e7 e8 e9 f5 f6 f7 f8 m1 m2 m3 l1 l2",
                      "b1 b2 c1 c3 m4 l3 k1 k2 m5 k3 l4 j2 j1 n1 n2 n3 n4 o1 o2"},
                     "0");
  EXPECT_EQ(engine_moves(w), name_set("pass"));
  EXPECT_EQ(reference_moves(w), name_set("pass"));
  w.apply(ChineseCheckers::kPass);
  ASSERT_TRUE(w.is_terminal());
  w.returns(r);
  EXPECT_EQ(r[0], -1.0f);
  EXPECT_EQ(r[1], 1.0f);
}

TEST(ChineseCheckersEnd, MaxPliesRanksByRemainingDistance) {
  // From the start every piece is at least 9 rows from every goal hole while at most 8 columns
  // aside, so each piece's distance to any goal hole is its row gap, whatever the assignment:
  // sum over the home of z minus sum over the goal of z = 2 x (4x5 + 3x6 + 2x7 + 8) = 120.
  Variant one = make({{"max_plies", "1"}});
  State s = one.game->initial_state();
  EXPECT_EQ(cc::remaining_distance(s.pieces(0), one.game->goal(0)), 120);
  EXPECT_EQ(cc::remaining_distance(s.pieces(1), one.game->goal(1)), 120);
  s.apply(s.parse_action("n1-m5"));  // one row closer: 119
  EXPECT_EQ(cc::remaining_distance(s.pieces(0), one.game->goal(0)), 119);
  ASSERT_TRUE(s.is_terminal());
  PlayerValues r{};
  s.returns(r);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], -1.0f);

  Variant two = make({{"max_plies", "2"}});
  State t = two.game->initial_state();
  t.apply(t.parse_action("n1-m5"));
  t.apply(t.parse_action("d4-e9"));  // the same move turned half a circle: a tie
  ASSERT_TRUE(t.is_terminal());
  t.returns(r);
  EXPECT_EQ(r[0], 0.0f);
  EXPECT_EQ(r[1], 0.0f);
}

TEST(ChineseCheckersScoring, AssignmentMatchesBruteForce) {
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    cc::HoleSet goal, own;
    while (goal.count() < 5) goal.set(static_cast<int>(rng.uniform_int(cc::kNumHoles)));
    while (own.count() < 5) own.set(static_cast<int>(rng.uniform_int(cc::kNumHoles)));
    std::vector<int> holes, pieces;
    (goal & own.complement()).for_each([&](int h) { holes.push_back(h); });
    (own & goal.complement()).for_each([&](int h) { pieces.push_back(h); });
    ASSERT_EQ(holes.size(), pieces.size());
    int best = holes.empty() ? 0 : 1 << 30;
    std::sort(pieces.begin(), pieces.end());
    do {
      int cost = 0;
      for (size_t i = 0; i < holes.size(); ++i) cost += cc::hex_distance(holes[i], pieces[i]);
      best = std::min(best, cost);
    } while (std::next_permutation(pieces.begin(), pieces.end()));
    EXPECT_EQ(cc::remaining_distance(own, goal), best) << "trial " << trial;
  }
  // Ranks: player 0 first (+1), players 1 and 2 tied for 2nd-3rd (+1/3 and -1/3: 0 each),
  // player 3 last (-1).
  const int rank_class[4] = {0, 1, 1, 2}, rank_key[4] = {0, 5, 5, -1};
  PlayerValues r{};
  cc::returns_from_ranking(4, rank_class, rank_key, r);
  EXPECT_FLOAT_EQ(r[0], 1.0f);
  EXPECT_NEAR(r[1], 0.0f, 1e-6);
  EXPECT_NEAR(r[2], 0.0f, 1e-6);
  EXPECT_FLOAT_EQ(r[3], -1.0f);
}

// ---------------------------------------------------------------------------------------------
// Whole games

// Mostly moves that bring a piece closest to its goal's far point, sometimes any move: random
// games that still reach the end game.
Action advancing_move(const State& s, const ChineseCheckers::ActionList& legal, Rng& rng) {
  if (rng.uniform01() < 0.25) return legal[rng.uniform_int(legal.size())];
  const int tip = cc::parse_hole("q1");  // the far point of the goal, found by turning q1
  const ChineseCheckers& g = s.game();
  const int apex =
      cc::board().rotate[(g.triangle_of(s.current_player()) + 3) % cc::kNumTriangles][tip];
  int best_gain = -100;
  std::vector<Action> best;
  for (Action a : legal) {
    if (a == ChineseCheckers::kPass) return a;
    const int gain = cc::hex_distance(ChineseCheckers::action_from(a), apex) -
                     cc::hex_distance(ChineseCheckers::action_to(a), apex);
    if (gain > best_gain) best_gain = gain, best.clear();
    if (gain == best_gain) best.push_back(a);
  }
  return best[rng.uniform_int(static_cast<uint32_t>(best.size()))];
}

TEST(ChineseCheckersGames, RandomGamesToTheEndForEveryVariant) {
  std::vector<GameOptions> variants = game_info("chinese_checkers").test_variants;
  for (const char* players : {"2", "4", "6"})
    variants.push_back({{"players", players}, {"play_to_finish", "true"}});
  int finished_games = 0, capped_games = 0;
  Rng rng(2024);
  for (const GameOptions& options : variants) {
    Variant v = make(options);
    const ChineseCheckers& g = *v.game;
    const int n = g.num_players();
    for (int game = 0; game < 4; ++game) {
      State s = g.initial_state();
      int ply = 0;
      while (!s.is_terminal()) {
        ChineseCheckers::ActionList legal;
        s.legal_actions(legal);
        ASSERT_FALSE(legal.empty());
        if (legal.contains(ChineseCheckers::kPass)) {
          ASSERT_EQ(legal.size(), 1);
        }
        if (ply % 5 == 0) {
          EXPECT_EQ(engine_moves(s), reference_moves(s)) << options.to_string() << "\n"
                                                         << s.to_string();
          check_symmetries(s);
        }
        const State back = g.deserialize(s.serialize());
        EXPECT_EQ(back.serialize(), s.serialize());
        EXPECT_EQ(back.hash(), s.hash());
        int total = 0;
        for (int p = 0; p < n; ++p) {
          const int count = s.pieces(p).count();
          EXPECT_EQ(count, s.status(p) == SeatStatus::kOut ? 0 : g.pieces_per_player());
          total += count;
        }
        EXPECT_EQ(s.occupied().count(), total);
        const int mover = s.current_player();
        // The last game of each variant moves uniformly at random and is stopped by max_plies.
        s.apply(game == 3 ? legal[rng.uniform_int(legal.size())] : advancing_move(s, legal, rng));
        ++ply;
        EXPECT_EQ(s.move_number(), ply);
        if (!s.is_terminal()) {
          EXPECT_NE(s.current_player(), mover);
        }
      }
      ASSERT_LE(ply, g.max_plies());
      PlayerValues r{};
      s.returns(r);
      double sum = 0;
      for (int p = 0; p < n; ++p) {
        EXPECT_GE(r[p], -1.0f);
        EXPECT_LE(r[p], 1.0f);
        sum += r[p];
      }
      EXPECT_NEAR(sum, 0.0, 1e-5) << options.to_string();
      bool someone_finished = false;
      for (int p = 0; p < n; ++p) someone_finished |= s.status(p) == SeatStatus::kFinished;
      finished_games += someone_finished;
      capped_games += !someone_finished && ply == g.max_plies();
      const State back = g.deserialize(s.serialize());
      EXPECT_TRUE(back.is_terminal());
      PlayerValues r2{};
      back.returns(r2);
      EXPECT_EQ(r2, r);
    }
  }
  EXPECT_GT(finished_games, 0) << "no random game reached a finished goal";
  EXPECT_GT(capped_games, 0) << "no random game was stopped by max_plies";
  std::printf("random games: %d with a finisher, %d stopped by max_plies, of %zu\n", finished_games,
              capped_games, variants.size() * 4);
}

}  // namespace
}  // namespace hz
