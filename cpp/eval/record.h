// Game records: one text format for every game (docs/formats.md, "Game records").
//
//   hopzero-record 1
//   game: alquerque
//   options: diagonals=odd,huffing=false,max_plies=200,...
//   player0: random
//   player1: mcts:sims=200
//   result: 1 -1
//   1. 0 c2-c3 {value 0.12}
//   2. 1 b4xd4
//
// A move line is "<turn number>. <player> <turn in the game's notation> [{comment}]"; one line
// per complete turn. `result:` holds the returns per player, or `unfinished`. Lines starting
// with '#' and blank lines are ignored. Parsing replays every turn: a line that does not parse,
// names the wrong player, holds an illegal move, or a result that disagrees with the replay is
// rejected with the line number and the reason.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/any_game.h"

namespace hz {

struct GameRecord {
  std::string game;
  GameOptions options;               // resolved options of the variant
  std::vector<std::string> players;  // agent spec (or "human") per player
  std::vector<std::vector<Action>> turns;
  std::vector<int> turn_players;             // player who made each turn
  std::vector<std::string> comments;         // per turn, may be empty
  std::optional<std::vector<float>> result;  // returns per player when the game ended
};

// Builds a record while a game is played: call add_action() for every action applied.
class RecordBuilder {
 public:
  RecordBuilder(const AnyGame& game, std::vector<std::string> players);
  // `state` is the state before `action`; comments attach to the turn this action belongs to.
  void add_action(const AnyState& state, Action action, const std::string& comment = "");
  // Call once the game is over (or stopped); fills `result` from a terminal state.
  GameRecord finish(const AnyState& final_state);

 private:
  GameRecord record_;
  int last_player_ = -1;
  bool turn_open_ = false;
};

std::string format_record(const AnyGame& game, const GameRecord& record);
// Parses and validates (by replay) a record; `source` names the file in errors.
GameRecord parse_record(const std::string& text, const std::string& source = "<record>");
// Every state of the game, turn by turn: states[0] is the initial state, states[k] the state
// after turn k.
std::vector<std::unique_ptr<AnyState>> replay_record(const GameRecord& record);

// Bound of a record file: far above any game's length in text (a turn is one short line).
inline constexpr uint64_t kMaxRecordBytes = uint64_t{64} << 20;
GameRecord read_record_file(const std::string& path);
void write_record_file(const std::string& path, const AnyGame& game, const GameRecord& record);

}  // namespace hz
