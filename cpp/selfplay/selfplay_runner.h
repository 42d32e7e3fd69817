// Self-play settings, statistics, and the type-erased runner that AnyGame::make_selfplay()
// returns (the concrete one is GameDriver<G>, selfplay/game_driver.h).
//
// A runner plays games with MCTS on worker threads and hands each finished game (selfplay/
// sample.h) to a callback. The callback is called from worker threads but never concurrently
// (the runner serialises calls). stats() and stop() may be called from any thread.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "core/error.h"
#include "search/mcts_config.h"
#include "selfplay/sample.h"

namespace hz {

struct SelfPlayOptions {
  MctsConfig mcts = default_mcts();
  TemperatureSchedule temperature;
  int threads = 1;
  int games_per_thread = 16;  // games one worker drives at once; their leaves share a batch
  int64_t max_games = 0;      // games to finish in all; 0: until stop()
  uint64_t first_game_id = 0;
  uint64_t seed = 0;
  // Resignation (two-player games only): the mover resigns when both the root value and the
  // best child's value for it are below the threshold. A fraction of games never resign and play
  // on, recording whether the resignation would have been false (the resigner did not lose).
  double resign_threshold = -1.0;  // <= -1: never resign
  double resign_playthrough_fraction = 0.1;
  // Playout cap randomization (KataGo): a share `full_search_fraction` of searched positions get
  // the full search (mcts.simulations, root noise) and are policy targets; the others get
  // `fast_simulations` without root noise and give value targets only (or no sample, without
  // `fast_value_targets`). 1: every search is full.
  double full_search_fraction = 1.0;
  int64_t fast_simulations = 8;
  bool fast_value_targets = true;
  // Policy surprise weighting (selfplay/surprise.h): this share of each game's policy-target
  // weight goes to its samples in proportion to KL(policy target || prior); 0: one copy each.
  double policy_surprise_weight = 0.0;
  // Value targets of a game that ends k actions after a position are its returns times
  // value_discount^k (1: the returns), so that the network learns to prefer faster wins and
  // later losses; terminal positions (k = 0) keep their returns, as the search's do.
  double value_discount = 1.0;
  // Margin value targets (KataGo's score utility, by the game's own measure): a value target is
  // (1 - margin_weight) * (the returns, discounted as above) + margin_weight * the margins
  // (game.h) of the game's last position, so that positions of drawn or lost games still differ
  // by how far ahead each player ended. 0: off. Only games whose states define margins().
  double margin_weight = 0.0;
  // Sparring (an opponent of another kind, where self-play shares its own blind spots): in a
  // share `sparring_fraction` of games, one seat drawn from the game's RNG is played by the agent
  // `sparring_agent` (an agent spec, e.g. "alphabeta:depth=2") instead of the search. Its moves
  // give no samples; the searched seats' samples take the game's returns as usual. 0: off.
  double sparring_fraction = 0.0;
  std::string sparring_agent;

  static MctsConfig default_mcts() {
    MctsConfig c;
    c.simulations = 200;
    c.dirichlet_fraction = 0.25f;
    c.leaves_per_round = 8;
    return c;
  }
  bool resign_enabled() const { return resign_threshold > -1.0; }
  void validate() const {
    mcts.validate();
    temperature.validate();
    if (threads < 1 || threads > 1024) fail("self-play: threads must be in [1, 1024]");
    if (games_per_thread < 1 || games_per_thread > 65536)
      fail("self-play: games per thread must be in [1, 65536]");
    if (max_games < 0) fail("self-play: max games must be >= 0");
    if (resign_threshold > 1.0) fail("self-play: resign threshold must be <= 1");
    if (!(resign_playthrough_fraction >= 0.0 && resign_playthrough_fraction <= 1.0))
      fail("self-play: resign playthrough fraction must be in [0, 1]");
    if (!(full_search_fraction > 0.0 && full_search_fraction <= 1.0))
      fail("self-play: full search fraction must be in (0, 1], not ", full_search_fraction);
    if (!(value_discount > 0.0 && value_discount <= 1.0))
      fail("self-play: value discount must be in (0, 1], not ", value_discount);
    if (!(margin_weight >= 0.0 && margin_weight <= 1.0))
      fail("self-play: margin weight must be in [0, 1], not ", margin_weight);
    if (!(sparring_fraction >= 0.0 && sparring_fraction <= 1.0))
      fail("self-play: sparring fraction must be in [0, 1], not ", sparring_fraction);
    if (sparring_fraction > 0.0 && sparring_agent.empty())
      fail("self-play: sparring fraction ", sparring_fraction, " needs a sparring agent");
    if (!(policy_surprise_weight >= 0.0 && policy_surprise_weight <= 1.0))
      fail("self-play: policy surprise weight must be in [0, 1], not ", policy_surprise_weight);
    if (full_search_fraction < 1.0 && (fast_simulations < 1 || fast_simulations > mcts.simulations))
      fail("self-play: fast simulations must be in [1, simulations = ", mcts.simulations, "], not ",
           fast_simulations);
  }
};

struct SelfPlayStats {
  static constexpr int kHistogramBuckets = 16;  // bucket k counts batches of [2^k, 2^(k+1)) items
  double seconds = 0.0;                         // wall time
  double cpu_seconds = 0.0;  // CPU time of the workers, known once run() has returned
  int64_t games = 0;
  int64_t searches = 0;       // positions searched (one sample each, unless fast and skipped)
  int64_t fast_searches = 0;  // of them, cheap searches (playout cap randomization)
  int64_t actions = 0;        // actions applied (searched and forced)
  int64_t simulations = 0, evaluations = 0, nodes = 0, collisions = 0;
  int64_t batches = 0;
  std::array<int64_t, kHistogramBuckets> batch_histogram{};
  int64_t resignations = 0;        // games ended by resignation
  int64_t playthroughs = 0;        // play-on games in which someone would have resigned
  int64_t false_resignations = 0;  // ... and that player did not lose
  // Games with a sparring seat, and of them those the sparring seat lost (another seat's
  // return strictly better) and drew (tied for the best): the network's wins and draws.
  int64_t sparring_games = 0, sparring_losses = 0, sparring_draws = 0;

  double average_batch() const { return batches ? static_cast<double>(evaluations) / batches : 0; }
  double per_second(int64_t n) const { return seconds > 0 ? n / seconds : 0.0; }
  double per_cpu_second(int64_t n) const { return cpu_seconds > 0 ? n / cpu_seconds : 0.0; }
  std::string to_string() const;  // several lines, for logs and the bench command
};

using GameCallback = std::function<void(FinishedGame&&)>;

class SelfPlayRunner {
 public:
  virtual ~SelfPlayRunner() = default;
  // Plays until max_games games have finished or stop() is called; games unfinished at a stop
  // are dropped. Rethrows the first error of any worker. Call once.
  virtual void run(const GameCallback& on_game) = 0;
  virtual void stop() = 0;
  virtual SelfPlayStats stats() const = 0;
};

}  // namespace hz
