// hopzero serve: the browser board (web/) and its JSON API (docs/serve.md) on cpp-httplib.
//
// Safety: binds 127.0.0.1 unless told otherwise; every request body is size-limited and
// validated, and every error is a 4xx (or 5xx) answer with {"error": message}, never a crash;
// live games are bounded (least recently used forgotten first); each search is bounded in time
// (serve/agent_limits.h); files are read and written only inside --records DIR (records) and
// --agents DIR (checkpoint= and weights= files of agent specs), besides the page's own files.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace hz::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;          // 0: any free port (reported to on_listening)
  std::string records_dir;  // "" = none
  std::string agents_dir;   // "" = none
  std::string web_dir;      // the page's files (index.html, app.js, style.css)
  size_t max_games = 32;
  long max_search_ms = 5000;
  size_t max_body_bytes = 1 << 20;
  int threads = 8;  // request threads
};

// The page's folder in the source tree this program was built from (web/).
std::string default_web_dir();

// Serves until the process is stopped. Throws hz::Error for bad options or a port that cannot
// be bound. `on_listening` is called with the bound port before requests are served.
void run_server(const ServeOptions& options, const std::function<void(int port)>& on_listening);

}  // namespace hz::serve
