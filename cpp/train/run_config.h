// The configuration of a training run (`hopzero train --config FILE`), read once at start-up
// from the typed YAML config (core/config.h) into plain structs. Every key has a default, bounds
// and a doc line; an unknown key is an error naming it. The resolved config (defaults included)
// is what a run directory keeps as config.yaml.
//
// Layout:
//   seed: 1
//   game:       {name: alquerque, options: {k: v, ...}}
//   network:    blocks, channels, ... (nn/network.h)
//   selfplay:   threads, games_per_thread, simulations, leaves_per_round, cpuct, fpu,
//               dirichlet_alpha, dirichlet_fraction, temperature, temperature_moves,
//               final_temperature, resign_threshold, resign_playthrough, torch_threads
//   training:   the trainer's keys (train/trainer.h) and the loop's: window, min_samples,
//               train_samples_per_generated_sample, publish_every, checkpoint_every, log_every,
//               total_steps, total_games, shard_games, torch_threads
//   evaluation: games, simulations, random_opening_plies, threads (the end-of-run match)
//   distributed: learners, connect_timeout_s, drain_timeout_s, games_in_flight (runs started
//               with mpirun, docs/distributed.md; ignored by a run of one process)
#pragma once

#include <cstdint>
#include <string>

#include "core/config.h"
#include "core/options.h"
#include "nn/network.h"
#include "selfplay/selfplay_runner.h"
#include "train/trainer.h"

namespace hz {

struct LoopConfig {
  long window = 20000;          // replay window, samples
  long min_samples = 1000;      // samples in the window before the first step
  double train_ratio = 4.0;     // trained minibatch samples per generated sample
  long publish_every = 20;      // steps between new weights for self-play
  long checkpoint_every = 100;  // steps between checkpoints
  long log_every = 10;          // steps between metrics lines
  long total_steps = 1000;      // end of the run (0: use total_games)
  long total_games = 0;         // end of the run when total_steps is 0
  double time_budget_s = 0;     // > 0: the run also ends after this much training time (all
                                // segments), and learning-rate schedules run on its share
  long shard_games = 32;        // games per sample shard (shards are also flushed at checkpoints)
  int torch_threads = 1;        // intra-op threads of the trainer
};

struct EvalConfig {
  int games = 24;                // games against uniform-evaluator MCTS at the end (0: none)
  long simulations = 0;          // per move, both sides; 0: the self-play simulations
  int random_opening_plies = 2;  // random actions shared by each pair of seat-swapped games
  int threads = 1;               // games played at once
};

// Distributed training under mpirun (docs/distributed.md).
struct DistributedConfig {
  int learners = 1;                // ranks 0..learners-1 train data-parallel
  double connect_timeout_s = 120;  // start-up: how long ranks wait for each other
  double drain_timeout_s = 30;     // end: how long rank 0 waits for the actors' last games
  int games_in_flight = 4;         // per actor: games sent that rank 0 has not yet taken
};

struct RunConfig {
  uint64_t seed = 1;
  std::string game;
  GameOptions game_options;
  NetworkConfig network;  // shape filled from the game
  SelfPlayOptions selfplay;
  int selfplay_torch_threads = 1;
  TrainerConfig trainer;
  LoopConfig loop;
  EvalConfig eval;
  DistributedConfig distributed;
  std::string resolved_yaml;  // the config as read, defaults included

  // Reads and validates everything (including that the game exists with these options).
  static RunConfig from_config(Config& config);
};

}  // namespace hz
