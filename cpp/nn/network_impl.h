// LibTorch side of nn/network.h. Include only from .cpp files in cpp/nn/ and cpp/train/ (each
// file that includes <torch/torch.h> costs ~30 s to compile).
//
// Network::Impl owns the module. `training` mirrors the module's train/eval mode so that
// inference can refuse a network in training mode without touching LibTorch's mode flags.
#pragma once

#include <torch/torch.h>

#include <utility>

#include "nn/network.h"

namespace hz {

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int channels);
  torch::Tensor forward(const torch::Tensor& x);
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(ResidualBlock);

struct PolicyValueNetImpl : torch::nn::Module {
  explicit PolicyValueNetImpl(const NetworkConfig& config);
  torch::Tensor policy_logits(const torch::Tensor& tower_out);
  void add_from_to_head(const NetworkConfig& config);
  // x: [n, planes, height, width] -> (policy logits [n, num_actions], seat values [n, players])
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor& x);
  torch::Tensor tower_out(const torch::Tensor& x);  // [n, channels, height, width]

  torch::nn::Conv2d stem{nullptr};
  torch::nn::BatchNorm2d stem_bn{nullptr};
  torch::nn::ModuleList tower;
  torch::nn::Conv2d policy_conv{nullptr};
  torch::nn::BatchNorm2d policy_bn{nullptr};
  torch::nn::Linear policy_fc{nullptr};                        // dense head
  torch::nn::Conv2d policy_from{nullptr}, policy_to{nullptr};  // from_to head
  torch::nn::Linear policy_special{nullptr};
  torch::Tensor policy_columns;  // from_to: each action's column in [pair logits | special]
  double policy_scale = 1.0;
  // from_to, derived from policy_columns by index_pairs() (not stored): the cells some move
  // starts from and ends on, and each action's column in [used-from x used-to pairs | special].
  // The logits are computed over used cells only: Chinese Checkers uses 121 of 289 cells, so the
  // pair product is 5.7x smaller than over the whole grid (its full [n, 289*289] product and the
  // copies of it were most of a self-play forward).
  torch::Tensor pair_from_cells, pair_to_cells, pair_columns;
  int64_t grid_cells = 0;
  // Re-derives the three tensors above; called whenever policy_columns changes (construction,
  // clone, load).
  void index_pairs();
  torch::nn::Conv2d value_conv{nullptr};
  torch::nn::BatchNorm2d value_bn{nullptr};
  torch::nn::Linear value_fc1{nullptr}, value_fc2{nullptr};
};
TORCH_MODULE(PolicyValueNet);

struct Network::Impl {
  explicit Impl(const NetworkConfig& c) : config(c), net(c) {}
  NetworkConfig config;
  PolicyValueNet net;
  bool training = false;
  void set_training(bool on) {
    training = on;
    net->train(on);
  }
  // Every parameter and buffer by name: what copies and serialization walk.
  std::vector<std::pair<std::string, torch::Tensor>> state() const;
};

// Writes/reads the network's parameters and buffers into/from an archive; load checks that every
// tensor is present with the right shape and throws hz::Error naming `source` otherwise.
void save_network(const Network& net, torch::serialize::OutputArchive& archive);
void load_network(Network& net, torch::serialize::InputArchive& archive, const std::string& source);

}  // namespace hz
