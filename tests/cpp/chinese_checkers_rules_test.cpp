// Tests of the Chinese Checkers rules that depend on the variant (docs/rules/chinese_checkers.md):
// who finishes after a turn (every player still playing, the mover first, then turn order),
// option goal_rule, and which piece counts fit which player counts. Expected values are worked
// out by hand in the comments.
#include <gtest/gtest.h>

#include <string>

#include "chinese_checkers_positions.h"
#include "core/rng.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/scoring.h"
#include "games/perft.h"
#include "test_util.h"

namespace hz {
namespace {

using State = ChineseCheckersState;
using cc_test::make;
using cc_test::name_set;
using cc_test::names_of;
using cc_test::position;
using cc_test::Variant;

PlayerValues returns_of(const State& s) {
  PlayerValues r{};
  s.returns(r);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Margins: (mean remaining distance of the others - own) / D, D = 120 at the start (10 pieces;
// chinese_checkers_test.cpp, MaxPliesRanksByRemainingDistance, works it out by hand).

// At the start every distance is 120, so every margin is 0. After player 0's step n1-m5 (one row
// closer) its distance is 119: with 3 players its margin is (120 - 119) / 120 = 1/120 and each
// other's ((120 + 119) / 2 - 120) / 120 = -1/240; with 2 players +-1/120. Each set sums to 0.
TEST(ChineseCheckersMargins, DistanceAheadOfTheOthers) {
  for (int players : {2, 3}) {
    SCOPED_TRACE(players);
    Variant v = make({{"players", std::to_string(players)}});
    State s = v.game->initial_state();
    PlayerValues m;
    m.fill(5.0f);
    s.margins(m);
    EXPECT_EQ(m, PlayerValues{});
    s.apply(s.parse_action("n1-m5"));
    s.margins(m);
    EXPECT_FLOAT_EQ(m[0], 1.0f / 120);
    for (int p = 1; p < players; ++p)
      EXPECT_FLOAT_EQ(m[p], players == 2 ? -1.0f / 120 : -1.0f / 240);
    for (int p = players; p < kMaxPlayers; ++p) EXPECT_EQ(m[p], 0.0f);
  }
}

// ---------------------------------------------------------------------------------------------
// Finishing: every player still playing is checked after each turn.

// Two players. Player 0's goal (the top point a1..d4) holds nine of its pieces; d4 is empty.
// Player 1 (goal: the bottom point, n4 empty) steps e8-d4 into it: player 0's goal is full with
// its own pieces in it, so player 0 has won on player 1's move. Player 1, checked first, has not
// finished (n4 is empty).
State opponent_fills_my_goal(const ChineseCheckers& g, int ply) {
  return position(g, {"a1 b1 b2 c1 c2 c3 d1 d2 d3 m1", "e8 n1 n2 n3 o1 o2 o3 p1 p2 q1"}, "1", ply);
}

TEST(ChineseCheckersFinish, TwoPlayersGoalCompletedByTheOpponentsMove) {
  Variant v = make({});
  State s = opponent_fills_my_goal(*v.game, 0);
  ASSERT_FALSE(s.goal_complete(0));
  s.apply(s.parse_action("e8-d4"));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.status(0), SeatStatus::kFinished);
  EXPECT_EQ(s.status(1), SeatStatus::kPlaying);
  EXPECT_EQ(returns_of(s)[0], 1.0f);
  EXPECT_EQ(returns_of(s)[1], -1.0f);
}

TEST(ChineseCheckersFinish, GoalCompletedOnTheLastPlyStillWins) {
  // The same move as the game's last ply (max_plies = 5, played at ply 4). Ranked by remaining
  // distance player 1 would be ahead: its d4 piece is 10 steps from n4 ((4,1,-5) to (-1,-4,5)),
  // player 0's m1 piece 12 from d4 ((-8,4,4) to (4,1,-5)). The finish decides instead.
  Variant v = make({{"max_plies", "5"}});
  State s = opponent_fills_my_goal(*v.game, 4);
  s.apply(s.parse_action("e8-d4"));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(cc::remaining_distance(s.pieces(0), v.game->goal(0)), 12);
  EXPECT_EQ(cc::remaining_distance(s.pieces(1), v.game->goal(1)), 10);
  EXPECT_EQ(s.status(0), SeatStatus::kFinished);
  EXPECT_EQ(returns_of(s)[0], 1.0f);
  EXPECT_EQ(returns_of(s)[1], -1.0f);
}

// Three players: seats in triangles 0, 2, 4, goals in 3, 5, 1. Player 1's goal (the lower-right
// point j10..m13) holds nine of its pieces, m10 is empty; player 0, to move, steps m9-m10.
const char* const kThreePlayer0 = "n1 n2 n3 n4 o1 o2 o3 p1 p2 m9";
const char* const kThreePlayer1 = "j10 k10 k11 l10 l11 l12 m11 m12 m13 e1";
const char* const kThreePlayer2AtHome = "e10 e11 e12 e13 f10 f11 f12 g10 g11 h10";
const char* const kThreePlayer2InGoal = "j1 k1 k2 l1 l2 l3 m1 m2 m3 m4";  // its goal, complete

TEST(ChineseCheckersFinish, ThreePlayersGoalCompletedByAnotherPlayersMove) {
  Variant v = make({{"players", "3"}});
  State s = position(*v.game, {kThreePlayer0, kThreePlayer1, kThreePlayer2AtHome}, "0");
  s.apply(s.parse_action("m9-m10"));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.status(1), SeatStatus::kFinished);
  const PlayerValues r = returns_of(s);
  EXPECT_EQ(r[0], -0.5f);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_EQ(r[2], -0.5f);
}

TEST(ChineseCheckersFinish, MoverFirstThenTurnOrder) {
  // Player 2's goal is already complete (a constructed position) when player 0's move completes
  // player 1's: after the mover, player 1 comes before player 2, so player 1 wins.
  Variant first = make({{"players", "3"}});
  State s = position(*first.game, {kThreePlayer0, kThreePlayer1, kThreePlayer2InGoal}, "0");
  s.apply(s.parse_action("m9-m10"));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(returns_of(s)[1], 1.0f);
  EXPECT_EQ(s.status(2), SeatStatus::kPlaying);
  // Playing on, both finish in that order (1 first, 2 second); only player 0 is left: over.
  Variant on = make({{"players", "3"}, {"play_to_finish", "true"}});
  State t = position(*on.game, {kThreePlayer0, kThreePlayer1, kThreePlayer2InGoal}, "0");
  t.apply(t.parse_action("m9-m10"));
  ASSERT_TRUE(t.is_terminal());
  EXPECT_EQ(t.order(1), 0);
  EXPECT_EQ(t.order(2), 1);
  PlayerValues r = returns_of(t);
  EXPECT_EQ(r[0], -1.0f);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_EQ(r[2], 0.0f);
  // Player 1 completes its own goal while those of players 0 and 2 are complete already: the
  // mover finishes first, then 2, then 0 (turn order after player 1).
  const std::vector<std::string> all_done = {"a1 b1 b2 c1 c2 c3 d1 d2 d3 d4",
                                             "j10 k10 k11 l10 l11 l12 m11 m12 m13 m9",
                                             kThreePlayer2InGoal};
  State u = position(*on.game, all_done, "1");
  u.apply(u.parse_action("m9-m10"));
  ASSERT_TRUE(u.is_terminal());
  EXPECT_EQ(u.order(1), 0);
  EXPECT_EQ(u.order(2), 1);
  EXPECT_EQ(u.order(0), 2);
  r = returns_of(u);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_EQ(r[2], 0.0f);
  EXPECT_EQ(r[0], -1.0f);
  State w = position(*first.game, all_done, "1");
  w.apply(w.parse_action("m9-m10"));
  ASSERT_TRUE(w.is_terminal());
  EXPECT_EQ(returns_of(w)[1], 1.0f);
}

// ---------------------------------------------------------------------------------------------
// Option goal_rule.

TEST(ChineseCheckersGoalRule, PerftFromTheStartIsTheSame) {
  // The rule decides only who has finished, and nobody can within three turns of the start.
  // Two players by hand: 14 moves each (chinese_checkers_test), 14 x 14 at depth 2.
  EXPECT_EQ(perft<ChineseCheckers>(make({{"goal_rule", "all_own"}}).game->initial_state(), 2),
            196u);
  for (const char* players : {"2", "3", "4", "6"}) {
    const State fill = make({{"players", players}}).game->initial_state();
    const State all_own =
        make({{"players", players}, {"goal_rule", "all_own"}}).game->initial_state();
    EXPECT_EQ(perft<ChineseCheckers>(all_own, 3), perft<ChineseCheckers>(fill, 3))
        << players << " players";
  }
}

TEST(ChineseCheckersGoalRule, OpponentPieceInTheGoalWinsOnlyUnderFill) {
  // Player 0 steps e8-d4, filling its goal a1..d4 with eight of its pieces and player 1's a1;
  // its tenth piece is on i5. Full with one of its own pieces in it: a win under fill. Not all
  // its pieces are inside: no win under all_own.
  const std::vector<std::string> pieces = {"b1 b2 c1 c2 c3 d1 d2 d3 e8 i5",
                                           "a1 n1 n2 n3 n4 o1 o2 o3 p1 m5"};
  Variant fill = make({{"goal_rule", "fill"}});
  State s = position(*fill.game, pieces, "0");
  s.apply(s.parse_action("e8-d4"));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(returns_of(s)[0], 1.0f);

  Variant all_own = make({{"goal_rule", "all_own"}});
  State t = position(*all_own.game, pieces, "0");
  t.apply(t.parse_action("e8-d4"));
  EXPECT_FALSE(t.is_terminal());
  EXPECT_FALSE(t.goal_complete(0));
  EXPECT_EQ(t.status(0), SeatStatus::kPlaying);
  EXPECT_EQ(t.current_player(), 1);
}

TEST(ChineseCheckersGoalRule, AllOwnPiecesInTheGoalWinsUnderBoth) {
  // Nine of player 0's pieces in a1..d3, the tenth steps e8-d4: all ten inside.
  const std::vector<std::string> pieces = {"a1 b1 b2 c1 c2 c3 d1 d2 d3 e8",
                                           "i5 n1 n2 n3 n4 o1 o2 o3 p1 m5"};
  for (const char* rule : {"fill", "all_own"}) {
    Variant v = make({{"goal_rule", rule}});
    State s = position(*v.game, pieces, "0");
    EXPECT_FALSE(s.goal_complete(0)) << rule;
    s.apply(s.parse_action("e8-d4"));
    ASSERT_TRUE(s.is_terminal()) << rule;
    EXPECT_EQ(returns_of(s)[0], 1.0f) << rule;
  }
}

TEST(ChineseCheckersGoalRule, UnknownValueIsAClearError) {
  const std::string e = error_of([] { make({{"goal_rule", "swap"}}); });
  EXPECT_TRUE(contains(e, "goal_rule")) << e;
  EXPECT_TRUE(contains(e, "swap")) << e;
  EXPECT_TRUE(contains(e, "all_own")) << e;
  EXPECT_EQ(make({}).game->goal_rule(), GoalRule::kFill);
  EXPECT_EQ(make({{"goal_rule", "all_own"}}).game->goal_rule(), GoalRule::kAllOwn);
}

// ---------------------------------------------------------------------------------------------
// Piece counts.

// By hand (board.h): the 13-hole region adds the middle 3 holes of the hexagon row at the base
// of its point, away from the hexagon's corners, so no two 13-hole regions meet. The 19-hole
// region adds that whole row and the middle 4 of the next, and two neighbouring points' regions
// share the hexagon corner between them and the hole inside it (l5 and m5 for triangles 0 and 1).
// Homes of neighbouring points are used with 4 players (triangles 0, 1) and 6; with 2 and 3
// players no two homes (and so no two goals, their mirror images) are neighbours.
TEST(ChineseCheckersPieces, EveryCountWhoseRegionsDoNotOverlapIsAllowed) {
  const std::vector<std::pair<int, int>> fitting = {{2, 10}, {3, 10}, {4, 10}, {6, 10}, {2, 13},
                                                    {3, 13}, {4, 13}, {6, 13}, {2, 19}, {3, 19}};
  for (const auto& [players, pieces] : fitting) {
    Variant v = make({{"players", std::to_string(players)}, {"pieces", std::to_string(pieces)}});
    const ChineseCheckers& g = *v.game;
    const State s = g.initial_state();
    EXPECT_EQ(s.occupied().count(), players * pieces) << players << " x " << pieces;
    for (int p = 0; p < players; ++p) {
      EXPECT_EQ(s.pieces(p), g.home(p));
      EXPECT_EQ(g.home(p).count(), pieces);
      EXPECT_EQ(g.goal(p).count(), pieces);
      for (int q = p + 1; q < players; ++q) {
        EXPECT_TRUE((g.home(p) & g.home(q)).empty()) << players << " x " << pieces;
        EXPECT_TRUE((g.goal(p) & g.goal(q)).empty()) << players << " x " << pieces;
      }
    }
  }
  // Three players with 19: a goal may take in a neighbouring home's corner holes (player 2's
  // goal, triangle 1, and player 0's home, triangle 0, share l5 m5); those pieces count toward
  // the fill like any other.
  Variant three = make({{"players", "3"}, {"pieces", "19"}});
  EXPECT_EQ(names_of(three.game->goal(2) & three.game->home(0)), name_set("l5 m5"));
}

TEST(ChineseCheckersPieces, OverlappingRegionsAreRefusedWithTheReason) {
  for (const char* players : {"4", "6"}) {
    const std::string e = error_of([&] { make({{"players", players}, {"pieces", "19"}}); });
    EXPECT_TRUE(contains(e, "pieces=19")) << e;
    EXPECT_TRUE(contains(e, std::string("players=") + players)) << e;
    EXPECT_TRUE(contains(e, "home regions of players 0 and 1 (triangles 0 and 1)")) << e;
    EXPECT_TRUE(contains(e, "overlap at l5 m5")) << e;
    EXPECT_TRUE(contains(e, std::string("fit players=") + players + ": 10, 13")) << e;
  }
  EXPECT_TRUE(contains(error_of([] { make({{"pieces", "12"}}); }), "pieces"));
}

// ---------------------------------------------------------------------------------------------
// Policy cells (the network's from_to head): a move's cells are where the mover's piece stands
// and the empty hole it lands on, in the canonical observation, for every player to move.

TEST(ChineseCheckersPolicyCells, EveryLegalMoveGoesFromAMoverPieceToAnEmptyHole) {
  for (int players : {2, 3, 6}) {
    Variant v = make({{"players", std::to_string(players)}});
    const ChineseCheckers& g = *v.game;
    const int cells = cc::kGridCells;
    State s = g.initial_state();
    Rng rng(players);
    std::vector<float> obs(g.observation_shape().size());
    for (int ply = 0; ply < 40 && !s.is_terminal(); ++ply) {
      s.observation(obs.data());
      ChineseCheckers::ActionList legal;
      s.legal_actions(legal);
      for (Action a : legal) {
        int from = -2, to = -2;
        g.policy_cells(s.policy_index(a), from, to);
        if (a == ChineseCheckers::kPass) {
          EXPECT_EQ(from, -1);
          continue;
        }
        ASSERT_GE(from, 0);
        ASSERT_LT(to, cells);
        EXPECT_EQ(obs[from], 1.0f) << "plane 0 (the mover's pieces) at the from cell";
        for (int seat = 0; seat < players; ++seat) EXPECT_EQ(obs[seat * cells + to], 0.0f);
        EXPECT_EQ(obs[2 * players * cells + to], 1.0f) << "the to cell is a hole";
      }
      s.apply(legal[rng.uniform_int(legal.size())]);
    }
  }
}

}  // namespace
}  // namespace hz
