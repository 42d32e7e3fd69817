// CPU time of the calling thread or of the whole process (POSIX clocks), for rates that stay
// meaningful on a loaded machine, where wall time undercounts the speed. Stateless; thread-safe.
#pragma once

#include <time.h>

#include <cstdint>

namespace hz {

inline int64_t cpu_time_ns(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}
inline double thread_cpu_seconds() {
  return 1e-9 * cpu_time_ns(CLOCK_THREAD_CPUTIME_ID);
}
inline double process_cpu_seconds() {
  return 1e-9 * cpu_time_ns(CLOCK_PROCESS_CPUTIME_ID);
}

}  // namespace hz
