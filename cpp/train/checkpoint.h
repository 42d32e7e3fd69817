// Checkpoints: DIR/ckpt_000400.pt (the step in 6 digits) holding the network, the optimizer
// state, the step, game and sample counters, the trainer's RNG, the game (name + options) and
// the network config. The file format is in docs/formats.md: a 24-byte header (magic, version,
// CRC-32 and size of the payload) and a LibTorch archive as payload.
//
// Saving is atomic (temp file, fsync, rename), so a run killed at any moment leaves its previous
// checkpoints intact. Loading checks magic, version, size and checksum, then the game and the
// network config, and throws hz::Error naming the file and the problem (truncated, corrupt, wrong
// game, different network). A save followed by a load restores every bit of the trainer state.
// Stateless and thread-safe apart from the Trainer passed in (one thread).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nn/network.h"
#include "train/trainer.h"

namespace hz {

struct CheckpointMeta {
  long step = 0;
  uint64_t games = 0;        // self-play games finished when it was written
  uint64_t samples = 0;      // self-play samples generated when it was written
  double elapsed_s = 0;      // wall time of the run so far, across resumes
  std::string game;          // game name ("jumpers")
  std::string game_options;  // resolved options, GameOptions::to_string()
  NetworkConfig network;
  std::string optimizer;          // "sgd" | "adam"
  std::array<uint64_t, 4> rng{};  // the trainer's minibatch RNG
};

// Bound of a checkpoint file: the largest network the config bounds allow (64 blocks of 1024
// channels, about 5 GB of weights) with Adam's two moments, rounded up.
inline constexpr uint64_t kMaxCheckpointBytes = uint64_t{32} << 30;

std::string checkpoint_path(const std::string& dir, long step);  // "DIR/ckpt_000400.pt"
// Steps of the checkpoints in `dir`, ascending (files named ckpt_<digits>.pt).
std::vector<long> list_checkpoints(const std::string& dir);

// Writes the trainer's full state; meta.step, network, optimizer and rng are taken from it.
void save_checkpoint(const std::string& path, const Trainer& trainer, CheckpointMeta meta);

// Restores a trainer (same network config and optimizer kind) and returns the metadata.
// `expected_game`/`expected_options` (when non-empty) must match the file's.
CheckpointMeta load_checkpoint(const std::string& path, Trainer& trainer,
                               const std::string& expected_game = "",
                               const std::string& expected_options = "");

// The same as bytes (the file's contents), and back into a trainer (same network config and
// optimizer kind; `source` names the bytes in errors): how rank 0 hands its state to
// data-parallel learners (docs/distributed.md).
std::string encode_checkpoint(const Trainer& trainer, CheckpointMeta meta);
CheckpointMeta decode_checkpoint(const std::string& source, const std::string& bytes,
                                 Trainer& trainer);

// A network's weights and batch-norm statistics as bytes (the `network` archive of a checkpoint,
// docs/formats.md), and back into an inference network that must have config `expected`
// (hz::Error naming `source` otherwise): what rank 0 broadcasts to self-play actors.
std::string encode_network(const Network& net);
std::unique_ptr<Network> decode_network(const std::string& source, const std::string& bytes,
                                        const NetworkConfig& expected);

// The network alone, in inference mode (for agents and evaluation), with its metadata.
std::unique_ptr<Network> load_checkpoint_network(const std::string& path,
                                                 CheckpointMeta* meta_out = nullptr);
CheckpointMeta read_checkpoint_meta(const std::string& path);

}  // namespace hz
