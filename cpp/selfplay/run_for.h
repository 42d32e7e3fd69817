// Runs a self-play runner (selfplay/selfplay_runner.h) on a background thread for a fixed wall
// time, then stops it and returns its statistics; rethrows a worker's error. For benchmarks.
#pragma once

#include <chrono>
#include <exception>
#include <thread>

#include "selfplay/selfplay_runner.h"

namespace hz {

inline SelfPlayStats run_selfplay_for(SelfPlayRunner& runner, double seconds) {
  std::exception_ptr error;
  std::thread worker([&] {
    try {
      runner.run([](FinishedGame&&) {});
    } catch (...) {
      error = std::current_exception();
    }
  });
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  runner.stop();
  worker.join();
  if (error) std::rethrow_exception(error);
  return runner.stats();
}

}  // namespace hz
