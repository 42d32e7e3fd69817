// Checkpoint files as the network side reads them: their metadata, their paths, and the
// network alone in inference mode (for agents, evaluation and self-play actors). The file
// format is in docs/formats.md: a 24-byte header (magic, version, CRC-32 and size of the
// payload) and a LibTorch archive as payload. Writing a checkpoint, and restoring a trainer from
// one, is train/checkpoint.h.
//
// Loading checks magic, version, size and checksum, then the game and the network config, and
// throws hz::Error naming the file and the problem (truncated, corrupt, wrong game, different
// network). Stateless and thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nn/network.h"

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
