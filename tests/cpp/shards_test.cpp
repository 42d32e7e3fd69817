// Tests of the sample shard format (selfplay/shards.h): round trip, naming, and that truncated,
// corrupt, wrong-version and wrong-game files are rejected with the file named. And of the game
// journal (selfplay/game_journal.h): games read back whole, a torn last record is dropped, damage
// and a wrong game are errors naming the file.
#include "selfplay/shards.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <functional>

#include "core/dir_listing.h"
#include "core/files.h"
#include "selfplay/game_journal.h"
#include "temp_dir.h"
#include "test_util.h"

namespace hz {
namespace {

ShardInfo info() {
  ShardInfo h;
  h.game = "jumpers(size=6)";
  h.observation = {3, 2, 2};
  h.num_actions = 40;
  h.num_players = 3;
  h.games = 2;
  return h;
}

std::vector<Sample> samples() {
  std::vector<Sample> out;
  for (int i = 0; i < 5; ++i) {
    Sample s;
    s.observation.resize(12);
    for (int k = 0; k < 12; ++k) s.observation[k] = 0.25f * k - i;
    for (int k = 0; k <= i; ++k) s.policy.emplace_back(39 - 3 * k, 1.0f / (i + 1));
    s.value = {0.5f, -1.0f, 0.5f};
    s.search_value = {0.25f * i, -0.5f, 0.5f - 0.25f * i};
    s.policy_target = i % 2 == 0;
    s.game_id = 1000 + i / 3;
    s.ply = i;
    s.player = i % 3;
    out.push_back(s);
  }
  return out;
}

TEST(Shards, RoundTripAndLayout) {
  const std::string dir = test::temp_dir("shards");
  make_dirs(dir + "/shards");
  const std::string path = shard_path(dir, 7);
  EXPECT_EQ(path, dir + "/shards/shard_000007.bin");
  const auto in = samples();
  write_shard(path, info(), in);
  ShardInfo h;
  const auto out = read_shard(path, &h);
  ASSERT_EQ(out.size(), in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(out[i].observation, in[i].observation);
    EXPECT_EQ(out[i].policy, in[i].policy);
    EXPECT_EQ(out[i].value, in[i].value);
    EXPECT_EQ(out[i].search_value, in[i].search_value);
    EXPECT_EQ(out[i].policy_target, in[i].policy_target);
    EXPECT_EQ(out[i].game_id, in[i].game_id);
    EXPECT_EQ(out[i].ply, in[i].ply);
    EXPECT_EQ(out[i].player, in[i].player);
  }
  EXPECT_EQ(h.game, "jumpers(size=6)");
  EXPECT_EQ(h.count, 5u);
  EXPECT_EQ(h.games, 2u);
  EXPECT_EQ(h.policy_slots, 5);
  EXPECT_EQ(h.next_game_id, 1002u);
  // Layout from docs/formats.md (version 2): header 80 bytes + name (15) padded to 96; record =
  // 24 + 4 * (3 values + 3 search values + 12 observation + 2 * 5 policy slots) = 136 bytes; the
  // flags word at offset 20 holds 1 for a record that is no policy target (the second).
  const std::string bytes = read_file(path);
  EXPECT_EQ(bytes.size(), 96u + 5 * 136u);
  uint64_t game_id;
  std::memcpy(&game_id, bytes.data() + 96 + 136, 8);
  EXPECT_EQ(game_id, 1000u);
  uint32_t version, flags;
  std::memcpy(&version, bytes.data() + 8, 4);
  EXPECT_EQ(version, 2u);
  std::memcpy(&flags, bytes.data() + 96 + 136 + 20, 4);
  EXPECT_EQ(flags, 1u);
  float search_value;
  std::memcpy(&search_value, bytes.data() + 96 + 136 + 24 + 12, 4);
  EXPECT_EQ(search_value, 0.25f);
  EXPECT_EQ(read_shard_info(path).count, 5u);
  write_shard(shard_path(dir, 2), info(), in);
  EXPECT_EQ(list_shards(dir), (std::vector<long>{2, 7}));
}

TEST(Shards, ReadsVersionOneFiles) {
  // A shard written by the version-1 code (the fuzz corpus keeps one): every record is a policy
  // target, and its search values are its final values.
  const std::string path = std::string(HZ_SOURCE_DIR) + "/tests/fuzz/corpus/shard/seed_000.bin";
  uint32_t version;
  std::memcpy(&version, read_file(path).data() + 8, 4);
  ASSERT_EQ(version, 1u);
  const auto records = read_shard(path);
  ASSERT_FALSE(records.empty());
  for (const Sample& s : records) {
    EXPECT_TRUE(s.policy_target);
    EXPECT_EQ(s.search_value, s.value);
  }
}

TEST(Shards, RejectsDamagedFilesNamingThem) {
  const std::string dir = test::temp_dir("shards");
  make_dirs(dir + "/shards");
  const std::string good = encode_shard(info(), samples());
  auto error_for = [&](const std::string& name, const std::string& bytes) {
    const std::string p = dir + "/" + name;
    write_file_atomically(p, bytes);
    std::string msg = error_of([&] { read_shard(p); });
    EXPECT_NE(msg.find(name), std::string::npos) << msg;
    return msg;
  };
  EXPECT_NE(error_for("short.bin", good.substr(0, good.size() - 10)).find("truncated"),
            std::string::npos);
  EXPECT_NE(error_for("tiny.bin", good.substr(0, 20)).find("truncated"), std::string::npos);
  // A crafted header (checksums right) whose shape would overflow any size computed from it
  // (UBSan found planes * height overflowing int in the size check; fuzz regression
  // tests/fuzz/regressions/shard/overflowing_shape.bin).
  std::string crafted = good;
  const int32_t huge[2] = {1514668043, 1414548291};
  std::memcpy(crafted.data() + 16, huge, sizeof huge);
  uint32_t header_size = 0;
  std::memcpy(&header_size, crafted.data() + 12, 4);
  std::memset(crafted.data() + 64, 0, 4);
  const uint32_t header_crc = crc32(crafted.data(), header_size);
  std::memcpy(crafted.data() + 64, &header_crc, 4);
  EXPECT_NE(error_for("crafted.bin", crafted).find("shape or counts out of range"),
            std::string::npos);
  std::string flipped = good;
  flipped[good.size() - 30] ^= 1;
  EXPECT_NE(error_for("flip.bin", flipped).find("checksum"), std::string::npos);
  std::string header_flip = good;
  header_flip[20] ^= 1;
  EXPECT_NE(error_for("hflip.bin", header_flip).find("header checksum"), std::string::npos);
  std::string version = good;
  version[8] = 9;
  EXPECT_NE(error_for("version.bin", version).find("version 9"), std::string::npos);
  EXPECT_NE(error_for("magic.bin", "PK" + good.substr(2)).find("magic"), std::string::npos);
  EXPECT_NE(error_for("long.bin", good + "xx").find("after its last record"), std::string::npos);
  // Wrong game for the run.
  const std::string p = dir + "/ok.bin";
  write_file_atomically(p, good);
  ShardInfo other = info();
  other.game = "alquerque";
  const std::string msg = error_of([&] { read_shard(p, nullptr, &other); });
  EXPECT_NE(msg.find("alquerque"), std::string::npos) << msg;
  EXPECT_NE(error_of([&] { read_shard(dir + "/absent.bin"); }).find("absent.bin"),
            std::string::npos);
}

// The samples of game `id` (game ids 1000 and 1001 in samples()).
std::vector<Sample> game_samples(uint64_t id) {
  std::vector<Sample> out;
  for (const Sample& s : samples())
    if (s.game_id == id) out.push_back(s);
  return out;
}

TEST(GameJournal, ReadsBackWholeGamesAndDropsATornLastRecord) {
  const std::string dir = test::temp_dir("journal");
  const std::string path = dir + "/journal.bin";
  std::remove(path.c_str());
  GameJournal journal(path);
  EXPECT_EQ(journal.read(info()).games, 0u);  // absent
  journal.append(info(), game_samples(1000));
  journal.append(info(), game_samples(1001));
  const std::string whole = read_file(path);
  GameJournal::Recovered r = journal.read(info());
  EXPECT_EQ(r.games, 2u);
  EXPECT_EQ(r.torn_bytes, 0u);
  ASSERT_EQ(r.samples.size(), samples().size());
  for (size_t i = 0; i < r.samples.size(); ++i) {
    EXPECT_EQ(r.samples[i].game_id, samples()[i].game_id);
    EXPECT_EQ(r.samples[i].observation, samples()[i].observation);
    EXPECT_EQ(r.samples[i].policy, samples()[i].policy);
  }
  // A kill during the second append: any prefix of its record is a torn tail.
  journal.clear();
  journal.append(info(), game_samples(1000));
  const size_t one = read_file(path).size();
  for (size_t cut : {one + 1, one + 15, one + 16, one + 100, whole.size() - 1}) {
    write_file_atomically(path, whole.substr(0, cut));
    r = journal.read(info());
    EXPECT_EQ(r.games, 1u) << cut;
    EXPECT_EQ(r.torn_bytes, cut - one) << cut;
    EXPECT_EQ(r.samples.size(), game_samples(1000).size()) << cut;
  }
  journal.clear();
  EXPECT_FALSE(path_exists(path));
  EXPECT_EQ(journal.read(info()).games, 0u);
  journal.clear();  // already gone: fine
}

TEST(GameJournal, DamageAndAnotherGameAreErrorsNamingTheFile) {
  const std::string dir = test::temp_dir("journal_bad");
  const std::string path = dir + "/journal.bin";
  std::remove(path.c_str());
  GameJournal journal(path);
  journal.append(info(), game_samples(1000));
  journal.append(info(), game_samples(1001));
  const std::string whole = read_file(path);

  std::string flipped = whole;
  flipped[whole.size() - 3] ^= 0x40;  // inside the last record's samples
  write_file_atomically(path, flipped);
  std::string msg = error_of([&] { journal.read(info()); });
  EXPECT_TRUE(contains(msg, path)) << msg;
  EXPECT_TRUE(contains(msg, "record 1")) << msg;
  EXPECT_TRUE(contains(msg, "checksum")) << msg;

  std::string bad_magic = whole;
  bad_magic[0] = 'X';
  write_file_atomically(path, bad_magic);
  msg = error_of([&] { journal.read(info()); });
  EXPECT_TRUE(contains(msg, "record 0")) << msg;
  EXPECT_TRUE(contains(msg, "bad magic")) << msg;

  write_file_atomically(path, whole);
  ShardInfo other = info();
  other.game = "jumpers(size=8)";
  msg = error_of([&] { journal.read(other); });
  EXPECT_TRUE(contains(msg, path)) << msg;
  EXPECT_TRUE(contains(msg, "jumpers(size=8)")) << msg;
}

}  // namespace
}  // namespace hz
