#include "eval/ladder.h"

#include <cstdio>
#include <ostream>

#include "core/config.h"
#include "core/dir_listing.h"
#include "core/error.h"
#include "core/files.h"
#include "core/json.h"
#include "eval/match.h"
#include "games/registry.h"

namespace hz::eval {

namespace {

std::string checkpoint_stem(long step) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "ckpt_%06ld", step);
  return buf;
}

// A stable 64-bit hash of text (FNV-1a), so a pairing's seed does not depend on the platform.
uint64_t text_hash(const std::string& text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

bool same_settings(const LadderMatch& m, const LadderMatch& want) {
  return m.spec_a == want.spec_a && m.spec_b == want.spec_b && m.games == want.games &&
         m.opening_plies == want.opening_plies && m.seed == want.seed;
}

std::string elo_cell(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

Standing read_standing(const Json& n, std::string_view what) {
  return {json_field<long>(n, "seat_games", what), json_field<long>(n, "seat_wins", what),
          json_field<double>(n, "rank_sum", what)};
}

}  // namespace

std::vector<LadderPlayer> ladder_players(const LadderConfig& c) {
  std::vector<LadderPlayer> players = {{"baseline", -1, c.baseline.to_string()}};
  const std::string settings = c.settings.empty() ? str_cat("sims=", c.sims) : c.settings;
  const std::vector<long> steps = numbered_files(c.run_dir, "ckpt_", ".pt");
  for (size_t i = 0; i < steps.size(); ++i) {
    if (c.every > 0 && steps[i] % c.every != 0 && i + 1 != steps.size()) continue;
    const std::string stem = checkpoint_stem(steps[i]);
    players.push_back(
        {stem, steps[i], str_cat("mcts:checkpoint=", c.run_dir, "/", stem, ".pt,", settings)});
  }
  if (players.size() == 1) fail("ladder: no checkpoints ckpt_NNNNNN.pt in '", c.run_dir, "'");
  return players;
}

std::vector<std::pair<int, int>> ladder_pairings(int num_players, bool neighbours) {
  std::vector<std::pair<int, int>> out;
  for (int i = 1; i < num_players; ++i) {
    out.emplace_back(i, 0);
    if (neighbours && i >= 2) out.emplace_back(i, i - 1);
  }
  return out;
}

LadderTable fit_ladder(const std::vector<LadderPlayer>& players,
                       const std::vector<LadderMatch>& matches, double prior_draws,
                       int game_players) {
  std::vector<PairResult> results;
  for (const LadderMatch& m : matches) results.push_back({m.a, m.b, m.a_vs_b});
  const Ratings r =
      fit_bradley_terry(static_cast<int>(players.size()), results, /*anchor=*/0, prior_draws);
  LadderTable table;
  table.players = game_players;
  for (size_t p = 0; p < players.size(); ++p)
    table.rows.push_back(
        {players[p].name, players[p].step, r.games[p], r.elo[p], r.low[p], r.high[p], {}});
  if (game_players > 2)
    for (const LadderMatch& m : matches)
      if (m.b == 0 && m.has_standings) table.rows[m.a].vs_baseline = m.a_standing;
  return table;
}

std::string ladder_csv(const LadderTable& table) {
  const bool multi = table.players > 2;
  std::string out = str_cat("checkpoint,step,games,elo,elo_low,elo_high",
                            multi ? ",win_share,win_share_low,win_share_high,mean_rank" : "", "\n");
  for (const LadderRow& r : table.rows) {
    if (r.step < 0) continue;
    out += str_cat(r.name, ",", r.step, ",", r.games, ",", elo_cell(r.elo), ",", elo_cell(r.low),
                   ",", elo_cell(r.high));
    if (multi && r.vs_baseline) {
      const ShareInterval share = r.vs_baseline->win_share();
      char cells[96];
      std::snprintf(cells, sizeof cells, ",%.4f,%.4f,%.4f,%.4f", share.share, share.low, share.high,
                    r.vs_baseline->mean_rank());
      out += cells;
    } else if (multi) {
      out += ",,,,";
    }
    out += "\n";
  }
  return out;
}

std::string ladder_text(const LadderTable& table) {
  const bool multi = table.players > 2;
  char line[200];
  std::snprintf(line, sizeof line, "%-14s %9s %7s %9s %9s %9s", "player", "step", "games", "elo",
                "elo_low", "elo_high");
  std::string out = line;
  if (multi) {
    std::snprintf(line, sizeof line, "  %6s %6s %6s %-14s %6s", "seats", "wins", "share",
                  " 95% interval", "rank");
    out = str_cat("seats .. rank: each checkpoint in one seat, the baseline in the others; ",
                  standing_header(table.players), out, line);
  }
  out += "\n";
  for (const LadderRow& r : table.rows) {
    std::snprintf(line, sizeof line, "%-14s %9s %7ld %+9.1f %+9.1f %+9.1f", r.name.c_str(),
                  r.step < 0 ? "-" : std::to_string(r.step).c_str(), r.games, r.elo, r.low, r.high);
    out += line;
    if (multi && r.vs_baseline) out += str_cat("  ", standing_cells(*r.vs_baseline));
    out += "\n";
  }
  return out;
}

namespace {

Json match_standing_json(const Standing& st) {
  Json j = Json::object();
  add_standing(j, st);
  j["rank_sum"] = st.rank_sum;
  return j;
}

Json players_json(const LadderTable& table) {
  Json players = Json::array();
  for (const LadderRow& r : table.rows) {
    Json row = {{"name", r.name}, {"step", r.step},   {"games", r.games},
                {"elo", r.elo},   {"elo_low", r.low}, {"elo_high", r.high}};
    if (table.players > 2 && r.vs_baseline) {
      row["vs_baseline"] = Json::object();
      add_standing(row["vs_baseline"], *r.vs_baseline);
    }
    players.push_back(std::move(row));
  }
  return players;
}

Json matches_json(const std::vector<LadderMatch>& matches, bool multi) {
  Json out = Json::array();
  for (const LadderMatch& m : matches) {
    Json match = {{"a", m.a},
                  {"b", m.b},
                  {"spec_a", m.spec_a},
                  {"spec_b", m.spec_b},
                  {"games", m.games},
                  {"opening_plies", m.opening_plies},
                  {"seed", std::to_string(m.seed)},
                  {"wins", m.a_vs_b.wins},
                  {"draws", m.a_vs_b.draws},
                  {"losses", m.a_vs_b.losses}};
    if (m.rotations)
      match["openings"] = {{"rotations", m.rotations}, {"distinct", m.distinct_openings}};
    if (multi && m.has_standings) {
      match["standing_a"] = match_standing_json(m.a_standing);
      match["standing_b"] = match_standing_json(m.b_standing);
    }
    out.push_back(std::move(match));
  }
  return out;
}

LadderMatch read_match(const Json& m, std::string_view what) {
  LadderMatch x;
  x.a = json_field<int>(m, "a", what);
  x.b = json_field<int>(m, "b", what);
  x.spec_a = json_field<std::string>(m, "spec_a", what);
  x.spec_b = json_field<std::string>(m, "spec_b", what);
  x.games = json_field<int>(m, "games", what);
  x.opening_plies = json_field<int>(m, "opening_plies", what);
  x.seed = std::stoull(json_field<std::string>(m, "seed", what));
  x.a_vs_b = {json_field<long>(m, "wins", what), json_field<long>(m, "draws", what),
              json_field<long>(m, "losses", what)};
  if (m.contains("openings")) {
    x.rotations = json_field<int>(m["openings"], "rotations", what);
    x.distinct_openings = json_field<int>(m["openings"], "distinct", what);
  }
  x.has_standings = m.contains("standing_a") && m.contains("standing_b");
  if (x.has_standings) {
    x.a_standing = read_standing(m["standing_a"], what);
    x.b_standing = read_standing(m["standing_b"], what);
  }
  return x;
}

}  // namespace

std::string ladder_json(const LadderConfig& c, const std::string& game, const LadderTable& table,
                        const std::vector<LadderMatch>& matches) {
  const bool multi = table.players > 2;
  Json j = {{"format", "hopzero-ladder"}, {"version", kLadderVersion}};
  j["game"] = game;
  j["game_players"] = table.players;
  if (multi) j["fair_share"] = 1.0 / table.players;
  j["baseline"] = c.baseline.to_string();
  j["games_per_pairing"] = c.games;
  j["sims"] = c.settings.empty() ? c.sims : 0;
  j["checkpoint_settings"] = c.settings.empty() ? str_cat("sims=", c.sims) : c.settings;
  j["opening_plies"] = c.opening_plies;
  j["prior_draws"] = c.prior_draws;
  j["players"] = players_json(table);
  j["matches"] = matches_json(matches, multi);
  return checksummed_json_text(std::move(j), 2, "the ladder", "\n");
}

std::vector<LadderMatch> read_ladder_matches(const std::string& path) {
  std::vector<LadderMatch> out;
  if (!path_exists(path)) return out;
  const std::string text = read_file(path, kMaxReadBytes, "ladder file");
  switch (check_json_checksum(text)) {
    case JsonChecksum::kMatches:
      break;
    case JsonChecksum::kAbsent:
      fail("ladder: '", path, "' has no checksum (truncated, or not written by this hopzero); ",
           "delete it to play its matches again");
    case JsonChecksum::kMismatch:
      fail("ladder: '", path, "': checksum mismatch (the file is corrupt or was edited); ",
           "delete it to play its matches again");
  }
  try {
    const std::string what = "ladder file '" + path + "'";
    const Json root = parse_json(text, what);
    // Version 1 (numbers written with 10 significant digits by a writer of our own) holds the
    // same fields as version 2.
    const Json version = root.is_object() && root.contains("version") ? root["version"] : Json();
    if (!version.is_number_integer() || version.get<int>() < 1 ||
        version.get<int>() > kLadderVersion)
      fail("format version ", version.is_null() ? "(none)" : version.dump(),
           " is not supported (this build reads versions 1 to ", kLadderVersion, ")");
    const Json matches = root.contains("matches") ? root["matches"] : Json::array();
    if (!matches.is_array()) fail(what, ": 'matches' is not an array");
    for (const Json& m : matches) out.push_back(read_match(m, what));
  } catch (const std::exception& e) {
    fail("ladder: cannot read the earlier results in '", path, "': ", e.what(),
         " (delete the file to start afresh)");
  }
  return out;
}

namespace {
// Fills in `want`'s results from a recorded match with the same specs and settings (true), or
// plays it (false). With more than two players a recorded match without standings is replayed.
bool reuse_or_play(const AnyGame& game, const LadderConfig& c,
                   const std::vector<LadderMatch>& earlier, LadderMatch& want) {
  for (const LadderMatch& m : earlier)
    if (same_settings(m, want) && (game.num_players() <= 2 || m.has_standings)) {
      want.a_vs_b = m.a_vs_b;
      want.has_standings = m.has_standings;
      want.a_standing = m.a_standing;
      want.b_standing = m.b_standing;
      want.rotations = m.rotations, want.distinct_openings = m.distinct_openings;
      return true;
    }
  MatchConfig mc;
  mc.agents = {AgentSpec::parse(want.spec_a), AgentSpec::parse(want.spec_b)};
  mc.games = c.games;
  mc.threads = c.threads;
  mc.seed = want.seed;
  mc.opening_plies = c.opening_plies;
  const MatchResult r = run_match(game, mc);
  want.a_vs_b = r.pairwise[0].a_vs_b;
  want.has_standings = true;
  want.a_standing = r.tallies[0].standing;
  want.b_standing = r.tallies[1].standing;
  want.rotations = r.rotations, want.distinct_openings = r.distinct_openings;
  return false;
}

}  // namespace

LadderTable run_ladder(const LadderConfig& c, std::ostream& log) {
  Config config = Config::load_file(c.run_dir + "/config.yaml");
  ConfigSection root = config.root();
  ConfigSection game_section = root.section("game", "the game variant");
  const std::string game_name = game_section.get_string("name", "", {}, "registered game name");
  if (game_name.empty()) fail("ladder: '", c.run_dir, "/config.yaml' has no game.name");
  const GameOptions options = game_section.options_map("options", "rule options of the variant");
  game_section.finish();
  auto game = make_game(game_name, options);

  const std::vector<LadderPlayer> players = ladder_players(c);
  const std::vector<LadderMatch> earlier = read_ladder_matches(c.run_dir + "/ladder.json");
  std::vector<LadderMatch> matches;
  const auto pairings = ladder_pairings(static_cast<int>(players.size()), c.neighbours);
  log << "ladder " << game->full_name() << ": " << players.size() - 1 << " checkpoints, "
      << pairings.size() << " pairings of " << c.games << " games\n";
  for (const auto& [a, b] : pairings) {
    LadderMatch want;
    want.a = a, want.b = b;
    want.spec_a = players[a].spec, want.spec_b = players[b].spec;
    want.games = c.games, want.opening_plies = c.opening_plies;
    want.seed = c.seed ^ text_hash(want.spec_a + "|" + want.spec_b);
    const bool reused = reuse_or_play(*game, c, earlier, want);
    log << "  " << players[a].name << " vs " << players[b].name << ": +" << want.a_vs_b.wins << " ="
        << want.a_vs_b.draws << " -" << want.a_vs_b.losses;
    if (want.rotations)
      log << ", " << want.distinct_openings << " of " << want.rotations << " openings distinct";
    log << (reused ? "  (from ladder.json)" : "") << "\n";
    matches.push_back(want);
  }
  const LadderTable table = fit_ladder(players, matches, c.prior_draws, game->num_players());
  write_file_atomically(c.run_dir + "/ladder.json",
                        ladder_json(c, game->full_name(), table, matches));
  write_file_atomically(c.run_dir + "/ladder.csv", ladder_csv(table));
  return table;
}

}  // namespace hz::eval
