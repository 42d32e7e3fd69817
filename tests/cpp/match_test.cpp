// Tests of eval/match.h: seat rotation, outcome rules, the JSON report, determinism across
// threads and SPRT stopping, on toy games registered here (ab_toy_games.h).
#include "eval/match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "ab_checks.h"
#include "ab_toy_games.h"
#include "engine/adapter_impl.h"
#include "games/registry.h"
#include "search/heuristic_agents_impl.h"
#include "test_util.h"

namespace hz {
namespace {

template <class G>
GameInfo toy_info(const std::string& name) {
  GameInfo info;
  info.name = name;
  info.description = "toy game for the match tests";
  info.test_variants = {{}};
  info.factory = [](const GameOptions& o) -> std::shared_ptr<AnyGame> {
    return std::make_shared<GameAdapter<G>>(o);
  };
  return info;
}

HZ_REGISTER_GAME(toy_info<toy::ToyTicTacToe>("match_toy_tictactoe"));
HZ_REGISTER_GAME(toy_info<toy::ToyTriad>("match_toy_triad"));
HZ_REGISTER_HEURISTIC_AGENTS(toy::ToyTicTacToe);
HZ_REGISTER_HEURISTIC_AGENTS(toy::ToyTriad);
HZ_REGISTER_GAME(toy_info<toy::ToyConnect>("match_toy_connect"));
HZ_REGISTER_HEURISTIC_AGENTS(toy::ToyConnect);

eval::MatchConfig config_of(std::vector<std::string> specs, int games, int threads = 1) {
  eval::MatchConfig c;
  for (const auto& s : specs) c.agents.push_back(AgentSpec::parse(s));
  c.games = games;
  c.threads = threads;
  c.seed = 9;
  return c;
}

TEST(Match, SeatsRotateForTwoAgents) {
  auto game = make_game("match_toy_tictactoe");
  const auto r = eval::run_match(*game, config_of({"alphabeta:depth=1", "random"}, 6));
  ASSERT_EQ(r.games_played(), 6);
  for (const auto& o : r.outcomes) {
    const std::vector<int> expected =
        o.index % 2 == 0 ? std::vector<int>{0, 1} : std::vector<int>{1, 0};
    EXPECT_EQ(o.seat_agent, expected) << "game " << o.index;
  }
  for (int k = 0; k < 2; ++k)
    for (int s = 0; s < 2; ++s) EXPECT_EQ(r.tallies[k].by_seat[s].games(), 3);
  // Agent totals agree with the games themselves: agent 0 wins when its seat's return is +1.
  long wins0 = 0;
  for (const auto& o : r.outcomes) wins0 += o.returns[o.seat_agent[0] == 0 ? 0 : 1] > 0;
  EXPECT_EQ(r.tallies[0].total.wins, wins0);
  EXPECT_EQ(r.tallies[0].total.wins, r.tallies[1].total.losses);
  ASSERT_TRUE(r.elo.has_value());
}

TEST(Match, SeatsRotateForThreeAgentsAndAgainstAField) {
  auto game = make_game("match_toy_triad");
  const auto r = eval::run_match(*game, config_of({"greedy", "random", "alphabeta:depth=1"}, 6));
  for (const auto& o : r.outcomes)
    for (int k = 0; k < 3; ++k) EXPECT_EQ(o.seat_agent[(k + o.index) % 3], k);
  for (int k = 0; k < 3; ++k)
    for (int s = 0; s < 3; ++s) EXPECT_EQ(r.tallies[k].by_seat[s].games(), 2);
  ASSERT_TRUE(r.ratings.has_value());
  EXPECT_EQ(r.ratings->elo[0], 0.0);
  EXPECT_EQ(r.pairwise.size(), 3u);

  const auto f = eval::run_match(*game, config_of({"alphabeta:depth=1", "random"}, 6));
  for (const auto& o : f.outcomes) {
    EXPECT_EQ(o.seat_agent[o.index % 3], 0);
    EXPECT_EQ(std::count(o.seat_agent.begin(), o.seat_agent.end(), 1), 2);
  }
  EXPECT_EQ(f.tallies[0].total.games(), 6);
  EXPECT_EQ(f.tallies[0].total.wins, f.tallies[1].total.losses);
  EXPECT_EQ(f.pairwise[0].a_vs_b.wins, f.tallies[0].total.wins);
}

// Outcome rules on hand-made games: strictly best is a win, strictly below the best other a
// loss, otherwise a draw; pairwise, a higher return beats a lower one.
TEST(Match, OutcomeRulesOnConstructedGames) {
  eval::MatchResult r;
  r.agents = {"a", "b", "c"};
  r.players = 3;
  r.outcomes = {{0, {0, 1, 2}, {1.0f, -0.5f, -0.5f}, 5, {}},
                {1, {2, 0, 1}, {0.0f, 0.0f, 0.0f}, 5, {}},
                {2, {1, 2, 0}, {1.0f, 1.0f, -1.0f}, 5, {}}};
  eval::summarize(r);
  // a: win (game 0), draw (game 1), loss (game 2: -1 below 1).
  EXPECT_EQ(r.tallies[0].total.wins, 1);
  EXPECT_EQ(r.tallies[0].total.draws, 1);
  EXPECT_EQ(r.tallies[0].total.losses, 1);
  // b: loss, draw, draw (tied for best in game 2).
  EXPECT_EQ(r.tallies[1].total.losses, 1);
  EXPECT_EQ(r.tallies[1].total.draws, 2);
  // b against c: draw (both -0.5), draw, draw (both 1).
  EXPECT_EQ(r.pairwise[2].a, 1);
  EXPECT_EQ(r.pairwise[2].a_vs_b.draws, 3);
  // a against b: win, draw, loss.
  EXPECT_EQ(r.pairwise[0].a_vs_b.wins, 1);
  EXPECT_EQ(r.pairwise[0].a_vs_b.losses, 1);
}

// Finishing ranks: 1 + seats with a higher return + half the other seats with an equal one.
TEST(Match, FinishingRanksFromReturns) {
  // Without play_to_finish: the winner, then three seats sharing places 2, 3, 4 (mean 3).
  EXPECT_EQ(eval::finishing_ranks({-1.0f / 3, 1.0f, -1.0f / 3, -1.0f / 3}),
            (std::vector<double>{3, 1, 3, 3}));
  // play_to_finish with 4 players: returns +1, 1/3, -1/3, -1 by place, in any seat order.
  EXPECT_EQ(eval::finishing_ranks({-1.0f / 3, 1.0f, -1.0f, 1.0f / 3}),
            (std::vector<double>{3, 1, 4, 2}));
  // Two seats tied for first share places 1 and 2; all equal share 1, 2, 3 (mean 2).
  EXPECT_EQ(eval::finishing_ranks({0.5f, 0.5f, -1.0f}), (std::vector<double>{1.5, 1.5, 3}));
  EXPECT_EQ(eval::finishing_ranks({0.0f, 0.0f, 0.0f}), (std::vector<double>{2, 2, 2}));
}

// Win shares and mean ranks on hand-made 3-player games, one agent per seat:
//   game 0 seats (a, b, c), returns (1, -0.5, -0.5): a wins; ranks a 1, b 2.5, c 2.5
//   game 1 seats (c, a, b), returns (1, 0, -1):      c wins; ranks c 1, a 2, b 3
//   game 2 seats (b, c, a), returns (0, 0, 0):       no win; ranks 2, 2, 2
//   game 3 seats (a, b, c), returns (-1, 1, 1):      no win (tie); ranks a 3, b 1.5, c 1.5
// a: 1 win of 4, ranks 1 + 2 + 2 + 3 = 8 (mean 2); b: 0 wins, 2.5 + 3 + 2 + 1.5 = 9 (2.25);
// c: 1 win, 2.5 + 1 + 2 + 1.5 = 7 (1.75). Wilson interval of 1 of 4 (z = 1.95996):
// (0.25 + z^2/8 -+ z sqrt(0.25 * 0.75 / 4 + z^2/64)) / (1 + z^2/4) = [0.04559, 0.69936].
TEST(Match, StandingsOnConstructedThreePlayerGames) {
  eval::MatchResult r;
  r.agents = {"a", "b", "c"};
  r.players = 3;
  r.outcomes = {{0, {0, 1, 2}, {1.0f, -0.5f, -0.5f}, 5, {}},
                {1, {2, 0, 1}, {1.0f, 0.0f, -1.0f}, 5, {}},
                {2, {1, 2, 0}, {0.0f, 0.0f, 0.0f}, 5, {}},
                {3, {0, 1, 2}, {-1.0f, 1.0f, 1.0f}, 5, {}}};
  eval::summarize(r);
  const eval::Standing& a = r.tallies[0].standing;
  EXPECT_EQ(a.seats, 4);
  EXPECT_EQ(a.wins, 1);
  EXPECT_DOUBLE_EQ(a.mean_rank(), 2.0);
  EXPECT_DOUBLE_EQ(a.win_share().share, 0.25);
  EXPECT_NEAR(a.win_share().low, 0.04559, 1e-5);
  EXPECT_NEAR(a.win_share().high, 0.69936, 1e-5);
  EXPECT_EQ(r.tallies[1].standing.wins, 0);
  EXPECT_DOUBLE_EQ(r.tallies[1].standing.mean_rank(), 2.25);
  EXPECT_EQ(r.tallies[2].standing.wins, 1);
  EXPECT_DOUBLE_EQ(r.tallies[2].standing.mean_rank(), 1.75);

  const Json j = parse_json(eval::match_json(r), "the match report");
  EXPECT_NEAR(j["fair_share"].get<double>(), 1.0 / 3, 1e-9);
  EXPECT_EQ(j["agents"][0]["seat_games"].get<long>(), 4);
  EXPECT_EQ(j["agents"][0]["seat_wins"].get<long>(), 1);
  EXPECT_DOUBLE_EQ(j["agents"][0]["win_share"].get<double>(), 0.25);
  EXPECT_NEAR(j["agents"][0]["win_share_low"].get<double>(), 0.04559, 1e-5);
  EXPECT_NEAR(j["agents"][0]["win_share_high"].get<double>(), 0.69936, 1e-5);
  EXPECT_DOUBLE_EQ(j["agents"][1]["mean_rank"].get<double>(), 2.25);
  EXPECT_DOUBLE_EQ(j["agents"][2]["mean_rank"].get<double>(), 1.75);
  const std::string table = eval::match_table(r);
  EXPECT_NE(table.find("fair share 1/3 = 0.333"), std::string::npos) << table;
  EXPECT_NE(table.find("0.250 [0.046, 0.699]   2.00"), std::string::npos) << table;
  EXPECT_NE(table.find("0.000 [0.000, 0.490]   2.25"), std::string::npos) << table;
  EXPECT_NE(table.find("Elo C (A = 0)"), std::string::npos) << table;  // Bradley-Terry still there
}

// Against a field: agent 0 in one seat, agent 1's two instances in the others. Per seat:
//   game 0 seats (0, 1, 1), returns (1, -0.5, -0.5):  agent 0 wins, rank 1; the field 2.5, 2.5
//   game 1 seats (1, 0, 1), returns (1, -0.5, -0.5):  a field seat wins; agent 0 rank 2.5;
//                                                     the field 1 and 2.5
//   game 2 seats (1, 1, 0), returns (-1, 0, 1):       agent 0 wins, rank 1; the field 3, 2
// Agent 0: 2 wins of 3 seats, ranks 4.5 (mean 1.5). The field: 1 win of 6 seats, ranks 13.5
// (mean 2.25).
TEST(Match, StandingsAgainstAField) {
  eval::MatchResult r;
  r.agents = {"net", "field"};
  r.players = 3;
  r.outcomes = {{0, {0, 1, 1}, {1.0f, -0.5f, -0.5f}, 5, {}},
                {1, {1, 0, 1}, {1.0f, -0.5f, -0.5f}, 5, {}},
                {2, {1, 1, 0}, {-1.0f, 0.0f, 1.0f}, 5, {}}};
  eval::summarize(r);
  EXPECT_EQ(r.tallies[0].standing.seats, 3);
  EXPECT_EQ(r.tallies[0].standing.wins, 2);
  EXPECT_DOUBLE_EQ(r.tallies[0].standing.mean_rank(), 1.5);
  EXPECT_EQ(r.tallies[1].standing.seats, 6);
  EXPECT_EQ(r.tallies[1].standing.wins, 1);
  EXPECT_DOUBLE_EQ(r.tallies[1].standing.mean_rank(), 2.25);
  EXPECT_EQ(r.tallies[0].total.wins, 2);  // the pairwise view: agent 0 against the field
  ASSERT_TRUE(r.elo.has_value());
  const std::string table = eval::match_table(r);
  EXPECT_NE(table.find("0.667 ["), std::string::npos) << table;
  EXPECT_NE(table.find("Elo A - B"), std::string::npos) << table;
}

TEST(Match, JsonReportAgreesWithTheGames) {
  auto game = make_game("match_toy_tictactoe");
  auto c = config_of({"greedy", "random"}, 8);
  const auto r = eval::run_match(*game, c);
  const Json j = parse_json(eval::match_json(r), "the match report");
  EXPECT_EQ(j["format"].get<std::string>(), "hopzero-match");
  EXPECT_EQ(j["version"].get<int>(), eval::kMatchReportVersion);
  EXPECT_EQ(j["games_played"].get<int>(), 8);
  EXPECT_EQ(j["agents"][0]["spec"].get<std::string>(), "greedy");
  ASSERT_EQ(j["games"].size(), 8u);
  long wins = 0, draws = 0, losses = 0;
  for (const auto& g : j["games"]) {
    const int seat = g["seat_agent"][0].get<int>() == 0 ? 0 : 1;
    const double mine = g["returns"][seat].get<double>(),
                 theirs = g["returns"][1 - seat].get<double>();
    (mine > theirs ? wins : mine < theirs ? losses : draws) += 1;
  }
  EXPECT_EQ(j["agents"][0]["wins"].get<long>(), wins);
  EXPECT_EQ(j["agents"][0]["draws"].get<long>(), draws);
  EXPECT_EQ(j["agents"][0]["losses"].get<long>(), losses);
  EXPECT_EQ(j["agents"][0]["seats"].size(), 2u);
  EXPECT_TRUE(j["elo_difference"].contains("elo"));
  EXPECT_FALSE(j.contains("fair_share"));  // standings are for more than two players
  EXPECT_FALSE(j["agents"][0].contains("win_share"));
  const std::string table = eval::match_table(r);
  EXPECT_NE(table.find("seat 1"), std::string::npos) << table;
  EXPECT_NE(table.find("Elo A - B"), std::string::npos) << table;
}

TEST(Match, DeterministicAcrossThreadCountsWithDeterministicAgents) {
  auto game = make_game("match_toy_triad");
  const auto one = eval::run_match(
      *game, config_of({"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3"}, 9, 1));
  const auto three = eval::run_match(
      *game, config_of({"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3"}, 9, 3));
  ASSERT_EQ(one.games_played(), three.games_played());
  for (int g = 0; g < one.games_played(); ++g) {
    EXPECT_EQ(one.outcomes[g].returns, three.outcomes[g].returns) << g;
    EXPECT_EQ(one.outcomes[g].actions, three.outcomes[g].actions) << g;
  }
}

TEST(Match, SprtStopsEarlyAndErrorsAreNamed) {
  auto game = make_game("match_toy_tictactoe");
  auto c = config_of({"alphabeta:depth=9", "random"}, 2000);
  c.opening_plies = 1;
  c.sprt = eval::SprtSettings::parse("0,100,0.05,0.05");
  const auto r = eval::run_match(*game, c);
  ASSERT_TRUE(r.sprt.has_value());
  EXPECT_EQ(r.sprt->decision, eval::SprtDecision::kAcceptH1);
  EXPECT_LT(r.games_played(), 2000);
  EXPECT_NE(error_of([&] {
              eval::run_match(*game, config_of({"random", "random", "random"}, 2));
            }).find("3 agents"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              eval::run_match(*game, config_of({"random", "bogus"}, 2));
            }).find("bogus"),
            std::string::npos);
  auto three = config_of({"random", "random", "random"}, 2);
  three.sprt = eval::SprtSettings{};
  auto triad = make_game("match_toy_triad");
  EXPECT_NE(error_of([&] { eval::run_match(*triad, three); }).find("sprt"), std::string::npos);
  // Perfect play from both sides, from the empty board, draws every game: Elo difference 0.
  auto perfect = config_of({"alphabeta:depth=9", "alphabeta:depth=9"}, 4);
  perfect.opening_plies = 0;
  const auto draws = eval::run_match(*game, perfect);
  EXPECT_EQ(draws.tallies[0].total.draws, 4);
  EXPECT_DOUBLE_EQ(draws.elo->elo, 0.0);
}

// A match killed part-way and continued (MatchConfig::played) plays only the missing games and
// ends with the games one uninterrupted run plays: deterministic agents, game g's opening and
// seating depend on the seed and g alone.
TEST(Match, ResumedMatchPlaysOnlyTheMissingGames) {
  auto game = make_game("match_toy_triad");
  const auto c = config_of({"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3"}, 9);
  const auto whole = eval::run_match(*game, c);
  ASSERT_EQ(whole.games_played(), 9);
  auto resumed = config_of({"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3"}, 9, 2);
  for (int g : {0, 1, 2, 5}) resumed.played.push_back(whole.outcomes[g]);
  std::vector<int> played_now;
  const auto r = eval::run_match(*game, resumed, [&](const eval::MatchResult& so_far, int g) {
    played_now.push_back(g);
    EXPECT_FALSE(so_far.complete);
    EXPECT_EQ(so_far.games_played(), 4 + static_cast<int>(played_now.size()));
  });
  std::sort(played_now.begin(), played_now.end());
  EXPECT_EQ(played_now, (std::vector<int>{3, 4, 6, 7, 8}));
  ASSERT_EQ(r.games_played(), 9);
  EXPECT_TRUE(r.complete);
  for (int g = 0; g < 9; ++g) {
    EXPECT_EQ(r.outcomes[g].index, g);
    EXPECT_EQ(r.outcomes[g].returns, whole.outcomes[g].returns) << g;
    EXPECT_EQ(r.outcomes[g].actions, whole.outcomes[g].actions) << g;
  }
  for (int k = 0; k < 3; ++k) EXPECT_EQ(r.tallies[k].total.wins, whole.tallies[k].total.wins);
  // Earlier games that are not of this match are refused, naming the problem.
  auto bad = resumed;
  bad.played[1].index = 9;
  EXPECT_NE(error_of([&] { eval::run_match(*game, bad); }).find("outside the 9 games"),
            std::string::npos);
  bad = resumed;
  bad.played[1].index = 0;
  EXPECT_NE(error_of([&] { eval::run_match(*game, bad); }).find("game 0 is given twice"),
            std::string::npos);
  bad = resumed;
  bad.played[1].seat_agent = {0, 1, 2};  // game 1 seats agent 0 in seat 1
  EXPECT_NE(error_of([&] { eval::run_match(*game, bad); }).find("does not have this match's"),
            std::string::npos);
}

TEST(Match, ReportReadsBackForResuming) {
  auto game = make_game("match_toy_tictactoe");
  auto c = config_of({"greedy", "random"}, 5);
  c.opening_plies = 3;
  const auto r = eval::run_match(*game, c);
  const std::string text = eval::match_json(r);
  const auto back = eval::parse_match_report(text, "report.json");
  EXPECT_EQ(back.game, r.game);
  EXPECT_EQ(back.agents, (std::vector<std::string>{"greedy", "random"}));
  EXPECT_EQ(back.players, 2);
  EXPECT_EQ(back.games_requested, 5);
  EXPECT_EQ(back.seed, 9u);
  EXPECT_EQ(back.opening_plies, 3);
  EXPECT_TRUE(back.complete);
  ASSERT_EQ(back.games_played(), 5);
  for (int g = 0; g < 5; ++g) {
    EXPECT_EQ(back.outcomes[g].index, r.outcomes[g].index);
    EXPECT_EQ(back.outcomes[g].seat_agent, r.outcomes[g].seat_agent);
    EXPECT_EQ(back.outcomes[g].returns, r.outcomes[g].returns);
    EXPECT_EQ(back.outcomes[g].actions, r.outcomes[g].actions);
  }
  // A report of an older build (no seed), another file, or another version is refused by name.
  Json old = parse_json(text, "x");
  old.erase("seed");
  EXPECT_NE(error_of([&] {
              eval::parse_match_report(old.dump(), "old.json");
            }).find("old.json: the report has no \"seed\""),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              eval::parse_match_report("{\"a\": 1}", "other.json");
            }).find("other.json: not a hopzero match report"),
            std::string::npos);
  Json v3 = parse_json(text, "x");
  v3["version"] = 3;
  EXPECT_NE(error_of([&] { eval::parse_match_report(v3.dump(), "v3.json"); }).find("version 3"),
            std::string::npos);
}

// Jumpers 6x6 has 4 positions after 2 random actions (docs/rules/jumpers.md: Red's 2x2 block at
// A1 allows 4 own-piece jumps, a1-c1, a1-a3, b1-b3 and a2-c2, none of which can go on, so the
// second action is `stop`), and one after none. The report counts the distinct openings over the
// rotations of seats (the two games of a rotation share one), says when they are few, and
// reads them back.
TEST(Match, CountsDistinctOpenings) {
  auto game = make_game("jumpers", GameOptions::parse("size=6"));
  auto c = config_of({"alphabeta:depth=1", "random"}, 40);
  c.opening_plies = 2;
  const auto r = eval::run_match(*game, c);
  EXPECT_EQ(r.rotations, 20);
  EXPECT_EQ(r.distinct_openings, 4);
  EXPECT_NE(eval::match_table(r).find("openings: 4 distinct positions after 2 random actions in "
                                      "20 rotations of seats (few:"),
            std::string::npos);
  ASSERT_EQ(r.games_played(), 40);
  for (int g = 0; g < 40; g += 2) {
    ASSERT_TRUE(r.outcomes[g].opening.has_value());
    EXPECT_EQ(r.outcomes[g].opening, r.outcomes[g + 1].opening) << "game " << g;
  }
  const std::string text = eval::match_json(r);
  const auto back = eval::parse_match_report(text, "r.json");
  for (int g = 0; g < 40; ++g) EXPECT_EQ(back.outcomes[g].opening, r.outcomes[g].opening);
  Json bad = parse_json(text, "x");
  bad["games"][0]["opening"] = 12;
  EXPECT_NE(error_of([&] {
              eval::parse_match_report(bad.dump(), "bad.json");
            }).find("bad.json: a game's \"opening\" is not a hash"),
            std::string::npos);

  c.games = 6;
  c.opening_plies = 0;
  const auto none = eval::run_match(*game, c);
  EXPECT_EQ(none.rotations, 3);
  EXPECT_EQ(none.distinct_openings, 1);
  c.opening_plies = 12;
  const auto many = eval::run_match(*game, c);
  EXPECT_EQ(many.distinct_openings, 3);
  EXPECT_EQ(eval::match_table(many).find("(few:"), std::string::npos);
}

// The effort each side spent: ToyConnect's turns are two actions by one player (the first turn
// one), so turns and decisions differ. At each side's first turn of a game (a fresh tree: the
// agents are reset between games) MCTS reports its root visits (sims=30 counts the root's own
// visit too: 29 or 30 at its children), alpha-beta its nodes and completed depth (2). The
// report carries it per game and reads it back.
TEST(Match, ReportsTheEffortOfEachSide) {
  auto game = make_game("match_toy_connect");
  auto c = config_of({"mcts:sims=30", "alphabeta:depth=2"}, 4);
  c.opening_plies = 0;
  const auto r = eval::run_match(*game, c);
  long decisions = 0, actions = 0;
  for (const auto& o : r.outcomes) {
    actions += o.actions;
    ASSERT_EQ(o.effort.size(), 2u);
    // Turns alternate: the first player has as many as the second or one more.
    const long extra_turns = o.effort[0].turns - o.effort[1].turns;
    EXPECT_TRUE(extra_turns == 0 || extra_turns == 1) << extra_turns;
    for (const eval::SeatEffort& e : o.effort) {
      decisions += e.decisions;
      // Turns of two actions but the first (and a won game's last, cut short by the win).
      EXPECT_GE(e.decisions, 2 * e.turns - 2);
      EXPECT_LE(e.decisions, 2 * e.turns);
      EXPECT_GT(e.decisions, e.turns);
      EXPECT_EQ(e.first_turns, 1);
    }
  }
  EXPECT_EQ(decisions, actions);
  const eval::SeatEffort& mcts = r.tallies[0].effort;
  const eval::SeatEffort& ab = r.tallies[1].effort;
  ASSERT_EQ(mcts.first_turns, 4);
  ASSERT_EQ(ab.first_turns, 4);
  EXPECT_GE(mcts.first_visits, 29 * 4);
  EXPECT_LE(mcts.first_visits, 30 * 4);
  EXPECT_EQ(mcts.first_nodes, 0);
  EXPECT_EQ(ab.first_visits, 0);
  EXPECT_GT(ab.first_nodes, 0);
  EXPECT_EQ(ab.first_depth, 2 * 4);
  EXPECT_GT(mcts.seconds, 0.0);

  const Json j = parse_json(eval::match_json(r), "the match report");
  EXPECT_EQ(j["agents"][0]["turns"].get<long>(), mcts.turns);
  EXPECT_NEAR(j["agents"][0]["ms_per_turn"].get<double>(), 1000 * mcts.seconds / mcts.turns, 1e-9);
  EXPECT_NEAR(j["agents"][0]["first_turn_root_visits"].get<double>(), mcts.first_visits / 4.0,
              1e-9);
  EXPECT_FALSE(j["agents"][0].contains("first_turn_nodes"));
  EXPECT_DOUBLE_EQ(j["agents"][1]["first_turn_depth"].get<double>(), 2.0);
  EXPECT_FALSE(j["agents"][1].contains("first_turn_root_visits"));
  EXPECT_NE(eval::match_table(r).find(" root visits), B "), std::string::npos);

  auto back = eval::parse_match_report(eval::match_json(r), "report.json");
  eval::summarize(back);
  EXPECT_EQ(back.tallies[0].effort.first_visits, mcts.first_visits);
  EXPECT_EQ(back.tallies[1].effort.first_nodes, ab.first_nodes);
  EXPECT_EQ(back.tallies[1].effort.decisions, ab.decisions);
  EXPECT_EQ(back.tallies[1].effort.first_turns, 4);
  // Reports written before the effort was recorded read back without it; a bad one is named.
  Json old = j;
  for (auto& g : old["games"]) g.erase("effort");
  back = eval::parse_match_report(old.dump(), "old.json");
  eval::summarize(back);
  EXPECT_EQ(back.tallies[0].effort.decisions, 0);
  EXPECT_FALSE(parse_json(eval::match_json(back), "x")["agents"][0].contains("turns"));
  Json bad = j;
  bad["games"][0]["effort"][1] = {1, 2, -3.0, 0, 0, 0};
  EXPECT_NE(error_of([&] {
              eval::parse_match_report(bad.dump(), "bad.json");
            }).find("bad.json: a seat's effort is not"),
            std::string::npos);
}

// The trained networks kept in experiments/learning_vs_uniform still load (for their game) and
// still beat uniform MCTS at equal simulations, as the experiment's README reports. A short
// deterministic match (one thread): in the experiment the Alquerque network lost none of 200
// games and the Jumpers one won 151 of 200.
TEST(Match, ExperimentNetworksBeatUniformMcts) {
  const std::string dir = std::string(HZ_SOURCE_DIR) + "/experiments/learning_vs_uniform/";
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"alquerque", "max_plies=120", "checkpoints/alquerque_ckpt_001200.pt"},
      {"jumpers", "size=6", "checkpoints/jumpers_6_ckpt_001000.pt"}};
  for (const auto& [name, options, file] : cases) {
    SCOPED_TRACE(file);
    const auto game = make_game(name, GameOptions::parse(options));
    eval::MatchConfig c;
    c.agents = {
        AgentSpec{"mcts",
                  {{"evaluator", "checkpoint"}, {"checkpoint", dir + file}, {"sims", "48"}}},
        AgentSpec{"mcts", {{"sims", "48"}}}};
    c.games = 10;
    c.seed = 3;
    const eval::MatchResult r = eval::run_match(*game, c);
    const eval::WDL a = r.tallies.at(0).total;
    EXPECT_EQ(a.games(), 10);
    EXPECT_GT(a.score(), 0.5) << a.wins << "-" << a.draws << "-" << a.losses;
  }
}

}  // namespace
}  // namespace hz
