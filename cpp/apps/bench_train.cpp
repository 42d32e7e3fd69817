// hopzero bench train: training throughput (minibatch samples per second) of the trainer with a
// run config's network, optimizer and batch size, on samples from random play.
#include <chrono>
#include <cstdio>
#include <ctime>

#include "apps/bench.h"
#include "apps/bench_network.h"
#include "nn/network.h"
#include "train/replay.h"
#include "train/trainer.h"

namespace hz::cli {
namespace {

int run_bench_train(Args& args) {
  NetworkBench b = read_network_bench(args);
  const double seconds = args.get_double("seconds", 10.0, 0.1, 86400.0);
  args.finish();
  const RunConfig& c = b.config;
  set_torch_threads(c.loop.torch_threads);
  ReplayWindow window(*b.game, 4096);
  window.add_samples(random_play_samples(*b.game, 4096, c.seed));
  Trainer trainer(c.network, c.trainer, c.seed);
  trainer.train_step(window.sample_batch(c.trainer.batch_size, trainer.rng(), true));  // warm-up
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  double elapsed = 0, sampling = 0;
  long steps = 0;
  while (elapsed < seconds) {
    const auto s0 = std::chrono::steady_clock::now();
    const TrainBatch batch =
        window.sample_batch(c.trainer.batch_size, trainer.rng(), c.trainer.augment);
    sampling += std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
    trainer.train_step(batch);
    ++steps;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  std::printf("game %s  network %s (%lld parameters)\n", b.game->full_name().c_str(),
              c.network.to_string().c_str(),
              static_cast<long long>(trainer.network().num_parameters()));
  std::printf("optimizer %s  batch %d  torch threads %d  augment %s\n", c.trainer.optimizer.c_str(),
              c.trainer.batch_size, c.loop.torch_threads, c.trainer.augment ? "yes" : "no");
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  std::printf(
      "%ld steps in %.2f s: %.1f steps/s, %.0f samples/s, %.0f samples per cpu-second "
      "(minibatch sampling %.0f%% of the time)\n",
      steps, elapsed, steps / elapsed, steps * c.trainer.batch_size / elapsed,
      cpu > 0 ? steps * c.trainer.batch_size / cpu : 0.0, 100.0 * sampling / elapsed);
  return 0;
}

}  // namespace

HZ_BENCHMARK("train", "training throughput: minibatch samples per second",
             std::string(kNetworkBenchUsage) + " [--seconds X]", run_bench_train);

}  // namespace hz::cli
