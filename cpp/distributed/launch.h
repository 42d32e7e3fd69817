// `hopzero train` in an MPI job of several ranks (docs/distributed.md): the start-up handshake,
// then each rank's role: rank 0 trains and writes the run directory (train/training_run.h with
// a Rank0Cluster), ranks 1..K-1 are data-parallel learners (distributed.learners: K), the others
// self-play actors.
//
// Handshake: rank 0 reads its config (--config, else RUN/config.yaml) and sends it with its
// identity (game variant, network config, protocol version) to every rank. Each rank reads its
// own config (its --config, or else rank 0's) and answers with its identity. If any differs, or
// the config asks for as many learners as ranks or more, every rank stops with the same message,
// naming the ranks and both identities. A rank that does not answer within
// distributed.connect_timeout_s ends the job with a message naming it. Other errors on a rank are
// printed with its rank and end the job (MPI_Abort).
//
// Stop signals: rank 0 stops the run as a process of its own does (checkpoint, exit 130), and
// with it every rank; the other ranks ignore them.
#pragma once

#include <atomic>
#include <iosfwd>
#include <string>
#include <vector>

#include "distributed/mpi_world.h"

namespace hz::dist {

struct TrainLaunch {
  std::string run_dir;
  std::string config_path;        // may be empty: RUN/config.yaml on rank 0, rank 0's elsewhere
  std::vector<std::string> sets;  // --set overrides
};

// This rank's part; returns the exit status (0 finished, 130 stopped). Throws hz::Error for a
// refusal that every rank agreed on (the caller prints it and exits).
int run_distributed_train(MpiWorld& world, const TrainLaunch& launch, std::ostream& out,
                          const std::atomic<bool>& stop);

}  // namespace hz::dist
