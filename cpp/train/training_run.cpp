#include "train/training_run.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <ostream>
#include <thread>

#include "core/dir_listing.h"
#include "core/files.h"
#include "eval/match.h"
#include "games/registry.h"
#include "nn/torch_evaluator.h"
#include "search/evaluator_factory.h"
#include "selfplay/game_journal.h"
#include "selfplay/shards.h"
#include "train/checkpoint.h"
#include "train/replay.h"
#include "train/run_cluster.h"
#include "train/run_metrics.h"

namespace hz {

using Clock = std::chrono::steady_clock;

struct TrainingRun::Loop {
  Loop(const RunConfig& c, std::string d, std::ostream& o, RunCluster* cl)
      : cfg(c), dir(std::move(d)), out(o), cluster(cl) {}

  RunConfig cfg;
  std::string dir;
  std::ostream& out;
  RunCluster* cluster;  // null: one process
  std::shared_ptr<AnyGame> game;
  ShardInfo shard_info;
  std::unique_ptr<Trainer> trainer;
  std::unique_ptr<ReplayWindow> window;
  std::unique_ptr<GameJournal> journal;  // finished games not yet in a shard, on disk
  std::shared_ptr<NetworkSlot> slot = std::make_shared<NetworkSlot>();
  std::unique_ptr<SelfPlayRunner> runner;
  RunClock clock;

  // Shared with the self-play callback, under `mu`.
  std::mutex mu;
  std::condition_variable cv;
  uint64_t games = 0, samples = 0;  // generated over the whole run (all sessions)
  uint64_t next_game_id = 0;
  long next_shard = 0;
  std::vector<Sample> pending;
  uint32_t pending_games = 0;
  long trained_step = 0;  // trainer's step, for self-play's flow control
  bool stopping = false, selfplay_done = false;
  std::exception_ptr selfplay_error;

  long learners() const { return cluster ? cluster->learners() : 1; }
  long batch() const { return cfg.trainer.batch_size * learners(); }  // samples trained per step
  long slack() const { return 2 * std::max(1L, cfg.loop.publish_every) * batch(); }
  bool selfplay_ahead() const {  // under mu
    return window->size() >= static_cast<size_t>(cfg.loop.min_samples) &&
           cfg.loop.train_ratio * static_cast<double>(samples) >
               static_cast<double>(trained_step * batch() + slack());
  }
  bool can_train() const {  // under mu
    return window->size() >= static_cast<size_t>(cfg.loop.min_samples) &&
           static_cast<double>((trained_step + 1) * batch()) <=
               cfg.loop.train_ratio * static_cast<double>(samples);
  }
  bool steps_done() const {
    return (cfg.loop.total_steps > 0 && trainer->step() >= cfg.loop.total_steps) ||
           time_progress() >= 1.0;
  }
  // Share of the time budget spent (0 without one).
  double time_progress() const {
    return cfg.loop.time_budget_s > 0 ? clock.elapsed() / cfg.loop.time_budget_s : 0.0;
  }

  void prepare();
  void resume();
  void recover_journal();
  void on_game(FinishedGame&& g);
  void flush_locked();
  std::string checkpoint();
  void start_selfplay();
  void stop_selfplay(std::thread& thread);
  TrainStats train_step();
  bool train_loop(const std::atomic<bool>& stop);
  // Returns false when a stop request interrupted it (its metrics line says so).
  bool final_evaluation(const std::string& ckpt, const std::atomic<bool>& stop);
};

void TrainingRun::Loop::prepare() {
  game = make_game(cfg.game, cfg.game_options);
  shard_info.game = game->full_name();
  shard_info.observation = game->observation_shape();
  shard_info.num_actions = game->num_actions();
  shard_info.num_players = game->num_players();
  set_torch_threads(cfg.loop.torch_threads);
  trainer = std::make_unique<Trainer>(cfg.network, cfg.trainer, cfg.seed);
  window = std::make_unique<ReplayWindow>(*game, static_cast<size_t>(cfg.loop.window));
  make_dirs(dir + "/shards");
  journal = std::make_unique<GameJournal>(dir + "/shards/journal.bin");
}

// Games that finished after the newest shard was written, kept in the journal, become a shard of
// their own; unless the newest shard has them already (a kill between writing it and removing the
// journal).
void TrainingRun::Loop::recover_journal() {
  const GameJournal::Recovered r = journal->read(shard_info);
  if (r.torn_bytes > 0)
    out << "warning: " << journal->path() << " ended in a torn record (" << r.torn_bytes
        << " bytes, a game being saved when the run stopped); dropped it\n";
  if (r.games > 0) {
    const std::vector<long> shards = list_shards(dir);
    bool in_newest_shard = false;
    if (!shards.empty())
      for (const Sample& s : read_shard(shard_path(dir, shards.back()), nullptr, &shard_info))
        in_newest_shard = in_newest_shard || s.game_id == r.samples.front().game_id;
    if (!in_newest_shard) {
      ShardInfo info = shard_info;
      info.games = r.games;
      const std::string path = shard_path(dir, shards.empty() ? 0 : shards.back() + 1);
      write_shard(path, info, r.samples);
      out << "recovered " << r.games << " games that finished after the last shard from "
          << journal->path() << " into " << path << "\n";
    }
  }
  journal->clear();
}

// Counters and the replay window from the shards; network, optimizer, step, RNG from the newest
// checkpoint.
void TrainingRun::Loop::resume() {
  // What a kill can leave behind: temporary files of atomic writes it interrupted (the complete
  // files they were to replace are intact) and a torn last metrics line. Dropped, with a warning.
  for (const std::string& folder : {dir, dir + "/shards"})
    for (const std::string& path : remove_interrupted_writes(folder))
      out << "warning: removed " << path << ", the temporary file of an interrupted write\n";
  if (const size_t torn = drop_torn_last_line(dir + "/metrics.jsonl"))
    out << "warning: " << dir << "/metrics.jsonl ended in a torn line (" << torn
        << " bytes, an interrupted append); dropped it, the lines before it are kept\n";
  check_metrics_file(dir + "/metrics.jsonl");
  recover_journal();
  const std::vector<long> shards = list_shards(dir);
  for (long index : shards) {
    const ShardInfo h = read_shard_info(shard_path(dir, index));
    if (h.game != shard_info.game)
      fail("run '", dir, "': shard ", shard_path(dir, index), " is of game '", h.game,
           "' but the config trains '", shard_info.game, "'");
    games += h.games;
    samples += h.count;
    next_game_id = std::max(next_game_id, h.next_game_id);
  }
  check_shards_disjoint(dir, shards, shard_info);
  next_shard = shards.empty() ? 0 : shards.back() + 1;
  std::vector<std::vector<Sample>> newest;
  size_t kept = 0;
  for (auto it = shards.rbegin(); it != shards.rend() && kept < window->capacity(); ++it) {
    newest.push_back(read_shard(shard_path(dir, *it), nullptr, &shard_info));
    kept += newest.back().size();
  }
  for (auto it = newest.rbegin(); it != newest.rend(); ++it) window->add_samples(*it);

  const std::vector<long> ckpts = list_checkpoints(dir);
  if (!ckpts.empty()) {
    const std::string path = checkpoint_path(dir, ckpts.back());
    const CheckpointMeta meta =
        load_checkpoint(path, *trainer, cfg.game, game->options().to_string());
    clock.resume(meta.elapsed_s);
    if (shards.empty() && meta.games > 0)
      out << "warning: " << dir << "/shards holds no shards, but " << path << " counts "
          << meta.games << " games: their samples are gone (was the folder removed?); the replay "
          << "window starts empty\n";
    games = std::max<uint64_t>(games, meta.games);
    samples = std::max<uint64_t>(samples, meta.samples);
    out << "resuming " << dir << " from " << path << ": step " << meta.step << ", " << games
        << " games, " << samples << " samples in " << shards.size() << " shards, window "
        << window->size() << "\n";
  } else if (!shards.empty()) {
    out << "resuming " << dir << " without a checkpoint: " << games << " games in " << shards.size()
        << " shards, window " << window->size() << "\n";
  }
  next_game_id = std::max<uint64_t>(next_game_id, games);
  trained_step = trainer->step();
  // Written once the run's files accepted this config (a config that does not fit the run's
  // checkpoint must not replace the one that does).
  write_file_atomically(dir + "/config.yaml", cfg.resolved_yaml);
}

void TrainingRun::Loop::on_game(FinishedGame&& g) {
  complete_policy_support(*game, g);
  window->add_game(g);
  std::unique_lock<std::mutex> lock(mu);
  journal->append(shard_info, g.samples);
  ++games;
  samples += g.samples.size();
  for (Sample& s : g.samples) pending.push_back(std::move(s));
  ++pending_games;
  if (pending_games >= static_cast<uint32_t>(cfg.loop.shard_games)) flush_locked();
  cv.notify_all();
  cv.wait(lock, [&] { return stopping || !selfplay_ahead(); });
}

void TrainingRun::Loop::flush_locked() {
  if (pending_games == 0) return;
  ShardInfo info = shard_info;
  info.games = pending_games;
  write_shard(shard_path(dir, next_shard++), info, pending);
  journal->clear();
  pending.clear();
  pending_games = 0;
}

std::string TrainingRun::Loop::checkpoint() {
  CheckpointMeta meta;
  {
    std::lock_guard<std::mutex> lock(mu);
    flush_locked();
    meta.games = games;
    meta.samples = samples;
  }
  meta.game = cfg.game;
  meta.game_options = game->options().to_string();
  meta.elapsed_s = clock.elapsed();
  const std::string path = checkpoint_path(dir, trainer->step());
  save_checkpoint(path, *trainer, meta);
  return path;
}

void TrainingRun::Loop::start_selfplay() {
  SelfPlayOptions options = cfg.selfplay;
  options.first_game_id = next_game_id;
  if (cfg.loop.total_steps == 0)
    options.max_games = std::max<int64_t>(1, cfg.loop.total_games - static_cast<int64_t>(games));
  EvaluatorSpec evaluator;
  evaluator.kind = "network";
  evaluator.network = slot;
  evaluator.threads = cfg.selfplay_torch_threads;
  runner =
      cluster ? cluster->make_selfplay(options, slot) : game->make_selfplay(options, evaluator);
  // make_selfplay builds one evaluator here to check it, which sets this thread's torch threads.
  set_torch_threads_for_this_thread(cfg.loop.torch_threads);
}

void TrainingRun::Loop::stop_selfplay(std::thread& thread) {
  if (runner) runner->stop();
  {
    std::lock_guard<std::mutex> lock(mu);
    stopping = true;
  }
  cv.notify_all();
  if (thread.joinable()) thread.join();
}

// One step: on this process alone, or on one minibatch per data-parallel learner.
TrainStats TrainingRun::Loop::train_step() {
  const double progress = std::min(1.0, time_progress());
  auto draw = [&] {
    return window->sample_batch(cfg.trainer.batch_size, trainer->rng(), cfg.trainer.augment,
                                cfg.trainer.search_value_weight);
  };
  if (learners() == 1) return trainer->train_step(draw(), progress);
  std::vector<TrainBatch> batches;
  for (long k = 0; k < learners(); ++k) batches.push_back(draw());
  return cluster->train_step(*trainer, batches, progress);
}

// Returns true when the run reached its end (not stopped).
bool TrainingRun::Loop::train_loop(const std::atomic<bool>& stop) {
  ProgressLog log(cfg, dir, out, clock, cluster);
  log.start(trainer->step(), games);
  const bool games_mode = cfg.loop.total_steps == 0;
  for (;;) {
    if (stop) return false;
    if (steps_done()) return true;
    {
      std::unique_lock<std::mutex> lock(mu);
      if (selfplay_error) return false;
      if (!can_train()) {
        if (selfplay_done) return games_mode;
        cv.wait_for(lock, std::chrono::milliseconds(500));
        const bool warming = window->size() < static_cast<size_t>(cfg.loop.min_samples);
        const uint64_t g = games, n = samples;
        lock.unlock();
        if (warming) log.warmup(g, n, window->size(), runner->stats());
        continue;
      }
    }
    const TrainStats stats = train_step();
    const long step = trainer->step();
    {
      std::lock_guard<std::mutex> lock(mu);
      trained_step = step;
    }
    cv.notify_all();
    if (step % cfg.loop.publish_every == 0) slot->publish(trainer->snapshot());
    uint64_t g, n;
    {
      std::lock_guard<std::mutex> lock(mu);
      g = games;
      n = samples;
    }
    log.step(stats, step, g, n, window->size(), runner->stats());
    if (step % cfg.loop.checkpoint_every == 0) checkpoint();
  }
}

bool TrainingRun::Loop::final_evaluation(const std::string& ckpt, const std::atomic<bool>& stop) {
  const EvalConfig& e = cfg.eval;
  if (e.games <= 0) return true;
  const long sims = e.simulations > 0 ? e.simulations : cfg.selfplay.mcts.simulations;
  // Built directly, not parsed from text: the checkpoint path may hold ',' or '='.
  const AgentSpec net{"mcts",
                      {{"evaluator", "checkpoint"}, {"checkpoint", ckpt}, {"sims", str_cat(sims)}}};
  const AgentSpec uniform{"mcts", {{"sims", str_cat(sims)}}};
  eval::MatchConfig m;
  m.agents = {net, uniform};
  m.games = e.games;
  m.opening_plies = e.random_opening_plies;
  m.threads = e.threads;
  m.seed = zobrist_key(cfg.seed, trainer->step(), 0xe7a1);
  m.stop = &stop;
  out << "evaluating the final network: " << e.games << " games, " << net.to_string() << " vs "
      << uniform.to_string() << " (seats alternate)\n";
  out.flush();
  const eval::MatchResult result = eval::run_match(*game, m);
  const eval::WDL r = result.tallies.at(0).total;
  const double mean_return =
      result.games_played() ? result.tallies.at(0).return_sum / result.games_played() : 0.0;
  char line[256];
  std::snprintf(line, sizeof line,
                "final network vs uniform MCTS (%ld sims): %ld wins, %ld draws, %ld losses in %d "
                "games (score %.3f, mean return %+.3f, %.1f s)\n",
                sims, r.wins, r.draws, r.losses, result.games_played(), r.score(), mean_return,
                result.seconds);
  out << line;
  const bool interrupted = stop;  // then the counts are partial: marked, never taken as final
  if (interrupted)
    out << "stopped during the final evaluation (" << result.games_played() << " of " << e.games
        << " games); its metrics line is marked interrupted\n";
  out.flush();
  append_metrics_line(dir, {{"kind", "eval"},
                            {"time", clock.elapsed()},
                            {"step", trainer->step()},
                            {"games", games},
                            {"opponent", uniform.to_string()},
                            {"simulations", sims},
                            {"eval_games", result.games_played()},
                            {"wins", r.wins},
                            {"draws", r.draws},
                            {"losses", r.losses},
                            {"score", r.score()},
                            {"mean_return", mean_return},
                            {"interrupted", interrupted}});
  return !interrupted;
}

TrainingRun::TrainingRun(const RunConfig& config, std::string run_dir, std::ostream& out,
                         RunCluster* cluster)
    : loop_(std::make_unique<Loop>(config, std::move(run_dir), out, cluster)) {}
TrainingRun::~TrainingRun() = default;

RunSummary TrainingRun::run(const std::atomic<bool>& stop_requested) {
  Loop& s = *loop_;
  s.prepare();
  s.resume();
  s.out << "run " << s.dir << ": " << s.game->full_name() << ", network "
        << s.cfg.network.to_string() << " (" << s.trainer->network().num_parameters()
        << " parameters)\n";
  RunSummary summary;
  const bool games_mode = s.cfg.loop.total_steps == 0;
  const bool already_done =
      s.steps_done() || (games_mode && s.games >= static_cast<uint64_t>(s.cfg.loop.total_games));
  bool finished = already_done;
  std::string last;
  if (!already_done) {
    s.slot->publish(s.trainer->snapshot());
    if (s.cluster) s.cluster->start_learners(*s.trainer);
    s.start_selfplay();
    std::thread selfplay([&s] {
      try {
        s.runner->run([&s](FinishedGame&& g) { s.on_game(std::move(g)); });
      } catch (...) {
        std::lock_guard<std::mutex> lock(s.mu);
        s.selfplay_error = std::current_exception();
      }
      {
        std::lock_guard<std::mutex> lock(s.mu);
        s.selfplay_done = true;
      }
      s.cv.notify_all();
    });
    try {
      finished = s.train_loop(stop_requested);
    } catch (...) {
      s.stop_selfplay(selfplay);
      throw;
    }
    s.stop_selfplay(selfplay);
    last = s.checkpoint();
    s.out << (finished ? "run complete" : "stopped") << " at step " << s.trainer->step() << ", "
          << s.games << " games; checkpoint " << last << "\n";
    if (s.selfplay_error) std::rethrow_exception(s.selfplay_error);
  } else {
    const std::vector<long> ckpts = list_checkpoints(s.dir);
    last = ckpts.empty() ? s.checkpoint() : checkpoint_path(s.dir, ckpts.back());
    s.out << "run already complete at step " << s.trainer->step() << " (" << s.games << " games)\n";
  }
  if (s.cluster) s.cluster->finish();
  if (finished && !stop_requested) finished = s.final_evaluation(last, stop_requested);
  summary.step = s.trainer->step();
  summary.games = s.games;
  summary.samples = s.samples;
  summary.finished = finished;
  summary.last_checkpoint = last;
  return summary;
}

}  // namespace hz
