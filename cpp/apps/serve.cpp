// hopzero serve: the browser board and its JSON API (cpp/serve/, web/, docs/serve.md).
#include <cstdio>

#include "apps/command.h"
#include "serve/server.h"

namespace hz::cli {
namespace {

int run_serve(Args& args) {
  serve::ServeOptions o;
  o.host = args.get("host", o.host);
  o.port = static_cast<int>(args.get_int("port", o.port, 0, 65535));
  o.records_dir = args.get_path("records");
  o.agents_dir = args.get_path("agents");
  o.web_dir = args.get("web", serve::default_web_dir());
  o.max_games = static_cast<size_t>(args.get_int("max-games", 32, 1, 100000));
  o.max_search_ms = args.get_int("max-search-ms", o.max_search_ms, 1, 600000);
  o.max_body_bytes = static_cast<size_t>(args.get_int("max-body", 1 << 20, 1024, 1L << 30));
  o.threads = static_cast<int>(args.get_int("threads", o.threads, 1, 256));
  args.finish();
  serve::run_server(o, [&](int port) {
    // One line that scripts (and the tests) read to learn the port.
    std::printf("hopzero serve: listening on http://%s:%d/\n", o.host.c_str(), port);
    std::fflush(stdout);
  });
  return 0;
}

}  // namespace

HZ_COMMAND("serve", "the browser board: play, analyse and replay games (docs/serve.md)",
           "[--host 127.0.0.1] [--port 8080] [--records DIR] [--agents DIR] [--web DIR]\n"
           "       [--max-games 32] [--max-search-ms 5000] [--max-body BYTES] [--threads 8]\n\n"
           "Open http://127.0.0.1:8080/ in a browser. --port 0 picks a free port. Records are\n"
           "listed, loaded and saved only in --records DIR; checkpoint= and weights= files of\n"
           "agent specs are read only from --agents DIR. Each search is capped at\n"
           "--max-search-ms; the server keeps the --max-games most recently used games.",
           run_serve);

}  // namespace hz::cli
