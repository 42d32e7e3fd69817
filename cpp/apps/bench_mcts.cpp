// hopzero bench mcts: self-play search throughput (simulations/s, batch sizes, nodes/s) with the
// real driver (selfplay/game_driver.h) for a fixed time.
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <thread>

#include "apps/bench.h"
#include "core/options.h"
#include "games/registry.h"
#include "search/evaluator_factory.h"
#include "selfplay/run_for.h"
#include "selfplay/selfplay_runner.h"

namespace hz::cli {
namespace {

int run_bench_mcts(Args& args) {
  const std::string game_name = args.require("game");
  const GameOptions game_options = args.game_options();
  SelfPlayOptions options;
  options.threads = static_cast<int>(args.get_int("threads", 1, 1, 1024));
  options.games_per_thread = static_cast<int>(args.get_int("games-per-thread", 16, 1, 65536));
  options.mcts.simulations = args.get_int("sims", 200, 1, 1000000000L);
  options.mcts.leaves_per_round = static_cast<int>(args.get_int("leaves", 8, 1, 1024));
  options.mcts.c_puct = static_cast<float>(args.get_double("cpuct", 1.25, 1e-3, 100.0));
  options.mcts.dirichlet_fraction = static_cast<float>(args.get_double("noise", 0.25, 0.0, 1.0));
  const std::string reuse = args.get("reuse", "true");
  if (!parse_bool_text(reuse, &options.mcts.reuse_tree))
    fail("--reuse must be true or false, not ", quote(reuse));
  options.seed = static_cast<uint64_t>(args.get_int("seed", 0, 0, 1L << 62));
  EvaluatorSpec evaluator;
  evaluator.kind = args.get("evaluator", "uniform");
  evaluator.rollouts = static_cast<int>(args.get_int("rollouts", 1, 1, 100000));
  evaluator.checkpoint = args.get_path("checkpoint");
  const double seconds = args.get_double("seconds", 5.0, 0.01, 86400.0);
  // A fixed amount of work (--games) instead of a fixed time, for comparisons by CPU time.
  options.max_games = args.get_int("games", 0, 0, 1L << 40);
  args.finish();

  auto game = make_game(game_name, game_options);
  auto runner = game->make_selfplay(options, evaluator);
  const SelfPlayStats s = run_selfplay_for(*runner, seconds);
  std::printf("game %s  evaluator %s  threads %d  games/thread %d  sims %lld  leaves/tree %d\n",
              game->full_name().c_str(), evaluator.kind.c_str(), options.threads,
              options.games_per_thread, static_cast<long long>(options.mcts.simulations),
              options.mcts.leaves_per_round);
  std::cout << s.to_string();
  // Per CPU-second figures do not depend on what else the machine runs.
  std::printf(
      "simulations/s %.0f  per thread %.0f  per cpu-second %.0f  average batch %.2f  nodes/s "
      "%.0f\n",
      s.per_second(s.simulations), s.per_second(s.simulations) / options.threads,
      s.per_cpu_second(s.simulations), s.average_batch(), s.per_second(s.nodes));
  return 0;
}

}  // namespace

HZ_BENCHMARK(
    "mcts", "self-play MCTS throughput: simulations/s, batch sizes, nodes/s",
    "--game NAME [--option k=v ...] [--threads T] [--games-per-thread G] "
    "[--evaluator uniform|rollout] [--rollouts R] [--sims S] [--leaves L] [--seconds X] "
    "[--games N (instead of --seconds)] [--cpuct C] [--noise F] [--reuse true|false] [--seed N]",
    run_bench_mcts);

}  // namespace hz::cli
