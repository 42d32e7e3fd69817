#include "train/run_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "core/error.h"
#include "core/files.h"
#include "train/run_cluster.h"

namespace hz {

void JsonLine::key(const std::string& k) {
  if (!body_.empty()) body_ += ",";
  body_ += "\"" + k + "\":";
}

JsonLine& JsonLine::add(const std::string& k, double value) {
  key(k);
  if (!std::isfinite(value)) {
    body_ += "null";
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    body_ += buf;
  }
  return *this;
}

JsonLine& JsonLine::add(const std::string& k, long value) {
  key(k);
  body_ += std::to_string(value);
  return *this;
}

JsonLine& JsonLine::add(const std::string& k, bool value) {
  key(k);
  body_ += value ? "true" : "false";
  return *this;
}

JsonLine& JsonLine::add(const std::string& k, const std::string& value) {
  key(k);
  body_ += "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') body_ += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    body_ += c;
  }
  body_ += "\"";
  return *this;
}

JsonLine& JsonLine::add(const std::string& k, const std::vector<long>& values) {
  key(k);
  body_ += "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) body_ += ",";
    body_ += std::to_string(values[i]);
  }
  body_ += "]";
  return *this;
}

void append_metrics_line(const std::string& run_dir, const JsonLine& line) {
  // Format version first, checksum last (docs/formats.md).
  const std::string fields = line.str();
  std::string text = "{\"metrics_version\":" + std::to_string(kMetricsVersion) +
                     (fields.size() > 2 ? "," : "") + fields.substr(1, fields.size() - 2) +
                     ",\"crc32\":\"00000000\"}";
  seal_json_checksum(text);
  append_line_durably(run_dir + "/metrics.jsonl", text);
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
  const double now = clock_.session(), dt = std::max(1e-9, now - last_time_);
  const double n = count_;
  const double games_s = double(games - last_games_) / dt;
  const double samples_s = double(samples - last_samples_) / dt;
  const int64_t d_evals = selfplay.evaluations - last_evals_;
  const int64_t d_batches = selfplay.batches - last_batches_;
  const double evals_s = double(d_evals) / dt;
  const double avg_batch = d_batches > 0 ? double(d_evals) / double(d_batches) : 0.0;
  const int learners = cluster_ ? cluster_->learners() : 1;
  const double train_s = double(step - last_step_) * cfg_.trainer.batch_size * learners / dt;
  append_metrics_line(
      dir_, JsonLine()
                .add("kind", "train")
                .add("time", clock_.elapsed())
                .add("step", step)
                .add("games", double(games))
                .add("samples", double(samples))
                .add("loss", sum_.loss / n)
                .add("policy_loss", sum_.policy_loss / n)
                .add("value_loss", sum_.value_loss / n)
                .add("policy_entropy", sum_.policy_entropy / n)
                .add("value_accuracy",
                     accuracy_count_ ? sum_.value_accuracy / accuracy_count_ : std::nan(""))
                .add("lr", s.learning_rate)
                .add("window", double(window))
                .add("games_per_s", games_s)
                .add("samples_per_s", samples_s)
                .add("evals_per_s", evals_s)
                .add("avg_batch", avg_batch)
                .add("train_samples_per_s", train_s)
                // Resignation (this session's self-play): the false-resign check is the share
                // of play-on games in which the would-be resigner did not lose.
                .add("resignations", static_cast<long>(selfplay.resignations))
                .add("resign_playthroughs", static_cast<long>(selfplay.playthroughs))
                .add("false_resignations", static_cast<long>(selfplay.false_resignations))
                .add("false_resign_rate",
                     selfplay.playthroughs > 0
                         ? double(selfplay.false_resignations) / double(selfplay.playthroughs)
                         : std::nan(""))
                // The job's ranks and the games received from each this session (one process:
                // its own self-play's).
                .add("world_size", cluster_ ? cluster_->world_size() : 1)
                .add("games_by_rank", cluster_ ? cluster_->games_by_rank()
                                               : std::vector<long>{long(selfplay.games)}));
  char line[400];
  const std::string of = cfg_.loop.total_steps > 0 ? str_cat("/", cfg_.loop.total_steps) : "";
  std::snprintf(line, sizeof line,
                "[%7.1fs] step %ld%s  games %s  samples %s  loss %.3f (policy %.3f value %.3f)  "
                "entropy %.2f  lr %.3g  games/s %.1f  evals/s %.0f (batch %.0f)  train %.0f "
                "samples/s  ETA %s\n",
                clock_.elapsed(), step, of.c_str(), count_text(double(games)).c_str(),
                count_text(double(samples)).c_str(), sum_.loss / n, sum_.policy_loss / n,
                sum_.value_loss / n, sum_.policy_entropy / n, s.learning_rate, games_s, evals_s,
                avg_batch, train_s, eta(step, games).c_str());
  out_ << line;
  if (cfg_.selfplay.resign_enabled())
    out_ << "           resigned " << selfplay.resignations << " games; false resignations "
         << selfplay.false_resignations << " of " << selfplay.playthroughs << " played on\n";
  print_ranks();
  out_.flush();
  sum_ = TrainStats{};
  count_ = accuracy_count_ = 0;
  last_time_ = now;
  last_step_ = step;
  last_games_ = games;
  last_samples_ = samples;
  last_evals_ = selfplay.evaluations;
  last_batches_ = selfplay.batches;
}

}  // namespace hz
