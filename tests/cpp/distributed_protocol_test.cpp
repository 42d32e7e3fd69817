// The parts of distributed training that need no MPI job (docs/distributed.md): a finished game
// crosses from an actor to rank 0 unchanged (so rank 0 journals what local self-play would give),
// networks and trainer states travel as bytes, minibatches too, a damaged message is a clear
// error, and a step on several minibatches is the mean of their gradients, which is what
// data-parallel learners compute together.
#include <gtest/gtest.h>

#include <cmath>

#include "core/config.h"
#include "core/rng.h"
#include "distributed/protocol.h"
#include "games/registry.h"
#include "selfplay_games.h"
#include "test_util.h"
#include "train/checkpoint.h"
#include "train/replay.h"
#include "train/run_config.h"

namespace hz {
namespace {

const std::string kTinyConfig = std::string(HZ_SOURCE_DIR) + "/configs/tiny_alquerque.yaml";

RunConfig tiny_config() {
  Config c = Config::load_file(kTinyConfig);
  return RunConfig::from_config(c);
}

ShardInfo shard_info(const AnyGame& game) {
  ShardInfo info;
  info.game = game.full_name();
  info.observation = game.observation_shape();
  info.num_actions = game.num_actions();
  info.num_players = game.num_players();
  return info;
}

// One self-play game with fast and full searches (uniform evaluator).
FinishedGame one_selfplay_game(const AnyGame& game) {
  SelfPlayOptions options = tiny_config().selfplay;
  options.games_per_thread = 1;
  options.full_search_fraction = 0.5;
  options.fast_simulations = 2;
  return test::uniform_selfplay(game, options, 1).at(0);
}

// The samples of `games` games of the tiny config's self-play, with complete policy support (as
// the replay window holds them).
std::vector<Sample> selfplay_samples(const RunConfig& cfg, const AnyGame& game, int games) {
  std::vector<FinishedGame> played = test::uniform_selfplay(game, cfg.selfplay, games);
  for (FinishedGame& g : played) complete_policy_support(game, g);
  return test::samples_of(played);
}

TEST(DistributedProtocol, AGameArrivesAsTheActorFinishedIt) {
  const RunConfig cfg = tiny_config();
  auto game = make_game(cfg.game, cfg.game_options);
  const ShardInfo info = shard_info(*game);
  const FinishedGame sent = one_selfplay_game(*game);
  ASSERT_GT(sent.samples.size(), 2u);
  SelfPlayStats stats;
  stats.games = 7;
  stats.evaluations = 1234;
  stats.seconds = 2.5;
  stats.batch_histogram[3] = 9;
  stats.sparring_games = 5;
  stats.sparring_draws = 2;
  const std::string bytes = dist::encode_game(info, sent, stats);
  const dist::ReceivedGame got = dist::decode_game("test game", bytes, info);
  EXPECT_EQ(got.game.game_id, sent.game_id);
  EXPECT_EQ(got.game.actions, sent.actions);
  EXPECT_EQ(got.game.returns, sent.returns);
  EXPECT_EQ(got.stats.games, 7);
  EXPECT_EQ(got.stats.evaluations, 1234);
  EXPECT_EQ(got.stats.seconds, 2.5);
  EXPECT_EQ(got.stats.batch_histogram[3], 9);
  EXPECT_EQ(got.stats.sparring_games, 5);
  EXPECT_EQ(got.stats.sparring_draws, 2);
  // The journal stores one-game shards: what rank 0 journals is byte for byte what the actor's
  // game would have given in-process (search values and policy-target flags included).
  ShardInfo one = info;
  one.games = 1;
  EXPECT_EQ(encode_shard(one, got.game.samples), encode_shard(one, sent.samples));
  bool fast = false, full = false;
  for (size_t i = 0; i < sent.samples.size(); ++i) {
    EXPECT_EQ(got.game.samples[i].search_value, sent.samples[i].search_value);
    EXPECT_EQ(got.game.samples[i].policy_target, sent.samples[i].policy_target);
    (sent.samples[i].policy_target ? full : fast) = true;
  }
  EXPECT_TRUE(fast && full);

  // A truncated message and a game of another variant are errors naming them.
  EXPECT_TRUE(contains(error_of([&] {
                         dist::decode_game("game from rank 2", bytes.substr(0, bytes.size() - 9),
                                           info);
                       }),
                       "game from rank 2"));
  auto other = make_game("alquerque", GameOptions::parse("max_plies=41"));
  const std::string wrong =
      error_of([&] { dist::decode_game("game from rank 2", bytes, shard_info(*other)); });
  EXPECT_TRUE(contains(wrong, "max_plies=41")) << wrong;
}

TEST(DistributedProtocol, HandshakeMessagesRoundTripAndDescribeTheRank) {
  dist::Hello hello;
  hello.identity.game = "alquerque(max_plies=40)";
  hello.identity.network = "blocks=1,channels=8";
  hello.config_yaml = "seed: 7\n";
  hello.connect_timeout_s = 3.5;
  const dist::Hello back = dist::decode_hello(dist::encode_hello(hello));
  EXPECT_TRUE(back.identity == hello.identity);
  EXPECT_EQ(back.config_yaml, "seed: 7\n");
  EXPECT_EQ(back.connect_timeout_s, 3.5);
  EXPECT_EQ(hello.identity.describe(),
            "game alquerque(max_plies=40), network blocks=1,channels=8, protocol 2");
  dist::Identity other = hello.identity;
  other.network = "blocks=2,channels=8";
  EXPECT_FALSE(other == hello.identity);
  dist::Identity broken;
  broken.problem = "rank 3 cannot read its config: no such file";
  EXPECT_FALSE(dist::decode_identity("x", dist::encode_identity(broken)) == broken);
  EXPECT_EQ(broken.describe(), broken.problem);
  dist::Go go;
  go.problem = "no";
  go.learners = 3;
  EXPECT_EQ(dist::decode_go(dist::encode_go(go)).learners, 3);
  EXPECT_TRUE(contains(error_of([] { dist::decode_go("abc"); }), "rank 0's go-ahead"));
}

TEST(DistributedProtocol, MinibatchesNetworksAndTrainerStatesTravelAsBytes) {
  const RunConfig cfg = tiny_config();
  auto game = make_game(cfg.game, cfg.game_options);
  ReplayWindow window(*game, 1000);
  window.add_samples(selfplay_samples(cfg, *game, 8));
  Rng rng(11);
  const TrainBatch batch = window.sample_batch(16, rng, true);
  double progress = 0;
  const TrainBatch back = dist::decode_batch(dist::encode_batch(batch, 0.25), &progress);
  EXPECT_EQ(progress, 0.25);
  EXPECT_EQ(back.size, 16);
  EXPECT_EQ(back.observations, batch.observations);
  EXPECT_EQ(back.values, batch.values);
  EXPECT_EQ(back.policy_offsets, batch.policy_offsets);
  EXPECT_EQ(back.policy_indices, batch.policy_indices);
  EXPECT_EQ(back.policy_targets, batch.policy_targets);

  // A trainer's state moves to another trainer (a learner rank) whole: one more step on both
  // gives the same weights. A network moves as its weights.
  Trainer a(cfg.network, cfg.trainer, 1), b(cfg.network, cfg.trainer, 2);
  a.train_step(batch);
  decode_checkpoint("rank 0's trainer state", encode_checkpoint(a, CheckpointMeta{}), b);
  EXPECT_EQ(b.step(), 1);
  a.train_step(batch);
  b.train_step(batch);
  EXPECT_EQ(a.flat_parameters(), b.flat_parameters());
  auto net = decode_network("rank 0's network", encode_network(*a.snapshot()), cfg.network);
  std::vector<float> la(cfg.network.num_actions), lb(cfg.network.num_actions), va(2), vb(2);
  a.snapshot()->forward(batch.observations.data(), 1, la.data(), va.data());
  net->forward(batch.observations.data(), 1, lb.data(), vb.data());
  EXPECT_EQ(la, lb);
  EXPECT_EQ(va, vb);
  NetworkConfig bigger = cfg.network;
  bigger.channels = 16;
  const std::string wrong =
      error_of([&] { decode_network("rank 0's network 3", encode_network(*net), bigger); });
  EXPECT_TRUE(contains(wrong, "rank 0's network 3")) << wrong;
}

// A step on parts {A, B} applies the mean of the two gradients: with SGD without momentum or
// weight decay, w - lr * (gA + gB) / 2, i.e. the midpoint of the single steps on A and on B.
TEST(DistributedProtocol, AStepOnSeveralMinibatchesAppliesTheMeanGradient) {
  RunConfig cfg = tiny_config();
  cfg.trainer.momentum = 0;
  cfg.trainer.weight_decay = 0;
  auto game = make_game(cfg.game, cfg.game_options);
  ReplayWindow window(*game, 1000);
  window.add_samples(selfplay_samples(cfg, *game, 8));
  Rng rng(13);
  const TrainBatch a = window.sample_batch(16, rng, false), b = window.sample_batch(16, rng, false);
  Trainer on_a(cfg.network, cfg.trainer, 9), on_b(cfg.network, cfg.trainer, 9),
      on_both(cfg.network, cfg.trainer, 9), single(cfg.network, cfg.trainer, 9);
  const std::vector<float> w0 = on_a.flat_parameters();
  on_a.train_step(a);
  on_b.train_step(b);
  on_both.train_step(std::vector<TrainBatch>{a, b});
  const std::vector<float> wa = on_a.flat_parameters(), wb = on_b.flat_parameters(),
                           both = on_both.flat_parameters();
  double moved = 0;
  for (size_t i = 0; i < w0.size(); ++i) {
    EXPECT_NEAR(both[i], 0.5 * (wa[i] + wb[i]), 1e-6) << i;
    moved += std::abs(both[i] - w0[i]);
  }
  EXPECT_GT(moved, 1e-3);
  // One part is the plain step; a reducer sees the gradient and what it leaves there is applied
  // (here: none at all, so the weights stay).
  single.train_step(std::vector<TrainBatch>{a});
  EXPECT_EQ(single.flat_parameters(), wa);
  Trainer reduced(cfg.network, cfg.trainer, 9);
  size_t seen = 0;
  reduced.set_gradient_reducer([&](std::vector<float>& g) {
    seen = g.size();
    std::fill(g.begin(), g.end(), 0.0f);
  });
  reduced.train_step(a);
  EXPECT_EQ(seen, w0.size());
  EXPECT_EQ(reduced.flat_parameters(), w0);
}

}  // namespace
}  // namespace hz
