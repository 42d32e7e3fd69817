// Tests of eval/elo.h and the ladder's fit and files (eval/ladder.h): numbers worked out from
// the formulas by hand, and known ratings recovered from simulated results.
#include "eval/elo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/files.h"
#include "core/json.h"
#include "core/rng.h"
#include "eval/ladder.h"
#include "test_util.h"

namespace hz::eval {
namespace {

// A's results over `games` games against B when A is `elo` points stronger: wins with the
// logistic probability, draws with probability `draw` taken evenly out of both sides.
WDL simulate(Rng& rng, double elo, long games, double draw = 0.0) {
  const double p = score_from_elo(elo);
  WDL w;
  for (long g = 0; g < games; ++g) {
    const double u = rng.uniform01();
    if (u < p - draw / 2)
      ++w.wins;
    else if (u < p + draw / 2)
      ++w.draws;
    else
      ++w.losses;
  }
  return w;
}

TEST(Elo, ScoreAndEloByHand) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-3);  // 400 log10(3)
  EXPECT_NEAR(score_from_elo(190.8485), 0.75, 1e-6);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

// 60 wins, 20 draws, 20 losses: score 0.7; per-game variance (60 * 0.3^2 + 20 * 0.2^2 +
// 20 * 0.7^2) / 100 = 0.16, standard error 0.04; 0.7 -+ 1.96 * 0.04 through the logistic.
TEST(Elo, DifferenceWithIntervalByHand) {
  const EloInterval e = elo_difference({60, 20, 20});
  EXPECT_NEAR(e.elo, 147.19, 0.01);
  EXPECT_NEAR(e.low, 86.23, 0.01);
  EXPECT_NEAR(e.high, 218.25, 0.01);
  // 20 wins of 20: infinite estimate; the Wilson lower bound of the score is
  // ((1 + z^2/40) - z sqrt(z^2/1600)) / (1 + z^2/20) = 0.83887, that is +286.6 Elo.
  const EloInterval all = elo_difference({20, 0, 0});
  EXPECT_TRUE(std::isinf(all.elo) && all.elo > 0);
  EXPECT_NEAR(all.low, 286.61, 0.01);
  EXPECT_TRUE(std::isinf(all.high));
  const EloInterval none = elo_difference({0, 0, 20});
  EXPECT_NEAR(none.high, -286.61, 0.01);
}

// Same results, H0 elo 0 against H1 elo 10: s0 = 0.5, s1 = 0.514387; LLR = n (s1 - s0)
// (2 s - s0 - s1) / (2 var) = 1.7337; bounds -+ln(19) for alpha = beta = 0.05.
// Wilson score intervals worked out from (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) /
// (1 + z^2/n), z = 1.959964 (z^2 = 3.841459).
TEST(Elo, WilsonIntervalByHand) {
  // 1 of 4: centre (0.25 + 0.480182) / 1.960365 = 0.372473; half 1.959964 * sqrt(0.046875 +
  // 0.060023) / 1.960365 = 0.326887.
  const ShareInterval quarter = wilson_interval(1, 4);
  EXPECT_DOUBLE_EQ(quarter.share, 0.25);
  EXPECT_NEAR(quarter.low, 0.045586, 1e-5);
  EXPECT_NEAR(quarter.high, 0.699360, 1e-5);
  // 75 of 150: symmetric about 0.5; half 1.959964 * sqrt(0.25/150 + 3.841459/90000) /
  // 1.025610 = 0.079010.
  const ShareInterval half = wilson_interval(75, 150);
  EXPECT_NEAR(half.low, 0.5 - 0.079010, 1e-5);
  EXPECT_NEAR(half.high, 0.5 + 0.079010, 1e-5);
  // 0 of 20: [0, z^2 / (20 + z^2)] = [0, 0.161127]; 20 of 20 mirrors it.
  EXPECT_DOUBLE_EQ(wilson_interval(0, 20).low, 0.0);
  EXPECT_NEAR(wilson_interval(0, 20).high, 0.161127, 1e-5);
  EXPECT_NEAR(wilson_interval(20, 20).low, 1 - 0.161127, 1e-5);
  EXPECT_DOUBLE_EQ(wilson_interval(20, 20).high, 1.0);
  EXPECT_DOUBLE_EQ(wilson_interval(0, 0).high, 1.0);  // no games: anything is possible
  EXPECT_NE(error_of([] { wilson_interval(5, 4); }).find("5 successes out of 4"),
            std::string::npos);
}

TEST(Elo, SprtByHandAndOnSimulatedMatches) {
  const SprtSettings p = SprtSettings::parse("0,10,0.05,0.05");
  const SprtStatus st = sprt({60, 20, 20}, p);
  EXPECT_NEAR(st.llr, 1.7337, 1e-3);
  EXPECT_NEAR(st.upper, std::log(19.0), 1e-9);
  EXPECT_NEAR(st.lower, -std::log(19.0), 1e-9);
  EXPECT_EQ(st.decision, SprtDecision::kContinue);
  EXPECT_NE(error_of([] { SprtSettings::parse("10,0,0.05,0.05"); }), "");
  EXPECT_NE(error_of([] { SprtSettings::parse("0,10,0.05"); }), "");
  // A 100-Elo-stronger player is accepted as better than +0 against +20 in almost every
  // simulated match; an equal one is rejected in almost every one.
  Rng rng(5);
  int h1_strong = 0, h0_equal = 0;
  const SprtSettings q = SprtSettings::parse("0,20,0.05,0.05");
  for (int trial = 0; trial < 50; ++trial) {
    for (double elo : {100.0, -10.0}) {
      WDL w;
      SprtStatus s;
      while ((s = sprt(w, q)).decision == SprtDecision::kContinue) w += simulate(rng, elo, 1, 0.2);
      if (elo > 0) h1_strong += s.decision == SprtDecision::kAcceptH1;
      if (elo < 0) h0_equal += s.decision == SprtDecision::kAcceptH0;
    }
  }
  EXPECT_GE(h1_strong, 48);
  EXPECT_GE(h0_equal, 48);
}

// Two players, A wins 75 of 100, no prior: the MLE of the log-odds is ln 3 (190.85 Elo) and its
// standard error 1 / sqrt(n p (1 - p)) = 1 / sqrt(18.75) nats = 40.12 Elo.
TEST(BradleyTerry, TwoPlayersByHand) {
  const Ratings r = fit_bradley_terry(2, {{1, 0, {75, 0, 25}}}, 0, 0.0);
  EXPECT_DOUBLE_EQ(r.elo[0], 0.0);
  EXPECT_NEAR(r.elo[1], 190.85, 0.01);
  EXPECT_NEAR(r.stderr_elo[1], 40.12, 0.01);
  EXPECT_NEAR(r.low[1], 190.85 - 1.96 * 40.12, 0.1);
  EXPECT_EQ(r.games[0], 100);
  // A cycle with equal results: everyone at 0.
  const Ratings c =
      fit_bradley_terry(3, {{0, 1, {6, 2, 2}}, {1, 2, {6, 2, 2}}, {2, 0, {6, 2, 2}}}, 0, 0.0);
  for (double e : c.elo) EXPECT_NEAR(e, 0.0, 1e-6);
  // Unconnected players are an error; a clean sweep stays finite thanks to the prior.
  EXPECT_NE(error_of([] {
              fit_bradley_terry(3, {{0, 1, {5, 0, 5}}}, 0);
            }).find("player 2"),
            std::string::npos);
  const Ratings sweep = fit_bradley_terry(2, {{1, 0, {20, 0, 0}}}, 0, 1.0);
  EXPECT_TRUE(std::isfinite(sweep.elo[1]));
  EXPECT_GT(sweep.elo[1], 300);
}

// Known ratings, ladder-shaped pairings (each against the anchor and its neighbour), 400
// games a pairing with draws: every fitted rating lies within its 95% interval of the truth,
// except by the chance the interval allows (checked at 3 standard errors for all of them).
TEST(BradleyTerry, RecoversKnownRatingsFromSimulatedResults) {
  const std::vector<double> truth = {0, -200, -40, 120, 260, 330};
  Rng rng(11);
  std::vector<PairResult> results;
  for (int i = 1; i < static_cast<int>(truth.size()); ++i) {
    results.push_back({i, 0, simulate(rng, truth[i] - truth[0], 400, 0.2)});
    if (i >= 2) results.push_back({i, i - 1, simulate(rng, truth[i] - truth[i - 1], 400, 0.2)});
  }
  const Ratings r = fit_bradley_terry(static_cast<int>(truth.size()), results, 0, 1.0);
  int inside = 0;
  for (size_t p = 1; p < truth.size(); ++p) {
    EXPECT_LT(std::fabs(r.elo[p] - truth[p]), 3 * r.stderr_elo[p]) << "player " << p;
    inside += truth[p] >= r.low[p] && truth[p] <= r.high[p];
    EXPECT_GT(r.stderr_elo[p], 5);
    EXPECT_LT(r.stderr_elo[p], 60);
  }
  EXPECT_GE(inside, 4);
}

// The 95% interval of a two-player fit covers the truth in about 95% of simulated matches.
TEST(BradleyTerry, IntervalCoverageIsAbout95Percent) {
  Rng rng(12);
  int covered = 0;
  const int trials = 400;
  for (int t = 0; t < trials; ++t) {
    const Ratings r = fit_bradley_terry(2, {{1, 0, simulate(rng, 80, 200, 0.3)}}, 0, 0.0);
    covered += r.low[1] <= 80 && 80 <= r.high[1];
  }
  EXPECT_GE(covered, trials * 0.91);
  EXPECT_LE(covered, trials * 0.99);
}

// --- the ladder ---------------------------------------------------------------------------

struct TempRun {
  std::string dir;
  explicit TempRun(const std::string& name) {
    dir = (std::filesystem::temp_directory_path() / ("hz_ladder_" + name)).string();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~TempRun() { std::filesystem::remove_all(dir); }
  void touch(const std::string& file, const std::string& text = "") const {
    std::ofstream(dir + "/" + file) << text;
  }
};

TEST(Ladder, PlayersPairingsAndFitOnSimulatedResults) {
  TempRun run("players");
  for (const char* f :
       {"ckpt_000300.pt", "ckpt_000100.pt", "ckpt_000200.pt", "ckpt_x.pt", "notes.txt"})
    run.touch(f);
  LadderConfig lc;
  lc.run_dir = run.dir;
  lc.baseline = AgentSpec::parse("alphabeta:depth=2");
  lc.sims = 50;
  const auto players = ladder_players(lc);
  ASSERT_EQ(players.size(), 4u);
  EXPECT_EQ(players[0].name, "baseline");
  EXPECT_EQ(players[0].spec, "alphabeta:depth=2");
  EXPECT_EQ(players[1].name, "ckpt_000100");
  EXPECT_EQ(players[3].step, 300);
  EXPECT_EQ(players[2].spec, "mcts:checkpoint=" + run.dir + "/ckpt_000200.pt,sims=50");
  const auto pairs = ladder_pairings(4);
  const std::vector<std::pair<int, int>> expected = {{1, 0}, {2, 0}, {2, 1}, {3, 0}, {3, 2}};
  EXPECT_EQ(pairs, expected);

  const std::vector<double> truth = {0, -150, 60, 200};
  Rng rng(13);
  std::vector<LadderMatch> matches;
  for (const auto& [a, b] : pairs) {
    LadderMatch m;
    m.a = a, m.b = b;
    m.spec_a = players[a].spec, m.spec_b = players[b].spec;
    m.games = 600;
    m.a_vs_b = simulate(rng, truth[a] - truth[b], 600, 0.1);
    matches.push_back(m);
  }
  const LadderTable table = fit_ladder(players, matches, 1.0);
  const auto& rows = table.rows;
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].elo, 0.0);
  for (size_t p = 1; p < rows.size(); ++p) {
    EXPECT_LT(std::fabs(rows[p].elo - truth[p]), 1.5 * (rows[p].high - rows[p].low)) << p;
    EXPECT_LT(rows[p].low, rows[p].elo);
    EXPECT_EQ(rows[p].games, p == 3 ? 1200 : p == 1 ? 1200 : 1800);
  }
  // The CSV: a header and one row per checkpoint, in step order.
  EXPECT_FALSE(rows[1].vs_baseline.has_value());  // two players: no standings
  const std::string csv = ladder_csv(table);
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "checkpoint,step,games,elo,elo_low,elo_high");
  int count = 0;
  while (std::getline(lines, line)) {
    EXPECT_EQ(
        line.rfind(players[1 + count].name + "," + std::to_string(players[1 + count].step), 0), 0u)
        << line;
    ++count;
  }
  EXPECT_EQ(count, 3);
}

// A run with `config_yaml` and two (empty) checkpoints, steps 10 and 20; a ladder of 30 games per
// pairing with a greedy baseline and 8 simulations.
LadderConfig two_checkpoint_run(const TempRun& run, const std::string& config_yaml) {
  run.touch("config.yaml", config_yaml);
  run.touch("ckpt_000010.pt");
  run.touch("ckpt_000020.pt");
  LadderConfig c;
  c.run_dir = run.dir;
  c.baseline = AgentSpec::parse("greedy");
  c.games = 30;
  c.sims = 8;
  return c;
}

// The ladder's three pairings (ladder_pairings(3)) as run_ladder would record them, with the
// given results.
std::vector<LadderMatch> recorded_matches(const LadderConfig& c,
                                          const std::vector<LadderPlayer>& players,
                                          const std::vector<WDL>& results) {
  std::vector<LadderMatch> recorded;
  int k = 0;
  for (const auto& [a, b] : ladder_pairings(3)) {
    LadderMatch m;
    m.a = a, m.b = b, m.spec_a = players[a].spec, m.spec_b = players[b].spec;
    m.games = c.games, m.opening_plies = c.opening_plies;
    // The seed run_ladder derives: c.seed ^ FNV-1a of "spec_a|spec_b".
    uint64_t h = 0xcbf29ce484222325ULL;
    for (char ch : m.spec_a + "|" + m.spec_b)
      h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001b3ULL;
    m.seed = c.seed ^ h;
    m.a_vs_b = results[k++];
    recorded.push_back(m);
  }
  return recorded;
}

// run_ladder end to end without playing: every pairing is already recorded in ladder.json
// with the same settings, so it reads the game from config.yaml, reuses the results, fits and
// writes both files.
TEST(Ladder, ReusesRecordedMatchesAndWritesBothFiles) {
  TempRun run("reuse");
  const LadderConfig c =
      two_checkpoint_run(run,
                         "seed: 3\ngame:\n  name: alquerque\n  options:\n    max_plies: 40\n"
                         "training:\n  total_steps: 10\n");
  const auto players = ladder_players(c);
  const std::vector<LadderMatch> recorded =
      recorded_matches(c, players, {{5, 5, 20}, {20, 5, 5}, {25, 0, 5}});
  const auto fitted = fit_ladder(players, recorded, c.prior_draws);
  write_file_atomically(run.dir + "/ladder.json", ladder_json(c, "alquerque", fitted, recorded));
  std::ostringstream log;
  const auto rows = run_ladder(c, log).rows;
  EXPECT_NE(log.str().find("(from ladder.json)"), std::string::npos) << log.str();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_LT(rows[1].elo, 0);  // ckpt 10 lost 20 of 30 to the baseline
  EXPECT_GT(rows[2].elo, 0);  // ckpt 20 beat both
  const std::string csv = read_file(run.dir + "/ladder.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
  const Json json = parse_json(read_file(run.dir + "/ladder.json"), run.dir + "/ladder.json");
  const std::string game = json["game"].get<std::string>();
  EXPECT_EQ(game.rfind("alquerque(", 0), 0u) << game;
  EXPECT_NE(game.find("max_plies=40"), std::string::npos) << game;
  EXPECT_EQ(json["players"].size(), 3u);
  EXPECT_EQ(json["matches"].size(), 3u);
  EXPECT_EQ(read_ladder_matches(run.dir + "/ladder.json").size(), 3u);
  EXPECT_EQ(json["matches"][2]["wins"].get<long>(), 25);
  // A config without game.name is an error naming the file.
  run.touch("config.yaml", "game:\n  options: {}\n");
  EXPECT_NE(error_of([&] { run_ladder(c, log); }).find("game.name"), std::string::npos);
}

// A ladder.json of version 1 (written before nlohmann-json, numbers with 10 significant digits;
// this text is such a file, sealed here) is still read: its matches are reused. A version this
// build does not know is an error naming the file and the version.
TEST(Ladder, ReadsVersionOneFiles) {
  TempRun run("ladder_v1");
  std::string v1 =
      "{\n  \"format\": \"hopzero-ladder\",\n  \"version\": 1,\n  \"game\": \"cc3\",\n"
      "  \"game_players\": 3,\n  \"fair_share\": 0.3333333333,\n  \"players\": [],\n"
      "  \"matches\": [\n    {\n      \"a\": 0,\n      \"b\": 1,\n"
      "      \"spec_a\": \"random\",\n      \"spec_b\": \"greedy\",\n      \"games\": 30,\n"
      "      \"opening_plies\": 2,\n      \"seed\": \"18446744073709551615\",\n"
      "      \"wins\": 5,\n      \"draws\": 5,\n      \"losses\": 20,\n"
      "      \"standing_a\": {\n        \"seat_games\": 60,\n        \"seat_wins\": 6,\n"
      "        \"win_share\": 0.2,\n        \"rank_sum\": 132\n      },\n"
      "      \"standing_b\": {\n        \"seat_games\": 60,\n        \"seat_wins\": 16,\n"
      "        \"win_share\": 0.2666666667,\n        \"rank_sum\": 126.5\n      }\n    }\n  ],\n"
      "  \"crc32\": \"00000000\"\n}\n";
  seal_json_checksum(v1);
  const std::string path = run.dir + "/ladder.json";
  write_file_atomically(path, v1);
  const std::vector<LadderMatch> matches = read_ladder_matches(path);
  ASSERT_EQ(matches.size(), 1u);
  EXPECT_EQ(matches[0].spec_b, "greedy");
  EXPECT_EQ(matches[0].games, 30);
  EXPECT_EQ(matches[0].opening_plies, 2);
  EXPECT_EQ(matches[0].seed, 18446744073709551615ull);
  EXPECT_EQ(matches[0].a_vs_b.losses, 20);
  ASSERT_TRUE(matches[0].has_standings);
  EXPECT_EQ(matches[0].a_standing.wins, 6);
  EXPECT_DOUBLE_EQ(matches[0].a_standing.rank_sum, 132.0);
  EXPECT_DOUBLE_EQ(matches[0].b_standing.rank_sum, 126.5);

  std::string v3 = v1;
  v3.replace(v3.find("\"version\": 1"), 12, "\"version\": 3");
  v3.replace(v3.find("\"crc32\": \"") + 10, 8, "00000000");
  seal_json_checksum(v3);
  write_file_atomically(path, v3);
  const std::string msg = error_of([&] { read_ladder_matches(path); });
  EXPECT_NE(msg.find(path), std::string::npos) << msg;
  EXPECT_NE(msg.find("format version 3 is not supported"), std::string::npos) << msg;
}

// Three players: each checkpoint's standing against the field of baselines is reported next to
// its rating, in the table, the CSV and the JSON, and read back for reuse. Recorded standings
// (30 games per pairing; ranks 1 + 2 + 3 = 6 per game, 180 per match):
//   ckpt 10 vs baseline: 6 wins of 30 seats, ranks 66 (mean 2.2); the field 20 of 60, 114
//   ckpt 20 vs baseline: 15 wins of 30, ranks 48 (mean 1.6); the field 12 of 60, 132
//   ckpt 20 vs ckpt 10:  12 wins of 30, ranks 54; the field 16 of 60, 126
// Wilson intervals (z = 1.959964): 6 of 30 -> [0.09505, 0.37306]; 15 of 30 -> [0.33154,
// 0.66846] (centre 0.5, half 1.959964 sqrt(0.25/30 + z^2/3600) / (1 + z^2/30)).
TEST(Ladder, ThreePlayerStandingsAreReportedAndReused) {
  TempRun run("standings");
  const LadderConfig c =
      two_checkpoint_run(run, "game:\n  name: chinese_checkers\n  options:\n    players: 3\n");
  const auto players = ladder_players(c);
  std::vector<LadderMatch> recorded =
      recorded_matches(c, players, {{6, 0, 24}, {15, 0, 15}, {12, 0, 18}});
  const Standing standings[3][2] = {
      {{30, 6, 66}, {60, 20, 114}}, {{30, 15, 48}, {60, 12, 132}}, {{30, 12, 54}, {60, 16, 126}}};
  for (int k = 0; k < 3; ++k) {
    recorded[k].has_standings = true;
    recorded[k].a_standing = standings[k][0];
    recorded[k].b_standing = standings[k][1];
  }
  write_file_atomically(run.dir + "/ladder.json",
                        ladder_json(c, "cc3", fit_ladder(players, recorded, 1.0, 3), recorded));
  std::ostringstream log;
  const LadderTable table = run_ladder(c, log);
  EXPECT_EQ(table.players, 3);
  EXPECT_NE(log.str().find("(from ladder.json)"), std::string::npos) << log.str();
  ASSERT_EQ(table.rows.size(), 3u);
  EXPECT_FALSE(table.rows[0].vs_baseline.has_value());  // the baseline itself
  ASSERT_TRUE(table.rows[1].vs_baseline.has_value());
  const Standing& ten = *table.rows[1].vs_baseline;
  EXPECT_DOUBLE_EQ(ten.win_share().share, 0.2);
  EXPECT_NEAR(ten.win_share().low, 0.09505, 1e-5);
  EXPECT_NEAR(ten.win_share().high, 0.37306, 1e-5);
  EXPECT_DOUBLE_EQ(ten.mean_rank(), 2.2);
  EXPECT_DOUBLE_EQ(table.rows[2].vs_baseline->mean_rank(), 1.6);

  const std::string text = ladder_text(table);
  EXPECT_NE(text.find("fair share 1/3 = 0.333"), std::string::npos) << text;
  EXPECT_NE(text.find("30      6  0.200 [0.095, 0.373]   2.20"), std::string::npos) << text;
  EXPECT_NE(text.find("30     15  0.500 [0.332, 0.668]   1.60"), std::string::npos) << text;
  const std::string csv = read_file(run.dir + "/ladder.csv");
  EXPECT_EQ(csv.rfind("checkpoint,step,games,elo,elo_low,elo_high,win_share,win_share_low,"
                      "win_share_high,mean_rank\nckpt_000010,10,60,",
                      0),
            0u)
      << csv;
  EXPECT_NE(csv.find(",0.2000,0.0951,0.3731,2.2000\n"), std::string::npos) << csv;
  const Json json = parse_json(read_file(run.dir + "/ladder.json"), run.dir + "/ladder.json");
  EXPECT_EQ(json["game_players"].get<int>(), 3);
  EXPECT_NEAR(json["fair_share"].get<double>(), 1.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(json["players"][2]["vs_baseline"]["win_share"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(json["players"][2]["vs_baseline"]["mean_rank"].get<double>(), 1.6);
  EXPECT_EQ(json["matches"][0]["standing_b"]["seat_games"].get<long>(), 60);
  const auto reread = read_ladder_matches(run.dir + "/ladder.json");
  ASSERT_EQ(reread.size(), 3u);
  EXPECT_TRUE(reread[2].has_standings);
  EXPECT_EQ(reread[2].b_standing.wins, 16);
  EXPECT_DOUBLE_EQ(reread[2].b_standing.rank_sum, 126.0);

  // Matches recorded without standings (a ladder.json from before they existed) are played
  // again: here that means loading the (empty) checkpoint files, which fails naming one.
  for (LadderMatch& m : recorded) m.has_standings = false;
  write_file_atomically(run.dir + "/ladder.json",
                        ladder_json(c, "cc3", fit_ladder(players, recorded, 1.0, 3), recorded));
  EXPECT_FALSE(read_ladder_matches(run.dir + "/ladder.json")[0].has_standings);
  EXPECT_NE(error_of([&] { run_ladder(c, log); }).find("ckpt_000010.pt"), std::string::npos);
}

}  // namespace
}  // namespace hz::eval
