#include "distributed/actor.h"

#include <chrono>
#include <ostream>

#include "core/rng.h"
#include "distributed/protocol.h"
#include "games/registry.h"
#include "search/evaluator_factory.h"
#include "train/checkpoint.h"

namespace hz::dist {

ActorSelfPlay::ActorSelfPlay(MpiWorld& world, const RunConfig& config,
                             std::shared_ptr<const NetworkSlot> slot, uint64_t first_game_id)
    : world_(world), cfg_(config), game_(make_game(config.game, config.game_options)) {
  info_.game = game_->full_name();
  info_.observation = game_->observation_shape();
  info_.num_actions = game_->num_actions();
  info_.num_players = game_->num_players();
  SelfPlayOptions options = config.selfplay;
  options.seed = zobrist_key(config.seed, static_cast<uint64_t>(world.rank()), 0xac7025);
  options.first_game_id = first_game_id;
  options.max_games = 0;
  EvaluatorSpec evaluator;
  evaluator.kind = "network";
  evaluator.network = std::move(slot);
  evaluator.threads = config.selfplay_torch_threads;
  runner_ = game_->make_selfplay(options, evaluator);
}

ActorSelfPlay::~ActorSelfPlay() {
  stopping_ = true;
  if (runner_) runner_->stop();
  if (thread_.joinable()) thread_.join();
}

void ActorSelfPlay::start() {
  thread_ = std::thread([this] {
    try {
      runner_->run([this](FinishedGame&& g) { send_game(std::move(g)); });
    } catch (...) {
      error_ = std::current_exception();
    }
    ended_ = true;
  });
}

void ActorSelfPlay::stop() {
  stopping_ = true;
  runner_->stop();
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
}

// Called by the runner, one game at a time: waits while too many games are in flight (rank 0 is
// not taking them), unless self-play is stopping (rank 0 takes every game before the goodbye).
void ActorSelfPlay::send_game(FinishedGame&& g) {
  std::string bytes = encode_game(info_, g, runner_->stats());
  const size_t limit = static_cast<size_t>(cfg_.distributed.games_in_flight);
  while (!stopping_ && world_.sends_in_flight() >= limit)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  bytes_sent_ += bytes.size();
  world_.send(0, kGame, std::move(bytes));
  ++games_sent_;
}

namespace {

std::shared_ptr<const Network> network_of(const Published& p, const RunConfig& config) {
  return decode_network(str_cat("rank 0's network ", p.version), p.network, config.network);
}

}  // namespace

SelfPlayStats run_actor(MpiWorld& world, const RunConfig& config, std::ostream& out) {
  const std::string first = *world.poll_published(-1);
  if (first.empty()) {  // the run ended before self-play started
    world.send(0, kGoodbye, encode_stats(SelfPlayStats{}));
    world.flush_sends(config.distributed.drain_timeout_s);
    return SelfPlayStats{};
  }
  const Published p = decode_published(first);
  auto slot = std::make_shared<NetworkSlot>(network_of(p, config));
  ActorSelfPlay actor(world, config, slot, p.next_game_id);
  out << "rank " << world.rank() << ": self-play actor, " << config.selfplay.threads
      << " thread(s) x " << config.selfplay.games_per_thread << " games" << std::endl;
  actor.start();
  while (!actor.ended()) {
    const std::optional<std::string> next = world.poll_published(0.05);
    if (!next) continue;
    if (next->empty()) break;
    slot->publish(network_of(decode_published(*next), config));
  }
  actor.stop();
  const SelfPlayStats stats = actor.stats();
  world.send(0, kGoodbye, encode_stats(stats));
  if (!world.flush_sends(config.distributed.drain_timeout_s))
    out << "warning: rank " << world.rank() << ": rank 0 did not take the last games within "
        << "distributed.drain_timeout_s" << std::endl;
  out << "rank " << world.rank() << ": self-play actor done, " << actor.games_sent()
      << " games sent" << std::endl;
  return stats;
}

}  // namespace hz::dist
