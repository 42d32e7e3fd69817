#include "selfplay/shards.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "core/dir_listing.h"
#include "core/error.h"
#include "core/files.h"

namespace hz {

namespace {

constexpr char kMagic[8] = {'H', 'Z', 'S', 'H', 'A', 'R', 'D', '\0'};
constexpr size_t kFixedHeader = 80;

// Little-endian field access (the supported platforms are little-endian; memcpy avoids aliasing
// and alignment problems).
template <class T>
void put(std::string& buf, size_t at, T v) {
  std::memcpy(buf.data() + at, &v, sizeof(T));
}
template <class T>
T get(const char* buf, size_t at) {
  T v;
  std::memcpy(&v, buf + at, sizeof(T));
  return v;
}

// Version 2 added each record's search values (num_players floats after the values) and its
// flags (the formerly reserved word); version 1 is still read.
size_t record_bytes(const ShardInfo& h, uint32_t version = kShardVersion) {
  const size_t value_sets = version >= 2 ? 2 : 1;
  return 24 + 4 * (value_sets * h.num_players + h.observation.size() +
                   2 * static_cast<size_t>(h.policy_slots));
}

constexpr uint32_t kNoPolicyTarget = 1;  // record flag: a fast search, value target only

size_t header_bytes(const ShardInfo& h) {
  return (kFixedHeader + h.game.size() + 7) / 8 * 8;
}

// Parses and checks a header; `file_size` is the size of the whole file.
ShardInfo parse_header(const std::string& path, const char* data, size_t file_size,
                       uint32_t* records_crc, size_t* header_size, uint32_t* version_out) {
  auto bad = [&](auto&&... why) { fail("shard '", path, "': ", why...); };
  if (file_size < kFixedHeader) bad("truncated (", file_size, " bytes, shorter than a header)");
  if (std::memcmp(data, kMagic, 8) != 0) bad("not a hopzero shard (bad magic)");
  const uint32_t version = get<uint32_t>(data, 8);
  if (version < 1 || version > kShardVersion)
    bad("format version ", version, " is not supported (this build reads versions 1 to ",
        kShardVersion, ")");
  const uint32_t hbytes = get<uint32_t>(data, 12);
  const uint32_t name_bytes = get<uint32_t>(data, 56);
  if (hbytes < kFixedHeader || hbytes > 1 << 20 || name_bytes > hbytes - kFixedHeader)
    bad("corrupt header (header size ", hbytes, ", name size ", name_bytes, ")");
  if (file_size < hbytes) bad("truncated inside the header");
  std::string header(data, hbytes);
  const uint32_t stored_header_crc = get<uint32_t>(data, 64);
  put<uint32_t>(header, 64, 0);
  if (crc32(header.data(), header.size()) != stored_header_crc) bad("header checksum mismatch");
  ShardInfo h;
  h.observation.planes = get<int32_t>(data, 16);
  h.observation.height = get<int32_t>(data, 20);
  h.observation.width = get<int32_t>(data, 24);
  h.num_actions = get<int32_t>(data, 28);
  h.num_players = get<int32_t>(data, 32);
  h.policy_slots = get<int32_t>(data, 36);
  h.count = get<uint64_t>(data, 40);
  h.games = get<uint32_t>(data, 48);
  h.next_game_id = get<uint64_t>(data, 72);
  h.game.assign(data + kFixedHeader, name_bytes);
  // Bounded before any size is computed from them (a crafted header must not overflow those).
  constexpr int32_t kMaxDim = 1 << 12, kMaxActions = 1 << 24;
  const auto in = [](int32_t v, int32_t hi) { return v > 0 && v <= hi; };
  if (!in(h.observation.planes, kMaxDim) || !in(h.observation.height, kMaxDim) ||
      !in(h.observation.width, kMaxDim) ||
      int64_t{h.observation.planes} * h.observation.height * h.observation.width > kMaxActions ||
      !in(h.num_actions, kMaxActions) || !in(h.num_players, kMaxPlayers) ||
      !in(h.policy_slots, h.num_actions))
    bad("corrupt header (shape or counts out of range)");
  const uint64_t rbytes = record_bytes(h, version);
  if (get<uint32_t>(data, 52) != rbytes)
    bad("corrupt header (record size ", get<uint32_t>(data, 52), ", expected ", rbytes, ")");
  const uint64_t room = (file_size - hbytes) / rbytes;  // whole records the file can hold
  if (h.count > room)
    bad("truncated: ", file_size, " bytes, header promises ", h.count, " records of ", rbytes,
        " bytes after a ", hbytes, "-byte header");
  const uint64_t expected_size = hbytes + h.count * rbytes;
  if (file_size > expected_size)
    bad("has ", file_size - expected_size, " bytes after its last record");
  *records_crc = get<uint32_t>(data, 60);
  *header_size = hbytes;
  *version_out = version;
  return h;
}

// A sample whose numbers are not all finite (a NaN or infinity under an intact checksum) would
// make every later loss NaN: the record is refused, by file and index. Shares are in [0, 1].
void check_finite(const std::string& path, uint64_t r, const Sample& s, int num_players) {
  const auto all_finite = [](const float* p, size_t n) {
    for (size_t i = 0; i < n; ++i)
      if (!std::isfinite(p[i])) return false;
    return true;
  };
  const char* bad = !all_finite(s.value.data(), num_players)                  ? "value"
                    : !all_finite(s.search_value.data(), num_players)         ? "search value"
                    : !all_finite(s.observation.data(), s.observation.size()) ? "observation"
                                                                              : nullptr;
  for (const auto& [index, share] : s.policy)
    if (!bad && !(share >= 0.0f && share <= 1.0f)) bad = "policy share (not in [0, 1])";
  if (bad)
    fail("shard '", path, "': record ", r, " (game ", s.game_id, ", ply ", s.ply,
         ") has a non-finite or out-of-range ", bad);
}

void check_expected(const std::string& path, const ShardInfo& h, const ShardInfo& e) {
  if (h.game != e.game) fail("shard '", path, "' is of game '", h.game, "', not '", e.game, "'");
  if (!(h.observation == e.observation) || h.num_actions != e.num_actions ||
      h.num_players != e.num_players)
    fail("shard '", path, "': observation/action/player shape does not match the run's game '",
         e.game, "'");
}

}  // namespace

std::string shard_path(const std::string& run_dir, long index) {
  char name[32];
  std::snprintf(name, sizeof(name), "shard_%06ld.bin", index);
  return run_dir + "/shards/" + name;
}

std::vector<long> list_shards(const std::string& run_dir) {
  return numbered_files(run_dir + "/shards", "shard_", ".bin");
}

std::string encode_shard(ShardInfo h, const std::vector<Sample>& samples) {
  h.count = samples.size();
  h.policy_slots = 1;
  h.next_game_id = 0;
  for (const Sample& s : samples) {
    h.policy_slots = std::max<int>(h.policy_slots, static_cast<int>(s.policy.size()));
    h.next_game_id = std::max<uint64_t>(h.next_game_id, s.game_id + 1);
  }
  const size_t obs = h.observation.size(), rbytes = record_bytes(h), hbytes = header_bytes(h);
  std::string buf(hbytes + rbytes * samples.size(), '\0');
  std::memcpy(buf.data(), kMagic, 8);
  put<uint32_t>(buf, 8, kShardVersion);
  put<uint32_t>(buf, 12, static_cast<uint32_t>(hbytes));
  put<int32_t>(buf, 16, h.observation.planes);
  put<int32_t>(buf, 20, h.observation.height);
  put<int32_t>(buf, 24, h.observation.width);
  put<int32_t>(buf, 28, h.num_actions);
  put<int32_t>(buf, 32, h.num_players);
  put<int32_t>(buf, 36, h.policy_slots);
  put<uint64_t>(buf, 40, h.count);
  put<uint32_t>(buf, 48, h.games);
  put<uint32_t>(buf, 52, static_cast<uint32_t>(rbytes));
  put<uint32_t>(buf, 56, static_cast<uint32_t>(h.game.size()));
  put<uint64_t>(buf, 72, h.next_game_id);
  std::memcpy(buf.data() + kFixedHeader, h.game.data(), h.game.size());
  size_t at = hbytes;
  for (const Sample& s : samples) {
    if (s.observation.size() != obs)
      fail("shard: sample of game ", s.game_id, " ply ", s.ply, " has ", s.observation.size(),
           " observation floats, expected ", obs);
    put<uint64_t>(buf, at, s.game_id);
    put<int32_t>(buf, at + 8, s.ply);
    put<int32_t>(buf, at + 12, s.player);
    put<int32_t>(buf, at + 16, static_cast<int32_t>(s.policy.size()));
    put<uint32_t>(buf, at + 20, s.policy_target ? 0u : kNoPolicyTarget);
    size_t p = at + 24;
    std::memcpy(buf.data() + p, s.value.data(), 4 * h.num_players);
    p += 4 * h.num_players;
    std::memcpy(buf.data() + p, s.search_value.data(), 4 * h.num_players);
    p += 4 * h.num_players;
    std::memcpy(buf.data() + p, s.observation.data(), 4 * obs);
    p += 4 * obs;
    for (int k = 0; k < h.policy_slots; ++k) {
      const bool used = k < static_cast<int>(s.policy.size());
      put<int32_t>(buf, p + 4 * k, used ? s.policy[k].first : -1);
      put<float>(buf, p + 4 * (h.policy_slots + k), used ? s.policy[k].second : 0.0f);
    }
    at += rbytes;
  }
  put<uint32_t>(buf, 60, crc32(buf.data() + hbytes, buf.size() - hbytes));
  put<uint32_t>(buf, 64, crc32(buf.data(), hbytes));
  return buf;
}

void write_shard(const std::string& path, const ShardInfo& info,
                 const std::vector<Sample>& samples) {
  write_file_atomically(path, encode_shard(info, samples));
}

std::vector<Sample> read_shard(const std::string& path, ShardInfo* info_out,
                               const ShardInfo* expected) {
  return decode_shard(path, read_file(path, kMaxShardBytes, "shard"), info_out, expected);
}

std::vector<Sample> decode_shard(const std::string& path, const std::string& data,
                                 ShardInfo* info_out, const ShardInfo* expected) {
  uint32_t records_crc = 0, version = 0;
  size_t hbytes = 0;
  const ShardInfo h = parse_header(path, data.data(), data.size(), &records_crc, &hbytes, &version);
  if (expected) check_expected(path, h, *expected);
  if (crc32(data.data() + hbytes, data.size() - hbytes) != records_crc)
    fail("shard '", path, "': record checksum mismatch (the file is corrupt)");
  const size_t obs = h.observation.size(), rbytes = record_bytes(h, version);
  std::vector<Sample> out(h.count);
  for (uint64_t r = 0; r < h.count; ++r) {
    const char* rec = data.data() + hbytes + r * rbytes;
    Sample& s = out[r];
    s.game_id = get<uint64_t>(rec, 0);
    s.ply = get<int32_t>(rec, 8);
    s.player = get<int32_t>(rec, 12);
    const int32_t n = get<int32_t>(rec, 16);
    const uint32_t flags = get<uint32_t>(rec, 20);
    if (n < 0 || n > h.policy_slots || s.player < 0 || s.player >= h.num_players ||
        (flags & ~kNoPolicyTarget) != 0)
      fail("shard '", path, "': record ", r, " is corrupt (policy count ", n, ", player ", s.player,
           ", flags ", flags, ")");
    s.policy_target = (flags & kNoPolicyTarget) == 0;
    size_t p = 24;
    std::memcpy(s.value.data(), rec + p, 4 * h.num_players);
    p += 4 * h.num_players;
    if (version >= 2) {
      std::memcpy(s.search_value.data(), rec + p, 4 * h.num_players);
      p += 4 * h.num_players;
    } else {
      s.search_value = s.value;
    }
    s.observation.resize(obs);
    std::memcpy(s.observation.data(), rec + p, 4 * obs);
    p += 4 * obs;
    s.policy.resize(n);
    for (int k = 0; k < n; ++k) {
      s.policy[k].first = get<int32_t>(rec, p + 4 * k);
      s.policy[k].second = get<float>(rec, p + 4 * (h.policy_slots + k));
      if (s.policy[k].first < 0 || s.policy[k].first >= h.num_actions)
        fail("shard '", path, "': record ", r, " has policy index ", s.policy[k].first,
             " outside [0, ", h.num_actions, ")");
    }
    check_finite(path, r, s, h.num_players);
  }
  if (info_out) *info_out = h;
  return out;
}

ShardInfo read_shard_info(const std::string& path) {
  uint64_t size = 0;
  const std::string head = read_file_head(path, 1 << 12, &size, "shard");
  if (size > kMaxShardBytes)
    fail("shard '", path, "' is ", size, " bytes, more than the ", kMaxShardBytes,
         " bytes a shard can hold");
  // parse_header wants the whole header in memory; names are short, 4 KiB is plenty, and a
  // longer header is reported as truncated, which is what it would look like anyway.
  uint32_t records_crc = 0, version = 0;
  size_t hbytes = 0;
  if (head.size() >= 16 && get<uint32_t>(head.data(), 12) > head.size() && size > head.size())
    fail("shard '", path, "': header larger than 4 KiB (corrupt)");
  return parse_header(path, head.data(), static_cast<size_t>(size), &records_crc, &hbytes,
                      &version);
}

bool could_start_shard_of_size(const char* data, size_t n, uint64_t size) {
  if (size < kFixedHeader || size > kMaxShardBytes) return false;
  if (std::memcmp(data, kMagic, std::min<size_t>(n, 8)) != 0) return false;
  if (n < 56) return true;  // the sizes are not written yet
  const uint64_t records = get<uint64_t>(data, 40), rbytes = get<uint32_t>(data, 52);
  const uint64_t hbytes = get<uint32_t>(data, 12);
  return rbytes > 0 && records <= (kMaxShardBytes - hbytes) / rbytes &&
         hbytes + records * rbytes == size;
}

void check_shards_disjoint(const std::string& run_dir, const std::vector<long>& indices,
                           const ShardInfo& expected) {
  std::unordered_map<uint64_t, long> shard_of_game;
  for (long index : indices) {
    const std::string path = shard_path(run_dir, index);
    const std::string data = read_file(path, kMaxShardBytes, "shard");
    uint32_t records_crc = 0, version = 0;
    size_t hbytes = 0;
    const ShardInfo h =
        parse_header(path, data.data(), data.size(), &records_crc, &hbytes, &version);
    check_expected(path, h, expected);
    if (crc32(data.data() + hbytes, data.size() - hbytes) != records_crc)
      fail("shard '", path, "': record checksum mismatch (the file is corrupt)");
    for (uint64_t r = 0; r < h.count; ++r) {
      const uint64_t id = get<uint64_t>(data.data(), hbytes + r * record_bytes(h, version));
      const auto [it, first] = shard_of_game.emplace(id, index);
      if (!first && it->second != index)
        fail("run '", run_dir, "': shards ", shard_path(run_dir, it->second), " and ", path,
             " both hold game ", id, " (a shard copied to a second name?); move one away");
    }
  }
}

}  // namespace hz
