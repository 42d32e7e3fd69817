// Messages that echo their input (issue 14): a 10 MB move in a record gave a 30 MB error, and a
// NUL byte cut a message short before its reason. hz::quote() echoes a bounded, escaped prefix.
#include <gtest/gtest.h>

#include "core/error.h"
#include "eval/record.h"
#include "games/registry.h"
#include "test_util.h"

namespace hz {
namespace {

TEST(Quote, EscapesAndBounds) {
  EXPECT_EQ(quote("c2-c3"), "'c2-c3'");
  EXPECT_EQ(quote(std::string("a\nb\0c\td\x01", 8)), "'a\\nb\\0c\\td\\x01'");
  EXPECT_EQ(quote("it's a\\b"), "'it\\'s a\\\\b'");
  EXPECT_EQ(quote("\xef\xbb\xbfgame"), "'\\ufeffgame'");        // a UTF-8 byte order mark
  EXPECT_EQ(quote("caf\xc3\xa9 \xff"), "'caf\xc3\xa9 \\xff'");  // UTF-8 kept, other bytes not
  EXPECT_EQ(quote(std::string(100, 'x'), 10), "'xxxxxxxxxx'... (100 bytes)");
  EXPECT_EQ(quote("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "'\xc3\xa9\xc3\xa9'... (6 bytes)");
}

TEST(Quote, RecordWithAHugeMoveGivesABoundedMessage) {
  const std::string huge(10 << 20, 'c');
  const std::string record =
      "hopzero-record 1\ngame: alquerque\nplayer0: a\nplayer1: b\n"
      "result: unfinished\n1. 0 " +
      huge + "\n";
  const std::string msg = error_of([&] { parse_record(record, "big.txt"); });
  EXPECT_LT(msg.size(), 1000u) << msg.substr(0, 300);
  EXPECT_TRUE(contains(msg, "big.txt:6: move 'cccc")) << msg;
  EXPECT_TRUE(contains(msg, "(10485760 bytes)")) << msg;
}

TEST(Quote, ParseActionOfEveryGameIsBoundedAndKeepsItsReasonAfterANul) {
  for (const std::string& name : game_names()) {
    const auto state = make_game(name)->new_initial_state();
    const std::string huge = error_of([&] { state->parse_action(std::string(1 << 20, 'z')); });
    EXPECT_FALSE(huge.empty()) << name;
    EXPECT_LT(huge.size(), 2000u) << name << ": " << huge.substr(0, 300);
    const std::string nul = error_of([&] { state->parse_action(std::string("a1\0zz", 5)); });
    EXPECT_EQ(nul.find('\0'), std::string::npos) << name;
    EXPECT_TRUE(contains(nul, "a1\\0zz")) << name << ": " << nul;
    const std::string turn = error_of([&] { state->parse_turn(std::string(1 << 20, 'q')); });
    EXPECT_LT(turn.size(), 2000u) << name << ": " << turn.substr(0, 300);
  }
}

}  // namespace
}  // namespace hz
