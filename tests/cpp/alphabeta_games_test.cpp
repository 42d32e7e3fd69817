// Tests of the alpha-beta family on the real games: values against the slow reference minimax
// (ab_reference.h) on random positions, forced wins set up by hand from the rules pages, the
// heuristics' contracts (antisymmetry, which actions are noisy), and the agents end to end.
#include <gtest/gtest.h>

#include <chrono>

#include "ab_checks.h"
#include "engine/alquerque/heuristic.h"
#include "engine/chinese_checkers/heuristic.h"
#include "engine/jumpers/heuristic.h"
#include "games/adapter.h"
#include "games/chinese_checkers/board.h"
#include "games/registry.h"
#include "search/agent.h"
#include "search/alphabeta.h"
#include "test_util.h"

namespace hz {
namespace {

using test::default_heuristic;

// Quiescence is capped at two turns here: the reference minimax has no pruning, and capture
// sequences eight turns deep make it far too slow for a test (the cap is the same for both).
ab::SearchOptions small_tt() {
  ab::SearchOptions o;
  o.tt_mb = 4;
  o.max_quiescence_turns = 2;
  return o;
}

ab::SearchOptions exact_tt() {
  ab::SearchOptions o = small_tt();
  o.tt_exact_depth = true;
  return o;
}

// --- values against minimax ----------------------------------------------------------------

TEST(AlphaBetaGames, AlquerqueMatchesMinimax) {
  Alquerque g(resolve_options("alquerque", game_info("alquerque").options, {}));
  test::expect_minimax_values(g, default_heuristic(g), exact_tt(), 8, 40, 4, 11, 4);
  test::expect_minimax_values(g, default_heuristic(g), small_tt(), 4, 40, 4, 12, 4);
}

TEST(AlphaBetaGames, AlquerqueWithHuffingMatchesMinimax) {
  Alquerque g(resolve_options("alquerque", game_info("alquerque").options,
                              {{"huffing", "true"}, {"diagonals", "even"}}));
  // Huffs multiply the turns (and are noisy, so quiescence follows them): depth 3, one
  // quiescence turn, to keep the reference's unpruned tree small.
  ab::SearchOptions options = exact_tt();
  options.max_quiescence_turns = 1;
  test::expect_minimax_values(g, default_heuristic(g), options, 6, 40, 3, 13, 4);
}

TEST(AlphaBetaGames, JumpersMatchesMinimaxOnEverySize) {
  for (const char* size : {"6", "8", "10"}) {
    SCOPED_TRACE(size);
    Jumpers g(resolve_options("jumpers", game_info("jumpers").options, {{"size", size}}));
    test::expect_minimax_values(g, default_heuristic(g), exact_tt(), 8, 60, 4, 14, 2);
    test::expect_minimax_values(g, default_heuristic(g), small_tt(), 4, 60, 4, 15, 2);
  }
}

TEST(AlphaBetaGames, ChineseCheckersTwoPlayersMatchesMinimax) {
  ChineseCheckers g(resolve_options("chinese_checkers", game_info("chinese_checkers").options, {}));
  test::expect_minimax_values(g, default_heuristic(g), exact_tt(), 4, 30, 3, 16);
  test::expect_minimax_values(g, default_heuristic(g), exact_tt(), 1, 30, 4, 19);
}

TEST(AlphaBetaGames, ChineseCheckersThreePlayersParanoidAndBestReplyMatchDefinitions) {
  ChineseCheckers g(resolve_options("chinese_checkers", game_info("chinese_checkers").options,
                                    {{"players", "3"}}));
  auto h = default_heuristic(g);
  test::expect_minimax_values(g, h, exact_tt(), 3, 30, 3, 17, 10);
  ab::AlphaBeta<ChineseCheckers> search(g, h, exact_tt());
  Rng rng(18);
  for (int i = 0; i < 3; ++i) {
    const auto s = test::random_position(g, rng, 30, 10);
    test::ReferenceBestReply<ChineseCheckers, Heuristic<ChineseCheckers>> ref(h,
                                                                              s.current_player());
    for (int depth = 1; depth <= 3; ++depth) {
      const auto r = search.search(s, {depth, 0, 0}, ab::Algorithm::kBestReply);
      ASSERT_EQ(r.score, ref.max_layer(s, depth, 0)) << s.serialize() << " depth " << depth;
    }
  }
}

// --- forced wins set up by hand ------------------------------------------------------------

// White at a1, Black at a2 and a4 (a3, a5 empty), White to move. a1xa3 (jump north from point
// 20: 200 + 20 * 8 + 0 = 360) then a3xa5 (from point 10: 200 + 80 = 280) takes both Black
// pieces; Black, with none, loses: a win two actions away.
TEST(AlphaBetaGames, AlquerqueFindsTheDoubleCaptureThatWins) {
  auto game = make_game("alquerque");
  auto any = game->deserialize_state(
      "...../B..../...../B..../W.... w chain=- huff=- last=-,- turns=0 moves=0 history=-");
  const auto& s = state_of<Alquerque>(*any);
  const Alquerque& g = s.game();
  ab::AlphaBeta<Alquerque> search(g, default_heuristic(g), small_tt());
  const auto r = search.search(s, {1, 0, 0}, ab::Algorithm::kNegamax);
  EXPECT_EQ(r.best, 360);
  EXPECT_EQ(r.score, ab::kTerminalBase + ab::kTerminalScale - 2);
  ASSERT_GE(r.pv.size(), 2u);
  EXPECT_EQ(r.pv[1], 280);
}

// The rules page's first example, on a board where it wins: Red at C2, Turquoise at D2 and E3
// only. Red must capture: C2xE2 (hop right from C2 = point 8: 8 * 4 + 0 = 32), then E2xE4 (hop
// up from E2 = point 10: 10 * 4 + 1 = 41). Turquoise, with no piece, has no turn and loses.
TEST(AlphaBetaGames, JumpersPlaysTheSeedCaptureChainToWin) {
  auto game = make_game("jumpers", {{"size", "6"}});
  auto any =
      game->deserialize_state("....../....../....../....t./..rt../...... r 12 13 start - - 0");
  const auto& s = state_of<Jumpers>(*any);
  ab::AlphaBeta<Jumpers> search(s.game(), default_heuristic(s.game()), small_tt());
  const auto r = search.search(s, {2, 0, 0}, ab::Algorithm::kNegamax);
  EXPECT_EQ(r.best, 32);
  EXPECT_EQ(r.score, ab::kTerminalBase + ab::kTerminalScale - 2);
  ASSERT_GE(r.pv.size(), 2u);
  EXPECT_EQ(r.pv[1], 41);
}

// Player 0 holds nine holes of its goal (the top triangle, holes 0..9) and has its tenth piece
// on a neighbour of the empty goal hole; moving it in fills the goal: a win in one turn. Found
// by 2-player negamax and, with 3 players, by paranoid and best-reply search.
std::string cc_one_move_from_goal(int players, int* from, int* to) {
  const auto& b = cc::board();
  *to = 9;  // a hole of the goal's base row
  *from = -1;
  for (int k = 0; k < b.num_neighbours[*to]; ++k)
    if (b.triangle[b.neighbours[*to][k]] == -1) *from = b.neighbours[*to][k];
  std::string board(cc::kNumHoles, '.');
  for (int h = 0; h < 9; ++h) board[h] = '0';
  board[*from] = '0';
  // The other players' pieces wait in the middle rows, away from every goal.
  int placed = 0;
  for (int h = 0; h < cc::kNumHoles && placed < 10 * (players - 1); ++h)
    if (b.triangle[h] == -1 && board[h] == '.' && b.row[h] >= 6 && b.row[h] <= 10)
      board[h] = static_cast<char>('1' + placed++ / 10);
  std::string statuses = "p";
  for (int p = 1; p < players; ++p) statuses += ",p";
  return board + " 0 10 " + statuses;
}

TEST(AlphaBetaGames, ChineseCheckersFillsTheGoal) {
  for (int players : {2, 3}) {
    SCOPED_TRACE(players);
    int from, to;
    auto game = make_game("chinese_checkers", {{"players", std::to_string(players)}});
    auto any = game->deserialize_state(cc_one_move_from_goal(players, &from, &to));
    const auto& s = state_of<ChineseCheckers>(*any);
    ab::AlphaBeta<ChineseCheckers> search(s.game(), default_heuristic(s.game()), small_tt());
    std::vector<ab::Algorithm> algorithms = {ab::Algorithm::kNegamax};
    if (players > 2) algorithms = {ab::Algorithm::kParanoid, ab::Algorithm::kBestReply};
    for (auto algorithm : algorithms) {
      const auto r = search.search(s, {2, 0, 0}, algorithm);
      EXPECT_EQ(r.best, ChineseCheckers::move_action(from, to));
      EXPECT_EQ(r.score, ab::kTerminalBase + ab::kTerminalScale - 1);
    }
  }
}

// --- the heuristics' contracts -------------------------------------------------------------

// Antisymmetric evaluation (two players), and is_noisy true exactly for the actions that take
// an enemy piece off the board (checked by applying them).
template <class G>
void expect_heuristic_contract(const G& g, int positions, int max_actions, uint64_t seed,
                               int (*enemy_count)(const typename G::State&, int)) {
  auto h = default_heuristic(g);
  Rng rng(seed);
  int noisy_seen = 0;
  for (int i = 0; i < positions; ++i) {
    const auto s = test::random_position(g, rng, max_actions);
    ASSERT_EQ(h.evaluate(s, 0), -h.evaluate(s, 1)) << s.serialize();
    typename G::ActionList actions;
    s.legal_actions(actions);
    const int enemy = s.current_player() ^ 1;
    for (Action a : actions) {
      auto next = s;
      next.apply(a);
      const bool removes = enemy_count(next, enemy) < enemy_count(s, enemy);
      ASSERT_EQ(h.is_noisy(s, a), removes) << s.serialize() << " action " << a;
      noisy_seen += removes;
    }
  }
  EXPECT_GT(noisy_seen, 0);
}

TEST(HeuristicContract, AlquerqueAndJumpers) {
  Alquerque a(resolve_options("alquerque", game_info("alquerque").options, {{"huffing", "true"}}));
  expect_heuristic_contract<Alquerque>(a, 300, 60, 21, [](const AlquerqueState& s, int p) {
    return __builtin_popcount(s.pieces(p));
  });
  for (const char* size : {"6", "8", "10"}) {
    Jumpers j(resolve_options("jumpers", game_info("jumpers").options, {{"size", size}}));
    expect_heuristic_contract<Jumpers>(j, 300, 60, 22, [](const JumpersState& s, int p) {
      return jumpers::count_points(s.pieces(p));
    });
  }
}

// Fewer steps to go is better: from the start, every move that brings a piece of player 0
// closer to hole 0 (the tip of its goal, the top triangle) raises player 0's evaluation; and
// set_mover moves the turn without touching the board.
TEST(HeuristicContract, ChineseCheckersRewardsProgressAndSetsTheMover) {
  ChineseCheckers g(resolve_options("chinese_checkers", game_info("chinese_checkers").options,
                                    {{"players", "3"}}));
  auto h = default_heuristic(g);
  auto s = g.initial_state();
  const ab::Score before = h.evaluate(s, 0);
  typename ChineseCheckers::ActionList actions;
  s.legal_actions(actions);
  int progressing = 0;
  for (Action a : actions) {
    const int gain = cc::hex_distance(ChineseCheckers::action_from(a), 0) -
                     cc::hex_distance(ChineseCheckers::action_to(a), 0);
    if (gain <= 0) continue;
    ++progressing;
    auto next = s;
    next.apply(a);
    EXPECT_GT(h.evaluate(next, 0), before) << s.action_to_string(a);
  }
  EXPECT_GT(progressing, 0);
  auto moved = s;
  ASSERT_TRUE(Heuristic<ChineseCheckers>::set_mover(moved, 2));
  EXPECT_EQ(moved.current_player(), 2);
  for (int p = 0; p < 3; ++p) EXPECT_TRUE(moved.pieces(p) == s.pieces(p));
}

// --- agents end to end ---------------------------------------------------------------------

// Plays one game between two agents from the registry; returns player 0's return.
float play(const std::string& game_name, const GameOptions& options, const std::string& spec0,
           const std::string& spec1, uint64_t seed) {
  auto game = make_game(game_name, options);
  std::unique_ptr<Agent> agents[2] = {game->make_agent(AgentSpec::parse(spec0), seed),
                                      game->make_agent(AgentSpec::parse(spec1), seed + 1)};
  auto s = game->new_initial_state();
  while (!s->is_terminal()) s->apply(agents[s->current_player()]->select_action(*s));
  return s->returns()[0];
}

TEST(HeuristicAgents, AlphaBetaBeatsRandomInEveryTwoPlayerGame) {
  struct Case {
    std::string game;
    GameOptions options;
  };
  const std::vector<Case> cases = {{"alquerque", {}},
                                   {"jumpers", {{"size", "6"}}},
                                   {"jumpers", {{"size", "8"}}},
                                   {"chinese_checkers", {}}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.game);
    float total = 0;
    for (int i = 0; i < 2; ++i) {
      total += play(c.game, c.options, "alphabeta:depth=2", "random", 100 + i);
      total -= play(c.game, c.options, "random", "alphabeta:depth=2", 200 + i);
    }
    EXPECT_GE(total, 3.0f);  // of 4 at most: lose or draw at most one of four games
  }
}

// A 50 ms limit returns well under a second on the largest boards (loose: not a timing test).
TEST(HeuristicAgents, TimeLimitIsRespectedOnTheRealGames) {
  for (const auto& [name, options] :
       std::vector<std::pair<std::string, GameOptions>>{{"jumpers", {{"size", "10"}}},
                                                        {"chinese_checkers", {{"players", "6"}}},
                                                        {"alquerque", {}}}) {
    auto game = make_game(name, options);
    auto agent = game->make_agent(AgentSpec::parse("alphabeta:time_ms=50"), 0);
    auto s = game->new_initial_state();
    const auto t0 = std::chrono::steady_clock::now();
    const Action a = agent->select_action(*s);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(ms, 1000) << name;
    EXPECT_TRUE(s->is_legal(a)) << name;
  }
}

TEST(HeuristicAgents, MultiPlayerSettingsAndGreedy) {
  auto cc3 = make_game("chinese_checkers", {{"players", "3"}});
  EXPECT_NE(error_of([&] {
              cc3->make_agent(AgentSpec::parse("alphabeta:algorithm=negamax"), 0);
            }).find("two players"),
            std::string::npos);
  auto s = cc3->new_initial_state();
  for (const char* spec : {"alphabeta:depth=1,algorithm=brs", "alphabeta:depth=1", "greedy"}) {
    auto agent = cc3->make_agent(AgentSpec::parse(spec), 1);
    EXPECT_TRUE(s->is_legal(agent->select_action(*s))) << spec;
  }
  EXPECT_NE(error_of([&] {
              make_game("alquerque")->make_agent(AgentSpec::parse("alphabeta:algorithm=brs"), 0);
            }).find("set_mover"),
            std::string::npos);
}

}  // namespace
}  // namespace hz
