// Game records from hostile input (issue 14, item 17): the writer refuses what would not read back
// the same (a header line injected through a comment or a player, missing players, incomplete
// turns, a wrong result), and the reader takes UTF-8 text only, skips a byte order mark and
// refuses what the writer refuses. Format: docs/formats.md, "Game records".
#include <gtest/gtest.h>

#include "core/error.h"
#include "eval/record.h"
#include "games/registry.h"
#include "test_util.h"

namespace hz {
namespace {

// The actions of the whole turn from `s` when each step takes the first legal action.
std::vector<Action> first_turn(const AnyState& s) {
  auto t = s.clone();
  const int mover = t->current_player();
  std::vector<Action> out;
  while (!t->is_terminal() && t->current_player() == mover) {
    out.push_back(t->legal_actions()[0]);
    t->apply(out.back());
  }
  return out;
}

// A record of Alquerque's first turn (one action: a single step, docs/rules/alquerque.md),
// with `players` and the comment.
GameRecord alquerque_record(const AnyGame& game, std::vector<std::string> players,
                            const std::string& comment) {
  RecordBuilder builder(game, std::move(players));
  auto s = game.new_initial_state();
  const Action a = s->legal_actions()[0];
  builder.add_action(*s, a, comment);
  s->apply(a);
  return builder.finish(*s);
}

TEST(RecordWriter, RefusesANewlineThatWouldInjectAHeaderLine) {
  const auto game = make_game("alquerque");
  // Before: "player0: a\nresult: 1 -1" was written as two lines, the second a header.
  std::string msg = error_of([&] {
    format_record(*game, alquerque_record(*game, {"a\nresult: 1 -1", "b"}, ""));
  });
  EXPECT_TRUE(contains(msg, "player 0 is 'a\\nresult: 1 -1'")) << msg;
  EXPECT_TRUE(contains(msg, "control character")) << msg;
  msg = error_of([&] {
    format_record(*game, alquerque_record(*game, {"a", "b"}, "note}\n2. 1 a1-a2 {x"));
  });
  EXPECT_TRUE(contains(msg, "comment of turn 1")) << msg;
  for (const std::string& player :
       std::vector<std::string>{"", " padded", "padded\t", std::string("nul\0byte", 8)}) {
    msg = error_of([&] { format_record(*game, alquerque_record(*game, {player, "b"}, "")); });
    EXPECT_TRUE(contains(msg, "cannot write a record whose player 0")) << quote(player) << msg;
  }
  msg = error_of([&] { format_record(*game, alquerque_record(*game, {"a", "b"}, "\xff")); });
  EXPECT_TRUE(contains(msg, "not UTF-8")) << msg;
}

TEST(RecordWriter, WritesWhatItReadsBack) {
  const auto game = make_game("alquerque");
  // A tab and non-ASCII letters in a comment, and a spec with ':' and '=': one line each.
  const GameRecord rec = alquerque_record(*game, {"mcts:sims=8", "human"}, "été\t{0.5}");
  const GameRecord again = parse_record(format_record(*game, rec));
  EXPECT_EQ(again.players, rec.players);
  EXPECT_EQ(again.comments, rec.comments);
  EXPECT_EQ(again.turns, rec.turns);
}

TEST(RecordWriter, RefusesARecordWithoutItsPlayers) {
  const auto game = make_game("alquerque");
  GameRecord rec;  // a record with no players: written before, refused on reading
  rec.game = "alquerque";
  rec.options = game->options();
  std::string msg = error_of([&] { format_record(*game, rec); });
  EXPECT_TRUE(contains(msg, "with 0 players: it needs 2")) << msg;
  rec.players = {"a", "b", "c"};
  msg = error_of([&] { format_record(*game, rec); });
  EXPECT_TRUE(contains(msg, "with 3 players: it needs 2")) << msg;
  rec.players = {"a", "b"};
  EXPECT_EQ(error_of([&] { format_record(*game, rec); }), "");
  rec.game = "jumpers";
  EXPECT_TRUE(contains(error_of([&] { format_record(*game, rec); }), "'jumpers' as a record of"));
}

TEST(RecordWriter, RefusesTurnsAndResultsTheReplayDoesNotGive) {
  const auto game = make_game("jumpers", {{"size", "6"}});
  auto s = game->new_initial_state();
  // Jumpers' first turn has no capture, so it is a jump-and-birth turn: at least one hop, then
  // a birth (docs/rules/jumpers.md), two actions or more.
  const std::vector<Action> turn = first_turn(*s);
  ASSERT_GE(turn.size(), 2u);
  GameRecord rec;
  rec.game = "jumpers";
  rec.options = game->options();
  rec.players = {"a", "b"};
  // The turn split over two lines, then the next player's turn: "2. 0 ..." was written.
  rec.turns = {{turn[0]}, std::vector<Action>(turn.begin() + 1, turn.end())};
  auto after = s->clone();
  for (Action a : turn) after->apply(a);
  rec.turns.push_back(first_turn(*after));
  std::string msg = error_of([&] { format_record(*game, rec); });
  EXPECT_TRUE(contains(msg, "turn 1 stops before player 0's turn ends")) << msg;
  // Cut short as the last turn of an unfinished game (a game stopped mid-turn): written.
  rec.turns = {{turn[0]}};
  EXPECT_EQ(error_of([&] { parse_record(format_record(*game, rec)); }), "");
  // A result for a game that is not over.
  rec.result = std::vector<float>{1.0f, -1.0f};
  msg = error_of([&] { format_record(*game, rec); });
  EXPECT_TRUE(contains(msg, "its moves do not finish the game")) << msg;
  rec.result.reset();
  rec.turns = {{game->num_actions() - 1}};  // `stop` with no chain to stop: illegal
  msg = error_of([&] { format_record(*game, rec); });
  EXPECT_TRUE(contains(msg, "turn 1 holds an illegal action")) << msg;
}

// A legal record of Alquerque's first turn, with the comment on its move line.
std::string alquerque_text(const std::string& comment) {
  const auto game = make_game("alquerque");
  auto s = game->new_initial_state();
  return "hopzero-record 1\ngame: alquerque\nplayer0: a\nplayer1: b\nresult: unfinished\n1. 0 " +
         s->action_to_string(s->legal_actions()[0]) + " {" + comment + "}\n";
}

TEST(RecordReader, SkipsAByteOrderMark) {
  // Before: "not a hopzero game record (expected 'hopzero-record 1', found '\ufeffhopzero...')".
  const std::string text = alquerque_text("x");
  const GameRecord with_mark = parse_record("\xEF\xBB\xBF" + text);
  EXPECT_EQ(with_mark.turns, parse_record(text).turns);
  // Only as the first bytes of the file.
  const std::string msg = error_of([&] { parse_record(text + "\xEF\xBB\xBF# x\n"); });
  EXPECT_TRUE(contains(msg, "<record>:7:")) << msg;
}

TEST(RecordReader, RefusesTextThatIsNotUtf8OrHoldsControlCharacters) {
  // Before: accepted by hopzero replay, while Python raised UnicodeDecodeError.
  std::string msg = error_of([&] { parse_record(alquerque_text("bad \xff byte")); });
  const std::string line6 = alquerque_text("bad \xff byte").substr(alquerque_text("").rfind("1. "));
  EXPECT_TRUE(
      contains(msg, str_cat("<record>:6: byte ", line6.find('\xff') + 1, " is not UTF-8 text")))
      << msg;
  msg = error_of([&] { parse_record(alquerque_text("bell \x07")); });
  EXPECT_TRUE(contains(msg, "<record>:6: character ")) << msg;
  msg = error_of([&] { parse_record(alquerque_text("a\rb")); });
  EXPECT_TRUE(contains(msg, "the control character '\\r'")) << msg;
  // A tab, and letters outside ASCII, are text.
  EXPECT_EQ(parse_record(alquerque_text("a\tb é")).comments[0], "a\tb é");
  // CRLF line ends are fine.
  std::string crlf;
  for (char c : alquerque_text("x")) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_EQ(error_of([&] { parse_record(crlf); }), "");
}

TEST(RecordReader, RefusesWhatTheWriterRefuses) {
  const std::string text = alquerque_text("x");
  // An empty player.
  std::string bad = text;
  bad.replace(bad.find("player0: a"), 10, "player0:");
  std::string msg = error_of([&] { parse_record(bad); });
  EXPECT_TRUE(contains(msg, "<record>:3: 'player0:' names no agent")) << msg;
  // A header key twice (the last used to win).
  bad = text;
  bad.replace(bad.find("result: unfinished"), 0, "game: jumpers\n");
  msg = error_of([&] { parse_record(bad); });
  EXPECT_TRUE(contains(msg, "<record>:5: a second 'game:' line")) << msg;
  // An option twice.
  msg = error_of([&] {
    parse_record(
        "hopzero-record 1\ngame: alquerque\n"
        "options: max_plies=10,max_plies=20\n");
  });
  EXPECT_TRUE(contains(msg, "option 'max_plies' is given twice")) << msg;
  // A turn split over two lines.
  const auto game = make_game("jumpers", {{"size", "6"}});
  auto s = game->new_initial_state();
  const std::vector<Action> turn = first_turn(*s);
  ASSERT_GE(turn.size(), 2u);  // a jump-and-birth turn (docs/rules/jumpers.md)
  auto mid = s->clone();
  mid->apply(turn[0]);
  const std::string split =
      "hopzero-record 1\ngame: jumpers\noptions: size=6\nplayer0: a\n"
      "player1: b\nresult: unfinished\n1. 0 " +
      s->turn_to_string({turn[0]}) + "\n2. 0 " +
      mid->turn_to_string({turn.begin() + 1, turn.end()}) + "\n";
  msg = error_of([&] { parse_record(split); });
  EXPECT_TRUE(contains(msg, "<record>:8: turn 1 stops before player 0's turn ends")) << msg;
}

}  // namespace
}  // namespace hz
