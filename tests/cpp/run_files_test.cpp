// What a resumed training run does with what a kill or a damaged disk leaves in its directory
// (README, Reliability): the temporary files of interrupted atomic writes and a torn last metrics
// line are dropped with a warning, and a damaged checkpoint or shard stops the resume with an
// hz::Error naming the file and the damage (never a silent fallback to older files or fresh
// weights). One tiny Alquerque run to step 10
// (configs/tiny_alquerque.yaml) is made once and copied for each case.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/config.h"
#include "core/dir_listing.h"
#include "core/files.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/checkpoint.h"
#include "train/run_config.h"
#include "train/training_run.h"

namespace hz {
namespace {

namespace fs = std::filesystem;

RunConfig tiny(long total_steps) {
  Config c = Config::load_file(std::string(HZ_SOURCE_DIR) + "/configs/tiny_alquerque.yaml");
  c.set_override("training.total_steps=" + std::to_string(total_steps));
  c.set_override("training.checkpoint_every=10");
  c.set_override("evaluation.games=0");
  return RunConfig::from_config(c);
}

RunSummary run_to(const std::string& dir, long total_steps, std::string* printed = nullptr) {
  std::ostringstream out;
  std::atomic<bool> stop{false};
  const RunSummary summary = TrainingRun(tiny(total_steps), dir, out).run(stop);
  if (printed) *printed = out.str();
  return summary;
}

class RunFiles : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    base_ = new std::string(test::temp_dir("run_files_base"));
    const RunSummary s = run_to(*base_, 10);
    ASSERT_TRUE(s.finished);
    ASSERT_EQ(list_checkpoints(*base_), std::vector<long>{10});
    ASSERT_FALSE(list_shards(*base_).empty());
  }
  static void TearDownTestSuite() { delete base_; }

  // A fresh copy of the step-10 run.
  std::string copy(const std::string& tag) {
    const std::string dir = test::temp_dir("run_files_" + tag);
    fs::remove_all(dir);
    fs::copy(*base_, dir, fs::copy_options::recursive);
    return dir;
  }
  static std::string* base_;
};
std::string* RunFiles::base_ = nullptr;

TEST_F(RunFiles, TemporaryFilesOfInterruptedWritesAreRemovedWithAWarning) {
  const std::string dir = copy("tmp");
  // What a kill during write_file_atomically leaves: a half-written PATH.tmp.<pid>.
  const std::string garbage(1000, 'x');
  const std::string ckpt_tmp = dir + "/ckpt_000020.pt.tmp.4242";
  const std::string shard_tmp = shard_path(dir, 99) + ".tmp.4242";
  write_file_atomically(ckpt_tmp, garbage);
  write_file_atomically(shard_tmp, garbage);
  EXPECT_EQ(list_checkpoints(dir), std::vector<long>{10});
  std::string printed;
  const RunSummary s = run_to(dir, 20, &printed);
  EXPECT_TRUE(s.finished);
  EXPECT_EQ(s.step, 20);
  EXPECT_EQ(list_checkpoints(dir), (std::vector<long>{10, 20}));
  EXPECT_EQ(read_checkpoint_meta(checkpoint_path(dir, 20)).step, 20);
  EXPECT_FALSE(fs::exists(ckpt_tmp));
  EXPECT_FALSE(fs::exists(shard_tmp));
  EXPECT_TRUE(contains(printed, "warning: removed " + ckpt_tmp)) << printed;
  EXPECT_TRUE(contains(printed, "warning: removed " + shard_tmp)) << printed;
}

TEST_F(RunFiles, TornLastMetricsLineIsDroppedWithAWarning) {
  const std::string dir = copy("metrics");
  const std::string path = dir + "/metrics.jsonl";
  const std::string before = read_file(path);
  ASSERT_FALSE(before.empty());
  ASSERT_EQ(before.back(), '\n');
  // What a kill inside append_line_durably can leave: the start of a line, no newline.
  {
    std::ofstream f(path, std::ios::app | std::ios::binary);
    f << "{\"kind\": \"train\", \"st";
  }
  std::string printed;
  ASSERT_TRUE(run_to(dir, 20, &printed).finished);
  EXPECT_TRUE(contains(printed, "metrics.jsonl ended in a torn line (21 bytes")) << printed;
  const std::string after = read_file(path);
  // The lines before the torn one are kept as they were, and every line is whole JSON-ish.
  ASSERT_EQ(after.compare(0, before.size(), before), 0);
  std::istringstream lines(after);
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    EXPECT_EQ(line.front(), '{') << line;
    EXPECT_EQ(line.back(), '}') << line;
  }
  EXPECT_GT(count, std::count(before.begin(), before.end(), '\n'));
}

// A kill between two shards leaves the games finished since the last shard in the journal: the
// resume puts them into a new shard. A kill between writing a shard and emptying the journal
// leaves games that the newest shard has: the resume drops them instead of duplicating them.
TEST_F(RunFiles, JournalGamesBecomeAShardExactlyOnce) {
  for (const bool already_in_shard : {false, true}) {
    SCOPED_TRACE(already_in_shard ? "journal games already in the newest shard" : "journal only");
    const std::string dir = copy(already_in_shard ? "journal_dup" : "journal");
    const std::vector<long> shards = list_shards(dir);
    ShardInfo info;
    std::vector<Sample> newest = read_shard(shard_path(dir, shards.back()), &info);
    std::vector<Sample> journal_samples;
    if (already_in_shard) {
      journal_samples = newest;
    } else {  // two more games, with ids past every id in the run
      uint64_t next = info.next_game_id;
      for (long index : shards)
        next = std::max(next, read_shard_info(shard_path(dir, index)).next_game_id);
      for (uint64_t g = 0; g < 2; ++g)
        for (Sample s : newest) {
          s.game_id = next + g;
          journal_samples.push_back(s);
        }
    }
    GameJournal journal(dir + "/shards/journal.bin");
    std::vector<uint64_t> ids;
    for (const Sample& s : journal_samples)
      if (ids.empty() || ids.back() != s.game_id) ids.push_back(s.game_id);
    for (uint64_t id : ids) {
      std::vector<Sample> game;
      for (const Sample& s : journal_samples)
        if (s.game_id == id) game.push_back(s);
      journal.append(info, game);
    }
    uint64_t games_before = 0;
    for (long index : shards) games_before += read_shard_info(shard_path(dir, index)).games;

    std::string printed;
    ASSERT_TRUE(run_to(dir, 10, &printed).finished);  // resume only: already at step 10
    EXPECT_FALSE(fs::exists(dir + "/shards/journal.bin"));
    const std::vector<long> after = list_shards(dir);
    uint64_t games_after = 0;
    std::map<uint64_t, int> shards_of_id;
    for (long index : after) {
      std::set<uint64_t> in_shard;
      for (const Sample& s : read_shard(shard_path(dir, index))) in_shard.insert(s.game_id);
      for (uint64_t id : in_shard) ++shards_of_id[id];
      games_after += read_shard_info(shard_path(dir, index)).games;
    }
    for (uint64_t id : ids) EXPECT_EQ(shards_of_id[id], 1) << "game " << id;
    if (already_in_shard) {
      EXPECT_EQ(after, shards);
      EXPECT_EQ(games_after, games_before);
      EXPECT_FALSE(contains(printed, "recovered")) << printed;
    } else {
      EXPECT_EQ(after.size(), shards.size() + 1);
      EXPECT_EQ(games_after, games_before + 2);
      EXPECT_TRUE(contains(printed, "recovered 2 games")) << printed;
    }
  }
}

TEST_F(RunFiles, DamagedCheckpointStopsTheResumeNamingIt) {
  const std::string bytes = read_file(checkpoint_path(*base_, 10));
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x01;
  const std::vector<std::pair<std::string, std::string>> damages = {
      {"flip", flipped}, {"half", bytes.substr(0, bytes.size() / 2)}, {"empty", ""}};
  for (const auto& [tag, content] : damages) {
    const std::string dir = copy("ckpt_" + tag);
    write_file_atomically(checkpoint_path(dir, 10), content);
    const std::string msg = error_of([&] { run_to(dir, 20); });
    EXPECT_TRUE(contains(msg, "ckpt_000010.pt")) << tag << ": " << msg;
    EXPECT_TRUE(contains(msg, tag == "flip" ? "corrupt" : "truncated")) << tag << ": " << msg;
    EXPECT_EQ(list_checkpoints(dir), std::vector<long>{10}) << tag << ": nothing new written";
    if (tag == "flip") {
      // The way out is to remove the damaged file: the run then resumes from what is left (here
      // no checkpoint, so step 0 with the window refilled from the shards).
      fs::remove(checkpoint_path(dir, 10));
      const RunSummary s = run_to(dir, 10);
      EXPECT_TRUE(s.finished);
      EXPECT_EQ(s.step, 10);
      EXPECT_GE(s.games, read_checkpoint_meta(checkpoint_path(*base_, 10)).games);
    }
  }
}

TEST_F(RunFiles, DamagedShardStopsTheResumeNamingIt) {
  const long newest = list_shards(*base_).back();
  const std::string name = fs::path(shard_path(*base_, newest)).filename().string();
  const std::string bytes = read_file(shard_path(*base_, newest));
  std::string flipped = bytes;
  flipped[bytes.size() - 5] ^= 0x10;  // inside the last record
  const std::vector<std::pair<std::string, std::string>> damages = {
      {"checksum mismatch", flipped}, {"truncated", bytes.substr(0, bytes.size() - 7)}};
  for (const auto& [what, content] : damages) {
    const std::string dir = copy("shard");
    write_file_atomically(shard_path(dir, newest), content);
    const std::string msg = error_of([&] { run_to(dir, 20); });
    EXPECT_TRUE(contains(msg, name)) << what << ": " << msg;
    EXPECT_TRUE(contains(msg, what)) << msg;
  }
}

// A NaN under an intact checksum (issue 14): it used to make every later loss null and every
// later checkpoint NaN. The resume stops, naming the shard and the record.
TEST_F(RunFiles, NonFiniteSampleInAShardStopsTheResumeNamingIt) {
  const std::string dir = copy("nan_shard");
  const long newest = list_shards(dir).back();
  ShardInfo info;
  std::vector<Sample> samples = read_shard(shard_path(dir, newest), &info);
  ASSERT_GT(samples.size(), 3u);
  samples[3].observation[0] = std::nanf("");
  write_shard(shard_path(dir, newest), info, samples);
  const std::string msg = error_of([&] { run_to(dir, 20); });
  EXPECT_TRUE(contains(msg, "shard '" + shard_path(dir, newest) + "': record 3")) << msg;
  EXPECT_TRUE(contains(msg, "non-finite")) << msg;
  EXPECT_EQ(list_checkpoints(dir), std::vector<long>{10}) << "nothing new written";
}

// Damage in the middle of metrics.jsonl used to be accepted on resume (only a torn last line is
// what a kill leaves).
TEST_F(RunFiles, DamagedMetricsLineStopsTheResumeNamingTheLine) {
  const std::string original = read_file(*base_ + "/metrics.jsonl");
  const size_t second = original.find('\n') + 1;  // where line 2 starts
  ASSERT_LT(second, original.size());
  std::string mismatch = original;
  const size_t digit = mismatch.find("\"step\":", second) + 7;
  mismatch[digit] = mismatch[digit] == '9' ? '8' : '9';
  std::string no_checksum = original;
  const size_t crc = no_checksum.find(",\"crc32\"", second);
  no_checksum.erase(crc, no_checksum.find('}', crc) - crc);
  const std::vector<std::pair<std::string, std::string>> damages = {
      {"is not a JSON metrics line",
       original.substr(0, second) + "garbage\n" + original.substr(second)},
      {"does not match its checksum", mismatch},
      {"has no checksum, after lines that have one", no_checksum}};
  for (const auto& [says, content] : damages) {
    const std::string dir = copy("metrics_damage");
    write_file_atomically(dir + "/metrics.jsonl", content);
    const std::string msg = error_of([&] { run_to(dir, 20); });
    EXPECT_TRUE(contains(msg, dir + "/metrics.jsonl': line 2 " + says)) << msg;
  }
}

// A shard copied to a second name used to be read twice (its games counted twice).
TEST_F(RunFiles, ShardsHoldingTheSameGameStopTheResume) {
  const std::string dir = copy("shard_copy");
  const long newest = list_shards(dir).back();
  fs::copy_file(shard_path(dir, newest), shard_path(dir, newest + 5));
  const std::string msg = error_of([&] { run_to(dir, 20); });
  EXPECT_TRUE(contains(msg, "shards " + shard_path(dir, newest) + " and " +
                                shard_path(dir, newest + 5) + " both hold game"))
      << msg;
  EXPECT_EQ(list_checkpoints(dir), std::vector<long>{10}) << "nothing new written";
}

TEST_F(RunFiles, RunWithoutItsShardsFolderResumesWithAWarning) {
  const std::string dir = copy("no_shards");
  fs::remove_all(dir + "/shards");
  std::string printed;
  EXPECT_TRUE(run_to(dir, 20, &printed).finished);
  EXPECT_TRUE(contains(printed, "warning: " + dir + "/shards holds no shards, but " +
                                    checkpoint_path(dir, 10) + " counts"))
      << printed;
}

// A newest checkpoint that cannot be read used to be skipped: the run resumed from an older one.
TEST_F(RunFiles, UnreadableNewestCheckpointStopsTheResumeNamingIt) {
  for (const std::string kind : {"directory", "symlink to /dev/zero"}) {
    const std::string dir = copy("ckpt_unreadable");
    const std::string newest = checkpoint_path(dir, 20);
    if (kind == "directory")
      fs::create_directory(newest);
    else
      fs::create_symlink("/dev/zero", newest);
    const std::string msg = error_of([&] { run_to(dir, 30); });
    EXPECT_TRUE(contains(msg, "checkpoint '" + newest + "': it is a")) << kind << ": " << msg;
    EXPECT_FALSE(fs::exists(checkpoint_path(dir, 30))) << kind;
  }
}

// Output that requests a stop once the run prints `trigger` (as SIGTERM does in the CLI).
class StopOnText : public std::stringbuf {
 public:
  StopOnText(std::string trigger, std::atomic<bool>& stop)
      : trigger_(std::move(trigger)), stop_(stop) {}

 protected:
  int sync() override {
    if (str().find(trigger_) != std::string::npos) stop_ = true;
    return 0;
  }

 private:
  std::string trigger_;
  std::atomic<bool>& stop_;
};

// A stop request during the final evaluation used to end the run as finished (exit 0) with the
// partial evaluation recorded as final.
TEST_F(RunFiles, StopDuringTheFinalEvaluationMarksItInterrupted) {
  const std::string dir = copy("eval_stop");
  Config c = Config::load_file(std::string(HZ_SOURCE_DIR) + "/configs/tiny_alquerque.yaml");
  c.set_override("training.total_steps=10");
  c.set_override("evaluation.games=500");
  std::atomic<bool> stop{false};
  StopOnText buffer("evaluating the final network", stop);
  std::ostream out(&buffer);
  const RunSummary s = TrainingRun(RunConfig::from_config(c), dir, out).run(stop);
  EXPECT_FALSE(s.finished) << "the CLI exits 0 only for a finished run";
  EXPECT_TRUE(contains(buffer.str(), "stopped during the final evaluation")) << buffer.str();
  std::istringstream lines(read_file(dir + "/metrics.jsonl"));
  std::string line, last;
  while (std::getline(lines, line)) last = line;
  EXPECT_TRUE(contains(last, "\"kind\":\"eval\"") && contains(last, "\"interrupted\":true"))
      << last;
}

}  // namespace
}  // namespace hz
