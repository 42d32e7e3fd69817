// Tests of self-play batching across games (selfplay/game_driver.h) and of the MCTS agent
// (search/mcts_agent.h) on the toy games: games played to the end with samples consistent with a
// replay of their actions, determinism, resignation bookkeeping, batch statistics, agent specs.
#include "selfplay/game_driver.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <map>
#include <mutex>
#include <set>

#include "engine/adapter_impl.h"
#include "games/alquerque/alquerque.h"
#include "games/registry.h"
#include "selfplay_checks.h"
#include "test_util.h"
#include "toy_games.h"

namespace hz {
namespace {

using toy::TakeAwayGame;

SelfPlayOptions small_options(int threads, int games_per_thread, int64_t max_games) {
  SelfPlayOptions o;
  o.threads = threads;
  o.games_per_thread = games_per_thread;
  o.max_games = max_games;
  o.mcts.simulations = 40;
  o.mcts.leaves_per_round = 4;
  o.temperature = {1.0, 10, 0.0};
  o.seed = 17;
  return o;
}

template <class G>
std::map<uint64_t, FinishedGame> play(const G& game, const SelfPlayOptions& options,
                                      const std::string& evaluator,
                                      SelfPlayStats* stats = nullptr) {
  GameDriver<G> driver(game, options, [&](int thread) {
    EvaluatorSpec spec;
    spec.kind = evaluator;
    return std::shared_ptr<Evaluator<G>>(make_evaluator(game, spec, 100 + thread));
  });
  std::map<uint64_t, FinishedGame> games;
  std::mutex mutex;
  driver.run([&](FinishedGame&& g) {
    std::lock_guard<std::mutex> lock(mutex);  // the driver serialises calls; the test checks it
    EXPECT_TRUE(games.emplace(g.game_id, std::move(g)).second) << "game id twice";
  });
  if (stats) *stats = driver.stats();
  return games;
}

// Runs that differ only in their value targets play the same games: for each game of `changed`,
// checks that `plain` has the same actions and as many samples, replays the game to its last
// position and calls check(end, plain sample, changed sample) for every sample in order.
template <class G, class Check>
void for_each_sample_of_the_same_games(const G& game, const std::map<uint64_t, FinishedGame>& plain,
                                       const std::map<uint64_t, FinishedGame>& changed,
                                       Check check) {
  ASSERT_EQ(plain.size(), changed.size());
  for (const auto& [id, g] : changed) {
    SCOPED_TRACE(id);
    const FinishedGame& p = plain.at(id);
    ASSERT_EQ(g.actions, p.actions);
    ASSERT_EQ(g.samples.size(), p.samples.size());
    auto end = game.initial_state();
    for (Action a : g.actions) end.apply(a);
    for (size_t i = 0; i < g.samples.size(); ++i) {
      SCOPED_TRACE(i);
      check(end, p.samples[i], g.samples[i]);
    }
  }
}

TEST(GameDriver, TwoThreadsFourGamesEachPlayToTheEnd) {
  TakeAwayGame game({{"players", "3"}, {"pile", "25"}});
  SelfPlayStats stats;
  const auto games = play(game, small_options(2, 4, 20), "rollout", &stats);
  ASSERT_EQ(games.size(), 20u);
  for (uint64_t id = 0; id < 20; ++id) {
    ASSERT_TRUE(games.count(id)) << id;
    expect_consistent_game(game, games.at(id));
    EXPECT_FALSE(games.at(id).samples.empty());
  }
  EXPECT_EQ(stats.games, 20);
  int64_t samples = 0, actions = 0;
  for (const auto& [id, g] : games) {
    samples += g.samples.size();
    actions += g.actions.size();
  }
  EXPECT_EQ(stats.searches, samples);
  EXPECT_EQ(stats.actions, actions);
  EXPECT_GT(stats.batches, 0);
  int64_t histogram_total = 0;
  for (int64_t c : stats.batch_histogram) histogram_total += c;
  EXPECT_EQ(histogram_total, stats.batches);
  EXPECT_GT(stats.average_batch(), 2.0);  // four games x up to four leaves per call
  EXPECT_GE(stats.simulations, stats.evaluations);
}

TEST(GameDriver, SameSeedOneThreadSameGames) {
  TakeAwayGame game({{"pile", "30"}});
  auto actions_of = [&](const SelfPlayOptions& o, const std::string& evaluator) {
    std::map<uint64_t, std::vector<Action>> out;
    for (auto& [id, g] : play(game, o, evaluator)) out[id] = g.actions;
    return out;
  };
  const SelfPlayOptions one = small_options(1, 3, 7);
  EXPECT_EQ(actions_of(one, "rollout"), actions_of(one, "rollout"));
  SelfPlayOptions other = one;
  other.seed = 18;
  EXPECT_NE(actions_of(one, "rollout"), actions_of(other, "rollout"));
  // The uniform evaluator does not depend on what else is in a batch: a game's moves depend on
  // its id only, whatever the threads.
  EXPECT_EQ(actions_of(one, "uniform"), actions_of(small_options(2, 2, 7), "uniform"));
}

// Options of the strength work (Gumbel root and interior, playout cap randomization), each
// alone and together.
std::vector<std::pair<std::string, SelfPlayOptions>> variants_of(const SelfPlayOptions& base) {
  std::vector<std::pair<std::string, SelfPlayOptions>> out;
  SelfPlayOptions gumbel = base;
  gumbel.mcts.root_search = RootSearch::kGumbel;
  out.emplace_back("gumbel root", gumbel);
  gumbel.mcts.interior = InteriorSelection::kGumbel;
  out.emplace_back("gumbel root and interior", gumbel);
  SelfPlayOptions unscaled = gumbel;
  unscaled.mcts.gumbel_rescale_q = false;
  out.emplace_back("gumbel without q rescaling", unscaled);
  SelfPlayOptions capped = base;
  capped.full_search_fraction = 0.4;
  capped.fast_simulations = 6;
  out.emplace_back("playout cap", capped);
  gumbel.full_search_fraction = 0.4;
  gumbel.fast_simulations = 6;
  out.emplace_back("gumbel and playout cap", gumbel);
  return out;
}

TEST(GameDriver, SameSeedOneThreadSameGamesWithEachSearchOption) {
  TakeAwayGame game({{"pile", "30"}, {"players", "3"}});
  for (const auto& [name, o] : variants_of(small_options(1, 3, 7))) {
    std::map<uint64_t, std::vector<Action>> first, second;
    for (auto& [id, g] : play(game, o, "rollout")) {
      expect_consistent_game(game, g);
      first[id] = g.actions;
    }
    for (auto& [id, g] : play(game, o, "rollout")) second[id] = g.actions;
    EXPECT_EQ(first, second) << name;
    SelfPlayOptions other = o;
    other.seed = 18;
    std::map<uint64_t, std::vector<Action>> third;
    for (auto& [id, g] : play(game, other, "rollout")) third[id] = g.actions;
    EXPECT_NE(first, third) << name;
  }
}

TEST(GameDriver, PlayoutCapMarksFastSearchesAsNoPolicyTarget) {
  TakeAwayGame game({{"pile", "30"}});
  SelfPlayOptions o = small_options(1, 4, 12);
  o.full_search_fraction = 0.3;
  o.fast_simulations = 5;
  SelfPlayStats stats;
  const auto games = play(game, o, "uniform", &stats);
  int64_t full = 0, fast = 0;
  for (const auto& [id, g] : games) {
    expect_consistent_game(game, g);
    for (const Sample& sample : g.samples) (sample.policy_target ? full : fast) += 1;
  }
  EXPECT_EQ(stats.fast_searches, fast);
  EXPECT_EQ(stats.searches, full + fast);
  // About 30% full searches (binomial over ~200 positions; 0.15 .. 0.45 is > 4 sigma wide).
  const double share = static_cast<double>(full) / static_cast<double>(full + fast);
  EXPECT_GT(share, 0.15);
  EXPECT_LT(share, 0.45);
  // Without fast value targets a fast position gives no sample at all.
  o.fast_value_targets = false;
  const auto only_full = play(game, o, "uniform", &stats);
  int64_t samples = 0;
  for (const auto& [id, g] : only_full)
    for (const Sample& sample : g.samples) {
      EXPECT_TRUE(sample.policy_target);
      ++samples;
    }
  EXPECT_EQ(stats.searches - stats.fast_searches, samples);
  EXPECT_GT(stats.fast_searches, 0);
}

TEST(GameDriver, GumbelSamplesCarryTheImprovedPolicyOverEveryChild) {
  TakeAwayGame game({{"pile", "20"}});
  SelfPlayOptions o = small_options(1, 2, 4);
  o.mcts.root_search = RootSearch::kGumbel;
  for (const auto& [id, g] : play(game, o, "rollout")) {
    expect_consistent_game(game, g);
    for (const Sample& sample : g.samples) {
      // Every legal action (two here) has a share: the completed-Q policy is never zero.
      EXPECT_EQ(sample.policy.size(), 2u);
      for (int k = 0; k < 2; ++k) {
        EXPECT_GE(sample.search_value[k], -1.0f);
        EXPECT_LE(sample.search_value[k], 1.0f);
      }
      EXPECT_NEAR(sample.search_value[0] + sample.search_value[1], 0.0f, 1e-4);
    }
  }
}

// Policy surprise weighting changes which samples are written, never the games: the same seed
// gives the same actions, and each game's samples are its unweighted samples, each repeated 0, 1
// or more times in place (selfplay/surprise.h), the same on a second run.
TEST(GameDriver, SurpriseWeightingRepeatsSamplesOfTheSameGames) {
  TakeAwayGame game({{"pile", "30"}, {"players", "3"}});
  SelfPlayOptions o = small_options(1, 3, 12);
  o.mcts.root_search = RootSearch::kGumbel;
  const auto plain = play(game, o, "rollout");
  o.policy_surprise_weight = 1.0;
  const auto weighted = play(game, o, "rollout");
  const auto again = play(game, o, "rollout");
  ASSERT_EQ(plain.size(), weighted.size());
  int dropped = 0, repeated = 0;
  size_t plain_total = 0, weighted_total = 0;
  for (const auto& [id, g] : weighted) {
    const FinishedGame& p = plain.at(id);
    EXPECT_EQ(g.actions, p.actions) << id;
    std::vector<int32_t> plies, again_plies;
    for (const Sample& sample : g.samples) plies.push_back(sample.ply);
    for (const Sample& sample : again.at(id).samples) again_plies.push_back(sample.ply);
    EXPECT_EQ(plies, again_plies) << id;
    size_t at = 0;
    for (const Sample& one : p.samples) {
      int copies = 0;
      for (; at < g.samples.size() && g.samples[at].ply == one.ply; ++at, ++copies) {
        EXPECT_EQ(g.samples[at].observation, one.observation);
        EXPECT_EQ(g.samples[at].policy, one.policy);
        EXPECT_EQ(g.samples[at].value, one.value);
      }
      dropped += copies == 0;
      repeated += copies > 1;
    }
    EXPECT_EQ(at, g.samples.size()) << "game " << id << ": a sample of no searched position";
    plain_total += p.samples.size();
    weighted_total += g.samples.size();
  }
  // With share 1 a sample's weight is its surprise over the game's mean: some are dropped, some
  // repeated, and the total stays near the unweighted one (its expectation).
  EXPECT_GT(dropped, 0);
  EXPECT_GT(repeated, 0);
  EXPECT_NEAR(static_cast<double>(weighted_total), static_cast<double>(plain_total),
              0.25 * plain_total);
  o.policy_surprise_weight = 1.5;
  EXPECT_NE(error_of([&] { play(game, o, "rollout"); }).find("policy surprise weight"),
            std::string::npos);
}

// A value discount scales each value target by discount^(actions left in its game), and changes
// nothing else: the same games, policies and search values as without it.
TEST(GameDriver, ValueDiscountScalesTargetsByActionsToTheEnd) {
  TakeAwayGame game({{"pile", "30"}, {"players", "3"}});
  SelfPlayOptions o = small_options(1, 3, 6);
  const auto plain = play(game, o, "rollout");
  o.value_discount = 0.9;
  const auto discounted = play(game, o, "rollout");
  ASSERT_NO_FATAL_FAILURE(for_each_sample_of_the_same_games(
      game, plain, discounted, [](const auto& end, const Sample& p, const Sample& g) {
        const int left = end.move_number() - g.ply;
        ASSERT_GT(left, 0);
        const double scale = std::pow(0.9, left);
        for (int k = 0; k < 3; ++k) {
          EXPECT_NEAR(g.value[k], p.value[k] * scale, 1e-6);
          EXPECT_EQ(g.search_value[k], p.search_value[k]);
        }
        EXPECT_EQ(g.policy, p.policy);
      }));
  o.value_discount = 0.0;
  EXPECT_NE(error_of([&] { play(game, o, "rollout"); }).find("value discount"), std::string::npos);
}

// Margin targets on Alquerque, whose margins are material ahead (docs/rules/alquerque.md: 12
// pieces each): with weight 0.25 each value target is 0.75 x the plain run's (its returns) plus
// 0.25 x the last position's margin, counted here from the pieces, in the sample's seat order.
TEST(GameDriver, MarginWeightMixesTheLastPositionsMaterialIntoValueTargets) {
  const Alquerque game(
      resolve_options("alquerque", game_info("alquerque").options, {{"max_plies", "40"}}));
  SelfPlayOptions o = small_options(1, 3, 3);
  o.mcts.simulations = 16;
  const auto plain = play(game, o, "rollout");
  o.margin_weight = 0.25;
  const auto mixed = play(game, o, "rollout");
  ASSERT_EQ(plain.size(), 3u);
  int material_differs = 0;
  ASSERT_NO_FATAL_FAILURE(for_each_sample_of_the_same_games(
      game, plain, mixed, [&](const AlquerqueState& end, const Sample& p, const Sample& g) {
        const int me = g.player;
        const float ahead =
            static_cast<float>(std::popcount(end.pieces(me)) - std::popcount(end.pieces(1 - me))) /
            12.0f;
        material_differs += ahead != 0.0f;
        EXPECT_NEAR(g.value[0], 0.75f * p.value[0] + 0.25f * ahead, 1e-6);
        EXPECT_NEAR(g.value[1], 0.75f * p.value[1] - 0.25f * ahead, 1e-6);
        EXPECT_EQ(g.search_value, p.search_value);
      }));
  EXPECT_GT(material_differs, 0) << "no game ended with unequal material: the test shows nothing";
  // A game without margins refuses the option, naming it.
  TakeAwayGame take_away({{"pile", "10"}});
  const std::string e = error_of([&] { play(take_away, o, "rollout"); });
  EXPECT_NE(e.find("margin"), std::string::npos) << e;
  o.margin_weight = 1.5;
  EXPECT_NE(error_of([&] { play(game, o, "rollout"); }).find("margin weight"), std::string::npos);
}

TEST(GameDriver, ResignationAndPlayOnBookkeeping) {
  TakeAwayGame game({{"pile", "21"}});
  SelfPlayOptions o = small_options(1, 4, 30);
  o.mcts.simulations = 120;
  o.resign_threshold = 0.0;  // resigns as soon as the search expects to lose
  o.resign_playthrough_fraction = 0.0;
  SelfPlayStats stats;
  auto games = play(game, o, "rollout", &stats);
  ASSERT_EQ(games.size(), 30u);
  int resigned = 0;
  for (const auto& [id, g] : games) {
    expect_consistent_game(game, g);
    if (!g.resigned) continue;
    ++resigned;
    // The resigner is the player of the last sample: it gets -1, the other +1.
    const int loser = g.samples.back().player;
    EXPECT_EQ(g.returns[loser], -1.0f);
    EXPECT_EQ(g.returns[1 - loser], 1.0f);
  }
  EXPECT_GT(resigned, 0);
  EXPECT_EQ(stats.resignations, resigned);
  // Every game plays on: nobody resigns, would-be resignations are recorded and judged.
  o.resign_playthrough_fraction = 1.0;
  games = play(game, o, "rollout", &stats);
  int playthroughs = 0, false_ones = 0;
  for (const auto& [id, g] : games) {
    EXPECT_FALSE(g.resigned);
    expect_consistent_game(game, g);
    playthroughs += g.resign_playthrough;
    false_ones += g.resign_would_be_false;
    if (!g.resign_playthrough) {
      EXPECT_FALSE(g.resign_would_be_false);
    }
  }
  EXPECT_GT(playthroughs, 0);
  EXPECT_EQ(stats.playthroughs, playthroughs);
  EXPECT_EQ(stats.false_resignations, false_ones);
  // Three players: resignation is not defined.
  TakeAwayGame three({{"players", "3"}});
  EXPECT_NE(error_of([&] { play(three, o, "uniform"); }).find("two-player"), std::string::npos);
}

TEST(GameDriver, StopEndsAnUnlimitedRun) {
  TakeAwayGame game({{"pile", "40"}});
  SelfPlayOptions o = small_options(2, 2, 0);
  GameDriver<TakeAwayGame> driver(
      game, o, [](int) { return std::make_shared<UniformEvaluator<TakeAwayGame>>(); });
  int64_t seen = 0;
  driver.run([&](FinishedGame&&) {
    if (++seen == 25) driver.stop();
  });
  EXPECT_GE(seen, 25);
  EXPECT_EQ(driver.stats().games, seen);
}

// The MCTS agent through the type-erased game, as the CLI and Python build it.
std::shared_ptr<GameAdapter<TakeAwayGame>> adapter(const GameOptions& o) {
  return std::make_shared<GameAdapter<TakeAwayGame>>(o);
}

TEST(MctsAgent, FindsTheWinningTurnAndReportsItsSearch) {
  auto g = adapter({{"pile", "9"}});
  for (const std::string spec : {"mcts:sims=400", "mcts:sims=400,evaluator=rollout,rollouts=2",
                                 "mcts:sims=400,batch=8,reuse=false,cpuct=2,fpu=0"}) {
    auto agent = g->make_agent(AgentSpec::parse(spec), 3);
    // Five stones left, player 0 has taken one this turn: `take` then `end` leaves four and
    // wins; `end` now leaves five, from which player 1 leaves four.
    auto state = g->deserialize_state("5 1 0 1");
    Action reference = kNoAction;
    toy::maxn_value<TakeAwayGame>(state_of<TakeAwayGame>(*state), &reference);
    ASSERT_EQ(reference, TakeAwayGame::kTake);
    const Action a = agent->select_action(*state);
    EXPECT_EQ(a, TakeAwayGame::kTake) << spec;
    const SearchInfo info = agent->last_search();
    ASSERT_EQ(info.actions.size(), 2u);
    EXPECT_EQ(info.visits[0] + info.visits[1], 400) << spec;
    ASSERT_FALSE(info.principal_variation.empty());
    EXPECT_EQ(info.principal_variation[0], a);
    EXPECT_GT(info.root_value, 0.0f);
    // The agent keeps playing the whole game without error (reusing its tree).
    while (!state->is_terminal()) state->apply(agent->select_action(*state));
  }
}

TEST(MctsAgent, SettingsAreCheckedByName) {
  auto g = adapter({{"pile", "9"}});
  auto make = [&](const std::string& spec) { g->make_agent(AgentSpec::parse(spec), 1); };
  EXPECT_NE(error_of([&] { make("mcts:sims=10,bogus=1"); }).find("bogus"), std::string::npos);
  EXPECT_NE(error_of([&] { make("mcts:evaluator=magic"); }).find("magic"), std::string::npos);
  EXPECT_NE(error_of([&] { make("mcts:sims=0"); }).find("sims"), std::string::npos);
  EXPECT_NE(error_of([&] { make("mcts:sims=4,search=gumbel,rescale_q=maybe"); }).find("rescale_q"),
            std::string::npos);
  EXPECT_NE(error_of([&] { make("mcts:evaluator=checkpoint"); }).find("checkpoint"),
            std::string::npos);
  // A missing checkpoint is an error that names the file.
  EXPECT_NE(error_of([&] { make("mcts:evaluator=checkpoint,checkpoint=/x.pt"); }).find("/x.pt"),
            std::string::npos);
  EXPECT_EQ(error_of([&] {
              make(
                  "mcts:sims=5,evaluator=rollout,rollouts=3,cpuct=1,time_ms=0,temperature=0.5,"
                  "reuse=false,batch=2,noise=0.25,alpha=0.5,fpu=0.1,threads=2,search=gumbel,"
                  "interior=gumbel,considered=8,c_visit=40,c_scale=0.2,rescale_q=false,gumbel_"
                  "noise=true");
            }),
            "");
}

TEST(MctsAgent, TimeLimitAlonePlaysAWholeGameToItsEnd) {
  // Near the end every leaf is terminal; the search must still stop at its time limit (it used
  // to back up terminal leaves forever). With two threads too.
  auto g = adapter({{"pile", "12"}});
  for (const std::string spec : {"mcts:time_ms=20", "mcts:time_ms=20,threads=2,batch=4",
                                 "mcts:time_ms=20,evaluator=rollout,threads=2"}) {
    auto agent = g->make_agent(AgentSpec::parse(spec), 5);
    auto state = g->new_initial_state();
    int moves = 0;
    while (!state->is_terminal()) {
      const Action a = agent->select_action(*state);
      ASSERT_TRUE(state_of<TakeAwayGame>(*state).is_terminal() == false);
      TakeAwayGame::ActionList legal;
      state_of<TakeAwayGame>(*state).legal_actions(legal);
      ASSERT_TRUE(legal.contains(a)) << spec;
      state->apply(a);
      ++moves;
    }
    EXPECT_GT(moves, 4) << spec;
  }
}

TEST(MctsAgent, SearchThreadsFindTheWinningTurn) {
  auto g = adapter({{"pile", "9"}});
  for (const std::string spec :
       {"mcts:sims=2000,threads=2,batch=4", "mcts:sims=2000,threads=3,batch=2,evaluator=rollout",
        "mcts:sims=400,search=gumbel,interior=gumbel,threads=2,batch=2"}) {
    auto agent = g->make_agent(AgentSpec::parse(spec), 3);
    auto state = g->deserialize_state("5 1 0 1");
    EXPECT_EQ(agent->select_action(*state), TakeAwayGame::kTake) << spec;
    int visits = 0;
    for (int v : agent->last_search().visits) visits += v;
    EXPECT_GE(visits, 400) << spec;
  }
  EXPECT_NE(error_of([&] {
              g->make_agent(AgentSpec::parse("mcts:time_ms=5,search=gumbel"), 1);
            }).find("sims"),
            std::string::npos);
}

// Visits of the root's children in the agent's last search, and of the child played as `a`.
int root_child_visits(const Agent& agent, Action a = kNoAction) {
  const SearchInfo info = agent.last_search();
  int total = 0;
  for (size_t i = 0; i < info.actions.size(); ++i)
    if (a == kNoAction || info.actions[i] == a) total += info.visits[i];
  return total;
}

double seconds_to_select(Agent& agent, const AnyState& state, Action* out) {
  const auto t0 = std::chrono::steady_clock::now();
  *out = agent.select_action(state);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(MctsAgent, ClockPerTurnSpendsTheTurnsTimeOnceAndPlaysOnFromTheTree) {
  // TakeAwayGame: a turn is one to three takes then `end`, so after the first take the same
  // player moves on. Per turn (the default) that second action adds no simulation: its root is
  // the subtree the first search kept (children's visits = the played child's visits - 1). Per
  // action it searches again. Either way the next turn starts a full search.
  auto g = adapter({{"pile", "200"}});
  for (const std::string clock : {"", ",clock=turn", ",clock=action"}) {
    auto agent = g->make_agent(AgentSpec::parse("mcts:time_ms=40" + clock), 1);
    auto state = g->new_initial_state();
    Action a = kNoAction;
    EXPECT_GE(seconds_to_select(*agent, *state, &a), 0.035) << clock;
    const int kept = root_child_visits(*agent, a) - 1;
    ASSERT_GT(kept, 0) << clock;
    const int mover = state->current_player();
    state->apply(a);
    ASSERT_EQ(state->current_player(), mover);  // the turn goes on
    seconds_to_select(*agent, *state, &a);
    if (clock == ",clock=action")
      EXPECT_GT(root_child_visits(*agent), kept) << clock;
    else
      EXPECT_EQ(root_child_visits(*agent), kept) << clock;
    state->apply(a);
    while (state->current_player() == mover) state->apply(TakeAwayGame::kEnd);
    EXPECT_GE(seconds_to_select(*agent, *state, &a), 0.035) << clock;  // a new turn, a new clock
  }
  EXPECT_NE(error_of([&] {
              g->make_agent(AgentSpec::parse("mcts:time_ms=5,reuse=false"), 1);
            }).find("clock=action"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              g->make_agent(AgentSpec::parse("mcts:time_ms=5,clock=move"), 1);
            }).find("clock"),
            std::string::npos);
  EXPECT_EQ(error_of([&] {
              g->make_agent(AgentSpec::parse("mcts:time_ms=5,reuse=false,clock=action"), 1);
            }),
            "");
}

TEST(MctsAgent, TimeLimitAloneDecides) {
  auto g = adapter({{"pile", "200"}});
  auto agent = g->make_agent(AgentSpec::parse("mcts:time_ms=50"), 1);
  auto state = g->new_initial_state();
  const auto t0 = std::chrono::steady_clock::now();
  agent->select_action(*state);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(s, 0.045);
  EXPECT_LT(s, 5.0);
  int visits = 0;
  for (int v : agent->last_search().visits) visits += v;
  EXPECT_GT(visits, 200);  // more than the default simulation count
}

}  // namespace
}  // namespace hz
