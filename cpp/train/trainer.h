// The LibTorch trainer: one network, one optimizer, a learning-rate schedule, and the training
// step (policy cross-entropy over legal actions + value MSE, L2 through the optimizer's weight
// decay). LibTorch stays behind this header (train/trainer_impl.h has the torch side).
//
// Loss per minibatch of B rows:
//   policy = sum_i w_i ( -sum_a pi_i(a) log softmax_legal(logits_i)(a) ) / sum_i w_i, illegal
//            logits masked out, w_i the row's policy weight (0 for fast-search rows)
//   value  = mean_i mean_seat (v_i - z_i)^2
//   loss   = policy + value_loss_weight * value   (+ weight_decay/2 * |w|^2 via the optimizer)
//
// Ownership and threads: a Trainer owns its network; use it from one thread. snapshot() returns
// an independent inference copy that other threads may use while training continues.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "nn/network.h"
#include "train/replay.h"

namespace hz {

class ConfigSection;

struct TrainerConfig {
  int batch_size = 64;
  std::string optimizer = "sgd";  // sgd | adam
  double learning_rate = 0.02;
  double momentum = 0.9;  // sgd only
  double weight_decay = 1e-4;
  double value_loss_weight = 1.0;
  double search_value_weight = 0.0;      // value target: (1 - w) * final return + w * search value
  std::string lr_schedule = "constant";  // constant | step | cosine
  long lr_warmup_steps = 0;              // linear ramp from 0 over the first steps
  long lr_step_every = 1000;             // step: multiply by lr_step_factor every this many steps
  double lr_step_factor = 0.1;
  double lr_min_factor = 0.05;  // cosine: decays to learning_rate * lr_min_factor at total_steps
  long total_steps = 1000;      // horizon of the cosine schedule (the run's step budget)
  bool augment = true;          // random symmetry per sample

  // Reads this struct's keys from the `training:` section (does not call finish(): the section
  // holds the training loop's keys too). `total_steps` is set by the caller.
  static TrainerConfig from_config(ConfigSection& section);
  // The rate at `step`. `progress` in [0, 1] (optional) is how far a run with a time budget has
  // got: the cosine and step schedules then run at max(step / total_steps, progress).
  double learning_rate_at(long step, double progress = 0.0) const;
};

struct TrainStats {
  double loss = 0, policy_loss = 0, value_loss = 0;
  double policy_entropy = 0;  // mean entropy of the predicted (legal-masked) policy, nats
  double value_accuracy = 0;  // share of rows with a decisive seat-0 target whose sign is right
                              // (NaN when no row of the batch is decisive)
  double learning_rate = 0;
};

// Data-parallel training (distributed/learner.h): called in every step between the backward
// pass and the optimizer step with every parameter's gradient flattened into one buffer
// (parameters in order); it must leave there the gradient to apply: the mean over the learners.
using GradientReducer = std::function<void(std::vector<float>& gradients)>;

class Trainer {
 public:
  struct Impl;
  Trainer(const NetworkConfig& network, const TrainerConfig& config, uint64_t seed);
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  // One optimizer step on the batch; increments step(). `progress`: see learning_rate_at.
  TrainStats train_step(const TrainBatch& batch, double progress = 0.0);
  // One optimizer step on the mean of the gradients of several minibatches, each computed on its
  // own (batch norm normalizes each over its own rows): what parts.size() data-parallel learners
  // compute together, one part each. The statistics are the mean over the parts.
  TrainStats train_step(const std::vector<TrainBatch>& parts, double progress = 0.0);
  // Installs the reducer of data-parallel training (null: none, the default).
  void set_gradient_reducer(GradientReducer reducer);
  // The loss on a batch without updating anything (inference mode batch norm).
  TrainStats measure(const TrainBatch& batch);

  long step() const;
  const TrainerConfig& config() const;
  const NetworkConfig& network_config() const;
  Rng& rng();  // minibatch sampling RNG; saved in checkpoints
  // An inference copy of the current weights.
  std::shared_ptr<Network> snapshot() const;
  // Read-only view of the trained weights (in training mode: not usable for inference).
  const Network& network() const;
  // Every parameter's values flattened, in order (what the gradient reducer's buffer follows).
  std::vector<float> flat_parameters() const;

  Impl& impl() { return *impl_; }
  const Impl& impl() const { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace hz
