// hopzero ladder: rates every checkpoint of a run against a baseline and its neighbours
// (eval/ladder.h); writes RUN/ladder.json and RUN/ladder.csv and prints the table.
#include "eval/ladder.h"

#include <iostream>

#include "apps/command.h"

namespace hz::cli {
namespace {

int run_ladder_command(Args& args) {
  eval::LadderConfig config;
  config.run_dir = args.require_path("run");
  config.baseline = AgentSpec::parse(args.require("baseline"));
  config.games = static_cast<int>(args.get_int("games", 40, 1, 1000000));
  config.sims = static_cast<int>(args.get_int("sims", 200, 1, 10000000));
  config.settings = args.get("agent", "");
  if (!config.settings.empty() && args.has("sims"))
    fail("ladder: give --sims S or --agent SETTINGS, not both");
  if (!config.settings.empty())  // checked now, not after the first match
    AgentSpec::parse("mcts:checkpoint=x," + config.settings);
  config.every = args.get_int("every", 0, 0, 1L << 40);
  config.neighbours = !args.flag("no-neighbours");
  config.threads = static_cast<int>(args.get_int("threads", 1, 1, 1024));
  config.seed = static_cast<uint64_t>(args.get_int("seed", 0, 0, 1L << 62));
  config.opening_plies = static_cast<int>(args.get_int("opening-plies", 2, 0, 1000));
  config.prior_draws = args.get_double("prior-draws", 1.0, 0.0, 1000.0);
  args.finish();
  const eval::LadderTable table = eval::run_ladder(config, std::cout);
  std::cout << eval::ladder_text(table) << "written " << config.run_dir << "/ladder.json and "
            << config.run_dir << "/ladder.csv\n";
  return 0;
}

}  // namespace

HZ_COMMAND("ladder", "rate every checkpoint of a run against a baseline (Bradley-Terry Elo)",
           "--run DIR --baseline SPEC [--games N] [--sims S | --agent SETTINGS] [--every K]\n"
           "       [--no-neighbours] [--threads T] [--seed S] [--opening-plies P]\n"
           "       [--prior-draws D]\n\n"
           "Plays each DIR/ckpt_NNNNNN.pt (as mcts:checkpoint=...,sims=S, or with --agent\n"
           "mcts:checkpoint=...,SETTINGS such as time_ms=200) against the baseline and against\n"
           "the previous checkpoint (unless --no-neighbours), N games per pairing, and fits\n"
           "all ratings at once with the baseline at 0. --every K keeps the checkpoints whose\n"
           "step is a multiple of K, and the newest. Pairings recorded in an earlier\n"
           "DIR/ladder.json with the same settings are not played again. With more than two\n"
           "players each checkpoint plays one seat against a field of the other agent, and the\n"
           "table adds its win share (95% Wilson interval; fair share 1/N) and mean finishing\n"
           "rank against the baseline.",
           run_ladder_command);

}  // namespace hz::cli
