#include "train/run_config.h"

#include "games/registry.h"
#include "search/agent.h"

namespace hz {

namespace {

// The root search (PUCT or Gumbel) and playout cap randomization.
void read_search_kind(ConfigSection& s, SelfPlayOptions& o) {
  const std::string root =
      s.get_string("search", "puct", {"puct", "gumbel"},
                   "root search: puct (visit-count policy) or gumbel (Gumbel AlphaZero: "
                   "sequential halving, completed-Q improved policy as the policy target)");
  o.mcts.root_search = root == "gumbel" ? RootSearch::kGumbel : RootSearch::kPuct;
  const std::string interior = s.get_string(
      "interior", "puct", {"puct", "gumbel"},
      "selection below the root: puct, or gumbel (argmax improved policy - visit share)");
  o.mcts.interior = interior == "gumbel" ? InteriorSelection::kGumbel : InteriorSelection::kPuct;
  o.mcts.gumbel_considered = s.get_int("gumbel_considered", 16, 1, 4096,
                                       "gumbel: root actions sequential halving starts from");
  o.mcts.gumbel_c_visit =
      s.get_double("gumbel_c_visit", 50.0, 0.0, 1e6, "gumbel: c_visit of sigma(q)");
  o.mcts.gumbel_c_scale =
      s.get_double("gumbel_c_scale", 0.1, 1e-6, 1e3, "gumbel: c_scale of sigma(q)");
  o.mcts.gumbel_rescale_q = s.get_bool(
      "gumbel_rescale_q", true,
      "gumbel: q_hat of sigma(q) is completed Q min-max rescaled to [0, 1] (true, the paper's), "
      "or (q + 1) / 2 (false: near-equal values are not stretched apart)");
  o.full_search_fraction = s.get_double(
      "full_search_fraction", 1.0, 1e-3, 1.0,
      "playout cap randomization: share of searches that are full (policy targets); the rest "
      "use fast_simulations and give value targets only (1: every search full)");
  o.fast_simulations = s.get_int("fast_simulations", 8, 1, 1000000, "simulations of a fast search");
  o.fast_value_targets = s.get_bool("fast_value_targets", true,
                                    "fast-search positions are value targets (else not recorded)");
  o.policy_surprise_weight = s.get_double(
      "policy_surprise_weight", 0.0, 0.0, 1.0,
      "policy surprise weighting (KataGo): this share of each game's policy-target samples' "
      "weight goes in proportion to KL(policy target || prior), the rest evenly; a sample of "
      "weight w is written floor(w) times and once more with probability w - floor(w) (0: off)");
  o.value_discount = s.get_double(
      "value_discount", 1.0, 0.5, 1.0,
      "value targets are the game's returns times value_discount^k, k = the actions from the "
      "position to the game's end (1: the returns): faster wins and later losses are worth more");
  o.margin_weight = s.get_double(
      "margin_weight", 0.0, 0.0, 1.0,
      "value targets are (1 - w) * returns + w * margins of the game's last position (the game's "
      "measure of how far each player is ahead: material, distance); 0: off; games that define "
      "margins only");
}

void read_selfplay(ConfigSection s, RunConfig& r) {
  SelfPlayOptions& o = r.selfplay;
  o.threads = s.get_int("threads", 1, 1, 256, "self-play worker threads");
  o.games_per_thread = s.get_int("games_per_thread", 32, 1, 65536,
                                 "games each worker plays at once (their leaves share a batch)");
  o.mcts.simulations = s.get_int("simulations", 64, 1, 1000000, "MCTS simulations per move");
  o.mcts.leaves_per_round = s.get_int("leaves_per_round", 4, 1, 1024,
                                      "leaves one tree sends to one network call (virtual loss)");
  o.mcts.c_puct = s.get_double("cpuct", 1.25, 1e-3, 100.0, "PUCT exploration constant");
  o.mcts.fpu_reduction =
      s.get_double("fpu", 0.25, 0.0, 2.0, "first-play urgency reduction for unvisited children");
  o.mcts.dirichlet_alpha =
      s.get_double("dirichlet_alpha", 0.3, 1e-3, 100.0, "root Dirichlet noise concentration");
  o.mcts.dirichlet_fraction =
      s.get_double("dirichlet_fraction", 0.25, 0.0, 1.0, "share of Dirichlet noise in root priors");
  o.mcts.reuse_tree = s.get_bool("reuse_tree", true, "keep the subtree of the played move");
  read_search_kind(s, o);
  o.temperature.initial =
      s.get_double("temperature", 1.0, 0.0, 100.0, "move-choice temperature in the opening");
  o.temperature.moves = s.get_int("temperature_moves", 20, 0, 100000,
                                  "actions played at `temperature` before `final_temperature`");
  o.temperature.final = s.get_double("final_temperature", 0.0, 0.0, 100.0,
                                     "temperature afterwards (0: most visited)");
  o.resign_threshold = s.get_double("resign_threshold", -1.0, -1.0, 1.0,
                                    "resign below this value (two players; -1: never)");
  o.resign_playthrough_fraction = s.get_double("resign_playthrough", 0.1, 0.0, 1.0,
                                               "share of games that never resign (to check it)");
  o.sparring_fraction = s.get_double(
      "sparring_fraction", 0.0, 0.0, 1.0,
      "share of games in which one seat (drawn per game) is played by sparring_agent instead "
      "of the search: the network also learns from an opponent that does not share its blind "
      "spots; that seat's moves give no samples (0: off)");
  o.sparring_agent =
      s.get_string("sparring_agent", "alphabeta:depth=2", {},
                   "agent spec of the sparring seat (docs/evaluation.md); a fixed depth keeps runs "
                   "reproducible, a time limit does not");
  r.selfplay_torch_threads =
      s.get_int("torch_threads", 1, 1, 256, "LibTorch intra-op threads of each self-play worker");
  s.finish();
}

void read_training(ConfigSection s, RunConfig& r) {
  r.trainer = TrainerConfig::from_config(s);
  LoopConfig& l = r.loop;
  l.window = s.get_int("window", l.window, 1, 1L << 32, "replay window size, samples");
  l.min_samples = s.get_int("min_samples", l.min_samples, 1, 1L << 32,
                            "samples generated before the first training step");
  l.train_ratio = s.get_double("train_samples_per_generated_sample", l.train_ratio, 1e-3, 1e4,
                               "minibatch samples trained per self-play sample generated");
  l.publish_every = s.get_int("publish_every", l.publish_every, 1, 1L << 32,
                              "steps between publishing new weights to self-play");
  l.checkpoint_every =
      s.get_int("checkpoint_every", l.checkpoint_every, 1, 1L << 32, "steps between checkpoints");
  l.log_every = s.get_int("log_every", l.log_every, 1, 1L << 32, "steps between metrics lines");
  l.total_steps =
      s.get_int("total_steps", l.total_steps, 0, 1L << 40, "training steps of the run (0: games)");
  l.total_games = s.get_int("total_games", l.total_games, 0, 1L << 40,
                            "self-play games of the run, used when total_steps is 0");
  l.time_budget_s = s.get_double(
      "time_budget_s", l.time_budget_s, 0.0, 1e9,
      "run time (all segments, s) after which the run ends; learning-rate schedules then "
      "progress with the share of it spent (0: no budget)");
  l.shard_games =
      s.get_int("shard_games", l.shard_games, 1, 1L << 20, "finished games per sample shard");
  l.torch_threads =
      s.get_int("torch_threads", l.torch_threads, 1, 256, "LibTorch intra-op threads of training");
  s.finish();
  if (l.total_steps == 0 && l.total_games == 0)
    fail("config: training.total_steps or training.total_games must be positive");
  if (l.min_samples > l.window)
    fail("config: training.min_samples (", l.min_samples, ") exceeds training.window (", l.window,
         ")");
  r.trainer.total_steps = l.total_steps;
}

void read_evaluation(ConfigSection s, RunConfig& r) {
  EvalConfig& e = r.eval;
  e.games = s.get_int("games", e.games, 0, 100000,
                      "end-of-run games against uniform-evaluator MCTS (0: skip)");
  e.simulations = s.get_int("simulations", 0, 0, 1000000,
                            "simulations per move for both sides (0: the self-play value)");
  e.random_opening_plies = s.get_int("random_opening_plies", e.random_opening_plies, 0, 1000,
                                     "random actions opening each pair of seat-swapped games");
  e.threads = s.get_int("threads", e.threads, 1, 256, "evaluation games played at once");
  s.finish();
}

void read_distributed(ConfigSection s, RunConfig& r) {
  DistributedConfig& d = r.distributed;
  d.learners = s.get_int("learners", d.learners, 1, 4096,
                         "ranks 0..learners-1 train data-parallel (averaging gradients); the "
                         "other ranks but 0 play (mpirun runs only)");
  d.connect_timeout_s = s.get_double("connect_timeout_s", d.connect_timeout_s, 1.0, 86400.0,
                                     "start-up: seconds a rank waits to hear from the others");
  d.drain_timeout_s = s.get_double("drain_timeout_s", d.drain_timeout_s, 0.1, 86400.0,
                                   "end: seconds rank 0 waits for the actors' last games");
  d.games_in_flight = s.get_int("games_in_flight", d.games_in_flight, 1, 1 << 20,
                                "per actor: finished games sent but not yet taken by rank 0 "
                                "before its self-play waits");
  s.finish();
}

}  // namespace

RunConfig RunConfig::from_config(Config& config) {
  RunConfig r;
  ConfigSection root = config.root();
  r.seed = static_cast<uint64_t>(root.get_int("seed", 1, 0, 1L << 62, "seed of the whole run"));
  ConfigSection game = root.section("game", "the game variant");
  r.game = game.get_string("name", "", {}, "registered game name");
  if (r.game.empty()) fail("config '", config.source(), "': game.name is required");
  r.game_options = game.options_map("options", "rule options of the variant");
  game.finish();
  auto variant = make_game(r.game, r.game_options);  // validates name and options
  r.game_options = variant->options();
  r.network = NetworkConfig::from_config(root.section("network", "the network"),
                                         variant->observation_shape(), variant->num_actions(),
                                         variant->num_players(), variant->policy_cells());
  read_selfplay(root.section("selfplay", "self-play workers"), r);
  read_training(root.section("training", "the trainer and the training loop"), r);
  read_evaluation(root.section("evaluation", "the end-of-run match"), r);
  read_distributed(root.section("distributed", "runs started with mpirun (docs/distributed.md)"),
                   r);
  root.finish();
  r.selfplay.seed = r.seed;
  r.selfplay.validate();
  PlayerValues margins{};
  if (r.selfplay.margin_weight > 0.0 && !variant->new_initial_state()->margins(margins))
    fail("config '", config.source(), "': selfplay.margin_weight is ", r.selfplay.margin_weight,
         ", but ", r.game, " defines no margins (docs/training.md); set it to 0");
  if (r.selfplay.sparring_fraction > 0.0) {
    try {
      variant->make_agent(AgentSpec::parse(r.selfplay.sparring_agent), 0);
    } catch (const Error& e) {
      fail("config '", config.source(), "': selfplay.sparring_agent '", r.selfplay.sparring_agent,
           "': ", e.what());
    }
  }
  r.resolved_yaml = config.resolved_yaml();
  return r;
}

}  // namespace hz
