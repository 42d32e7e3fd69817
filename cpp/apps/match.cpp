// hopzero match: agents against each other over many games with rotating seats; wins, draws
// and losses per agent and seat, Elo with a 95% interval, optional SPRT, and with more than two
// players win shares and mean finishing ranks (eval/match.h).
#include "eval/match.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "apps/command.h"
#include "core/dir_listing.h"
#include "core/files.h"
#include "games/registry.h"

namespace hz::cli {
namespace {

std::string joined(const std::vector<std::string>& parts) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : " | ") + part;
  return text;
}

// --resume: the report at `path` must be of this same match (game, agents, seed, opening plies)
// for its games to be counted as played.
void check_same_match(const eval::MatchResult& earlier, const AnyGame& game,
                      const eval::MatchConfig& config, const std::string& path) {
  const auto differs = [&](const char* what, const std::string& then, const std::string& now) {
    if (then != now)
      fail("--resume: ", path, " is a match with ", what, " ", quote(then), ", not ", quote(now),
           "; give the same settings, or another --out to start a new match");
  };
  differs("game", earlier.game, game.full_name());
  std::vector<std::string> agents;
  for (const AgentSpec& spec : config.agents) agents.push_back(spec.to_string());
  differs("agents", joined(earlier.agents), joined(agents));
  differs("--seed", std::to_string(earlier.seed), std::to_string(config.seed));
  differs("--opening-plies", std::to_string(earlier.opening_plies),
          std::to_string(config.opening_plies));
}

int run_match_command(Args& args) {
  const std::string game_name = args.require("game");
  const GameOptions options = args.game_options();
  eval::MatchConfig config;
  // --a, --b, --c, ...: one agent each, in letter order; no gaps.
  for (char letter = 'a'; letter <= 'f'; ++letter) {
    const std::string flag(1, letter);
    const std::string spec = args.get(flag, "");
    if (spec.empty() && args.has(flag))
      fail("--", flag, " is empty: give an agent spec such as random or mcts:sims=200");
    if (spec.empty()) {
      for (char later = letter + 1; later <= 'f'; ++later)
        if (args.has(std::string(1, later)))
          fail("--", later, " given without --", letter,
               ": agents are --a, --b, --c, ... in order");
      break;
    }
    config.agents.push_back(AgentSpec::parse(spec));
  }
  config.games = static_cast<int>(args.get_int("games", 100, 1, 10000000));
  config.threads = static_cast<int>(args.get_int("threads", 1, 1, 1024));
  config.seed = static_cast<uint64_t>(args.get_int("seed", 0, 0, 1L << 62));
  config.opening_plies = static_cast<int>(args.get_int("opening-plies", 2, 0, 1000));
  config.save_games_dir = args.get_path("save-games");
  const std::string sprt = args.get("sprt", "");
  if (!sprt.empty()) config.sprt = eval::SprtSettings::parse(sprt);
  const std::string out = args.get_path("out");
  const bool quiet = args.flag("quiet");
  const bool resume = args.flag("resume");
  args.finish();
  if (config.agents.size() < 2) fail("a match needs --a SPEC and --b SPEC");
  if (resume && out.empty())
    fail("--resume continues the match whose report --out names: give --out FILE.json");
  // Where the results go is checked now, not after the whole match has been played.
  if (!config.save_games_dir.empty()) {
    make_dirs(config.save_games_dir);
    check_writable_dir(config.save_games_dir, "--save-games");
  }
  if (!out.empty()) check_output_file(out, "--out");

  auto game = make_game(game_name, options);
  double earlier_seconds = 0;
  if (resume && std::filesystem::exists(out)) {
    const eval::MatchResult earlier = eval::parse_match_report(read_file(out), out);
    check_same_match(earlier, *game, config, out);
    config.played = earlier.outcomes;
    earlier_seconds = earlier.seconds;
    std::fprintf(stderr, "resuming %s: %d games played earlier, %d to play\n", out.c_str(),
                 earlier.games_played(), std::max(0, config.games - earlier.games_played()));
  }
  // The report is rewritten after every game (complete: false), so a killed match keeps the
  // games it finished and --resume continues it.
  const int report_every = std::max(1, config.games / 10);
  eval::MatchResult result =
      eval::run_match(*game, config, [&](const eval::MatchResult& so_far, int) {
        const int finished = so_far.games_played();
        if (!quiet && finished % report_every == 0)
          std::fprintf(stderr, "  %d / %d games\n", finished, config.games);
        if (out.empty()) return;
        eval::MatchResult partial = so_far;
        partial.seconds += earlier_seconds;
        eval::summarize(partial);
        write_file_atomically(out, eval::match_json(partial));
      });
  result.seconds += earlier_seconds;
  std::cout << eval::match_table(result);
  if (!out.empty()) {
    write_file_atomically(out, eval::match_json(result));
    std::cout << "written " << out << "\n";
  }
  return 0;
}

}  // namespace

HZ_COMMAND("match", "play agents against each other: W/D/L per agent and seat, Elo, SPRT",
           "--game NAME [--option k=v ...] --a SPEC --b SPEC [--c SPEC ...] [--games N]\n"
           "       [--threads T] [--seed S] [--opening-plies P] [--out FILE.json]\n"
           "       [--sprt elo0,elo1,alpha,beta] [--quiet] [--save-games DIR] [--resume]\n\n"
           "One agent per seat (seats rotate game by game), or two agents in a game of more\n"
           "players (--a against a field of --b). Each rotation of seats starts from the same\n"
           "P random actions (default 2). Agent specs: random, greedy, alphabeta:depth=4,\n"
           "alphabeta:time_ms=100, mcts:sims=200, mcts:checkpoint=RUN/ckpt_000400.pt,sims=200.\n"
           "--sprt (two agents) stops once the test decides. With more than two players the\n"
           "report adds each agent's win share (95% Wilson interval) against the fair share 1/N\n"
           "and its mean finishing rank (docs/evaluation.md). --out is rewritten after every\n"
           "game; --resume continues the match it holds (same game, agents, seed and opening\n"
           "plies) with the games not yet played, or starts it when the file does not exist.",
           run_match_command);

}  // namespace hz::cli
