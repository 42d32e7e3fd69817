#include "train/run_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "core/error.h"
#include "core/files.h"
#include "core/json.h"
#include "train/run_cluster.h"

namespace hz {

void append_metrics_line(const std::string& run_dir, const Json& fields) {
  HZ_CHECK(fields.is_object(), "a metrics line is a JSON object");
  // Format version first, checksum last (docs/formats.md).
  Json line = {{"metrics_version", kMetricsVersion}};
  for (const auto& [key, value] : fields.items()) line[key] = value;
  append_line_durably(run_dir + "/metrics.jsonl",
                      checksummed_json_text(std::move(line), -1, "a metrics line"));
}

void check_metrics_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;
  const std::string text = read_file(path, kMaxReadBytes, "metrics file");
  bool checksummed_before = false;
  size_t line_no = 0;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line(text.data() + at, end - at);
    ++line_no;
    at = end + 1;
    if (line.empty()) continue;
    const auto bad = [&](const char* why) {
      fail("metrics file '", path, "': line ", line_no, " ", why,
           "; move the file away to resume without its history");
    };
    if (line.front() != '{' || line.back() != '}') bad("is not a JSON metrics line");
    const JsonChecksum checksum = check_json_checksum(line);
    if (checksum == JsonChecksum::kMismatch) bad("does not match its checksum (it is corrupt)");
    if (checksum == JsonChecksum::kAbsent && checksummed_before)
      bad("has no checksum, after lines that have one (it is corrupt)");
    checksummed_before = checksummed_before || checksum == JsonChecksum::kMatches;
  }
}

namespace {

std::string duration_text(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  char buf[32];
  const long t = std::lround(s);
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, (t / 60) % 60);
  else if (t >= 60)
    std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%lds", t);
  return buf;
}

std::string count_text(double n) {
  char buf[32];
  if (n >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2fM", n / 1e6);
  else if (n >= 1e4)
    std::snprintf(buf, sizeof buf, "%.1fk", n / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", n);
  return buf;
}

}  // namespace

void ProgressLog::start(long step, uint64_t games) {
  start_step_ = last_step_ = step;
  start_games_ = last_games_ = games;
  start_time_ = last_time_ = clock_.session();
}

std::string ProgressLog::eta(long step, uint64_t games) const {
  const double spent = clock_.session() - start_time_;
  double left = -1.0;  // unknown
  if (cfg_.loop.total_steps > 0) {
    const long done = step - start_step_;
    if (done > 0) left = spent / done * (cfg_.loop.total_steps - step);
  } else {
    const double done = static_cast<double>(games - start_games_);
    if (done > 0) left = spent / done * (cfg_.loop.total_games - double(games));
  }
  // A time budget ends the run at the latest when it is spent.
  if (cfg_.loop.time_budget_s > 0) {
    const double budget_left = std::max(0.0, cfg_.loop.time_budget_s - clock_.elapsed());
    left = left < 0 ? budget_left : std::min(left, budget_left);
  }
  return left < 0 ? "?" : duration_text(left);
}

void ProgressLog::warmup(uint64_t games, uint64_t samples, size_t window,
                         const SelfPlayStats& selfplay) {
  const double now = clock_.session();
  if (now - last_warmup_print_ < 5.0) return;
  last_warmup_print_ = now;
  char line[256];
  std::snprintf(line, sizeof line,
                "[%7.1fs] warm-up: games %s  samples %s  window %zu/%ld  evals/s %.0f (batch "
                "%.1f)\n",
                clock_.elapsed(), count_text(double(games)).c_str(),
                count_text(double(samples)).c_str(), window, cfg_.loop.min_samples,
                selfplay.per_second(selfplay.evaluations), selfplay.average_batch());
  out_ << line;
  print_ranks();
  out_.flush();
}

// A distributed run's ranks and the games each sent (none from the learners).
void ProgressLog::print_ranks() {
  if (!cluster_) return;
  const std::vector<long> games = cluster_->games_by_rank();
  out_ << "           " << cluster_->world_size() << " ranks; games received this session:";
  for (size_t r = 0; r < games.size(); ++r)
    if (r >= static_cast<size_t>(cluster_->learners())) out_ << " rank " << r << ": " << games[r];
  out_ << "\n";
}

void ProgressLog::step(const TrainStats& s, long step, uint64_t games, uint64_t samples,
                       size_t window, const SelfPlayStats& selfplay) {
  sum_.loss += s.loss;
  sum_.policy_loss += s.policy_loss;
  sum_.value_loss += s.value_loss;
  sum_.policy_entropy += s.policy_entropy;
  if (std::isfinite(s.value_accuracy)) {
    sum_.value_accuracy += s.value_accuracy;
    ++accuracy_count_;
  }
  ++count_;
  if (step % cfg_.loop.log_every != 0) return;
  const double now = clock_.session();
  const Rates rates = rates_since_last_line(now, step, games, samples, selfplay);
  append_metrics_line(dir_, train_line(s, step, games, samples, window, selfplay, rates));
  print_step(s, step, games, samples, selfplay, rates);
  sum_ = TrainStats{};
  count_ = accuracy_count_ = 0;
  last_time_ = now;
  last_step_ = step;
  last_games_ = games;
  last_samples_ = samples;
  last_evals_ = selfplay.evaluations;
  last_batches_ = selfplay.batches;
  last_sparring_games_ = selfplay.sparring_games;
  last_sparring_losses_ = selfplay.sparring_losses;
  last_sparring_draws_ = selfplay.sparring_draws;
}

ProgressLog::Rates ProgressLog::rates_since_last_line(double now, long step, uint64_t games,
                                                      uint64_t samples,
                                                      const SelfPlayStats& selfplay) const {
  const double dt = std::max(1e-9, now - last_time_);
  const int64_t evals = selfplay.evaluations - last_evals_;
  const int64_t batches = selfplay.batches - last_batches_;
  const int learners = cluster_ ? cluster_->learners() : 1;
  Rates r;
  r.games_s = double(games - last_games_) / dt;
  r.samples_s = double(samples - last_samples_) / dt;
  r.evals_s = double(evals) / dt;
  r.avg_batch = batches > 0 ? double(evals) / double(batches) : 0.0;
  r.train_s = double(step - last_step_) * cfg_.trainer.batch_size * learners / dt;
  r.sparring_games = selfplay.sparring_games - last_sparring_games_;
  const double network_points = double(selfplay.sparring_losses - last_sparring_losses_) +
                                0.5 * double(selfplay.sparring_draws - last_sparring_draws_);
  r.sparring_score =
      r.sparring_games > 0 ? network_points / double(r.sparring_games) : std::nan("");
  return r;
}

Json ProgressLog::train_line(const TrainStats& s, long step, uint64_t games, uint64_t samples,
                             size_t window, const SelfPlayStats& selfplay,
                             const Rates& rates) const {
  const double n = count_;
  Json line = {
      {"kind", "train"},
      {"time", clock_.elapsed()},
      {"step", step},
      {"games", games},
      {"samples", samples},
      {"loss", sum_.loss / n},
      {"policy_loss", sum_.policy_loss / n},
      {"value_loss", sum_.value_loss / n},
      {"policy_entropy", sum_.policy_entropy / n},
      {"value_accuracy", accuracy_count_ ? sum_.value_accuracy / accuracy_count_ : std::nan("")},
      {"lr", s.learning_rate},
      {"window", window},
      {"games_per_s", rates.games_s},
      {"samples_per_s", rates.samples_s},
      {"evals_per_s", rates.evals_s},
      {"avg_batch", rates.avg_batch},
      {"train_samples_per_s", rates.train_s}};
  // Resignation (this session's self-play): the false-resign check is the share of play-on
  // games in which the would-be resigner did not lose.
  line["resignations"] = selfplay.resignations;
  line["resign_playthroughs"] = selfplay.playthroughs;
  line["false_resignations"] = selfplay.false_resignations;
  line["false_resign_rate"] = selfplay.playthroughs > 0 ? double(selfplay.false_resignations) /
                                                              double(selfplay.playthroughs)
                                                        : std::nan("");
  // Sparring games of the interval (this process's self-play) and the network's score in them.
  if (cfg_.selfplay.sparring_fraction > 0.0) {
    line["sparring_games"] = rates.sparring_games;
    line["sparring_network_score"] = rates.sparring_score;
  }
  // The job's ranks and the games received from each this session (one process: its own
  // self-play's).
  line["world_size"] = cluster_ ? cluster_->world_size() : 1;
  line["games_by_rank"] =
      cluster_ ? cluster_->games_by_rank() : std::vector<long>{long(selfplay.games)};
  return line;
}

void ProgressLog::print_step(const TrainStats& s, long step, uint64_t games, uint64_t samples,
                             const SelfPlayStats& selfplay, const Rates& rates) {
  const double n = count_;
  char line[400];
  const std::string of = cfg_.loop.total_steps > 0 ? str_cat("/", cfg_.loop.total_steps) : "";
  std::snprintf(line, sizeof line,
                "[%7.1fs] step %ld%s  games %s  samples %s  loss %.3f (policy %.3f value %.3f)  "
                "entropy %.2f  lr %.3g  games/s %.1f  evals/s %.0f (batch %.0f)  train %.0f "
                "samples/s  ETA %s\n",
                clock_.elapsed(), step, of.c_str(), count_text(double(games)).c_str(),
                count_text(double(samples)).c_str(), sum_.loss / n, sum_.policy_loss / n,
                sum_.value_loss / n, sum_.policy_entropy / n, s.learning_rate, rates.games_s,
                rates.evals_s, rates.avg_batch, rates.train_s, eta(step, games).c_str());
  out_ << line;
  if (cfg_.selfplay.resign_enabled())
    out_ << "           resigned " << selfplay.resignations << " games; false resignations "
         << selfplay.false_resignations << " of " << selfplay.playthroughs << " played on\n";
  if (cfg_.selfplay.sparring_fraction > 0.0 && rates.sparring_games > 0) {
    std::snprintf(line, sizeof line, "           sparring: %lld games, the network scored %.0f%%\n",
                  static_cast<long long>(rates.sparring_games), 100.0 * rates.sparring_score);
    out_ << line;
  }
  print_ranks();
  out_.flush();
}

}  // namespace hz
