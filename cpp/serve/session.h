// One live game of hopzero serve: its variant, the start position, the line of atomic actions
// played (which may run past the position shown, after undo or while stepping through a
// record), the seats (a person, or an agent) and, per turn, the record's comments.
//
// Every method checks its input and throws hz::Error (a 400) or HttpError (409 for an action
// at the wrong time) and leaves the session unchanged on error. A Session is not thread-safe:
// the server holds `mutex` around every use. SessionStore keeps a bounded number of sessions
// and forgets the least recently used one when a new one would exceed the bound.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "eval/record.h"
#include "search/agent.h"
#include "serve/agent_limits.h"

namespace hz::serve {

class Session {
 public:
  // `seats`: one entry per player, "human" or an agent spec (checked against `limits`).
  Session(std::shared_ptr<AnyGame> game, std::unique_ptr<AnyState> start,
          const std::vector<std::string>& seats, const AgentLimits& limits, uint64_t seed);
  // A session at the start of a recorded game, every seat a person, the record's line ahead.
  static std::unique_ptr<Session> from_record(const GameRecord& record, const AgentLimits& limits,
                                              uint64_t seed);

  std::mutex mutex;

  const AnyGame& game() const { return *game_; }
  const AnyState& state() const { return *state_; }
  bool over() const { return state_->is_terminal() || resigned_ >= 0; }

  void set_seats(const std::vector<std::string>& seats, const AgentLimits& limits);
  // A person's atomic action (the player to move must be a person); drops the line ahead.
  void play(Action action);
  void play(const std::string& notation);  // the same, written as one action
  // The agent to move plays one atomic action, which is returned; drops the line ahead.
  Action advance();
  // Back to the last position where a person was to move (at least one action back).
  void undo();
  void go_to(long ply);  // 0 .. length of the line
  void resign();         // the person to move gives up
  // A new start position (serialized text of this variant); the line is cleared.
  void set_position(const std::string& text);

  // The game up to the position shown, as a record; 409 if it did not start at the initial
  // position (a record always does).
  GameRecord record() const;
  // Everything the page shows (docs/serve.md, "The game view"); with the board geometry when
  // asked.
  nlohmann::json view(int64_t id, bool with_geometry) const;

 private:
  struct Turn {
    int player;
    size_t first, end;  // actions [first, end) of the line
  };
  void rebuild();                   // state_ = start_ + line_[0, ply_)
  void cut_line_at_ply();           // before a new action: the line ahead is dropped
  void reset_agents();              // after a jump in the line: no search memory carries over
  std::vector<Turn> turns() const;  // the line split into turns
  void check_not_over() const;
  void check_person_to_move() const;

  std::shared_ptr<AnyGame> game_;
  std::unique_ptr<AnyState> start_;
  bool from_initial_ = true;
  std::vector<Action> line_;
  std::vector<std::string> comments_;  // per turn of the line (records); may be shorter
  size_t ply_ = 0;
  std::unique_ptr<AnyState> state_;
  std::vector<std::string> seats_;              // "human" or the agent's (limited) spec, per player
  std::vector<std::unique_ptr<Agent>> agents_;  // null for a person
  int resigned_ = -1;
  uint64_t seed_;
};

class SessionStore {
 public:
  explicit SessionStore(size_t capacity) : capacity_(capacity) {}
  // Keeps `session` and returns its id; forgets the least recently used session if full.
  int64_t add(std::shared_ptr<Session> session);
  // HttpError 404 for an unknown or forgotten id.
  std::shared_ptr<Session> get(int64_t id);
  size_t capacity() const { return capacity_; }

 private:
  std::mutex mutex_;
  size_t capacity_;
  int64_t next_id_ = 1;
  std::list<std::pair<int64_t, std::shared_ptr<Session>>> recent_;  // most recent first
};

}  // namespace hz::serve
