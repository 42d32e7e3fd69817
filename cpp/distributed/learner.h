// Data-parallel learners (distributed.learners: K, docs/distributed.md): ranks 0..K-1 each train
// on their own minibatch of the replay window, which rank 0 draws and sends (rank 0 alone holds
// the window), and average their gradients with MPI_Allreduce before every optimizer step, so
// their weights stay equal: the step is a single learner's step on the mean gradient of the K
// minibatches (Trainer::train_step on the parts). Batch norm normalizes each minibatch on its own
// (as PyTorch's DistributedDataParallel without SyncBatchNorm); its running statistics are rank
// 0's, the only ones ever published or saved.
#pragma once

#include <iosfwd>

#include "distributed/mpi_world.h"
#include "train/run_config.h"
#include "train/trainer.h"

namespace hz::dist {

// The Trainer's gradient reducer on a learner: the elementwise mean over ranks 0..K-1.
GradientReducer mean_over_learners(MpiWorld& world);

// A learner rank 1..K-1: takes rank 0's trainer state, then trains on each minibatch rank 0 sends
// until rank 0 says stop.
class LearnerRank {
 public:
  LearnerRank(MpiWorld& world, const RunConfig& config);
  // Returns the number of steps trained.
  long run(std::ostream& out);
  const Trainer& trainer() const { return trainer_; }

 private:
  MpiWorld& world_;
  const RunConfig& cfg_;
  Trainer trainer_;
};

}  // namespace hz::dist
