#include "eval/match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "core/error.h"
#include "core/rng.h"
#include "eval/record.h"
#include "games/outcome.h"
#include "search/heuristic_agents.h"

namespace hz::eval {

namespace {

bool field_mode(int agents, int players) {
  return agents == 2 && players > 2;
}

// The agent in each seat of game g (see match.h).
std::vector<int> seating(int game_index, int agents, int players) {
  std::vector<int> seat_agent(players);
  if (field_mode(agents, players)) {
    for (int s = 0; s < players; ++s) seat_agent[s] = s == game_index % players ? 0 : 1;
  } else {
    for (int k = 0; k < agents; ++k) seat_agent[(k + game_index) % players] = k;
  }
  return seat_agent;
}

// Win/draw/loss of seat `s` among `returns` (match.h).
WDL seat_outcome(const std::vector<float>& returns, int s) {
  const int result = seat_result(returns, s);
  WDL w;
  w.wins = result > 0;
  w.losses = result < 0;
  w.draws = result == 0;
  return w;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// One decision of `agent` timed and added to its seat's effort (match.h SeatEffort).
Action timed_decision(Agent& agent, const AnyState& state, bool turn_start, SeatEffort& effort) {
  const auto start = std::chrono::steady_clock::now();
  const Action a = agent.select_action(state);
  effort.seconds += seconds_since(start);
  ++effort.decisions;
  if (!turn_start) return a;
  if (++effort.turns > 1) return a;
  effort.first_turns = 1;
  for (int v : agent.last_search().visits) effort.first_visits += v;
  if (const auto* stats = dynamic_cast<const SearchStatsSource*>(&agent)) {
    const ab::SearchStats st = stats->last_stats();
    effort.first_nodes = static_cast<long long>(st.nodes);
    effort.first_depth = st.depth;
  }
  return a;
}

// The indices below config.games not among config.played, in order; the played games are
// checked against the match (index in range and unique, its seating, one return per seat).
std::vector<int> games_to_play(const MatchConfig& config, int agents, int players) {
  std::vector<char> done(config.games, 0);
  for (const GameOutcome& o : config.played) {
    if (o.index < 0 || o.index >= config.games)
      fail("match: an earlier game has index ", o.index, ", outside the ", config.games,
           " games asked for");
    if (done[o.index]) fail("match: game ", o.index, " is given twice among the earlier games");
    if (o.seat_agent != seating(o.index, agents, players) ||
        static_cast<int>(o.returns.size()) != players)
      fail("match: earlier game ", o.index, " does not have this match's seating for ", agents,
           " agents and ", players, " players");
    done[o.index] = 1;
  }
  std::vector<int> to_play;
  for (int g = 0; g < config.games; ++g)
    if (!done[g]) to_play.push_back(g);
  return to_play;
}

void count_openings(MatchResult& r) {
  std::set<int> rotations;
  std::set<uint64_t> openings;
  for (const GameOutcome& o : r.outcomes)
    if (o.opening) {
      rotations.insert(o.index / r.players);
      openings.insert(*o.opening);
    }
  r.rotations = static_cast<int>(rotations.size());
  r.distinct_openings = static_cast<int>(openings.size());
}

GameOutcome play_game(const AnyGame& game, int index, const std::vector<int>& seat_agent,
                      std::vector<std::unique_ptr<Agent>>& seat_instances,
                      const MatchConfig& config) {
  const int players = game.num_players();
  std::unique_ptr<AnyState> state = game.new_initial_state();
  std::vector<std::string> seat_specs;
  for (int s = 0; s < players; ++s) seat_specs.push_back(config.agents[seat_agent[s]].to_string());
  RecordBuilder record(game, seat_specs);
  Rng rng(zobrist_key(config.seed, static_cast<uint64_t>(index / players), 0x09e));
  for (int i = 0; i < config.opening_plies && !state->is_terminal(); ++i) {
    const std::vector<Action> legal = state->legal_actions();
    const Action a = legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))];
    record.add_action(*state, a, "random opening");
    state->apply(a);
  }
  for (auto& agent : seat_instances) agent->reset();
  GameOutcome out;
  out.index = index;
  out.opening = state->hash();
  out.seat_agent = seat_agent;
  out.effort.assign(players, SeatEffort{});
  int last_mover = -1;
  while (!state->is_terminal()) {
    if (++out.actions > game.max_game_length())
      fail("match: game ", index, " did not end within ", game.max_game_length(), " actions");
    const int mover = state->current_player();
    const Action a =
        timed_decision(*seat_instances[mover], *state, mover != last_mover, out.effort[mover]);
    last_mover = mover;
    record.add_action(*state, a);
    state->apply(a);
  }
  const PlayerValues r = state->returns();
  out.returns.assign(r.begin(), r.begin() + players);
  if (!config.save_games_dir.empty()) {
    char name[32];
    std::snprintf(name, sizeof name, "/game_%06d.txt", index);
    write_record_file(config.save_games_dir + name, game, record.finish(*state));
  }
  return out;
}

}  // namespace

SeatEffort& SeatEffort::operator+=(const SeatEffort& o) {
  turns += o.turns, decisions += o.decisions, seconds += o.seconds;
  first_turns += o.first_turns, first_visits += o.first_visits, first_nodes += o.first_nodes;
  first_depth += o.first_depth;
  return *this;
}

std::vector<double> finishing_ranks(const std::vector<float>& returns) {
  std::vector<double> ranks(returns.size());
  for (size_t s = 0; s < returns.size(); ++s) {
    int higher = 0, equal = 0;
    for (size_t o = 0; o < returns.size(); ++o) {
      if (o == s) continue;
      higher += returns[o] > returns[s];
      equal += returns[o] == returns[s];
    }
    ranks[s] = 1.0 + higher + 0.5 * equal;
  }
  return ranks;
}

namespace {
// The match's settings checked (bad agent specs fail here) and its result before any game.
MatchResult new_match(const AnyGame& game, const MatchConfig& config) {
  const int players = game.num_players(), agents = static_cast<int>(config.agents.size());
  if (agents < 2) fail("a match needs at least two agents");
  if (agents != players && !field_mode(agents, players))
    fail("match: ", agents, " agents for ", game.full_name(), " with ", players,
         " players; give one agent per seat, or two (the first against a field of the second)");
  if (config.sprt && agents != 2) fail("--sprt needs exactly two agents, not ", agents);
  if (config.games < 1) fail("a match needs at least one game");
  if (config.threads < 1) fail("a match needs at least one thread");
  for (const AgentSpec& spec : config.agents) game.make_agent(spec, 0);

  MatchResult result;
  result.game = game.full_name();
  for (const AgentSpec& spec : config.agents) result.agents.push_back(spec.to_string());
  result.players = players;
  result.games_requested = config.games;
  result.sprt_settings = config.sprt;
  result.seed = config.seed;
  result.opening_plies = config.opening_plies;
  return result;
}
}  // namespace

MatchResult run_match(const AnyGame& game, const MatchConfig& config,
                      const MatchProgress& progress) {
  const int players = game.num_players(), agents = static_cast<int>(config.agents.size());
  MatchResult result = new_match(game, config);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<int> to_play = games_to_play(config, agents, players);
  result.outcomes = config.played;

  std::mutex mu;
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  WDL first_agent;  // agent 0's results so far, for the SPRT (guarded by mu)
  auto count_for_sprt = [&](const GameOutcome& o) {
    if (!config.sprt) return;
    const int s = static_cast<int>(std::find(o.seat_agent.begin(), o.seat_agent.end(), 0) -
                                   o.seat_agent.begin());
    first_agent += seat_outcome(o.returns, s);
    if (sprt(first_agent, *config.sprt).decision != SprtDecision::kContinue) stop = true;
  };
  for (const GameOutcome& o : config.played) count_for_sprt(o);
  auto worker = [&](int thread) {
    try {
      // One instance per seat slot: agent k (K == N), or agent 0 and N-1 copies of agent 1.
      std::vector<std::unique_ptr<Agent>> instances;
      for (int i = 0; i < players; ++i) {
        const int agent = field_mode(agents, players) ? (i == 0 ? 0 : 1) : i;
        instances.push_back(
            game.make_agent(config.agents[agent], zobrist_key(config.seed, thread, i)));
      }
      std::vector<std::unique_ptr<Agent>> seat_instances(players);
      auto stopped = [&] { return stop || (config.stop && config.stop->load()); };
      for (size_t i = thread; i < to_play.size() && !stopped(); i += config.threads) {
        const int g = to_play[i];
        const std::vector<int> seat_agent = seating(g, agents, players);
        // Lend the instances to the seats (and take them back after the game).
        int next_copy = 1;
        std::vector<int> lent(players);
        for (int s = 0; s < players; ++s) {
          lent[s] =
              field_mode(agents, players) ? (seat_agent[s] == 0 ? 0 : next_copy++) : seat_agent[s];
          seat_instances[s] = std::move(instances[lent[s]]);
        }
        GameOutcome outcome;
        std::exception_ptr game_error;
        try {
          outcome = play_game(game, g, seat_agent, seat_instances, config);
        } catch (...) {
          game_error = std::current_exception();
        }
        for (int s = 0; s < players; ++s) instances[lent[s]] = std::move(seat_instances[s]);
        if (game_error) std::rethrow_exception(game_error);
        std::lock_guard<std::mutex> lock(mu);
        result.outcomes.push_back(std::move(outcome));
        count_for_sprt(result.outcomes.back());
        if (progress) {
          result.seconds = seconds_since(start);
          progress(result, g);
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  std::vector<std::thread> threads;
  const int thread_count = std::min<int>(config.threads, static_cast<int>(to_play.size()));
  for (int t = 0; t < thread_count && !stop; ++t) threads.emplace_back(worker, t);
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  result.seconds = seconds_since(start);
  result.complete = true;
  summarize(result);
  return result;
}

void summarize(MatchResult& r) {
  const int agents = static_cast<int>(r.agents.size());
  std::sort(r.outcomes.begin(), r.outcomes.end(),
            [](const GameOutcome& a, const GameOutcome& b) { return a.index < b.index; });
  r.tallies.assign(agents, AgentTally{});
  for (auto& t : r.tallies) t.by_seat.assign(r.players, WDL{});
  r.pairwise.clear();
  for (int a = 0; a < agents; ++a)
    for (int b = a + 1; b < agents; ++b) r.pairwise.push_back({a, b, WDL{}});
  const bool field = field_mode(agents, r.players);
  for (const GameOutcome& o : r.outcomes) {
    std::vector<double> agent_return(agents, 0.0);
    std::vector<int> agent_seats(agents, 0);
    const std::vector<double> ranks = finishing_ranks(o.returns);
    for (int s = 0; s < r.players; ++s) {
      const int k = o.seat_agent[s];
      const WDL w = seat_outcome(o.returns, s);
      r.tallies[k].by_seat[s] += w;
      if (!field || k == 0) r.tallies[k].total += w;
      r.tallies[k].standing += Standing{1, w.wins, ranks[s]};
      if (o.effort.size() == o.returns.size()) r.tallies[k].effort += o.effort[s];
      agent_return[k] += o.returns[s];
      ++agent_seats[k];
    }
    for (int k = 0; k < agents; ++k) r.tallies[k].return_sum += agent_return[k] / agent_seats[k];
    if (field) {
      const int s0 = static_cast<int>(std::find(o.seat_agent.begin(), o.seat_agent.end(), 0) -
                                      o.seat_agent.begin());
      const WDL w = seat_outcome(o.returns, s0);
      r.tallies[1].total += w.mirrored();
      r.pairwise[0].a_vs_b += w;
      continue;
    }
    std::vector<int> seat_of(agents);
    for (int s = 0; s < r.players; ++s) seat_of[o.seat_agent[s]] = s;
    for (PairResult& p : r.pairwise) {
      const float ra = o.returns[seat_of[p.a]], rb = o.returns[seat_of[p.b]];
      (ra > rb ? p.a_vs_b.wins : ra < rb ? p.a_vs_b.losses : p.a_vs_b.draws) += 1;
    }
  }
  count_openings(r);
  r.elo.reset();
  r.ratings.reset();
  r.sprt.reset();
  if (agents == 2) {
    r.elo = elo_difference(r.pairwise[0].a_vs_b);
    if (r.sprt_settings) r.sprt = sprt(r.pairwise[0].a_vs_b, *r.sprt_settings);
  } else if (!r.outcomes.empty()) {
    r.ratings = fit_bradley_terry(agents, r.pairwise, 0);
  }
}

}  // namespace hz::eval
