#include "serve/agent_limits.h"

#include <cstdlib>
#include <filesystem>

#include "core/error.h"

namespace hz::serve {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxSpecLength = 512;
// The number of simulations an mcts spec without sims= runs (MctsAgentSettings::read): kept
// when the server adds time_ms, which alone would mean "as many as fit in the time".
constexpr const char* kDefaultMctsSims = "200";

struct Cap {
  const char* key;
  double max;
};
constexpr Cap kCaps[] = {{"tt_mb", 256}, {"threads", 4}, {"rollouts", 64}};

double number_setting(const AgentSpec& spec, const std::string& key) {
  const std::string& text = spec.settings.at(key);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end) fail("agent '", spec.kind, "': ", key, "=", text, " is not a number");
  return v;
}

// The full path of agent file `rel` inside `dir`; throws unless it stays inside.
std::string agent_file(const std::string& dir, const std::string& key, const std::string& rel) {
  if (dir.empty())
    fail(key, "=", rel,
         ": this server reads agent files only from its --agents DIR, and it "
         "was started without one");
  const fs::path p(rel);
  if (rel.empty() || p.is_absolute()) fail(key, "=", rel, ": give a path inside --agents DIR");
  for (const auto& part : p)
    if (part == ".." || part.string().starts_with("."))
      fail(key, "=", rel, ": path parts may not start with '.'");
  std::error_code ec;
  const fs::path full = fs::weakly_canonical(fs::path(dir) / p, ec);
  const std::string text = full.string();
  // Symlinks are resolved first, so one that leads out of the directory is refused here.
  if (ec || !text.starts_with(dir + "/") || !fs::is_regular_file(full, ec))
    fail(key, "=", rel, ": no such file inside --agents DIR");
  return text;
}

}  // namespace

AgentSpec limited_agent_spec(const std::string& text, const AgentLimits& limits) {
  if (text.size() > kMaxSpecLength)
    fail("agent spec of ", text.size(), " characters; the limit is ", kMaxSpecLength);
  AgentSpec spec = AgentSpec::parse(text);
  auto& settings = spec.settings;
  if (settings.count("time_ms") && number_setting(spec, "time_ms") > limits.max_search_ms)
    fail("agent '", spec.kind, "': time_ms=", settings["time_ms"],
         " is above this server's cap of ", limits.max_search_ms,
         " ms per search (--max-search-ms)");
  for (const Cap& cap : kCaps)
    if (settings.count(cap.key) && number_setting(spec, cap.key) > cap.max)
      fail("agent '", spec.kind, "': ", cap.key, "=", settings[cap.key],
           " is above this server's limit of ", cap.max);
  const bool searches = spec.kind == "mcts" || spec.kind == "alphabeta";
  if (searches && !settings.count("time_ms")) {
    if (spec.kind == "mcts" && !settings.count("sims")) settings["sims"] = kDefaultMctsSims;
    // The cap bounds each search, not a turn's time (and clock=turn would refuse reuse=false).
    if (spec.kind == "mcts" && !settings.count("clock")) settings["clock"] = "action";
    settings["time_ms"] = std::to_string(limits.max_search_ms);
  }
  for (const char* key : {"checkpoint", "weights"})
    if (settings.count(key)) settings[key] = agent_file(limits.agent_files_dir, key, settings[key]);
  return spec;
}

}  // namespace hz::serve
