// hopzero bench: dispatches to the benchmark named by the first word (apps/bench.h).
#include "apps/bench.h"

#include <iostream>

#include "core/error.h"
#include "core/registry.h"

namespace hz::cli {

namespace {
struct BenchmarkTag {};
using BenchmarkRegistry = Registry<std::string, Benchmark, BenchmarkTag>;
}  // namespace

bool register_benchmark(Benchmark b) {
  std::string name = b.name;
  HZ_CHECK(BenchmarkRegistry::instance().add(name, std::move(b)),
           "benchmark registered twice: ", name);
  return true;
}
const std::map<std::string, Benchmark>& benchmarks() {
  return BenchmarkRegistry::instance().entries();
}

namespace {

std::string benchmark_list() {
  return help_table(benchmarks());
}

int run_bench(Args& args) {
  if (args.word().empty()) {
    if (args.flag("help")) {
      std::cout << "usage: hopzero bench NAME [flags]\n\nbenchmarks:\n" << benchmark_list();
      return 0;
    }
    fail("which benchmark? 'hopzero bench NAME [flags]' with NAME one of:\n", benchmark_list());
  }
  auto it = benchmarks().find(args.word());
  if (it == benchmarks().end())
    fail("unknown benchmark '", args.word(), "'; one of:\n", benchmark_list());
  if (args.flag("help")) {
    std::cout << "usage: hopzero bench " << it->first << " " << it->second.usage << "\n\n"
              << it->second.summary << "\n";
    return 0;
  }
  return it->second.run(args);
}

}  // namespace

HZ_COMMAND("bench", "run a benchmark: hopzero bench NAME [flags] (bench --help lists them)",
           "NAME [flags]  (hopzero bench --help lists the benchmarks)", run_bench, true);

}  // namespace hz::cli
