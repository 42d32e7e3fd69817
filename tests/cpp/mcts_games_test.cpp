// MCTS on the real games: it finds the winning turn in constructed positions (a capture that
// wins in Alquerque, the turn that leaves Jumpers' opponent without a legal turn, a finishing hop
// in Chinese Checkers), and avoids turns after which the opponent wins at once. Positions come
// from each game's serialization (see each game's header); whether a turn wins or loses at once
// is decided by exhaustive enumeration of complete turns with the engine, not by the search.
// Also: the self-play driver plays every game to the end with consistent samples, and the MCTS
// agent is available by name for every registered game.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "games/adapter.h"
#include "games/alquerque/alquerque.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/jumpers/jumpers.h"
#include "games/perft.h"
#include "games/registry.h"
#include "search/agent.h"
#include "search/mcts.h"
#include "selfplay/game_driver.h"
#include "selfplay_checks.h"

namespace hz {
namespace {

template <class G>
std::shared_ptr<const GameAdapter<G>> adapter_of(const std::string& name,
                                                 const GameOptions& options = {}) {
  auto any = make_game(name, options);
  auto typed = std::dynamic_pointer_cast<const GameAdapter<G>>(any);
  if (!typed) ADD_FAILURE() << name << " is not the expected game class";
  return typed;
}

// Whether the player to move at `s` can end the game with a win (+1) within its turn.
template <class G>
bool can_win_this_turn(const typename G::State& s) {
  const int me = s.current_player();
  bool win = false;
  detail::for_each_turn<G>(s, me, [&](const typename G::State& next) {
    if (next.is_terminal()) {
      PlayerValues r{};
      next.returns(r);
      win = win || r[me] == 1.0f;
    }
  });
  return win;
}

// Every complete turn of the player to move, as the state it leads to.
template <class G>
std::vector<typename G::State> turns_of(const typename G::State& s) {
  std::vector<typename G::State> out;
  detail::for_each_turn<G>(s, s.current_player(),
                           [&](const typename G::State& next) { out.push_back(next); });
  return out;
}

// Whether, after a turn that led to `s`, the player to move at `s` wins at once.
template <class G>
bool opponent_wins_at_once(const typename G::State& s) {
  return !s.is_terminal() && can_win_this_turn<G>(s);
}

// Plays the mover's whole turn with MCTS (uniform evaluator: only the game's results guide it).
template <class G>
typename G::State mcts_turn(const G& game, typename G::State s, int64_t sims, uint64_t seed) {
  MctsConfig config;
  config.simulations = sims;
  Mcts<G> mcts(game, config, seed);
  UniformEvaluator<G> uniform;
  const int me = s.current_player();
  while (!s.is_terminal() && s.current_player() == me) {
    mcts.set_root(s);
    mcts.search(uniform);
    const Action a = mcts.choose_action(0.0);
    s.apply(a);
  }
  return s;
}

template <class G>
void expect_finds_win(const G& game, const typename G::State& s, int64_t sims) {
  ASSERT_FALSE(s.is_terminal());
  ASSERT_TRUE(can_win_this_turn<G>(s)) << "the position must have a winning turn";
  int losing_or_neutral = 0;
  for (const auto& t : turns_of<G>(s)) losing_or_neutral += !t.is_terminal();
  ASSERT_GT(losing_or_neutral, 0) << "the position must have turns that do not win";
  const int me = s.current_player();
  for (uint64_t seed : {1, 2, 3}) {
    const auto after = mcts_turn(game, s, sims, seed);
    ASSERT_TRUE(after.is_terminal()) << s.serialize() << " seed " << seed;
    PlayerValues r{};
    after.returns(r);
    EXPECT_EQ(r[me], 1.0f);
  }
}

template <class G>
void expect_avoids_loss(const G& game, const typename G::State& s, int64_t sims) {
  ASSERT_FALSE(s.is_terminal());
  int losing = 0, safe = 0;
  for (const auto& t : turns_of<G>(s)) (opponent_wins_at_once<G>(t) ? losing : safe) += 1;
  ASSERT_GT(losing, 0) << "the position must have a turn that loses at once";
  ASSERT_GT(safe, 0) << "the position must have a turn that does not";
  for (uint64_t seed : {1, 2, 3}) {
    const auto after = mcts_turn(game, s, sims, seed);
    EXPECT_FALSE(opponent_wins_at_once<G>(after))
        << s.serialize() << " -> " << after.serialize() << " seed " << seed;
  }
}

// --- Alquerque (default board: diagonals on points with row + col odd) ------------------------

TEST(MctsGames, AlquerqueCaptureOfTheLastPieceWins) {
  auto a = adapter_of<Alquerque>("alquerque");
  const Alquerque& game = a->game();
  // White c3 and a1, Black's last piece on c4: c3xc5 takes it and wins.
  const auto s = game.deserialize(
      "...../..B../..W../...../W.... w chain=- huff=- last=-,- turns=20 moves=30 history=-");
  expect_finds_win(game, s, 400);
  auto after = s;
  after.apply(after.parse_action("c3xc5"));
  EXPECT_TRUE(after.is_terminal());
}

TEST(MctsGames, AlquerqueAvoidsStepsIntoACapture) {
  auto a = adapter_of<Alquerque>("alquerque");
  const Alquerque& game = a->game();
  // White's last piece on c2; Black on c4 (which has diagonals) and a5. Stepping to c3, b3 or
  // d3 lets c4 jump it; b2, d2, c1, b1, d1 are safe.
  const auto s = game.deserialize(
      "B..../..B../...../..W../..... w chain=- huff=- last=-,- turns=20 moves=30 history=-");
  expect_avoids_loss(game, s, 1000);
}

// --- Jumpers (6x6) -------------------------------------------------------------------------------

TEST(MctsGames, JumpersTurnThatLeavesTheOpponentNoLegalTurn) {
  auto a = adapter_of<Jumpers>("jumpers");
  const Jumpers& game = a->game();
  // Red a1, b1 (reserve 5); Turquoise's only piece on d2 with an empty reserve. Red's turns are
  // a1-c1 then a birth: +d1 leaves d2 no capture (beyond d1 is off the board), so Turquoise has
  // no legal turn and loses; +c2 lets d2 capture c2 towards b2.
  const auto s = game.deserialize("....../....../....../....../...t../rr.... r 5 0 start - - 10");
  expect_finds_win(game, s, 400);
  // The mirror image (a1-a3, then +a4 wins) lists the winning birth after the other one, so
  // the search cannot pass by taking the first action.
  expect_finds_win(game, game.transform_state(s, 1), 400);
  auto win = s, other = s;
  for (Action x : win.parse_turn("a1-c1 +d1")) win.apply(x);
  for (Action x : other.parse_turn("a1-c1 +c2")) other.apply(x);
  EXPECT_TRUE(win.is_terminal());
  EXPECT_FALSE(other.is_terminal());
}

TEST(MctsGames, JumpersAvoidsACaptureThatIsRecapturedAtOnce) {
  auto a = adapter_of<Jumpers>("jumpers");
  const Jumpers& game = a->game();
  // Red c3, d2, d1 with an empty reserve must capture. c3xe3 loses at once: e4 takes e3 and
  // then d2 (landing on c2), and d1 is left with no capture, so Red has no legal turn. c3xc5 is
  // safe: Turquoise has no capture, and whatever it does, d2 can still take d3.
  const auto s = game.deserialize("....../....t./..t.t./..rt../...r../...r.. r 0 5 start - - 20");
  auto losing = s;
  for (Action x : losing.parse_turn("c3xe3")) losing.apply(x);
  auto reply = losing;
  for (Action x : reply.parse_turn("e4xe2xc2")) reply.apply(x);
  EXPECT_TRUE(reply.is_terminal());
  expect_avoids_loss(game, s, 1000);
}

// --- Chinese Checkers (2 players: player 0 from triangle 0 to triangle 3, player 1 back) -------

// A goal hole g of `goal_triangle` with a line g <- over <- from running out of the triangle:
// a piece on `from` can hop over `over` into g.
struct HopLine {
  int goal_hole = -1, over = -1, from = -1;
};
HopLine hop_line_into(int goal_triangle) {
  const auto& b = cc::board();
  for (int g = 0; g < cc::kNumHoles; ++g) {
    if (b.triangle[g] != goal_triangle) continue;
    for (int d = 0; d < cc::kNumDirections; ++d) {
      const int over = b.neighbour[g][d];
      if (over < 0 || b.triangle[over] == goal_triangle) continue;
      const int from = b.neighbour[over][d];
      if (from >= 0 && b.triangle[from] != goal_triangle) return {g, over, from};
    }
  }
  return {};
}

std::vector<int> holes_of_triangle(int t) {
  std::vector<int> out;
  for (int h = 0; h < cc::kNumHoles; ++h)
    if (cc::board().triangle[h] == t) out.push_back(h);
  return out;
}

// A 2-player position with player 0 to move in which `finisher` has nine pieces in its goal
// (triangle 3 for player 0, 0 for player 1) and one that can hop over the other player's stone
// into the last goal hole. The other player has that stone and nine pieces in the finisher's
// home triangle (its own goal, one hole short).
ChineseCheckers::State one_hop_from_finishing(const ChineseCheckers& game, int finisher) {
  const int goal = finisher == 0 ? 3 : 0, other = 1 - finisher;
  const HopLine line = hop_line_into(goal);
  EXPECT_GE(line.from, 0);
  std::string board(cc::kNumHoles, '.');
  auto put = [&](int hole, int player) { board[hole] = static_cast<char>('0' + player); };
  for (int h : holes_of_triangle(goal))
    if (h != line.goal_hole) put(h, finisher);
  put(line.from, finisher);
  put(line.over, other);
  const auto home = holes_of_triangle(3 - goal);
  for (size_t i = 0; i + 1 < home.size(); ++i) put(home[i], other);
  return game.deserialize(board + " 0 40 p,p");
}

TEST(MctsGames, ChineseCheckersFinishingHop) {
  auto a = adapter_of<ChineseCheckers>("chinese_checkers");
  expect_finds_win(a->game(), one_hop_from_finishing(a->game(), 0), 2000);
}

TEST(MctsGames, ChineseCheckersAvoidsLettingTheOpponentFinish) {
  auto a = adapter_of<ChineseCheckers>("chinese_checkers");
  // Player 1 threatens to hop over player 0's stone into its last goal hole. Player 0 (to move)
  // must take the stone away (or otherwise stop the hop); leaving it, or stepping into the hole
  // (which fills player 1's goal), loses.
  const auto s = one_hop_from_finishing(a->game(), 1);
  EXPECT_FALSE(can_win_this_turn<ChineseCheckers>(s));
  expect_avoids_loss(a->game(), s, 3000);
}

// --- self-play and agents on every game ---------------------------------------------------------

template <class G>
void expect_selfplay_consistent(const std::string& name, const GameOptions& options) {
  auto a = adapter_of<G>(name, options);
  SelfPlayOptions o;
  o.threads = 2;
  o.games_per_thread = 4;
  o.max_games = 8;
  o.mcts.simulations = 12;
  o.mcts.leaves_per_round = 4;
  o.seed = 3;
  GameDriver<G> driver(a->game(), o, [](int) { return std::make_shared<UniformEvaluator<G>>(); });
  std::vector<FinishedGame> games;
  driver.run([&](FinishedGame&& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 8u) << name;
  for (const auto& g : games) expect_consistent_game<G>(a->game(), g);
}

TEST(MctsGames, SelfPlayPlaysEveryGameToTheEnd) {
  expect_selfplay_consistent<Alquerque>("alquerque", {{"max_plies", "60"}});
  expect_selfplay_consistent<Jumpers>("jumpers", {});
  expect_selfplay_consistent<ChineseCheckers>("chinese_checkers",
                                              {{"players", "3"}, {"max_plies", "90"}});
}

TEST(MctsGames, SameSeedSameMoves) {
  for (const std::string& name : game_names()) {
    auto game = make_game(name);
    auto moves = [&](uint64_t seed) {
      const AgentSpec spec =
          AgentSpec::parse("mcts:sims=60,evaluator=rollout,temperature=1,noise=0.25,batch=4");
      auto agent = game->make_agent(spec, seed);
      auto state = game->new_initial_state();
      std::vector<Action> out;
      for (int i = 0; i < 8 && !state->is_terminal(); ++i) {
        out.push_back(agent->select_action(*state));
        state->apply(out.back());
      }
      return out;
    };
    EXPECT_EQ(moves(7), moves(7)) << name;
  }
}

TEST(MctsGames, AgentByNameForEveryGame) {
  for (const std::string& name : game_names()) {
    auto game = make_game(name);
    auto agent = game->make_agent(AgentSpec::parse("mcts:sims=50,evaluator=rollout"), 1);
    auto state = game->new_initial_state();
    for (int i = 0; i < 6 && !state->is_terminal(); ++i) {
      const Action a = agent->select_action(*state);
      EXPECT_TRUE(state->is_legal(a)) << name;
      const SearchInfo info = agent->last_search();
      int visits = 0;
      for (int v : info.visits) visits += v;
      EXPECT_GE(visits, 50) << name;  // at least the simulations asked for (reuse may add)
      state->apply(a);
    }
  }
}

}  // namespace
}  // namespace hz
