// Tests of self-play's sparring seats (SelfPlayOptions::sparring_fraction, selfplay/
// game_driver.h): the seat drawn per game is played by the sparring player, gives no samples,
// is counted in the statistics, and the same seed gives the same games; through a game's
// adapter the sparring agent comes from an agent spec, refused early when the spec is bad.
#include <gtest/gtest.h>

#include <map>
#include <mutex>

#include "engine/adapter_impl.h"
#include "games/registry.h"
#include "selfplay/game_driver.h"
#include "test_util.h"
#include "toy_games.h"

namespace hz {
namespace {

using toy::TakeAwayGame;

SelfPlayOptions sparring_options(double fraction) {
  SelfPlayOptions o;
  o.threads = 1;
  o.games_per_thread = 4;
  o.max_games = 24;
  o.mcts.simulations = 24;
  o.mcts.leaves_per_round = 2;
  o.temperature = {1.0, 6, 0.0};
  o.seed = 5;
  o.sparring_fraction = fraction;
  o.sparring_agent = "(set by the test)";
  return o;
}

// A sparring player no search would copy: it ends its turn as soon as it may (one take, then
// `end`), so every one of its turns is exactly take, end.
Action take_one_and_end(const TakeAwayGame::State& s) {
  TakeAwayGame::ActionList legal;
  s.legal_actions(legal);
  return legal.contains(TakeAwayGame::kEnd) ? TakeAwayGame::kEnd : TakeAwayGame::kTake;
}

std::map<uint64_t, FinishedGame> play(const TakeAwayGame& game, const SelfPlayOptions& options,
                                      SelfPlayStats* stats = nullptr, bool with_player = true) {
  GameDriver<TakeAwayGame> driver(game, options, [&](int thread) {
    EvaluatorSpec spec;
    spec.kind = "uniform";
    return std::shared_ptr<Evaluator<TakeAwayGame>>(make_evaluator(game, spec, 100 + thread));
  });
  if (with_player)
    driver.set_sparring(
        [](int) { return GameDriver<TakeAwayGame>::SparringPlayer(take_one_and_end); });
  std::map<uint64_t, FinishedGame> games;
  std::mutex mutex;
  driver.run([&](FinishedGame&& g) {
    std::lock_guard<std::mutex> lock(mutex);
    games.emplace(g.game_id, std::move(g));
  });
  if (stats) *stats = driver.stats();
  return games;
}

TEST(Sparring, TheDrawnSeatPlaysTheSparringPlayersMovesAndGivesNoSamples) {
  TakeAwayGame game({{"players", "2"}, {"pile", "15"}});
  SelfPlayStats stats;
  const auto games = play(game, sparring_options(1.0), &stats);
  ASSERT_EQ(games.size(), 24u);
  int seat_count[2] = {0, 0}, sparring_lost = 0, sparring_drew = 0;
  for (const auto& [id, g] : games) {
    SCOPED_TRACE(id);
    const int seat = g.sparring_seat;
    ASSERT_TRUE(seat == 0 || seat == 1);
    ++seat_count[seat];
    for (const Sample& sample : g.samples) EXPECT_NE(sample.player, seat);
    // Replayed: every action of the sparring seat is the sparring player's.
    auto state = game.initial_state();
    int sparring_actions = 0;
    for (Action a : g.actions) {
      if (state.current_player() == seat) {
        EXPECT_EQ(a, take_one_and_end(state));
        ++sparring_actions;
      }
      state.apply(a);
    }
    EXPECT_GT(sparring_actions, 0);
    ASSERT_TRUE(state.is_terminal());
    if (g.returns[seat] < g.returns[1 - seat]) ++sparring_lost;
    if (g.returns[seat] == g.returns[1 - seat]) ++sparring_drew;
  }
  EXPECT_GT(seat_count[0], 0);
  EXPECT_GT(seat_count[1], 0);
  EXPECT_EQ(stats.sparring_games, 24);
  EXPECT_EQ(stats.sparring_losses, sparring_lost);
  EXPECT_EQ(stats.sparring_draws, sparring_drew);
}

TEST(Sparring, AShareOfGamesAndTheSameGamesForTheSameSeed) {
  TakeAwayGame game({{"players", "3"}, {"pile", "14"}});
  SelfPlayOptions o = sparring_options(0.5);
  o.max_games = 40;
  SelfPlayStats stats;
  const auto first = play(game, o, &stats);
  const auto second = play(game, o);
  ASSERT_EQ(first.size(), 40u);
  int with_seat = 0;
  for (const auto& [id, g] : first) {
    const FinishedGame& again = second.at(id);
    EXPECT_EQ(g.actions, again.actions);
    EXPECT_EQ(g.sparring_seat, again.sparring_seat);
    EXPECT_GE(g.sparring_seat, -1);
    EXPECT_LT(g.sparring_seat, 3);
    if (g.sparring_seat >= 0) ++with_seat;
  }
  // 40 draws at 1/2: fewer than 8 or more than 32 has probability below 1e-4.
  EXPECT_GE(with_seat, 8);
  EXPECT_LE(with_seat, 32);
  EXPECT_EQ(stats.sparring_games, with_seat);
  // Off, the games carry no sparring seat.
  for (const auto& [id, g] : play(game, sparring_options(0.0))) EXPECT_EQ(g.sparring_seat, -1);
}

TEST(Sparring, ADriverWithoutASparringPlayerRefusesToRun) {
  TakeAwayGame game({{"players", "2"}, {"pile", "9"}});
  EXPECT_NE(error_of([&] {
              play(game, sparring_options(0.5), nullptr, false);
            }).find("no sparring player"),
            std::string::npos);
  SelfPlayOptions o = sparring_options(0.5);
  o.sparring_agent.clear();
  EXPECT_NE(error_of([&] { o.validate(); }).find("needs a sparring agent"), std::string::npos);
  o = sparring_options(1.5);
  EXPECT_NE(error_of([&] { o.validate(); }).find("sparring fraction"), std::string::npos);
}

TEST(Sparring, AnAgentSpecPlaysTheSeatThroughTheGamesAdapter) {
  auto alquerque = make_game("alquerque", {{"max_plies", "40"}});
  SelfPlayOptions o = sparring_options(1.0);
  o.max_games = 4;
  o.mcts.simulations = 8;
  o.sparring_agent = "alphabeta:depth=1";
  EvaluatorSpec uniform;
  uniform.kind = "uniform";
  auto runner = alquerque->make_selfplay(o, uniform);
  int games = 0;
  runner->run([&](FinishedGame&& g) {
    ++games;
    EXPECT_TRUE(g.sparring_seat == 0 || g.sparring_seat == 1);
    for (const Sample& sample : g.samples) EXPECT_NE(sample.player, g.sparring_seat);
  });
  EXPECT_EQ(games, 4);
  EXPECT_EQ(runner->stats().sparring_games, 4);
  o.sparring_agent = "alphabeta:depth=banana";
  EXPECT_NE(error_of([&] { alquerque->make_selfplay(o, uniform); }).find("depth"),
            std::string::npos);
}

}  // namespace
}  // namespace hz
