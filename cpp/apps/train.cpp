// hopzero train: self-play and training in one process, in a run directory that it starts or
// resumes (train/training_run.h). SIGINT/SIGTERM stop it cleanly after a checkpoint. Started by
// mpirun with several ranks, the ranks share the work (distributed/launch.h); one process,
// with or without mpirun, runs exactly as without MPI.
#include <csignal>
#include <iostream>

#include "apps/command.h"
#include "core/config.h"
#include "core/dir_listing.h"
#include "distributed/launch.h"
#include "distributed/mpi_world.h"
#include "train/run_config.h"
#include "train/training_run.h"

namespace hz::cli {
namespace {

// Set by the signal handler: the one piece of process-wide mutable state, because a signal
// handler can reach nothing else. Lock-free atomics are async-signal-safe.
std::atomic<bool> g_stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_stop_signal(int) {
  g_stop_requested = true;
}

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int run_train(Args& args) {
  const std::string run_dir = args.require_path("run");
  std::string config_path = args.get_path("config");
  const std::vector<std::string> sets = args.get_all("set");
  args.finish();
  MpiWorld world;  // MPI only under mpirun
  install_stop_handlers();
  if (world.size() > 1)
    return dist::run_distributed_train(world, {run_dir, config_path, sets}, std::cout,
                                       g_stop_requested);
  if (config_path.empty()) {
    // `hopzero train --run DIR` continues a run with the config it keeps.
    config_path = run_dir + "/config.yaml";
    if (!path_exists(config_path))
      fail("no --config given and the run directory has no config.yaml: ", config_path);
  }
  Config config = Config::load_file(config_path);
  for (const auto& s : sets) config.set_override(s);
  const RunConfig run_config = RunConfig::from_config(config);
  if (run_config.distributed.learners > 1)
    fail("distributed.learners is ", run_config.distributed.learners,
         " but this is one process: start the run with mpirun and at least ",
         run_config.distributed.learners + 1,
         " ranks (docs/distributed.md), or set "
         "distributed.learners to 1");

  TrainingRun run(run_config, run_dir, std::cout);
  const RunSummary summary = run.run(g_stop_requested);
  return summary.finished ? 0 : 130;
}

}  // namespace

HZ_COMMAND("train", "self-play and train a network in a run directory (starts or resumes it)",
           "--run DIR [--config FILE] [--set key.path=value ...]\n\n"
           "Without --config, continues DIR with its config.yaml. Ctrl-C stops after a "
           "checkpoint;\nrunning the same command again resumes. Under mpirun -np N, rank 0 trains "
           "and writes DIR\nand the other ranks play (docs/distributed.md).",
           run_train);

}  // namespace hz::cli
