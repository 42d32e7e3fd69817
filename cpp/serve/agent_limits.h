// What agents a request to hopzero serve may ask for: any spec `hopzero match --a` takes, but
// every search bounded in time and memory, and files (checkpoint=, weights=) read only from
// the agent directory the server was given (--agents DIR).
#pragma once

#include <string>

#include "search/agent.h"

namespace hz::serve {

struct AgentLimits {
  long max_search_ms = 5000;    // per search, that is per request
  std::string agent_files_dir;  // canonical; "" = no agent files may be named
};

// Parses `text` and checks it against `limits`: time_ms above the cap, tt_mb above 256,
// threads above 4 or rollouts above 64 are errors naming the setting; a searching agent
// (mcts, alphabeta) without time_ms gets time_ms = the cap; checkpoint= and weights= must name
// a file inside the agent directory and become its full path. Throws hz::Error (a 400).
AgentSpec limited_agent_spec(const std::string& text, const AgentLimits& limits);

}  // namespace hz::serve
