// Shared set-up of the network benchmarks (bench selfplay, bench train): a run config from
// --config FILE (or --game NAME [--option k=v] with default sizes) plus --set overrides, and
// realistic inputs (positions reached by random play).
#pragma once

#include <memory>
#include <vector>

#include "apps/command.h"
#include "games/any_game.h"
#include "selfplay/sample.h"
#include "train/run_config.h"

namespace hz::cli {

struct NetworkBench {
  RunConfig config;
  std::shared_ptr<AnyGame> game;
};

// Reads --config/--game/--option/--set (Args::finish() is left to the caller).
NetworkBench read_network_bench(Args& args);
inline constexpr const char* kNetworkBenchUsage =
    "(--config FILE | --game NAME [--option k=v ...]) [--set key.path=value ...]";

// `n` samples at positions reached by uniformly random play, each with a uniform policy over the
// legal actions and zero values.
std::vector<Sample> random_play_samples(const AnyGame& game, int n, uint64_t seed);

}  // namespace hz::cli
