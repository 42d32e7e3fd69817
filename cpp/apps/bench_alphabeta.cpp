// hopzero bench alphabeta: alpha-beta search speed (nodes/s) per game, from positions reached
// by random play, through the same agents `hopzero match` uses.

#include <cstdio>
#include <memory>

#include "apps/bench.h"
#include "core/cpu_time.h"
#include "core/rng.h"
#include "games/registry.h"
#include "search/heuristic_agents.h"

namespace hz::cli {
namespace {

struct Variant {
  std::string game;
  GameOptions options;
};

int run_bench_alphabeta(Args& args) {
  std::vector<Variant> variants;
  if (args.has("game")) {
    variants.push_back({args.require("game"), args.game_options()});
  } else {
    args.game_options();                          // accepted (and ignored) without --game
    for (const std::string& name : game_names())  // each game's own GameInfo::bench_variants
      for (const GameOptions& options : game_info(name).bench_variants)
        variants.push_back({name, options});
  }
  const long depth = args.get_int("depth", 0, 0, 64);
  const double time_ms = args.get_double("time-ms", depth ? 0.0 : 500.0, 0.0, 1e7);
  const int positions = static_cast<int>(args.get_int("positions", 8, 1, 100000));
  const int random_actions = static_cast<int>(args.get_int("random-actions", 20, 0, 100000));
  const uint64_t seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, 1L << 62));
  const std::string extra = args.get("settings", "");
  args.finish();
  if (depth == 0 && time_ms == 0) fail("give --depth D or --time-ms T (> 0)");

  std::string spec =
      depth ? str_cat("alphabeta:depth=", depth) : str_cat("alphabeta:time_ms=", time_ms);
  if (!extra.empty()) spec += "," + extra;
  std::printf("%-28s %9s %7s %12s %9s %12s %12s\n", "game", "positions", "depth", "nodes",
              "seconds", "nodes/s", "nodes/cpu-s");
  for (const Variant& v : variants) {
    auto game = make_game(v.game, v.options);
    auto agent = game->make_agent(AgentSpec::parse(spec), seed);
    auto* stats = dynamic_cast<SearchStatsSource*>(agent.get());
    if (!stats) fail("bench alphabeta: agent '", spec, "' reports no search statistics");
    Rng rng(seed);
    uint64_t nodes = 0;
    double seconds = 0, cpu_seconds = 0;
    long depth_sum = 0;
    for (int p = 0; p < positions; ++p) {
      auto state = game->new_initial_state();
      const int n = random_actions / 2 + static_cast<int>(rng.uniform_int(random_actions / 2 + 1));
      for (int i = 0; i < n && !state->is_terminal(); ++i) {
        const auto legal = state->legal_actions();
        state->apply(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
      }
      if (state->is_terminal()) state = game->new_initial_state();
      agent->reset();
      const double cpu0 = thread_cpu_seconds();
      agent->select_action(*state);
      cpu_seconds += thread_cpu_seconds() - cpu0;
      const ab::SearchStats s = stats->last_stats();
      nodes += s.nodes;
      seconds += s.seconds;
      depth_sum += s.depth;
    }
    const std::string label =
        v.options.values().empty() ? v.game : v.game + "(" + v.options.to_string() + ")";
    std::printf("%-28s %9d %7.1f %12llu %9.2f %12.0f %12.0f\n", label.c_str(), positions,
                static_cast<double>(depth_sum) / positions, static_cast<unsigned long long>(nodes),
                seconds, seconds > 0 ? nodes / seconds : 0.0,
                cpu_seconds > 0 ? nodes / cpu_seconds : 0.0);
  }
  std::printf(
      "agent %s (depth: mean deepest completed iteration, in turns; nodes: states reached by "
      "apply, quiescence included)\n",
      spec.c_str());
  return 0;
}

}  // namespace

HZ_BENCHMARK("alphabeta", "alpha-beta search speed: nodes/s per game from random positions",
             "[--game NAME [--option k=v ...]] [--depth D | --time-ms T] [--positions P]\n"
             "       [--random-actions R] [--settings k=v,...] [--seed S]\n\n"
             "Without --game: the bench variants each game registers (GameInfo::bench_variants).\n"
             "Default: 500 ms per position (iterative deepening); --depth D searches to D turns.",
             run_bench_alphabeta);

}  // namespace hz::cli
