// hopzero play: a person against any agents in the terminal, and hopzero replay: step through a
// game record. Input is read line by line, so a session can be scripted on standard input.
#include <unistd.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "apps/command.h"
#include "apps/terminal.h"
#include "core/dir_listing.h"
#include "eval/record.h"
#include "games/registry.h"
#include "search/agent.h"

namespace hz::cli {
namespace {

// v[i], or 0 past the end (an agent may report visits or values for fewer actions).
template <class T>
T at_or_zero(const std::vector<T>& v, size_t i) {
  return i < v.size() ? v[i] : T{0};
}

void print_legal(const AnyState& state, std::ostream& out) {
  out << "legal moves:";
  for (Action a : state.legal_actions()) out << " " << state.action_to_string(a);
  out << "\n";
}

void print_hint(Agent& agent, const AnyState& state, std::ostream& out) {
  const Action best = agent.select_action(state);
  const SearchInfo info = agent.last_search();
  out << "hint (" << agent.name() << "): " << state.action_to_string(best) << "\n";
  int total = 0;
  for (int v : info.visits) total += v;
  std::vector<size_t> order(info.actions.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const int va = at_or_zero(info.visits, a), vb = at_or_zero(info.visits, b);
    return va != vb ? va > vb : at_or_zero(info.values, a) > at_or_zero(info.values, b);
  });
  for (size_t k = 0; k < order.size() && k < 5; ++k) {
    const size_t i = order[k];
    out << "  " << std::setw(12) << std::left << state.action_to_string(info.actions[i]);
    if (total > 0)
      out << " visits " << std::fixed << std::setprecision(1)
          << 100.0 * at_or_zero(info.visits, i) / total << "%";
    if (i < info.values.size()) out << " value " << std::setprecision(3) << info.values[i];
    out << "\n";
  }
  if (!info.actions.empty())
    out << "  root value " << std::setprecision(3) << info.root_value << "\n";
}

// Who plays each seat: agent specs, "human" for a person. --seat N makes seat N human (seat 0
// when no --seat and no --player is given); --player N=SPEC sets a seat, once per seat.
struct Seats {
  std::vector<std::string> specs;
  std::vector<bool> human;
};

long parse_seat(const std::string& text, int n) {
  char* end = nullptr;
  const long s = text.empty() ? -1 : std::strtol(text.c_str(), &end, 10);
  return text.empty() || *end || s < 0 || s >= n ? -1 : s;
}

Seats assign_seats(int n, const std::string& opponent, std::vector<std::string> seat_words,
                   const std::vector<std::string>& player_overrides) {
  Seats seats{std::vector<std::string>(n, opponent), std::vector<bool>(n, false)};
  if (seat_words.empty()) seat_words.push_back("0");
  for (const auto& w : seat_words) {
    const long s = parse_seat(w, n);
    if (s < 0) fail("--seat must be a player number in [0, ", n - 1, "], not ", quote(w));
    seats.human[s] = true;
    seats.specs[s] = "human";
  }
  std::vector<std::string> overridden(n);  // the --player text that set each seat
  for (const auto& o : player_overrides) {
    const size_t eq = o.find('=');
    const long s = eq == std::string::npos ? -1 : parse_seat(o.substr(0, eq), n);
    if (s < 0) fail("--player must be N=SPEC with N in [0, ", n - 1, "], not ", quote(o));
    if (!overridden[s].empty())  // the last would silently win
      fail("--player gives seat ", s, " twice (", quote(overridden[s]), " and ", quote(o), ")");
    overridden[s] = o;
    seats.specs[s] = o.substr(eq + 1);
    seats.human[s] = seats.specs[s] == "human";
  }
  return seats;
}

// One game of `hopzero play`: the board, the agents of the non-human seats, and the history
// that undo and save use.
class PlaySession {
 public:
  PlaySession(std::shared_ptr<AnyGame> game, Seats seats, const std::string& hint_spec,
              uint64_t seed, bool color)
      : game_(std::move(game)),
        seats_(std::move(seats)),
        color_(color),
        agents_(game_->num_players()),
        state_(game_->new_initial_state()) {
    for (int p = 0; p < game_->num_players(); ++p)
      if (!seats_.human[p])
        agents_[p] = game_->make_agent(AgentSpec::parse(seats_.specs[p]), seed + p);
    // Built now, so that a bad --hint is refused at the start, not when `hint` is first typed.
    hinter_ = game_->make_agent(
        AgentSpec::parse(hint_spec.empty() ? "mcts:sims=400,evaluator=rollout" : hint_spec), seed);
  }

  // Plays until the game ends, the person quits or the input ends.
  void play() {
    std::cout << "hopzero play: " << game_->full_name() << "\n";
    for (int p = 0; p < game_->num_players(); ++p)
      std::cout << "  player " << p << ": " << seats_.specs[p] << "\n";
    std::cout << "Enter moves in the game's notation (a whole turn or one action at a time),\n"
                 "or: legal, hint, undo, save FILE, quit.\n";
    std::string line;
    while (!state_->is_terminal()) {
      const int p = state_->current_player();
      if (!seats_.human[p]) {
        play_agent_turn(p);
        continue;
      }
      std::cout << "\n" << render_board(*state_, color_) << "\nplayer " << p << "> " << std::flush;
      if (!std::getline(std::cin, line)) {
        std::cout << "\nend of input: stopping the game\n";
        break;
      }
      if (!obey(line)) break;
    }
  }

  // The final board and returns, and the record saved to `save_path` unless it is "".
  void finish(const std::string& save_path) {
    std::cout << "\n" << render_board(*state_, color_) << "\n";
    if (state_->is_terminal()) {
      const PlayerValues r = state_->returns();
      std::cout << "game over; returns:";
      for (int p = 0; p < game_->num_players(); ++p) std::cout << " player " << p << " " << r[p];
      std::cout << "\n";
    }
    if (!save_path.empty()) {
      write_record_file(save_path, *game_, build_record());
      std::cout << "record saved to " << save_path << "\n";
    }
  }

 private:
  void play_agent_turn(int p) {
    const Action a = agents_[p]->select_action(*state_);
    std::cout << "player " << p << " (" << seats_.specs[p] << ") plays "
              << state_->action_to_string(a) << "\n";
    history_.emplace_back(state_->clone(), a);
    state_->apply(a);
  }

  // Carries out one line typed by the person; false when they quit.
  bool obey(const std::string& line) {
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd.empty()) return true;
    if (cmd == "quit" || cmd == "exit") return false;
    if (cmd == "legal") {
      print_legal(*state_, std::cout);
    } else if (cmd == "hint") {
      try {
        print_hint(*hinter_, *state_, std::cout);
      } catch (const Error& e) {
        std::cout << "no hint: " << e.what() << "\n";
      }
    } else if (cmd == "undo") {
      undo();
    } else if (cmd == "save") {
      std::string path;
      words >> path;
      save(path);
    } else {
      play_turn(line);
    }
    return true;
  }

  // Back to this person's previous decision: drop actions until a human is to move again at an
  // earlier point.
  void undo() {
    if (history_.empty()) {
      std::cout << "nothing to undo\n";
      return;
    }
    do {
      state_ = std::move(history_.back().first);
      history_.pop_back();
    } while (!history_.empty() && !seats_.human[state_->current_player()]);
    for (auto& a : agents_)
      if (a) a->reset();
    std::cout << "undone\n";
  }

  void save(const std::string& path) {
    if (path.empty()) {
      std::cout << "usage: save FILE\n";
      return;
    }
    try {
      write_record_file(path, *game_, build_record());
      std::cout << "saved to " << path << "\n";
    } catch (const Error& e) {
      std::cout << "cannot save: " << e.what() << "\n";
    }
  }

  // A turn in the game's notation, played all or nothing.
  void play_turn(const std::string& line) {
    try {
      const std::vector<Action> actions = state_->parse_turn(line);
      auto probe = state_->clone();
      for (Action a : actions) probe->apply(a);
      for (Action a : actions) {
        history_.emplace_back(state_->clone(), a);
        state_->apply(a);
      }
    } catch (const Error& e) {
      std::cout << "cannot play " << quote(line) << ": " << e.what() << "\n";
      print_legal(*state_, std::cout);
    }
  }

  GameRecord build_record() const {
    RecordBuilder builder(*game_, seats_.specs);
    for (const auto& [before, action] : history_) builder.add_action(*before, action);
    return builder.finish(*state_);
  }

  std::shared_ptr<AnyGame> game_;
  Seats seats_;
  bool color_;
  std::vector<std::unique_ptr<Agent>> agents_;  // null for human seats
  std::unique_ptr<Agent> hinter_;
  std::unique_ptr<AnyState> state_;
  std::vector<std::pair<std::unique_ptr<AnyState>, Action>> history_;  // state before, action
};

int run_play(Args& args) {
  const std::string game_name = args.require("game");
  const GameOptions options = args.game_options();
  const std::string opponent = args.get("opponent", "mcts:sims=400,evaluator=rollout");
  const std::vector<std::string> seat_words = args.get_all("seat");
  const std::vector<std::string> player_overrides = args.get_all("player");
  const uint64_t seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, 1L << 62));
  const std::string hint_spec = args.get("hint", "");
  const std::string save_path = args.get_path("save");
  const bool no_color = args.flag("no-color");
  args.finish();

  auto game = make_game(game_name, options);
  Seats seats = assign_seats(game->num_players(), opponent, seat_words, player_overrides);
  if (!save_path.empty()) check_output_file(save_path, "--save");  // now, not after the game
  PlaySession session(std::move(game), std::move(seats), hint_spec, seed,
                      !no_color && isatty(STDOUT_FILENO));
  session.play();
  session.finish(save_path);
  return 0;
}

int run_replay(Args& args) {
  const std::string path = args.require_path("file");
  const bool step = args.flag("step");
  const bool no_color = args.flag("no-color");
  args.finish();
  const GameRecord record = read_record_file(path);
  auto states = replay_record(record);
  const bool color = !no_color && isatty(STDOUT_FILENO);
  std::cout << "record " << path << ": " << states[0]->game().full_name() << "\n";
  for (size_t p = 0; p < record.players.size(); ++p)
    std::cout << "  player " << p << ": " << record.players[p] << "\n";
  std::cout << "\n" << render_board(*states[0], color) << "\n";
  std::string line;
  for (size_t t = 0; t < record.turns.size(); ++t) {
    std::cout << "turn " << t + 1 << ": player " << record.turn_players[t] << " plays "
              << states[t]->turn_to_string(record.turns[t]);
    if (!record.comments[t].empty()) std::cout << "  {" << record.comments[t] << "}";
    std::cout << "\n" << render_board(*states[t + 1], color) << "\n";
    if (step) {
      std::cout << "[enter: next, q: quit] " << std::flush;
      if (!std::getline(std::cin, line) || line == "q") break;
    }
  }
  if (record.result) {
    std::cout << "result:";
    for (float v : *record.result) std::cout << " " << v;
    std::cout << "\n";
  } else {
    std::cout << "result: unfinished\n";
  }
  return 0;
}

}  // namespace

HZ_COMMAND("play", "play against agents in the terminal",
           "--game NAME [--option k=v ...] [--opponent SPEC] [--seat N ...] [--player N=SPEC ...]\n"
           "  [--hint SPEC] [--seed S] [--save FILE] [--no-color]",
           run_play);
HZ_COMMAND("replay", "step through a game record", "--file FILE [--step] [--no-color]", run_replay);

}  // namespace hz::cli
