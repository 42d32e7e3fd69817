// Tests of the network, the torch evaluator, the trainer and checkpoints (cpp/nn, cpp/train),
// on tic-tac-toe (toy_game.h) so they do not depend on the real engines.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>

#include "core/dir_listing.h"
#include "core/files.h"
#include "engine/adapter_impl.h"
#include "nn/network.h"
#include "nn/torch_evaluator.h"
#include "temp_dir.h"
#include "test_util.h"
#include "toy_game.h"
#include "train/checkpoint.h"
#include "train/replay.h"
#include "train/trainer.h"

namespace hz {
namespace {

using test::TicTacToe;

NetworkConfig small_config() {
  NetworkConfig c;
  c.blocks = 2;
  c.channels = 8;
  c.value_hidden = 16;
  c.observation = {2, 3, 3};
  c.num_actions = 9;
  c.num_players = 2;
  return c;
}

// Positions reached by random play: a mix of both players to move.
std::vector<TicTacToe::State> random_positions(const TicTacToe& g, int n, uint64_t seed) {
  Rng rng(seed);
  std::vector<TicTacToe::State> out;
  while (static_cast<int>(out.size()) < n) {
    TicTacToe::State s = g.initial_state();
    const int plies = static_cast<int>(rng.uniform_int(7));
    for (int i = 0; i < plies && !s.is_terminal(); ++i) {
      TicTacToe::ActionList legal;
      s.legal_actions(legal);
      s.apply(legal[rng.uniform_int(legal.size())]);
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

// Samples with full legal support: all visit share on the first legal action, value +1 for the
// mover when the number of stones is even.
std::vector<Sample> make_samples(const TicTacToe& g, int n, uint64_t seed) {
  std::vector<Sample> out;
  for (const auto& s : random_positions(g, n, seed)) {
    Sample x;
    x.observation.resize(18);
    s.observation(x.observation.data());
    TicTacToe::ActionList legal;
    s.legal_actions(legal);
    for (int i = 0; i < legal.size(); ++i) x.policy.emplace_back(legal[i], i == 0 ? 1.0f : 0.0f);
    const float v = s.move_number() % 2 == 0 ? 1.0f : -1.0f;
    x.value[0] = v;
    x.value[1] = -v;
    x.ply = s.move_number();
    x.player = s.current_player();
    out.push_back(std::move(x));
  }
  return out;
}

TEST(Network, ConfigRoundTripsAndRejectsBadText) {
  const NetworkConfig c = small_config();
  EXPECT_EQ(NetworkConfig::parse(c.to_string()).to_string(), c.to_string());
  EXPECT_NE(error_of([] { NetworkConfig::parse("blocks=2"); }).find("channels"), std::string::npos);
  EXPECT_NE(error_of([&] { NetworkConfig::parse(c.to_string() + ",extra=1"); }), "");
}

TEST(Network, GatherMatchesFullForwardAndValuesAreBounded) {
  Network net(small_config(), 7);
  const TicTacToe g;
  const auto states = random_positions(g, 5, 1);
  std::vector<float> obs(5 * 18), logits(5 * 9), values(5 * 2);
  for (int i = 0; i < 5; ++i) states[i].observation(&obs[i * 18]);
  net.forward(obs.data(), 5, logits.data(), values.data());
  for (float v : values) {
    EXPECT_GE(v, -1.0f);
    EXPECT_LE(v, 1.0f);
  }
  std::vector<int32_t> offsets{0}, indices;
  for (int i = 0; i < 5; ++i) {
    indices.push_back((i * 4) % 9);
    indices.push_back(8 - i);
    offsets.push_back(static_cast<int32_t>(indices.size()));
  }
  std::vector<float> gathered(indices.size()), values2(10);
  net.forward_gather(obs.data(), 5, offsets.data(), indices.data(), gathered.data(),
                     values2.data());
  for (int i = 0; i < 5; ++i)
    for (int k = offsets[i]; k < offsets[i + 1]; ++k)
      EXPECT_EQ(gathered[k], logits[i * 9 + indices[k]]);
  EXPECT_EQ(values, values2);
  // Same seed, same weights; another seed, other weights.
  Network same(small_config(), 7), other(small_config(), 8);
  std::vector<float> l2(45), v2(10), l3(45), v3(10);
  same.forward(obs.data(), 5, l2.data(), v2.data());
  other.forward(obs.data(), 5, l3.data(), v3.data());
  EXPECT_EQ(l2, logits);
  EXPECT_NE(l3, logits);
  auto copy = net.clone();
  copy->forward(obs.data(), 5, l2.data(), v2.data());
  EXPECT_EQ(l2, logits);
}

// A from_to head on tic-tac-toe's 3x3 cells: action i moves from cell i to cell (i + 4) % 9,
// except action 7, which shares action 0's cells, and action 8, which has none (a "pass").
NetworkConfig from_to_config() {
  NetworkConfig c = small_config();
  c.policy_head = "from_to";
  c.policy_dim = 4;
  std::vector<int32_t> cells;
  for (int i = 0; i < 9; ++i) {
    const int from = i == 7 ? 0 : i, to = i == 7 ? 4 : (i + 4) % 9;
    cells.push_back(i == 8 ? -1 : from);
    cells.push_back(i == 8 ? -1 : to);
  }
  c.set_policy_cells(cells);
  return c;
}

TEST(Network, FromToHeadMapsMovesToCellPairs) {
  const NetworkConfig c = from_to_config();
  EXPECT_EQ(c.policy_special, 1);
  EXPECT_EQ(c.to_string(),
            "blocks=2,channels=8,policy_channels=2,value_channels=1,value_hidden=16,planes=2,"
            "height=3,width=3,actions=9,players=2,policy_head=from_to,policy_dim=4,"
            "policy_special=1");
  EXPECT_EQ(NetworkConfig::parse(c.to_string()).to_string(), c.to_string());
  // A dense config keeps its old text (old checkpoints stay readable).
  EXPECT_EQ(NetworkConfig::parse(small_config().to_string()).policy_head, "dense");
  Network net(c, 3);
  // Far fewer parameters than a dense head's 2 * 9 * 9 + 9 on top of the same tower: two 1x1
  // convolutions 8 -> 4 with biases (2 * 36) and the special layer 8 -> 1 (9).
  Network dense(small_config(), 3);
  EXPECT_EQ(net.num_parameters() - dense.num_parameters(),
            (2 * 36 + 9) - (2 * 8 + 2 + 2 + 2 * 9 * 9 + 9));
  TicTacToe g(GameOptions{});
  const auto positions = random_positions(g, 6, 5);
  std::vector<float> obs(18 * 6), logits(9 * 6), values(2 * 6);
  for (int i = 0; i < 6; ++i) positions[i].observation(obs.data() + 18 * i);
  net.forward(obs.data(), 6, logits.data(), values.data());
  // A new network's moves with cells all start at the same logit (a uniform first policy: the
  // "to" embedding starts at zero, nn/network.cpp); the next test shows the cells apart after
  // training.
  for (int i = 0; i < 6; ++i) {
    for (int a = 1; a < 8; ++a) EXPECT_EQ(logits[9 * i + a], logits[9 * i + 0]) << a;
    EXPECT_TRUE(std::isfinite(logits[9 * i + 8]));
  }
  // Bad maps are refused by name.
  NetworkConfig bad = small_config();
  EXPECT_NE(error_of([&] { bad.set_policy_cells({}); }).find("dense"), std::string::npos);
  std::vector<int32_t> half(18, 0);
  half[4] = -1;  // from without to
  EXPECT_NE(error_of([&] { bad.set_policy_cells(half); }).find("policy index 2"),
            std::string::npos);
}

// 32 samples of random tic-tac-toe games drawn with the given seed, and Adam at 0.01: the
// from_to head tests below train on them.
TrainBatch tictactoe_batch(uint64_t seed) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  ReplayWindow window(*game, 100);
  window.add_samples(make_samples(game->game(), 32, 6));
  Rng rng(seed);
  return window.sample_batch(32, rng, false);
}

TrainerConfig adam_config() {
  TrainerConfig tc;
  tc.optimizer = "adam";
  tc.learning_rate = 0.01;
  return tc;
}

// A map that uses some cells only (from {0, 1, 2, 4, 6}, to {3, 5, 8}) and two moves without
// cells: the head computes pair logits over the used cells (nn/network.cpp). After training (a
// new head's logits are all equal), each move's logit must equal the whole-grid product of its
// cells' embeddings, in the trained network, its clone and the checkpoint read back.
TEST(Network, FromToHeadOverUsedCellsMatchesTheWholeGridProduct) {
  NetworkConfig c = from_to_config();
  const std::vector<int32_t> cells = {0, 3, 0, 5, 1, 3, 2, 8, 4, 8, 6, 5, -1, -1, 1, 5, -1, -1};
  c.set_policy_cells(cells);
  EXPECT_EQ(c.policy_special, 2);
  Trainer trainer(c, adam_config(), 13);
  const TrainBatch batch = tictactoe_batch(5);
  for (int i = 0; i < 20; ++i) trainer.train_step(batch);
  const std::string dir = test::temp_dir("ckpt_used_cells");
  CheckpointMeta meta;
  meta.game = "tictactoe";
  save_checkpoint(checkpoint_path(dir, trainer.step()), trainer, meta);
  const auto trained = trainer.snapshot();
  const std::unique_ptr<Network> cloned = trained->clone();
  const auto loaded = load_checkpoint_network(checkpoint_path(dir, trainer.step()));
  const int n = 8;
  const float* obs = batch.observations.data();
  for (const Network* net : {trained.get(), cloned.get(), loaded.get()}) {
    std::vector<float> logits(9 * n), values(2 * n);
    net->forward(obs, n, logits.data(), values.data());
    int apart = 0;
    for (int a = 0; a < 9; ++a) {
      if (cells[2 * a] < 0) continue;
      const std::vector<float> expected =
          net->from_to_reference_logits(obs, n, cells[2 * a], cells[2 * a + 1]);
      for (int i = 0; i < n; ++i) EXPECT_NEAR(logits[9 * i + a], expected[i], 1e-5) << a;
      for (int i = 0; i < n; ++i) apart += logits[9 * i + a] != logits[9 * i + 0];
    }
    EXPECT_GT(apart, 20);  // trained: the pair logits are not all one value
    for (int i = 0; i < n; ++i) EXPECT_NE(logits[9 * i + 6], logits[9 * i + 8]);  // two specials
  }
  EXPECT_NE(error_of([&] { trained->from_to_reference_logits(obs, 1, 9, 0); }).find("outside"),
            std::string::npos);
}

TEST(Network, FromToHeadLearnsAndRoundTripsThroughACheckpoint) {
  Trainer trainer(from_to_config(), adam_config(), 11);
  const TrainBatch batch = tictactoe_batch(3);
  const TrainStats first = trainer.train_step(batch);
  TrainStats last;
  for (int i = 0; i < 80; ++i) last = trainer.train_step(batch);
  EXPECT_LT(last.policy_loss, 0.5 * first.policy_loss);
  // Trained, moves with other cells have other logits; moves with the same cells share one.
  {
    std::vector<float> logits(9 * 32), values(2 * 32);
    trainer.snapshot()->forward(batch.observations.data(), 32, logits.data(), values.data());
    int differ = 0;
    for (int i = 0; i < 32; ++i) {
      EXPECT_EQ(logits[9 * i + 7], logits[9 * i + 0]) << "same cells, same logit";
      differ += logits[9 * i + 1] != logits[9 * i + 0];
    }
    EXPECT_GT(differ, 16);
  }
  // A checkpoint brings the cell map along: the loaded network was built from the config text
  // alone, and gives the same logits.
  const std::string dir = test::temp_dir("ckpt_from_to");
  CheckpointMeta meta;
  meta.game = "tictactoe";
  save_checkpoint(checkpoint_path(dir, trainer.step()), trainer, meta);
  auto loaded = load_checkpoint_network(checkpoint_path(dir, trainer.step()));
  std::vector<float> la(9 * 32), va(64), lb(9 * 32), vb(64);
  trainer.snapshot()->forward(batch.observations.data(), 32, la.data(), va.data());
  loaded->forward(batch.observations.data(), 32, lb.data(), vb.data());
  EXPECT_EQ(la, lb);
  EXPECT_EQ(va, vb);
}

TEST(TorchEvaluator, AgreesWithDirectForwardAndMapsSeatsToPlayers) {
  const TicTacToe g;
  auto net = std::make_shared<Network>(small_config(), 3);
  auto slot = std::make_shared<NetworkSlot>(net);
  TorchEvaluator<TicTacToe> eval(g, slot);
  const auto states = random_positions(g, 6, 2);
  std::vector<TicTacToe::ActionList> legal(6);
  std::vector<std::vector<float>> logits(6, std::vector<float>(9));
  std::vector<PlayerValues> values(6);
  std::vector<EvalItem<TicTacToe>> items(6);
  bool saw_player_one = false;
  for (int i = 0; i < 6; ++i) {
    states[i].legal_actions(legal[i]);
    items[i] = {&states[i], &legal[i], logits[i].data(), &values[i]};
    saw_player_one = saw_player_one || states[i].current_player() == 1;
  }
  ASSERT_TRUE(saw_player_one);
  eval.evaluate(items.data(), 6);
  // The same batch through the network directly (same batch size: bit-identical arithmetic).
  std::vector<float> obs(6 * 18), all(6 * 9), seats(6 * 2);
  for (int i = 0; i < 6; ++i) states[i].observation(&obs[i * 18]);
  net->forward(obs.data(), 6, all.data(), seats.data());
  for (int i = 0; i < 6; ++i) {
    for (int k = 0; k < legal[i].size(); ++k) EXPECT_EQ(logits[i][k], all[i * 9 + legal[i][k]]);
    const int mover = states[i].current_player();
    EXPECT_EQ(values[i][mover], seats[i * 2 + 0]);
    EXPECT_EQ(values[i][1 - mover], seats[i * 2 + 1]);
  }
  NetworkConfig wrong = small_config();
  wrong.num_actions = 10;
  auto bad = std::make_shared<NetworkSlot>(std::make_shared<Network>(wrong, 1));
  EXPECT_NE(error_of([&] { TorchEvaluator<TicTacToe>(g, bad); }).find("does not fit"),
            std::string::npos);
}

// A play-time agent searches one tree per core: reading a checkpoint for it must also shrink the
// process's BLAS pool, whose helpers would otherwise wait for cores other searches are using.
TEST(TorchEvaluator, CheckpointEvaluatorsCapTheBlasPool) {
  if (blas_threads() == 0) GTEST_SKIP() << "this build has no OpenBLAS";
  const TicTacToe g;
  const std::string dir = test::temp_dir("blas_pool");
  Trainer trainer(small_config(), TrainerConfig{}, 1);
  CheckpointMeta meta;
  meta.game = g.name();
  meta.game_options = g.options().to_string();
  const std::string path = checkpoint_path(dir, trainer.step());
  save_checkpoint(path, trainer, meta);
  set_torch_threads(2);
  ASSERT_EQ(blas_threads(), 2);
  auto evaluators = make_checkpoint_evaluators<TicTacToe>(g, path, 1, 2);
  EXPECT_EQ(evaluators.size(), 2u);
  EXPECT_EQ(blas_threads(), 1);
  EXPECT_EQ(cap_blas_threads(4), 1);  // never raised
  EXPECT_NE(error_of([] { cap_blas_threads(0); }).find("at least 1"), std::string::npos);
  set_torch_threads(1);
}

TEST(Trainer, LearningRateSchedules) {
  TrainerConfig c;
  c.learning_rate = 0.1;
  c.lr_schedule = "step";
  c.lr_step_every = 10;
  c.lr_step_factor = 0.5;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(9), 0.1);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(25), 0.025);
  c.lr_schedule = "cosine";
  c.total_steps = 100;
  c.lr_min_factor = 0.2;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(0), 0.1);
  EXPECT_NEAR(c.learning_rate_at(50), 0.1 * (0.2 + 0.8 * 0.5), 1e-12);
  EXPECT_NEAR(c.learning_rate_at(100), 0.02, 1e-12);
  c.lr_schedule = "constant";
  c.lr_warmup_steps = 3;
  EXPECT_DOUBLE_EQ(c.learning_rate_at(0), 0.1 * 1 / 4);
  EXPECT_DOUBLE_EQ(c.learning_rate_at(3), 0.1);
}

TEST(Trainer, LossMatchesHandComputedMaskedCrossEntropy) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  ReplayWindow window(*game, 100);
  window.add_samples(make_samples(game->game(), 16, 4));
  TrainerConfig tc;
  Trainer trainer(small_config(), tc, 5);
  Rng rng(9);
  const TrainBatch batch = window.sample_batch(16, rng, false);
  const TrainStats stats = trainer.measure(batch);
  // Reference: the same weights in inference mode, masked softmax by hand.
  auto net = trainer.snapshot();
  std::vector<float> logits(16 * 9), values(16 * 2);
  net->forward(batch.observations.data(), 16, logits.data(), values.data());
  double policy = 0, value = 0, entropy = 0, max_entropy = 0;
  for (int i = 0; i < 16; ++i) {
    double m = -1e300, z = 0;
    for (int k = batch.policy_offsets[i]; k < batch.policy_offsets[i + 1]; ++k)
      m = std::max(m, double(logits[i * 9 + batch.policy_indices[k]]));
    for (int k = batch.policy_offsets[i]; k < batch.policy_offsets[i + 1]; ++k)
      z += std::exp(logits[i * 9 + batch.policy_indices[k]] - m);
    for (int k = batch.policy_offsets[i]; k < batch.policy_offsets[i + 1]; ++k) {
      const double logp = logits[i * 9 + batch.policy_indices[k]] - m - std::log(z);
      policy -= batch.policy_targets[k] * logp;
      entropy -= std::exp(logp) * logp;
    }
    max_entropy += std::log(batch.policy_offsets[i + 1] - batch.policy_offsets[i]);
    for (int p = 0; p < 2; ++p) value += std::pow(values[i * 2 + p] - batch.values[i * 2 + p], 2);
  }
  EXPECT_NEAR(stats.policy_loss, policy / 16, 1e-4);
  EXPECT_NEAR(stats.value_loss, value / 32, 1e-4);
  EXPECT_NEAR(stats.policy_entropy, entropy / 16, 1e-4);
  EXPECT_LE(stats.policy_entropy, max_entropy / 16 + 1e-6);  // mass only on legal actions
}

TEST(Trainer, RowsWithoutAPolicyTargetAreLeftOutOfThePolicyLoss) {
  // Playout cap randomization: a fast search's row has policy weight 0. The policy loss of a
  // batch must equal that of the batch's policy rows alone; the value loss still counts all.
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  std::vector<Sample> samples = make_samples(game->game(), 2, 4);
  samples[1].policy_target = false;
  ReplayWindow both(*game, 10), policy_row(*game, 10), fast_row(*game, 10);
  both.add_samples(samples);
  policy_row.add_samples({samples[0]});
  fast_row.add_samples({samples[1]});
  Trainer trainer(small_config(), TrainerConfig{}, 5);
  // Draw rows until the batch holds each sample once (the window samples with replacement).
  auto batch_of = [](const ReplayWindow& w, int n) {
    for (uint64_t seed = 1;; ++seed) {
      Rng rng(seed);
      TrainBatch b = w.sample_batch(n, rng, false);
      if (n == 1 || b.policy_weights[0] != b.policy_weights[1]) return b;
    }
  };
  const TrainBatch mixed = batch_of(both, 2);
  EXPECT_EQ(mixed.policy_weights[0] + mixed.policy_weights[1], 1.0f);
  const TrainStats with_both = trainer.measure(mixed);
  const TrainStats policy_only = trainer.measure(batch_of(policy_row, 1));
  const TrainStats fast_only = trainer.measure(batch_of(fast_row, 1));
  EXPECT_NEAR(with_both.policy_loss, policy_only.policy_loss, 1e-5);
  EXPECT_NEAR(with_both.value_loss, (policy_only.value_loss + fast_only.value_loss) / 2, 1e-5);
  EXPECT_EQ(fast_only.policy_loss, 0.0);  // no policy row at all: zero, not NaN
}

TEST(Replay, ValueTargetsMixTheSearchValue) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  std::vector<Sample> samples = make_samples(game->game(), 1, 4);
  samples[0].value = {1.0f, -1.0f};
  samples[0].search_value = {0.2f, -0.2f};
  ReplayWindow window(*game, 10);
  window.add_samples(samples);
  Rng rng(1);
  // (1 - 0.25) * 1 + 0.25 * 0.2 = 0.8.
  const TrainBatch b = window.sample_batch(3, rng, true, 0.25);
  for (int i = 0; i < 3; ++i) {
    EXPECT_FLOAT_EQ(b.values[2 * i], 0.8f);
    EXPECT_FLOAT_EQ(b.values[2 * i + 1], -0.8f);
    EXPECT_EQ(b.policy_weights[i], 1.0f);
  }
  EXPECT_FLOAT_EQ(window.sample_batch(1, rng, false, 0.0).values[0], 1.0f);
  EXPECT_FLOAT_EQ(window.sample_batch(1, rng, false, 1.0).values[0], 0.2f);
  EXPECT_NE(error_of([&] { window.sample_batch(1, rng, false, 1.5); }).find("1.5"),
            std::string::npos);
}

TEST(Trainer, LossDecreasesOnAFixedBatch) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  ReplayWindow window(*game, 100);
  window.add_samples(make_samples(game->game(), 32, 6));
  for (const std::string optimizer : {"sgd", "adam"}) {
    TrainerConfig tc;
    tc.optimizer = optimizer;
    tc.learning_rate = optimizer == "adam" ? 0.01 : 0.05;
    Trainer trainer(small_config(), tc, 11);
    Rng rng(3);
    const TrainBatch batch = window.sample_batch(32, rng, false);
    const TrainStats first = trainer.train_step(batch);
    TrainStats last;
    for (int i = 0; i < 60; ++i) last = trainer.train_step(batch);
    EXPECT_EQ(trainer.step(), 61);
    EXPECT_LT(last.policy_loss, 0.5 * first.policy_loss) << optimizer;
    EXPECT_LT(last.value_loss, 0.5 * first.value_loss) << optimizer;
  }
}

TEST(Replay, WindowKeepsNewestAndAugmentsConsistently) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  ReplayWindow window(*game, 10);
  std::vector<Sample> samples = make_samples(game->game(), 25, 8);
  for (size_t i = 0; i < samples.size(); ++i) samples[i].game_id = i;
  window.add_samples(samples);
  EXPECT_EQ(window.size(), 10u);
  EXPECT_EQ(window.total_added(), 25u);
  Rng rng(1);
  const TrainBatch b = window.sample_batch(200, rng, true);
  // Every row must be some kept sample under some symmetry: its stones sit on the cells that the
  // sample's policy support (the empty cells) leaves free, and the targets follow the same map.
  int non_identity = 0;
  for (int i = 0; i < b.size; ++i) {
    bool matched = false;
    for (size_t s = 15; s < 25 && !matched; ++s)
      for (int sym = 0; sym < 8 && !matched; ++sym) {
        bool same = true;
        for (int c = 0; c < 18; ++c)
          same = same && b.observations[i * 18 + TicTacToe::map_cell(sym, c % 9) + (c / 9) * 9] ==
                             samples[s].observation[c];
        const int n = b.policy_offsets[i + 1] - b.policy_offsets[i];
        same = same && n == static_cast<int>(samples[s].policy.size());
        for (int k = 0; same && k < n; ++k)
          same = b.policy_indices[b.policy_offsets[i] + k] ==
                 TicTacToe::map_cell(sym, samples[s].policy[k].first);
        if (same) {
          matched = true;
          non_identity += sym != 0;
        }
      }
    EXPECT_TRUE(matched) << "row " << i;
  }
  EXPECT_GT(non_identity, 0);
}

TEST(Replay, CompletePolicySupportAddsUnvisitedLegalActions) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  FinishedGame fg;
  fg.actions = {4, 0, 8};
  Sample s;
  s.ply = 2;
  s.player = 0;
  s.observation.resize(18);
  s.policy = {{8, 1.0f}};
  fg.samples.push_back(s);
  complete_policy_support(*game, fg);
  // After 4 and 0 the empty cells are 1,2,3,5,6,7,8: 7 entries, 8 keeps its share.
  ASSERT_EQ(fg.samples[0].policy.size(), 7u);
  float total = 0;
  for (const auto& [index, share] : fg.samples[0].policy) {
    EXPECT_TRUE(index != 0 && index != 4) << index;
    total += share;
  }
  EXPECT_EQ(total, 1.0f);
  fg.samples[0].player = 1;
  EXPECT_NE(error_of([&] { complete_policy_support(*game, fg); }), "");
}

// Saves mid-training, loads into a trainer built from another seed, and checks that both then
// train on to bit-identical weights (network, optimizer state, step and RNG all restored).
TEST(Checkpoint, SaveLoadRoundTripsBitExactly) {
  auto game = std::make_shared<GameAdapter<TicTacToe>>(GameOptions{});
  ReplayWindow window(*game, 100);
  window.add_samples(make_samples(game->game(), 40, 12));
  const std::string dir = test::temp_dir("ckpt");
  for (const std::string optimizer : {"sgd", "adam"}) {
    TrainerConfig tc;
    tc.optimizer = optimizer;
    tc.batch_size = 8;
    Trainer a(small_config(), tc, 1);
    for (int i = 0; i < 3; ++i) a.train_step(window.sample_batch(8, a.rng(), true));
    CheckpointMeta meta;
    meta.games = 17;
    meta.samples = 170;
    meta.game = "tictactoe";
    const std::string path = checkpoint_path(dir, a.step());
    EXPECT_EQ(path, dir + "/ckpt_000003.pt");
    save_checkpoint(path, a, meta);
    Trainer b(small_config(), tc, 99);
    const CheckpointMeta loaded = load_checkpoint(path, b, "tictactoe", "");
    EXPECT_EQ(loaded.step, 3);
    EXPECT_EQ(loaded.games, 17u);
    EXPECT_EQ(loaded.samples, 170u);
    EXPECT_EQ(b.step(), 3);
    EXPECT_EQ(b.rng().state(), a.rng().state());
    for (int i = 0; i < 3; ++i) {
      a.train_step(window.sample_batch(8, a.rng(), true));
      b.train_step(window.sample_batch(8, b.rng(), true));
    }
    std::vector<float> obs(18 * 40);
    window.sample_batch(40, b.rng(), false).observations.swap(obs);
    std::vector<float> la(9 * 40), va(80), lb(9 * 40), vb(80);
    a.snapshot()->forward(obs.data(), 40, la.data(), va.data());
    b.snapshot()->forward(obs.data(), 40, lb.data(), vb.data());
    EXPECT_EQ(la, lb) << optimizer;
    EXPECT_EQ(va, vb) << optimizer;
    // The inference-only loader gives the saved weights too.
    CheckpointMeta m2;
    auto net = load_checkpoint_network(path, &m2);
    EXPECT_EQ(m2.network.to_string(), small_config().to_string());
  }
  EXPECT_EQ(list_checkpoints(dir), std::vector<long>{3});
}

TEST(Checkpoint, LoadErrorsNameTheFileAndTheProblem) {
  const std::string dir = test::temp_dir("ckpt_bad");
  TrainerConfig tc;
  Trainer t(small_config(), tc, 1);
  CheckpointMeta meta;
  meta.game = "tictactoe";
  const std::string path = dir + "/ckpt_000000.pt";
  save_checkpoint(path, t, meta);
  const std::string bytes = read_file(path);
  auto load_bytes = [&](const std::string& name, const std::string& content) {
    const std::string p = dir + "/" + name;
    write_file_atomically(p, content);
    Trainer u(small_config(), tc, 2);
    return error_of([&] { load_checkpoint(p, u); });
  };
  std::string msg = load_bytes("trunc.pt", bytes.substr(0, bytes.size() / 2));
  EXPECT_NE(msg.find("trunc.pt"), std::string::npos) << msg;
  EXPECT_NE(msg.find("truncated"), std::string::npos) << msg;
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x40;
  msg = load_bytes("flip.pt", flipped);
  EXPECT_NE(msg.find("corrupt"), std::string::npos) << msg;
  msg = load_bytes("magic.pt", "not a checkpoint at all, definitely not");
  EXPECT_NE(msg.find("magic"), std::string::npos) << msg;
  Trainer u(small_config(), tc, 3);
  msg = error_of([&] { load_checkpoint(path, u, "jumpers", ""); });
  EXPECT_NE(msg.find("tictactoe"), std::string::npos) << msg;
  EXPECT_NE(msg.find("jumpers"), std::string::npos) << msg;
  NetworkConfig bigger = small_config();
  bigger.channels = 16;
  Trainer v(bigger, tc, 3);
  msg = error_of([&] { load_checkpoint(path, v); });
  EXPECT_NE(msg.find("network"), std::string::npos) << msg;
  msg = error_of([&] { load_checkpoint(dir + "/missing.pt", u); });
  EXPECT_NE(msg.find("missing.pt"), std::string::npos) << msg;
}

}  // namespace
}  // namespace hz
