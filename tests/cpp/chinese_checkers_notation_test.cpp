// Tests of the Chinese Checkers engine (cpp/games/chinese_checkers) against the checks of
// docs/rules/chinese_checkers.md: options, notation, the canonical view and its symmetries, and
// reading serialized states. Expected values are worked out by hand in the comments. Moves,
// the end of the game and whole games: chinese_checkers_test.cpp.
#include <gtest/gtest.h>

#include <set>

#include "chinese_checkers_positions.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/notation.h"
#include "test_util.h"

namespace hz {
namespace {

using State = ChineseCheckersState;

using cc_test::check_symmetries;
using cc_test::make;
using cc_test::observe;
using cc_test::Variant;

// ---------------------------------------------------------------------------------------------
// Options and notation

TEST(ChineseCheckersOptions, CombinationsAreCheckedWithClearErrors) {
  // Piece counts against player counts: chinese_checkers_rules_test.cpp.
  EXPECT_NE(error_of([] { make({{"players", "5"}}); }).find("players"), std::string::npos);
  EXPECT_NE(error_of([] { make({{"max_plies", "100001"}}); }), "");
  EXPECT_NE(error_of([] { make({{"max_plies", "-1"}}); }), "");
  EXPECT_EQ(make({}).game->max_plies(), 400);
  EXPECT_EQ(make({{"players", "6"}}).game->max_plies(), 1200);
  EXPECT_EQ(make({{"max_plies", "7"}}).game->max_game_length(), 7);
  EXPECT_EQ(make({{"players", "4"}, {"pieces", "13"}}).game->home(3).count(), 13);
}

TEST(ChineseCheckersNotation, ParseAndPrintWithClearErrors) {
  EXPECT_EQ(cc::parse_hole("Q1"), cc::parse_hole("q1"));
  EXPECT_NE(error_of([] { cc::parse_hole("z1"); }).find("a-q"), std::string::npos);
  EXPECT_NE(error_of([] { cc::parse_hole("e14"); }).find("1 to 13"), std::string::npos);
  EXPECT_NE(error_of([] { cc::parse_hole("e0"); }), "");
  EXPECT_NE(error_of([] { cc::parse_hole("i"); }), "");
  EXPECT_NE(error_of([] { cc::parse_hole("e1x"); }), "");
  Variant v = make({});
  const State s = v.game->initial_state();
  EXPECT_EQ(s.parse_action(" n1 - m5 "),
            ChineseCheckers::move_action(cc::parse_hole("n1"), cc::parse_hole("m5")));
  EXPECT_NE(error_of([&] { s.parse_action("n1m5"); }).find("from-to"), std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action(""); }).find("from-to"), std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("n1-m9"); }).find("no step or hop chain"),
            std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("m5-l5"); }).find("holds no piece"), std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("o1-n1"); }).find("not empty"), std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("pass"); }).find("only when"), std::string::npos);
  EXPECT_NE(error_of([&] { s.parse_action("n1-z9"); }).find("'z9'"), std::string::npos);
  ChineseCheckers::ActionList legal;
  s.legal_actions(legal);
  for (Action a : legal) {
    EXPECT_EQ(s.parse_action(s.action_to_string(a)), a);
    EXPECT_EQ(s.turn_to_string({a}), s.action_to_string(a));
    EXPECT_EQ(s.parse_turn(s.action_to_string(a)), std::vector<Action>{a});
  }
  EXPECT_EQ(s.action_to_string(ChineseCheckers::kPass), "pass");
  EXPECT_NE(error_of([&] { s.turn_to_string({}); }), "");
}

TEST(ChineseCheckersNotation, PrintedStartBoard) {
  const std::string empty13 = ". . . . . . . . . . . . .";
  const std::string expected = std::string("player 0 to move, turn 1\n") +
                               "a              1              a\n"
                               "b             1 1             b\n"
                               "c            1 1 1            c\n"
                               "d           1 1 1 1           d\n"
                               "e  " +
                               empty13 +
                               "  e\n"
                               "f   . . . . . . . . . . . .   f\n"
                               "g    . . . . . . . . . . .    g\n"
                               "h     . . . . . . . . . .     h\n"
                               "i      . . . . . . . . .      i\n"
                               "j     . . . . . . . . . .     j\n"
                               "k    . . . . . . . . . . .    k\n"
                               "l   . . . . . . . . . . . .   l\n"
                               "m  " +
                               empty13 +
                               "  m\n"
                               "n           0 0 0 0           n\n"
                               "o            0 0 0            o\n"
                               "p             0 0             p\n"
                               "q              0              q\n";
  EXPECT_EQ(make({}).game->initial_state().to_string(), expected);
}

// ---------------------------------------------------------------------------------------------
// Canonical view and symmetries

TEST(ChineseCheckersView, MoverAtTheBottomAndSeatsInTurnOrder) {
  const cc::BoardTables& t = cc::board();
  for (const GameOptions& options : game_info("chinese_checkers").test_variants) {
    Variant v = make(options);
    const ChineseCheckers& g = *v.game;
    const int n = g.num_players();
    EXPECT_EQ(g.num_symmetries(), n == 2 ? 2 : 1);
    State s = g.initial_state();
    // Before its first move every player's pieces are its home; turned to the bottom they are
    // the bottom home shape, and its goal the top one.
    for (int turn = 0; turn < n; ++turn) {
      const std::vector<float> obs = observe(s);
      std::set<int> plane0, bottom, plane_goal, top;
      for (int c = 0; c < cc::kGridCells; ++c) {
        if (obs[c] != 0) plane0.insert(c);
        if (obs[n * cc::kGridCells + c] != 0) plane_goal.insert(c);
        EXPECT_EQ(obs[2 * n * cc::kGridCells + c], t.hole_of_cell[c] >= 0 ? 1.0f : 0.0f);
      }
      cc::home_region(0, g.pieces_per_player()).for_each([&](int h) {
        bottom.insert(t.grid_cell[h]);
      });
      cc::home_region(3, g.pieces_per_player()).for_each([&](int h) {
        top.insert(t.grid_cell[h]);
      });
      EXPECT_EQ(plane0, bottom) << options.to_string() << " player " << s.current_player();
      EXPECT_EQ(plane_goal, top) << options.to_string();
      // Seat k holds player (mover + k) % n.
      for (int seat = 0; seat < n; ++seat) {
        float count = 0;
        for (int c = 0; c < cc::kGridCells; ++c) count += obs[seat * cc::kGridCells + c];
        EXPECT_EQ(count, s.pieces((s.current_player() + seat) % n).count());
      }
      ChineseCheckers::ActionList legal;
      s.legal_actions(legal);
      for (Action a : legal) EXPECT_EQ(s.action_from_policy_index(s.policy_index(a)), a);
      EXPECT_EQ(s.policy_index(ChineseCheckers::kPass), ChineseCheckers::kPass);
      check_symmetries(s);
      s.apply(legal[0]);
    }
  }
  // Two players: player 1's opening moves look like player 0's; d4-e9 is n1-m5 turned round.
  Variant two = make({});
  State s = two.game->initial_state();
  ChineseCheckers::ActionList legal;
  s.legal_actions(legal);
  std::set<int> first, second;
  for (Action a : legal) first.insert(s.policy_index(a));
  s.apply(s.parse_action("n1-m5"));
  s.legal_actions(legal);
  for (Action a : legal) second.insert(s.policy_index(a));
  EXPECT_EQ(first, second);
  EXPECT_EQ(s.policy_index(s.parse_action("d4-e9")),
            ChineseCheckers::move_action(cc::parse_hole("n1"), cc::parse_hole("m5")));
  // The mirror swaps left and right: n1-m5 becomes n4-m9.
  EXPECT_EQ(two.game->transform_policy_index(
                1, ChineseCheckers::move_action(cc::parse_hole("n1"), cc::parse_hole("m5"))),
            ChineseCheckers::move_action(cc::parse_hole("n4"), cc::parse_hole("m9")));
  EXPECT_EQ(two.game->transform_policy_index(1, ChineseCheckers::kPass), ChineseCheckers::kPass);
}

TEST(ChineseCheckersState, DeserializeRejectsBadText) {
  Variant v = make({});
  const std::string good = v.game->initial_state().serialize();
  EXPECT_EQ(v.game->deserialize(good).serialize(), good);
  EXPECT_NE(error_of([&] { v.game->deserialize("garbage"); }), "");
  std::string wrong_digit = good;
  wrong_digit[0] = '7';
  EXPECT_NE(error_of([&] { v.game->deserialize(wrong_digit); }).find("'7'"), std::string::npos);
  std::string missing = good;
  missing[0] = '.';
  EXPECT_NE(error_of([&] { v.game->deserialize(missing); }).find("9 pieces"), std::string::npos);
  std::string bad_mover = good;
  bad_mover[cc::kNumHoles + 1] = '5';
  EXPECT_NE(error_of([&] { v.game->deserialize(bad_mover); }).find("mover"), std::string::npos);
  EXPECT_NE(error_of([&] { v.game->deserialize(good.substr(0, good.size() - 2)); }), "");
  EXPECT_NE(error_of([&] { v.game->deserialize(good + ",p"); }), "");
  // Finishing orders must be 0, 1, ... and, without play_to_finish, only one player finishes.
  const std::string base = good.substr(0, good.size() - 3);
  EXPECT_NE(error_of([&] { v.game->deserialize(base + "f1,p"); }).find("orders"),
            std::string::npos);
  const std::string over = base.substr(0, cc::kNumHoles) + " - 0 f0,p";
  EXPECT_TRUE(v.game->deserialize(over).is_terminal());
  EXPECT_NE(error_of([&] { v.game->deserialize(base + "f0,p"); }).find("over"), std::string::npos);
}

}  // namespace
}  // namespace hz
