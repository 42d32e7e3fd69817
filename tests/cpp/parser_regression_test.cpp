// Regression tests for parser bugs that fuzzing found (tests/cpp/fuzz_test.cpp): each input once
// crashed, threw something other than hz::Error, or was accepted in a way that did not read
// back the same. Each test states the input and what the reader must do with it now.
#include <gtest/gtest.h>

#include <cstring>

#include "core/config.h"
#include "core/error.h"
#include "core/files.h"
#include "eval/record.h"
#include "games/registry.h"
#include "nn/network.h"
#include "temp_dir.h"
#include "test_util.h"
#include "train/checkpoint.h"
#include "train/trainer.h"

namespace hz {
namespace {

// ---------------------------------------------------------------------------------- Alquerque

// The 12 + 12 start position with White to move (rules: docs/rules/alquerque.md).
const std::string kAlquerqueStart = "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW w chain=- huff=- last=-,- ";

TEST(AlquerqueStateText, TurnsAreBoundedBeforeNarrowing) {
  const auto game = make_game("alquerque", {{"max_plies", "200"}});
  // 65536 once wrapped to 0 in a 16-bit counter and was accepted as a fresh game.
  for (const char* turns : {"65536", "65735", "32768", "201"}) {
    const std::string msg = error_of([&] {
      game->deserialize_state(kAlquerqueStart + "turns=" + turns + " moves=70000 history=-");
    });
    EXPECT_TRUE(contains(msg, "exceeds max_plies")) << turns << ": " << msg;
  }
  // The bound itself is a valid count.
  EXPECT_EQ(
      error_of([&] { game->deserialize_state(kAlquerqueStart + "turns=199 moves=199 history=-"); }),
      "");
}

TEST(AlquerqueStateText, MoveCountCannotOverflow) {
  const auto game = make_game("alquerque", {{"max_plies", "200"}});
  // moves=2147483647 was accepted; the next action then overflowed a signed 32-bit counter.
  const std::string msg = error_of(
      [&] { game->deserialize_state(kAlquerqueStart + "turns=0 moves=2147483647 history=-"); });
  EXPECT_TRUE(contains(msg, "moves 2147483647 is above 1000000000")) << msg;
  EXPECT_EQ(error_of([&] {
              game->deserialize_state(kAlquerqueStart + "turns=0 moves=1000000000 history=-");
            }),
            "");
}

// ----------------------------------------------------------------------------------- Jumpers

TEST(JumpersStateText, MoveNumberLimitIsReadable) {
  const auto game = make_game("jumpers", {{"size", "6"}});
  const std::string start = game->new_initial_state()->serialize();
  const std::string prefix = start.substr(0, start.rfind(' ') + 1);
  // The documented limit 1000000000 has ten digits, and the reader stopped at nine.
  EXPECT_EQ(error_of([&] { game->deserialize_state(prefix + "1000000000"); }), "");
  const std::string msg = error_of([&] { game->deserialize_state(prefix + "1000000001"); });
  EXPECT_TRUE(contains(msg, "move number 1000000001 is above 1000000000")) << msg;
  EXPECT_FALSE(error_of([&] { game->deserialize_state(prefix + "99999999999"); }).empty());
}

// -------------------------------------------------------------------------------- Game records

// A legal record of one Jumpers (size 6) turn; rules: docs/rules/jumpers.md.
std::string record_with(const std::string& player0_line, const std::string& result,
                        const std::string& move_line) {
  return "hopzero-record 1\ngame: jumpers\noptions: size=6\n" + player0_line +
         "\nplayer1: random\nresult: " + result + "\n" + move_line + "\n";
}

TEST(RecordText, HugePlayerIndexIsAnError) {
  // std::stoul threw std::out_of_range (not hz::Error) for an index past 2^64.
  for (const char* key :
       {"player18446744073709551616", "player99999999999999999999999", "player00", "player+0"}) {
    const std::string msg = error_of(
        [&] { parse_record(record_with(std::string(key) + ": random", "unfinished", "")); });
    EXPECT_TRUE(contains(msg, "expected 'player0:'")) << key << ": " << msg;
  }
}

TEST(RecordText, ResultMustBeFiniteNumbers) {
  // max_plies=1: the game is a draw after one turn (docs/rules/alquerque.md), returns 0 0.
  const auto game = make_game("alquerque", {{"max_plies", "1"}});
  auto s = game->new_initial_state();
  const std::string turn = s->turn_to_string({s->legal_actions()[0]});
  const std::string base =
      "hopzero-record 1\ngame: alquerque\noptions: max_plies=1\nplayer0: a\nplayer1: b\n";
  EXPECT_EQ(error_of([&] { parse_record(base + "result: 0 0\n1. 0 " + turn + "\n"); }), "");
  // strtof reads "nan" as a number and |nan - 0| > 1e-4 is false, so it used to pass as 0.
  const std::string msg =
      error_of([&] { parse_record(base + "result: nan nan\n1. 0 " + turn + "\n"); });
  EXPECT_TRUE(contains(msg, "'nan' is not a number")) << msg;
}

TEST(RecordText, TextAfterACommentIsAnError) {
  const auto game = make_game("jumpers", {{"size", "6"}});
  auto s = game->new_initial_state();
  // The whole first turn (the first legal action at each step).
  const std::vector<Action> actions = [&] {
    auto t = s->clone();
    std::vector<Action> out;
    while (!t->is_terminal() && t->current_player() == 0) {
      out.push_back(t->legal_actions()[0]);
      t->apply(out.back());
    }
    return out;
  }();
  const std::string line = "1. 0 " + s->turn_to_string(actions);
  EXPECT_EQ(
      error_of([&] { parse_record(record_with("player0: a", "unfinished", line + " {a note}")); }),
      "");
  // " junk" after the closing brace used to be dropped without a word.
  const std::string msg = error_of(
      [&] { parse_record(record_with("player0: a", "unfinished", line + " {a note} junk")); });
  EXPECT_TRUE(contains(msg, "text after the comment")) << msg;
}

// ------------------------------------------------------------------------------------ Configs

// Reads `options` from section `game` and returns the resolved YAML.
std::string resolved_options(const std::string& yaml) {
  Config c = Config::from_string(yaml);
  ConfigSection root = c.root();
  ConfigSection game = root.section("game", "g");
  game.options_map("options", "the options");
  game.finish();
  root.finish();
  return c.resolved_yaml();
}

TEST(ConfigText, ResolvedOptionsReadBackTheSame) {
  // The option doc went with the first key in file order but resolved_yaml writes name order,
  // so re-reading the resolved config moved the doc: the copy a run keeps was not a fixed point.
  const std::string once = resolved_options("game:\n  options:\n    size: 8\n    k: v\n");
  EXPECT_EQ(resolved_options(once), once);
  // Option values were written back raw: "[x" made resolved_yaml() throw a YAML exception, and
  // "#x" came back as nothing.
  const std::string odd = resolved_options("game:\n  options:\n    a: '[x'\n    b: '#x'\n");
  Config again = Config::from_string(odd);
  const GameOptions o = again.root().section("game", "").options_map("options", "");
  EXPECT_EQ(o.get("a"), "[x");
  EXPECT_EQ(o.get("b"), "#x");
}

TEST(ConfigText, KeysMustBeNames) {
  // A list or map as a key made finish() throw YAML::TypedBadConversion instead of hz::Error.
  for (const char* yaml : {"[a, b]: 1\n", "{a: 1}: 2\n", "? [x]\n: 3\n", "game:\n  ? [x]\n  : 1\n",
                           "game:\n  options:\n    ? {k: v}\n    : 1\n"}) {
    const std::string msg = error_of([&] { resolved_options(yaml); });
    EXPECT_TRUE(contains(msg, "a key must be a plain name")) << yaml << ": " << msg;
  }
  // A dotted option name would be split into sections by resolved_yaml().
  const std::string msg = error_of([] { resolved_options("game:\n  options:\n    a.b: 1\n"); });
  EXPECT_TRUE(contains(msg, "'a.b'")) << msg;
}

TEST(ConfigText, TextMustBeUtf8) {
  // yaml-cpp read "\xf4" inside a string but wrote it back differently: a run's resolved
  // config then held another value.
  const std::string msg = error_of([] { Config::from_string("name: 'ab\xf4z'\n", "cfg.yaml"); });
  EXPECT_TRUE(contains(msg, "cfg.yaml")) << msg;
  EXPECT_TRUE(contains(msg, "byte 9 is not valid UTF-8")) << msg;
  for (const char* bad : {"\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "\x80"})
    EXPECT_FALSE(error_of([&] { Config::from_string(std::string("a: ") + bad); }).empty()) << bad;
  EXPECT_EQ(
      error_of([] { Config::from_string("name: 'caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2'"); }),
      "");
  Config c = Config::from_string("a: 1");
  EXPECT_FALSE(error_of([&] { c.set_override("a=\xff"); }).empty());
}

// -------------------------------------------------------------------------------- Checkpoints

TEST(CheckpointFile, BrokenTorchScriptInsideIsAnHzError) {
  // The payload is a LibTorch archive holding TorchScript source, which LibTorch parses on
  // loading and whose parser throws its own exception types (not c10::Error). Our CRC guards
  // against damage, so this takes a crafted file: a token broken inside the archive, the CRC
  // recomputed. It used to escape as a foreign exception.
  const auto game = make_game("alquerque");
  Config c = Config::from_string("blocks: 1\nchannels: 4\nvalue_hidden: 8\n");
  const NetworkConfig net = NetworkConfig::from_config(c.root(), game->observation_shape(),
                                                       game->num_actions(), game->num_players());
  Trainer trainer(net, TrainerConfig{}, 1);
  CheckpointMeta meta;
  meta.game = "alquerque";
  const std::string dir = test::temp_dir("regress_ckpt");
  const std::string path = dir + "/ckpt_000000.pt";
  save_checkpoint(path, trainer, meta);
  std::string bytes = read_file(path);
  const std::string token = "pytorch_version : str";  // in a stored (uncompressed) entry
  const size_t at = bytes.find(token);
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, token.size(), "pytorch_version $ str");
  // Header: magic[8], version u32, CRC-32 u32 of the payload, size u64 (docs/formats.md).
  const uint32_t crc = crc32(bytes.data() + 24, bytes.size() - 24);
  std::memcpy(bytes.data() + 12, &crc, 4);
  const std::string bad = dir + "/ckpt_000001.pt";
  write_file_atomically(bad, bytes);
  const std::string msg = error_of([&] { read_checkpoint_meta(bad); });
  EXPECT_TRUE(contains(msg, "ckpt_000001.pt")) << msg;
  EXPECT_TRUE(contains(msg, "cannot be read by LibTorch")) << msg;
  Trainer other(net, TrainerConfig{}, 2);
  EXPECT_TRUE(contains(error_of([&] { load_checkpoint(bad, other); }), "cannot be read")) << msg;
}

}  // namespace
}  // namespace hz
