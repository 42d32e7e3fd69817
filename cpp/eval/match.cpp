#include "eval/match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
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

namespace {
void add_wdl(Json& object, const WDL& w) {
  object["games"] = w.games();
  object["wins"] = w.wins;
  object["draws"] = w.draws;
  object["losses"] = w.losses;
  object["score"] = w.score();
}
Json interval_json(Json object, double elo, double low, double high) {
  object["elo"] = elo;
  object["elo_low"] = low;
  object["elo_high"] = high;
  return object;
}
}  // namespace

void add_standing(Json& object, const Standing& st) {
  const ShareInterval share = st.win_share();
  object["seat_games"] = st.seats;
  object["seat_wins"] = st.wins;
  object["win_share"] = share.share;
  object["win_share_low"] = share.low;
  object["win_share_high"] = share.high;
  object["mean_rank"] = st.mean_rank();
}

std::string standing_header(int players) {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "standing (%d players): fair share 1/%d = %.3f; rank 1 = best, tied seats share "
                "the mean of their places\n",
                players, players, 1.0 / players);
  return buf;
}

std::string standing_cells(const Standing& st) {
  const ShareInterval share = st.win_share();
  char buf[96];
  std::snprintf(buf, sizeof buf, "%6ld %6ld %6.3f [%5.3f, %5.3f] %6.2f", st.seats, st.wins,
                share.share, share.low, share.high, st.mean_rank());
  return buf;
}

namespace {

// An agent's effort (match.h SeatEffort) and its means; nothing for reports without one.
void add_effort(Json& object, const SeatEffort& e) {
  if (e.decisions == 0) return;
  object["turns"] = e.turns;
  object["decisions"] = e.decisions;
  object["think_seconds"] = e.seconds;
  object["ms_per_turn"] = e.turns ? 1000.0 * e.seconds / e.turns : 0.0;
  if (e.first_turns == 0) return;
  const double n = static_cast<double>(e.first_turns);
  if (e.first_visits) object["first_turn_root_visits"] = e.first_visits / n;
  if (e.first_nodes) {
    object["first_turn_nodes"] = e.first_nodes / n;
    object["first_turn_depth"] = e.first_depth / n;
  }
}

// Each agent's results: overall, by seat, and (more than two players) its standing.
Json agents_json(const MatchResult& r) {
  Json agents = Json::array();
  for (size_t k = 0; k < r.agents.size(); ++k) {
    const AgentTally& t = r.tallies[k];
    Json agent = {{"agent", static_cast<int>(k)}, {"spec", r.agents[k]}};
    add_wdl(agent, t.total);
    agent["mean_return"] = r.outcomes.empty() ? 0.0 : t.return_sum / r.games_played();
    if (r.players > 2) add_standing(agent, t.standing);
    add_effort(agent, t.effort);
    Json seats = Json::array();
    for (int s = 0; s < r.players; ++s) {
      if (t.by_seat[s].games() == 0) continue;
      Json seat = {{"seat", s}};
      add_wdl(seat, t.by_seat[s]);
      seats.push_back(std::move(seat));
    }
    agent["seats"] = std::move(seats);
    agents.push_back(std::move(agent));
  }
  return agents;
}

// Every game: its index, length, which agent sat where, and the returns.
Json games_json(const MatchResult& r) {
  Json games = Json::array();
  for (const GameOutcome& o : r.outcomes) {
    Json returns = Json::array();
    for (float v : o.returns) returns.push_back(static_cast<double>(v));
    Json game = {{"index", o.index},
                 {"actions", o.actions},
                 {"seat_agent", o.seat_agent},
                 {"returns", std::move(returns)}};
    if (!o.effort.empty()) {
      Json effort = Json::array();
      for (const SeatEffort& e : o.effort)
        effort.push_back(
            {e.turns, e.decisions, e.seconds, e.first_visits, e.first_nodes, e.first_depth});
      game["effort"] = std::move(effort);
    }
    games.push_back(std::move(game));
  }
  return games;
}

}  // namespace

std::string match_json(const MatchResult& r) {
  Json j = {{"format", "hopzero-match"}, {"version", kMatchReportVersion}};
  j["game"] = r.game;
  j["players"] = r.players;
  j["games_requested"] = r.games_requested;
  j["games_played"] = r.games_played();
  j["seed"] = r.seed;
  j["opening_plies"] = r.opening_plies;
  j["seconds"] = r.seconds;
  j["complete"] = r.complete;
  if (r.players > 2) j["fair_share"] = 1.0 / r.players;
  j["agents"] = agents_json(r);
  j["pairwise"] = Json::array();
  for (const PairResult& p : r.pairwise) {
    Json pair = {{"a", p.a}, {"b", p.b}};
    add_wdl(pair, p.a_vs_b);
    j["pairwise"].push_back(std::move(pair));
  }
  if (r.elo)
    j["elo_difference"] = interval_json(Json::object(), r.elo->elo, r.elo->low, r.elo->high);
  if (r.ratings) {
    j["ratings"] = Json::array();
    for (size_t k = 0; k < r.agents.size(); ++k)
      j["ratings"].push_back(interval_json({{"agent", static_cast<int>(k)}}, r.ratings->elo[k],
                                           r.ratings->low[k], r.ratings->high[k]));
  }
  if (r.sprt && r.sprt_settings) {
    const SprtSettings& p = *r.sprt_settings;
    j["sprt"] = {{"elo0", p.elo0},         {"elo1", p.elo1},
                 {"alpha", p.alpha},       {"beta", p.beta},
                 {"llr", r.sprt->llr},     {"lower", r.sprt->lower},
                 {"upper", r.sprt->upper}, {"decision", to_string(r.sprt->decision)}};
  }
  j["games"] = games_json(r);
  return json_text(j, 2, "the match report") + "\n";
}

namespace {
// A game's "effort": per seat [turns, decisions, seconds, and at the first turn root visits,
// nodes and depth].
std::vector<SeatEffort> parse_effort(const Json& j, size_t seats, std::string_view what) {
  if (!j.is_array() || j.size() != seats)
    fail(what, ": a game's \"effort\" is not an array of one entry per seat");
  std::vector<SeatEffort> out;
  for (const Json& e : j) {
    if (!e.is_array() || e.size() != 6 || !std::all_of(e.begin(), e.end(), [](const Json& x) {
          return x.is_number() && x.get<double>() >= 0;
        }))
      fail(what,
           ": a seat's effort is not [turns, decisions, seconds, first turn's visits, nodes, "
           "depth]");
    const long turns = e[0].get<long>();
    out.push_back({turns, e[1].get<long>(), e[2].get<double>(), turns > 0 ? 1 : 0,
                   e[3].get<long long>(), e[4].get<long long>(), e[5].get<long>()});
  }
  return out;
}
}  // namespace

MatchResult parse_match_report(std::string_view text, std::string_view what) {
  const Json j = parse_json(text, what);
  if (!j.is_object() || j.value("format", "") != "hopzero-match")
    fail(what, ": not a hopzero match report (no \"format\": \"hopzero-match\")");
  if (json_field<int>(j, "version", what) != kMatchReportVersion)
    fail(what, ": match report version ", j["version"].dump(), "; this build reads version ",
         kMatchReportVersion);
  if (!j.contains("seed") || !j.contains("complete"))
    fail(what,
         ": the report has no \"seed\" and \"complete\" fields (written by an older "
         "hopzero match), so its games cannot be continued");
  MatchResult r;
  r.game = json_field<std::string>(j, "game", what);
  r.players = json_field<int>(j, "players", what);
  r.games_requested = json_field<int>(j, "games_requested", what);
  r.seed = json_field<uint64_t>(j, "seed", what);
  r.opening_plies = json_field<int>(j, "opening_plies", what);
  r.seconds = json_field<double>(j, "seconds", what);
  r.complete = json_field<bool>(j, "complete", what);
  for (const char* key : {"agents", "games"})
    if (!j.contains(key) || !j[key].is_array()) fail(what, ": no array ", quote(key));
  for (const Json& agent : j["agents"])
    r.agents.push_back(json_field<std::string>(agent, "spec", what));
  for (const Json& g : j["games"]) {
    GameOutcome o;
    o.index = json_field<int>(g, "index", what);
    o.actions = json_field<int>(g, "actions", what);
    o.seat_agent = json_field<std::vector<int>>(g, "seat_agent", what);
    o.returns = json_field<std::vector<float>>(g, "returns", what);
    if (g.contains("effort")) o.effort = parse_effort(g["effort"], o.returns.size(), what);
    r.outcomes.push_back(std::move(o));
  }
  return r;
}

namespace {
std::string elo_text(double v) {
  if (v == std::numeric_limits<double>::infinity()) return "+inf";
  if (v == -std::numeric_limits<double>::infinity()) return "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", v);
  return buf;
}
// "A spec", cut to 34 characters.
std::string agent_label(const MatchResult& r, size_t k) {
  std::string label = str_cat(static_cast<char>('A' + k), " ", r.agents[k]);
  if (label.size() > 34) label = label.substr(0, 31) + "...";
  return label;
}
std::string wdl_row(const std::string& label, const WDL& w, const std::string& tail) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-34s %6ld %6ld %6ld %6ld %6.3f%s\n", label.c_str(), w.games(),
                w.wins, w.draws, w.losses, w.score(), tail.c_str());
  return buf;
}
// "time: A 199.8 ms a turn (first turn: 1412 root visits), B 200.1 ms a turn (first turn:
// 3051224 nodes, depth 10.2)".
std::string effort_lines(const MatchResult& r) {
  std::string out;
  for (size_t k = 0; k < r.agents.size(); ++k) {
    const SeatEffort& e = r.tallies[k].effort;
    if (e.turns == 0) continue;
    char buf[160];
    int n = std::snprintf(buf, sizeof buf, "%s%c %.1f ms a turn", out.empty() ? "time: " : ", ",
                          static_cast<char>('A' + k), 1000.0 * e.seconds / e.turns);
    const double firsts = std::max(1.0, static_cast<double>(e.first_turns));
    if (e.first_visits)
      n += std::snprintf(buf + n, sizeof buf - n, " (first turn: %.0f root visits)",
                         e.first_visits / firsts);
    if (e.first_nodes)
      std::snprintf(buf + n, sizeof buf - n, " (first turn: %.0f nodes, depth %.1f)",
                    e.first_nodes / firsts, e.first_depth / firsts);
    out += buf;
  }
  return out.empty() ? out : out + "\n";
}
}  // namespace

std::string match_table(const MatchResult& r) {
  char head[400];
  std::snprintf(head, sizeof head,
                "match %s: %d of %d games in %.1f s\n%-34s %6s %6s %6s %6s %6s  %s\n",
                r.game.c_str(), r.games_played(), r.games_requested, r.seconds, "agent / seat",
                "games", "wins", "draws", "losses", "score", "mean return");
  std::string out = head;
  for (size_t k = 0; k < r.agents.size(); ++k) {
    const AgentTally& t = r.tallies[k];
    char mean[32];
    std::snprintf(mean, sizeof mean, "  %+.3f",
                  r.outcomes.empty() ? 0.0 : t.return_sum / r.games_played());
    out += wdl_row(agent_label(r, k), t.total, mean);
    for (int s = 0; s < r.players; ++s)
      if (t.by_seat[s].games()) out += wdl_row(str_cat("    seat ", s), t.by_seat[s], "");
  }
  if (r.players > 2) {
    char head_line[120];
    std::snprintf(head_line, sizeof head_line, "%-34s %6s %6s %6s %-14s %6s\n", "agent", "seats",
                  "wins", "share", " 95% interval", "rank");
    out += standing_header(r.players) + head_line;
    for (size_t k = 0; k < r.agents.size(); ++k) {
      std::snprintf(head_line, sizeof head_line, "%-34s ", agent_label(r, k).c_str());
      out += str_cat(head_line, standing_cells(r.tallies[k].standing), "\n");
    }
  }
  out += effort_lines(r);
  if (r.elo)
    out += str_cat("Elo A - B: ", elo_text(r.elo->elo), "  95% [", elo_text(r.elo->low), ", ",
                   elo_text(r.elo->high), "]\n");
  if (r.ratings)
    for (size_t k = 0; k < r.agents.size(); ++k)
      out += str_cat("Elo ", static_cast<char>('A' + k), " (A = 0): ", elo_text(r.ratings->elo[k]),
                     "  95% [", elo_text(r.ratings->low[k]), ", ", elo_text(r.ratings->high[k]),
                     "]\n");
  if (r.sprt && r.sprt_settings) {
    const SprtSettings& p = *r.sprt_settings;
    char line[200];
    std::snprintf(line, sizeof line,
                  "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f in [%.3f, %.3f] -> %s\n", p.elo0,
                  p.elo1, p.alpha, p.beta, r.sprt->llr, r.sprt->lower, r.sprt->upper,
                  to_string(r.sprt->decision));
    out += line;
  }
  return out;
}

}  // namespace hz::eval
