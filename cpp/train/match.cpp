#include "train/match.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "games/game.h"

namespace hz {

namespace {

// Plays game `g` and returns the returns of every player.
PlayerValues play_one(const AnyGame& game, std::vector<std::unique_ptr<Agent>>& seats,
                      int opening_plies, uint64_t opening_seed) {
  std::unique_ptr<AnyState> state = game.new_initial_state();
  Rng rng(opening_seed);
  for (int i = 0; i < opening_plies && !state->is_terminal(); ++i) {
    const std::vector<Action> legal = state->legal_actions();
    state->apply(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
  }
  for (auto& agent : seats) agent->reset();
  int actions = 0;
  while (!state->is_terminal()) {
    if (++actions > game.max_game_length())
      fail("match: game did not end within ", game.max_game_length(), " actions");
    state->apply(seats[state->current_player()]->select_action(*state));
  }
  return state->returns();
}

}  // namespace

MatchResult play_match(const AnyGame& game, const AgentSpec& a, const AgentSpec& b,
                       const MatchSettings& settings, const std::atomic<bool>* stop) {
  const int players = game.num_players();
  std::mutex mu;
  MatchResult result;
  double total_return = 0;
  std::atomic<int> next{0};
  std::exception_ptr error;
  auto worker = [&](int thread) {
    try {
      // seat_agents[s][p]: the agents when A sits in seat s (built lazily, reused across games).
      std::vector<std::vector<std::unique_ptr<Agent>>> seat_agents(players);
      for (;;) {
        const int g = next++;
        if (g >= settings.games || (stop && *stop)) return;
        const int a_seat = g % players;
        auto& seats = seat_agents[a_seat];
        if (seats.empty())
          for (int p = 0; p < players; ++p)
            seats.push_back(
                game.make_agent(p == a_seat ? a : b, zobrist_key(settings.seed, thread, p + 7)));
        const PlayerValues r = play_one(game, seats, settings.random_opening_plies,
                                        zobrist_key(settings.seed, g / players, 0x09e));
        float best_other = -2.0f;
        for (int p = 0; p < players; ++p)
          if (p != a_seat) best_other = std::max(best_other, r[p]);
        std::lock_guard<std::mutex> lock(mu);
        ++result.games;
        total_return += r[a_seat];
        if (r[a_seat] > best_other)
          ++result.wins;
        else if (r[a_seat] < best_other)
          ++result.losses;
        else
          ++result.draws;
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu);
      if (!error) error = std::current_exception();
      next = settings.games;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, settings.threads); ++t) threads.emplace_back(worker, t);
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  result.mean_return = result.games ? total_return / result.games : 0.0;
  return result;
}

}  // namespace hz
