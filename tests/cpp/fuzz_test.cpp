// Bounded fuzzing of every text parser and file reader (targets in tests/fuzz/, property in
// tests/fuzz/fuzz.h), as part of the test suite. For each target:
//   SeedsAreAccepted        every generated seed and every file of tests/fuzz/corpus/<target>/
//                           is accepted, with the property holding;
//   RegressionsKeepTheProperty  every file of tests/fuzz/regressions/<target>/ (inputs that once
//                           broke it, and hostile inputs from issue reports) is accepted or
//                           rejected cleanly;
//   MutantsKeepTheProperty  mutations of the seeds (and of accepted mutants) for HZ_FUZZ_SECONDS
//                           (default 2) never break the property nor take longer than
//                           HZ_FUZZ_SLOW_MS (default 3000) for one input.
// HZ_FUZZ_SEED picks the mutation sequence (default 1). HZ_FUZZ_WRITE_CORPUS=1 rewrites the
// corpus folders from the generated seeds. A failure prints the input as a C string and saves it
// under HZ_FUZZ_SAVE_DIR (default: the test temporary folder, hz_fuzz/); a crash prints it from a
// signal handler (or the sanitizer's death callback) before the process dies.
#include "../fuzz/fuzz.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../fuzz/mutator.h"
#include "core/files.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HZ_FUZZ_UNDER_SANITIZER 1
#include <sanitizer/common_interface_defs.h>
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HZ_FUZZ_UNDER_SANITIZER 1
#include <sanitizer/common_interface_defs.h>
#endif
#endif

namespace hz::fuzz {
namespace {

namespace fs = std::filesystem;

// The input being run, for the crash report. A signal handler can only reach globals; these are
// written by the one test thread and read only when the process is dying.
const char* g_input = nullptr;
size_t g_input_size = 0;
const char* g_target = "";

void write_stderr(const char* text, size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(2, text, n);
    if (w <= 0) return;
    text += w;
    n -= static_cast<size_t>(w);
  }
}

void report_current_input() {
  if (!g_input) return;
  const char head[] = "\n== fuzz target '";
  write_stderr(head, sizeof head - 1);
  write_stderr(g_target, std::strlen(g_target));
  const char mid[] = "' died on this input (raw bytes between the markers):\n<<<";
  write_stderr(mid, sizeof mid - 1);
  write_stderr(g_input, g_input_size);
  const char tail[] = ">>>\n";
  write_stderr(tail, sizeof tail - 1);
}

#ifndef HZ_FUZZ_UNDER_SANITIZER
void on_fatal_signal(int sig) {
  report_current_input();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}
#endif

void install_crash_report() {
#ifdef HZ_FUZZ_UNDER_SANITIZER
  __sanitizer_set_death_callback(report_current_input);
#else
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(sig, on_fatal_signal);
#endif
}

double env_double(const char* name, double def) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtod(v, nullptr) : def;
}

std::vector<std::string> target_names() {
  std::vector<std::string> names;
  for (const Target& t : all_targets()) names.push_back(t.name);
  return names;
}

fs::path source_path(const std::string& rel) {
  return fs::path(HZ_SOURCE_DIR) / rel;
}

// The files of a folder, sorted by name (none if it does not exist).
std::vector<std::pair<std::string, std::string>> read_folder(const fs::path& dir) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.is_regular_file())
      out.push_back({entry.path().filename().string(), read_file(entry.path().string())});
  std::sort(out.begin(), out.end());
  return out;
}

std::string shown(const std::string& input) {
  constexpr size_t kMax = 3000;
  const std::string e = escape(input.substr(0, kMax));
  return "\"" + e + "\"" + (input.size() > kMax ? " (truncated)" : "");
}

// Runs one input with the crash report armed.
Outcome run_reported(const Target& t, const std::string& input) {
  g_target = t.name.c_str();
  g_input = input.data();
  g_input_size = input.size();
  Outcome o = run_one(t, input);
  g_input = nullptr;
  return o;
}

// Writes a failing input where it can be picked up as a regression file (HZ_FUZZ_SAVE_DIR, or
// the test temporary folder).
std::string save_failure(const Target& t, const std::string& input, long n) {
  const char* dir = std::getenv("HZ_FUZZ_SAVE_DIR");
  const fs::path folder = dir && *dir ? fs::path(dir) : fs::path(::testing::TempDir()) / "hz_fuzz";
  std::error_code ec;
  fs::create_directories(folder, ec);
  const fs::path path =
      folder / (t.name + "_" + std::to_string(::getpid()) + "_" + std::to_string(n) + ".in");
  std::ofstream(path, std::ios::binary) << input;
  return path.string();
}

class Fuzz : public ::testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() { install_crash_report(); }
  const Target& target() const { return find_target(GetParam()); }
};

TEST_P(Fuzz, SeedsAreAccepted) {
  const Target& t = target();
  const std::vector<std::string> seeds = t.seeds();
  ASSERT_FALSE(seeds.empty());
  if (std::getenv("HZ_FUZZ_WRITE_CORPUS")) {
    const fs::path dir = source_path("tests/fuzz/corpus/" + t.name);
    fs::create_directories(dir);
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().filename().string().rfind("seed_", 0) == 0) fs::remove(entry.path());
    for (size_t i = 0; i < seeds.size(); ++i) {
      char name[32];
      std::snprintf(name, sizeof name, "seed_%03zu%s", i, t.binary ? ".bin" : ".txt");
      write_file_atomically((dir / name).string(), seeds[i]);
    }
  }
  for (const std::string& s : seeds) {
    const Outcome o = run_reported(t, s);
    EXPECT_EQ(o.kind, Outcome::kAccepted) << o.message << "\ngenerated seed: " << shown(s);
  }
  const auto corpus = read_folder(source_path("tests/fuzz/corpus/" + t.name));
  EXPECT_FALSE(corpus.empty()) << "no corpus in tests/fuzz/corpus/" << t.name;
  for (const auto& [name, s] : corpus) {
    const Outcome o = run_reported(t, s);
    EXPECT_EQ(o.kind, Outcome::kAccepted) << o.message << "\ncorpus file " << name;
  }
}

TEST_P(Fuzz, RegressionsKeepTheProperty) {
  const Target& t = target();
  const auto inputs = read_folder(source_path("tests/fuzz/regressions/" + t.name));
  for (const auto& [name, s] : inputs) {
    const Outcome o = run_reported(t, s);
    EXPECT_NE(o.kind, Outcome::kViolation) << o.message << "\nregression file " << name;
  }
  // Most targets have none; the seeds test covers the corpus.
  SUCCEED() << inputs.size() << " regression inputs";
}

TEST_P(Fuzz, MutantsKeepTheProperty) {
  const Target& t = target();
  std::vector<std::string> pool = t.seeds();
  for (auto& [name, s] : read_folder(source_path("tests/fuzz/corpus/" + t.name)))
    pool.push_back(std::move(s));
  ASSERT_FALSE(pool.empty());
  const size_t kPoolLimit = pool.size() + 2000;
  const double seconds = env_double("HZ_FUZZ_SECONDS", 2.0);
  const double slow_ms = env_double("HZ_FUZZ_SLOW_MS", 3000.0);
  const uint64_t seed = static_cast<uint64_t>(env_double("HZ_FUZZ_SEED", 1.0));
  Mutator mutator(seed * 1000003 + std::hash<std::string>()(t.name), t.dictionary, t.binary);
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  long runs = 0, accepted = 0, rejected = 0, failures = 0;
  while (Clock::now() < deadline && failures < 3) {
    Rng& rng = mutator.rng();
    const std::string& a = pool[rng.uniform_int(static_cast<uint32_t>(pool.size()))];
    const std::string& b = pool[rng.uniform_int(static_cast<uint32_t>(pool.size()))];
    std::string input = mutator.mutate(a, b);
    if (t.fix_checksums && rng.uniform_int(2)) t.fix_checksums(input);
    const auto start = Clock::now();
    const Outcome o = run_reported(t, input);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    ++runs;
    if (o.kind == Outcome::kViolation) {
      ++failures;
      ADD_FAILURE() << "property broken: " << o.message << "\ninput: " << shown(input)
                    << "\nsaved as " << save_failure(t, input, failures);
    } else if (ms > slow_ms) {
      ++failures;
      ADD_FAILURE() << "one input took " << ms << " ms\ninput: " << shown(input) << "\nsaved as "
                    << save_failure(t, input, failures);
    } else if (o.kind == Outcome::kAccepted) {
      ++accepted;
      if (pool.size() < kPoolLimit) pool.push_back(std::move(input));
    } else {
      ++rejected;
    }
  }
  std::printf("[ fuzz     ] %s: %ld inputs in %.1f s: %ld accepted, %ld rejected\n", t.name.c_str(),
              runs, seconds, accepted, rejected);
  EXPECT_GT(runs, 0);
  EXPECT_GT(rejected, 0) << "no mutation was rejected: the mutations do not reach the checks";
}

INSTANTIATE_TEST_SUITE_P(Targets, Fuzz, ::testing::ValuesIn(target_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace hz::fuzz
