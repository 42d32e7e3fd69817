// Tests of Alquerque's repetition draw (docs/rules/alquerque.md, "End"): every turn start since
// the last capture, huff or (no_backward) forward step counts, however long ago, and the history
// survives serialization. Expected turn numbers are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "alquerque_positions.h"
#include "games/alquerque/alquerque.h"
#include "test_util.h"

namespace hz {
namespace {

using namespace alq_test;

// White a1 walks round the 3x3 block a1..c3 (8 steps: a1 b1 c1 c2 c3 b3 a3 a2), Black a5 round
// ranks 4-5 (10 steps: a5 b5 c5 d5 e5 e4 d4 c4 b4 a4). The two walks never share a point, so
// every step is legal (captures are never compulsory). After r rounds (2r turns) White is at
// walk point r mod 8 and Black at r mod 10: the position with White to move comes back after
// lcm(8, 10) = 40 rounds, 80 turns, and never before. The start position occurs at turns 0, 80
// and 160: the draw comes at turn 160, and no position occurs a third time earlier (each one
// recurs only with the 80-turn period).
const char* const kStart = "B..../...../...../...../W....";
const std::vector<std::pair<const char*, Dir>> kWhiteWalk = {
    {"a1", E}, {"b1", E}, {"c1", N}, {"c2", N}, {"c3", W}, {"b3", W}, {"a3", S}, {"a2", S}};
const std::vector<std::pair<const char*, Dir>> kBlackWalk = {
    {"a5", E}, {"b5", E}, {"c5", E}, {"d5", E}, {"e5", S},
    {"e4", W}, {"d4", W}, {"c4", W}, {"b4", W}, {"a4", N}};

Action walk_action(int turn) {
  const int round = turn / 2;
  const auto& [from, dir] =
      turn % 2 == 0 ? kWhiteWalk[round % kWhiteWalk.size()] : kBlackWalk[round % kBlackWalk.size()];
  return step(from, dir);
}

// Plays the walks from turn `from` up to turn `to` (exclusive), checking each step is legal and
// the game is not over.
void play_walks(AlquerqueState& s, int from, int to) {
  for (int turn = from; turn < to; ++turn) {
    ASSERT_FALSE(s.is_terminal()) << "turn " << turn;
    const Action a = walk_action(turn);
    ASSERT_TRUE(legal(s).count(a)) << "turn " << turn << ": " << s.action_to_string(a);
    s.apply(a);
  }
}

TEST(AlquerqueRepetition, CycleOfEightyTurnsIsADrawAtTheThirdOccurrence) {
  auto g = make();  // max_plies 200 leaves room for 160 turns
  AlquerqueState s = setup(*g, kStart, 'w');
  play_walks(s, 0, 80);
  EXPECT_EQ(s.serialize().substr(0, 31), std::string(kStart) + " w");
  EXPECT_EQ(s.repetitions(), 1);  // the second occurrence, 80 turn starts after the first
  EXPECT_FALSE(s.is_terminal());
  play_walks(s, 80, 159);
  ASSERT_FALSE(s.is_terminal());
  EXPECT_EQ(s.repetitions(), 1);  // Black to move: this position first occurred at turn 79
  s.apply(walk_action(159));
  ASSERT_TRUE(s.is_terminal());
  EXPECT_EQ(s.outcome(), alquerque::kDraw);
  EXPECT_EQ(s.turns(), 160);
  EXPECT_EQ(s.repetitions(), 2);
}

TEST(AlquerqueRepetition, LongHistorySurvivesSerialization) {
  auto g = make();
  AlquerqueState s = setup(*g, kStart, 'w');
  play_walks(s, 0, 100);
  // Turn starts 0..100 are all remembered: 101 entries, the first the start position.
  const std::string text = s.serialize();
  const std::string history = text.substr(text.find("history=") + 8);
  EXPECT_EQ(std::count(history.begin(), history.end(), ',') + 1, 101);
  EXPECT_EQ(history.substr(0, history.find(',')), packed_hex(kStart, 'w'));
  AlquerqueState back = g->deserialize(text);
  EXPECT_EQ(back.serialize(), text);
  play_walks(back, 100, 160);
  EXPECT_TRUE(back.is_terminal());
  EXPECT_EQ(back.outcome(), alquerque::kDraw);
}

TEST(AlquerqueRepetition, MaxPliesIsBoundedWhileRepetitionsCount) {
  // The history holds at most 512 turns (one byte a turn in the state).
  const std::string e = error_of([] { make({{"max_plies", "513"}}); });
  EXPECT_TRUE(contains(e, "max_plies")) << e;
  EXPECT_TRUE(contains(e, "512")) << e;
  EXPECT_TRUE(contains(e, "repetition_draw")) << e;
  EXPECT_EQ(make({{"max_plies", "512"}})->max_plies(), 512);
  EXPECT_EQ(make({{"max_plies", "10000"}, {"repetition_draw", "false"}})->max_plies(), 10000);
}

TEST(AlquerqueRepetition, DeserializeChecksTheHistory) {
  auto g = make();
  const std::string start = packed_hex(kStart, 'w');
  const std::string moved = "B..../...../...../...../.W...";  // White a1-b1
  const std::string fields = " chain=- huff=- last=-,- turns=1 moves=1 history=";
  // Consistent: the start, then White's step a1-b1 with Black to move.
  const AlquerqueState ok =
      g->deserialize(moved + " b" + fields + start + "," + packed_hex(moved, 'b'));
  EXPECT_EQ(ok.repetitions(), 0);
  const std::vector<std::pair<std::string, std::string>> broken = {
      // The last entry is not the position itself.
      {moved + " b" + fields + start, "last history entry"},
      // Two entries with the same player to move are not one turn apart.
      {moved + " b" + fields + packed_hex(moved, 'b') + "," + packed_hex(moved, 'b'),
       "one step apart"},
      // a1 to c1 is not one step.
      {"B..../...../...../...../..W.. b" + fields + start + "," +
           packed_hex("B..../...../...../...../..W..", 'b'),
       "one step apart"},
      // Empty (none is written '-').
      {moved + " b" + fields, "history= is empty"},
      // More turn starts than turns played.
      {moved + " b chain=- huff=- last=-,- turns=0 moves=0 history=" + start + "," +
           packed_hex(moved, 'b'),
       "turns"},
  };
  for (const auto& [text, part] : broken) {
    const std::string e = error_of([&] { g->deserialize(text); });
    EXPECT_TRUE(contains(e, part)) << text << ": " << e;
  }
}

}  // namespace
}  // namespace hz
