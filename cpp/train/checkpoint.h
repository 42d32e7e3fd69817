// Checkpoints: DIR/ckpt_000400.pt (the step in 6 digits) holding the network, the optimizer
// state, the step, game and sample counters, the trainer's RNG, the game (name + options) and
// the network config (nn/checkpoint_file.h has the metadata, the paths and the network-only
// reading; the file format is in docs/formats.md).
//
// Saving is atomic (temp file, fsync, rename), so a run killed at any moment leaves its previous
// checkpoints intact. Loading checks magic, version, size and checksum, then the game and the
// network config, and throws hz::Error naming the file and the problem (truncated, corrupt, wrong
// game, different network). A save followed by a load restores every bit of the trainer state.
// Stateless and thread-safe apart from the Trainer passed in (one thread).
#pragma once

#include <string>

#include "nn/checkpoint_file.h"
#include "train/trainer.h"

namespace hz {

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

}  // namespace hz
