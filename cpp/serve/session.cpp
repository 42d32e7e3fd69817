#include "serve/session.h"

#include "games/registry.h"
#include "serve/http_error.h"
#include "serve/json_views.h"

namespace hz::serve {

using nlohmann::json;

Session::Session(std::shared_ptr<AnyGame> game, std::unique_ptr<AnyState> start,
                 const std::vector<std::string>& seats, const AgentLimits& limits, uint64_t seed)
    : game_(std::move(game)), start_(std::move(start)), seed_(seed) {
  from_initial_ = start_->equals(*game_->new_initial_state());
  state_ = start_->clone();
  set_seats(seats, limits);
}

std::unique_ptr<Session> Session::from_record(const GameRecord& record, const AgentLimits& limits,
                                              uint64_t seed) {
  auto game = make_game(record.game, record.options);
  auto start = game->new_initial_state();
  const std::vector<std::string> people(game->num_players(), "human");
  auto session = std::make_unique<Session>(game, std::move(start), people, limits, seed);
  for (const auto& turn : record.turns)
    session->line_.insert(session->line_.end(), turn.begin(), turn.end());
  session->comments_ = record.comments;
  return session;
}

void Session::set_seats(const std::vector<std::string>& seats, const AgentLimits& limits) {
  const int n = game_->num_players();
  if (static_cast<int>(seats.size()) != n)
    fail(game_->full_name(), " has ", n, " players; ", seats.size(), " seats were given");
  std::vector<std::string> specs(n);
  std::vector<std::unique_ptr<Agent>> agents(n);
  for (int p = 0; p < n; ++p) {
    if (seats[p] == "human") {
      specs[p] = "human";
      continue;
    }
    const AgentSpec spec = limited_agent_spec(seats[p], limits);
    agents[p] = game_->make_agent(spec, seed_ + p);
    specs[p] = spec.to_string();
  }
  seats_ = std::move(specs);
  agents_ = std::move(agents);
}

void Session::check_not_over() const {
  if (state_->is_terminal()) fail_with(409, "the game is over");
  if (resigned_ >= 0) fail_with(409, "the game is over: player ", resigned_, " resigned");
}

void Session::cut_line_at_ply() {
  if (ply_ == line_.size()) return;
  line_.resize(ply_);
  comments_.resize(std::min(comments_.size(), turns().size()));
}

void Session::reset_agents() {
  for (auto& agent : agents_)
    if (agent) agent->reset();
}

void Session::check_person_to_move() const {
  check_not_over();
  const int mover = state_->current_player();
  if (agents_[mover])
    fail_with(409, "player ", mover, " is an agent (", seats_[mover],
              "): it moves with /advance, or change the seats");
}

void Session::play(const std::string& notation) {
  check_person_to_move();
  play(state_->parse_action(notation));
}

void Session::play(Action action) {
  check_person_to_move();
  state_->apply(action);  // checked: an illegal action throws and changes nothing
  cut_line_at_ply();
  line_.push_back(action);
  ++ply_;
}

Action Session::advance() {
  check_not_over();
  const int mover = state_->current_player();
  Agent* agent = agents_[mover].get();
  if (!agent) fail_with(409, "player ", mover, " is a person: play a move instead");
  const Action action = agent->select_action(*state_);
  state_->apply(action);
  cut_line_at_ply();
  line_.push_back(action);
  ++ply_;
  return action;
}

void Session::rebuild() {
  auto state = start_->clone();
  for (size_t i = 0; i < ply_; ++i) state->apply(line_[i]);
  state_ = std::move(state);
  resigned_ = -1;
  reset_agents();
}

void Session::undo() {
  if (ply_ == 0) fail_with(409, "nothing to undo: this is the start of the game");
  // Movers at each ply of the line up to the current one, from one replay.
  std::vector<int> mover(ply_ + 1);
  auto s = start_->clone();
  for (size_t i = 0; i < ply_; ++i) {
    mover[i] = s->current_player();
    s->apply(line_[i]);
  }
  bool any_person = false;
  for (const auto& agent : agents_) any_person |= !agent;
  size_t ply = ply_ - 1;
  while (any_person && ply > 0 && agents_[mover[ply]]) --ply;
  ply_ = ply;
  rebuild();
}

void Session::go_to(long ply) {
  if (ply < 0 || ply > static_cast<long>(line_.size()))
    fail("ply ", ply, " is out of range [0, ", line_.size(), "]");
  ply_ = static_cast<size_t>(ply);
  rebuild();
}

void Session::resign() {
  check_not_over();
  const int mover = state_->current_player();
  if (agents_[mover]) fail_with(409, "player ", mover, " is an agent; only a person resigns");
  resigned_ = mover;
}

void Session::set_position(const std::string& text) {
  auto start = game_->deserialize_state(text);  // throws, naming what is wrong
  start_ = std::move(start);
  from_initial_ = start_->equals(*game_->new_initial_state());
  line_.clear();
  comments_.clear();
  ply_ = 0;
  rebuild();
}

std::vector<Session::Turn> Session::turns() const {
  std::vector<Turn> out;
  auto s = start_->clone();
  bool open = false;
  for (size_t i = 0; i < line_.size(); ++i) {
    const int player = s->current_player();
    if (!open || out.back().player != player) out.push_back({player, i, i});
    s->apply(line_[i]);
    out.back().end = i + 1;
    open = !s->is_terminal() && s->current_player() == player;
  }
  return out;
}

GameRecord Session::record() const {
  if (!from_initial_)
    fail_with(409,
              "this game started from a loaded position; a record starts at the initial "
              "position, so it cannot be saved as one");
  RecordBuilder builder(*game_, seats_);
  auto s = start_->clone();
  const std::vector<Turn> all = turns();
  for (size_t t = 0; t < all.size(); ++t)
    for (size_t i = all[t].first; i < all[t].end && i < ply_; ++i) {
      const bool first = i == all[t].first;
      builder.add_action(*s, line_[i], first && t < comments_.size() ? comments_[t] : "");
      s->apply(line_[i]);
    }
  return builder.finish(*s);
}

json Session::view(int64_t id, bool with_geometry) const {
  json v;
  v["id"] = id;
  v["game"] = game_->name();
  v["full_name"] = game_->full_name();
  v["options"] = game_->options().values();
  v["num_players"] = game_->num_players();
  v["seats"] = seats_;
  v["serialized"] = state_->serialize();
  v["to_move"] = state_->current_player();
  v["terminal"] = state_->is_terminal();
  v["over"] = over();
  v["resigned"] = resigned_ >= 0 ? json(resigned_) : json(nullptr);
  if (state_->is_terminal()) {
    const PlayerValues r = state_->returns();
    v["returns"] = std::vector<float>(r.begin(), r.begin() + game_->num_players());
  }
  v["position"] = board_position(*state_);
  v["legal"] = over() ? json::array() : legal_actions_json(*state_);
  v["ply"] = ply_;
  v["line_length"] = line_.size();
  v["from_initial"] = from_initial_;
  v["last"] = nullptr;  // the points of the action that led here
  json turns_json = json::array();
  auto s = start_->clone();
  const std::vector<Turn> all = turns();
  for (size_t t = 0; t < all.size(); ++t) {
    std::vector<Action> actions(line_.begin() + all[t].first, line_.begin() + all[t].end);
    json turn = {{"player", all[t].player},
                 {"text", s->turn_to_string(actions)},
                 {"first", all[t].first},
                 {"end", all[t].end},
                 {"comment", t < comments_.size() ? comments_[t] : ""}};
    for (size_t i = all[t].first; i < all[t].end; ++i) {
      if (i + 1 == ply_) v["last"] = action_points(*s, line_[i]);
      s->apply(line_[i]);
    }
    turns_json.push_back(std::move(turn));
  }
  v["turns"] = std::move(turns_json);
  if (with_geometry) v["geometry"] = board_geometry(*game_);
  return v;
}

int64_t SessionStore::add(std::shared_ptr<Session> session) {
  std::lock_guard<std::mutex> lock(mutex_);
  const int64_t id = next_id_++;
  recent_.emplace_front(id, std::move(session));
  while (recent_.size() > capacity_) recent_.pop_back();
  return id;
}

std::shared_ptr<Session> SessionStore::get(int64_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = recent_.begin(); it != recent_.end(); ++it)
    if (it->first == id) {
      recent_.splice(recent_.begin(), recent_, it);
      return recent_.front().second;
    }
  fail_with(404, "no live game ", id, ": it never existed, or this server (which keeps the ",
            capacity_, " most recently used games, --max-games) has forgotten it");
}

}  // namespace hz::serve
