// Matches between agents (any kinds: alpha-beta, greedy, MCTS with or without a checkpoint,
// random), over many games with rotating seats, and what they report.
//
// Seating: with K agents in an N-player game, either K == N (agent k sits in seat (k + g) % N
// in game g, so over N games every agent plays every seat), or K == 2 < N (agent 0 against a
// field of agent 1: agent 0 sits in seat g % N, agent 1's spec fills the other seats, each its
// own instance). The games of one rotation (g / N) start from the same random opening of
// `opening_plies` uniformly random actions, so seat swaps compare like with like.
//
// Outcome of a game for a seat: a win if its return is strictly above every other seat's, a
// loss if strictly below the best other seat's, a draw otherwise. Per agent (K == N) the
// report gives wins/draws/losses overall and per seat, the pairwise results between agents (A
// ahead of B in a game: a win for A), an Elo difference with a 95% interval for two agents and
// Bradley-Terry ratings relative to the first agent for more. With K == 2 < N the pairwise
// result is agent 0's outcome against the field.
//
// Games of more than two players also report each agent's standing, counted over the seats it
// sat in (one per game; N - 1 per game for the field): its win share (seats won / seats, with a
// 95% Wilson interval) against the fair share 1/N, and its mean finishing rank. Ranks come from
// the returns (1 = the highest); seats with equal returns share the mean of the places they
// take, so returns (1, -0.5, -0.5) rank 1, 2.5, 2.5. With Chinese Checkers' play_to_finish the
// returns order every seat; without it the winner is rank 1 and the others share 2..N (their
// mean, (N + 2) / 2), unless a capped game ranked them by remaining distance. The field's seats
// in one game are not independent (at most one of them wins), so its interval is approximate.
//
// Threads: games run on `threads` threads, the i-th game still to play (game i when none was
// played before, see MatchConfig::played) on thread i % threads, each thread with its
// own agents (AnyGame::make_agent, seeded from the match seed, thread and agent; reset between
// games); one seed and thread count give the same games wherever agents are deterministic
// (no time limits). With SPRT (two agents) no new game starts once the test has decided;
// games already running finish and are counted.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "eval/elo.h"
#include "games/any_game.h"
#include "search/agent.h"

namespace hz::eval {

// What one seat spent in one game, timed by the match around select_action, so that a report
// shows whether both sides had the same time and what each did with it. A turn is a run of
// decisions by one seat. The search's size is read at the seat's first turn of the game, a
// position every game of a match reaches alike (later turns near a decided end search faster
// and would swamp a mean): the root visits of searches that report them (MCTS, a kept subtree's
// included) and alpha-beta's nodes and completed depth (0 where not reported). Summed over
// games, `first_turns` counts the first turns added up.
struct SeatEffort {
  long turns = 0;
  long decisions = 0;
  double seconds = 0;
  long first_turns = 0;
  long long first_visits = 0;
  long long first_nodes = 0;
  long first_depth = 0;
  SeatEffort& operator+=(const SeatEffort& o);
};

// One finished game.
struct GameOutcome {
  int index = 0;
  std::vector<int> seat_agent;  // agent sitting in each seat
  std::vector<float> returns;   // per seat
  int actions = 0;
  std::vector<SeatEffort> effort;  // per seat; empty in reports written before 2026-12-07
  // The position the agents started from, after the random opening (AnyState::hash, stable
  // across processes); unset in reports written before 2026-12-07.
  std::optional<uint64_t> opening;
};

struct MatchConfig {
  std::vector<AgentSpec> agents;
  int games = 100;
  int threads = 1;
  uint64_t seed = 0;
  int opening_plies = 2;
  std::optional<SprtSettings> sprt;
  // When set, every game is written there as a game record (eval/record.h), game_NNNNNN.txt.
  std::string save_games_dir;
  // When set, no new game starts once it turns true (a training run's Ctrl-C); games already
  // running finish and are counted. Not owned.
  const std::atomic<bool>* stop = nullptr;
  // Games of an earlier, interrupted run of this same match (same game, agents, seed and
  // opening plies; `hopzero match --resume` reads them back from its report): they count as
  // played, and only the other indices below `games` are played now. Game g's opening and
  // seating depend on the seed and g alone, so the whole is the match one run would have played
  // (the same games where agents are deterministic).
  std::vector<GameOutcome> played;
};

// Finishing ranks of the seats of one game from its returns (see above): 1 + the number of
// seats with a higher return + half the number of other seats with an equal one.
std::vector<double> finishing_ranks(const std::vector<float>& returns);

// An agent's standing over the seats it sat in (see above).
struct Standing {
  long seats = 0;       // (game, seat) pairs
  long wins = 0;        // of those, seats that won (return strictly above every other seat's)
  double rank_sum = 0;  // sum of their finishing ranks
  ShareInterval win_share() const { return wilson_interval(wins, seats); }
  double mean_rank() const { return seats ? rank_sum / seats : 0.0; }
  Standing& operator+=(const Standing& o) {
    seats += o.seats, wins += o.wins, rank_sum += o.rank_sum;
    return *this;
  }
};

struct AgentTally {
  WDL total;
  std::vector<WDL> by_seat;  // the seats this agent sat in
  double return_sum = 0;
  Standing standing;
  SeatEffort effort;  // over its seats in games that recorded it (the field: all its seats)
};

struct MatchResult {
  std::string game;  // full name of the variant
  std::vector<std::string> agents;
  int players = 0;
  int games_requested = 0;
  std::vector<GameOutcome> outcomes;  // in order of game index
  std::vector<AgentTally> tallies;    // per agent
  std::vector<PairResult> pairwise;   // per pair of agents (a < b)
  std::optional<EloInterval> elo;     // two agents: agent 0 minus agent 1
  std::optional<Ratings> ratings;     // more than two agents: relative to agent 0
  std::optional<SprtSettings> sprt_settings;
  std::optional<SprtStatus> sprt;
  uint64_t seed = 0;
  int opening_plies = 0;
  double seconds = 0;     // wall time of run_match (a resumed match: of this run only)
  bool complete = false;  // run_match returned (false in the progress callback's view)
  // Over the games that recorded their opening: rotations of seats (games index / players) and
  // distinct opening positions among them. A game with few openings (Jumpers 6x6 has 4 after 2
  // actions) replays the same few games where agents are deterministic, and its games are then
  // not the independent trials the intervals assume.
  int rotations = 0;
  int distinct_openings = 0;

  int games_played() const { return static_cast<int>(outcomes.size()); }
};

// Called after each finished game, from a worker thread under the match's lock (one call at a
// time), with the match so far: `so_far.outcomes` holds every finished game (config.played
// first) in finishing order, `so_far.seconds` the time so far; nothing else is summarized (call
// summarize on a copy). `game` is the index of the game just finished. For progress output and
// for reports written as the match goes (`hopzero match --out`).
using MatchProgress = std::function<void(const MatchResult& so_far, int game)>;

MatchResult run_match(const AnyGame& game, const MatchConfig& config,
                      const MatchProgress& progress = nullptr);

// Recomputes tallies, pairwise results, Elo/ratings and SPRT from `outcomes` (run_match calls
// it; tests call it on constructed outcomes).
void summarize(MatchResult& result);

// Version of the match report (`hopzero match --out`, docs/evaluation.md): 2 is written through
// nlohmann-json and starts with "format" and "version"; version 1 (no such fields) wrote numbers
// with 10 significant digits.
inline constexpr int kMatchReportVersion = 2;
std::string match_json(const MatchResult& result);
// A match report (match_json's text) read back: game, agents, players, games_requested, seed,
// opening_plies, seconds, complete and the games (outcomes); nothing summarized. Malformed text,
// another format or version, or a report without the fields a resume needs (written before
// they were added) is an hz::Error naming `what`.
MatchResult parse_match_report(std::string_view text, std::string_view what);
// Pieces of the reports, shared with the ladder (eval/ladder.h): a standing's JSON fields
// (seat_games, seat_wins, win_share, win_share_low, win_share_high, mean_rank) added to an
// object, the line that explains the standing columns, and the columns
// "seats wins share [low, high] rank".
void add_standing(Json& object, const Standing& standing);
std::string standing_header(int players);
std::string standing_cells(const Standing& standing);
std::string match_table(const MatchResult& result);

}  // namespace hz::eval
