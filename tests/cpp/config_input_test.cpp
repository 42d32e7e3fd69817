// Config text that used to be accepted silently (issue 14): a repeated key (the first value
// won), a second YAML document (ignored), and an empty or null --set value (the built-in default
// replaced the file's value), and a key set by two --set flags (the last won). Errors about an
// overridden key name the --set, not the file.
#include <gtest/gtest.h>

#include "core/config.h"
#include "test_util.h"

namespace hz {
namespace {

long batch_size(Config& c) {
  ConfigSection training = c.root().section("training", "");
  return training.get_int("batch_size", 64, 1, 4096, "rows per step");
}

TEST(ConfigInput, RepeatedKeyIsAnErrorNamingTheKeyAndLines) {
  std::string msg = error_of([] { Config::from_string("seed: 1\nseed: 2\n", "a.yaml"); });
  EXPECT_EQ(msg, "config 'a.yaml': key 'seed' is given twice (lines 1 and 2); give it once");
  msg = error_of([] {
    Config::from_string("seed: 1\ntraining:\n  batch_size: 16\n  window: 9\n  batch_size: 32\n",
                        "b.yaml");
  });
  EXPECT_TRUE(contains(msg, "key 'training.batch_size' is given twice (lines 3 and 5)")) << msg;
  Config c = Config::from_string("training:\n  batch_size: 16\n", "c.yaml");
  msg = error_of([&] { c.set_override("training={batch_size: 8, batch_size: 9}"); });
  EXPECT_TRUE(contains(msg,
                       "--set 'training={batch_size: 8, batch_size: 9}': key "
                       "'training.batch_size' is given twice"))
      << msg;
}

TEST(ConfigInput, SecondDocumentIsAnError) {
  const std::string msg =
      error_of([] { Config::from_string("seed: 1\n---\nseed: 2\n", "two.yaml"); });
  EXPECT_TRUE(contains(msg, "config 'two.yaml' holds more than one YAML document")) << msg;
  // One document with its markers is fine.
  EXPECT_EQ(error_of([] { Config::from_string("---\nseed: 1\n...\n"); }), "");
}

TEST(ConfigInput, EmptyOrNullSetValueIsAnErrorNotTheDefault) {
  for (const std::string value : {"", "~", "null", "  "}) {
    Config c = Config::from_string("training:\n  batch_size: 16\n", "run.yaml");
    const std::string msg = error_of([&] { c.set_override("training.batch_size=" + value); });
    EXPECT_EQ(msg, "--set 'training.batch_size=" + value +
                       "': the value is empty or null; give a value (leave the --set out to keep "
                       "the file's)");
    EXPECT_EQ(batch_size(c), 16) << "the file's value stays";
  }
}

TEST(ConfigInput, TheSameKeySetTwiceIsAnError) {
  // The last --set used to win without a word.
  Config c = Config::from_string("training:\n  batch_size: 16\n", "run.yaml");
  c.set_override("training.batch_size=8");
  const std::string msg = error_of([&] { c.set_override("training.batch_size=9"); });
  EXPECT_EQ(msg,
            "--set 'training.batch_size=9': 'training.batch_size' is already set by --set "
            "'training.batch_size=8'; set each key once");
  EXPECT_EQ(batch_size(c), 8);
  // Other keys, and a key beside one already set, are fine.
  EXPECT_EQ(error_of([&] { c.set_override("training.window=100"); }), "");
}

TEST(ConfigInput, ErrorsAboutAnOverriddenKeyNameTheSet) {
  Config c = Config::from_string("training:\n  batch_size: 16\n", "run.yaml");
  c.set_override("training.batch_size=abc");
  std::string msg = error_of([&] { batch_size(c); });
  EXPECT_EQ(msg, "--set 'training.batch_size=abc' must be an integer, not 'abc'");
  Config range = Config::from_string("training:\n  batch_size: 16\n", "run.yaml");
  range.set_override("training.batch_size=0");
  msg = error_of([&] { batch_size(range); });
  EXPECT_EQ(msg, "--set 'training.batch_size=0' = 0 is out of range [1, 4096]");
  Config unknown = Config::from_string("training:\n  batch_size: 16\n", "run.yaml");
  unknown.set_override("trainnig.batch_size=3");
  msg = error_of([&] {
    ConfigSection root = unknown.root();
    root.section("training", "").get_int("batch_size", 64, 1, 4096, "rows per step");
    root.finish();
  });
  EXPECT_TRUE(contains(msg, "--set 'trainnig.batch_size=3': unknown key 'trainnig'")) << msg;
  // A value from the file is still named by the file.
  Config file = Config::from_string("training:\n  batch_size: abc\n", "run.yaml");
  EXPECT_EQ(error_of([&] { batch_size(file); }),
            "config 'run.yaml': key 'training.batch_size' must be an integer, not 'abc'");
}

}  // namespace
}  // namespace hz
