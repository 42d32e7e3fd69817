// The checkpoint container (docs/formats.md) at the LibTorch level, shared by the network-only
// reading (nn/checkpoint_file.cpp) and the trainer's saving and restoring (train/checkpoint.cpp).
// Includes LibTorch: only for .cpp files in cpp/nn/ and cpp/train/.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>

#include "nn/checkpoint_file.h"

namespace hz {

void write_checkpoint_meta(torch::serialize::OutputArchive& a, const CheckpointMeta& m);
// Reads and checks the metadata fields; `path` names the file in errors.
CheckpointMeta read_checkpoint_fields(torch::serialize::InputArchive& a, const std::string& path);

// The file's bytes for a complete archive: header (magic, version, CRC-32, size) and payload.
std::string seal_checkpoint(torch::serialize::OutputArchive& archive);

// Checks the container held in `data` (named `path` in errors) and opens its archive; returns
// the payload's size.
uint64_t open_checkpoint_bytes(const std::string& path, const std::string& data,
                               torch::serialize::InputArchive& archive);
// Reads the file (bounded), checks the container and opens the archive; returns the payload's
// size.
uint64_t open_checkpoint_file(const std::string& path, torch::serialize::InputArchive& archive);

// Checks the file's game against `game`/`options` (no check when `game` is empty).
void check_checkpoint_game(const CheckpointMeta& m, const std::string& path,
                           const std::string& game, const std::string& options);

}  // namespace hz
