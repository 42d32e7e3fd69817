#include "distributed/learner.h"

#include <ostream>

#include "core/error.h"
#include "distributed/protocol.h"
#include "train/checkpoint.h"

namespace hz::dist {

GradientReducer mean_over_learners(MpiWorld& world) {
  return [&world](std::vector<float>& gradients) {
    world.allreduce_sum(gradients.data(), gradients.size());
    const float learners = static_cast<float>(world.learners());
    for (float& g : gradients) g /= learners;
  };
}

LearnerRank::LearnerRank(MpiWorld& world, const RunConfig& config)
    : world_(world), cfg_(config), trainer_(config.network, config.trainer, config.seed) {}

long LearnerRank::run(std::ostream& out) {
  set_torch_threads(cfg_.loop.torch_threads);
  const std::optional<MpiWorld::Message> first = world_.receive(0, MpiWorld::kAnyTag, -1);
  if (first->tag == kLearnerStop) return 0;  // the run ended before training
  if (first->tag != kLearnerState)
    fail("rank ", world_.rank(), ": expected rank 0's trainer state, got message tag ", first->tag);
  decode_checkpoint("rank 0's trainer state", first->bytes, trainer_);
  trainer_.set_gradient_reducer(mean_over_learners(world_));
  out << "rank " << world_.rank() << ": data-parallel learner from step " << trainer_.step()
      << std::endl;
  long steps = 0;
  for (;;) {
    const std::optional<MpiWorld::Message> m = world_.receive(0, MpiWorld::kAnyTag, -1);
    if (m->tag == kLearnerStop) break;
    if (m->tag != kLearnerBatch)
      fail("rank ", world_.rank(), ": unexpected message tag ", m->tag, " from rank 0");
    double progress = 0;
    const TrainBatch batch = decode_batch(m->bytes, &progress);
    trainer_.train_step(batch, progress);
    ++steps;
  }
  out << "rank " << world_.rank() << ": learner done after " << steps << " steps (step "
      << trainer_.step() << ")" << std::endl;
  return steps;
}

}  // namespace hz::dist
