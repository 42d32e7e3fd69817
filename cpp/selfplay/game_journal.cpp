#include "selfplay/game_journal.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.h"
#include "core/files.h"

namespace hz {

namespace {

constexpr char kRecordMagic[4] = {'H', 'Z', 'G', 'J'};
constexpr size_t kRecordHead = 16;  // magic, u32 reserved, u64 length of the one-game shard

}  // namespace

void GameJournal::append(const ShardInfo& info, const std::vector<Sample>& samples) {
  ShardInfo one = info;
  one.games = 1;
  const std::string shard = encode_shard(one, samples);
  std::string record(kRecordHead, '\0');
  std::memcpy(record.data(), kRecordMagic, 4);
  const uint64_t length = shard.size();
  std::memcpy(record.data() + 8, &length, 8);
  record += shard;

  append_durably(path_, record);
}

void GameJournal::clear() {
  // Removed rather than truncated: an empty run folder of shards holds shards only.
  if (::unlink(path_.c_str()) != 0 && errno != ENOENT)
    fail("cannot remove the game journal '", path_, "': ", std::strerror(errno));
}

GameJournal::Recovered GameJournal::read(const ShardInfo& expected) const {
  Recovered r;
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec)) return r;
  const std::string data = read_file(path_, kMaxShardBytes, "game journal");
  size_t at = 0;
  int record = 0;
  const auto damaged = [&](const char* why) {
    fail("game journal '", path_, "': record ", record, " at byte ", at, " is corrupt (", why,
         "); move the file away to resume without its games");
  };
  for (; at + kRecordHead <= data.size(); ++record) {
    if (std::memcmp(data.data() + at, kRecordMagic, 4) != 0) damaged("bad magic");
    uint64_t length = 0;
    std::memcpy(&length, data.data() + at + 8, 8);
    if (length > data.size() - at - kRecordHead) {
      // Longer than the file: a record being written at a kill, if the bytes that are there could
      // be the start of it; else its length field is damaged, which must not drop every game.
      const size_t written = data.size() - at - kRecordHead;
      if (!could_start_shard_of_size(data.data() + at + kRecordHead, written, length))
        damaged("its length field does not fit what follows it");
      break;
    }
    // A whole record that does not decode is damage, not a kill: decode_shard's error says what.
    std::vector<Sample> game =
        decode_shard(path_ + " (record " + std::to_string(record) + ")",
                     data.substr(at + kRecordHead, length), nullptr, &expected);
    for (Sample& s : game) r.samples.push_back(std::move(s));
    ++r.games;
    at += kRecordHead + length;
  }
  // A head cut short: what is there must be the start of one.
  if (at + kRecordHead > data.size() &&
      std::memcmp(data.data() + at, kRecordMagic, std::min<size_t>(4, data.size() - at)) != 0)
    damaged("bad magic");
  r.torn_bytes = data.size() - at;
  return r;
}

}  // namespace hz
