// Distributed training under mpirun (docs/distributed.md), end to end on configs/
// tiny_alquerque.yaml: a job of three ranks trains with games from both actors; a job killed with
// SIGKILL (whole, or one rank) and rerun loses no journaled game and keeps its counters
// monotone; two data-parallel learners take the step one learner takes on both minibatches; a
// mismatched rank, too many learners and a rank that never answers are refused with a message.
// Skipped, with the reason, where mpirun is not installed.
//
// The tests named DistributedChild.* are the ranks of the learners' test: they run only in the
// processes that test starts with mpirun (HZ_DISTRIBUTED_CHILD set) and skip elsewhere.
#include <dirent.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <regex>

#include "core/config.h"
#include "core/rng.h"
#include "distributed/learner.h"
#include "distributed/mpi_world.h"
#include "distributed/rank0.h"
#include "games/registry.h"
#include "run_dir_checks.h"
#include "selfplay_games.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/replay.h"
#include "train/run_config.h"

namespace hz {
namespace {

const std::string kTinyConfig = std::string(HZ_SOURCE_DIR) + "/configs/tiny_alquerque.yaml";

// mpirun on PATH, or "".
std::string find_mpirun() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && access((dir + "/mpirun").c_str(), X_OK) == 0) return dir + "/mpirun";
  return "";
}

// Why the MPI tests cannot run here ("" if they can).
std::string missing_for_mpi() {
  if (find_mpirun().empty())
    return "mpirun is not installed (no mpirun on PATH): install openmpi-bin, as scripts/setup.sh "
           "does";
  if (!path_exists(test::hopzero_binary())) return "hopzero binary not built";
  return "";
}

#define REQUIRE_MPIRUN()                           \
  do {                                             \
    const std::string why_not = missing_for_mpi(); \
    if (!why_not.empty()) GTEST_SKIP() << why_not; \
  } while (0)

// `mpirun ... -np N` then `rest` (the program and its arguments, or an MPMD line with ':').
std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& rest) {
  std::vector<std::string> args = {
      find_mpirun(), "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
      "-np",         std::to_string(ranks)};
  args.insert(args.end(), rest.begin(), rest.end());
  return args;
}

std::vector<std::string> train_args(const std::string& dir, const std::vector<std::string>& sets) {
  std::vector<std::string> a = {
      test::hopzero_binary(), "train", "--config", kTinyConfig, "--run", dir, "--set",
      "evaluation.games=0"};
  for (const std::string& s : sets) a.insert(a.end(), {"--set", s});
  return a;
}

// The job's log, for failure messages.
std::string log_of(const std::string& log) {
  return path_exists(log) ? read_file(log) : "(no log)";
}

// The games_by_rank array of a metrics line.
std::vector<long> games_by_rank(const std::string& line) {
  std::smatch m;
  std::vector<long> out;
  if (!std::regex_search(line, m, std::regex("\"games_by_rank\":\\[([0-9,]*)\\]"))) return out;
  std::istringstream in(m[1].str());
  for (std::string n; std::getline(in, n, ',');) out.push_back(std::stol(n));
  return out;
}

TEST(Distributed, ThreeRanksTrainWithGamesFromBothActors) {
  REQUIRE_MPIRUN();
  const std::string dir = test::temp_dir("dist_run"), log = dir + ".log";
  // A low training ratio makes the 30 steps wait for about 250 games (3 s here, unloaded), so an
  // actor that starts seconds late on a loaded machine still sends games before the end; at the
  // config's ratio of 1, 18 games suffice and one actor could send them all (as on CI).
  const pid_t pid = test::spawn(
      mpirun(3, train_args(dir, {"training.total_steps=30",
                                 "training.train_samples_per_generated_sample=0.05"})),
      log);
  ASSERT_EQ(test::exit_status_within(pid, 120), 0) << log_of(log);
  const std::string text = read_file(log);
  EXPECT_TRUE(contains(text, "distributed run of 3 ranks")) << text;
  const CheckpointMeta meta = read_checkpoint_meta(checkpoint_path(dir, 30));
  const test::ShardTotals shards = test::shard_totals(dir);
  EXPECT_EQ(shards.games, meta.games);  // every game received is in a shard
  EXPECT_FALSE(shards.game_split);
  // Rank 0 numbered the games as they arrived: 0, 1, 2, ... with none missing.
  ASSERT_FALSE(shards.shard_of_game.empty());
  EXPECT_EQ(shards.shard_of_game.rbegin()->first + 1, shards.games);
  // Metrics carry the world size and the games from each rank; both actors sent games.
  const std::vector<std::string> lines = test::metrics_lines(dir);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(contains(lines.back(), "\"world_size\":3,")) << lines.back();
  const std::vector<long> by_rank = games_by_rank(lines.back());
  ASSERT_EQ(by_rank.size(), 3u) << lines.back();
  EXPECT_EQ(by_rank[0], 0);
  EXPECT_GT(by_rank[1], 0);
  EXPECT_GT(by_rank[2], 0);
  EXPECT_TRUE(contains(text, "games received this session: rank 1: ")) << text;
  EXPECT_TRUE(contains(text, "rank 1: self-play actor done")) << text;
  EXPECT_TRUE(contains(text, "rank 2: self-play actor done")) << text;
}

// distributed.learners: 2 in a job of three: ranks 0 and 1 train every step, rank 2 plays.
TEST(Distributed, DataParallelLearnersTrainEveryStep) {
  REQUIRE_MPIRUN();
  const std::string dir = test::temp_dir("dist_dp"), log = dir + ".log";
  const pid_t pid = test::spawn(
      mpirun(3, train_args(dir, {"training.total_steps=10", "distributed.learners=2"})), log);
  ASSERT_EQ(test::exit_status_within(pid, 120), 0) << log_of(log);
  const std::string text = read_file(log);
  EXPECT_TRUE(
      contains(text, "rank 0: learner, writes " + dir + "; rank 1: learner; rank 2: self-play"))
      << text;
  EXPECT_TRUE(contains(text, "rank 1: learner done after 10 steps (step 10)")) << text;
  EXPECT_TRUE(path_exists(checkpoint_path(dir, 10)));
  const std::vector<long> by_rank = games_by_rank(test::metrics_lines(dir).back());
  ASSERT_EQ(by_rank.size(), 3u);
  EXPECT_EQ(by_rank[1], 0);
  EXPECT_GT(by_rank[2], 0);
}

// The pid of rank `rank`, a child of mpirun `mpirun_pid`; -1 while there is none.
pid_t rank_pid(pid_t mpirun_pid, int rank) {
  DIR* proc = opendir("/proc");
  pid_t found = -1;
  for (dirent* e; proc && (e = readdir(proc)) != nullptr && found < 0;) {
    const std::string pid = e->d_name;
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string line;
    std::getline(stat, line);
    const size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 2));
    std::string state;
    long ppid = 0;
    rest >> state >> ppid;
    if (ppid != mpirun_pid) continue;
    std::ifstream env("/proc/" + pid + "/environ");
    const std::string vars((std::istreambuf_iterator<char>(env)), {});
    if (contains(vars, std::string("OMPI_COMM_WORLD_RANK=") + std::to_string(rank) + '\0'))
      found = std::stoi(pid);
  }
  if (proc) closedir(proc);
  return found;
}

// Whether `pid` is gone (or a zombie nobody reaped).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const size_t close = line.rfind(')');
  return close != std::string::npos && line.size() > close + 2 && line[close + 2] == 'Z';
}

// Three kills: the whole job (mpirun, which takes its ranks down), rank 0, an actor. After each,
// every game rank 0 had printed as received is on disk (shards + journal), counters only grow and
// complete shards keep their games; the rerun of the same command resumes and completes.
TEST(Distributed, SigkilledJobResumesWithoutLosingJournaledGames) {
  REQUIRE_MPIRUN();
  const std::string dir = test::temp_dir("dist_kill"), log = dir + ".log";
  const auto job = [&](long steps) {
    return mpirun(3, train_args(dir, {"training.total_steps=" + std::to_string(steps)}));
  };
  Rng rng(20261203);
  test::KilledRun last;
  for (int round = 0; round < 3; ++round) {
    const size_t log_from = path_exists(log) ? read_file(log).size() : 0;
    const pid_t pid = test::spawn(job(1000000), log);
    // Mid-run: once rank 0 trains (its step lines), plus up to 1.5 s.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (!contains(log_of(log).substr(log_from), "step ") &&
           std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::this_thread::sleep_for(std::chrono::duration<double>(1.5 * rng.uniform01()));
    const int victim = round == 0 ? -1 : round == 1 ? 0 : 2;  // -1: mpirun
    const pid_t target = victim < 0 ? pid : rank_pid(pid, victim);
    const pid_t rank0 = rank_pid(pid, 0);
    SCOPED_TRACE("round " + std::to_string(round) + ", killing " +
                 (victim < 0 ? std::string("mpirun") : "rank " + std::to_string(victim)));
    ASSERT_GT(target, 0) << log_of(log);
    ASSERT_EQ(kill(target, SIGKILL), 0);
    EXPECT_NE(test::exit_status_within(pid, 60), 0) << log_of(log);
    while (rank0 > 0 && !gone(rank0)) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (victim >= 0) {  // Open MPI names the rank that died
      EXPECT_TRUE(contains(log_of(log).substr(log_from), "process rank " + std::to_string(victim)))
          << log_of(log);
    }
    last = test::expect_kept_after_kill(dir, log, log_from, last);
  }
  const long end = last.meta.step + 10;
  const pid_t again = test::spawn(job(end), log);
  ASSERT_EQ(test::exit_status_within(again, 120), 0) << log_of(log);
  test::expect_resumed_to(dir, end, last);
}

// An actor of another game variant or network, too many learners, and a rank that never answers
// are refused before rank 0 writes anything, with messages naming the ranks and both sides.
TEST(Distributed, MismatchedRanksAndTooManyLearnersAreRefused) {
  REQUIRE_MPIRUN();
  const std::string dir = test::temp_dir("dist_refused"), log = dir + ".log";
  std::vector<std::string> mpmd = train_args(dir, {});
  mpmd.insert(mpmd.end(), {":", "-np", "1"});
  const std::vector<std::string> variant = train_args(dir, {"game.options.max_plies=41"});
  std::vector<std::string> line = mpmd;
  line.insert(line.end(), variant.begin(), variant.end());
  EXPECT_NE(test::exit_status_within(test::spawn(mpirun(2, line), log), 60), 0);
  std::string text = log_of(log);
  EXPECT_TRUE(contains(text,
                       "rank 0 refuses to start: rank 2 runs another game variant or network "
                       "than rank 0"))
      << text;
  EXPECT_TRUE(contains(text, "rank 2 stops: rank 2 runs another game variant")) << text;
  EXPECT_TRUE(contains(text, "max_plies=41")) << text;
  EXPECT_TRUE(contains(text, "max_plies=40")) << text;
  EXPECT_FALSE(path_exists(dir + "/shards")) << "rank 0 wrote before the ranks agreed";

  const std::vector<std::string> network = train_args(dir, {"network.channels=16"});
  line = mpmd;
  line.insert(line.end(), network.begin(), network.end());
  const size_t from = text.size();
  EXPECT_NE(test::exit_status_within(test::spawn(mpirun(2, line), log), 60), 0);
  text = log_of(log).substr(from);
  EXPECT_TRUE(contains(text, "network blocks=1,channels=16")) << text;
  EXPECT_TRUE(contains(text, "network blocks=1,channels=8")) << text;

  const size_t from2 = log_of(log).size();
  EXPECT_NE(test::exit_status_within(
                test::spawn(mpirun(2, train_args(dir, {"distributed.learners=2"})), log), 60),
            0);
  text = log_of(log).substr(from2);
  EXPECT_TRUE(contains(text, "distributed.learners is 2 but the job has 2 ranks")) << text;
  // One process cannot have two learners either.
  std::vector<std::string> alone = train_args(dir, {"distributed.learners=2"});
  const size_t from3 = log_of(log).size();
  EXPECT_EQ(test::exit_status_within(test::spawn(alone, log), 60), 2);
  text = log_of(log).substr(from3);
  EXPECT_TRUE(contains(text, "distributed.learners is 2 but this is one process")) << text;
  EXPECT_FALSE(path_exists(dir + "/shards"));
}

TEST(Distributed, ARankThatNeverAnswersEndsTheJobNamingIt) {
  REQUIRE_MPIRUN();
  const std::string dir = test::temp_dir("dist_mute"), log = dir + ".log";
  std::vector<std::string> line = train_args(dir, {"distributed.connect_timeout_s=2"});
  line.insert(line.end(), {":", "-np", "1", test::built_program("distributed_test"),
                           "--gtest_filter=DistributedChild.MuteRank"});
  const pid_t pid = test::spawn(mpirun(2, line), log, {"HZ_DISTRIBUTED_CHILD=1"});
  EXPECT_NE(test::exit_status_within(pid, 60), 0);
  const std::string text = log_of(log);
  EXPECT_TRUE(contains(text, "rank 2 did not answer rank 0 within 2 s")) << text;
}

// Two learners (ranks 0 and 1), each on its own minibatch, take the step that one learner takes
// on the two minibatches together (the mean of their gradients), and end with equal weights. The
// ranks are the test DistributedChild.TwoLearners, started here under mpirun.
TEST(Distributed, TwoLearnersStepAsOneOnBothMinibatches) {
  REQUIRE_MPIRUN();
  const std::string dir = test::temp_dir("dist_learners"), log = dir + ".log";
  const pid_t pid = test::spawn(mpirun(2, {test::built_program("distributed_test"),
                                           "--gtest_filter=DistributedChild.TwoLearners"}),
                                log, {"HZ_DISTRIBUTED_CHILD=1"});
  ASSERT_EQ(test::exit_status_within(pid, 120), 0) << log_of(log);
  const std::string text = log_of(log);
  EXPECT_TRUE(contains(text, "rank 0 compared the weights of both learners")) << text;
  EXPECT_FALSE(contains(text, "SKIPPED")) << text;
}

// A rank 2 for ARankThatNeverAnswersEndsTheJobNamingIt: in the job, silent, until it is ended.
TEST(DistributedChild, MuteRank) {
  if (!std::getenv("HZ_DISTRIBUTED_CHILD")) GTEST_SKIP() << "a rank started by mpirun only";
  MpiWorld world;
  std::this_thread::sleep_for(std::chrono::seconds(30));
  FAIL() << "rank 0 did not end the job";
}

TEST(DistributedChild, TwoLearners) {
  if (!std::getenv("HZ_DISTRIBUTED_CHILD")) GTEST_SKIP() << "a rank started by mpirun only";
  MpiWorld world;
  ASSERT_EQ(world.size(), 2);
  world.set_learners(2);
  Config c = Config::load_file(kTinyConfig);
  c.set_override("distributed.learners=2");
  const RunConfig cfg = RunConfig::from_config(c);
  std::ostringstream out;
  if (world.rank() == 1) {
    dist::LearnerRank learner(world, cfg);
    EXPECT_EQ(learner.run(out), 1);
    std::vector<float> w = learner.trainer().flat_parameters();
    world.send(0, 99, std::string(reinterpret_cast<const char*>(w.data()), w.size() * 4));
    EXPECT_TRUE(world.flush_sends(60));
    return;
  }
  // Rank 0: two minibatches of a replay window of self-play games, as the run draws them.
  auto game = make_game(cfg.game, cfg.game_options);
  ReplayWindow window(*game, 1000);
  std::vector<FinishedGame> games = test::uniform_selfplay(*game, cfg.selfplay, 8);
  for (FinishedGame& g : games) complete_policy_support(*game, g);
  const std::vector<Sample> samples = test::samples_of(games);
  window.add_samples(samples);
  Rng rng(17);
  const std::vector<TrainBatch> batches = {window.sample_batch(16, rng, true),
                                           window.sample_batch(16, rng, true)};
  Trainer trainer(cfg.network, cfg.trainer, cfg.seed), one(cfg.network, cfg.trainer, cfg.seed),
      first_only(cfg.network, cfg.trainer, cfg.seed);
  dist::Rank0Cluster cluster(world, cfg, out);
  cluster.start_learners(trainer);
  cluster.train_step(trainer, batches, 0.0);
  cluster.finish();
  one.train_step(batches);               // one learner, both minibatches
  first_only.train_step(batches.at(0));  // what rank 0 would do without rank 1
  const std::string bytes = world.receive(1, 99, 60)->bytes;
  std::vector<float> other(bytes.size() / 4);
  std::memcpy(other.data(), bytes.data(), bytes.size());
  const std::vector<float> w = trainer.flat_parameters(), expected = one.flat_parameters(),
                           alone = first_only.flat_parameters();
  ASSERT_EQ(w.size(), expected.size());
  ASSERT_EQ(other.size(), w.size());
  double off_alone = 0;
  for (size_t i = 0; i < w.size(); ++i) {
    EXPECT_NEAR(w[i], expected[i], 1e-6 + 1e-5 * std::abs(expected[i])) << i;
    EXPECT_EQ(other[i], w[i]) << i;  // the learners hold the same weights
    off_alone = std::max(off_alone, double(std::abs(w[i] - alone[i])));
  }
  EXPECT_GT(off_alone, 1e-5) << "rank 1's minibatch did not count";
  std::cout << "rank 0 compared the weights of both learners" << std::endl;
}

}  // namespace
}  // namespace hz
