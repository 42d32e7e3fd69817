// hopzero match: agents against each other over many games with rotating seats; wins, draws
// and losses per agent and seat, Elo with a 95% interval, optional SPRT, and with more than two
// players win shares and mean finishing ranks (eval/match.h).
#include "eval/match.h"

#include <cstdio>
#include <iostream>

#include "apps/command.h"
#include "core/dir_listing.h"
#include "core/files.h"
#include "games/registry.h"

namespace hz::cli {
namespace {

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
  args.finish();
  if (config.agents.size() < 2) fail("a match needs --a SPEC and --b SPEC");
  // Where the results go is checked now, not after the whole match has been played.
  if (!config.save_games_dir.empty()) {
    make_dirs(config.save_games_dir);
    check_writable_dir(config.save_games_dir, "--save-games");
  }
  if (!out.empty()) check_output_file(out, "--out");

  auto game = make_game(game_name, options);
  const int report_every = std::max(1, config.games / 10);
  const eval::MatchResult result = eval::run_match(*game, config, [&](int, int finished) {
    if (!quiet && finished % report_every == 0)
      std::fprintf(stderr, "  %d / %d games\n", finished, config.games);
  });
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
           "       [--sprt elo0,elo1,alpha,beta] [--quiet] [--save-games DIR]\n\n"
           "One agent per seat (seats rotate game by game), or two agents in a game of more\n"
           "players (--a against a field of --b). Each rotation of seats starts from the same\n"
           "P random actions (default 2). Agent specs: random, greedy, alphabeta:depth=4,\n"
           "alphabeta:time_ms=100, mcts:sims=200, mcts:checkpoint=RUN/ckpt_000400.pt,sims=200.\n"
           "--sprt (two agents) stops once the test decides. With more than two players the\n"
           "report adds each agent's win share (95% Wilson interval) against the fair share 1/N\n"
           "and its mean finishing rank (docs/evaluation.md).",
           run_match_command);

}  // namespace hz::cli
