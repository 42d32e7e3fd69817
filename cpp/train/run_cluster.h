// What a training run on rank 0 of an MPI job needs from the other ranks (docs/distributed.md):
// its self-play games come from actor ranks instead of its own threads, its published networks go
// to them, and with data-parallel learners every step trains on several minibatches at once.
// Implemented by distributed/rank0.h; a run of one process has none (TrainingRun's default).
// Neither MPI nor LibTorch is behind this header.
//
// Threads: make_selfplay's runner runs on the training run's self-play thread; every other call
// comes from the training thread.
#pragma once

#include <memory>
#include <vector>

#include "nn/torch_evaluator.h"
#include "selfplay/selfplay_runner.h"
#include "train/replay.h"
#include "train/trainer.h"

namespace hz {

class RunCluster {
 public:
  virtual ~RunCluster() = default;
  virtual int world_size() const = 0;
  // The self-play runner of rank 0: receives the actors' games (numbering them from
  // options.first_game_id on, in the order they arrive) and sends them every network `slot`
  // publishes. Its stop() also ends the actors' self-play; run() returns once they have sent
  // their last games, which it hands to `on_game` too.
  virtual std::unique_ptr<SelfPlayRunner> make_selfplay(
      const SelfPlayOptions& options, std::shared_ptr<const NetworkSlot> slot) = 0;
  // Finished games received from each rank in this session (index: rank).
  virtual std::vector<long> games_by_rank() const = 0;

  // Data-parallel learners (distributed.learners): ranks 0..learners()-1.
  virtual int learners() const = 0;
  // Hands the trainer's state to the other learners (once, before the first step).
  virtual void start_learners(Trainer& trainer) = 0;
  // One step: batches[k] goes to learner k; the gradients are averaged over the learners.
  virtual TrainStats train_step(Trainer& trainer, const std::vector<TrainBatch>& batches,
                                double progress) = 0;
  // Ends the other ranks: the learners, and the actors if self-play never started. Call once,
  // when the run ends (the training run does).
  virtual void finish() = 0;
};

}  // namespace hz
