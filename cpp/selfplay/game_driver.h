// GameDriver<G>: self-play with MCTS (search/mcts.h), batching leaves across games.
//
// Each worker thread drives options.games_per_thread games at once, each with its own tree. In
// one round every game's tree selects up to mcts.leaves_per_round leaves; all of them go to the
// thread's evaluator in one evaluate() call; then every tree expands and backs up its leaves, and
// a game whose search is done plays its move. A finished game is emitted as a FinishedGame
// (selfplay/sample.h): one sample per searched position (canonical observation, the search's
// policy by canonical policy index: visit shares or Gumbel's improved policy, returns and the
// search's root value in seat order). Positions with one legal action are played without search
// and give no sample. With playout cap randomization (SelfPlayOptions::full_search_fraction) a
// position gets a full or a fast search, drawn from the game's RNG; fast ones are marked as no
// policy target. With policy surprise weighting (SelfPlayOptions::policy_surprise_weight,
// selfplay/surprise.h) a finished game's samples are repeated or dropped by their weight, drawn
// from the game's RNG: copies of one position are consecutive.
// With SelfPlayOptions::value_discount below 1 a sample's value target is its game's returns
// times value_discount^(actions from the sample's position to the end); with margin_weight w
// above 0 that is mixed with the margins of the game's last position: (1 - w) * it + w * margins.
// With SelfPlayOptions::sparring_fraction above 0, that share of games (drawn from the game's RNG)
// has one seat, also drawn, played by a sparring player (set_sparring) instead of the search: its
// moves give no samples (FinishedGame::sparring_seat names the seat).
//
// Determinism: game g uses an RNG seeded from (options.seed, g), so with one thread (or with a
// deterministic evaluator that does not depend on batch composition) the same seed gives the same
// games. Game ids are handed out in order from options.first_game_id.
//
// Threads: evaluators come from a factory called once per worker, on that worker's thread (so
// concurrently), with the worker's index 0..threads-1; a factory may return the same thread-safe
// evaluator every time. The game object must outlive the driver.
//
// Memory: each game's tree keeps its arenas between moves and games, so a warmed worker
// allocates only per move (its sample) and per game (its record), never per simulation.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "core/cpu_time.h"
#include "games/outcome.h"
#include "search/mcts.h"
#include "selfplay/selfplay_runner.h"
#include "selfplay/surprise.h"

namespace hz {

template <class G>
class GameDriver final : public SelfPlayRunner {
 public:
  using State = typename G::State;
  using EvaluatorFactory = std::function<std::shared_ptr<Evaluator<G>>(int thread)>;
  // A sparring player answers the action it plays in a non-terminal state; one per worker, made
  // on that worker's thread (so concurrently) and called from it alone.
  using SparringPlayer = std::function<Action(const State&)>;
  using SparringFactory = std::function<SparringPlayer(int thread)>;

  // `keep_alive` (optional) is held for the driver's lifetime, e.g. the owner of `game`.
  GameDriver(const G& game, const SelfPlayOptions& options, EvaluatorFactory factory,
             std::shared_ptr<const void> keep_alive = nullptr)
      : keep_alive_(std::move(keep_alive)),
        game_(game),
        options_(options),
        factory_(std::move(factory)) {
    options_.validate();
    if (options_.resign_enabled() && game_.num_players() != 2)
      fail("self-play: resignation is defined for two-player games only (this game has ",
           game_.num_players(), " players)");
    if constexpr (!HasMargins<State>)
      if (options_.margin_weight > 0.0)
        fail("self-play: margin value targets (margin_weight ", options_.margin_weight,
             ") need a game that defines margins, and ", game_.name(), " does not");
  }

  // The players of sparring seats; needed (before run) when options.sparring_fraction > 0.
  void set_sparring(SparringFactory factory) { sparring_factory_ = std::move(factory); }

  void run(const GameCallback& on_game) override {
    if (options_.sparring_fraction > 0.0 && !sparring_factory_)
      fail("self-play: sparring_fraction is ", options_.sparring_fraction,
           " but the driver was given no sparring player");
    on_game_ = &on_game;
    start_ = std::chrono::steady_clock::now().time_since_epoch().count();
    next_game_ = 0;
    std::vector<std::thread> workers;
    for (int t = 0; t < options_.threads; ++t)
      workers.emplace_back([this, t] {
        try {
          Worker(*this, t).run();
          add_thread_cpu_time();
        } catch (...) {
          std::lock_guard<std::mutex> lock(mutex_);
          if (!error_) error_ = std::current_exception();
          stop_ = true;
        }
      });
    for (auto& w : workers) w.join();
    seconds_ = seconds_since_start();
    finished_ = true;
    if (error_) std::rethrow_exception(error_);
  }

  void stop() override { stop_ = true; }

  SelfPlayStats stats() const override {
    SelfPlayStats s;
    s.seconds = finished_ ? seconds_.load() : seconds_since_start();
    s.cpu_seconds = cpu_ns_ * 1e-9;
    s.games = games_;
    s.searches = searches_;
    s.fast_searches = fast_searches_;
    s.actions = actions_;
    s.simulations = simulations_;
    s.evaluations = evaluations_;
    s.nodes = nodes_;
    s.collisions = collisions_;
    s.batches = batches_;
    for (int k = 0; k < SelfPlayStats::kHistogramBuckets; ++k) s.batch_histogram[k] = histogram_[k];
    s.resignations = resignations_;
    s.playthroughs = playthroughs_;
    s.false_resignations = false_resignations_;
    s.sparring_games = sparring_games_;
    s.sparring_losses = sparring_losses_;
    s.sparring_draws = sparring_draws_;
    return s;
  }

 private:
  // One game in progress, with its own tree.
  struct Slot {
    Slot(const G& game, const MctsConfig& config) : mcts(game, config, 0) {}
    Mcts<G> mcts;
    std::optional<State> state;
    FinishedGame record;
    // Per sample of `record`, with policy surprise weighting only: KL(policy target || prior).
    std::vector<double> surprise;
    bool active = false, searching = false;
    bool full_search = true;  // the current search is a full one (policy target)
    bool may_resign = true;
    int would_resign = -1;  // player who would have resigned in a play-on game
  };

  class Worker {
   public:
    Worker(GameDriver& driver, int thread) : driver_(driver), evaluator_(driver.factory_(thread)) {
      HZ_CHECK(evaluator_ != nullptr, "evaluator factory returned nothing");
      slots_.reserve(driver_.options_.games_per_thread);
      for (int i = 0; i < driver_.options_.games_per_thread; ++i)
        slots_.emplace_back(driver_.game_, driver_.options_.mcts);
      if (driver_.options_.sparring_fraction > 0.0) sparring_ = driver_.sparring_factory_(thread);
    }

    void run() {
      for (Slot& s : slots_) start_game(s);
      MctsCounters before{};
      for (;;) {
        int active = 0, leaves = 0;
        for (Slot& s : slots_) {
          if (s.active && !s.searching) begin_move(s);
          if (!s.active) continue;
          ++active;
          leaves += s.mcts.collect_leaves();
        }
        if (active == 0 || driver_.stop_) break;
        if (leaves > 0) {
          items_.resize(leaves);
          int at = 0;
          for (Slot& s : slots_) {
            if (!s.active) continue;
            s.mcts.fill_eval_items(items_.data() + at);
            at += s.mcts.pending_count();
          }
          evaluator_->evaluate(items_.data(), leaves);
          ++driver_.batches_;
          ++driver_.histogram_[std::min<int>(std::bit_width(static_cast<unsigned>(leaves)) - 1,
                                             SelfPlayStats::kHistogramBuckets - 1)];
        }
        MctsCounters now{};
        for (Slot& s : slots_) {
          if (!s.active) continue;
          s.mcts.apply_evaluations();
          if (s.mcts.search_done()) play_move(s);
        }
        for (const Slot& s : slots_) add(now, s.mcts.counters());
        driver_.simulations_ += now.simulations - before.simulations;
        driver_.evaluations_ += now.evaluations - before.evaluations;
        driver_.nodes_ += now.nodes - before.nodes;
        driver_.collisions_ += now.collisions - before.collisions;
        before = now;
      }
    }

   private:
    static void add(MctsCounters& sum, const MctsCounters& c) {
      sum.simulations += c.simulations;
      sum.evaluations += c.evaluations;
      sum.nodes += c.nodes;
      sum.collisions += c.collisions;
    }

    void start_game(Slot& s) {
      s.active = false;
      if (driver_.stop_) return;
      const int64_t index = driver_.next_game_++;
      if (driver_.options_.max_games > 0 && index >= driver_.options_.max_games) return;
      const uint64_t id = driver_.options_.first_game_id + static_cast<uint64_t>(index);
      s.mcts.rng() = Rng(zobrist_key(driver_.options_.seed, id, 0x5e1f));
      s.mcts.clear();
      s.state.emplace(driver_.game_.initial_state());
      s.mcts.set_root(*s.state);
      s.record = FinishedGame{};
      s.surprise.clear();
      s.record.game_id = id;
      s.active = true;
      s.searching = false;
      s.may_resign = driver_.options_.resign_enabled() &&
                     s.mcts.rng().uniform01() >= driver_.options_.resign_playthrough_fraction;
      s.would_resign = -1;
      const double sparring = driver_.options_.sparring_fraction;
      if (sparring > 0.0 && s.mcts.rng().uniform01() < sparring)
        s.record.sparring_seat = static_cast<int>(
            s.mcts.rng().uniform_int(static_cast<uint32_t>(driver_.game_.num_players())));
    }

    // Plays forced actions and finished games until the slot needs a search (or is idle).
    void begin_move(Slot& s) {
      while (s.active) {
        if (s.state->is_terminal()) {
          PlayerValues returns{};
          s.state->returns(returns);
          finish_game(s, returns, false);
          start_game(s);
          continue;
        }
        s.state->legal_actions(legal_);
        if (legal_.size() == 1) {
          apply(s, legal_[0]);
          continue;
        }
        if (s.state->current_player() == s.record.sparring_seat) {
          const Action a = sparring_(*s.state);
          HZ_CHECK(legal_.contains(a), "the sparring player chose an illegal action ", a);
          apply(s, a);
          continue;
        }
        const SelfPlayOptions& o = driver_.options_;
        s.full_search =
            o.full_search_fraction >= 1.0 || s.mcts.rng().uniform01() < o.full_search_fraction;
        SearchBudget budget;
        if (!s.full_search) {
          budget.simulations = o.fast_simulations;
          budget.noise = false;
        }
        s.mcts.begin_search(budget);
        s.searching = true;
        return;
      }
    }

    void apply(Slot& s, Action a) {
      s.state->apply(a);
      s.record.actions.push_back(a);
      s.mcts.advance(a);
      ++driver_.actions_;
    }

    void play_move(Slot& s) {
      s.searching = false;
      const State& state = *s.state;
      const int player = state.current_player();
      if (s.full_search || driver_.options_.fast_value_targets) record_sample(s);
      ++driver_.searches_;
      if (!s.full_search) ++driver_.fast_searches_;
      if (driver_.options_.resign_enabled() && s.would_resign < 0 && wants_to_resign(s)) {
        if (s.may_resign) {
          PlayerValues returns{};
          returns[player] = -1.0f;
          returns[1 - player] = 1.0f;
          finish_game(s, returns, true);
          start_game(s);
          return;
        }
        s.would_resign = player;
      }
      apply(s, s.mcts.choose_action(driver_.options_.temperature.at(state.move_number())));
    }

    bool wants_to_resign(const Slot& s) const {
      float best = -1.0f;
      int most = -1;
      for (int i = 0; i < s.mcts.root_child_count(); ++i) {
        const Node& c = s.mcts.root_child(i);
        if (c.visits > most) {
          most = c.visits;
          best = mcts::mean_value(c);
        }
      }
      const double threshold = driver_.options_.resign_threshold;
      return s.mcts.root_value() < threshold && best < threshold;
    }

    void record_sample(Slot& s) {
      const State& state = *s.state;
      Sample sample;
      sample.observation.resize(driver_.game_.observation_shape().size());
      state.observation(sample.observation.data());
      s.mcts.root_policy(policy_);
      const int children = s.mcts.root_child_count();
      for (int i = 0; i < children; ++i)
        if (policy_[i] > 0.0f)
          sample.policy.emplace_back(state.policy_index(s.mcts.root_child(i).action), policy_[i]);
      if (driver_.options_.policy_surprise_weight > 0.0) {
        // The priors as searched: with PUCT's root noise mixed in, Gumbel's untouched.
        prior_.resize(children);
        for (int i = 0; i < children; ++i) prior_[i] = s.mcts.root_child(i).prior;
        s.surprise.push_back(surprise::kl_divergence(policy_.data(), prior_.data(), children));
      }
      sample.game_id = s.record.game_id;
      sample.ply = state.move_number();
      sample.player = state.current_player();
      sample.search_value =
          to_seats(s.mcts.root_values(), sample.player, driver_.game_.num_players());
      sample.policy_target = s.full_search;
      s.record.samples.push_back(std::move(sample));
    }

    void finish_game(Slot& s, const PlayerValues& returns, bool resigned) {
      const int n = driver_.game_.num_players();
      s.record.returns = returns;
      s.record.resigned = resigned;
      const double discount = driver_.options_.value_discount;
      const float margin_weight = static_cast<float>(driver_.options_.margin_weight);
      PlayerValues margins{};
      if constexpr (HasMargins<State>)
        if (margin_weight > 0.0f) s.state->margins(margins);  // the last position, resigned or not
      const int end = s.state->move_number();
      for (Sample& sample : s.record.samples) {
        sample.value = to_seats(returns, sample.player, n);
        if (discount < 1.0) {
          const float scale = static_cast<float>(std::pow(discount, end - sample.ply));
          for (int k = 0; k < n; ++k) sample.value[k] *= scale;
        }
        if (margin_weight > 0.0f) {
          const PlayerValues ahead = to_seats(margins, sample.player, n);
          for (int k = 0; k < n; ++k)
            sample.value[k] = (1.0f - margin_weight) * sample.value[k] + margin_weight * ahead[k];
        }
      }
      if (driver_.options_.policy_surprise_weight > 0.0) weight_by_surprise(s);
      if (s.record.sparring_seat >= 0) count_sparring_result(s.record.sparring_seat, returns);
      if (resigned) ++driver_.resignations_;
      if (s.would_resign >= 0) {
        ++driver_.playthroughs_;
        s.record.resign_playthrough = true;
        s.record.resign_would_be_false = returns[s.would_resign] > -1.0f;
        if (s.record.resign_would_be_false) ++driver_.false_resignations_;
      }
      {
        std::lock_guard<std::mutex> lock(driver_.mutex_);
        if (driver_.stop_) return;  // a stopped run emits nothing more
        ++driver_.games_;
        (*driver_.on_game_)(std::move(s.record));
        if (driver_.options_.max_games > 0 && driver_.games_ >= driver_.options_.max_games)
          driver_.stop_ = true;
      }
    }

    void count_sparring_result(int seat, const PlayerValues& returns) {
      const int result = seat_result(
          std::span(returns.data(), static_cast<size_t>(driver_.game_.num_players())), seat);
      ++driver_.sparring_games_;
      if (result < 0) ++driver_.sparring_losses_;
      if (result == 0) ++driver_.sparring_draws_;
    }

    // Policy surprise weighting: each sample replaced by its number of copies (surprise.h),
    // drawn from the game's RNG.
    void weight_by_surprise(Slot& s) {
      std::vector<bool> targets;
      for (const Sample& sample : s.record.samples) targets.push_back(sample.policy_target);
      const std::vector<int> copies = surprise::sample_copies(
          s.surprise, targets, driver_.options_.policy_surprise_weight, s.mcts.rng());
      std::vector<Sample> weighted;
      for (size_t i = 0; i < copies.size(); ++i)
        for (int c = 0; c < copies[i]; ++c) weighted.push_back(s.record.samples[i]);
      s.record.samples = std::move(weighted);
    }

    GameDriver& driver_;
    std::shared_ptr<Evaluator<G>> evaluator_;
    SparringPlayer sparring_;
    std::vector<Slot> slots_;
    std::vector<EvalItem<G>> items_;
    std::vector<float> policy_, prior_;
    typename G::ActionList legal_;
  };

  // CPU time of the calling thread, added once per worker at its end.
  void add_thread_cpu_time() { cpu_ns_ += cpu_time_ns(CLOCK_THREAD_CPUTIME_ID); }

  double seconds_since_start() const {
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::chrono::duration<double>(std::chrono::steady_clock::duration(now - start_)).count();
  }

  std::shared_ptr<const void> keep_alive_;
  const G& game_;
  SelfPlayOptions options_;
  EvaluatorFactory factory_;
  SparringFactory sparring_factory_;
  const GameCallback* on_game_ = nullptr;
  std::atomic<std::chrono::steady_clock::rep> start_{
      std::chrono::steady_clock::now().time_since_epoch().count()};
  std::atomic<double> seconds_{0.0};
  std::atomic<bool> finished_{false}, stop_{false};
  std::atomic<int64_t> next_game_{0}, games_{0}, searches_{0}, fast_searches_{0}, actions_{0},
      simulations_{0}, evaluations_{0}, nodes_{0}, collisions_{0}, batches_{0}, resignations_{0},
      playthroughs_{0}, false_resignations_{0}, sparring_games_{0}, sparring_losses_{0},
      sparring_draws_{0}, cpu_ns_{0};
  std::array<std::atomic<int64_t>, SelfPlayStats::kHistogramBuckets> histogram_{};
  std::mutex mutex_;
  std::exception_ptr error_;
};

}  // namespace hz
