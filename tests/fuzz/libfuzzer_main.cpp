// libFuzzer entry point for the targets of fuzz.h: one program, the target chosen by the
// environment. Built with -DHZ_LIBFUZZER=ON (clang); for example
//   HZ_FUZZ_TARGET=record build-fuzz/hz_libfuzzer -max_total_time=60 tests/fuzz/corpus/record
// HZ_FUZZ_FIX_CHECKSUMS=1 repairs the checksums of binary inputs before reading them (so that
// libFuzzer's mutations reach the checks behind the CRCs). A broken property aborts with the
// message, which makes libFuzzer save the input as crash-<sha1>.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const hz::fuzz::Target& target = []() -> const hz::fuzz::Target& {
    const char* name = std::getenv("HZ_FUZZ_TARGET");
    if (!name) {
      std::fprintf(stderr, "set HZ_FUZZ_TARGET to one of:");
      for (const auto& t : hz::fuzz::all_targets()) std::fprintf(stderr, " %s", t.name.c_str());
      std::fprintf(stderr, "\n");
      std::abort();
    }
    return hz::fuzz::find_target(name);
  }();
  static const bool fix = std::getenv("HZ_FUZZ_FIX_CHECKSUMS") != nullptr;
  std::string input(reinterpret_cast<const char*>(data), size);
  if (fix && target.fix_checksums) target.fix_checksums(input);
  const hz::fuzz::Outcome o = hz::fuzz::run_one(target, input);
  if (o.kind == hz::fuzz::Outcome::kViolation) {
    std::fprintf(stderr, "property broken (%s): %s\n", target.name.c_str(), o.message.c_str());
    std::abort();
  }
  return 0;
}
