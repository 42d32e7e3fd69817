// One training run: self-play and training side by side in one process, in a run directory.
//
// RUN/config.yaml    the resolved config (written at every start, once it fits the run's files)
// RUN/ckpt_NNNNNN.pt checkpoints (train/checkpoint.h)
// RUN/shards/        every finished self-play game (selfplay/shards.h)
// RUN/metrics.jsonl  metrics lines (docs/formats.md)
//
// Self-play runs on its own worker threads (AnyGame::make_selfplay with a network evaluator that
// reads the newest published weights); the calling thread trains. Flow control keeps the ratio of
// trained to generated samples at `training.train_samples_per_generated_sample`: the trainer waits
// for samples, and self-play waits (its game callback blocks) when it is more than two publish
// periods ahead. New weights reach self-play every `publish_every` steps.
//
// Resume: a run directory that holds checkpoints or shards continues from its newest checkpoint
// (network, optimizer, step, RNG) and refills the replay window from the newest shards, so games
// finished after that checkpoint are not lost; the game and sample counters come from the shards.
// A stop request (SIGINT/SIGTERM in the CLI) ends self-play, flushes shards and writes a
// checkpoint before run() returns.
//
// Distributed (rank 0 of an MPI job, docs/distributed.md): given a RunCluster, the games come
// from actor ranks instead of local self-play threads, and each step may train data-parallel with
// the learner ranks; everything else (files, flow control, resume) is the same.
//
// Not thread-safe: one run() per object, on one thread (it starts and joins its own workers).
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <string>

#include "train/run_config.h"

namespace hz {

class RunCluster;

struct RunSummary {
  long step = 0;
  uint64_t games = 0, samples = 0;
  // Reached total_steps / total_games and finished the final evaluation (not stopped early).
  bool finished = false;
  std::string last_checkpoint;
};

class TrainingRun {
 public:
  // `out` receives the progress lines. `cluster` (optional, outliving the run): rank 0's link to
  // the other ranks of an MPI job.
  TrainingRun(const RunConfig& config, std::string run_dir, std::ostream& out,
              RunCluster* cluster = nullptr);
  ~TrainingRun();
  // Trains until the end of the run or until `stop_requested` turns true.
  RunSummary run(const std::atomic<bool>& stop_requested);

 private:
  // The self-play and training loop of the run: its parts (game, trainer, replay window,
  // journal, self-play runner) and the counters they share (training_run.cpp).
  struct Loop;
  std::unique_ptr<Loop> loop_;
};

}  // namespace hz
