// Seat conventions of the value vector in games of more than two players (selfplay/sample.h: seat
// k is player (mover + k) % N): the torch evaluator maps a network's seat values to absolute
// players for every mover, rotating with the position on a constructed 3-player Chinese Checkers
// board; and an MCTS agent with a checkpoint, alone and as one seat of a 3-player match, reads its
// own player's entry (a network trained to constant seat values on the toy TakeAway game).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/adapter_impl.h"
#include "eval/match.h"
#include "games/chinese_checkers/board.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/registry.h"
#include "nn/torch_evaluator.h"
#include "temp_dir.h"
#include "toy_games.h"
#include "train/checkpoint.h"
#include "train/replay.h"
#include "train/trainer.h"

namespace hz {
namespace {

using toy::TakeAwayGame;

NetworkConfig small_network(ObservationShape observation, int actions, int players) {
  NetworkConfig c;
  c.blocks = 1;
  c.channels = 4;
  c.policy_channels = 1;
  c.value_hidden = 8;
  c.observation = observation;
  c.num_actions = actions;
  c.num_players = players;
  return c;
}

// `s` turned by 120 degrees clockwise `times` times with every player relabelled p -> p + times:
// board().rotate[2] takes triangle t to t + 2, and the 3-player seats sit on triangles 0, 2, 4,
// so player p's pieces land where player p + 1's start. The same position seen from the mover.
ChineseCheckersState rotate_players(const ChineseCheckers& g, const ChineseCheckersState& s,
                                    int times) {
  const cc::BoardTables& t = cc::board();
  std::string text = s.serialize();
  std::string board(cc::kNumHoles, '.');
  for (int h = 0; h < cc::kNumHoles; ++h) {
    const int owner = s.owner_at(h);
    int to = h;
    for (int i = 0; i < times; ++i) to = t.rotate[2][to];
    if (owner >= 0) board[to] = static_cast<char>('0' + (owner + times) % 3);
  }
  return g.deserialize(
      str_cat(board, " ", (s.current_player() + times) % 3, " ", s.move_number(), " p,p,p"));
}

// The evaluator's values are the network's seat values with seat k at player (mover + k) % 3,
// for movers 0, 1 and 2 of one position turned with its players; since the three states are the
// same position for their movers, the network sees one observation and each player's value
// moves with it.
TEST(SeatValues, TorchEvaluatorMapsSeatsToPlayersForEveryMover) {
  const ChineseCheckers g(resolve_options("chinese_checkers", game_info("chinese_checkers").options,
                                          {{"players", "3"}}));
  ChineseCheckersState s = g.initial_state();
  for (int i = 0; i < 3; ++i) {  // one move each: player 0 is to move again
    ChineseCheckersState::ActionList legal;
    s.legal_actions(legal);
    s.apply(legal[i * 7 % legal.size()]);
  }
  ASSERT_EQ(s.current_player(), 0);
  const std::vector<ChineseCheckersState> states = {s, rotate_players(g, s, 1),
                                                    rotate_players(g, s, 2)};
  const int obs_size = g.observation_shape().size();
  std::vector<float> obs(3 * obs_size);
  for (int j = 0; j < 3; ++j) {
    ASSERT_EQ(states[j].current_player(), j);
    states[j].observation(&obs[j * obs_size]);
  }
  for (int j = 1; j < 3; ++j)
    ASSERT_TRUE(std::equal(obs.begin(), obs.begin() + obs_size, obs.begin() + j * obs_size))
        << "the turned position looks different to its mover (rotation " << j << ")";

  auto net = std::make_shared<Network>(small_network(g.observation_shape(), g.num_actions(), 3), 5);
  std::vector<float> logits(g.num_actions()), seats(3);
  net->forward(obs.data(), 1, logits.data(), seats.data());
  // Distinct seat values, so a wrong rotation cannot pass by accident.
  ASSERT_GT(std::fabs(seats[0] - seats[1]), 1e-4);
  ASSERT_GT(std::fabs(seats[1] - seats[2]), 1e-4);
  ASSERT_GT(std::fabs(seats[0] - seats[2]), 1e-4);

  TorchEvaluator<ChineseCheckers> evaluator(g, std::make_shared<NetworkSlot>(net));
  std::vector<ChineseCheckersState::ActionList> legal(3);
  std::vector<std::vector<float>> item_logits(3, std::vector<float>(cc::kMaxLegalActions));
  std::vector<PlayerValues> values(3);
  std::vector<EvalItem<ChineseCheckers>> items(3);
  for (int j = 0; j < 3; ++j) {
    states[j].legal_actions(legal[j]);
    items[j] = {&states[j], &legal[j], item_logits[j].data(), &values[j]};
  }
  evaluator.evaluate(items.data(), 3);
  for (int mover = 0; mover < 3; ++mover)
    for (int k = 0; k < 3; ++k)
      EXPECT_NEAR(values[mover][(mover + k) % 3], seats[k], 1e-5)
          << "mover " << mover << ", seat " << k;
}

// --- an MCTS seat with a network ---------------------------------------------------------------

// A TakeAway network (3 players) trained until its seat values are `target` (by seat) in every
// position and its policy is uniform over the legal actions, saved as a checkpoint at `path`.
void train_constant_network(const GameAdapter<TakeAwayGame>& game, const PlayerValues& target,
                            const std::string& path) {
  std::vector<Sample> samples;
  for (int pile = 1; pile <= game.game().max_game_length() / 2; ++pile)
    for (int takes = 0; takes < TakeAwayGame::kMaxTakesPerTurn; ++takes)
      for (int player = 0; player < 3; ++player) {
        const auto s = game.game().make(pile, takes, player);
        Sample x;
        x.observation.resize(2);
        s.observation(x.observation.data());
        TakeAwayGame::ActionList legal;
        s.legal_actions(legal);
        for (Action a : legal) x.policy.emplace_back(a, 1.0f / legal.size());
        x.value = x.search_value = target;
        x.player = player;
        samples.push_back(std::move(x));
      }
  ReplayWindow window(game, samples.size());
  window.add_samples(samples);
  TrainerConfig tc;
  tc.optimizer = "adam";
  tc.learning_rate = 0.01;
  tc.batch_size = 64;
  Trainer trainer(small_network({1, 1, 2}, 2, 3), tc, 3);
  Rng rng(4);
  for (int step = 0; step < 300; ++step) trainer.train_step(window.sample_batch(64, rng, false));
  // The network learnt the targets (what the tests below rely on).
  auto net = trainer.snapshot();
  for (const Sample& x : samples) {
    float logits[2], seats[3];
    net->forward(x.observation.data(), 1, logits, seats);
    for (int k = 0; k < 3; ++k) ASSERT_NEAR(seats[k], target[k], 0.1) << "seat " << k;
  }
  CheckpointMeta meta;
  meta.game = game.game().name();
  meta.game_options = game.game().options().to_string();
  save_checkpoint(path, trainer, meta);
}

// Gumbel search with two simulations and two considered actions visits each root child once and
// plays the one whose value (for the searching player) is higher, since priors are uniform:
// sigma(q) puts (50 + 1) * 0.1 = 5.1 between them. In TakeAway, after a first `take` the mover
// chooses between `take` (it moves again: its value is seat 0 of the child) and `end` (the next
// player moves: the mover is that child's seat 2). A seat that read seat k of the child for
// player (mover - k) would see seat 1 after `end` instead.
std::string agent_spec(const std::string& checkpoint) {
  return "mcts:checkpoint=" + checkpoint + ",sims=2,search=gumbel,considered=2";
}

struct SeatCase {
  PlayerValues target;  // by seat
  Action after_first_take;
  std::string turn;  // a whole turn of the network seat that does not end the game
};

const SeatCase kSeatCases[] = {
    // Seat 2 (the mover after `end`) 0.5, seat 0 0: end at once.
    {{0.0f, -0.5f, 0.5f}, TakeAwayGame::kEnd, "take end"},
    // Seat 0 0.5 above seat 2's -0.5: take all three stones the turn allows.
    {{0.5f, 0.0f, -0.5f}, TakeAwayGame::kTake, "take take take end"},
};

TEST(SeatValues, MctsAgentReadsItsOwnSeatAtEverySeat) {
  const std::string dir = test::temp_dir("seat_values_agent");
  auto game =
      std::make_shared<GameAdapter<TakeAwayGame>>(GameOptions{{"players", "3"}, {"pile", "30"}});
  for (const SeatCase& c : kSeatCases) {
    const std::string path = dir + "/net.pt";
    train_constant_network(*game, c.target, path);
    auto agent = game->make_agent(AgentSpec::parse(agent_spec(path)), 1);
    for (int player = 0; player < 3; ++player) {
      auto state = game->deserialize_state(str_cat("20 1 ", player, " 7"));
      EXPECT_EQ(agent->select_action(*state), c.after_first_take)
          << "player " << player << ", seat values " << c.target[0] << " " << c.target[1] << " "
          << c.target[2];
    }
  }
  std::filesystem::remove_all(dir);
}

// The network seat in 3-player matches (one seat against a field of random players, seats
// rotating): every turn it plays, other than one that takes the last stone, is the turn its own
// seat's value asks for.
TEST(SeatValues, NetworkSeatInAThreePlayerMatchPlaysByItsOwnSeat) {
  const std::string dir = test::temp_dir("seat_values_match");
  auto game =
      std::make_shared<GameAdapter<TakeAwayGame>>(GameOptions{{"players", "3"}, {"pile", "30"}});
  for (const SeatCase& c : kSeatCases) {
    const std::string path = dir + "/net.pt", games_dir = dir + "/games";
    std::filesystem::remove_all(games_dir);
    std::filesystem::create_directories(games_dir);
    train_constant_network(*game, c.target, path);
    eval::MatchConfig mc;
    mc.agents = {AgentSpec::parse(agent_spec(path)), AgentSpec::parse("random")};
    mc.games = 6;
    mc.opening_plies = 0;  // no random actions inside the first seat's first turn
    mc.seed = 2;
    mc.save_games_dir = games_dir;
    const eval::MatchResult r = eval::run_match(*game, mc);
    ASSERT_EQ(r.games_played(), 6);
    int checked = 0;
    for (int g = 0; g < 6; ++g) {
      std::ifstream in(games_dir + "/game_" + std::string(6 - std::to_string(g).size(), '0') +
                       std::to_string(g) + ".txt");
      ASSERT_TRUE(in) << "game " << g;
      std::vector<std::pair<int, std::string>> turns;  // (player, turn)
      for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string number;
        int player = -1;
        if (!(fields >> number >> player) || number.back() != '.') continue;
        std::string turn;
        std::getline(fields >> std::ws, turn);
        turns.emplace_back(player, turn);
      }
      ASSERT_GT(turns.size(), 3u);
      for (size_t t = 0; t + 1 < turns.size(); ++t) {  // the last turn took the last stone
        if (turns[t].first != g % 3) continue;
        EXPECT_EQ(turns[t].second, c.turn) << "game " << g << ", turn " << t + 1;
        ++checked;
      }
    }
    EXPECT_GE(checked, 12);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hz
