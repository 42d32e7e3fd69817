// A self-play actor: ranks learners..size-1 of a distributed training run (docs/distributed.md).
//
// It waits for rank 0's first network, then runs the same multithreaded self-play as a run of
// one process (selfplay.threads workers, selfplay.games_per_thread games each), sending each
// finished game to rank 0 as it ends (a one-game shard, selfplay/shards.h, with the game's actions
// and the actor's statistics) and installing every network rank 0 publishes. When
// distributed.games_in_flight of its games are sent but not yet taken by rank 0 (which takes none
// while its trainer is behind), its self-play waits: rank 0's flow control reaches the actors.
// On rank 0's stop it ends self-play and sends a goodbye with its statistics after its last game.
//
// Its games' random seeds come from (seed, rank, the run's next game id at the start), so actors
// play different games and a resumed run does not replay old ones; rank 0 numbers the games.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <iosfwd>
#include <memory>
#include <thread>

#include "distributed/mpi_world.h"
#include "games/any_game.h"
#include "nn/torch_evaluator.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/shards.h"
#include "train/run_config.h"

namespace hz::dist {

// Self-play on its own thread whose finished games go to rank 0 as they end.
class ActorSelfPlay {
 public:
  ActorSelfPlay(MpiWorld& world, const RunConfig& config, std::shared_ptr<const NetworkSlot> slot,
                uint64_t first_game_id);
  ~ActorSelfPlay();  // stops (errors are lost: call stop() to see them)
  void start();
  bool ended() const { return ended_; }  // self-play ended by itself (an error)
  // Stops self-play and waits for it; rethrows its error. The games it finished were sent.
  void stop();
  SelfPlayStats stats() const { return runner_->stats(); }
  long games_sent() const { return games_sent_; }
  uint64_t bytes_sent() const { return bytes_sent_; }

 private:
  void send_game(FinishedGame&& game);

  MpiWorld& world_;
  const RunConfig& cfg_;
  std::shared_ptr<AnyGame> game_;
  ShardInfo info_;
  std::unique_ptr<SelfPlayRunner> runner_;
  std::thread thread_;
  std::exception_ptr error_;
  std::atomic<bool> ended_{false}, stopping_{false};
  std::atomic<long> games_sent_{0};
  std::atomic<uint64_t> bytes_sent_{0};
};

// Runs an actor rank until rank 0 says stop; returns its self-play statistics.
SelfPlayStats run_actor(MpiWorld& world, const RunConfig& config, std::ostream& out);

}  // namespace hz::dist
