// hopzero bench selfplay: network evaluations per second inside self-play (MCTS with the torch
// evaluator, batching leaves across games) next to the raw forward throughput of the same
// network at the same batch size and thread count, and their ratio: how much of the network's
// speed self-play keeps. With --distributed, under mpirun: the self-play speed of actor ranks
// next to one process (distributed/bench.h).

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <thread>

#include "apps/bench.h"
#include "apps/bench_network.h"
#include "core/cpu_time.h"
#include "distributed/bench.h"
#include "distributed/mpi_world.h"
#include "nn/network.h"
#include "nn/torch_evaluator.h"
#include "search/evaluator_factory.h"
#include "selfplay/run_for.h"
#include "selfplay/selfplay_runner.h"
#include "train/checkpoint.h"

namespace hz::cli {
namespace {

struct Rate {
  double per_second = 0, per_cpu_second = 0;
};

// Forward passes at batch `batch` on `threads` threads for `seconds`.
Rate raw_forward_rate(const Network& net, const std::vector<Sample>& inputs, int batch, int threads,
                      int torch_threads, double seconds) {
  const int obs = net.config().observation.size();
  std::vector<float> buffer(static_cast<size_t>(batch) * obs);
  for (int i = 0; i < batch; ++i)
    std::copy(inputs[i % inputs.size()].observation.begin(),
              inputs[i % inputs.size()].observation.end(), buffer.begin() + size_t(i) * obs);
  std::atomic<int64_t> evaluations{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> workers;
  const double cpu0 = process_cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      set_torch_threads_for_this_thread(torch_threads);
      std::vector<float> logits(size_t(batch) * net.config().num_actions),
          values(size_t(batch) * net.config().num_players);
      while (!stop) {
        net.forward(buffer.data(), batch, logits.data(), values.data());
        evaluations += batch;
      }
    });
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& w : workers) w.join();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = process_cpu_seconds() - cpu0;
  return {evaluations / wall, cpu > 0 ? evaluations / cpu : 0.0};
}

int run_bench_selfplay(Args& args) {
  NetworkBench b = read_network_bench(args);
  const std::string checkpoint = args.get_path("checkpoint");
  const double seconds = args.get_double("seconds", 10.0, 0.1, 86400.0);
  const bool sweep = args.flag("sweep");
  const bool distributed = args.flag("distributed");
  args.finish();
  const RunConfig& c = b.config;
  set_torch_threads(c.selfplay_torch_threads);
  std::shared_ptr<const Network> net =
      checkpoint.empty() ? std::make_shared<Network>(c.network, c.seed)
                         : std::shared_ptr<const Network>(load_checkpoint_network(checkpoint));
  if (distributed) {
    MpiWorld world;
    if (world.size() < 2)
      fail(
          "--distributed measures actor ranks: start it with mpirun and 2 or more ranks, e.g. "
          "mpirun -np 3 hopzero bench selfplay --distributed --config FILE");
    dist::run_selfplay_bench(world, c, net, seconds, std::cout);
    return 0;
  }
  auto slot = std::make_shared<NetworkSlot>(net);
  EvaluatorSpec evaluator;
  evaluator.kind = "network";
  evaluator.network = slot;
  evaluator.threads = c.selfplay_torch_threads;
  auto runner = b.game->make_selfplay(c.selfplay, evaluator);
  const double cpu0 = process_cpu_seconds();
  const SelfPlayStats s = run_selfplay_for(*runner, seconds);
  const double selfplay_cpu = process_cpu_seconds() - cpu0;
  const int batch = std::max(1, static_cast<int>(std::lround(s.average_batch())));
  const Rate selfplay{s.per_second(s.evaluations),
                      selfplay_cpu > 0 ? s.evaluations / selfplay_cpu : 0.0};
  const std::vector<Sample> inputs = random_play_samples(*b.game, 256, c.seed);
  const Rate raw = raw_forward_rate(*net, inputs, batch, c.selfplay.threads,
                                    c.selfplay_torch_threads, std::min(seconds, 5.0));
  std::printf("game %s  network %s (%lld parameters)\n", b.game->full_name().c_str(),
              c.network.to_string().c_str(), static_cast<long long>(net->num_parameters()));
  std::printf(
      "self-play: threads %d  games/thread %d  sims %lld  leaves/tree %d  torch threads %d\n",
      c.selfplay.threads, c.selfplay.games_per_thread,
      static_cast<long long>(c.selfplay.mcts.simulations), c.selfplay.mcts.leaves_per_round,
      c.selfplay_torch_threads);
  std::printf(
      "self-play: %.0f evals/s (%.0f per cpu-second)  average batch %.1f  %.2f games/s  %.0f "
      "searches/s\n",
      selfplay.per_second, selfplay.per_cpu_second, s.average_batch(), s.per_second(s.games),
      s.per_second(s.searches));
  std::printf("raw forward at batch %d on %d thread(s): %.0f evals/s (%.0f per cpu-second)\n",
              batch, c.selfplay.threads, raw.per_second, raw.per_cpu_second);
  std::printf("ratio self-play / raw forward: %.2f (per cpu-second %.2f)\n",
              raw.per_second > 0 ? selfplay.per_second / raw.per_second : 0.0,
              raw.per_cpu_second > 0 ? selfplay.per_cpu_second / raw.per_cpu_second : 0.0);
  if (sweep) {
    std::printf("raw forward by batch size (1 thread):\n");
    for (int n : {1, 4, 8, 16, 24, 32, 40, 48, 56, 64, 96, 128, 256}) {
      const Rate r = raw_forward_rate(*net, inputs, n, 1, c.selfplay_torch_threads, 1.0);
      std::printf("  batch %4d: %8.0f evals/s  %8.0f per cpu-second\n", n, r.per_second,
                  r.per_cpu_second);
    }
  }
  return 0;
}

}  // namespace

HZ_BENCHMARK("selfplay",
             "self-play evals/s with the torch network next to its raw forward throughput",
             std::string(kNetworkBenchUsage) +
                 " [--checkpoint PATH] [--seconds X] [--sweep] [--distributed]\n\n"
                 "--distributed (under mpirun -np N): rank 0 alone, then 1..N-1 actor ranks\n"
                 "sending their games to rank 0, --seconds each (docs/distributed.md).",
             run_bench_selfplay);

}  // namespace hz::cli
