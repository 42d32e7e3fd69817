// `mpirun -np N hopzero bench selfplay --distributed`: self-play speed of actor ranks next to
// one process, in one job (docs/distributed.md). Rank 0 first plays alone for `seconds` (the
// single-process figure: the same self-play as `hopzero train`, in-process); then for k = 1 ..
// N-1, ranks 1..k play as actors of a training run would, sending every finished game to rank 0,
// which takes and decodes them. Rank 0 prints games/s and network evaluations/s per rank and in
// total for each row, the bytes per game message and per network broadcast.
#pragma once

#include <iosfwd>
#include <memory>

#include "distributed/mpi_world.h"
#include "nn/network.h"
#include "train/run_config.h"

namespace hz::dist {

// Every rank calls it (collective); `network` is rank 0's (the others' may be null).
void run_selfplay_bench(MpiWorld& world, const RunConfig& config,
                        std::shared_ptr<const Network> network, double seconds, std::ostream& out);

}  // namespace hz::dist
