// The checkpoint ladder of a training run: every checkpoint RUN/ckpt_NNNNNN.pt (played as
// `mcts:checkpoint=PATH,<settings>`, settings `sims=200` by default or e.g. `time_ms=200` for
// equal time per move against a timed baseline; or every checkpoint whose step is a multiple of
// `every`, and the newest) against a baseline agent and against its neighbouring
// checkpoints, all ratings fitted at once by maximum likelihood (Bradley-Terry, eval/elo.h)
// with the baseline anchored at 0.
//
// Players: index 0 is the baseline, 1..n the checkpoints by step. Pairings: each checkpoint
// against the baseline, and each checkpoint against the previous one; every pairing is a match
// (eval/match.h) of `games` games with rotating seats (in a game of more than two players, the
// checkpoint against a field of the other agent).
//
// Games of more than two players: each checkpoint's standing against the field of baselines
// (eval/match.h: win share of its seats with a 95% Wilson interval, against the fair share 1/N,
// and its mean finishing rank) is reported next to its rating, and every match records both
// sides' standings.
//
// Files (written atomically; ladder.json carries "format", "version" and a "crc32" checksum
// (core/files.h), checked before its matches are reused):
//   RUN/ladder.csv   checkpoint,step,games,elo,elo_low,elo_high   (one row per checkpoint; with
//                    more than two players also win_share,win_share_low,win_share_high,
//                    mean_rank against the baseline)
//   RUN/ladder.json  the settings, every player with its rating and 95% interval (and its
//                    standing against the baseline), and every match played (specs, settings,
//                    wins/draws/losses, and with more than two players both sides' standings).
//                    A later run reuses the matches recorded there whose specs and settings are
//                    unchanged (and, with more than two players, that record standings: files
//                    written before standings existed have their matches played again), so
//                    adding checkpoints plays only the new pairings.
// The game is read from RUN/config.yaml: its `game:` section (`name:` and `options:`).
//
// Not thread-safe (run_ladder uses threads inside each match).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "eval/elo.h"
#include "eval/match.h"
#include "search/agent.h"

namespace hz::eval {

// Of ladder.json: version 2 is written through nlohmann-json; version 1 (the same fields, numbers
// with 10 significant digits) is still read.
inline constexpr int kLadderVersion = 2;

struct LadderConfig {
  std::string run_dir;
  AgentSpec baseline;
  int games = 40;  // per pairing
  int sims = 200;  // MCTS simulations per move of the checkpoints (when `settings` is empty)
  // Settings of the checkpoints' mcts agent instead of sims=S, e.g. "time_ms=200,batch=4".
  std::string settings;
  long every = 0;          // > 0: only checkpoints whose step is a multiple of it, and the newest
  bool neighbours = true;  // also play each checkpoint against the previous one
  int threads = 1;
  uint64_t seed = 0;
  int opening_plies = 2;
  double prior_draws = 1.0;  // virtual draws per pairing in the fit (eval/elo.h)
};

struct LadderPlayer {
  std::string name;  // "baseline" or the checkpoint's file stem, "ckpt_000400"
  long step = -1;    // -1 for the baseline
  std::string spec;  // agent spec as played
};

struct LadderMatch {
  int a = 0, b = 0;  // player indices
  std::string spec_a, spec_b;
  int games = 0, opening_plies = 0;
  uint64_t seed = 0;
  WDL a_vs_b;
  // More than two players: the standings of a (one seat) and b (the field), when recorded.
  bool has_standings = false;
  Standing a_standing, b_standing;
  // Rotations of seats and distinct opening positions among them (MatchResult); 0 in matches
  // recorded before 2026-12-07.
  int rotations = 0, distinct_openings = 0;
};

struct LadderRow {
  std::string name;
  long step = -1;
  long games = 0;
  double elo = 0, low = 0, high = 0;
  // More than two players: this checkpoint's standing in its match against the baseline.
  std::optional<Standing> vs_baseline;
};

// The fitted ladder of a game with `players` players.
struct LadderTable {
  int players = 2;
  std::vector<LadderRow> rows;  // the baseline first, then the checkpoints by step
};

// The baseline and the checkpoints found in `run_dir` (by step). Throws if there are none.
std::vector<LadderPlayer> ladder_players(const LadderConfig& config);

// The (a, b) player pairs to play for `num_players` players (baseline first): (i, 0) for every
// checkpoint i, and with `neighbours` (i, i - 1) for i >= 2.
std::vector<std::pair<int, int>> ladder_pairings(int num_players, bool neighbours = true);

// Ratings of every player (baseline first, anchored at 0) from the matches of a game with
// `game_players` players (above two, with each checkpoint's standing against the baseline).
LadderTable fit_ladder(const std::vector<LadderPlayer>& players,
                       const std::vector<LadderMatch>& matches, double prior_draws,
                       int game_players = 2);

std::string ladder_csv(const LadderTable& table);  // checkpoints only
std::string ladder_json(const LadderConfig& config, const std::string& game,
                        const LadderTable& table, const std::vector<LadderMatch>& matches);
std::string ladder_text(const LadderTable& table);

// Matches recorded in an earlier RUN/ladder.json (none if absent); throws if it is unreadable.
std::vector<LadderMatch> read_ladder_matches(const std::string& path);

// The whole ladder: reads the game, plays the missing pairings (progress on `log`), fits,
// writes RUN/ladder.json and RUN/ladder.csv, and returns the table.
LadderTable run_ladder(const LadderConfig& config, std::ostream& log);

}  // namespace hz::eval
