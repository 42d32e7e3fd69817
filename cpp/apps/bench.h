// `hopzero bench NAME [flags]`: benchmarks, one file each, registered by name with HZ_BENCHMARK
// (like HZ_COMMAND for commands), so a new benchmark (train, inference, ...) is a new file in
// apps/ with no list to edit. Timings are printed, never asserted.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "apps/command.h"

namespace hz::cli {

struct Benchmark {
  std::string name, summary, usage;
  std::function<int(Args&)> run;  // Args holds the flags after NAME
};

bool register_benchmark(Benchmark b);
const std::map<std::string, Benchmark>& benchmarks();

}  // namespace hz::cli

#define HZ_BENCHMARK(...)                                                      \
  static const bool HZ_COMMAND_CAT(hz_benchmark_, __LINE__) [[maybe_unused]] = \
      ::hz::cli::register_benchmark(::hz::cli::Benchmark{__VA_ARGS__})
