// Paths that are not regular files, and crafted files (issue 14): every reader of a run's files
// (journal, shard, checkpoint, game record, config) refuses a directory, a FIFO or a device by
// name before reading, instead of reading without a bound (a symlink to /dev/zero used to grow
// the process until the kernel killed it) or blocking on a FIFO forever.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>

#include "core/config.h"
#include "core/files.h"
#include "eval/record.h"
#include "games/registry.h"
#include "nn/network.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/checkpoint.h"
#include "train/trainer.h"

namespace hz {
namespace {

namespace fs = std::filesystem;

// Runs `read` in a child process with 1 GiB of address space and 20 s of time, so that a reader
// that reads without a bound or blocks fails the test instead of the machine. Returns the
// hz::Error message, or "<no error>", "<other exception: ...>" or "<killed by signal N>".
std::string error_in_child(const std::function<void()>& read) {
  int fds[2];
  if (::pipe(fds) != 0) return "<pipe failed>";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    const rlimit memory{1ul << 30, 1ul << 30};
    ::setrlimit(RLIMIT_AS, &memory);
    ::alarm(20);
    std::string message = "<no error>";
    try {
      read();
    } catch (const Error& e) {
      message = e.what();
    } catch (const std::exception& e) {
      message = std::string("<other exception: ") + e.what() + ">";
    }
    const ssize_t n = ::write(fds[1], message.data(), message.size());
    ::_exit(n == static_cast<ssize_t>(message.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  std::string message;
  char buf[4096];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) message.append(buf, n);
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return "<killed by signal " + std::to_string(WTERMSIG(status)) + ">";
  return message;
}

struct NotAFile {
  std::string kind, path, says;
};

// A directory, a FIFO and a symlink to /dev/zero at `path`, one after another.
std::vector<NotAFile> not_files(const std::string& dir, const std::string& name) {
  std::vector<NotAFile> out;
  const std::string base = dir + "/" + name;
  fs::create_directories(base + ".dir");
  out.push_back({"directory", base + ".dir", "is a directory, not a regular file"});
  ::mkfifo((base + ".fifo").c_str(), 0600);
  out.push_back({"fifo", base + ".fifo", "is a FIFO (named pipe), not a regular file"});
  fs::create_symlink("/dev/zero", base + ".zero");
  out.push_back({"/dev/zero", base + ".zero", "is a character device, not a regular file"});
  return out;
}

ShardInfo alquerque_info() {
  ShardInfo info;
  info.game = "alquerque";
  info.observation = {1, 5, 5};
  info.num_actions = 10;
  info.num_players = 2;
  return info;
}

TEST(NotARegularFile, EveryRunFileReaderRefusesItByName) {
  const std::string dir = test::temp_dir("not_a_file");
  const std::vector<std::pair<std::string, std::function<void(const std::string&)>>> readers = {
      {"shard", [](const std::string& p) { read_shard(p); }},
      {"shard header", [](const std::string& p) { read_shard_info(p); }},
      {"journal", [](const std::string& p) { GameJournal(p).read(alquerque_info()); }},
      {"checkpoint", [](const std::string& p) { read_checkpoint_meta(p); }},
      {"checkpoint network", [](const std::string& p) { load_checkpoint_network(p); }},
      {"record", [](const std::string& p) { read_record_file(p); }},
      {"config", [](const std::string& p) { Config::load_file(p); }},
      {"metrics", [](const std::string& p) { drop_torn_last_line(p); }},
  };
  int case_number = 0;
  for (const auto& [reader, read] : readers) {
    for (const NotAFile& f : not_files(dir, "case" + std::to_string(case_number++))) {
      const std::string msg = error_in_child([&] { read(f.path); });
      EXPECT_TRUE(contains(msg, f.path) && contains(msg, f.says))
          << reader << " of a " << f.kind << ": " << msg;
    }
  }
}

TEST(NotARegularFile, ReadFileIsBoundedByTheFormat) {
  const std::string dir = test::temp_dir("bounded_read");
  write_file_atomically(dir + "/big", std::string(1000, 'x'));
  EXPECT_EQ(read_file(dir + "/big", 1000).size(), 1000u);
  const std::string msg = error_of([&] { read_file(dir + "/big", 999, "shard"); });
  EXPECT_TRUE(contains(msg, "shard '" + dir + "/big' is 1000 bytes, more than the 999")) << msg;
  uint64_t size = 0;
  EXPECT_EQ(read_file_head(dir + "/big", 10, &size), std::string(10, 'x'));
  EXPECT_EQ(size, 1000u);
}

// ------------------------------------------------------------------ crafted checkpoint configs

// A checkpoint of a small Alquerque network, with its stored network config (in the archive and
// in the nested network archive) replaced by `crafted` (of the same length, so the archive stays
// readable) and the header's checksum recomputed: a crafted file, not a damaged one.
std::string craft_checkpoint(const std::string& dir, const std::string& crafted) {
  const auto game = make_game("alquerque");
  Config c = Config::from_string(
      "blocks: 1\nchannels: 4\npolicy_channels: 256\nvalue_channels: 1\nvalue_hidden: 4096\n");
  const NetworkConfig net = NetworkConfig::from_config(c.root(), game->observation_shape(),
                                                       game->num_actions(), game->num_players());
  const std::string stored = net.to_string();
  EXPECT_EQ(stored.size(), crafted.size()) << stored << " vs " << crafted;
  Trainer trainer(net, TrainerConfig{}, 1);
  CheckpointMeta meta;
  meta.game = "alquerque";
  meta.game_options = game->options().to_string();
  const std::string path = dir + "/ckpt_000000.pt";
  save_checkpoint(path, trainer, meta);
  std::string bytes = read_file(path);
  int replaced = 0;
  for (size_t at = bytes.find(stored); at != std::string::npos; at = bytes.find(stored, at)) {
    bytes.replace(at, stored.size(), crafted);
    ++replaced;
  }
  EXPECT_GE(replaced, 1);
  const uint32_t crc = crc32(bytes.data() + 24, bytes.size() - 24);
  std::memcpy(bytes.data() + 12, &crc, 4);
  const std::string out = dir + "/ckpt_000001.pt";
  write_file_atomically(out, bytes);
  return out;
}

TEST(CraftedCheckpoint, HugeNetworkConfigIsRefusedBeforeAnyAllocation) {
  const std::string dir = test::temp_dir("crafted_ckpt");
  const std::string shape = ",planes=11,height=5,width=5,actions=426,players=2";
  // 64 blocks of 1024 channels: about 1.2 billion parameters (4.8 GB), in a file of a few MB.
  const std::string huge = craft_checkpoint(
      dir, "blocks=64,channels=1024,policy_channels=2,value_channels=1,value_hidden=16" + shape);
  ASSERT_EQ(read_checkpoint_meta(huge).network.blocks, 64);  // the crafted file reads
  const std::string msg = error_in_child([&] { load_checkpoint_network(huge); });
  EXPECT_TRUE(contains(msg, "ckpt_000001.pt") && contains(msg, "parameters, more than its")) << msg;
}

TEST(CraftedCheckpoint, NetworkConfigThatDoesNotFitTheGameIsRefused) {
  const std::string dir = test::temp_dir("crafted_ckpt_shape");
  // 16777216 actions for Alquerque (426): a policy layer of 838 million weights.
  const std::string wide = craft_checkpoint(
      dir,
      "blocks=1,channels=4,policy_channels=2,value_channels=1,value_hidden=8,planes=11,height=5,"
      "width=5,actions=16777216,players=2");
  const std::string msg = error_in_child([&] { load_checkpoint_network(wide); });
  EXPECT_TRUE(contains(msg, "ckpt_000001.pt") && contains(msg, "does not fit alquerque(") &&
              contains(msg, "426 actions"))
      << msg;
}

TEST(CraftedCheckpoint, ParameterCountMatchesTheBuiltNetwork) {
  NetworkConfig c;
  c.blocks = 2;
  c.channels = 5;
  c.policy_channels = 3;
  c.value_channels = 2;
  c.value_hidden = 7;
  c.observation = {4, 3, 6};
  c.num_actions = 11;
  c.num_players = 3;
  EXPECT_EQ(c.parameter_count(), static_cast<double>(Network(c, 1).num_parameters()));
}

// ------------------------------------------------------------------------- non-finite numbers

// Two samples of a 2-player game with 1x2x2 observations and 3 actions; `poison` puts a NaN or
// infinity into one field of the second.
std::vector<Sample> two_samples(const std::string& poison) {
  std::vector<Sample> out(2);
  for (uint64_t i = 0; i < 2; ++i) {
    Sample& s = out[i];
    s.game_id = 7;
    s.ply = static_cast<int32_t>(i);
    s.player = static_cast<int32_t>(i);
    s.observation = {0.0f, 1.0f, 0.0f, 1.0f};
    s.policy = {{0, 0.25f}, {2, 0.75f}};
    s.value[0] = 1.0f;
    s.value[1] = -1.0f;
  }
  const float nan = std::nanf(""), inf = std::numeric_limits<float>::infinity();
  if (poison == "observation") out[1].observation[2] = nan;
  if (poison == "value") out[1].value[1] = inf;
  if (poison == "share") out[1].policy[1].second = nan;
  if (poison == "share above 1") out[1].policy[1].second = 1.5f;
  return out;
}

ShardInfo tiny_info() {
  ShardInfo info;
  info.game = "tiny";
  info.observation = {1, 2, 2};
  info.num_actions = 3;
  info.num_players = 2;
  info.games = 1;
  return info;
}

TEST(NonFinite, ShardAndJournalReadersRejectTheRecordByFileAndIndex) {
  const std::string dir = test::temp_dir("non_finite");
  write_shard(dir + "/clean.bin", tiny_info(), two_samples(""));
  EXPECT_EQ(read_shard(dir + "/clean.bin").size(), 2u);
  for (const std::string poison : {"observation", "value", "share", "share above 1"}) {
    const std::string path = dir + "/" + poison + ".bin";
    write_shard(path, tiny_info(), two_samples(poison));  // checksums intact
    const std::string msg = error_of([&] { read_shard(path); });
    EXPECT_TRUE(contains(msg, "shard '" + path + "': record 1 (game 7, ply 1) has a non-finite"))
        << poison << ": " << msg;
    EXPECT_TRUE(contains(msg, poison.substr(0, 5))) << poison << ": " << msg;
  }
  const std::string journal = dir + "/journal.bin";
  GameJournal(journal).append(tiny_info(), two_samples("observation"));
  const std::string msg = error_of([&] { GameJournal(journal).read(tiny_info()); });
  EXPECT_TRUE(contains(msg, journal + " (record 0)': record 1 (game 7, ply 1)")) << msg;
}

// ------------------------------------------------------------------------------ game journal

// A journal of two games (ids 7 and 8); returns its bytes and the size of the first record.
std::string two_game_journal(const std::string& path, size_t* first_record) {
  std::remove(path.c_str());
  GameJournal journal(path);
  std::vector<Sample> game = two_samples("");
  journal.append(tiny_info(), game);
  *first_record = read_file(path).size();
  for (Sample& s : game) s.game_id = 8;
  journal.append(tiny_info(), game);
  return read_file(path);
}

void set_length(std::string& journal, size_t record_at, uint64_t length) {
  std::memcpy(journal.data() + record_at + 8, &length, 8);
}

TEST(Journal, OnlyATornLastRecordIsDroppedAnythingElseIsDamage) {
  const std::string dir = test::temp_dir("journal_lengths"), path = dir + "/journal.bin";
  size_t first = 0;
  const std::string whole = two_game_journal(path, &first);
  auto read_bytes = [&](const std::string& bytes) {
    write_file_atomically(path, bytes);
    return GameJournal(path).read(tiny_info());
  };
  // What a kill during an append leaves: a prefix of the last record, in its body or its head.
  for (const size_t cut : {size_t{10}, whole.size() - first - 7, whole.size() - first - 20}) {
    const GameJournal::Recovered r = read_bytes(whole.substr(0, whole.size() - cut));
    EXPECT_EQ(r.games, 1u) << "cut " << cut;
    EXPECT_EQ(r.torn_bytes, whole.size() - cut - first) << "cut " << cut;
  }
  // An absurd length in the first record used to make the whole journal a "torn tail".
  std::string absurd = whole;
  set_length(absurd, 0, uint64_t{1} << 40);
  std::string msg = error_of([&] { read_bytes(absurd); });
  EXPECT_TRUE(contains(msg, path + "': record 0 at byte 0 is corrupt (its length field")) << msg;
  // The last record, one byte longer than its shard: not what a kill leaves either.
  std::string longer = whole;
  set_length(longer, first, whole.size() - first - 16 + 1);
  msg = error_of([&] { read_bytes(longer); });
  EXPECT_TRUE(contains(msg, "record 1 at byte " + std::to_string(first) + " is corrupt")) << msg;
  // Bytes after the last record that are not the start of a record head.
  msg = error_of([&] { read_bytes(whole + "xxxxx"); });
  EXPECT_TRUE(
      contains(msg, "record 2 at byte " + std::to_string(whole.size()) + " is corrupt (bad magic)"))
      << msg;
}

TEST(NonFinite, TrainerStopsAtANonFiniteLossBeforeUpdatingTheWeights) {
  NetworkConfig net;
  net.blocks = 1;
  net.channels = 4;
  net.value_hidden = 8;
  net.observation = {1, 2, 2};
  net.num_actions = 3;
  net.num_players = 2;
  Trainer trainer(net, TrainerConfig{}, 3);
  TrainBatch batch;
  batch.size = 2;
  batch.observations = {0, 1, 0, 1, 1, 0, std::nanf(""), 0};
  batch.values = {1, -1, -1, 1};
  batch.policy_offsets = {0, 2, 4};
  batch.policy_indices = {0, 2, 0, 2};
  batch.policy_targets = {0.25f, 0.75f, 0.5f, 0.5f};
  std::string msg = error_of([&] { trainer.train_step(batch); });
  EXPECT_TRUE(contains(msg, "training step 1: the loss is not finite")) << msg;
  EXPECT_EQ(trainer.step(), 0);
  // Finite input whose activations overflow: the same stop.
  Trainer other(net, TrainerConfig{}, 3);
  batch.observations = {3e38f, 3e38f, 3e38f, 3e38f, 3e38f, 0, 3e38f, 0};
  msg = error_of([&] { other.train_step(batch); });
  EXPECT_TRUE(contains(msg, "training step 1: the loss is not finite")) << msg;
  EXPECT_EQ(other.step(), 0);
}

}  // namespace
}  // namespace hz
