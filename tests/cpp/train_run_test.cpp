// End-to-end tests of `hopzero train` (train/training_run.h) on tiny Alquerque runs: a run trains
// and writes consistent checkpoints, shards and metrics; a SIGKILLed run resumes with its counters,
// also when killed again and again at random moments; SIGINT and SIGTERM stop a run after a
// checkpoint.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "core/config.h"
#include "core/dir_listing.h"
#include "core/files.h"
#include "core/rng.h"
#include "games/registry.h"
#include "run_dir_checks.h"
#include "search/agent.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/checkpoint.h"
#include "train/run_config.h"
#include "train/training_run.h"

namespace hz {
namespace {

using test::exit_status;
using test::hopzero_binary;
using test::metrics_lines;
using test::shard_totals;
using test::ShardTotals;
using test::wait_for_file;

const std::string kTinyConfig = std::string(HZ_SOURCE_DIR) + "/configs/tiny_alquerque.yaml";

RunConfig tiny_config(const std::vector<std::string>& sets, const std::string& path = kTinyConfig) {
  Config c = Config::load_file(path);
  for (const auto& s : sets) c.set_override(s);
  return RunConfig::from_config(c);
}

TEST(TrainingRun, TimeBudgetEndsTheRunAndDrivesTheSchedule) {
  // A huge step count and a 4-second budget: the run ends by time, as complete, with the
  // new search options on; resuming it does nothing more.
  const std::string dir = test::temp_dir("run_budget");
  const RunConfig cfg = tiny_config(
      {"training.total_steps=1000000", "training.time_budget_s=4", "training.lr_schedule=cosine",
       "selfplay.search=gumbel", "selfplay.full_search_fraction=0.5", "selfplay.fast_simulations=4",
       "selfplay.gumbel_rescale_q=false", "training.search_value_weight=0.5",
       "evaluation.games=0"});
  std::ostringstream out;
  std::atomic<bool> stop{false};
  const auto t0 = std::chrono::steady_clock::now();
  const RunSummary summary = TrainingRun(cfg, dir, out).run(stop);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(summary.finished) << out.str();
  EXPECT_GT(summary.step, 0) << out.str();
  EXPECT_LT(summary.step, 1000000);
  EXPECT_LT(s, 60.0);
  const CheckpointMeta meta = read_checkpoint_meta(checkpoint_path(dir, summary.step));
  EXPECT_GE(meta.elapsed_s, 4.0);
  // Fast and full searches both reached the shards.
  int fast = 0, full = 0;
  for (long index : list_shards(dir))
    for (const Sample& sample : read_shard(shard_path(dir, index)))
      (sample.policy_target ? full : fast) += 1;
  EXPECT_GT(fast, 0);
  EXPECT_GT(full, 0);
  std::ostringstream again;
  EXPECT_EQ(TrainingRun(cfg, dir, again).run(stop).step, summary.step);
  EXPECT_NE(again.str().find("already complete"), std::string::npos) << again.str();
  // The cosine schedule follows the budget's share when it is ahead of the steps' share.
  TrainerConfig tc;
  tc.learning_rate = 0.1;
  tc.lr_schedule = "cosine";
  tc.lr_min_factor = 0.0;
  tc.total_steps = 1000;
  EXPECT_NEAR(tc.learning_rate_at(10, 0.5), 0.05, 1e-12);
  EXPECT_NEAR(tc.learning_rate_at(500, 0.1), 0.05, 1e-12);
  EXPECT_NEAR(tc.learning_rate_at(10, 1.0), 0.0, 1e-12);
}

TEST(TrainingRun, TinyRunTrainsAndWritesConsistentFiles) {
  const std::string dir = test::temp_dir("run_e2e");
  const RunConfig cfg = tiny_config({"training.total_steps=20"});
  std::ostringstream out;
  std::atomic<bool> stop{false};
  const RunSummary summary = TrainingRun(cfg, dir, out).run(stop);
  EXPECT_TRUE(summary.finished) << out.str();
  EXPECT_EQ(summary.step, 20);
  EXPECT_EQ(list_checkpoints(dir), (std::vector<long>{10, 20}));
  const CheckpointMeta meta = read_checkpoint_meta(checkpoint_path(dir, 20));
  const ShardTotals shards = shard_totals(dir);
  EXPECT_EQ(meta.games, summary.games);
  EXPECT_EQ(shards.games, summary.games);  // the final checkpoint flushed every game
  EXPECT_EQ(shards.samples, summary.samples);
  EXPECT_FALSE(shards.game_split);
  // Training kept pace with the configured ratio: 20 steps x 16 samples <= 1 x generated.
  EXPECT_GE(summary.samples, 20u * 16u);
  const auto lines = metrics_lines(dir);
  ASSERT_EQ(lines.size(), 5u);  // steps 5, 10, 15, 20 and the evaluation
  EXPECT_NE(lines[3].find("\"step\":20,"), std::string::npos) << lines[3];
  // One process is a world of one rank, whose games (this session's, here all) are its own: as
  // many as the run counted, or one more that its one self-play thread is handing over.
  std::smatch world;
  ASSERT_TRUE(std::regex_search(lines[3], world,
                                std::regex("\"games\":([0-9]+),.*\"world_size\":1,"
                                           "\"games_by_rank\":\\[([0-9]+)\\]")))
      << lines[3];
  EXPECT_GE(std::stol(world[2]), std::stol(world[1])) << lines[3];
  EXPECT_LE(std::stol(world[2]), std::stol(world[1]) + 1) << lines[3];
  EXPECT_NE(lines[4].find("\"kind\":\"eval\""), std::string::npos) << lines[4];
  EXPECT_NE(lines[4].find("\"eval_games\":2,"), std::string::npos) << lines[4];
  // The two evaluation games are all counted as wins, draws or losses.
  const std::regex eval_line(
      "final network vs uniform MCTS \\(8 sims\\): ([0-9]+) wins, ([0-9]+) "
      "draws, ([0-9]+) losses in 2 games");
  std::smatch m;
  const std::string printed = out.str();
  ASSERT_TRUE(std::regex_search(printed, m, eval_line)) << printed;
  EXPECT_EQ(std::stoi(m[1]) + std::stoi(m[2]) + std::stoi(m[3]), 2) << printed;
  EXPECT_TRUE(path_exists(dir + "/config.yaml"));

  // Resuming with a network that does not fit the checkpoint is an error naming the checkpoint,
  // and leaves the run's config.yaml as it was.
  const std::string kept = read_file(dir + "/config.yaml");
  const std::string mismatch = error_of([&] {
    TrainingRun(tiny_config({"training.total_steps=30", "network.channels=16"}), dir, out)
        .run(stop);
  });
  EXPECT_NE(mismatch.find("ckpt_000020.pt"), std::string::npos) << mismatch;
  EXPECT_EQ(read_file(dir + "/config.yaml"), kept);

  // The weights moved and still give finite losses on the run's own data. (Whether 20 steps
  // lower the loss is not asserted: 8-simulation visit shares are mostly noise. The trainer's
  // own tests check that loss decreases on a fixed batch.)
  auto game = make_game(cfg.game, cfg.game_options);
  ReplayWindow window(*game, 100000);
  for (long index : list_shards(dir)) window.add_samples(read_shard(shard_path(dir, index)));
  Trainer initial(cfg.network, cfg.trainer, cfg.seed), trained(cfg.network, cfg.trainer, 0);
  load_checkpoint(checkpoint_path(dir, 20), trained, cfg.game, game->options().to_string());
  Rng rng(5);
  const TrainBatch all = window.sample_batch(static_cast<int>(window.size()), rng, false);
  const TrainStats before = initial.measure(all), after = trained.measure(all);
  EXPECT_TRUE(std::isfinite(after.loss));
  EXPECT_NE(before.loss, after.loss);

  // The checkpoint plays through the agent factory ("mcts:checkpoint=PATH,sims=N").
  const std::string ckpt = checkpoint_path(dir, 20);
  auto agent = game->make_agent(AgentSpec::parse("mcts:checkpoint=" + ckpt + ",sims=16"), 1);
  auto state = game->new_initial_state();
  EXPECT_TRUE(state->is_legal(agent->select_action(*state)));
  auto other = make_game("alquerque", GameOptions{{"max_plies", "41"}});
  const std::string wrong = error_of(
      [&] { other->make_agent(AgentSpec::parse("mcts:checkpoint=" + ckpt + ",sims=16"), 1); });
  EXPECT_NE(wrong.find(ckpt), std::string::npos) << wrong;
  EXPECT_NE(error_of([&] {
              game->make_agent(AgentSpec::parse("mcts:checkpoint=" + ckpt + ",evaluator=rollout"),
                               1);
            }),
            "");
}

// The other engines, including an N-player game. Value targets are by seat (rotated to the mover):
// rotated back to absolute players they must give the same returns for every sample of a game.
// With resignation on, the metrics lines report resignations and the false-resign check. A
// threshold of 0.9 makes an untrained network want to resign almost everywhere, so both the
// resigned games and the played-on ones (half of them) are there.
TEST(TrainingRun, ResignationAndTheFalseResignCheckAreReported) {
  const std::string dir = test::temp_dir("run_resign");
  std::ostringstream out;
  std::atomic<bool> stop{false};
  const RunSummary summary =
      TrainingRun(tiny_config({"training.total_steps=20", "evaluation.games=0",
                               "selfplay.resign_threshold=0.9", "selfplay.resign_playthrough=0.5"}),
                  dir, out)
          .run(stop);
  ASSERT_TRUE(summary.finished);
  const std::string last = metrics_lines(dir).back();
  static const std::regex counts(
      "\"resignations\":([0-9]+),\"resign_playthroughs\":([0-9]+),\"false_resignations\":([0-9]+),"
      "\"false_resign_rate\":([0-9.e-]+|null)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(last, m, counts)) << last;
  const long resigned = std::stol(m[1]), played_on = std::stol(m[2]), false_ones = std::stol(m[3]);
  EXPECT_GT(resigned, 0) << last;
  EXPECT_GT(played_on, 0) << last;
  EXPECT_LE(false_ones, played_on);
  EXPECT_NEAR(std::stod(m[4]), double(false_ones) / double(played_on), 1e-5) << last;
  EXPECT_NE(out.str().find("false resignations"), std::string::npos) << out.str();
}

// Agent specs are text with ',' and '=': a run directory holding them must still evaluate.
TEST(TrainingRun, RunDirectoryWithSpecCharactersEvaluates) {
  const std::string dir = test::temp_dir("run,sims=1");
  std::ostringstream out;
  std::atomic<bool> stop{false};
  const RunSummary summary =
      TrainingRun(tiny_config({"training.total_steps=10"}), dir, out).run(stop);
  EXPECT_TRUE(summary.finished);
  EXPECT_NE(out.str().find("losses in 2 games"), std::string::npos) << out.str();
}

TEST(TrainingRun, TinyRunsOfJumpersAndThreePlayerChineseCheckers) {
  for (const std::string name : {"tiny_jumpers", "tiny_chinese_checkers_3"}) {
    const std::string dir = test::temp_dir("run_" + name);
    const RunConfig cfg = tiny_config({"evaluation.games=0"},
                                      std::string(HZ_SOURCE_DIR) + "/configs/" + name + ".yaml");
    std::ostringstream out;
    std::atomic<bool> stop{false};
    const RunSummary summary = TrainingRun(cfg, dir, out).run(stop);
    EXPECT_TRUE(summary.finished) << name << "\n" << out.str();
    EXPECT_EQ(summary.step, cfg.loop.total_steps) << name;
    const ShardTotals shards = shard_totals(dir);
    EXPECT_EQ(shards.games, summary.games) << name;
    auto game = make_game(cfg.game, cfg.game_options);
    const int players = game->num_players();
    std::map<uint64_t, PlayerValues> returns_of_game;
    bool rotated_consistently = true, saw_other_seats = false;
    for (long index : list_shards(dir))
      for (const Sample& s : read_shard(shard_path(dir, index))) {
        const PlayerValues absolute = from_seats(s.value, s.player, players);
        auto [it, first] = returns_of_game.emplace(s.game_id, absolute);
        rotated_consistently = rotated_consistently && it->second == absolute;
        saw_other_seats = saw_other_seats || s.player != 0;
        float total = 0, share = 0;
        for (int k = 0; k < players; ++k) total += s.value[k];
        for (const auto& [i, p] : s.policy) share += p;
        EXPECT_NEAR(total, 0.0f, 1e-5) << name << " game " << s.game_id;  // zero-sum
        EXPECT_NEAR(share, 1.0f, 1e-4) << name << " game " << s.game_id;
        EXPECT_GE(s.player, 0);
        EXPECT_LT(s.player, players);
      }
    EXPECT_TRUE(rotated_consistently) << name;
    EXPECT_TRUE(saw_other_seats) << name;
  }
}

pid_t spawn_train(const std::vector<std::string>& extra, const std::string& log) {
  std::vector<std::string> args = {test::hopzero_binary(), "train"};
  args.insert(args.end(), extra.begin(), extra.end());
  return test::spawn(args, log);
}

TEST(TrainingRun, SigkilledRunResumesItsCounters) {
  if (!path_exists(hopzero_binary())) GTEST_SKIP() << "hopzero binary not built";
  const std::string dir = test::temp_dir("run_kill"), log = dir + ".log";
  const std::vector<std::string> first = {
      "--config", kTinyConfig,         "--run", dir, "--set", "training.total_steps=60",
      "--set",    "evaluation.games=0"};
  const pid_t pid = spawn_train(first, log);
  ASSERT_TRUE(wait_for_file(checkpoint_path(dir, 20), 120)) << read_file(log);
  kill(pid, SIGKILL);
  EXPECT_EQ(exit_status(pid), 128 + SIGKILL);
  const long killed_at = list_checkpoints(dir).back();
  const ShardTotals before = shard_totals(dir);
  ASSERT_LT(killed_at, 60) << "the run finished before it was killed";

  // Resume from the run directory alone (its config.yaml), to the end.
  const pid_t again = spawn_train({"--run", dir}, log);
  ASSERT_EQ(exit_status(again), 0) << read_file(log);
  const std::string text = read_file(log);
  EXPECT_NE(text.find("step " + std::to_string(killed_at) + ","), std::string::npos) << text;
  const CheckpointMeta meta = read_checkpoint_meta(checkpoint_path(dir, 60));
  const ShardTotals after = shard_totals(dir);
  EXPECT_EQ(meta.step, 60);
  EXPECT_GE(meta.games, before.games);  // games finished before the kill were kept
  EXPECT_EQ(after.games, meta.games);
  EXPECT_FALSE(after.game_split);  // resumed self-play did not reuse a game id
  for (const auto& [id, shard] : before.shard_of_game) EXPECT_EQ(after.shard_of_game.at(id), shard);
}

// Kills the run with SIGKILL at several random moments (start-up, self-play, training, while a
// shard or checkpoint is being written), resuming after each kill. After every kill and resume
// the counters only grow, every shard that was complete is still there with the same games, no
// game id is in two shards, every game the run had reported finished is on disk (in a shard or
// the game journal) and the resumed run puts it in a shard, and the last run finishes with a
// checkpoint that loads.
TEST(TrainingRun, SigkilledAtRandomMomentsResumesEveryTime) {
  if (!path_exists(hopzero_binary())) GTEST_SKIP() << "hopzero binary not built";
  const std::string dir = test::temp_dir("run_kills"), log = dir + ".log";
  // Endless until the last resume, so that every kill lands in a running process.
  const std::vector<std::string> args = {"--config", kTinyConfig, "--run",
                                         dir,        "--set",     "evaluation.games=0"};
  auto with_steps = [&](long steps) {
    std::vector<std::string> a = args;
    a.insert(a.end(), {"--set", "training.total_steps=" + std::to_string(steps)});
    return a;
  };
  Rng rng(20261202);  // fixed: the kill moments are random but the same on every run
  test::KilledRun last;
  int kills = 0;
  for (int round = 0; round < 5; ++round) {
    const size_t log_from = path_exists(log) ? read_file(log).size() : 0;
    const pid_t pid = spawn_train(with_steps(1000000), log);
    // 0.2 s to 3 s: the first kills land in start-up and early self-play, later ones mid-run.
    const double wait_s = 0.2 + 2.8 * rng.uniform01();
    // The last kill comes after a checkpoint whatever the machine's speed: on a loaded machine
    // 3 s can all go to start-up (seen in a fresh-clone run beside a training run).
    if (round == 4) test::wait_until([&] { return !list_checkpoints(dir).empty(); }, 120);
    std::this_thread::sleep_for(std::chrono::duration<double>(wait_s));
    if (kill(pid, SIGKILL) == 0) ++kills;
    const int status = exit_status(pid);
    SCOPED_TRACE("round " + std::to_string(round) + ", killed after " + std::to_string(wait_s) +
                 " s, exit " + std::to_string(status));
    ASSERT_EQ(status, 128 + SIGKILL) << read_file(log);
    last = test::expect_kept_after_kill(dir, log, log_from, last);
  }
  EXPECT_EQ(kills, 5);
  EXPECT_GT(last.meta.step, 0) << "no kill came after the first checkpoint: " << read_file(log);

  // Resume to an end 25 steps on; the final checkpoint loads as a network and agrees with the
  // shards.
  const long end = last.meta.step + 25;
  const pid_t again = spawn_train(with_steps(end), log);
  ASSERT_EQ(exit_status(again), 0) << read_file(log);
  ASSERT_NE(load_checkpoint_network(checkpoint_path(dir, end)), nullptr);
  test::expect_resumed_to(dir, end, last);
}

class StopSignal : public ::testing::TestWithParam<int> {};

TEST_P(StopSignal, StopsAfterACheckpoint) {
  if (!path_exists(hopzero_binary())) GTEST_SKIP() << "hopzero binary not built";
  const int signal = GetParam();
  const std::string dir = test::temp_dir("run_stop" + std::to_string(signal)), log = dir + ".log";
  const pid_t pid =
      spawn_train({"--config", kTinyConfig, "--run", dir, "--set", "training.total_steps=1000000",
                   "--set", "training.checkpoint_every=7"},
                  log);
  ASSERT_TRUE(wait_for_file(checkpoint_path(dir, 14), 120)) << read_file(log);
  kill(pid, signal);
  EXPECT_EQ(exit_status(pid), 130) << read_file(log);
  const std::string text = read_file(log);
  const size_t at = text.find("stopped at step ");
  ASSERT_NE(at, std::string::npos) << text;
  const long step = std::stol(text.substr(at + 16));
  EXPECT_EQ(list_checkpoints(dir).back(), step);
  EXPECT_EQ(read_checkpoint_meta(checkpoint_path(dir, step)).games, shard_totals(dir).games);
  EXPECT_EQ(text.find("error"), std::string::npos) << text;
}

INSTANTIATE_TEST_SUITE_P(SigintAndSigterm, StopSignal, ::testing::Values(SIGINT, SIGTERM),
                         [](const auto& info) {
                           return std::string(info.param == SIGINT ? "SIGINT" : "SIGTERM");
                         });

}  // namespace
}  // namespace hz
