// Helpers of the tests that run `hopzero train` (train_run_test, distributed_test): what a run
// directory holds (shards, journal, checkpoints, metrics) and child processes with logs.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/dir_listing.h"
#include "core/files.h"
#include "games/registry.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "train/checkpoint.h"

namespace hz::test {

struct ShardTotals {
  uint64_t games = 0, samples = 0;
  std::map<uint64_t, long> shard_of_game;  // game id -> the shard holding it
  bool game_split = false;                 // some game id in two shards
};

inline ShardTotals shard_totals(const std::string& dir) {
  ShardTotals t;
  for (long index : list_shards(dir)) {
    ShardInfo info;
    const auto samples = read_shard(shard_path(dir, index), &info);
    t.games += info.games;
    t.samples += info.count;
    std::set<uint64_t> ids;
    for (const Sample& s : samples) ids.insert(s.game_id);
    EXPECT_EQ(ids.size(), info.games) << shard_path(dir, index);
    for (uint64_t id : ids) {
      auto [it, inserted] = t.shard_of_game.emplace(id, index);
      t.game_split = t.game_split || !inserted;
    }
  }
  return t;
}

inline std::vector<std::string> metrics_lines(const std::string& dir) {
  std::istringstream in(read_file(dir + "/metrics.jsonl"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The newest checkpoint's counters (zeros when there is none yet).
inline CheckpointMeta newest_checkpoint_meta(const std::string& dir) {
  const std::vector<long> steps = list_checkpoints(dir);
  return steps.empty() ? CheckpointMeta{}
                       : read_checkpoint_meta(checkpoint_path(dir, steps.back()));
}

// Finished games a killed run of configs/tiny_alquerque.yaml left on disk: in shards plus in
// the game journal.
inline uint64_t games_on_disk(const std::string& dir) {
  const auto game = make_game("alquerque", GameOptions::parse("max_plies=40"));
  ShardInfo expected;
  expected.game = game->full_name();
  expected.observation = game->observation_shape();
  expected.num_actions = game->num_actions();
  expected.num_players = game->num_players();
  return shard_totals(dir).games + GameJournal(dir + "/shards/journal.bin").read(expected).games;
}

// The last game count the run printed ("games N ") in `log` from byte `from` on; -1 if none.
inline long last_printed_games(const std::string& log, size_t from) {
  const std::string text = read_file(log).substr(from);
  static const std::regex games_re("games ([0-9]+) ");
  long last = -1;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), games_re);
       it != std::sregex_iterator(); ++it)
    last = std::stol((*it)[1]);
  return last;
}

// What a run killed with SIGKILL left on disk.
struct KilledRun {
  CheckpointMeta meta;  // of the newest checkpoint
  ShardTotals shards;
  uint64_t saved_games = 0;  // in shards and the game journal
};

// Checks what a run of configs/tiny_alquerque.yaml killed with SIGKILL (its output in `log` from
// byte `log_from` on) left, against what it had left at the kill before: every game it printed as
// finished is on disk, the counters only grew, every game of a complete shard is still in that
// shard, no game id is in two shards. Returns what it left.
inline KilledRun expect_kept_after_kill(const std::string& dir, const std::string& log,
                                        size_t log_from, const KilledRun& before) {
  KilledRun now;
  now.meta = newest_checkpoint_meta(dir);
  now.saved_games = games_on_disk(dir);
  EXPECT_GE(static_cast<long>(now.saved_games), last_printed_games(log, log_from))
      << "finished games were lost";
  now.shards = shard_totals(dir);
  EXPECT_GE(now.meta.step, before.meta.step);
  EXPECT_GE(now.meta.games, before.meta.games);
  EXPECT_GE(now.shards.games, before.shards.games);
  EXPECT_FALSE(now.shards.game_split) << "a game id is in two shards";
  for (const auto& [id, shard] : before.shards.shard_of_game) {
    auto it = now.shards.shard_of_game.find(id);
    EXPECT_NE(it, now.shards.shard_of_game.end()) << "game " << id << " was lost";
    if (it != now.shards.shard_of_game.end()) {
      EXPECT_EQ(it->second, shard) << "game " << id << " moved";
    }
  }
  return now;
}

// Checks the end of the resumed run (its checkpoint at `step`) against the last kill: every game
// saved then is in a shard, and the shards agree with the checkpoint.
inline void expect_resumed_to(const std::string& dir, long step, const KilledRun& before) {
  const CheckpointMeta meta = read_checkpoint_meta(checkpoint_path(dir, step));
  EXPECT_EQ(meta.step, step);
  EXPECT_GE(meta.games, before.saved_games);
  const ShardTotals shards = shard_totals(dir);
  EXPECT_EQ(shards.games, meta.games);
  EXPECT_FALSE(shards.game_split);
  for (const auto& [id, shard] : before.shards.shard_of_game)
    EXPECT_EQ(shards.shard_of_game.count(id), 1u) << "game " << id << " was lost";
}

// A program next to this test program (all are built into the build directory).
inline std::string built_program(const std::string& name) {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return "";
  std::string path(self, n);
  return path.substr(0, path.find_last_of('/')) + "/" + name;
}

inline std::string hopzero_binary() {
  return built_program("hopzero");
}

// Starts `args` (args[0] a path) with stdout and stderr appended to `log`, in a process group of
// its own, with `env` ("K=V") added to the environment.
inline pid_t spawn(const std::vector<std::string>& args, const std::string& log,
                   const std::vector<std::string>& env = {}) {
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

// Polls `done` every 20 ms for up to `seconds`; whether it came true.
inline bool wait_until(const std::function<bool()>& done, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

inline bool wait_for_file(const std::string& path, double seconds) {
  return wait_until([&] { return path_exists(path); }, seconds);
}

// The exit status of child `pid` (128 + signal if a signal ended it).
inline int exit_status(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The same, but after `seconds` the child's process group is killed and -1 returned.
inline int exit_status_within(pid_t pid, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (std::chrono::steady_clock::now() >= end) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace hz::test
