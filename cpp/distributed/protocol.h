// The messages of distributed training (docs/distributed.md) and their byte encodings: plain
// little-endian fields, no LibTorch, no MPI. A decoder that meets a short or malformed message
// throws hz::Error naming it.
//
//   tag         from -> to          what
//   kHello      0 -> every rank     protocol version, rank 0's identity, its resolved config
//   kVerdict    every rank -> 0     the rank's identity (or why it could not read the config)
//   kGo         0 -> every rank     "" to start, else the problem that ends every rank
//   kDone       0 -> every rank     rank 0 has finished (after its final evaluation)
//   kGame       actor -> 0          a finished game (one-game shard, selfplay/shards.h) + stats
//   kGoodbye    actor -> 0          the actor's final stats; it sends nothing after it
//   kLearner*   0 -> learner k      the trainer's state, a minibatch per step, the end
//   publish     0 -> actors         [u64 version][u64 next game id][network bytes]; empty: stop
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/sample.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/shards.h"
#include "train/replay.h"

namespace hz::dist {

inline constexpr uint32_t kProtocolVersion = 2;  // 2: stats carry the sparring counters

enum Tag : int {
  kHello = 1,
  kVerdict = 2,
  kGo = 3,
  kDone = 4,  // 0 -> every rank, empty: rank 0 is done; the ranks may finalize
  kGame = 10,
  kGoodbye = 11,
  kLearnerState = 20,
  kLearnerBatch = 21,
  kLearnerStop = 22,
  kBenchPhase = 30,  // 0 -> actor: a row of the self-play benchmark (distributed/bench.h)
};

// Appends fields to a byte string.
class ByteWriter {
 public:
  ByteWriter& u64(uint64_t v) { return raw(&v, sizeof v); }
  ByteWriter& f64(double v) { return raw(&v, sizeof v); }
  ByteWriter& text(const std::string& s);  // length, then the bytes
  ByteWriter& raw(const void* data, size_t n);
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads them back; every read checks the length and throws hz::Error naming `what`.
class ByteReader {
 public:
  ByteReader(const std::string& data, std::string what) : data_(data), what_(std::move(what)) {}
  uint64_t u64();
  double f64();
  std::string text();
  void raw(void* out, size_t n);
  std::string rest();   // every byte not read yet
  void finish() const;  // fails if bytes are left

 private:
  const std::string& data_;
  std::string what_;
  size_t at_ = 0;
};

// What a rank runs: two ranks may work together only if both are equal.
struct Identity {
  uint32_t protocol = kProtocolVersion;
  std::string game;     // AnyGame::full_name() of the variant
  std::string network;  // NetworkConfig::to_string(), shape included
  std::string problem;  // non-empty: the rank could not read its config (then nothing else)
  std::string describe() const;  // "game ..., network ..., protocol N" or the problem
  bool operator==(const Identity& o) const {
    return protocol == o.protocol && game == o.game && network == o.network && problem.empty() &&
           o.problem.empty();
  }
};

struct Hello {
  Identity identity;
  std::string config_yaml;  // rank 0's resolved config
  double connect_timeout_s = 0;
};
std::string encode_hello(const Hello& h);
Hello decode_hello(const std::string& bytes);
std::string encode_identity(const Identity& id);
Identity decode_identity(const std::string& what, const std::string& bytes);

struct Go {
  std::string problem;  // empty: start
  int learners = 1;
};
std::string encode_go(const Go& g);
Go decode_go(const std::string& bytes);

// A finished game with the actor's self-play statistics so far.
std::string encode_game(const ShardInfo& info, const FinishedGame& game, const SelfPlayStats& s);
struct ReceivedGame {
  FinishedGame game;
  SelfPlayStats stats;
};
// The shard's header must match `expected` (game, shapes): decode_shard's check.
ReceivedGame decode_game(const std::string& what, const std::string& bytes,
                         const ShardInfo& expected);
std::string encode_stats(const SelfPlayStats& s);
SelfPlayStats decode_stats(const std::string& what, const std::string& bytes);
void add_stats(SelfPlayStats& sum, const SelfPlayStats& s);  // counters add, seconds take the max

struct Published {
  long version = 0;  // NetworkSlot::version() of the network on rank 0
  uint64_t next_game_id = 0;
  std::string network;  // train/checkpoint.h encode_network
};
std::string encode_published(const Published& p);
Published decode_published(const std::string& bytes);  // bytes must not be empty (empty: stop)

std::string encode_batch(const TrainBatch& b, double progress);
TrainBatch decode_batch(const std::string& bytes, double* progress);

}  // namespace hz::dist
