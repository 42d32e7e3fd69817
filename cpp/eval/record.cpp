#include "eval/record.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/files.h"
#include "core/text.h"
#include "core/utf8.h"
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

namespace {

// Text that one line of a record holds and reads back unchanged: UTF-8 without control
// characters (a newline in a comment or a player would start a line of its own); tab is kept.
// Returns why not, or "".
std::string line_text_problem(std::string_view text) {
  const size_t bad = first_invalid_utf8(text);
  if (bad != std::string_view::npos) return str_cat("byte ", bad + 1, " is not UTF-8 text");
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7F)
      return str_cat("character ", i + 1, " is the control character ", quote(text.substr(i, 1)));
  }
  return "";
}

void check_field(std::string_view text, const std::string& what, bool header) {
  std::string problem = line_text_problem(text);
  if (problem.empty() && header && text.empty()) problem = "it is empty";
  if (problem.empty() && header &&
      (std::isspace(static_cast<unsigned char>(text.front())) ||
       std::isspace(static_cast<unsigned char>(text.back()))))
    problem = "it starts or ends with white space, which a header line drops";
  if (!problem.empty())
    fail("cannot write a record whose ", what, " is ", quote(text), ": ", problem);
}

// What format_record writes must be what parse_record reads back: fields on one line each,
// the variant's players, complete legal turns and a result that the replay agrees with.
void check_record_header(const AnyGame& game, const GameRecord& record) {
  if (record.game != game.name())
    fail("cannot write a record of ", quote(record.game), " as a record of ", game.name());
  if (!(record.options == game.options()) &&
      !(make_game(record.game, record.options)->options() == game.options()))
    fail("cannot write a record whose options ", quote(record.options.to_string()),
         " are not those of ", game.full_name());
  if (static_cast<int>(record.players.size()) != game.num_players())
    fail("cannot write a record of ", game.full_name(), " with ", record.players.size(),
         " players: it needs ", game.num_players());
  for (size_t p = 0; p < record.players.size(); ++p)
    check_field(record.players[p], str_cat("player ", p), true);
  if (record.comments.size() > record.turns.size())
    fail("cannot write a record with ", record.comments.size(), " comments for ",
         record.turns.size(), " turns");
  for (size_t t = 0; t < record.comments.size(); ++t)
    check_field(record.comments[t], str_cat("comment of turn ", t + 1), false);
  if (!record.turn_players.empty() && record.turn_players.size() != record.turns.size())
    fail("cannot write a record with ", record.turn_players.size(), " turn players for ",
         record.turns.size(), " turns");
}

// Plays `turn` (turn number `number`) on `state`: legal actions of one player that end the turn.
void apply_record_turn(AnyState& state, const std::vector<Action>& turn, size_t number,
                       const GameRecord& record) {
  const int mover = state.current_player();
  if (turn.empty()) fail("cannot write a record whose turn ", number, " has no actions");
  if (state.is_terminal()) fail("cannot write a record with turn ", number, " after the end");
  if (!record.turn_players.empty() && record.turn_players[number - 1] != mover)
    fail("cannot write a record whose turn ", number, " says player ",
         record.turn_players[number - 1], ": player ", mover, " moves there");
  for (size_t i = 0; i < turn.size(); ++i) {
    if (state.is_terminal() || state.current_player() != mover)
      fail("cannot write a record whose turn ", number, " goes on after player ", mover,
           "'s turn ended (action ", i + 1, " of ", turn.size(), ")");
    try {
      state.apply(turn[i]);
    } catch (const Error& e) {
      fail("cannot write a record whose turn ", number, " holds an illegal action: ", e.what());
    }
  }
  // A turn cut short is the end of a stopped game (play's quit), never in the middle.
  if (number < record.turns.size() && !state.is_terminal() && state.current_player() == mover)
    fail("cannot write a record whose turn ", number, " stops before player ", mover,
         "'s turn ends");
}

void check_record_result(const AnyState& final_state, const GameRecord& record) {
  if (!record.result) {
    if (final_state.is_terminal())
      fail("cannot write a record without a result: its moves finish the game");
    return;
  }
  if (!final_state.is_terminal())
    fail("cannot write a record with a result: its moves do not finish the game");
  const int n = final_state.game().num_players();
  if (static_cast<int>(record.result->size()) != n)
    fail("cannot write a record whose result has ", record.result->size(), " values for ", n,
         " players");
  const PlayerValues r = final_state.returns();
  for (int p = 0; p < n; ++p)
    if (!(std::fabs((*record.result)[p] - r[p]) <= 1e-4f))
      fail("cannot write a record whose result says ", (*record.result)[p], " for player ", p,
           " when the game gives ", r[p]);
}

}  // namespace

std::string format_record(const AnyGame& game, const GameRecord& record) {
  check_record_header(game, record);
  std::ostringstream out;
  out << "hopzero-record 1\n";
  out << "game: " << record.game << "\n";
  out << "options: " << game.options().to_string() << "\n";
  for (size_t p = 0; p < record.players.size(); ++p)
    out << "player" << p << ": " << record.players[p] << "\n";
  std::ostringstream moves;
  auto state = game.new_initial_state();
  for (size_t t = 0; t < record.turns.size(); ++t) {
    const auto before = state->clone();
    apply_record_turn(*state, record.turns[t], t + 1, record);  // checked before it is written
    moves << (t + 1) << ". " << before->current_player() << " "
          << before->turn_to_string(record.turns[t]);
    if (t < record.comments.size() && !record.comments[t].empty())
      moves << " {" << record.comments[t] << "}";
    moves << "\n";
  }
  check_record_result(*state, record);
  out << "result:";
  if (record.result) {
    for (float v : *record.result) out << " " << format_value(v);
  } else {
    out << " unfinished";
  }
  out << "\n" << moves.str();
  return out.str();
}

namespace {

// Reads a record line by line (docs/formats.md): the magic line, header lines, then one line per
// turn, each replayed as it is read so that an error names its line.
class RecordParser {
 public:
  explicit RecordParser(std::string source) : source_(std::move(source)) {}

  void line(std::string line) {
    ++line_no_;
    line = std::string(trim(line));
    const std::string problem = line_text_problem(line);
    if (!problem.empty()) fail(where(), problem, " (a record is UTF-8 text, one field a line)");
    if (line.empty() || line[0] == '#') return;
    if (!saw_magic_) {
      if (line != "hopzero-record 1")
        fail(where(), "not a hopzero game record (expected 'hopzero-record 1', found ", quote(line),
             ")");
      saw_magic_ = true;
    } else if (std::isdigit(static_cast<unsigned char>(line[0]))) {
      move_line(line);
    } else {
      header_line(line);
    }
  }

  GameRecord finish() {
    if (!saw_magic_) fail(source_, ": empty file, not a hopzero game record");
    if (rec_.game.empty()) fail(source_, ": no 'game:' line");
    if (!state_) {
      game_ = make_game(rec_.game, rec_.options);
      rec_.options = game_->options();
      if (static_cast<int>(rec_.players.size()) != game_->num_players())
        fail(source_, ": the record names ", rec_.players.size(), " players but ", rec_.game,
             " has ", game_->num_players());
      state_ = game_->new_initial_state();
    }
    if (!result_words_) fail(source_, ": no 'result:' line");
    check_result();
    return std::move(rec_);
  }

 private:
  std::string where() const { return str_cat(source_, ":", line_no_, ": "); }

  void header_line(const std::string& line) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) fail(where(), "expected 'key: value', found ", quote(line));
    const std::string key(trim(line.substr(0, colon))), value(trim(line.substr(colon + 1)));
    if (state_) fail(where(), "header line ", quote(key), " after the first move");
    if (!header_keys_.insert(key).second) fail(where(), "a second ", quote(key + ":"), " line");
    if (key == "game") {
      rec_.game = value;
    } else if (key == "options") {
      try {
        rec_.options = GameOptions::parse(value);
      } catch (const Error& e) {
        fail(where(), e.what());
      }
    } else if (key.rfind("player", 0) == 0) {
      const std::string idx = key.substr(6);
      if (idx != std::to_string(rec_.players.size()))
        fail(where(), "expected 'player", rec_.players.size(), ":', found ", quote(key + ":"));
      if (value.empty()) fail(where(), quote(key + ":"), " names no agent");
      rec_.players.push_back(value);
    } else if (key == "result") {
      std::istringstream words(value);
      result_words_.emplace();
      for (std::string w; words >> w;) result_words_->push_back(w);
    } else {
      fail(where(), "unknown header key ", quote(key), " (game, options, playerN, result)");
    }
  }

  // The game and its initial state, at the first move line.
  void start_game() {
    if (rec_.game.empty()) fail(where(), "move before the 'game:' line");
    try {
      game_ = make_game(rec_.game, rec_.options);
    } catch (const Error& e) {
      fail(where(), e.what());
    }
    if (static_cast<int>(rec_.players.size()) != game_->num_players())
      fail(where(), "the record names ", rec_.players.size(), " players but ", rec_.game, " has ",
           game_->num_players());
    rec_.options = game_->options();
    state_ = game_->new_initial_state();
  }

  void move_line(std::string line) {
    if (!state_) start_game();
    std::string comment;
    const size_t brace = line.find('{');
    if (brace != std::string::npos) {
      const size_t close = line.rfind('}');
      if (close == std::string::npos || close < brace)
        fail(where(), "comment '{' is not closed with '}'");
      if (close + 1 != line.size())
        fail(where(), "text after the comment: ", quote(line.substr(close + 1)));
      comment = line.substr(brace + 1, close - brace - 1);
      line = std::string(trim(line.substr(0, brace)));
    }
    std::istringstream words(line);
    std::string number, player_word;
    words >> number >> player_word;
    std::string move_text;
    std::getline(words, move_text);
    move_text = std::string(trim(move_text));
    check_turn_header(number, player_word);
    if (move_text.empty()) fail(where(), "the move is missing");
    std::vector<Action> actions;
    try {
      actions = state_->parse_turn(move_text);
      for (Action a : actions) state_->apply(a);
    } catch (const Error& e) {
      fail(where(), "move ", quote(move_text), ": ", e.what());
    }
    rec_.turn_players.push_back(std::stoi(player_word));
    rec_.turns.push_back(std::move(actions));
    rec_.comments.push_back(comment);
  }

  // The turn number and player that start a move line follow from the moves before it.
  void check_turn_header(const std::string& number, const std::string& player_word) const {
    if (number != std::to_string(rec_.turns.size() + 1) + ".")
      fail(where(), "expected turn number '", rec_.turns.size() + 1, ".', found ", quote(number));
    if (state_->is_terminal()) fail(where(), "a move after the end of the game");
    if (!rec_.turns.empty() && state_->current_player() == rec_.turn_players.back())
      fail(where(), "turn ", rec_.turns.size(), " stops before player ", state_->current_player(),
           "'s turn ends (one line per complete turn)");
    if (player_word != std::to_string(state_->current_player()))
      fail(where(), "turn ", rec_.turns.size() + 1, " is player ", state_->current_player(),
           "'s, but the line says player ", quote(player_word));
  }

  // The 'result:' line agrees with the replayed game.
  void check_result() {
    const std::vector<std::string>& words = *result_words_;
    if (words.size() == 1 && words[0] == "unfinished") {
      if (state_->is_terminal()) fail(source_, ": the result says unfinished but the game is over");
      return;
    }
    if (!state_->is_terminal())
      fail(source_, ": the record has a result but its moves do not finish the game");
    if (static_cast<int>(words.size()) != game_->num_players())
      fail(source_, ": the result has ", words.size(), " values for ", game_->num_players(),
           " players");
    const PlayerValues r = state_->returns();
    std::vector<float> values;
    for (int p = 0; p < game_->num_players(); ++p) {
      char* end = nullptr;
      const float v = std::strtof(words[p].c_str(), &end);
      if (*end != '\0' || !std::isfinite(v))
        fail(source_, ": result value ", quote(words[p]), " is not a number");
      if (std::fabs(v - r[p]) > 1e-4f)
        fail(source_, ": the result says ", v, " for player ", p, " but replaying gives ", r[p]);
      values.push_back(r[p]);
    }
    rec_.result = values;
  }

  std::string source_;
  int line_no_ = 0;
  bool saw_magic_ = false;
  std::set<std::string> header_keys_;
  std::optional<std::vector<std::string>> result_words_;  // set by the 'result:' line
  GameRecord rec_;
  std::shared_ptr<AnyGame> game_;
  std::unique_ptr<AnyState> state_;  // null until the first move line
};

}  // namespace

GameRecord parse_record(const std::string& text, const std::string& source) {
  // A byte order mark, which some editors put first in UTF-8 text, is not part of the record.
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  std::istringstream in(text.rfind(kByteOrderMark, 0) == 0 ? text.substr(kByteOrderMark.size())
                                                           : text);
  RecordParser parser(source);
  for (std::string line; std::getline(in, line);) parser.line(std::move(line));
  return parser.finish();
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
