// The MPI layer of distributed training (docs/distributed.md): the one place that calls MPI;
// mpi_world.cpp is the only file that includes <mpi.h>, and nothing here includes LibTorch.
//
// MpiWorld initializes MPI only when the process was started by mpirun (Open MPI sets
// OMPI_COMM_WORLD_SIZE, PMIx launchers PMIX_RANK), and finalizes it on destruction. Otherwise it
// is a world of one process that never calls MPI: `hopzero train` alone runs exactly as it does
// without MPI (an Open MPI singleton init needs a helper daemon, which fails in containers).
//
// What the roles exchange, all as byte strings:
//   - tagged point-to-point messages (send / receive). send() is synchronous-mode and
//     non-blocking (MPI_Issend): it returns at once, and the message counts as in flight until
//     the receiver has taken it, which is how an actor's self-play waits for a busy rank 0;
//   - the publish channel, rank 0 to the actors: one broadcast at a time (MPI_Ibcast of a length,
//     then of the bytes). A publish while one is in flight replaces any publish still waiting;
//   - allreduce (sum of floats) among the learners.
// Roles come from set_learners(K), called once by every rank: ranks 0..K-1 are learners, rank 0
// and ranks K..size-1 share the publish channel.
//
// Threads: MPI runs at MPI_THREAD_SERIALIZED and every method takes one mutex, so any thread may
// call any method. Nothing waits inside MPI while holding it: waits poll (MPI_Test, MPI_Iprobe)
// and sleep between polls, so a waiting rank takes no CPU (Open MPI's blocking calls spin).
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace hz {

class MpiWorld {
 public:
  static constexpr int kAnySource = -1, kAnyTag = -1;

  // Initializes MPI when launched by mpirun; throws hz::Error if MPI cannot give the thread
  // support it needs.
  MpiWorld();
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  static bool launched_by_mpirun();
  int rank() const;
  int size() const;

  // --- point to point
  struct Message {
    int from = -1, tag = -1;
    std::string bytes;
  };
  void send(int to, int tag, std::string bytes);
  // The next message with `tag` (or any: kAnyTag) from `from` (or any rank: kAnySource), waiting
  // up to `timeout_s` seconds (0: look once; negative: forever). Messages from one rank arrive in
  // the order it sent them.
  std::optional<Message> receive(int from, int tag, double timeout_s);
  // Sends not yet taken by their receivers (drives MPI's progress).
  size_t sends_in_flight();
  // Waits until every send was taken or `timeout_s` passed; true if all were.
  bool flush_sends(double timeout_s);

  // --- roles (collective: every rank calls it once, before the calls below)
  void set_learners(int learners);
  int learners() const;

  // --- publish channel, rank 0 to the actors
  void publish(std::string bytes);  // rank 0
  // Rank 0: whether a publish is still in flight or waiting (drives progress).
  bool publishing();
  // An actor: the next published bytes if one arrived, waiting up to `timeout_s` as receive().
  std::optional<std::string> poll_published(double timeout_s);

  // --- learners
  // Sums `n` floats elementwise over ranks 0..learners-1, in place on each of them.
  void allreduce_sum(float* data, size_t n);

  // Ends every process of the job (MPI_Abort) with `code`.
  [[noreturn]] void abort(int code);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hz
