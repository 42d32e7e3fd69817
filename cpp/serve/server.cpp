#include "serve/server.h"

#include <httplib.h>

#include <atomic>
#include <filesystem>

#include "core/dir_listing.h"
#include "core/files.h"
#include "eval/record.h"
#include "games/registry.h"
#include "serve/http_error.h"
#include "serve/json_views.h"
#include "serve/records_dir.h"
#include "serve/session.h"

namespace hz::serve {

using nlohmann::json;

namespace {

// --- Requests: bodies and fields, each checked with a message naming the field. ---

json body_of(const httplib::Request& req) {
  if (req.body.empty()) return json::object();
  json body = json::parse(req.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) fail("the request body is not valid JSON");
  if (!body.is_object()) fail("the request body must be a JSON object, not ", body.type_name());
  return body;
}

const json* field(const json& body, const char* key) {
  auto it = body.find(key);
  return it == body.end() || it->is_null() ? nullptr : &*it;
}

std::string string_field(const json& body, const char* key, const std::string& def = "",
                         bool required = false) {
  const json* v = field(body, key);
  if (!v) {
    if (required) fail("field '", key, "' is missing");
    return def;
  }
  if (!v->is_string()) fail("field '", key, "' must be a string, not ", v->type_name());
  return v->get<std::string>();
}

long int_field(const json& body, const char* key, long def, long lo, long hi) {
  const json* v = field(body, key);
  if (!v) return def;
  if (!v->is_number_integer()) fail("field '", key, "' must be an integer, not ", v->type_name());
  const long x = v->get<long>();
  if (x < lo || x > hi) fail("field '", key, "' = ", x, " is out of range [", lo, ", ", hi, "]");
  return x;
}

// {"size": 8, "huffing": true, "diagonals": "even"} -> rule options (values as text).
GameOptions options_field(const json& body) {
  GameOptions options;
  const json* v = field(body, "options");
  if (!v) return options;
  if (!v->is_object()) fail("field 'options' must be an object of option names to values");
  for (const auto& [key, value] : v->items()) {
    if (value.is_string())
      options.set(key, value.get<std::string>());
    else if (value.is_boolean())
      options.set(key, value.get<bool>() ? "true" : "false");
    else if (value.is_number_integer())
      options.set(key, std::to_string(value.get<long>()));
    else
      fail("option '", key, "' must be a string, integer or boolean, not ", value.type_name());
  }
  return options;
}

std::vector<std::string> seats_field(const json& body, int players) {
  const json* v = field(body, "seats");
  if (!v) {
    std::vector<std::string> seats(players, "random");
    seats[0] = "human";
    return seats;
  }
  if (!v->is_array()) fail("field 'seats' must be an array of 'human' or agent specs");
  std::vector<std::string> seats;
  for (const json& s : *v) {
    if (!s.is_string()) fail("each seat must be a string ('human' or an agent spec)");
    seats.push_back(s.get<std::string>());
  }
  return seats;
}

// --- Answers. ---

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, status, json{{"error", message}, {"status", status}});
}

const char* content_type(const std::string& file) {
  if (file.ends_with(".html")) return "text/html; charset=utf-8";
  if (file.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (file.ends_with(".css")) return "text/css; charset=utf-8";
  return "text/plain; charset=utf-8";
}

class Api {
 public:
  explicit Api(const ServeOptions& o)
      : options_(o),
        store_(o.max_games),
        records_(o.records_dir.empty() ? RecordsDir() : RecordsDir(o.records_dir)) {
    limits_.max_search_ms = o.max_search_ms;
    if (!o.agents_dir.empty()) limits_.agent_files_dir = canonical_dir(o.agents_dir, "--agents");
    if (!path_exists(o.web_dir + "/index.html"))
      fail("--web '", o.web_dir, "': no index.html there (the page is in web/ of the source tree)");
  }

  void install(httplib::Server& server);

 private:
  void install_page(httplib::Server& server);        // the page's files
  void install_calls(httplib::Server& server);       // catalog, new games, records
  void install_game_calls(httplib::Server& server);  // /api/game/<id>/...
  void install_guards(httplib::Server& server);      // limits, error answers, threads
  using Handler = std::function<json(const httplib::Request&)>;
  using SessionHandler = std::function<json(Session&, int64_t id, const json& body)>;
  // Wraps a handler: JSON in, JSON out, every error a JSON answer with its status.
  static httplib::Server::Handler api(Handler handler);
  // The session of /api/game/<id>/...; HttpError 404 when there is none.
  std::shared_ptr<Session> session_of(const httplib::Request& req, int64_t* id);
  // /api/game/<id>/<verb>: the session locked for the handler.
  httplib::Server::Handler on_session(SessionHandler handler);

  json catalog() const;
  json variant(const json& body) const;
  json new_game(const json& body);
  json hint(Session& s, const json& body) const;
  json load_record(const json& body);
  uint64_t next_seed() { return seed_counter_.fetch_add(1) * 1000003ULL + 17; }

  ServeOptions options_;
  AgentLimits limits_;
  SessionStore store_;
  RecordsDir records_;
  std::atomic<uint64_t> seed_counter_{1};
};

httplib::Server::Handler Api::api(Handler handler) {
  return [handler](const httplib::Request& req, httplib::Response& res) {
    try {
      send_json(res, 200, handler(req));
    } catch (const HttpError& e) {
      send_error(res, e.status(), e.what());
    } catch (const Error& e) {
      send_error(res, 400, e.what());
    } catch (const json::exception& e) {
      send_error(res, 400, str_cat("bad request: ", e.what()));
    } catch (const std::exception& e) {
      send_error(res, 500, str_cat("internal error: ", e.what()));
    }
  };
}

std::shared_ptr<Session> Api::session_of(const httplib::Request& req, int64_t* id) {
  const std::string id_text = req.matches[1];
  if (id_text.size() > 15) fail_with(404, "no live game ", id_text);
  *id = std::stoll(id_text);
  return store_.get(*id);
}

httplib::Server::Handler Api::on_session(SessionHandler handler) {
  return api([this, handler](const httplib::Request& req) {
    int64_t id = 0;
    std::shared_ptr<Session> session = session_of(req, &id);
    const json body = body_of(req);
    std::lock_guard<std::mutex> lock(session->mutex);
    return handler(*session, id, body);
  });
}

json Api::catalog() const {
  json games = json::array();
  for (const std::string& name : game_names()) {
    const GameInfo& info = game_info(name);
    games.push_back({{"name", name}, {"description", info.description}, {"options", info.options}});
  }
  return {{"games", games},
          {"agent_kinds", {"human", "random", "greedy", "alphabeta", "mcts"}},
          {"limits",
           {{"max_search_ms", options_.max_search_ms},
            {"max_games", options_.max_games},
            {"max_body_bytes", options_.max_body_bytes}}},
          {"records_dir", records_.enabled()},
          {"agents_dir", !limits_.agent_files_dir.empty()}};
}

json Api::variant(const json& body) const {
  auto game = make_game(string_field(body, "game", "", true), options_field(body));
  return {{"game", game->name()},
          {"full_name", game->full_name()},
          {"options", game->options().values()},
          {"num_players", game->num_players()},
          {"geometry", board_geometry(*game)}};
}

json Api::new_game(const json& body) {
  auto game = make_game(string_field(body, "game", "", true), options_field(body));
  const auto seed = static_cast<uint64_t>(
      int_field(body, "seed", static_cast<long>(next_seed() % (1L << 40)), 0, 1L << 62));
  auto session = std::make_shared<Session>(game, game->new_initial_state(),
                                           seats_field(body, game->num_players()), limits_, seed);
  const std::string position = string_field(body, "position");
  if (!position.empty()) session->set_position(position);
  const int64_t id = store_.add(session);
  std::lock_guard<std::mutex> lock(session->mutex);
  return session->view(id, true);
}

json Api::hint(Session& s, const json& body) const {
  if (s.over()) fail_with(409, "the game is over: there is nothing to search");
  const AgentSpec spec = limited_agent_spec(string_field(body, "agent", "mcts:sims=400"), limits_);
  if (spec.kind == "human") fail("a hint needs an agent, not 'human'");
  auto agent = s.game().make_agent(spec, 1);
  const Action chosen = agent->select_action(s.state());
  json out = search_json(s.state(), chosen, agent->last_search());
  out["agent"] = spec.to_string();
  return out;
}

json Api::load_record(const json& body) {
  const std::string name = string_field(body, "name"), text = string_field(body, "text");
  if (name.empty() == text.empty())
    fail("give either 'name' (a record in the records directory) or 'text' (a pasted record)");
  const GameRecord record = name.empty() ? parse_record(text, "<pasted record>")
                                         : parse_record(records_.read(name), name);
  std::shared_ptr<Session> session = Session::from_record(record, limits_, next_seed());
  const int64_t id = store_.add(session);
  std::lock_guard<std::mutex> lock(session->mutex);
  json view = session->view(id, true);
  view["record_players"] = record.players;
  return view;
}

void Api::install(httplib::Server& server) {
  install_page(server);
  install_calls(server);
  install_game_calls(server);
  install_guards(server);
}

void Api::install_page(httplib::Server& server) {
  const std::string web = options_.web_dir;
  auto page_file = [web](const std::string& file) {
    return [web, file](const httplib::Request&, httplib::Response& res) {
      try {
        res.set_content(read_file(web + "/" + file), content_type(file));
      } catch (const Error& e) {
        send_error(res, 404, e.what());
      }
    };
  };
  server.Get("/", page_file("index.html"));
  for (const char* file : {"index.html", "app.js", "board.js", "style.css"})
    server.Get(std::string("/") + file, page_file(file));
}

void Api::install_calls(httplib::Server& server) {
  server.Get("/api/catalog", api([this](const httplib::Request&) { return catalog(); }));
  server.Post("/api/variant",
              api([this](const httplib::Request& r) { return variant(body_of(r)); }));
  server.Post("/api/new", api([this](const httplib::Request& r) { return new_game(body_of(r)); }));
  server.Get("/api/records", api([this](const httplib::Request&) {
               return json{{"records", records_.list()}};
             }));
  server.Post("/api/records/load",
              api([this](const httplib::Request& r) { return load_record(body_of(r)); }));
}

void Api::install_game_calls(httplib::Server& server) {
  const std::string game = R"(/api/game/(\d+))";
  server.Get(game, api([this](const httplib::Request& req) {
               int64_t id = 0;
               auto session = session_of(req, &id);
               std::lock_guard<std::mutex> lock(session->mutex);
               return session->view(id, req.has_param("geometry"));
             }));
  server.Get(game + "/record", on_session([](Session& s, int64_t, const json&) {
               return json{{"text", format_record(s.game(), s.record())}};
             }));
  server.Post(game + "/play", on_session([](Session& s, int64_t id, const json& body) {
                const json* action = field(body, "action");
                const std::string text = string_field(body, "text");
                if (!action == text.empty())
                  fail("give either 'action' (an action id) or 'text' (one action in notation)");
                if (action && !action->is_number_integer())
                  fail("field 'action' must be an integer action id");
                if (action)
                  s.play(action->get<int>());
                else
                  s.play(text);
                return s.view(id, false);
              }));
  server.Post(game + "/advance", on_session([](Session& s, int64_t id, const json&) {
                const int mover = s.state().current_player();
                auto before = s.state().clone();  // the action's notation is read here
                const Action played = s.advance();
                json view = s.view(id, false);
                view["played"] = {
                    {"id", played}, {"player", mover}, {"text", before->action_to_string(played)}};
                return view;
              }));
  server.Post(game + "/undo", on_session([](Session& s, int64_t id, const json&) {
                s.undo();
                return s.view(id, false);
              }));
  server.Post(game + "/goto", on_session([](Session& s, int64_t id, const json& body) {
                s.go_to(int_field(body, "ply", -1, 0, 1L << 30));
                return s.view(id, false);
              }));
  server.Post(game + "/resign", on_session([](Session& s, int64_t id, const json&) {
                s.resign();
                return s.view(id, false);
              }));
  server.Post(game + "/seats", on_session([this](Session& s, int64_t id, const json& body) {
                s.set_seats(seats_field(body, s.game().num_players()), limits_);
                return s.view(id, false);
              }));
  server.Post(game + "/position", on_session([](Session& s, int64_t id, const json& body) {
                s.set_position(string_field(body, "text", "", true));
                return s.view(id, false);
              }));
  server.Post(game + "/hint",
              on_session([this](Session& s, int64_t, const json& body) { return hint(s, body); }));
  server.Post(
      game + "/save", on_session([this](Session& s, int64_t, const json& body) {
        const std::string text = format_record(s.game(), s.record());
        return json{{"saved", records_.write_new(string_field(body, "name", "", true), text)}};
      }));
}

void Api::install_guards(httplib::Server& server) {
  // Answers httplib gives by itself (no such route, a body over the limit, a malformed
  // request) get a JSON message too; answers from the handlers above keep theirs.
  server.set_error_handler(
      httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        std::string message = str_cat("HTTP ", res.status);
        if (res.status == 404)
          message = str_cat("no such page or API call: ", req.method, " ", req.path);
        if (res.status == 413) message = "the request body is larger than this server accepts";
        send_error(res, res.status, message);
        return httplib::Server::HandlerResponse::Handled;
      }));
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                  std::exception_ptr) { send_error(res, 500, "internal error"); });
  server.set_payload_max_length(options_.max_body_bytes);
  const int threads = options_.threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
}

}  // namespace

std::string default_web_dir() {
  return HZ_WEB_DIR;  // set by CMakeLists.txt
}

void run_server(const ServeOptions& options, const std::function<void(int port)>& on_listening) {
  if (options.max_games < 1) fail("--max-games must be at least 1");
  if (options.max_search_ms < 1) fail("--max-search-ms must be at least 1");
  Api api(options);
  httplib::Server server;
  api.install(server);
  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
    if (port < 0) fail("cannot bind to ", options.host, " on any port");
  } else if (!server.bind_to_port(options.host, port)) {
    fail("cannot bind to ", options.host, ":", port, " (in use, or not an address here?)");
  }
  on_listening(port);
  if (!server.listen_after_bind())
    fail("the server stopped listening on ", options.host, ":", port);
}

}  // namespace hz::serve
