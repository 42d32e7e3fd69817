// Tests of cpp/core: options, agent specs, typed config, RNG determinism.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "core/config.h"
#include "core/error.h"
#include "core/files.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/text.h"
#include "search/agent.h"
#include "temp_dir.h"
#include "test_util.h"

namespace hz {
namespace {

TEST(Text, TrimSplitAndCompare) {
  EXPECT_EQ(trim(" \t a b \n"), "a b");
  EXPECT_EQ(trim("   "), "");
  using Fields = std::vector<std::string_view>;
  EXPECT_EQ(split_words("  c2-c3   c3-c4 "), (Fields{"c2-c3", "c3-c4"}));
  EXPECT_EQ(split_words(" \t "), Fields{});
  // Every separator counts: empty fields are kept, so parsers see a stray separator.
  EXPECT_EQ(split("a,,b", ','), (Fields{"a", "", "b"}));
  EXPECT_EQ(split("a,", ','), (Fields{"a", ""}));
  EXPECT_EQ(split("", ','), Fields{""});
  EXPECT_EQ(split("a/b/c/d/e", '/').size(), 5u);
  EXPECT_TRUE(iequals("Stop", "sTOP"));
  EXPECT_FALSE(iequals("stop", "stops"));
  EXPECT_FALSE(iequals("pass", "past"));
  EXPECT_EQ(to_lower('Q'), 'q');
}

TEST(Options, ResolveFillsDefaultsAndRejectsUnknown) {
  std::vector<OptionSpec> specs = {{"size", "6", {"6", "8", "10"}, 0, 0, "board size"},
                                   {"max_plies", "200", {}, 1, 1000, "cap"}};
  GameOptions r = resolve_options("g", specs, GameOptions::parse("size=8"));
  EXPECT_EQ(r.get_int("size"), 8);
  EXPECT_EQ(r.get_int("max_plies"), 200);
  const std::string unknown = error_of([&] { resolve_options("g", specs, {{"sise", "8"}}); });
  EXPECT_NE(unknown.find("sise"), std::string::npos);
  EXPECT_NE(unknown.find("size"), std::string::npos);
  EXPECT_NE(unknown.find("max_plies"), std::string::npos);
  const std::string bad = error_of([&] { resolve_options("g", specs, {{"size", "7"}}); });
  EXPECT_NE(bad.find("'7'"), std::string::npos);
  EXPECT_NE(bad.find("6, 8, 10"), std::string::npos);
  EXPECT_NE(error_of([&] { resolve_options("g", specs, {{"max_plies", "0"}}); }), "");
  EXPECT_NE(error_of([&] { resolve_options("g", specs, {{"max_plies", "12x"}}); }), "");
  EXPECT_NE(error_of([] { GameOptions::parse("size"); }), "");
}

TEST(AgentSpec, ParsesAndRejects) {
  AgentSpec s = AgentSpec::parse("mcts:sims=200,evaluator=rollout");
  EXPECT_EQ(s.kind, "mcts");
  EXPECT_EQ(s.settings.at("sims"), "200");
  EXPECT_EQ(s.settings.at("evaluator"), "rollout");
  EXPECT_EQ(AgentSpec::parse(s.to_string()).settings, s.settings);
  EXPECT_NE(error_of([] { AgentSpec::parse(":x=1"); }), "");
  EXPECT_NE(error_of([] { AgentSpec::parse("mcts:sims"); }), "");
  EXPECT_NE(error_of([] { AgentSpec::parse("mcts:a=1,a=2"); }), "");
  AgentSpec t = AgentSpec::parse("mcts:sims=5,bogus=1");
  SpecReader reader(t);
  EXPECT_EQ(reader.get_int("sims", 100, 1, 1000), 5);
  const std::string msg = error_of([&] { reader.finish(); });
  EXPECT_NE(msg.find("bogus"), std::string::npos);
  const AgentSpec zero = AgentSpec::parse("x:sims=0");
  SpecReader range(zero);
  EXPECT_NE(error_of([&] { range.get_int("sims", 1, 1, 10); }), "");
}

TEST(Config, TypedGettersBoundsAndUnknownKeys) {
  Config c = Config::from_string("train:\n  lr: 0.5\n  steps: 10\n  typo: 1\ngame:\n  name: x\n",
                                 "test.yaml");
  c.set_override("train.steps=20");
  ConfigSection root = c.root();
  ConfigSection train = root.section("train", "training");
  EXPECT_DOUBLE_EQ(train.get_double("lr", 0.1, 0, 1, "learning rate"), 0.5);
  EXPECT_EQ(train.get_int("steps", 5, 1, 100, "steps"), 20);
  EXPECT_EQ(train.get_bool("flag", true, "a flag"), true);
  const std::string msg = error_of([&] { train.finish(); });
  EXPECT_NE(msg.find("train.typo"), std::string::npos) << msg;
  EXPECT_NE(msg.find("test.yaml"), std::string::npos) << msg;

  Config bad = Config::from_string("a: 5\nb: hello\n", "bad.yaml");
  ConfigSection r = bad.root();
  EXPECT_NE(error_of([&] { r.get_int("a", 1, 0, 3, ""); }).find("'a'"), std::string::npos);
  EXPECT_NE(error_of([&] { r.get_int("b", 1, 0, 3, ""); }).find("integer"), std::string::npos);
  EXPECT_NE(error_of([&] {
              r.get_string("b", "x", {"x", "y"}, "");
            }).find("hello"),
            std::string::npos);
  EXPECT_NE(error_of([] { Config::from_string("a: [1,", "broken.yaml"); }).find("broken.yaml"),
            std::string::npos);
  EXPECT_NE(error_of([] { Config::load_file("/nonexistent/x.yaml"); }), "");
}

// Each doc is a comment line right above its key (section docs above the section), and numbers
// are written in their shortest exact form.
TEST(Config, ResolvedYamlPutsDocsAboveTheirKeys) {
  Config c = Config::from_string("s:\n  a: 3\n  o:\n    x: 1\n", "t.yaml");
  ConfigSection s = c.root().section("s", "a section");
  s.get_int("a", 1, 0, 9, "doc a");
  s.get_double("b", 0.1, 0, 1, "doc b");
  s.options_map("o", "doc o");
  c.root().get_double("top", 0.3, 0, 1, "doc top");
  EXPECT_EQ(c.resolved_yaml(),
            "# a section\n"
            "s:\n"
            "  # doc a\n"
            "  a: 3\n"
            "  # doc b\n"
            "  b: 0.1\n"
            "  # doc o\n"
            "  o:\n"
            "    x: 1\n"
            "# doc top\n"
            "top: 0.3\n");
}

TEST(Config, ResolvedYamlReadsBack) {
  Config c = Config::from_string("s:\n  a: 3\n", "t.yaml");
  ConfigSection s = c.root().section("s", "a section");
  s.get_int("a", 1, 0, 9, "doc a");
  s.get_double("b", 0.25, 0, 1, "doc b");
  Config again = Config::from_string(c.resolved_yaml(), "resolved");
  ConfigSection s2 = again.root().section("s", "");
  EXPECT_EQ(s2.get_int("a", 0, 0, 9, ""), 3);
  EXPECT_DOUBLE_EQ(s2.get_double("b", 0, 0, 1, ""), 0.25);
  s2.finish();
}

TEST(Files, DropTornLastLineKeepsWholeLinesOnly) {
  const std::string dir = test::temp_dir("torn_lines");
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/log.jsonl";
  EXPECT_EQ(drop_torn_last_line(path), 0u);  // absent
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", ""}, {"a\n", "a\n"}, {"a\nbc", "a\n"}, {"abc", ""}, {"a\nb\n{\"x", "a\nb\n"}};
  for (const auto& [content, kept] : cases) {
    write_file_atomically(path, content);
    EXPECT_EQ(drop_torn_last_line(path), content.size() - kept.size()) << content;
    EXPECT_EQ(read_file(path), kept) << content;
  }
}

TEST(Files, RemoveInterruptedWritesTakesOnlyTemporaryFiles) {
  const std::string dir = test::temp_dir("interrupted");
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* name :
       {"ckpt_000010.pt", "ckpt_000020.pt.tmp.77", "notes.tmp.txt", "x.tmp.", "shard.bin.tmp.123"})
    write_file_atomically(dir + "/" + name, "x");
  EXPECT_EQ(remove_interrupted_writes(dir),
            (std::vector<std::string>{dir + "/ckpt_000020.pt.tmp.77", dir + "/shard.bin.tmp.123"}));
  std::set<std::string> left;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    left.insert(e.path().filename().string());
  EXPECT_EQ(left, (std::set<std::string>{"ckpt_000010.pt", "notes.tmp.txt", "x.tmp."}));
  EXPECT_TRUE(remove_interrupted_writes(dir + "/absent").empty());
}

TEST(Files, Crc32IsZlibsChecksum) {
  // The check value of CRC-32/ISO-HDLC (zip, PNG, zlib.crc32) for the nine digits "123456789".
  EXPECT_EQ(crc32("123456789", 9), 0xCBF43926u);
  EXPECT_EQ(crc32("", 0), 0u);
  // Continued over two pieces, the same as over the whole.
  EXPECT_EQ(crc32("6789", 4, crc32("12345", 5)), 0xCBF43926u);
}

TEST(Files, JsonChecksumSealsAndDetectsChanges) {
  std::string json = "{\"a\": 1, \"b\": [2, 3], \"crc32\": \"00000000\"}";
  EXPECT_EQ(check_json_checksum(json), JsonChecksum::kMismatch);  // not sealed yet
  seal_json_checksum(json);
  EXPECT_EQ(json.find("00000000"), std::string::npos) << json;
  EXPECT_EQ(check_json_checksum(json), JsonChecksum::kMatches) << json;
  // Every single-byte change outside the digits is caught.
  const size_t digits = json.rfind('"') - 8;
  for (size_t i = 0; i < json.size(); ++i) {
    if (i >= digits && i < digits + 8) continue;
    std::string changed = json;
    changed[i] ^= 0x01;
    EXPECT_NE(check_json_checksum(changed), JsonChecksum::kMatches) << changed;
  }
  EXPECT_EQ(check_json_checksum("{\"a\": 1}"), JsonChecksum::kAbsent);
  std::string unsealable = "{\"a\": 1}";
  EXPECT_THROW(seal_json_checksum(unsealable), Error);
}

TEST(Rng, SameSeedSameSequenceAndUniformRange) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const uint64_t x = a.next();
    EXPECT_EQ(x, b.next());
    differs = differs || x != c.next();
  }
  EXPECT_TRUE(differs);
  std::set<uint32_t> seen;
  for (int i = 0; i < 1000; ++i) {
    const uint32_t v = a.uniform_int(7);
    ASSERT_LT(v, 7u);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
  double sum = 0;
  for (int i = 0; i < 2000; ++i) sum += a.gamma(0.3);
  EXPECT_NEAR(sum / 2000, 0.3, 0.05);  // mean of Gamma(k, 1) is k
}

}  // namespace
}  // namespace hz
