// Fuzz targets of the game engines' text readers, through the registry and the type-erased API,
// for every registered game and every test variant:
//
//   state:  "<game>[:<options>]\n<state text>"            -> AnyGame::deserialize_state
//   turn:   "<game>[:<options>]\n<state text>\n<turn text>" -> AnyState::parse_turn, parse_action
//           (an empty state line means the initial state)
//
// An accepted state must re-serialize to text that reads back to the same state (same text and
// hash), have a consistent legal-action list, finite observations and sane returns, and keep all
// of that through a short random playout in which every action's and every turn's notation reads
// back to the same actions. An accepted turn must consist of legal actions of the player to move,
// and its notation must read back to the same actions.
#include <cmath>
#include <map>
#include <memory>

#include "core/error.h"
#include "core/rng.h"
#include "fuzz.h"
#include "games/registry.h"

namespace hz::fuzz {
namespace {

constexpr int kPlayoutActions = 12;
// Readers cap move counters (at 10^9, far beyond any game) so that play cannot overflow them; a
// playout (or a turn) from a state at the cap goes past it and is then unreadable. Round trips
// of states reached by play are checked below this count (no real game comes near it); the
// state that was read is always checked.
constexpr int kLargestPlayoutMoveNumber = 1000000;

uint64_t hash_text(std::string_view text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

// Splits off the first line (without its '\n'); `rest` is empty when there is no newline.
std::string_view first_line(std::string_view text, std::string_view* rest) {
  const size_t nl = text.find('\n');
  *rest = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  return text.substr(0, nl);
}

// Games by their "name:options" line; rebuilt when it grows past a bound.
class GameCache {
 public:
  std::shared_ptr<AnyGame> get(std::string_view line) {
    const std::string key(line);
    auto it = games_.find(key);
    if (it != games_.end()) return it->second;
    const size_t colon = key.find(':');
    const std::string name = key.substr(0, colon);
    const GameOptions options =
        colon == std::string::npos ? GameOptions() : GameOptions::parse(key.substr(colon + 1));
    auto game = make_game(name, options);
    if (games_.size() > 256) games_.clear();
    games_[key] = game;
    return game;
  }

 private:
  std::map<std::string, std::shared_ptr<AnyGame>> games_;
};

void check_round_trip(const AnyState& state) {
  const std::string text = state.serialize();
  std::unique_ptr<AnyState> again;
  try {
    again = state.game().deserialize_state(text);
  } catch (const Error& e) {
    throw FuzzViolation(
        str_cat("serialize() gave '", text, "', which deserialize rejects: ", e.what()));
  }
  require(again->serialize() == text,
          str_cat("'", text, "' reads back as '", again->serialize(), "'"));
  require(again->hash() == state.hash(), str_cat("'", text, "' reads back with another hash"));
  require(again->current_player() == state.current_player() &&
              again->is_terminal() == state.is_terminal(),
          str_cat("'", text, "' reads back with another mover or end"));
}

void check_invariants(const AnyState& state) {
  const AnyGame& game = state.game();
  const std::vector<Action> legal = state.legal_actions();
  require(legal.empty() == state.is_terminal(),
          str_cat("'", state.serialize(), "': terminal=", state.is_terminal(), " but ",
                  legal.size(), " legal actions"));
  for (Action a : legal)
    require(a >= 0 && a < game.num_actions(), str_cat("legal action id ", a, " out of range"));
  const std::vector<float> obs = state.observation();
  require(static_cast<int>(obs.size()) == game.observation_shape().size(),
          "observation of the wrong size");
  for (float v : obs) require(std::isfinite(v), "observation not finite");
  state.to_string();
  if (state.is_terminal()) {
    require(state.current_player() == kTerminalPlayer, "terminal state with a player to move");
    const PlayerValues r = state.returns();
    float sum = 0;
    for (int p = 0; p < game.num_players(); ++p) {
      require(r[p] >= -1.0f && r[p] <= 1.0f, str_cat("return ", r[p], " outside [-1, 1]"));
      sum += r[p];
    }
    require(std::fabs(sum) < 1e-4f, str_cat("returns sum to ", sum));
  } else {
    require(state.current_player() >= 0 && state.current_player() < game.num_players(),
            str_cat("player to move ", state.current_player(), " out of range"));
  }
}

// The notation of `turn` (played from `start`) reads back to the same actions.
void check_turn_notation(const AnyState& start, const std::vector<Action>& turn) {
  const std::string text = start.turn_to_string(turn);
  std::vector<Action> parsed;
  try {
    parsed = start.parse_turn(text);
  } catch (const Error& e) {
    throw FuzzViolation(str_cat("turn text '", text, "' of a legal turn from '", start.serialize(),
                                "' is rejected: ", e.what()));
  }
  require(parsed == turn, str_cat("turn text '", text, "' from '", start.serialize(),
                                  "' reads back as other actions"));
}

// Invariants now and along a short random playout, with notation round trips.
void check_state_and_playout(const AnyState& state, uint64_t seed) {
  if (state.move_number() <= kLargestPlayoutMoveNumber) check_round_trip(state);
  check_invariants(state);
  Rng rng(seed);
  auto s = state.clone();
  auto turn_start = s->clone();
  std::vector<Action> turn;
  for (int i = 0; i < kPlayoutActions && !s->is_terminal(); ++i) {
    const std::vector<Action> legal = s->legal_actions();
    const Action a = legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))];
    const std::string text = s->action_to_string(a);
    Action back = kNoAction;
    try {
      back = s->parse_action(text);
    } catch (const Error& e) {
      throw FuzzViolation(str_cat("action text '", text, "' of legal action ", a, " in '",
                                  s->serialize(), "' is rejected: ", e.what()));
    }
    require(back == a, str_cat("action text '", text, "' reads back as ", back, ", not ", a));
    const int mover = s->current_player();
    s->apply(a);
    turn.push_back(a);
    if (s->is_terminal() || s->current_player() != mover) {
      check_turn_notation(*turn_start, turn);
      turn.clear();
      turn_start = s->clone();
    }
    if (s->move_number() <= kLargestPlayoutMoveNumber) check_round_trip(*s);
    check_invariants(*s);
  }
}

void run_state(GameCache& cache, std::string_view input) {
  std::string_view text;
  const auto game = cache.get(first_line(input, &text));
  const auto state = game->deserialize_state(text);
  after_accepting("after deserialize accepted the state", [&] {
    check_round_trip(*state);
    check_state_and_playout(*state, hash_text(input));
  });
}

void run_turn(GameCache& cache, std::string_view input) {
  std::string_view rest, turn_text;
  const auto game = cache.get(first_line(input, &rest));
  const std::string_view state_text = first_line(rest, &turn_text);
  const auto state =
      state_text.empty() ? game->new_initial_state() : game->deserialize_state(state_text);
  const std::vector<Action> actions = state->parse_turn(turn_text);
  after_accepting("after parse_turn accepted the turn", [&] {
    require(!actions.empty(), "parse_turn accepted a turn of no actions");
    auto s = state->clone();
    const int mover = s->current_player();
    for (Action a : actions) {
      require(!s->is_terminal() && s->current_player() == mover,
              "parse_turn returned actions past the end of the turn");
      s->apply(a);  // checked: throws for an illegal action
    }
    check_turn_notation(*state, actions);
    check_state_and_playout(*s, hash_text(input));
  });
  // The same text as one action.
  Action single = kNoAction;
  try {
    single = state->parse_action(turn_text);
  } catch (const Error&) {
    return;
  }
  after_accepting("after parse_action accepted the action", [&] {
    require(state->is_legal(single), str_cat("parse_action returned illegal action ", single));
    const std::string text = state->action_to_string(single);
    require(state->parse_action(text) == single,
            str_cat("action text '", text, "' reads back as another action"));
  });
}

struct VariantSpec {
  std::string line;  // "name:options"
  std::shared_ptr<AnyGame> game;
};

std::vector<VariantSpec> variants() {
  std::vector<VariantSpec> out;
  for (const std::string& name : game_names()) {
    for (const GameOptions& options : game_info(name).test_variants) {
      const std::string text = options.to_string();
      out.push_back({text.empty() ? name : name + ":" + text, make_game(name, options)});
    }
  }
  return out;
}

// Actions of one random legal turn from `state` (not terminal).
std::vector<Action> random_turn(const AnyState& state, Rng& rng) {
  auto s = state.clone();
  const int mover = s->current_player();
  std::vector<Action> turn;
  while (!s->is_terminal() && s->current_player() == mover) {
    const std::vector<Action> legal = s->legal_actions();
    turn.push_back(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
    s->apply(turn.back());
  }
  return turn;
}

// States met in random games of each variant: a few along the way and the last one.
template <class Emit>
void sample_states(uint64_t seed, Emit&& emit) {
  Rng rng(seed);
  for (const VariantSpec& v : variants()) {
    auto s = v.game->new_initial_state();
    emit(v, *s, true);
    for (int i = 0; i < 3000 && !s->is_terminal(); ++i) {
      const std::vector<Action> legal = s->legal_actions();
      s->apply(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
      if (i == 7 || i == 40 || i == 150) emit(v, *s, false);
    }
    emit(v, *s, false);
  }
}

std::vector<std::string> state_seeds() {
  std::vector<std::string> out;
  sample_states(11, [&](const VariantSpec& v, const AnyState& s, bool) {
    out.push_back(v.line + "\n" + s.serialize());
  });
  return out;
}

std::vector<std::string> turn_seeds() {
  std::vector<std::string> out;
  Rng rng(12);
  sample_states(13, [&](const VariantSpec& v, const AnyState& s, bool initial) {
    if (s.is_terminal()) return;
    const std::string turn = s.turn_to_string(random_turn(s, rng));
    out.push_back(v.line + "\n" + (initial ? "" : s.serialize()) + "\n" + turn);
  });
  return out;
}

// clang-format off
const std::vector<std::string> kGameTokens = {
    "x", "-", "stop", "huff", "pass", "+", "/", ",", "...", "chain=", "huff=", "last=", "turns=",
    "moves=", "history=", "start", "capture", "jump", "birth", "r", "t", "w", "b", "W", "B", ".",
    "p", "f0", "o1", "a1", "e5", "q1", "i5", "j10", "c3", "z9", "a0", "0", "-1", "999",
    "1000000000", "2147483647", "32768", "65536", "ffffffffffffffff", "1ffffffffffff", ":", "=",
    "size=", "players="};
// clang-format on

}  // namespace

std::vector<std::string> with_game_names(std::vector<std::string> tokens) {
  for (const std::string& name : game_names()) tokens.push_back(name);
  return tokens;
}

void add_game_targets(std::vector<Target>& out) {
  auto state_cache = std::make_shared<GameCache>();
  out.push_back({"state",
                 "game state text -> AnyGame::deserialize_state, every game and variant",
                 false,
                 state_seeds,
                 [state_cache](std::string_view in) { run_state(*state_cache, in); },
                 with_game_names(kGameTokens),
                 {}});
  auto turn_cache = std::make_shared<GameCache>();
  out.push_back({"turn",
                 "turn and action text -> AnyState::parse_turn / parse_action",
                 false,
                 turn_seeds,
                 [turn_cache](std::string_view in) { run_turn(*turn_cache, in); },
                 with_game_names(kGameTokens),
                 {}});
}

}  // namespace hz::fuzz
