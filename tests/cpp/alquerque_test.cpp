// Tests of the Alquerque engine against docs/rules/alquerque.md: the checks the rules page
// asks for, each optional rule on and off in constructed positions, the end of the game,
// notation and serialization, the canonical view, and perft and random games compared with a
// slow reference implementation (alquerque_reference.h).
//
// Expected values are worked out by hand from the rules page (the reasoning is in the
// comments) or come from the reference; action ids are computed here from the rules page's
// definition (step = point*8 + dir, jump = 200 + point*8 + dir, stop = 400, huff = 401 + point,
// point = row*5 + col, directions N NE E SE S SW W NW), not from engine constants.
#include "games/alquerque/alquerque.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "alquerque_positions.h"
#include "alquerque_reference.h"
#include "core/error.h"
#include "core/rng.h"
#include "games/perft.h"
#include "games/registry.h"
#include "test_util.h"

namespace hz {
namespace {

using namespace alq_test;

// ---------------------------------------------------------------------------------------------
// The checks listed on the rules page.

// Start: White on rows 3-4 and d3, e3; Black on rows 0-1 and a3, b3; only c3 (2,2) is empty.
// A first move must end on c3: no jump can (every piece next to c3 is White, or is Black and
// not White's to move), so White's moves are the steps into c3 along a line. c3 has row+col =
// 4, even: on the odd (default) and none boards it has only orthogonal lines, to c4 and b3
// (Black) and to c2 and d3 (White): exactly c2-c3 (c2 north) and d3-c3 (d3 west).
TEST(AlquerqueRules, DefaultFirstMovesAreC2C3AndD3C3) {
  for (const char* diagonals : {"odd", "none"}) {
    auto g = make({{"diagonals", diagonals}});
    EXPECT_EQ(legal(g->initial_state()), (std::set<Action>{step("c2", N), step("d3", W)}))
        << diagonals;
  }
}

// On the even (classic) board c3 also has diagonals, to b4 and d4 (Black) and b2 and d2
// (White): b2 north-east and d2 north-west add two, four moves in all.
TEST(AlquerqueRules, EvenBoardHasFourFirstMoves) {
  auto g = make({{"diagonals", "even"}});
  EXPECT_EQ(legal(g->initial_state()),
            (std::set<Action>{step("c2", N), step("d3", W), step("d2", NW), step("b2", NE)}));
}

// After c2-c3 on the odd board, c2 (3,2) is the only empty point; row+col = 5 is odd, so it
// has diagonals to b3, d3, b1, d1. Black reaches it by the step b3-c2 (south-east), by the
// capture c4xc2 over c3 (now White) and by the capture e4xc2 along the diagonal e4-d3-c2 over
// the White piece on d3 (e4 has row+col = 5, odd, so the diagonal is drawn). Neither capture can
// continue: from c2 every other neighbour is White with a White piece or the edge behind it.
// So Black has both kinds of move, as the seed says.
TEST(AlquerqueRules, AfterC2C3BlackHasStepsAndCaptures) {
  auto g = make();
  AlquerqueState s = g->initial_state();
  s.apply(step("c2", N));
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(legal(s), (std::set<Action>{step("b3", SE), jump("c4", S), jump("e4", SW)}));
  // After d3-c3 instead, d3 (row+col 5, odd) is empty: steps d4-d3, c4-d3 (south-east), e4-d3
  // (south-west), and the capture b3xd3 over c3.
  AlquerqueState t = g->initial_state();
  t.apply(step("d3", W));
  EXPECT_EQ(legal(t),
            (std::set<Action>{step("d4", S), step("c4", SE), step("e4", SW), jump("b3", E)}));
}

// Margins are material ahead, (own pieces - enemy pieces) / 12: 0 each at the start (12 pieces
// each); after c2-c3 and Black's capture c4xc2 (the test above) White has 11 and Black 12.
TEST(AlquerqueRules, MarginsAreMaterialAhead) {
  auto g = make();
  AlquerqueState s = g->initial_state();
  PlayerValues m;
  m.fill(5.0f);
  s.margins(m);
  EXPECT_EQ(m, PlayerValues{});
  s.apply(step("c2", N));
  s.apply(jump("c4", S));
  s.margins(m);
  EXPECT_FLOAT_EQ(m[0], -1.0f / 12);
  EXPECT_FLOAT_EQ(m[1], 1.0f / 12);
  for (int p = 2; p < kMaxPlayers; ++p) EXPECT_EQ(m[p], 0.0f);
}

// The same replies on the even board: c2 has no diagonals there, so after c2-c3 Black can only
// capture c4xc2; after d3-c3 (d3 again without diagonals) Black has d4-d3 and b3xd3.
TEST(AlquerqueRules, EvenBoardRepliesDiffer) {
  auto g = make({{"diagonals", "even"}});
  AlquerqueState s = g->initial_state();
  s.apply(step("c2", N));
  EXPECT_EQ(legal(s), (std::set<Action>{jump("c4", S)}));
  AlquerqueState t = g->initial_state();
  t.apply(step("d3", W));
  EXPECT_EQ(legal(t), (std::set<Action>{step("d4", S), jump("b3", E)}));
}

// Perft over complete turns, by hand from the replies above: default (odd) board: 2 first
// turns, then 3 + 4 = 7. None: after c2-c3 only c4xc2 (no diagonal into c2), after d3-c3 d4-d3
// and b3xd3: 2, then 3. Even: 4 first turns; replies 1 (c2-c3), 2 (d3-c3), 2 after d2-c3
// (b4xd2 and d4xd2 capture into the emptied d2), 3 after b2-c3 (a3-b2, b3-b2, d4xb2): 8.
TEST(AlquerquePerft, HandCountsFromTheStart) {
  const std::vector<std::pair<const char*, std::vector<uint64_t>>> expected = {
      {"odd", {2, 7}}, {"none", {2, 3}}, {"even", {4, 8}}};
  for (const auto& [diagonals, counts] : expected) {
    auto g = make({{"diagonals", diagonals}});
    for (size_t d = 0; d < counts.size(); ++d)
      EXPECT_EQ(perft<Alquerque>(g->initial_state(), static_cast<int>(d + 1)), counts[d])
          << diagonals << " depth " << d + 1;
  }
}

alquerque_ref::Rules ref_rules(const Alquerque& g) {
  alquerque_ref::Rules r;
  const auto d = g.diagonals();
  r.diagonals = d == alquerque::Diagonals::kOdd    ? "odd"
                : d == alquerque::Diagonals::kEven ? "even"
                                                   : "none";
  r.max_plies = g.max_plies();
  r.repetition_draw = g.repetition_draw();
  r.no_backward = g.no_backward();
  r.no_back_and_forth = g.no_back_and_forth();
  r.huffing = g.huffing();
  return r;
}

// Perft from the start against the plain reference generator, for every test variant.
TEST(AlquerquePerft, MatchesReferenceForEveryVariant) {
  for (const GameOptions& options : game_info("alquerque").test_variants) {
    auto g = make(options);
    const auto ref = alquerque_ref::RefState::start(ref_rules(*g));
    for (int depth = 1; depth <= 4; ++depth)
      EXPECT_EQ(perft<Alquerque>(g->initial_state(), depth),
                static_cast<uint64_t>(alquerque_ref::perft(ref, depth)))
          << options.to_string() << " depth " << depth;
  }
  auto g = make();
  EXPECT_EQ(perft<Alquerque>(g->initial_state(), 5),
            static_cast<uint64_t>(
                alquerque_ref::perft(alquerque_ref::RefState::start(ref_rules(*g)), 5)));
}

// Random games in lockstep with the reference: the same legal actions at every step, the same
// end and the same result, in every test variant.
TEST(AlquerqueReference, RandomGamesAgree) {
  Rng rng(7);
  for (const GameOptions& options : game_info("alquerque").test_variants) {
    auto g = make(options);
    for (int game = 0; game < 60; ++game) {
      AlquerqueState s = g->initial_state();
      auto ref = alquerque_ref::RefState::start(ref_rules(*g));
      while (true) {
        Alquerque::ActionList list;
        s.legal_actions(list);
        std::vector<Action> mine(list.begin(), list.end());
        std::sort(mine.begin(), mine.end());
        ASSERT_EQ(mine, ref.legal()) << options.to_string() << "\n" << s.to_string();
        ASSERT_EQ(s.is_terminal(), ref.result != -2);
        if (s.is_terminal()) break;
        ASSERT_EQ(s.current_player(), ref.mover);
        const Action a = mine[rng.uniform_int(static_cast<uint32_t>(mine.size()))];
        s.apply(a);
        ref.apply(a);
      }
      PlayerValues r{};
      s.returns(r);
      const float white = ref.result == 0 ? 1.0f : ref.result == 1 ? -1.0f : 0.0f;
      EXPECT_EQ(r[0], white);
      EXPECT_EQ(r[1], -white);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Capture chains.

// White a1 and e1; Black a2, a4, e5 (odd board). a1 (row+col 4, even) has no diagonals: it can
// step to b1 or capture a1xa3 over a2; e1 can step to e2 or d1. After a1xa3 the piece can
// capture again, a3xa5 over a4: White keeps the move and only that jump or `stop` is legal.
TEST(AlquerqueChains, ChainContinuesAndMayStopInTheMiddle) {
  auto g = make();
  AlquerqueState s = setup(*g, "....B/B..../...../B..../W...W", 'w');
  EXPECT_EQ(legal(s),
            (std::set<Action>{jump("a1", N), step("a1", E), step("e1", N), step("e1", W)}));
  s.apply(jump("a1", N));
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(s.chain_point(), pt("a3"));
  EXPECT_EQ(legal(s), (std::set<Action>{jump("a3", N), kStopId}));
  EXPECT_EQ(__builtin_popcount(s.pieces(1)), 2);  // a2 is gone at once

  AlquerqueState stopped = s;
  stopped.apply(kStopId);  // stop in the middle: a4 survives, Black to move
  EXPECT_EQ(stopped.current_player(), 1);
  EXPECT_EQ(stopped.chain_point(), -1);
  EXPECT_EQ(stopped.pieces(1), (1u << pt("a4")) | (1u << pt("e5")));
  EXPECT_EQ(stopped.move_number(), 2);

  // Going on: a3xa5; from a5 nothing more can be captured, so the turn ends by itself.
  s.apply(jump("a3", N));
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.pieces(1), 1u << pt("e5"));
  EXPECT_EQ(s.pieces(0), (1u << pt("a5")) | (1u << pt("e1")));
}

// White c2 and e4, Black d3 and a5. c2 and e4 have row+col odd: diagonals. d3 lies between
// them on the diagonal c2-d3-e4, so neither can capture it (the point behind is the other White
// piece), and a capture that would turn on d3 (c2 over d3 to d4 or e3) does not exist. White
// has only steps: c2 to c3, d2, d1, c1, b1, b2, b3; e4 to e5, e3, d4, d5.
TEST(AlquerqueChains, AJumpNeverTurns) {
  auto g = make();
  AlquerqueState s = setup(*g, "B..../....W/...B./..W../.....", 'w');
  EXPECT_EQ(legal(s),
            (std::set<Action>{step("c2", N), step("c2", E), step("c2", SE), step("c2", S),
                              step("c2", SW), step("c2", W), step("c2", NW), step("e4", N),
                              step("e4", S), step("e4", W), step("e4", NW)}));
  EXPECT_TRUE(contains(error_of([&] { s.parse_action("c2xd4"); }), "never turns"));
  EXPECT_TRUE(contains(error_of([&] { s.parse_action("c2xe3"); }), "never turns"));
  // Straight on over d3 is a capture once e4 is empty.
  AlquerqueState t = setup(*g, "B..../...../...B./..W../.....", 'w');
  EXPECT_TRUE(legal(t).count(jump("c2", NE)));
  t.apply(jump("c2", NE));
  EXPECT_EQ(t.pieces(0), 1u << pt("e4"));
}

// ---------------------------------------------------------------------------------------------
// Optional rules, each off and on.

// b3 (row+col 3, odd) has lines in all 8 directions, all to empty points here. no_backward
// takes away White's steps that increase the row (SE, S, SW); Black's that decrease it (NW, N,
// NE). A capture backwards stays legal.
TEST(AlquerqueOptions, NoBackward) {
  auto off = make();
  auto on = make({{"no_backward", "true"}});
  const std::set<Action> all8 = {step("b3", N), step("b3", NE), step("b3", E), step("b3", SE),
                                 step("b3", S), step("b3", SW), step("b3", W), step("b3", NW)};
  EXPECT_EQ(legal(setup(*off, "....B/...../.W.../...../.....", 'w')), all8);
  EXPECT_EQ(legal(setup(*on, "....B/...../.W.../...../.....", 'w')),
            (std::set<Action>{step("b3", N), step("b3", NE), step("b3", E), step("b3", W),
                              step("b3", NW)}));
  std::set<Action> black8;
  for (Action a : all8) black8.insert(a);
  EXPECT_EQ(legal(setup(*off, "...../...../.B.../...../....W", 'b')), black8);
  EXPECT_EQ(legal(setup(*on, "...../...../.B.../...../....W", 'b')),
            (std::set<Action>{step("b3", E), step("b3", SE), step("b3", S), step("b3", SW),
                              step("b3", W)}));
  // White b3 over Black b2 to b1: backwards, and a capture, so allowed.
  EXPECT_EQ(legal(setup(*on, "....B/...../.W.../.B.../.....", 'w')),
            (std::set<Action>{jump("b3", S), step("b3", N), step("b3", NE), step("b3", E),
                              step("b3", W), step("b3", NW)}));
}

// White a1, b1, e1; Black a5, e5. White a1-a2, Black e5-e4. With no_back_and_forth the piece
// on a2 may not step back to a1 now (another piece, b1, may go there); Black's e4 may not go
// back to e5 on its next turn. One turn later the a2 piece may return.
TEST(AlquerqueOptions, NoBackAndForth) {
  for (const bool rule : {false, true}) {
    auto g = make({{"no_back_and_forth", rule ? "true" : "false"}});
    AlquerqueState s = setup(*g, "B...B/...../...../...../WW..W", 'w');
    s.apply(step("a1", N));
    s.apply(step("e5", S));
    EXPECT_EQ(legal(s).count(step("a2", S)), rule ? 0u : 1u) << rule;
    EXPECT_EQ(legal(s).count(step("b1", W)), 1u) << rule;
    if (rule) {
      EXPECT_TRUE(contains(error_of([&] { s.parse_action("a2-a1"); }), "no_back_and_forth"));
    }
    s.apply(step("e1", N));
    EXPECT_EQ(legal(s).count(step("e4", N)), rule ? 0u : 1u) << rule;
    s.apply(step("a5", E));
    EXPECT_EQ(legal(s).count(step("a2", S)), 1u) << rule;  // the memory is one turn long
  }
}

// White c2 and a1, Black c3 and e5; c4 is empty, so White could capture c2xc4. If White steps
// a1-b1 instead, with huffing Black may remove c2 before moving; without, nothing changes.
TEST(AlquerqueOptions, HuffingAfterAMissedCapture) {
  const std::string board = "....B/...../..B../..W../W....";
  auto off = make();
  AlquerqueState plain = setup(*off, board, 'w');
  EXPECT_TRUE(legal(plain).count(jump("c2", N)));
  plain.apply(step("a1", E));
  for (Action a : legal(plain)) EXPECT_LT(a, 401);

  auto g = make({{"huffing", "true"}});
  AlquerqueState s = setup(*g, board, 'w');
  s.apply(step("a1", E));
  ASSERT_EQ(s.current_player(), 1);
  std::set<Action> moves = legal(s);
  EXPECT_TRUE(moves.count(huff("c2")));
  EXPECT_FALSE(moves.count(huff("b1")));    // b1 could not capture
  EXPECT_TRUE(moves.count(jump("c3", S)));  // the huff is optional: the moves are there too
  EXPECT_TRUE(moves.count(step("e5", W)));

  AlquerqueState huffed = s;
  huffed.apply(huff("c2"));
  EXPECT_EQ(huffed.current_player(), 1);  // then Black moves
  EXPECT_EQ(huffed.pieces(0), 1u << pt("b1"));
  for (Action a : legal(huffed)) EXPECT_LT(a, 400);
  EXPECT_EQ(huffed.parse_turn("c3-c2").size(), 1u);
  EXPECT_EQ(s.parse_turn("huff c2 c3-c2"), (std::vector<Action>{huff("c2"), step("c3", S)}));
  EXPECT_EQ(s.turn_to_string({huff("c2"), step("c3", S)}), "huff c2 c3-c2");

  // Declining: Black steps e5-d5. Its own c3 could have captured c3xc1, so now White may huff
  // c3, and Black's right to huff c2 has lapsed.
  s.apply(step("e5", W));
  ASSERT_EQ(s.current_player(), 0);
  EXPECT_TRUE(legal(s).count(huff("c3")));
  EXPECT_TRUE((s.pieces(0) >> pt("c2")) & 1u);
  s.apply(step("b1", E));  // White declines too (and c2 could have captured: liable again)
  EXPECT_TRUE(legal(s).count(huff("c2")));
  EXPECT_FALSE(legal(s).count(huff("c3")));
}

// The piece that could capture steps away: the huff targets it where it now stands. A chain
// stopped while it could go on makes the chain piece huffable; one that ended by itself does
// not. A huff of the last enemy piece wins at once.
TEST(AlquerqueOptions, HuffingTargets) {
  auto g = make({{"huffing", "true"}});
  AlquerqueState s = setup(*g, "....B/...../..B../..W../W....", 'w');
  s.apply(step("c2", W));  // c2 could capture c2xc4; it is now on b2
  EXPECT_TRUE(legal(s).count(huff("b2")));
  EXPECT_FALSE(legal(s).count(huff("c2")));

  AlquerqueState chain = setup(*g, "....B/B..../...../B..../W...W", 'w');
  chain.apply(jump("a1", N));
  AlquerqueState full = chain;
  chain.apply(kStopId);
  EXPECT_EQ(legal(chain).count(huff("a3")), 1u);
  full.apply(jump("a3", N));
  for (Action a : legal(full)) EXPECT_LT(a, 401);

  AlquerqueState last = setup(*g, "....B/...../..B../..W../.....", 'w');
  last.apply(step("c2", W));  // White's only piece, and it could have captured
  last.apply(huff("b2"));
  EXPECT_TRUE(last.is_terminal());
  PlayerValues r{};
  last.returns(r);
  EXPECT_EQ(r[1], 1.0f);
  EXPECT_EQ(r[0], -1.0f);
}

// ---------------------------------------------------------------------------------------------
// The end of the game.

// White a1 and Black e5 walk a1-a2, e5-e4, a2-a1, e4-e5: after 4 turns the start position is
// back with White to move (its second occurrence), after 8 the third: a draw.
TEST(AlquerqueEnd, ThirdRepetitionIsADraw) {
  const std::vector<Action> cycle = {step("a1", N), step("e5", S), step("a2", S), step("e4", N)};
  for (const bool rule : {true, false}) {
    auto g = make({{"repetition_draw", rule ? "true" : "false"}});
    AlquerqueState s = setup(*g, "....B/...../...../...../W....", 'w');
    for (int turn = 0; turn < 8; ++turn) {
      ASSERT_FALSE(s.is_terminal()) << turn;
      s.apply(cycle[turn % 4]);
      if (turn == 3) {
        EXPECT_EQ(s.repetitions(), rule ? 1 : 0);
        std::vector<float> obs(11 * 25);
        s.observation(obs.data());
        EXPECT_EQ(obs[10 * 25], rule ? 0.5f : 0.0f);  // the repetition plane
      }
    }
    EXPECT_EQ(s.is_terminal(), rule);
    if (rule) {
      PlayerValues r{};
      s.returns(r);
      EXPECT_EQ(r[0], 0.0f);
      EXPECT_EQ(r[1], 0.0f);
      EXPECT_EQ(s.current_player(), kTerminalPlayer);
    }
  }
}

TEST(AlquerqueEnd, MaxPliesIsADrawUnlessTheLastTurnWins) {
  auto g = make({{"max_plies", "4"}, {"repetition_draw", "false"}});
  EXPECT_EQ(g->max_game_length(), 4 + 46);
  AlquerqueState s = setup(*g, "....B/...../...../...../W....", 'w');
  const std::vector<Action> moves = {step("a1", N), step("e5", S), step("a2", N), step("e4", S)};
  for (int i = 0; i < 4; ++i) {
    ASSERT_FALSE(s.is_terminal());
    s.apply(moves[i]);
  }
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.outcome(), alquerque::kDraw);
  // max_plies = 1: White's first turn takes Black's last piece; that is a win, not a draw.
  auto one = make({{"max_plies", "1"}});
  AlquerqueState t = setup(*one, "...../...../...../B..../W....", 'w');
  t.apply(jump("a1", N));
  EXPECT_EQ(t.outcome(), alquerque::kWhiteWins);
}

TEST(AlquerqueEnd, NoPiecesOrNoMoveLoses) {
  auto g = make();
  AlquerqueState s = setup(*g, "...../...../...../B..../W....", 'w');
  s.apply(jump("a1", N));
  ASSERT_TRUE(s.is_terminal());
  PlayerValues r{};
  s.returns(r);
  EXPECT_EQ(r[0], 1.0f);
  EXPECT_EQ(r[1], -1.0f);
  // Black a5 (no diagonals on the odd board) is shut in by b5 and a4, with c5 and a3 occupied
  // behind them: no step, no capture, so Black, to move, has lost.
  AlquerqueState blocked = setup(*g, "BWW../W..../W..../...../.....", 'b');
  EXPECT_TRUE(blocked.is_terminal());
  EXPECT_EQ(blocked.outcome(), alquerque::kWhiteWins);
  // The same reached by play: White a2-a3 closes the last gap.
  AlquerqueState play = setup(*g, "BWW../W..../...../W..../.....", 'w');
  play.apply(step("a2", N));
  EXPECT_TRUE(play.is_terminal());
  EXPECT_EQ(play.outcome(), alquerque::kWhiteWins);
  EXPECT_TRUE(legal(play).empty());
}

// ---------------------------------------------------------------------------------------------
// Canonical view, symmetries.

// The start with Black to move is the start turned 180 degrees with colours swapped, so its
// canonical view equals White's, and Black's moves c4-c3 (c4 south) and b3-c3 (b3 east) have
// the policy indices of White's c2-c3 and d3-c3.
TEST(AlquerqueView, BlackSeesTheBoardTurned) {
  auto g = make({{"repetition_draw", "false"}});
  const AlquerqueState white = g->initial_state();
  const AlquerqueState black = g->deserialize(
      "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW b chain=- huff=- last=-,- turns=0 moves=0 "
      "history=-");
  std::vector<float> a(11 * 25), b(11 * 25);
  white.observation(a.data());
  black.observation(b.data());
  EXPECT_EQ(a, b);
  EXPECT_EQ(legal(black), (std::set<Action>{step("c4", S), step("b3", E)}));
  EXPECT_EQ(black.policy_index(step("c4", S)), step("c2", N));
  EXPECT_EQ(black.policy_index(step("b3", E)), step("d3", W));
  EXPECT_EQ(black.policy_index(jump("c4", S)), jump("c2", N));
  EXPECT_EQ(black.policy_index(kStopId), kStopId);
  EXPECT_EQ(black.policy_index(huff("a1")), huff("e5"));
  EXPECT_EQ(black.action_from_policy_index(step("c2", N)), step("c4", S));
  EXPECT_EQ(white.policy_index(step("c2", N)), step("c2", N));
  // Own pieces first: White's plane 0 has a1 (canonical index 20) set, Black's has e5's turn.
  EXPECT_EQ(a[20], 1.0f);
  EXPECT_EQ(a[25 + 0], 1.0f);
}

TEST(AlquerqueView, SymmetriesKeptByTheOptions) {
  EXPECT_EQ(make()->num_symmetries(), 8);
  EXPECT_EQ(make({{"diagonals", "even"}})->num_symmetries(), 8);
  EXPECT_EQ(make({{"no_backward", "true"}})->num_symmetries(), 2);
  auto g = make();
  // Symmetry 1 is the left-right mirror: a1 <-> e1, NE <-> NW.
  EXPECT_EQ(g->transform_policy_index(1, step("c2", NE)), step("c2", NW));
  EXPECT_EQ(g->transform_policy_index(1, step("a1", N)), step("e1", N));
  EXPECT_EQ(g->transform_policy_index(1, jump("a1", E)), jump("e1", W));
  EXPECT_EQ(g->transform_policy_index(1, huff("b2")), huff("d2"));
  EXPECT_EQ(g->transform_policy_index(1, kStopId), kStopId);
  const AlquerqueState mirrored = g->transform_state(g->initial_state(), 1);
  EXPECT_EQ(mirrored.serialize().substr(0, 31), "BBBBB/BBBBB/WW.BB/WWWWW/WWWWW w");
  // In the mirrored start, White's first moves are the mirror images: c2-c3 and b3-c3.
  EXPECT_EQ(legal(mirrored), (std::set<Action>{step("c2", N), step("b3", E)}));
}

// ---------------------------------------------------------------------------------------------
// Notation and serialization.

TEST(AlquerqueNotation, ActionsReadAndWrite) {
  auto g = make({{"huffing", "true"}});
  const AlquerqueState s = g->initial_state();
  EXPECT_EQ(s.action_to_string(step("c2", N)), "c2-c3");
  EXPECT_EQ(s.action_to_string(jump("c4", S)), "c4xc2");
  EXPECT_EQ(s.action_to_string(kStopId), "stop");
  EXPECT_EQ(s.action_to_string(huff("b2")), "huff b2");
  EXPECT_EQ(s.action_to_string(step("a1", S)), "step(a1,S)");  // off the board: never legal
  EXPECT_EQ(s.parse_action("c2-c3"), step("c2", N));
  EXPECT_EQ(s.parse_action(" C2-C3 "), step("c2", N));
  EXPECT_EQ(s.parse_action("d3-c3"), step("d3", W));
  // Errors name the text and the reason; an illegal move lists the legal ones.
  const std::vector<std::pair<std::string, std::vector<std::string>>> errors = {
      {"z9-c3", {"'z9'", "not a point"}},
      {"c2-c1", {"'c2-c1'", "c1 is not empty", "c2-c3", "d3-c3"}},
      {"c2-c4", {"a capture is written 'c2xc4'"}},
      {"c2xc3", {"a step is written 'c2-c3'"}},
      {"a1-c2", {"neighbouring point"}},
      {"hello", {"'hello'", "not an action"}},
      {"stop", {"ends a capture chain"}},
      {"huff b4", {"no piece may be huffed"}},
      {"c4-c3", {"no White piece on c4"}},
      {"d2-c3", {"no line joins d2 and c3"}},
  };
  for (const auto& [text, parts] : errors) {
    const std::string e = error_of([&] { s.parse_action(text); });
    for (const std::string& part : parts) EXPECT_TRUE(contains(e, part)) << text << ": " << e;
  }
  const std::string e = error_of([&] { make()->initial_state().parse_action("huff b4"); });
  EXPECT_TRUE(contains(e, "huffing is off")) << e;
}

TEST(AlquerqueNotation, TurnsReadAndWrite) {
  auto g = make();
  const AlquerqueState s = setup(*g, "....B/B..../...../B..../W...W", 'w');
  const std::vector<Action> both = {jump("a1", N), jump("a3", N)};  // ends by itself
  const std::vector<Action> stopped = {jump("a1", N), kStopId};
  const std::vector<Action> unfinished = {jump("a1", N)};
  EXPECT_EQ(s.parse_turn("a1xa3xa5"), both);
  EXPECT_EQ(s.parse_turn("a1xa3"), stopped);  // could go on: the stop is implied
  EXPECT_EQ(s.parse_turn("a1xa3 stop"), stopped);
  EXPECT_EQ(s.parse_turn("a1xa3..."), unfinished);
  EXPECT_EQ(s.turn_to_string(both), "a1xa3xa5");
  EXPECT_EQ(s.turn_to_string(stopped), "a1xa3");
  EXPECT_EQ(s.turn_to_string(unfinished), "a1xa3...");
  AlquerqueState mid = s;
  mid.apply(jump("a1", N));
  EXPECT_EQ(mid.parse_turn("stop"), std::vector<Action>{kStopId});
  EXPECT_EQ(mid.turn_to_string({kStopId}), "stop");
  EXPECT_EQ(mid.parse_turn("a3xa5"), std::vector<Action>{jump("a3", N)});
  EXPECT_EQ(mid.turn_to_string({jump("a3", N)}), "a3xa5");

  std::string e = error_of([&] { s.parse_turn("a1xa3xa5..."); });
  EXPECT_TRUE(contains(e, "cannot capture again")) << e;
  e = error_of([&] { g->initial_state().parse_turn("c2-c3 c4xc2"); });
  EXPECT_TRUE(contains(e, "'c4xc2' comes after the end of the turn")) << e;
  e = error_of([&] { s.parse_turn("a1xa3xb3"); });
  EXPECT_TRUE(contains(e, "in turn 'a1xa3xb3'") && contains(e, "'a3xb3'")) << e;
  EXPECT_NE(error_of([&] { s.parse_turn("  "); }), "");
  e = error_of([&] { s.turn_to_string({step("e1", N), step("e2", N)}); });
  EXPECT_TRUE(contains(e, "after the end of the turn")) << e;
  e = error_of([&] { s.turn_to_string({step("e1", S)}); });
  EXPECT_TRUE(contains(e, "not legal")) << e;
}

TEST(AlquerqueNotation, SerializationFormat) {
  auto g = make();
  const std::string start_board = "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW";
  const AlquerqueState s = g->initial_state();
  EXPECT_EQ(s.serialize(), start_board + " w chain=- huff=- last=-,- turns=0 moves=0 history=" +
                               packed_hex(start_board, 'w'));
  AlquerqueState t = s;
  t.apply(step("c2", N));
  const std::string after = "BBBBB/BBBBB/BBWWW/WW.WW/WWWWW";
  EXPECT_EQ(t.serialize(), after + " b chain=- huff=- last=-,- turns=1 moves=1 history=" +
                               packed_hex(start_board, 'w') + "," + packed_hex(after, 'b'));
  EXPECT_EQ(g->deserialize(t.serialize()).serialize(), t.serialize());

  auto nbf =
      make({{"no_back_and_forth", "true"}, {"huffing", "true"}, {"repetition_draw", "false"}});
  AlquerqueState u = nbf->initial_state();
  u.apply(step("c2", N));  // White could not capture: nothing to huff
  EXPECT_EQ(u.serialize(), after + " b chain=- huff=- last=c2-c3,- turns=1 moves=1 history=-");

  // Each broken field is named. Fields: board, mover, chain, huff, last, turns, moves, history.
  const std::string tail = " huff=- last=-,- turns=0 moves=0 history=-";
  const std::vector<std::pair<std::string, std::string>> broken = {
      {"BBBBB/BBBBB/BB.WW/WWWWW/WWWWX w chain=-" + tail, "'X'"},
      {start_board + " w chain=-", "expected 8 fields"},
      {"BBBBB/BBBBB/BB.WW/WWWWW w chain=-" + tail, "5 ranks"},
      {start_board + " x chain=-" + tail, "'w' or 'b'"},
      {start_board + " w chain=c2" + tail, "cannot capture again"},
      {start_board + " w chain=- huff=b4 last=-,- turns=0 moves=0 history=-", "huffing is off"},
      {start_board + " w chain=- huff=- last=-,- turns=x moves=0 history=-", "turns 'x'"},
      {start_board + " w chain=- huff=- last=-,- turns=0 moves=0 history=zz", "'zz'"},
      // A stray separator is an error, not skipped (core/text.h split keeps every field).
      {start_board + "/ w chain=-" + tail, "5 ranks"},
      {start_board + " w chain=- huff=- last=-,-, turns=0 moves=0 history=-", "two entries"},
      {start_board + " w chain=- huff=- last=-,- turns=0 moves=0 history=", "history= is empty"},
  };
  for (const auto& [text, part] : broken) {
    const std::string e = error_of([&] { g->deserialize(text); });
    EXPECT_TRUE(contains(e, part)) << text << ": " << e;
  }
}

}  // namespace
}  // namespace hz
