// End-to-end test of the checkpoint ladder (eval/ladder.h) on real checkpoints: a tiny
// Alquerque training run writes two checkpoints, the ladder plays them (MCTS with the network)
// against a baseline and each other, fits, writes its files, and a second call reuses them; a
// damaged ladder.json stops the ladder with an error naming it.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <sstream>

#include "core/config.h"
#include "core/files.h"
#include "core/json.h"
#include "eval/ladder.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/run_config.h"
#include "train/training_run.h"

namespace hz {
namespace {

TEST(LadderRun, RatesTheCheckpointsOfATinyRun) {
  const std::string dir = test::temp_dir("ladder_run");
  std::filesystem::remove_all(dir);
  Config c = Config::load_file(std::string(HZ_SOURCE_DIR) + "/configs/tiny_alquerque.yaml");
  for (const char* s :
       {"training.total_steps=20", "training.checkpoint_every=10", "evaluation.games=0"})
    c.set_override(s);
  std::ostringstream train_log;
  std::atomic<bool> stop{false};
  ASSERT_TRUE(TrainingRun(RunConfig::from_config(c), dir, train_log).run(stop).finished);

  eval::LadderConfig lc;
  lc.run_dir = dir;
  lc.baseline = AgentSpec::parse("random");
  lc.games = 2;
  lc.sims = 4;
  std::ostringstream log;
  const auto rows = eval::run_ladder(lc, log).rows;
  ASSERT_EQ(rows.size(), 3u) << log.str();
  EXPECT_EQ(rows[1].name, "ckpt_000010");
  EXPECT_EQ(rows[2].step, 20);
  EXPECT_EQ(rows[1].games, 4);  // against the baseline and against ckpt_000020
  const Json json = parse_json(read_file(dir + "/ladder.json"), dir + "/ladder.json");
  EXPECT_EQ(json["matches"].size(), 3u);
  for (const auto& m : json["matches"]) {  // 2 games: one rotation of seats, one opening
    EXPECT_EQ(m["wins"].get<int>() + m["draws"].get<int>() + m["losses"].get<int>(), 2);
    EXPECT_EQ(m["openings"], (Json{{"rotations", 1}, {"distinct", 1}})) << m.dump();
  }
  const std::string csv = read_file(dir + "/ladder.csv");
  EXPECT_EQ(csv.rfind("checkpoint,step,games,elo,elo_low,elo_high\nckpt_000010,10,4,", 0), 0u)
      << csv;

  std::ostringstream again;
  eval::run_ladder(lc, again);
  size_t reused = 0;
  for (size_t at = 0; (at = again.str().find("(from ladder.json)", at)) != std::string::npos; ++at)
    ++reused;
  EXPECT_EQ(reused, 3u) << again.str();
  EXPECT_NE(again.str().find("1 of 1 openings distinct  (from"), std::string::npos);

  // A damaged or unchecked ladder.json is never reused silently: the error names it.
  const std::string good = read_file(dir + "/ladder.json");
  EXPECT_EQ(check_json_checksum(good), JsonChecksum::kMatches);
  EXPECT_NE(good.find("\"version\": 2"), std::string::npos) << good;
  std::string edited = good;
  const size_t wins = edited.find("\"wins\": ");
  ASSERT_NE(wins, std::string::npos);
  edited[wins + 8] = edited[wins + 8] == '1' ? '2' : '1';  // one result changed
  const std::string no_checksum = good.substr(0, good.rfind(",")) + "\n}";
  for (const auto& [text, problem] :
       {std::pair<std::string, std::string>{edited, "checksum mismatch"},
        {no_checksum, "has no checksum"},
        {good.substr(0, good.size() / 2), "has no checksum"}}) {
    write_file_atomically(dir + "/ladder.json", text);
    std::ostringstream ignored;
    const std::string msg = error_of([&] { eval::run_ladder(lc, ignored); });
    EXPECT_NE(msg.find(dir + "/ladder.json"), std::string::npos) << msg;
    EXPECT_NE(msg.find(problem), std::string::npos) << msg;
  }

  // Timed checkpoints, only every 20th step (and the newest), no neighbour pairings.
  std::filesystem::remove(dir + "/ladder.json");
  lc.settings = "time_ms=5,batch=2";
  lc.every = 20;
  lc.neighbours = false;
  const auto players = eval::ladder_players(lc);
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[1].step, 20);
  EXPECT_EQ(players[1].spec, "mcts:checkpoint=" + dir + "/ckpt_000020.pt,time_ms=5,batch=2");
  std::ostringstream timed;
  const auto timed_rows = eval::run_ladder(lc, timed).rows;
  ASSERT_EQ(timed_rows.size(), 2u) << timed.str();
  EXPECT_EQ(timed_rows[1].games, 2);  // the baseline pairing only
  lc.every = 7;                       // neither 10 nor 20 is a multiple: the newest alone
  EXPECT_EQ(eval::ladder_players(lc).back().step, 20);
  EXPECT_EQ(eval::ladder_players(lc).size(), 2u);
  EXPECT_EQ(eval::ladder_pairings(4, false).size(), 3u);
  EXPECT_EQ(eval::ladder_pairings(4, true).size(), 5u);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hz
