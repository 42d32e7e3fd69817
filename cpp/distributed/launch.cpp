#include "distributed/launch.h"

#include <iostream>
#include <optional>

#include "core/config.h"
#include "core/dir_listing.h"
#include "core/error.h"
#include "distributed/actor.h"
#include "distributed/learner.h"
#include "distributed/protocol.h"
#include "distributed/rank0.h"
#include "games/registry.h"
#include "train/training_run.h"

namespace hz::dist {

namespace {

// A refusal every rank agreed on: each rank stops with it, none ends the job for the others.
struct Refusal : Error {
  using Error::Error;
};

// How long a rank without a config of its own waits for rank 0's.
constexpr double kDefaultConnectTimeout = 120;

RunConfig read_config(Config config, const std::vector<std::string>& sets) {
  for (const std::string& s : sets) config.set_override(s);
  return RunConfig::from_config(config);
}

Identity identity_of(const RunConfig& c) {
  Identity id;
  id.game = make_game(c.game, c.game_options)->full_name();
  id.network = c.network.to_string();
  return id;
}

std::string mismatch(int rank, const Identity& theirs, const Identity& ours) {
  if (!theirs.problem.empty()) return str_cat("rank ", rank, " cannot take part: ", theirs.problem);
  return str_cat("rank ", rank,
                 " runs another game variant or network than rank 0, so their games and "
                 "networks do not fit each other: rank ",
                 rank, " has ", theirs.describe(), "; rank 0 has ", ours.describe(),
                 ". Every rank must run the same hopzero build with the same config");
}

RunConfig rank0_handshake(MpiWorld& world, const TrainLaunch& launch) {
  std::string path = launch.config_path;
  if (path.empty()) {
    path = launch.run_dir + "/config.yaml";
    if (!path_exists(path))
      fail("no --config given and the run directory has no config.yaml: ", path);
  }
  const RunConfig cfg = read_config(Config::load_file(path), launch.sets);
  Hello hello;
  hello.identity = identity_of(cfg);
  hello.config_yaml = cfg.resolved_yaml;
  hello.connect_timeout_s = cfg.distributed.connect_timeout_s;
  const std::string bytes = encode_hello(hello);
  for (int r = 1; r < world.size(); ++r) world.send(r, kHello, bytes);
  std::string problem;
  for (int r = 1; r < world.size(); ++r) {
    const auto answer = world.receive(r, kVerdict, hello.connect_timeout_s);
    if (!answer)
      fail("rank ", r, " did not answer rank 0 within ", hello.connect_timeout_s,
           " s (distributed.connect_timeout_s): it cannot reach rank 0, or is stuck; check the "
           "hostfile, firewalls and the interfaces Open MPI uses (--mca btl_tcp_if_include)");
    const Identity theirs = decode_identity(str_cat("rank ", r, "'s answer"), answer->bytes);
    if (problem.empty() && !(theirs == hello.identity))
      problem = mismatch(r, theirs, hello.identity);
  }
  const int learners = cfg.distributed.learners;
  if (problem.empty() && learners >= world.size())
    problem = str_cat("distributed.learners is ", learners, " but the job has ", world.size(),
                      " ranks: ranks 0..", learners - 1,
                      " would train and no rank would play; start at least ", learners + 1,
                      " ranks (mpirun -np ", learners + 1, ") or lower distributed.learners");
  Go go;
  go.problem = problem;
  go.learners = learners;
  for (int r = 1; r < world.size(); ++r) world.send(r, kGo, encode_go(go));
  world.flush_sends(hello.connect_timeout_s);
  if (!problem.empty()) throw Refusal(str_cat("rank 0 refuses to start: ", problem));
  world.set_learners(learners);
  return cfg;
}

RunConfig other_handshake(MpiWorld& world, const TrainLaunch& launch) {
  const int rank = world.rank();
  std::optional<RunConfig> own;
  std::string own_problem;
  double timeout = kDefaultConnectTimeout;
  if (!launch.config_path.empty()) {
    try {
      own = read_config(Config::load_file(launch.config_path), launch.sets);
      timeout = own->distributed.connect_timeout_s;
    } catch (const Error& e) {
      own_problem = str_cat("rank ", rank, " cannot read its config: ", e.what());
    }
  }
  const auto hello_bytes = world.receive(0, kHello, timeout);
  if (!hello_bytes)
    fail("rank ", rank, " heard nothing from rank 0 within ", timeout,
         " s (distributed.connect_timeout_s): it cannot reach rank 0, or rank 0 is stuck; check "
         "the hostfile, firewalls and the interfaces Open MPI uses (--mca btl_tcp_if_include)");
  const Hello hello = decode_hello(hello_bytes->bytes);
  Identity mine;
  RunConfig cfg;
  if (hello.identity.protocol != kProtocolVersion) {
    mine.problem = str_cat("rank ", rank, " speaks protocol ", kProtocolVersion, ", rank 0 ",
                           hello.identity.protocol, " (different hopzero builds)");
  } else if (!own_problem.empty()) {
    mine.problem = own_problem;
  } else {
    try {
      cfg =
          own ? *own
              : read_config(Config::from_string(hello.config_yaml, "rank 0's config"), launch.sets);
      mine = identity_of(cfg);
    } catch (const Error& e) {
      mine.problem = str_cat("rank ", rank, " cannot read rank 0's config: ", e.what());
    }
  }
  world.send(0, kVerdict, encode_identity(mine));
  const Go go = decode_go(world.receive(0, kGo, -1)->bytes);
  // The full message from rank 0 and from the rank it is about; a short one from the others.
  if (!go.problem.empty() && !(mine == hello.identity))
    throw Refusal(str_cat("rank ", rank, " stops: ", go.problem));
  if (!go.problem.empty())
    throw Refusal(str_cat("rank ", rank, " stops: rank 0 refused to start (its message says why)"));
  world.set_learners(go.learners);
  return cfg;
}

// "rank 3" or "ranks 3..5".
std::string ranks_text(int first, int last) {
  return first == last ? str_cat("rank ", first) : str_cat("ranks ", first, "..", last);
}

int run_rank(MpiWorld& world, const TrainLaunch& launch, std::ostream& out,
             const std::atomic<bool>& stop) {
  const RunConfig cfg =
      world.rank() == 0 ? rank0_handshake(world, launch) : other_handshake(world, launch);
  if (world.rank() == 0) {
    out << "distributed run of " << world.size() << " ranks: rank 0: learner, writes "
        << launch.run_dir;
    if (world.learners() > 1) out << "; " << ranks_text(1, world.learners() - 1) << ": learner";
    out << "; " << ranks_text(world.learners(), world.size() - 1) << ": self-play" << std::endl;
    Rank0Cluster cluster(world, cfg, out);
    TrainingRun run(cfg, launch.run_dir, out, &cluster);
    return run.run(stop).finished ? 0 : 130;
  }
  if (world.rank() < world.learners())
    LearnerRank(world, cfg).run(out);
  else
    run_actor(world, cfg, out);
  return 0;
}

// The ranks end together: rank 0 once it has finished (its final evaluation included), the others
// when it says so. They wait here, polling with sleeps, rather than in MPI_Finalize, whose wait
// for rank 0 takes CPU from its evaluation.
int end_together(MpiWorld& world, int status) {
  if (world.rank() == 0) {
    for (int r = 1; r < world.size(); ++r) world.send(r, kDone, std::string());
    world.flush_sends(60);
  } else {
    world.receive(0, kDone, -1);
  }
  return status;
}

}  // namespace

int run_distributed_train(MpiWorld& world, const TrainLaunch& launch, std::ostream& out,
                          const std::atomic<bool>& stop) {
  try {
    return end_together(world, run_rank(world, launch, out, stop));
  } catch (const Refusal& e) {
    throw Error(e.what());
  } catch (const std::exception& e) {
    out.flush();
    std::cerr << "hopzero train: error on rank " << world.rank() << " of " << world.size() << ": "
              << e.what() << std::endl;
    world.abort(2);
  }
}

}  // namespace hz::dist
