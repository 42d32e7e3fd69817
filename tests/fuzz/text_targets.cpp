// Fuzz targets of the text formats that are not game notation:
//
//   record:          a game record file            -> parse_record (replays every turn)
//   config:          YAML, "#set k=v" lines first  -> Config::from_string, set_override, every
//                                                     typed getter, section, options_map, finish
//   run_config:      a training config (YAML)      -> RunConfig::from_config (the real schema)
//   agent_spec:      "kind:k=v,..."                -> AgentSpec::parse, SpecReader getters,
//                                                     AnyGame::make_agent
//   game_options:    "k=v,k=v"                     -> GameOptions::parse, resolve_options and
//                                                     make_game for every registered game
//   network_config:  "blocks=..,channels=..,..."   -> NetworkConfig::parse (checkpoint metadata)
//
// What is accepted must write back (format_record, resolved_yaml, to_string) to text that reads
// back to the same thing.
#include <dirent.h>

#include <cmath>
#include <memory>
#include <sstream>

#include "core/config.h"
#include "core/error.h"
#include "core/files.h"
#include "core/rng.h"
#include "eval/record.h"
#include "fuzz.h"
#include "games/registry.h"
#include "nn/network.h"
#include "search/agent.h"
#include "train/run_config.h"

namespace hz::fuzz {
namespace {

// ------------------------------------------------------------------------------------ records

bool same_record(const GameRecord& a, const GameRecord& b) {
  return a.game == b.game && a.options == b.options && a.players == b.players &&
         a.turns == b.turns && a.turn_players == b.turn_players && a.comments == b.comments &&
         a.result == b.result;
}

void run_record(std::string_view input) {
  const GameRecord rec = parse_record(std::string(input), "<fuzz>");
  after_accepting("after parse_record accepted the record", [&] {
    require(rec.turns.size() == rec.turn_players.size() && rec.turns.size() == rec.comments.size(),
            "record fields of different lengths");
    const auto game = make_game(rec.game, rec.options);
    const std::string text = format_record(*game, rec);
    GameRecord again;
    try {
      again = parse_record(text, "<formatted>");
    } catch (const Error& e) {
      throw FuzzViolation(
          str_cat("format_record gave a record that does not parse: ", e.what(), "\n", text));
    }
    require(same_record(rec, again), "the formatted record reads back differently:\n" + text);
    const auto states = replay_record(rec);
    require(states.size() == rec.turns.size() + 1, "replay_record gave the wrong number of states");
    require(states.back()->is_terminal() == rec.result.has_value(),
            "result present but the game is not over, or the reverse");
  });
}

std::vector<std::string> record_seeds() {
  std::vector<std::string> out;
  Rng rng(21);
  const std::vector<std::string> kinds = {"random", "mcts:sims=8", "human"};
  for (const std::string& name : game_names()) {
    for (const GameOptions& options : game_info(name).test_variants) {
      const auto game = make_game(name, options);
      std::vector<std::string> players;
      for (int p = 0; p < game->num_players(); ++p)
        players.push_back(kinds[rng.uniform_int(static_cast<uint32_t>(kinds.size()))]);
      RecordBuilder builder(*game, players);
      auto s = game->new_initial_state();
      const int cap = 60 + static_cast<int>(rng.uniform_int(400));
      for (int i = 0; i < cap && !s->is_terminal(); ++i) {
        const std::vector<Action> legal = s->legal_actions();
        const Action a = legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))];
        builder.add_action(*s, a, i % 9 == 4 ? str_cat("value 0.", i % 10, "\tété") : "");
        s->apply(a);
      }
      const std::string text = format_record(*game, builder.finish(*s));
      // Some with a byte order mark in front, which readers skip.
      out.push_back(out.size() % 3 == 0   ? "# a comment line\n" + text + "\n"
                    : out.size() % 3 == 1 ? "\xEF\xBB\xBF" + text
                                          : text);
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------ configs

// Leading "#set key.path=value" lines are overrides (YAML comments, so the text stays YAML).
Config config_with_overrides(std::string_view input) {
  Config config = Config::from_string(std::string(input), "<fuzz>");
  std::istringstream lines{std::string(input)};
  for (std::string line; std::getline(lines, line) && line.rfind("#set ", 0) == 0;)
    config.set_override(line.substr(5));
  return config;
}

// Reads a fixed schema that uses every getter; returns what was read, as text.
std::string read_schema(Config& config) {
  ConfigSection root = config.root();
  std::ostringstream out;
  out.precision(17);
  out << root.get_int("seed", 1, -1000, 1L << 40, "a seed") << ";";
  out << root.get_string("name", "x", {}, "free text") << ";";
  out << root.get_string("mode", "fast", {"fast", "slow"}, "a choice") << ";";
  out << root.get_double("rate", 0.5, -1e6, 1e6, "a number") << ";";
  out << root.get_bool("flag", false, "a switch") << ";";
  ConfigSection train = root.section("train", "a section");
  out << train.get_int("steps", 10, 1, 1000000000, "steps") << ";";
  out << train.get_double("lr", 0.01, 0.0, 1.0, "rate") << ";";
  out << train.get_bool("augment", true, "switch") << ";";
  out << train.options_map("options", "free options").to_string() << ";";
  ConfigSection inner = train.section("inner", "a nested section");
  out << inner.get_int("depth", 3, 0, 64, "depth") << ";";
  inner.finish();
  train.finish();
  root.finish();
  return out.str();
}

void run_config(std::string_view input) {
  Config config = config_with_overrides(input);
  const std::string values = read_schema(config);
  after_accepting("after the config was accepted", [&] {
    const std::string resolved = config.resolved_yaml();
    Config again = Config::from_string(resolved, "<resolved>");
    std::string values_again;
    try {
      values_again = read_schema(again);
    } catch (const Error& e) {
      throw FuzzViolation(str_cat("the resolved config is rejected: ", e.what(), "\n", resolved));
    }
    require(values_again == values, "the resolved config reads back other values: '" + values +
                                        "' vs '" + values_again + "'\n" + resolved);
    require(again.resolved_yaml() == resolved, "resolved_yaml is not stable:\n" + resolved);
  });
}

std::vector<std::string> config_seeds() {
  return {
      "",
      "seed: 3\nname: hello\nmode: slow\nrate: -2.5\nflag: true\n",
      "train:\n  steps: 100\n  lr: 0.001\n  augment: false\n  options:\n    size: 8\n    k: v\n"
      "  inner:\n    depth: 7\n",
      "#set train.steps=5\n#set flag=on\nname: 'quoted: text'\ntrain: {lr: 1e-3, inner: {}}\n",
      "# comment\nseed: -7  # trailing\nrate: 1000\ntrain:\n  options: {a: 1, b: \"two\"}\n",
  };
}

std::string source_dir_file(const std::string& rel) {
  return read_file(std::string(HZ_SOURCE_DIR) + "/" + rel);
}

void run_run_config(std::string_view input) {
  Config config = config_with_overrides(input);
  const RunConfig rc = RunConfig::from_config(config);
  after_accepting("after the run config was accepted", [&] {
    Config again = Config::from_string(rc.resolved_yaml, "<resolved>");
    RunConfig rc2;
    try {
      rc2 = RunConfig::from_config(again);
    } catch (const Error& e) {
      throw FuzzViolation(
          str_cat("the resolved run config is rejected: ", e.what(), "\n", rc.resolved_yaml));
    }
    require(rc2.resolved_yaml == rc.resolved_yaml,
            "the resolved run config reads back differently:\n" + rc.resolved_yaml);
    require(rc2.network == rc.network && rc2.game == rc.game && rc2.game_options == rc.game_options,
            "the resolved run config names another game or network");
  });
}

std::vector<std::string> run_config_seeds() {
  std::vector<std::string> out;
  const std::string dir = std::string(HZ_SOURCE_DIR) + "/configs";
  if (DIR* d = ::opendir(dir.c_str())) {
    std::vector<std::string> names;
    while (dirent* e = ::readdir(d)) {
      const std::string n = e->d_name;
      if (n.size() > 5 && n.substr(n.size() - 5) == ".yaml") names.push_back(n);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const std::string& n : names) out.push_back(source_dir_file("configs/" + n));
  }
  out.push_back("game:\n  name: jumpers\n  options: {size: 6}\n");
  out.push_back(
      "#set training.total_steps=3\ngame: {name: chinese_checkers, options: {players: 3}}\n"
      "network: {blocks: 2, channels: 16}\n");
  return out;
}

// -------------------------------------------------------------------------------- agent specs

void run_agent_spec(std::string_view input) {
  const AgentSpec spec = AgentSpec::parse(input);
  after_accepting("after AgentSpec::parse accepted the spec", [&] {
    const std::string text = spec.to_string();
    const AgentSpec again = AgentSpec::parse(text);
    require(again.kind == spec.kind && again.settings == spec.settings,
            "the spec's to_string '" + text + "' reads back differently");
  });
  // Every getter of the reader: errors are fine, as long as they are hz::Error.
  try {
    SpecReader reader(spec);
    reader.get_int("n", 5, -10, 1000);
    reader.get_double("x", 0.5, 0.0, 1.0);
    reader.get_bool("flag", false);
    reader.get_string("mode", "a", {"a", "b"});
    reader.get_string("text", "");
    reader.finish();
  } catch (const Error&) {
  }
  // The real agents of one game (construction only: no search).
  const auto game = make_game("alquerque");
  const auto agent = game->make_agent(spec, 7);
  require(agent != nullptr && !agent->name().empty(), "make_agent gave no agent");
}

std::vector<std::string> agent_spec_seeds() {
  return {"random",
          "mcts",
          "mcts:sims=200",
          "mcts:sims=50,evaluator=rollout,rollouts=2",
          "mcts:sims=16,cpuct=2.5,fpu=0.1,temperature=1,reuse=false,batch=4,noise=0.25,alpha=0.5",
          "mcts:time_ms=100,evaluator=uniform"};
}

// ---------------------------------------------------------------------------- game options

void run_game_options(std::string_view input) {
  const GameOptions options = GameOptions::parse(input);
  after_accepting("after GameOptions::parse accepted the options", [&] {
    require(GameOptions::parse(options.to_string()) == options,
            "to_string '" + options.to_string() + "' reads back differently");
  });
  int made = 0;
  for (const std::string& name : game_names()) {
    GameOptions resolved;
    try {
      resolved = resolve_options(name, game_info(name).options, options);
    } catch (const Error&) {
      continue;
    }
    after_accepting("after resolve_options accepted the options", [&] {
      const GameOptions again =
          resolve_options(name, game_info(name).options, GameOptions::parse(resolved.to_string()));
      require(again == resolved, "resolved options do not resolve to themselves");
    });
    // The game may still reject a combination of options (its constructor checks those).
    std::shared_ptr<AnyGame> game;
    try {
      game = make_game(name, options);
    } catch (const Error&) {
      continue;
    }
    after_accepting("after make_game accepted the options", [&] {
      require(game->options() == resolved, "make_game resolved the options differently");
      const auto state = game->new_initial_state();
      require(game->deserialize_state(state->serialize())->serialize() == state->serialize(),
              "the initial state of " + game->full_name() + " does not round-trip");
      ++made;
    });
  }
  if (made == 0) fail("no game takes options '", input, "'");
}

std::vector<std::string> game_options_seeds() {
  std::vector<std::string> out = {""};
  for (const std::string& name : game_names())
    for (const GameOptions& options : game_info(name).test_variants)
      if (!options.values().empty()) out.push_back(options.to_string());
  return out;
}

// ------------------------------------------------------------------------- network configs

void run_network_config(std::string_view input) {
  const NetworkConfig config = NetworkConfig::parse(std::string(input));
  after_accepting("after NetworkConfig::parse accepted the config", [&] {
    require(NetworkConfig::parse(config.to_string()) == config,
            "to_string '" + config.to_string() + "' reads back differently");
  });
}

std::vector<std::string> network_config_seeds() {
  std::vector<std::string> out;
  for (const std::string& name : game_names()) {
    const auto game = make_game(name, game_info(name).test_variants.at(0));
    Config c = Config::from_string("blocks: 2\nchannels: 16\n");
    out.push_back(NetworkConfig::from_config(c.root(), game->observation_shape(),
                                             game->num_actions(), game->num_players())
                      .to_string());
  }
  return out;
}

// clang-format off
const std::vector<std::string> kRecordTokens = {
    "hopzero-record 1", "game: ", "options: ", "player0: ", "player1: ", "player2: ", "result: ",
    "unfinished", "1. ", "2. 1 ", " {", "}", "#", "\n", "1 -1", "-1 1", "0 0", "nan", "1e9",
    "stop", "x", "-", "huff ", "pass", "+", "...",
    "99999999999999999999", "player18446744073709551616: ", "\xEF\xBB\xBF", "\xff", "\xC3\xA9",
    "\t", "\r", "\r\n", "\x07"};
// clang-format on

// clang-format off
const std::vector<std::string> kYamlTokens = {
    ": ", "- ", "[", "]", "{", "}", "&a ", "*a", "<<: ", "!!str ", "!!binary ", "\"", "'", "|\n",
    ">\n", "---\n", "...\n", "\n  ", "? ", "null", "~", "true", "off", "nan", ".inf", "-.inf",
    "1e400", "0x1F", "9223372036854775808", "-9223372036854775809", "#set ", "train.", "seed",
    "name", "mode", "rate", "flag", "steps", "lr", "augment", "options", "inner", "depth", "game",
    "network", "selfplay", "training", "evaluation", "blocks", "channels", "threads",
    "simulations", "total_steps", "window", "min_samples", "games", "\t", "%YAML 1.2\n", "=",
    "[[[[[[[[", "{a: [b, {c: d}]}"};
// clang-format on

// clang-format off
const std::vector<std::string> kSpecTokens = {
    ":", ",", "=", "mcts", "random", "sims", "evaluator", "rollout", "uniform", "checkpoint",
    "threads", "cpuct", "noise", "alpha", "batch", "reuse", "temperature", "time_ms", "rollouts",
    "fpu", "n", "x", "flag", "mode", "text", "nan", "inf", "-1", "1e308", "0x10", "true",
    "1000000000", "9223372036854775808"};
// clang-format on

// clang-format off
const std::vector<std::string> kOptionTokens = {
    ",", "=", "size", "players", "pieces", "diagonals", "huffing", "max_plies", "no_backward",
    "no_back_and_forth", "repetition_draw", "play_to_finish", "no_move_loses", "true", "false",
    "goal_rule", "fill", "all_own", "513", "all", "odd", "even", "none", "-1", "0", "6", "8", "10", "13", "19", "2147483648", "blocks",
    "channels", "policy_channels", "value_channels", "value_hidden", "planes", "height", "width",
    "actions"};
// clang-format on

}  // namespace

void add_text_targets(std::vector<Target>& out) {
  out.push_back({"record",
                 "game record text -> parse_record",
                 false,
                 record_seeds,
                 run_record,
                 with_game_names(kRecordTokens),
                 {}});
  out.push_back({"config",
                 "YAML -> Config, overrides, typed getters, finish, resolved_yaml",
                 false,
                 config_seeds,
                 run_config,
                 kYamlTokens,
                 {}});
  out.push_back({"run_config",
                 "YAML -> RunConfig::from_config",
                 false,
                 run_config_seeds,
                 run_run_config,
                 kYamlTokens,
                 {}});
  out.push_back({"agent_spec",
                 "agent spec -> AgentSpec::parse, SpecReader, make_agent",
                 false,
                 agent_spec_seeds,
                 run_agent_spec,
                 kSpecTokens,
                 {}});
  out.push_back({"game_options",
                 "option text -> GameOptions::parse, resolve_options, make_game",
                 false,
                 game_options_seeds,
                 run_game_options,
                 kOptionTokens,
                 {}});
  out.push_back({"network_config",
                 "network config text -> NetworkConfig::parse",
                 false,
                 network_config_seeds,
                 run_network_config,
                 kOptionTokens,
                 {}});
}

}  // namespace hz::fuzz
