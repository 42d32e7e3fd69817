// The game journal: finished self-play games kept durably between sample shards, so that a run
// killed at any moment loses no finished game (RUN/shards/journal.bin, docs/formats.md).
//
// A training run writes games into a shard every `training.shard_games` games; the games in
// between live in memory. Each one is also appended here (and fdatasync'ed) as it finishes, and
// the journal is removed once they are in a shard. On resume, `recover` turns what the journal
// holds into the missing shard, unless the newest shard already has those games (a kill between
// writing the shard and removing the journal). Records are length-prefixed one-game shards
// (selfplay/shards.h), each with its own checksums, so a torn last record after a kill is
// detected and dropped.
//
// Not thread-safe: the training run calls it under its own lock.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/sample.h"
#include "selfplay/shards.h"

namespace hz {

class GameJournal {
 public:
  explicit GameJournal(std::string path) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }

  // Appends one finished game (its samples, all with one game id) and flushes it to disk.
  void append(const ShardInfo& info, const std::vector<Sample>& samples);
  // Empties the journal (its games are now in a shard): removes the file.
  void clear();

  struct Recovered {
    std::vector<Sample> samples;  // the journal's whole games, in the order they finished
    uint32_t games = 0;
    uint64_t torn_bytes = 0;  // bytes after the last whole record (dropped)
  };
  // Reads the journal's whole records; each must match `expected` (game, shapes) and pass its
  // checksums, else hz::Error naming the file and the record. A torn last record (shorter than
  // its length field says: a kill during append) is counted in torn_bytes and not read.
  Recovered read(const ShardInfo& expected) const;

 private:
  std::string path_;
};

}  // namespace hz
