#include "distributed/bench.h"

#include <chrono>
#include <cstdio>
#include <ostream>
#include <thread>

#include "distributed/actor.h"
#include "distributed/protocol.h"
#include "games/registry.h"
#include "search/evaluator_factory.h"
#include "selfplay/run_for.h"
#include "train/checkpoint.h"

namespace hz::dist {

namespace {

struct Phase {
  double seconds = 0;
  bool active = false, end = false;
  std::string published;  // encode_published
};

std::string encode_phase(const Phase& p) {
  ByteWriter w;
  w.f64(p.seconds).u64(p.active ? 1 : 0).u64(p.end ? 1 : 0).text(p.published);
  return w.take();
}

Phase decode_phase(const std::string& bytes) {
  ByteReader r(bytes, "rank 0's benchmark phase");
  Phase p;
  p.seconds = r.f64();
  p.active = r.u64() != 0;
  p.end = r.u64() != 0;
  p.published = r.text();
  r.finish();
  return p;
}

void print_rate(std::ostream& out, const std::string& label, const SelfPlayStats& s) {
  char line[160];
  std::snprintf(line, sizeof line, "  %-30s %9.2f %11.0f\n", label.c_str(), s.per_second(s.games),
                s.per_second(s.evaluations));
  out << line;
}

struct Received {
  long games = 0;
  uint64_t bytes = 0, samples = 0;
  std::vector<SelfPlayStats> by_rank;
  double wall = 0;
};

// Rank 0's side of one row: ranks 1..actors play for `seconds`; their games are taken here.
Received actors_row(MpiWorld& world, const AnyGame& game, int actors, double seconds,
                    const std::string& published) {
  ShardInfo info;
  info.game = game.full_name();
  info.observation = game.observation_shape();
  info.num_actions = game.num_actions();
  info.num_players = game.num_players();
  const auto start = std::chrono::steady_clock::now();
  for (int r = 1; r < world.size(); ++r) {
    Phase p;
    p.seconds = seconds;
    p.active = r <= actors;
    p.published = p.active ? published : "";
    world.send(r, kBenchPhase, encode_phase(p));
  }
  Received got;
  got.by_rank.resize(world.size());
  for (int left = actors; left > 0;) {
    const auto m = world.receive(MpiWorld::kAnySource, MpiWorld::kAnyTag, 4 * seconds + 60);
    if (!m) fail("rank 0: the actors sent nothing for ", 4 * seconds + 60, " s");
    if (m->tag == kGoodbye) {
      got.by_rank.at(m->from) = decode_stats("a goodbye", m->bytes);
      --left;
    } else if (m->tag == kGame) {
      got.samples += decode_game("a game", m->bytes, info).game.samples.size();
      ++got.games;
      got.bytes += m->bytes.size();
    } else {
      fail("rank 0: unexpected message tag ", m->tag, " from rank ", m->from);
    }
  }
  got.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return got;
}

void bench_rank0(MpiWorld& world, const RunConfig& cfg, std::shared_ptr<const Network> net,
                 double seconds, std::ostream& out) {
  auto game = make_game(cfg.game, cfg.game_options);
  EvaluatorSpec evaluator;
  evaluator.kind = "network";
  evaluator.network = std::make_shared<NetworkSlot>(net);
  evaluator.threads = cfg.selfplay_torch_threads;
  set_torch_threads(cfg.selfplay_torch_threads);
  const SelfPlayStats alone =
      run_selfplay_for(*game->make_selfplay(cfg.selfplay, evaluator), seconds);
  out << "self-play of " << game->full_name() << ": " << cfg.selfplay.threads << " thread(s) x "
      << cfg.selfplay.games_per_thread << " games per rank, " << cfg.selfplay.mcts.simulations
      << " simulations; " << seconds << " s per row\n";
  char head[100];
  std::snprintf(head, sizeof head, "  %-30s %9s %11s\n", "", "games/s", "evals/s");
  out << head;
  print_rate(out, "1 process (rank 0 alone)", alone);
  Published p;
  p.network = encode_network(*net);
  const std::string published = encode_published(p);
  Received all;
  for (int actors = 1; actors < world.size(); ++actors) {
    const Received row = actors_row(world, *game, actors, seconds, published);
    double total_games = 0, total_evals = 0;
    for (int r = 1; r <= actors; ++r) {
      print_rate(out, str_cat(actors, " actor rank(s): rank ", r), row.by_rank[r]);
      total_games += row.by_rank[r].per_second(row.by_rank[r].games);
      total_evals += row.by_rank[r].per_second(row.by_rank[r].evaluations);
    }
    char line[200];
    std::snprintf(line, sizeof line, "  %-30s %9.2f %11.0f   (rank 0 took %.2f games/s)\n",
                  str_cat(actors, " actor rank(s): total").c_str(), total_games, total_evals,
                  row.games / row.wall);
    out << line;
    all.games += row.games;
    all.bytes += row.bytes;
    all.samples += row.samples;
  }
  for (int r = 1; r < world.size(); ++r) {
    Phase end;
    end.end = true;
    world.send(r, kBenchPhase, encode_phase(end));
  }
  world.flush_sends(60);
  char line[240];
  std::snprintf(line, sizeof line,
                "messages: %.0f bytes per game (%.1f samples), %zu bytes per network broadcast\n",
                all.games ? double(all.bytes) / all.games : 0.0,
                all.games ? double(all.samples) / all.games : 0.0, published.size());
  out << line;
}

void bench_actor(MpiWorld& world, const RunConfig& cfg) {
  for (;;) {
    const Phase phase = decode_phase(world.receive(0, kBenchPhase, -1)->bytes);
    if (phase.end) return;
    if (!phase.active) continue;
    const Published p = decode_published(phase.published);
    auto slot = std::make_shared<NetworkSlot>(
        std::shared_ptr<const Network>(decode_network("rank 0's network", p.network, cfg.network)));
    ActorSelfPlay actor(world, cfg, slot, 0);
    const auto end =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(phase.seconds);
    actor.start();
    while (!actor.ended() && std::chrono::steady_clock::now() < end)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    actor.stop();
    world.send(0, kGoodbye, encode_stats(actor.stats()));
    world.flush_sends(60);
  }
}

}  // namespace

void run_selfplay_bench(MpiWorld& world, const RunConfig& config,
                        std::shared_ptr<const Network> network, double seconds, std::ostream& out) {
  world.set_learners(1);
  if (world.rank() == 0)
    bench_rank0(world, config, std::move(network), seconds, out);
  else
    bench_actor(world, config);
}

}  // namespace hz::dist
