#include "distributed/mpi_world.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <list>
#include <mutex>
#include <thread>

#include "core/error.h"

namespace hz {

namespace {

// Between two polls of a wait: from 20 us (a training step's allreduce answers quickly), doubling
// up to 1 ms (a rank that waits long takes no measurable CPU).
constexpr auto kFirstPollSleep = std::chrono::microseconds(20);
constexpr auto kLongestPollSleep = std::chrono::microseconds(1000);

void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, text, &length);
  fail("MPI: ", what, " failed: ", std::string(text, static_cast<size_t>(length)));
}

int checked_count(size_t n, const char* what) {
  if (n > static_cast<size_t>(INT_MAX))
    fail("MPI: ", what, " of ", n, " elements is more than one message holds (", INT_MAX, ")");
  return static_cast<int>(n);
}

bool request_done(MPI_Request& request) {
  int done = 0;
  check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
  return done != 0;
}

}  // namespace

struct MpiWorld::Impl {
  bool active = false;
  int rank = 0, size = 1, learners = 1;
  std::mutex mu;
  MPI_Comm p2p = MPI_COMM_NULL, learner_comm = MPI_COMM_NULL, publish_comm = MPI_COMM_NULL;

  struct PendingSend {
    std::string bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  std::list<PendingSend> sends;  // a list: each buffer stays put until its send completes

  // The publish channel: stage 0 idle, 1 the length in flight, 2 the bytes in flight.
  int stage = 0;
  uint64_t length = 0;
  std::string cast;
  MPI_Request cast_request = MPI_REQUEST_NULL;
  std::optional<std::string> waiting;  // rank 0: the next publish

  void progress_sends() {
    for (auto it = sends.begin(); it != sends.end();)
      it = request_done(it->request) ? sends.erase(it) : std::next(it);
  }

  void start_cast(std::string bytes) {
    cast = std::move(bytes);
    length = cast.size();
    check(MPI_Ibcast(&length, 1, MPI_UINT64_T, 0, publish_comm, &cast_request), "MPI_Ibcast");
    stage = 1;
  }

  // One step of the publish channel; returns true when a broadcast completed here.
  bool progress_cast() {
    if (publish_comm == MPI_COMM_NULL) fail("MPI: this rank has no publish channel");
    if (stage == 0 && rank != 0) {
      check(MPI_Ibcast(&length, 1, MPI_UINT64_T, 0, publish_comm, &cast_request), "MPI_Ibcast");
      stage = 1;
    }
    if (stage == 1 && request_done(cast_request)) {
      if (length == 0) {
        stage = 0;
        if (rank != 0) cast.clear();
        return true;
      }
      if (rank != 0) cast.resize(length);
      check(MPI_Ibcast(cast.data(), checked_count(length, "a broadcast"), MPI_BYTE, 0, publish_comm,
                       &cast_request),
            "MPI_Ibcast");
      stage = 2;
    }
    if (stage == 2 && request_done(cast_request)) {
      stage = 0;
      return true;
    }
    if (stage == 0 && rank == 0 && waiting) {
      start_cast(std::move(*waiting));
      waiting.reset();
    }
    return false;
  }

  // Calls `attempt` under the lock until it returns true or `timeout_s` passes (0: once;
  // negative: no limit), sleeping between attempts.
  template <class Attempt>
  bool poll(double timeout_s, Attempt attempt) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    auto sleep = kFirstPollSleep;
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(mu);
        if (attempt()) return true;
      }
      if (timeout_s >= 0 && std::chrono::steady_clock::now() >= end) return false;
      std::this_thread::sleep_for(sleep);
      sleep = std::min(2 * sleep, std::chrono::duration_cast<decltype(sleep)>(kLongestPollSleep));
    }
  }
};

bool MpiWorld::launched_by_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr;
}

MpiWorld::MpiWorld() : impl_(std::make_unique<Impl>()) {
  if (!launched_by_mpirun()) return;
  int provided = 0;
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
  impl_->active = true;
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    impl_->active = false;
    fail("MPI: this MPI library gives thread support level ", provided,
         "; hopzero needs MPI_THREAD_SERIALIZED (", MPI_THREAD_SERIALIZED, ")");
  }
  check(MPI_Comm_rank(MPI_COMM_WORLD, &impl_->rank), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &impl_->size), "MPI_Comm_size");
  // Point-to-point traffic on its own communicator, apart from the collectives.
  check(MPI_Comm_dup(MPI_COMM_WORLD, &impl_->p2p), "MPI_Comm_dup");
}

MpiWorld::~MpiWorld() {
  Impl& m = *impl_;
  if (!m.active) return;
  // Sends nobody took (an error path): cancelled, so that MPI_Finalize does not wait for them.
  for (auto& s : m.sends) {
    MPI_Cancel(&s.request);
    MPI_Request_free(&s.request);
  }
  for (MPI_Comm* c : {&m.learner_comm, &m.publish_comm, &m.p2p})
    if (*c != MPI_COMM_NULL) MPI_Comm_free(c);
  MPI_Finalize();
}

int MpiWorld::rank() const {
  return impl_->rank;
}
int MpiWorld::size() const {
  return impl_->size;
}
int MpiWorld::learners() const {
  return impl_->learners;
}

void MpiWorld::send(int to, int tag, std::string bytes) {
  Impl& m = *impl_;
  HZ_CHECK(m.active && to >= 0 && to < m.size && tag >= 0, "send to rank ", to, " tag ", tag);
  std::lock_guard<std::mutex> lock(m.mu);
  Impl::PendingSend& s = m.sends.emplace_back();
  s.bytes = std::move(bytes);
  check(MPI_Issend(s.bytes.data(), checked_count(s.bytes.size(), "a message"), MPI_BYTE, to, tag,
                   m.p2p, &s.request),
        "MPI_Issend");
  m.progress_sends();
}

std::optional<MpiWorld::Message> MpiWorld::receive(int from, int tag, double timeout_s) {
  Impl& m = *impl_;
  HZ_CHECK(m.active, "receive outside an MPI job");
  std::optional<Message> out;
  m.poll(timeout_s, [&] {
    m.progress_sends();
    if (m.rank == 0 && m.publish_comm != MPI_COMM_NULL) m.progress_cast();
    int found = 0;
    MPI_Status status;
    check(MPI_Iprobe(from == kAnySource ? MPI_ANY_SOURCE : from, tag == kAnyTag ? MPI_ANY_TAG : tag,
                     m.p2p, &found, &status),
          "MPI_Iprobe");
    if (!found) return false;
    int count = 0;
    check(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
    out.emplace();
    out->from = status.MPI_SOURCE;
    out->tag = status.MPI_TAG;
    out->bytes.resize(static_cast<size_t>(count));
    check(MPI_Recv(out->bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, m.p2p,
                   MPI_STATUS_IGNORE),
          "MPI_Recv");
    return true;
  });
  return out;
}

size_t MpiWorld::sends_in_flight() {
  Impl& m = *impl_;
  std::lock_guard<std::mutex> lock(m.mu);
  m.progress_sends();
  return m.sends.size();
}

bool MpiWorld::flush_sends(double timeout_s) {
  Impl& m = *impl_;
  return m.poll(timeout_s, [&] {
    m.progress_sends();
    return m.sends.empty();
  });
}

void MpiWorld::set_learners(int learners) {
  Impl& m = *impl_;
  HZ_CHECK(m.active && learners >= 1 && learners <= m.size, "learners ", learners);
  std::lock_guard<std::mutex> lock(m.mu);
  m.learners = learners;
  const bool learner = m.rank < learners, publish = m.rank == 0 || m.rank >= learners;
  check(MPI_Comm_split(MPI_COMM_WORLD, learner ? 0 : MPI_UNDEFINED, m.rank, &m.learner_comm),
        "MPI_Comm_split");
  check(MPI_Comm_split(MPI_COMM_WORLD, publish ? 0 : MPI_UNDEFINED, m.rank, &m.publish_comm),
        "MPI_Comm_split");
}

void MpiWorld::publish(std::string bytes) {
  Impl& m = *impl_;
  HZ_CHECK(m.active && m.rank == 0, "publish from rank ", m.rank);
  std::lock_guard<std::mutex> lock(m.mu);
  if (m.stage == 0)
    m.start_cast(std::move(bytes));
  else
    m.waiting = std::move(bytes);
  m.progress_cast();
}

bool MpiWorld::publishing() {
  Impl& m = *impl_;
  std::lock_guard<std::mutex> lock(m.mu);
  m.progress_cast();
  return m.stage != 0 || m.waiting.has_value();
}

std::optional<std::string> MpiWorld::poll_published(double timeout_s) {
  Impl& m = *impl_;
  HZ_CHECK(m.active && m.rank != 0, "poll_published on rank ", m.rank);
  std::optional<std::string> out;
  m.poll(timeout_s, [&] {
    m.progress_sends();
    if (!m.progress_cast()) return false;
    out = std::move(m.cast);
    m.cast.clear();
    return true;
  });
  return out;
}

void MpiWorld::allreduce_sum(float* data, size_t n) {
  Impl& m = *impl_;
  HZ_CHECK(m.active && m.learner_comm != MPI_COMM_NULL, "allreduce on rank ", m.rank,
           ", which is no learner");
  MPI_Request request = MPI_REQUEST_NULL;
  {
    std::lock_guard<std::mutex> lock(m.mu);
    check(MPI_Iallreduce(MPI_IN_PLACE, data, checked_count(n, "an allreduce"), MPI_FLOAT, MPI_SUM,
                         m.learner_comm, &request),
          "MPI_Iallreduce");
  }
  m.poll(-1, [&] { return request_done(request); });
}

void MpiWorld::abort(int code) {
  if (impl_->active) MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

}  // namespace hz
