// Rank 0 of a distributed training run (docs/distributed.md): the learner that writes the run
// directory. Rank0Cluster is the RunCluster (train/run_cluster.h) that TrainingRun uses there:
//   - its self-play runner (RemoteSelfPlay) receives every finished game from the actor ranks,
//     numbers it from the run's next game id on, and hands it to the run's game callback, which
//     journals it as it would a local game; it broadcasts every network the run publishes (and a
//     stop at the end, after which it takes the actors' last games until each said goodbye);
//   - with data-parallel learners it sends the trainer's state to ranks 1..K-1 once, then each
//     step one minibatch to each, and averages gradients with them (distributed/learner.h).
#pragma once

#include <iosfwd>
#include <memory>
#include <vector>

#include "distributed/mpi_world.h"
#include "games/any_game.h"
#include "train/run_cluster.h"
#include "train/run_config.h"

namespace hz::dist {

// Games and self-play statistics per rank, shared by the runner and the cluster (thread-safe).
class RankTally;

class Rank0Cluster final : public RunCluster {
 public:
  // `world` has its roles set (set_learners). `out` receives warnings.
  Rank0Cluster(MpiWorld& world, const RunConfig& config, std::ostream& out);
  ~Rank0Cluster() override;

  int world_size() const override { return world_.size(); }
  std::unique_ptr<SelfPlayRunner> make_selfplay(const SelfPlayOptions& options,
                                                std::shared_ptr<const NetworkSlot> slot) override;
  std::vector<long> games_by_rank() const override;
  int learners() const override { return world_.learners(); }
  void start_learners(Trainer& trainer) override;
  TrainStats train_step(Trainer& trainer, const std::vector<TrainBatch>& batches,
                        double progress) override;
  void finish() override;

 private:
  MpiWorld& world_;
  const RunConfig& cfg_;
  std::ostream& out_;
  std::shared_ptr<AnyGame> game_;
  std::shared_ptr<RankTally> tally_;
  bool selfplay_started_ = false, finished_ = false;
};

}  // namespace hz::dist
