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

int i_or0(const std::vector<int>& v, size_t i) {
  return i < v.size() ? v[i] : 0;
}
float i_or0f(const std::vector<float>& v, size_t i) {
  return i < v.size() ? v[i] : 0.0f;
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
    const int va = i_or0(info.visits, a), vb = i_or0(info.visits, b);
    return va != vb ? va > vb : i_or0f(info.values, a) > i_or0f(info.values, b);
  });
  for (size_t k = 0; k < order.size() && k < 5; ++k) {
    const size_t i = order[k];
    out << "  " << std::setw(12) << std::left << state.action_to_string(info.actions[i]);
    if (total > 0)
      out << " visits " << std::fixed << std::setprecision(1)
          << 100.0 * i_or0(info.visits, i) / total << "%";
    if (i < info.values.size()) out << " value " << std::setprecision(3) << info.values[i];
    out << "\n";
  }
  if (!info.actions.empty())
    out << "  root value " << std::setprecision(3) << info.root_value << "\n";
}

int run_play(Args& args) {
  const std::string game_name = args.require("game");
  const GameOptions options = args.game_options();
  const std::string opponent = args.get("opponent", "mcts:sims=400,evaluator=rollout");
  std::vector<std::string> seat_words = args.get_all("seat");
  const std::vector<std::string> player_overrides = args.get_all("player");
  const uint64_t seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, 1L << 62));
  const std::string hint_spec = args.get("hint", "");
  const std::string save_path = args.get_path("save");
  const bool no_color = args.flag("no-color");
  args.finish();

  auto game = make_game(game_name, options);
  const int n = game->num_players();
  std::vector<std::string> specs(n, opponent);
  std::vector<bool> human(n, false);
  if (seat_words.empty()) seat_words.push_back("0");
  for (const auto& w : seat_words) {
    char* end = nullptr;
    const long s = std::strtol(w.c_str(), &end, 10);
    if (w.empty() || *end || s < 0 || s >= n)
      fail("--seat must be a player number in [0, ", n - 1, "], not ", quote(w));
    human[s] = true;
    specs[s] = "human";
  }
  std::vector<std::string> overridden(n);  // the --player text that set each seat
  for (const auto& o : player_overrides) {
    const size_t eq = o.find('=');
    char* end = nullptr;
    const std::string seat = eq == std::string::npos ? "" : o.substr(0, eq);
    const long s = seat.empty() ? -1 : std::strtol(seat.c_str(), &end, 10);
    if (eq == std::string::npos || *end || s < 0 || s >= n)
      fail("--player must be N=SPEC with N in [0, ", n - 1, "], not ", quote(o));
    if (!overridden[s].empty())  // the last would silently win
      fail("--player gives seat ", s, " twice (", quote(overridden[s]), " and ", quote(o), ")");
    overridden[s] = o;
    specs[s] = o.substr(eq + 1);
    human[s] = specs[s] == "human";
  }
  if (!save_path.empty()) check_output_file(save_path, "--save");  // now, not after the game
  std::vector<std::unique_ptr<Agent>> agents(n);
  for (int p = 0; p < n; ++p)
    if (!human[p]) agents[p] = game->make_agent(AgentSpec::parse(specs[p]), seed + p);
  // Built now, so that a bad --hint is refused at the start, not when `hint` is first typed.
  const std::unique_ptr<Agent> hinter = game->make_agent(
      AgentSpec::parse(hint_spec.empty() ? "mcts:sims=400,evaluator=rollout" : hint_spec), seed);

  const bool color = !no_color && isatty(STDOUT_FILENO);
  std::vector<std::pair<std::unique_ptr<AnyState>, Action>> history;  // state before, action
  auto state = game->new_initial_state();
  std::cout << "hopzero play: " << game->full_name() << "\n";
  for (int p = 0; p < n; ++p) std::cout << "  player " << p << ": " << specs[p] << "\n";
  std::cout << "Enter moves in the game's notation (a whole turn or one action at a time),\n"
               "or: legal, hint, undo, save FILE, quit.\n";

  auto build_record = [&] {
    RecordBuilder builder(*game, specs);
    for (const auto& [before, action] : history) builder.add_action(*before, action);
    return builder.finish(*state);
  };
  std::string line;
  while (!state->is_terminal()) {
    const int p = state->current_player();
    if (!human[p]) {
      const Action a = agents[p]->select_action(*state);
      std::cout << "player " << p << " (" << specs[p] << ") plays " << state->action_to_string(a)
                << "\n";
      history.emplace_back(state->clone(), a);
      state->apply(a);
      continue;
    }
    std::cout << "\n" << render_board(*state, color) << "\nplayer " << p << "> " << std::flush;
    if (!std::getline(std::cin, line)) {
      std::cout << "\nend of input: stopping the game\n";
      break;
    }
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd.empty()) continue;
    if (cmd == "quit" || cmd == "exit") break;
    if (cmd == "legal") {
      print_legal(*state, std::cout);
    } else if (cmd == "hint") {
      try {
        print_hint(*hinter, *state, std::cout);
      } catch (const Error& e) {
        std::cout << "no hint: " << e.what() << "\n";
      }
    } else if (cmd == "undo") {
      // Back to this person's previous decision: drop actions until a human is to move again
      // at an earlier point.
      if (history.empty()) {
        std::cout << "nothing to undo\n";
        continue;
      }
      do {
        state = std::move(history.back().first);
        history.pop_back();
      } while (!history.empty() && !human[state->current_player()]);
      for (auto& a : agents)
        if (a) a->reset();
      std::cout << "undone\n";
    } else if (cmd == "save") {
      std::string path;
      words >> path;
      if (path.empty()) {
        std::cout << "usage: save FILE\n";
        continue;
      }
      try {
        write_record_file(path, *game, build_record());
        std::cout << "saved to " << path << "\n";
      } catch (const Error& e) {
        std::cout << "cannot save: " << e.what() << "\n";
      }
    } else {
      try {
        const std::vector<Action> actions = state->parse_turn(line);
        auto probe = state->clone();
        for (Action a : actions) probe->apply(a);  // all or nothing
        for (Action a : actions) {
          history.emplace_back(state->clone(), a);
          state->apply(a);
        }
      } catch (const Error& e) {
        std::cout << "cannot play " << quote(line) << ": " << e.what() << "\n";
        print_legal(*state, std::cout);
      }
    }
  }
  std::cout << "\n" << render_board(*state, color) << "\n";
  if (state->is_terminal()) {
    const PlayerValues r = state->returns();
    std::cout << "game over; returns:";
    for (int p = 0; p < n; ++p) std::cout << " player " << p << " " << r[p];
    std::cout << "\n";
  }
  if (!save_path.empty()) {
    write_record_file(save_path, *game, build_record());
    std::cout << "record saved to " << save_path << "\n";
  }
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
