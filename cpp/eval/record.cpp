#include "eval/record.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/error.h"
#include "core/files.h"
#include "games/registry.h"

namespace hz {

RecordBuilder::RecordBuilder(const AnyGame& game, std::vector<std::string> players) {
  record_.game = game.name();
  record_.options = game.options();
  record_.players = std::move(players);
  if (static_cast<int>(record_.players.size()) != game.num_players())
    fail("a record of ", game.name(), " needs ", game.num_players(), " players, got ",
         record_.players.size());
}

void RecordBuilder::add_action(const AnyState& state, Action action, const std::string& comment) {
  const int player = state.current_player();
  // A new turn starts when the mover changes or the previous turn ended (the previous state
  // after the last action had another mover, which is what turn_open_ tracks).
  if (!turn_open_ || player != last_player_) {
    record_.turns.emplace_back();
    record_.turn_players.push_back(player);
    record_.comments.emplace_back();
  }
  record_.turns.back().push_back(action);
  if (!comment.empty()) {
    std::string& c = record_.comments.back();
    c += (c.empty() ? "" : "; ") + comment;
  }
  auto next = state.clone();
  next->apply(action);
  turn_open_ = !next->is_terminal() && next->current_player() == player;
  last_player_ = player;
}

GameRecord RecordBuilder::finish(const AnyState& final_state) {
  if (final_state.is_terminal()) {
    const PlayerValues r = final_state.returns();
    record_.result = std::vector<float>(r.begin(), r.begin() + final_state.game().num_players());
  }
  return record_;
}

static std::string format_value(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string format_record(const AnyGame& game, const GameRecord& record) {
  std::ostringstream out;
  out << "hopzero-record 1\n";
  out << "game: " << record.game << "\n";
  out << "options: " << record.options.to_string() << "\n";
  for (size_t p = 0; p < record.players.size(); ++p)
    out << "player" << p << ": " << record.players[p] << "\n";
  out << "result:";
  if (record.result) {
    for (float v : *record.result) out << " " << format_value(v);
  } else {
    out << " unfinished";
  }
  out << "\n";
  auto state = game.new_initial_state();
  for (size_t t = 0; t < record.turns.size(); ++t) {
    out << (t + 1) << ". " << state->current_player() << " "
        << state->turn_to_string(record.turns[t]);
    if (t < record.comments.size() && !record.comments[t].empty())
      out << " {" << record.comments[t] << "}";
    out << "\n";
    for (Action a : record.turns[t]) state->apply(a);
  }
  return out.str();
}

namespace {
std::string trim(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  const size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}
}  // namespace

GameRecord parse_record(const std::string& text, const std::string& source) {
  GameRecord rec;
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  bool saw_magic = false, saw_result = false;
  std::shared_ptr<AnyGame> game;
  std::unique_ptr<AnyState> state;
  auto where = [&] { return str_cat(source, ":", line_no, ": "); };
  std::optional<std::vector<std::string>> result_words;
  while (std::getline(in, line)) {
    ++line_no;
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (!saw_magic) {
      if (line != "hopzero-record 1")
        fail(where(), "not a hopzero game record (expected 'hopzero-record 1', found ", quote(line),
             ")");
      saw_magic = true;
      continue;
    }
    const bool is_move = std::isdigit(static_cast<unsigned char>(line[0])) != 0;
    if (!is_move) {
      const size_t colon = line.find(':');
      if (colon == std::string::npos) fail(where(), "expected 'key: value', found ", quote(line));
      const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
      if (state) fail(where(), "header line ", quote(key), " after the first move");
      if (key == "game") {
        rec.game = value;
      } else if (key == "options") {
        try {
          rec.options = GameOptions::parse(value);
        } catch (const Error& e) {
          fail(where(), e.what());
        }
      } else if (key.rfind("player", 0) == 0) {
        const std::string idx = key.substr(6);
        if (idx != std::to_string(rec.players.size()))
          fail(where(), "expected 'player", rec.players.size(), ":', found ", quote(key + ":"));
        rec.players.push_back(value);
      } else if (key == "result") {
        std::istringstream words(value);
        result_words.emplace();
        for (std::string w; words >> w;) result_words->push_back(w);
        saw_result = true;
      } else {
        fail(where(), "unknown header key ", quote(key), " (game, options, playerN, result)");
      }
      continue;
    }
    // A move line.
    if (!state) {
      if (rec.game.empty()) fail(where(), "move before the 'game:' line");
      try {
        game = make_game(rec.game, rec.options);
      } catch (const Error& e) {
        fail(where(), e.what());
      }
      if (static_cast<int>(rec.players.size()) != game->num_players())
        fail(where(), "the record names ", rec.players.size(), " players but ", rec.game, " has ",
             game->num_players());
      rec.options = game->options();
      state = game->new_initial_state();
    }
    std::string comment;
    const size_t brace = line.find('{');
    if (brace != std::string::npos) {
      const size_t close = line.rfind('}');
      if (close == std::string::npos || close < brace)
        fail(where(), "comment '{' is not closed with '}'");
      if (close + 1 != line.size())
        fail(where(), "text after the comment: ", quote(line.substr(close + 1)));
      comment = line.substr(brace + 1, close - brace - 1);
      line = trim(line.substr(0, brace));
    }
    std::istringstream words(line);
    std::string number, player_word;
    words >> number >> player_word;
    std::string move_text;
    std::getline(words, move_text);
    move_text = trim(move_text);
    if (number != std::to_string(rec.turns.size() + 1) + ".")
      fail(where(), "expected turn number '", rec.turns.size() + 1, ".', found ", quote(number));
    if (state->is_terminal()) fail(where(), "a move after the end of the game");
    if (player_word != std::to_string(state->current_player()))
      fail(where(), "turn ", rec.turns.size() + 1, " is player ", state->current_player(),
           "'s, but the line says player ", quote(player_word));
    if (move_text.empty()) fail(where(), "the move is missing");
    std::vector<Action> actions;
    try {
      actions = state->parse_turn(move_text);
      for (Action a : actions) state->apply(a);
    } catch (const Error& e) {
      fail(where(), "move ", quote(move_text), ": ", e.what());
    }
    rec.turn_players.push_back(std::stoi(player_word));
    rec.turns.push_back(std::move(actions));
    rec.comments.push_back(comment);
  }
  if (!saw_magic) fail(source, ": empty file, not a hopzero game record");
  if (rec.game.empty()) fail(source, ": no 'game:' line");
  if (!state) {
    game = make_game(rec.game, rec.options);
    rec.options = game->options();
    if (static_cast<int>(rec.players.size()) != game->num_players())
      fail(source, ": the record names ", rec.players.size(), " players but ", rec.game, " has ",
           game->num_players());
    state = game->new_initial_state();
  }
  if (!saw_result) fail(source, ": no 'result:' line");
  if (result_words->size() == 1 && (*result_words)[0] == "unfinished") {
    if (state->is_terminal()) fail(source, ": the result says unfinished but the game is over");
  } else {
    if (!state->is_terminal())
      fail(source, ": the record has a result but its moves do not finish the game");
    if (static_cast<int>(result_words->size()) != game->num_players())
      fail(source, ": the result has ", result_words->size(), " values for ", game->num_players(),
           " players");
    const PlayerValues r = state->returns();
    std::vector<float> values;
    for (int p = 0; p < game->num_players(); ++p) {
      char* end = nullptr;
      const float v = std::strtof((*result_words)[p].c_str(), &end);
      if (*end != '\0' || !std::isfinite(v))
        fail(source, ": result value ", quote((*result_words)[p]), " is not a number");
      if (std::fabs(v - r[p]) > 1e-4f)
        fail(source, ": the result says ", v, " for player ", p, " but replaying gives ", r[p]);
      values.push_back(r[p]);
    }
    rec.result = values;
  }
  return rec;
}

std::vector<std::unique_ptr<AnyState>> replay_record(const GameRecord& record) {
  auto game = make_game(record.game, record.options);
  std::vector<std::unique_ptr<AnyState>> states;
  states.push_back(game->new_initial_state());
  for (const auto& turn : record.turns) {
    auto next = states.back()->clone();
    for (Action a : turn) next->apply(a);
    states.push_back(std::move(next));
  }
  return states;
}

GameRecord read_record_file(const std::string& path) {
  return parse_record(read_file(path, kMaxRecordBytes, "game record"), path);
}

void write_record_file(const std::string& path, const AnyGame& game, const GameRecord& record) {
  write_file_atomically(path, format_record(game, record));
}

}  // namespace hz
