// LibTorch side of train/trainer.h; include only from .cpp files in cpp/train/.
#pragma once

#include <torch/torch.h>

#include <memory>

#include "nn/network_impl.h"
#include "train/trainer.h"

namespace hz {

struct Trainer::Impl {
  Impl(const NetworkConfig& net_config, const TrainerConfig& c, uint64_t seed);
  TrainerConfig config;
  std::unique_ptr<Network> network;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  long step = 0;
  Rng rng;
  GradientReducer reducer;
  std::vector<float> flat_gradients;  // reused by every step that flattens them
  void set_learning_rate(double lr);
};

}  // namespace hz
