// Sample shards: the versioned binary files in which a run keeps every finished self-play game
// (RUN/shards/shard_000000.bin, ...). The format is specified in docs/formats.md; Python reads it
// with numpy alone (python/hopzero/data.py).
//
// A shard holds whole games: a header (magic, version, observation shape, num_actions,
// num_players, policy slots, sample and game counts, CRC-32 of header and records, game name)
// followed by fixed-size records. Each record keeps the policy sparsely in `policy_slots`
// (index, probability) pairs; the slots list every legal action of the position (probability 0
// for unvisited ones), which is how the trainer knows the legal set to mask.
//
// Writing is atomic (temp file, fsync, rename): a shard exists complete or not at all. Reading
// rejects a wrong magic or version, a truncated or overlong file, a checksum mismatch and any
// out-of-range field, with an hz::Error naming the file and the problem. Stateless and
// thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"
#include "selfplay/sample.h"

namespace hz {

inline constexpr uint32_t kShardVersion = 2;  // writes 2, reads 1 and 2 (docs/formats.md)
// Bound of a shard file (and of a game journal, which holds fewer games): readers refuse larger
// files before reading them. Far above shard_games games of the largest variant.
inline constexpr uint64_t kMaxShardBytes = uint64_t{16} << 30;

struct ShardInfo {
  std::string game;  // AnyGame::full_name() of the variant, e.g. "jumpers(size=8)"
  ObservationShape observation;
  int num_actions = 0;
  int num_players = 0;
  int policy_slots = 0;       // sparse policy capacity per record (the most entries of any sample)
  uint64_t count = 0;         // samples
  uint32_t games = 0;         // games the samples come from (a shard holds whole games)
  uint64_t next_game_id = 0;  // 1 + the largest game id in the shard (0 when empty)
};

// "RUN/shards/shard_000042.bin"
std::string shard_path(const std::string& run_dir, long index);
// Indices of the shards present in RUN/shards, ascending.
std::vector<long> list_shards(const std::string& run_dir);

// Encodes samples into the shard format; count, policy_slots and next_game_id are computed.
std::string encode_shard(ShardInfo info, const std::vector<Sample>& samples);
void write_shard(const std::string& path, const ShardInfo& info,
                 const std::vector<Sample>& samples);

// Reads a whole shard. `expected` (optional) must match the header's game, shape, actions and
// players, else hz::Error naming the file and the field.
std::vector<Sample> read_shard(const std::string& path, ShardInfo* info_out = nullptr,
                               const ShardInfo* expected = nullptr);
// The same on bytes in memory; `path` names them in errors.
std::vector<Sample> decode_shard(const std::string& path, const std::string& data,
                                 ShardInfo* info_out = nullptr,
                                 const ShardInfo* expected = nullptr);
ShardInfo read_shard_info(const std::string& path);  // header only (checks header CRC and size)
// Checks that no game id is in two of the shards `indices` of a run (a shard copied to a second
// name would count its games twice): reads each shard whole (checksums, `expected` shape) and
// throws hz::Error naming both shards and the game.
void check_shards_disjoint(const std::string& run_dir, const std::vector<long>& indices,
                           const ShardInfo& expected);
// Whether `n` bytes could be the start of a shard of exactly `size` bytes (what a kill during a
// game journal's append leaves): the magic, and the size the header promises, as far as the bytes
// go. Checksums cannot be checked on a prefix.
bool could_start_shard_of_size(const char* data, size_t n, uint64_t size);

}  // namespace hz
