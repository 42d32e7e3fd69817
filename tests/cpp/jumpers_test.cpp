// Tests of the Jumpers engine (cpp/games/jumpers) against docs/rules/jumpers.md: the seed's
// three examples replayed move by move, Red's first turns counted by hand, one position per
// edge case of the rules, the notation, the state text, the network view, and random games
// checked turn by turn against the independent slow generator in jumpers_reference.h.
//
// Positions are written as serialized states (format in jumpers.h): rows from the top row down,
// 'r' Red, 't' Turquoise, '.' empty.
#include "games/jumpers/jumpers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "core/rng.h"
#include "games/adapter.h"
#include "games/perft.h"
#include "games/registry.h"
#include "jumpers_reference.h"

namespace hz {
namespace {

using jumpers::kDown;
using jumpers::kLeft;
using jumpers::kRight;
using jumpers::kUp;
using jumpers::Phase;
using State = Jumpers::State;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

const Jumpers& game(int side) {
  static const Jumpers g6(GameOptions{{"size", "6"}});
  static const Jumpers g8(GameOptions{{"size", "8"}});
  static const Jumpers g10(GameOptions{{"size", "10"}});
  return side == 6 ? g6 : side == 8 ? g8 : g10;
}

// A start-of-turn position; rows top first, separated by '/'.
State position(const Jumpers& g, const std::string& rows, char player = 'r', int red = 12,
               int turquoise = 13) {
  return g.deserialize(rows + " " + player + " " + std::to_string(red) + " " +
                       std::to_string(turquoise) + " start - - 0");
}

int pt(const Jumpers& g, const char* name) {
  return g.parse_point(name, "test");
}
Action hop(const Jumpers& g, const char* from, int dir) {
  return pt(g, from) * 4 + dir;
}
Action birth(const Jumpers& g, const char* at) {
  return g.birth_action(pt(g, at));
}

std::set<Action> legal(const State& s) {
  Jumpers::ActionList list;
  s.legal_actions(list);
  return std::set<Action>(list.begin(), list.end());
}

// Every complete turn from `s`, as the engine writes it. Checks on the way that no offered
// action leads into a dead end (a same-player state without actions) and that each turn's text
// parses back into the same actions.
void collect_turns(const State& start, const State& s, std::vector<Action>& prefix,
                   std::vector<std::string>& out) {
  Jumpers::ActionList list;
  s.legal_actions(list);
  ASSERT_FALSE(list.empty()) << "dead end after '" << start.turn_to_string(prefix) << "'\n"
                             << s.to_string();
  for (Action a : list) {
    State next = s;
    next.apply(a);
    prefix.push_back(a);
    if (next.is_terminal() || next.current_player() != start.current_player()) {
      const std::string text = start.turn_to_string(prefix);
      EXPECT_EQ(start.parse_turn(text), prefix) << text;
      out.push_back(text);
    } else {
      collect_turns(start, next, prefix, out);
    }
    prefix.pop_back();
  }
}

std::vector<std::string> engine_turns(const State& s) {
  std::vector<std::string> out;
  std::vector<Action> prefix;
  if (!s.is_terminal()) collect_turns(s, s, prefix, out);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> reference_turns(const State& s) {
  std::vector<std::string> out;
  for (const auto& t : jumpers_ref::Generator::turns(jumpers_ref::from_serialized(s.serialize())))
    out.push_back(t.text);
  return out;
}

State play_turn(const State& s, const std::string& text) {
  State next = s;
  for (Action a : s.parse_turn(text)) next.apply(a);
  return next;
}

// ---------------------------------------------------------------------------------------------
// Red's first turns, by hand. Red starts on A1, B1, A2, B2; Turquoise is far away, so there is
// no capture and the turn is a jump and a birth. Own hops of the 2x2 block (a hop goes over an
// adjacent own piece to the empty point beyond; no diagonals):
//   A1: right over B1 to C1; up over A2 to A3.          (left/down leave the board)
//   B1: up over B2 to B3.                                (right: C1 is empty, nothing to jump)
//   A2: right over B2 to C2.                             (up: A3 empty; down: leaves the board)
//   B2: nothing (C2 and B3 are empty; left and down leave the board).
// No chain continues: from each landing the only adjacent own piece is the one just jumped,
// and jumping it back lands on the start, which is visited (C1 over B1 -> A1, A3 over A2 -> A1,
// B3 over B2 -> B1, C2 over B2 -> A2). The birth goes on an empty neighbour of the landing:
//   C1: B1 own, D1 and C2 empty             -> 2 turns
//   A3: A2 own, A4 and B3 empty             -> 2 turns
//   B3: B2 own, A3, C3, B4 empty            -> 3 turns
//   C2: B2 own, C1, D2, C3 empty            -> 3 turns
// Total 10 on every size (the block and its neighbours are the same on 6x6, 8x8 and 10x10).
// Depth 2 is 10 x 10 = 100: Turquoise's block is the mirror image and no piece either side can
// reach lies next to, or on a landing or birth point of, the other side.
TEST(Jumpers, RedFirstTurnsByHand) {
  const std::vector<std::string> by_hand = {"a1-a3 +a4", "a1-a3 +b3", "a1-c1 +c2", "a1-c1 +d1",
                                            "a2-c2 +c1", "a2-c2 +c3", "a2-c2 +d2", "b1-b3 +a3",
                                            "b1-b3 +b4", "b1-b3 +c3"};
  for (int side : {6, 8, 10}) {
    SCOPED_TRACE(side);
    const State s = game(side).initial_state();
    EXPECT_EQ(engine_turns(s), by_hand);
    EXPECT_EQ(reference_turns(s), by_hand);
    EXPECT_EQ(perft<Jumpers>(s, 1), 10u);
    EXPECT_EQ(perft<Jumpers>(s, 2), 100u);
    // The first atomic actions: the four hops, nothing else.
    EXPECT_EQ(legal(s),
              (std::set<Action>{hop(game(side), "a1", kRight), hop(game(side), "a1", kUp),
                                hop(game(side), "b1", kUp), hop(game(side), "a2", kRight)}));
  }
}

// Deeper perft from the start, against the slow reference generator's own perft.
TEST(Jumpers, PerftMatchesReference) {
  for (int side : {6, 8}) {
    SCOPED_TRACE(side);
    const State s = game(side).initial_state();
    const auto ref = jumpers_ref::from_serialized(s.serialize());
    for (int depth = 3; depth <= (side == 6 ? 5 : 4); ++depth)
      EXPECT_EQ(perft<Jumpers>(s, depth), jumpers_ref::perft(ref, depth)) << "depth " << depth;
  }
}

// The registry builds the variants, with the reserves of each size, and perft runs through it.
TEST(Jumpers, RegistryVariants) {
  const int reserves[3][2] = {{12, 13}, {20, 20}, {30, 31}};
  const int sides[3] = {6, 8, 10};
  for (int i = 0; i < 3; ++i) {
    auto any = make_game("jumpers", GameOptions{{"size", std::to_string(sides[i])}});
    EXPECT_EQ(any->num_actions(), 5 * sides[i] * sides[i] + 1);
    EXPECT_EQ(any->observation_shape(), (ObservationShape{10, sides[i], sides[i]}));
    auto s = any->new_initial_state();
    EXPECT_EQ(any->perft(*s, 1), 10u);
    const State& st = state_of<Jumpers>(*s);
    EXPECT_EQ(st.reserve(0), reserves[i][0]);
    EXPECT_EQ(st.reserve(1), reserves[i][1]);
  }
  EXPECT_EQ(make_game("jumpers")->options().get_int("size"), 6);
  EXPECT_NE(error_of([] {
              make_game("jumpers", GameOptions{{"size", "7"}});
            }).find("'7'"),
            std::string::npos);
  // The start: Red on A1 B1 A2 B2, Turquoise on the opposite 2x2 block.
  EXPECT_EQ(game(6).initial_state().serialize(),
            "....tt/....tt/....../....../rr..../rr.... r 12 13 start - - 0");
}

// Upper bound on actions per game, derived by hand (R = both reserves, T = 8 + 2R turns,
// own hops per turn <= (N/2)^2 - 1, captures per game <= 8 + R, stops and births <= R each):
//   6x6:  R = 25: 33 + 50 + 58 * 8    = 547
//   8x8:  R = 40: 48 + 80 + 88 * 15   = 1448
//   10x10: R = 61: 69 + 122 + 130 * 24 = 3311
TEST(Jumpers, MaxGameLength) {
  EXPECT_EQ(game(6).max_game_length(), 547);
  EXPECT_EQ(game(8).max_game_length(), 1448);
  EXPECT_EQ(game(10).max_game_length(), 3311);
}

// ---------------------------------------------------------------------------------------------
// The seed's examples.

// C2xD2 -> E2, xE3 -> E4: two captures, then the turn ends (no capture from E4).
TEST(Jumpers, SeedExampleTwoCaptures) {
  const Jumpers& g = game(6);
  const State s = position(g, ".....t/.....t/....../....t./..rt../......");
  EXPECT_EQ(legal(s), std::set<Action>{hop(g, "c2", kRight)});  // the only capture
  State t = s;
  t.apply(t.parse_action("c2xe2"));
  EXPECT_EQ(t.current_player(), 0);
  EXPECT_EQ(t.phase(), Phase::kCapture);
  EXPECT_EQ(t.moving_piece(), pt(g, "e2"));
  EXPECT_FALSE(jumpers::has(t.pieces(1), pt(g, "d2")));  // removed at once
  EXPECT_EQ(legal(t), std::set<Action>{hop(g, "e2", kUp)});
  t.apply(t.parse_action("E2xE4"));
  EXPECT_EQ(t.current_player(), 1);  // turn over
  EXPECT_EQ(t.serialize(), ".....t/.....t/....r./....../....../...... t 12 13 start - - 2");
  EXPECT_EQ(s.parse_turn("C2xE2xE4"),
            (std::vector<Action>{hop(g, "c2", kRight), hop(g, "e2", kUp)}));
  EXPECT_EQ(s.turn_to_string(s.parse_turn("c2xe2xe4")), "c2xe2xe4");
  EXPECT_EQ(engine_turns(s), std::vector<std::string>{"c2xe2xe4"});
}

// A1 -> C1 -> C3 over own pieces, then a birth on D3.
TEST(Jumpers, SeedExampleJumpAndBirth) {
  const Jumpers& g = game(6);
  const State s = position(g, ".....t/.....t/....../....../..r.../rr....");
  State t = s;
  t.apply(t.parse_action("a1-c1"));
  EXPECT_EQ(t.phase(), Phase::kJump);
  EXPECT_EQ(t.visited(), jumpers::bit(pt(g, "a1")) | jumpers::bit(pt(g, "c1")));
  // From C1: up over C2 to C3, or stop (D1 is empty); back over B1 lands on the visited A1.
  EXPECT_EQ(legal(t), (std::set<Action>{hop(g, "c1", kUp), g.stop_action()}));
  t.apply(t.parse_action("c1-c3"));
  EXPECT_EQ(legal(t), std::set<Action>{g.stop_action()});  // C3 -> C1 again is visited
  t.apply(t.parse_action("stop"));
  EXPECT_EQ(t.phase(), Phase::kBirth);
  EXPECT_EQ(legal(t), (std::set<Action>{birth(g, "b3"), birth(g, "d3"), birth(g, "c4")}));
  t.apply(t.parse_action("+d3"));
  EXPECT_EQ(t.current_player(), 1);
  EXPECT_EQ(t.serialize(), ".....t/.....t/....../..rr../..r.../.r.... t 11 13 start - - 4");
  const std::vector<Action> turn = {hop(g, "a1", kRight), hop(g, "c1", kUp), g.stop_action(),
                                    birth(g, "d3")};
  EXPECT_EQ(s.parse_turn("a1-c1-c3 +d3"), turn);
  EXPECT_EQ(s.parse_turn("A1-C1-C3 STOP +D3"), turn);
  EXPECT_EQ(s.turn_to_string(turn), "a1-c1-c3 +d3");
  EXPECT_EQ(s.turn_to_string({hop(g, "a1", kRight), g.stop_action()}), "a1-c1 stop");
}

// B2 -> D2 over an own piece; from D2 a capture is possible, so it must capture D3 -> D4 and the
// turn ends without a birth.
TEST(Jumpers, SeedExampleJumpIntoCapture) {
  const Jumpers& g = game(6);
  const State s = position(g, ".....t/.....t/....../...t../.rr.../......");
  // No capture at the start; own hops: B2 over C2 to D2, C2 over B2 to A2.
  EXPECT_EQ(legal(s), (std::set<Action>{hop(g, "b2", kRight), hop(g, "c2", kLeft)}));
  State t = s;
  t.apply(t.parse_action("b2-d2"));
  EXPECT_EQ(t.phase(), Phase::kCapture);
  EXPECT_EQ(legal(t), std::set<Action>{hop(g, "d2", kUp)});  // no stop, no birth
  t.apply(t.parse_action("d2xd4"));
  EXPECT_EQ(t.current_player(), 1);
  EXPECT_EQ(t.serialize(), ".....t/.....t/...r../....../..r.../...... t 12 13 start - - 2");
  EXPECT_EQ(s.turn_to_string(s.parse_turn("b2-d2xd4")), "b2-d2xd4");
}

// ---------------------------------------------------------------------------------------------
// Edge cases of the rules.

// A capture anywhere at the start of the turn makes the turn a capture.
TEST(Jumpers, CaptureIsCompulsory) {
  const Jumpers& g = game(6);
  const State s = position(g, ".....t/.....t/....../....../..rt../rr....");
  EXPECT_EQ(legal(s), std::set<Action>{hop(g, "c2", kRight)});
  const std::string msg = error_of([&] { s.parse_action("a1-c1"); });
  EXPECT_NE(msg.find("a1-c1"), std::string::npos);
  EXPECT_NE(msg.find("compulsory"), std::string::npos);
}

// A1 -> C1 reaches a capture (C2 -> C3); A4/A5 can only jump to points without a capture.
// With an empty reserve only the jump into the capture is a legal start; with a reserve the
// others are too.
TEST(Jumpers, EmptyReserveOnlyJumpsIntoCapture) {
  const Jumpers& g = game(6);
  const std::string rows = ".....t/r....t/r...../....../..t.../rr....";
  const State empty = position(g, rows, 'r', 0, 13);
  EXPECT_EQ(legal(empty), std::set<Action>{hop(g, "a1", kRight)});
  EXPECT_EQ(engine_turns(empty), std::vector<std::string>{"a1-c1xc3"});
  EXPECT_EQ(reference_turns(empty), std::vector<std::string>{"a1-c1xc3"});
  const std::string msg = error_of([&] { empty.parse_action("a4-a6"); });
  EXPECT_NE(msg.find("reserve is empty"), std::string::npos) << msg;
  const State after = play_turn(empty, "a1-c1xc3");
  EXPECT_EQ(after.reserve(0), 0);
  EXPECT_EQ(after.current_player(), 1);

  const State some = position(g, rows, 'r', 3, 13);
  EXPECT_EQ(legal(some),
            (std::set<Action>{hop(g, "a1", kRight), hop(g, "a4", kUp), hop(g, "a5", kDown)}));
}

// Landing on C1 with B1, D1, C2 occupied: no birth there, so no stop.
TEST(Jumpers, NoStopWithoutBirthPoint) {
  const Jumpers& g = game(6);
  // C3 empty: the chain must go on to C3, where a birth is possible.
  State s = position(g, ".....t/.....t/....../....../..r.../rr.rr.");
  s.apply(s.parse_action("a1-c1"));
  EXPECT_EQ(legal(s), std::set<Action>{hop(g, "c1", kUp)});
  const std::string msg = error_of([&] { s.parse_action("stop"); });
  EXPECT_NE(msg.find("no empty neighbour"), std::string::npos) << msg;
  s.apply(s.parse_action("c1-c3"));
  EXPECT_TRUE(legal(s).count(g.stop_action()));
  // C3 occupied too: A1 -> C1 is a dead end and is not offered at all.
  const State dead = position(g, ".....t/.....t/....../..r.../..r.../rr.rr.");
  EXPECT_FALSE(legal(dead).count(hop(g, "a1", kRight)));
  EXPECT_NE(error_of([&] { dead.parse_action("a1-c1"); }).find("neither a capture nor"),
            std::string::npos);
  EXPECT_EQ(engine_turns(dead), reference_turns(dead));
}

// A1 -> C1 -> C3 over own pieces; from C3 the piece can capture C4, so it must (no birth).
TEST(Jumpers, CaptureReachedMidChain) {
  const Jumpers& g = game(6);
  const State s = position(g, ".....t/.....t/..t.../....../..r.../rr....");
  State t = s;
  t.apply(t.parse_action("a1-c1"));
  EXPECT_EQ(t.phase(), Phase::kJump);
  t.apply(t.parse_action("c1-c3"));
  EXPECT_EQ(t.phase(), Phase::kCapture);
  EXPECT_EQ(legal(t), std::set<Action>{hop(g, "c3", kUp)});
  EXPECT_NE(error_of([&] { t.parse_action("stop"); }).find("must go on"), std::string::npos);
  t.apply(t.parse_action("c3xc5"));
  EXPECT_EQ(t.current_player(), 1);
  EXPECT_EQ(t.reserve(0), 12);
  EXPECT_EQ(engine_turns(s), reference_turns(s));
}

// A capture loop round D4 that ends on the start point C3: allowed. Both ways round are turns,
// and nothing else (from each landing exactly one enemy piece is adjacent). Turquoise is left
// with one isolated piece (A6), has no turn, and loses.
TEST(Jumpers, CaptureChainMayRevisitStart) {
  const Jumpers& g = game(6);
  const State s = position(g, "t...../...t../..t.t./..rt../....../......");
  const std::vector<std::string> by_hand = {"c3xc5xe5xe3xc3", "c3xe3xe5xc5xc3"};
  EXPECT_EQ(engine_turns(s), by_hand);
  EXPECT_EQ(reference_turns(s), by_hand);
  State t = s;
  for (const char* step : {"c3xe3", "e3xe5", "e5xc5"}) t.apply(t.parse_action(step));
  EXPECT_EQ(legal(t), std::set<Action>{hop(g, "c5", kDown)});  // back onto the start
  t.apply(t.parse_action("c5xc3"));
  EXPECT_TRUE(t.is_terminal());
  EXPECT_EQ(t.serialize(), "t...../....../....../..r.../....../...... t 12 13 start - - 4");
  PlayerValues r;
  t.returns(r);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], -1.0f);
}

// The same loop over own pieces: an own-jump chain never lands on a visited point, the start
// included.
TEST(Jumpers, OwnJumpChainNeverRevisits) {
  const Jumpers& g = game(6);
  const State s = position(g, "tt..../...r../..r.r./..rr../....../......");
  State t = s;
  t.apply(t.parse_action("c3-e3"));
  // E3: left over D3 would land on the start C3; up over E4 to E5 is open; F3, E2 are free.
  EXPECT_EQ(legal(t), (std::set<Action>{hop(g, "e3", kUp), g.stop_action()}));
  t.apply(t.parse_action("e3-e5"));
  // E5: down over E4 would land on the visited E3.
  EXPECT_EQ(legal(t), (std::set<Action>{hop(g, "e5", kLeft), g.stop_action()}));
  t.apply(t.parse_action("e5-c5"));
  // C5: down over C4 would close the loop on C3, right over D5 would land on E5.
  EXPECT_EQ(legal(t), std::set<Action>{g.stop_action()});
  const std::string msg = error_of([&] { t.parse_action("c5-c3"); });
  EXPECT_NE(msg.find("already visited"), std::string::npos) << msg;
  EXPECT_EQ(engine_turns(s), reference_turns(s));
}

// The player to move without a complete legal turn loses; there is no pass.
TEST(Jumpers, NoLegalTurnLoses) {
  const Jumpers& g = game(6);
  // Empty reserve, A1 -> C1 reaches no capture: nothing legal.
  const State empty = position(g, ".....t/.....t/....../....../....../rr....", 'r', 0, 13);
  EXPECT_TRUE(empty.is_terminal());
  EXPECT_EQ(empty.current_player(), kTerminalPlayer);
  EXPECT_TRUE(legal(empty).empty());
  PlayerValues r;
  empty.returns(r);
  EXPECT_EQ(r[0], -1.0f);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_NE(empty.to_string().find("Red has no legal turn"), std::string::npos);
  EXPECT_TRUE(reference_turns(empty).empty());
  // A lone piece cannot jump (nothing of its own to jump over) and has no capture.
  const State lone = position(g, ".....t/.....t/....../....../....../r.....", 'r', 12, 13);
  EXPECT_TRUE(lone.is_terminal());
  // Reached by play: Turquoise moves, then Red (lone piece) has no turn.
  const State before = position(g, "....../....tt/....../....../....../r.....", 't', 12, 13);
  EXPECT_FALSE(before.is_terminal());
  const State after = play_turn(before, "f5-d5 +d6");
  EXPECT_TRUE(after.is_terminal());
  after.returns(r);
  EXPECT_EQ(r[0], -1.0f);
  EXPECT_EQ(r[1], 1.0f);
  // A terminal state round-trips: the loser is the player to move.
  EXPECT_EQ(g.deserialize(after.serialize()).serialize(), after.serialize());
  EXPECT_TRUE(g.deserialize(after.serialize()).is_terminal());
}

// ---------------------------------------------------------------------------------------------
// Notation and state text.

TEST(Jumpers, NotationErrorsNameTextAndReason) {
  const Jumpers& g = game(6);
  const State s = g.initial_state();
  auto expect_error = [&](const std::function<void()>& f, const std::string& text,
                          const std::string& reason) {
    const std::string msg = error_of(f);
    EXPECT_NE(msg.find(text), std::string::npos) << msg;
    EXPECT_NE(msg.find(reason), std::string::npos) << msg;
  };
  expect_error([&] { s.parse_action("g1-e1"); }, "g1-e1", "off the 6x6 board");
  expect_error([&] { s.parse_action("a7-a5"); }, "a7-a5", "row 7 is off the board");
  expect_error([&] { s.parse_action("a1-d1"); }, "a1-d1", "exactly two points along a line");
  expect_error([&] { s.parse_action("a1*c1"); }, "a1*c1", "expected '-'");
  expect_error([&] { s.parse_action("a1xc1"); }, "a1xc1", "write it a1-c1");
  expect_error([&] { s.parse_action("a1-c1-c3"); }, "a1-c1-c3", "parse_turn");
  expect_error([&] { s.parse_action("c1-e1"); }, "c1-e1", "no Red piece on c1");
  expect_error([&] { s.parse_action("b2-d2"); }, "b2-d2", "nothing to jump over on c2");
  expect_error([&] { s.parse_action("stop"); }, "stop", "no piece has jumped");
  expect_error([&] { s.parse_action("+c1"); }, "+c1", "a birth follows only a stop");
  expect_error([&] { s.parse_action("5x"); }, "5x", "not a point");
  expect_error([&] { s.parse_turn(""); }, "empty", "turn");
  expect_error([&] { s.parse_turn("a1-c1 +c2 b1-b3"); }, "the turn is over after 'a1-c1 +c2'",
               "b1-b3");
  expect_error([&] { s.parse_turn("a1-c1 +e1"); }, "+e1", "next to the jumping piece on c1");
  // Single actions print as they are written; hops that leave the board still print.
  EXPECT_EQ(s.action_to_string(hop(g, "a1", kRight)), "a1-c1");
  EXPECT_EQ(s.action_to_string(g.stop_action()), "stop");
  EXPECT_EQ(s.action_to_string(birth(g, "d3")), "+d3");
  EXPECT_EQ(s.action_to_string(hop(g, "a1", kLeft)), "a1 left (off the board)");
  EXPECT_EQ(s.parse_action(" A1-C1 "), hop(g, "a1", kRight));
  // 10x10: two-digit rows and column j.
  const State big = game(10).initial_state();
  EXPECT_EQ(game(10).point_name(99), "j10");
  EXPECT_EQ(big.turn_to_string(big.parse_turn("a2-c2 +c3")), "a2-c2 +c3");
}

TEST(Jumpers, DeserializeRejectsBadText) {
  const Jumpers& g = game(6);
  auto expect_error = [&](const std::string& text, const std::string& reason) {
    const std::string msg = error_of([&] { g.deserialize(text); });
    EXPECT_NE(msg.find(reason), std::string::npos) << text << " -> " << msg;
  };
  expect_error("....tt/....tt/....../....../rr.... r 12 13 start - - 0", "5 rows, expected 6");
  expect_error("....tt/....tt/....../....../rr..../rr... r 12 13 start - - 0", "row 1 has 5");
  expect_error("....tt/....tt/....../....../rr..../rr..x. r 12 13 start - - 0", "'x' at e1");
  expect_error("....tt/....tt/....../....../rr..../rr.... q 12 13 start - - 0", "'q'");
  expect_error("....tt/....tt/....../....../rr..../rr.... r 1x 13 start - - 0", "Red reserve");
  expect_error("....tt/....tt/....../....../rr..../rr.... r 12 13 walk - - 0", "phase 'walk'");
  expect_error("....tt/....tt/....../....../rr..../rr.... r 12 13 start", "8 space-separated");
  expect_error("....tt/....tt/....../....../rr..../rr.... r 12 13 start a1 a1 0",
               "no moving piece");
  expect_error("....tt/....tt/....../....../rr..../.r..r. r 0 13 jump e1 e1 0",
               "can reach neither");
  expect_error("....tt/....tt/....../....../rr..../.rr... r 12 13 capture c1 a1,c1 0",
               "has no capture");
  expect_error("....tt/....tt/....../....../rr..../.rr... r 12 13 jump d1 a1,d1 0",
               "holds no Red piece");
  expect_error("....tt/....tt/....../....../rr..../rrr... r 12 13 jump c1 a1,c1 0",
               "visited point a1 is occupied");
  expect_error("....tt/....tt/....../....../rr..../.rr... r 0 13 birth c1 a1,c1 1",
               "no birth is possible");
  // A mid-turn state round-trips.
  State s = g.initial_state();
  s.apply(s.parse_action("a1-c1"));
  EXPECT_EQ(s.serialize(), "....tt/....tt/....../....../rr..../.rr... r 12 13 jump c1 a1,c1 1");
  const State back = g.deserialize(s.serialize());
  EXPECT_EQ(back.serialize(), s.serialize());
  EXPECT_EQ(back.hash(), s.hash());
  EXPECT_EQ(legal(back), legal(s));
}

// ---------------------------------------------------------------------------------------------
// The network's view.

TEST(Jumpers, CanonicalViewAndPolicy) {
  const Jumpers& g = game(6);
  const State red = g.initial_state();
  const State turq = play_turn(red, "a1-c1 +d1");
  ASSERT_EQ(turq.current_player(), 1);
  const int n2 = 36;
  std::vector<float> obs(g.observation_shape().size());
  turq.observation(obs.data());
  // Turquoise sees its own block at its bottom-left: canonical a1, b1, a2, b2.
  for (int p : {0, 1, 6, 7}) EXPECT_EQ(obs[p], 1.0f) << p;
  // Red's pieces (b1, a2, b2, c1, d1) appear rotated: b1 -> e6 (34), d1 -> c6 (32).
  EXPECT_EQ(obs[n2 + 34], 1.0f);
  EXPECT_EQ(obs[n2 + 32], 1.0f);
  EXPECT_EQ(obs[4 * n2], 1.0f);                     // start-of-turn phase plane
  EXPECT_FLOAT_EQ(obs[8 * n2], 13.0f / 13.0f);      // own (Turquoise) reserve first
  EXPECT_FLOAT_EQ(obs[9 * n2 + 5], 11.0f / 13.0f);  // Red gave birth once
  // Turquoise's hop F6 left over E6 is Red's A1 right in the canonical view.
  EXPECT_EQ(turq.policy_index(hop(g, "f6", kLeft)), hop(g, "a1", kRight));
  EXPECT_EQ(turq.policy_index(birth(g, "f6")), birth(g, "a1"));
  EXPECT_EQ(turq.policy_index(g.stop_action()), g.stop_action());
  // Bijections on ids for both players.
  for (const State* s : {&red, &turq}) {
    std::set<int> seen;
    for (Action a = 0; a < g.num_actions(); ++a) {
      const int i = s->policy_index(a);
      EXPECT_EQ(s->action_from_policy_index(i), a);
      seen.insert(i);
    }
    EXPECT_EQ(static_cast<int>(seen.size()), g.num_actions());
  }
  // The diagonal reflection: a1 right <-> a1 up, b1 <-> a2, c1 left <-> a3 down.
  EXPECT_EQ(g.transform_policy_index(1, hop(g, "a1", kRight)), hop(g, "a1", kUp));
  EXPECT_EQ(g.transform_policy_index(1, hop(g, "c1", kLeft)), hop(g, "a3", kDown));
  EXPECT_EQ(g.transform_policy_index(1, birth(g, "b1")), birth(g, "a2"));
  EXPECT_EQ(g.transform_policy_index(0, hop(g, "c1", kLeft)), hop(g, "c1", kLeft));
}

// Checks of one state against the contract: observation finite and consistent with the
// transformed state; legal actions map onto the transformed state's legal actions; hashing and
// text round-trips.
void check_state_contract(const State& s) {
  const Jumpers& g = s.game();
  const int size = g.observation_shape().size();
  std::vector<float> obs(size), moved(size), obs_t(size);
  s.observation(obs.data());
  for (float v : obs) ASSERT_TRUE(std::isfinite(v));
  const State t = g.transform_state(s, 1);
  g.transform_observation(1, obs.data(), moved.data());
  t.observation(obs_t.data());
  ASSERT_EQ(moved, obs_t) << s.serialize();
  std::set<int> mapped, expected;
  for (Action a : legal(s)) mapped.insert(g.transform_policy_index(1, s.policy_index(a)));
  for (Action a : legal(t)) expected.insert(t.policy_index(a));
  ASSERT_EQ(mapped, expected) << s.serialize();
  const State back = g.deserialize(s.serialize());
  ASSERT_EQ(back.serialize(), s.serialize());
  ASSERT_EQ(back.hash(), s.hash());
  ASSERT_EQ(back.is_terminal(), s.is_terminal());
}

// Random games: every turn start is compared with the reference generator (whole turns, as
// text), every state is checked against the contract, and the game ends within the bound.
void play_random_games(int side, int games, uint64_t seed, bool with_reference) {
  const Jumpers& g = game(side);
  Rng rng(seed);
  for (int i = 0; i < games; ++i) {
    State s = g.initial_state();
    std::set<std::string> seen_texts;
    std::set<uint64_t> seen_hashes;
    while (!s.is_terminal()) {
      ASSERT_LT(s.move_number(), g.max_game_length());
      if (s.phase() == Phase::kStart && with_reference) {
        ASSERT_EQ(engine_turns(s), reference_turns(s)) << s.serialize();
      }
      check_state_contract(s);
      if (seen_texts.insert(s.serialize()).second) seen_hashes.insert(s.hash());
      Jumpers::ActionList list;
      s.legal_actions(list);
      ASSERT_FALSE(list.empty());
      s.apply(list[rng.uniform_int(static_cast<uint32_t>(list.size()))]);
    }
    check_state_contract(s);
    if (with_reference) {
      ASSERT_TRUE(reference_turns(s).empty()) << s.serialize();
    }
    EXPECT_EQ(seen_hashes.size(), seen_texts.size());  // no collisions among distinct states
    PlayerValues r;
    s.returns(r);
    EXPECT_EQ(r[0] + r[1], 0.0f);
    EXPECT_EQ(std::fabs(r[0]), 1.0f);
    EXPECT_EQ(r[s.player_to_move()], -1.0f);
  }
}

TEST(Jumpers, RandomGamesMatchReference6) {
  play_random_games(6, 100, 1, true);
}
TEST(Jumpers, RandomGamesMatchReference8) {
  play_random_games(8, 20, 2, true);
}
TEST(Jumpers, RandomGameToTheEnd10) {
  play_random_games(10, 5, 3, true);
}

}  // namespace
}  // namespace hz
