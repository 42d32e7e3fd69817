// What a training run reports: metrics lines in RUN/metrics.jsonl (docs/formats.md) and progress
// lines on the terminal (step, games, losses, rates, ETA).
//
// RunClock measures the run's wall time across resumes.
// ProgressLog averages training statistics over `training.log_every` steps and computes rates
// over the same interval. None of these are thread-safe: the training thread owns them.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "core/json.h"
#include "selfplay/selfplay_runner.h"
#include "train/run_config.h"
#include "train/trainer.h"

namespace hz {

class RunCluster;

class RunClock {
 public:
  void resume(double seconds_before) { before_ = seconds_before; }
  double elapsed() const {  // seconds, including earlier sessions
    return before_ +
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  double session() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double before_ = 0;
};

// Version 2: written through nlohmann-json (numbers in full precision, counts as integers);
// version 1 (numbers with 6 significant digits, counts as such numbers) is still read.
inline constexpr int kMetricsVersion = 2;

// Appends one line to RUN/metrics.jsonl, flushed to disk: the line's fields between a leading
// "metrics_version" and a trailing "crc32" (core/files.h, seal_json_checksum).
void append_metrics_line(const std::string& run_dir, const Json& fields);

// Checks every line of a metrics file (after a torn last line was cut off): a line whose checksum
// does not match, a line that is not a JSON object, and a line without a checksum after one with
// it (only a run written before checksums were added has such lines, all before the first
// checksummed one) are errors naming the file and the line. An absent file is fine.
void check_metrics_file(const std::string& path);

class ProgressLog {
 public:
  // `cluster` (optional): the ranks of a distributed run, whose size and games per rank the lines
  // show.
  ProgressLog(const RunConfig& config, std::string run_dir, std::ostream& out,
              const RunClock& clock, const RunCluster* cluster = nullptr)
      : cfg_(config), dir_(std::move(run_dir)), out_(out), clock_(clock), cluster_(cluster) {}
  void start(long step, uint64_t games);
  // Self-play is filling the window before the first step: a line every few seconds.
  void warmup(uint64_t games, uint64_t samples, size_t window, const SelfPlayStats& selfplay);
  // After each step: every log_every steps, a metrics line and a progress line.
  void step(const TrainStats& stats, long step, uint64_t games, uint64_t samples, size_t window,
            const SelfPlayStats& selfplay);

 private:
  // Rates over the interval since the last log line.
  struct Rates {
    double games_s = 0, samples_s = 0, evals_s = 0, avg_batch = 0, train_s = 0;
    // Games with a sparring seat in the interval and the network's score in them (win 1, draw
    // 1/2; NaN without such games).
    int64_t sparring_games = 0;
    double sparring_score = 0;
  };
  Rates rates_since_last_line(double now, long step, uint64_t games, uint64_t samples,
                              const SelfPlayStats& selfplay) const;
  Json train_line(const TrainStats& stats, long step, uint64_t games, uint64_t samples,
                  size_t window, const SelfPlayStats& selfplay, const Rates& rates) const;
  void print_step(const TrainStats& stats, long step, uint64_t games, uint64_t samples,
                  const SelfPlayStats& selfplay, const Rates& rates);
  std::string eta(long step, uint64_t games) const;
  void print_ranks();
  const RunConfig& cfg_;
  std::string dir_;
  std::ostream& out_;
  const RunClock& clock_;
  const RunCluster* cluster_;
  long start_step_ = 0;
  uint64_t start_games_ = 0;
  double start_time_ = 0, last_warmup_print_ = -1e9;
  // Interval state (since the last log line).
  TrainStats sum_{};
  int count_ = 0, accuracy_count_ = 0;
  double last_time_ = 0;
  long last_step_ = 0;
  uint64_t last_games_ = 0, last_samples_ = 0;
  int64_t last_evals_ = 0, last_batches_ = 0;
  int64_t last_sparring_games_ = 0, last_sparring_losses_ = 0, last_sparring_draws_ = 0;
};

}  // namespace hz
