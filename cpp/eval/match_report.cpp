// The match report: its JSON (written after every game, read back by --resume) and the table
// `hopzero match` prints. match.cpp plays the games and summarizes them.
#include <algorithm>
#include <cstdio>
#include <limits>

#include "core/error.h"
#include "eval/match.h"

namespace hz::eval {

namespace {
void add_wdl(Json& object, const WDL& w) {
  object["games"] = w.games();
  object["wins"] = w.wins;
  object["draws"] = w.draws;
  object["losses"] = w.losses;
  object["score"] = w.score();
}
Json interval_json(Json object, double elo, double low, double high) {
  object["elo"] = elo;
  object["elo_low"] = low;
  object["elo_high"] = high;
  return object;
}
}  // namespace

void add_standing(Json& object, const Standing& st) {
  const ShareInterval share = st.win_share();
  object["seat_games"] = st.seats;
  object["seat_wins"] = st.wins;
  object["win_share"] = share.share;
  object["win_share_low"] = share.low;
  object["win_share_high"] = share.high;
  object["mean_rank"] = st.mean_rank();
}

std::string standing_header(int players) {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "standing (%d players): fair share 1/%d = %.3f; rank 1 = best, tied seats share "
                "the mean of their places\n",
                players, players, 1.0 / players);
  return buf;
}

std::string standing_cells(const Standing& st) {
  const ShareInterval share = st.win_share();
  char buf[96];
  std::snprintf(buf, sizeof buf, "%6ld %6ld %6.3f [%5.3f, %5.3f] %6.2f", st.seats, st.wins,
                share.share, share.low, share.high, st.mean_rank());
  return buf;
}

namespace {

// An agent's effort (match.h SeatEffort) and its means; nothing for reports without one.
void add_effort(Json& object, const SeatEffort& e) {
  if (e.decisions == 0) return;
  object["turns"] = e.turns;
  object["decisions"] = e.decisions;
  object["think_seconds"] = e.seconds;
  object["ms_per_turn"] = e.turns ? 1000.0 * e.seconds / e.turns : 0.0;
  if (e.first_turns == 0) return;
  const double n = static_cast<double>(e.first_turns);
  if (e.first_visits) object["first_turn_root_visits"] = e.first_visits / n;
  if (e.first_nodes) {
    object["first_turn_nodes"] = e.first_nodes / n;
    object["first_turn_depth"] = e.first_depth / n;
  }
}

// Each agent's results: overall, by seat, and (more than two players) its standing.
Json agents_json(const MatchResult& r) {
  Json agents = Json::array();
  for (size_t k = 0; k < r.agents.size(); ++k) {
    const AgentTally& t = r.tallies[k];
    Json agent = {{"agent", static_cast<int>(k)}, {"spec", r.agents[k]}};
    add_wdl(agent, t.total);
    agent["mean_return"] = r.outcomes.empty() ? 0.0 : t.return_sum / r.games_played();
    if (r.players > 2) add_standing(agent, t.standing);
    add_effort(agent, t.effort);
    Json seats = Json::array();
    for (int s = 0; s < r.players; ++s) {
      if (t.by_seat[s].games() == 0) continue;
      Json seat = {{"seat", s}};
      add_wdl(seat, t.by_seat[s]);
      seats.push_back(std::move(seat));
    }
    agent["seats"] = std::move(seats);
    agents.push_back(std::move(agent));
  }
  return agents;
}

// Every game: its index, length, which agent sat where, and the returns.
// A 64-bit hash as 16 hex digits: JSON numbers above 2^53 do not survive every reader.
std::string hex_hash(uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

Json games_json(const MatchResult& r) {
  Json games = Json::array();
  for (const GameOutcome& o : r.outcomes) {
    Json returns = Json::array();
    for (float v : o.returns) returns.push_back(static_cast<double>(v));
    Json game = {{"index", o.index},
                 {"actions", o.actions},
                 {"seat_agent", o.seat_agent},
                 {"returns", std::move(returns)}};
    if (o.opening) game["opening"] = hex_hash(*o.opening);
    if (!o.effort.empty()) {
      Json effort = Json::array();
      for (const SeatEffort& e : o.effort)
        effort.push_back(
            {e.turns, e.decisions, e.seconds, e.first_visits, e.first_nodes, e.first_depth});
      game["effort"] = std::move(effort);
    }
    games.push_back(std::move(game));
  }
  return games;
}

}  // namespace

std::string match_json(const MatchResult& r) {
  Json j = {{"format", "hopzero-match"}, {"version", kMatchReportVersion}};
  j["game"] = r.game;
  j["players"] = r.players;
  j["games_requested"] = r.games_requested;
  j["games_played"] = r.games_played();
  j["seed"] = r.seed;
  j["opening_plies"] = r.opening_plies;
  j["seconds"] = r.seconds;
  j["complete"] = r.complete;
  if (r.players > 2) j["fair_share"] = 1.0 / r.players;
  if (r.rotations) j["openings"] = {{"rotations", r.rotations}, {"distinct", r.distinct_openings}};
  j["agents"] = agents_json(r);
  j["pairwise"] = Json::array();
  for (const PairResult& p : r.pairwise) {
    Json pair = {{"a", p.a}, {"b", p.b}};
    add_wdl(pair, p.a_vs_b);
    j["pairwise"].push_back(std::move(pair));
  }
  if (r.elo)
    j["elo_difference"] = interval_json(Json::object(), r.elo->elo, r.elo->low, r.elo->high);
  if (r.ratings) {
    j["ratings"] = Json::array();
    for (size_t k = 0; k < r.agents.size(); ++k)
      j["ratings"].push_back(interval_json({{"agent", static_cast<int>(k)}}, r.ratings->elo[k],
                                           r.ratings->low[k], r.ratings->high[k]));
  }
  if (r.sprt && r.sprt_settings) {
    const SprtSettings& p = *r.sprt_settings;
    j["sprt"] = {{"elo0", p.elo0},         {"elo1", p.elo1},
                 {"alpha", p.alpha},       {"beta", p.beta},
                 {"llr", r.sprt->llr},     {"lower", r.sprt->lower},
                 {"upper", r.sprt->upper}, {"decision", to_string(r.sprt->decision)}};
  }
  j["games"] = games_json(r);
  return json_text(j, 2, "the match report") + "\n";
}

namespace {
// A game's "effort": per seat [turns, decisions, seconds, and at the first turn root visits,
// nodes and depth].
std::vector<SeatEffort> parse_effort(const Json& j, size_t seats, std::string_view what) {
  if (!j.is_array() || j.size() != seats)
    fail(what, ": a game's \"effort\" is not an array of one entry per seat");
  std::vector<SeatEffort> out;
  for (const Json& e : j) {
    if (!e.is_array() || e.size() != 6 || !std::all_of(e.begin(), e.end(), [](const Json& x) {
          return x.is_number() && x.get<double>() >= 0;
        }))
      fail(what,
           ": a seat's effort is not [turns, decisions, seconds, first turn's visits, nodes, "
           "depth]");
    const long turns = e[0].get<long>();
    out.push_back({turns, e[1].get<long>(), e[2].get<double>(), turns > 0 ? 1 : 0,
                   e[3].get<long long>(), e[4].get<long long>(), e[5].get<long>()});
  }
  return out;
}
}  // namespace

namespace {
uint64_t parse_hash(const Json& j, std::string_view what) {
  const std::string text = j.is_string() ? j.get<std::string>() : "";
  if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    fail(what, ": a game's \"opening\" is not a hash of 16 lowercase hex digits: ", j.dump());
  return std::stoull(text, nullptr, 16);
}
}  // namespace

MatchResult parse_match_report(std::string_view text, std::string_view what) {
  const Json j = parse_json(text, what);
  if (!j.is_object() || j.value("format", "") != "hopzero-match")
    fail(what, ": not a hopzero match report (no \"format\": \"hopzero-match\")");
  if (json_field<int>(j, "version", what) != kMatchReportVersion)
    fail(what, ": match report version ", j["version"].dump(), "; this build reads version ",
         kMatchReportVersion);
  if (!j.contains("seed") || !j.contains("complete"))
    fail(what,
         ": the report has no \"seed\" and \"complete\" fields (written by an older "
         "hopzero match), so its games cannot be continued");
  MatchResult r;
  r.game = json_field<std::string>(j, "game", what);
  r.players = json_field<int>(j, "players", what);
  r.games_requested = json_field<int>(j, "games_requested", what);
  r.seed = json_field<uint64_t>(j, "seed", what);
  r.opening_plies = json_field<int>(j, "opening_plies", what);
  r.seconds = json_field<double>(j, "seconds", what);
  r.complete = json_field<bool>(j, "complete", what);
  for (const char* key : {"agents", "games"})
    if (!j.contains(key) || !j[key].is_array()) fail(what, ": no array ", quote(key));
  for (const Json& agent : j["agents"])
    r.agents.push_back(json_field<std::string>(agent, "spec", what));
  for (const Json& g : j["games"]) {
    GameOutcome o;
    o.index = json_field<int>(g, "index", what);
    o.actions = json_field<int>(g, "actions", what);
    o.seat_agent = json_field<std::vector<int>>(g, "seat_agent", what);
    o.returns = json_field<std::vector<float>>(g, "returns", what);
    if (g.contains("effort")) o.effort = parse_effort(g["effort"], o.returns.size(), what);
    if (g.contains("opening")) o.opening = parse_hash(g["opening"], what);
    r.outcomes.push_back(std::move(o));
  }
  return r;
}

namespace {
std::string elo_text(double v) {
  if (v == std::numeric_limits<double>::infinity()) return "+inf";
  if (v == -std::numeric_limits<double>::infinity()) return "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", v);
  return buf;
}
// "A spec", cut to 34 characters.
std::string agent_label(const MatchResult& r, size_t k) {
  std::string label = str_cat(static_cast<char>('A' + k), " ", r.agents[k]);
  if (label.size() > 34) label = label.substr(0, 31) + "...";
  return label;
}
std::string wdl_row(const std::string& label, const WDL& w, const std::string& tail) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-34s %6ld %6ld %6ld %6ld %6.3f%s\n", label.c_str(), w.games(),
                w.wins, w.draws, w.losses, w.score(), tail.c_str());
  return buf;
}
// "time: A 199.8 ms a turn (first turn: 1412 root visits), B 200.1 ms a turn (first turn:
// 3051224 nodes, depth 10.2)".
std::string effort_lines(const MatchResult& r) {
  std::string out;
  for (size_t k = 0; k < r.agents.size(); ++k) {
    const SeatEffort& e = r.tallies[k].effort;
    if (e.turns == 0) continue;
    char buf[160];
    int n = std::snprintf(buf, sizeof buf, "%s%c %.1f ms a turn", out.empty() ? "time: " : ", ",
                          static_cast<char>('A' + k), 1000.0 * e.seconds / e.turns);
    const double firsts = std::max(1.0, static_cast<double>(e.first_turns));
    if (e.first_visits)
      n += std::snprintf(buf + n, sizeof buf - n, " (first turn: %.0f root visits)",
                         e.first_visits / firsts);
    if (e.first_nodes)
      std::snprintf(buf + n, sizeof buf - n, " (first turn: %.0f nodes, depth %.1f)",
                    e.first_nodes / firsts, e.first_depth / firsts);
    out += buf;
  }
  return out.empty() ? out : out + "\n";
}
// "openings: 4 distinct positions after 2 random actions in 100 rotations of seats (few: ...)".
std::string openings_line(const MatchResult& r) {
  if (!r.rotations) return "";
  std::string line = str_cat("openings: ", r.distinct_openings, " distinct position",
                             r.distinct_openings == 1 ? "" : "s", " after ", r.opening_plies,
                             " random actions in ", r.rotations, " rotation",
                             r.rotations == 1 ? "" : "s", " of seats");
  if (2 * r.distinct_openings <= r.rotations)
    line +=
        " (few: deterministic agents replay the same games, so the games are not independent "
        "and the intervals too narrow; raise --opening-plies)";
  return line + "\n";
}
}  // namespace

std::string match_table(const MatchResult& r) {
  char head[400];
  std::snprintf(head, sizeof head,
                "match %s: %d of %d games in %.1f s\n%-34s %6s %6s %6s %6s %6s  %s\n",
                r.game.c_str(), r.games_played(), r.games_requested, r.seconds, "agent / seat",
                "games", "wins", "draws", "losses", "score", "mean return");
  std::string out = head;
  for (size_t k = 0; k < r.agents.size(); ++k) {
    const AgentTally& t = r.tallies[k];
    char mean[32];
    std::snprintf(mean, sizeof mean, "  %+.3f",
                  r.outcomes.empty() ? 0.0 : t.return_sum / r.games_played());
    out += wdl_row(agent_label(r, k), t.total, mean);
    for (int s = 0; s < r.players; ++s)
      if (t.by_seat[s].games()) out += wdl_row(str_cat("    seat ", s), t.by_seat[s], "");
  }
  if (r.players > 2) {
    char head_line[120];
    std::snprintf(head_line, sizeof head_line, "%-34s %6s %6s %6s %-14s %6s\n", "agent", "seats",
                  "wins", "share", " 95% interval", "rank");
    out += standing_header(r.players) + head_line;
    for (size_t k = 0; k < r.agents.size(); ++k) {
      std::snprintf(head_line, sizeof head_line, "%-34s ", agent_label(r, k).c_str());
      out += str_cat(head_line, standing_cells(r.tallies[k].standing), "\n");
    }
  }
  out += effort_lines(r);
  out += openings_line(r);
  if (r.elo)
    out += str_cat("Elo A - B: ", elo_text(r.elo->elo), "  95% [", elo_text(r.elo->low), ", ",
                   elo_text(r.elo->high), "]\n");
  if (r.ratings)
    for (size_t k = 0; k < r.agents.size(); ++k)
      out += str_cat("Elo ", static_cast<char>('A' + k), " (A = 0): ", elo_text(r.ratings->elo[k]),
                     "  95% [", elo_text(r.ratings->low[k]), ", ", elo_text(r.ratings->high[k]),
                     "]\n");
  if (r.sprt && r.sprt_settings) {
    const SprtSettings& p = *r.sprt_settings;
    char line[200];
    std::snprintf(line, sizeof line,
                  "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f in [%.3f, %.3f] -> %s\n", p.elo0,
                  p.elo1, p.alpha, p.beta, r.sprt->llr, r.sprt->lower, r.sprt->upper,
                  to_string(r.sprt->decision));
    out += line;
  }
  return out;
}

}  // namespace hz::eval
