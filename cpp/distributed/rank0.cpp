#include "distributed/rank0.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <ostream>
#include <thread>

#include "core/error.h"
#include "distributed/learner.h"
#include "distributed/protocol.h"
#include "games/registry.h"
#include "train/checkpoint.h"

namespace hz::dist {

class RankTally {
 public:
  explicit RankTally(int ranks) : games_(ranks, 0), stats_(ranks) {}
  void game(int rank, const SelfPlayStats& s) {
    std::lock_guard<std::mutex> lock(mu_);
    ++games_.at(rank);
    stats_.at(rank) = s;
  }
  void goodbye(int rank, const SelfPlayStats& s) {
    std::lock_guard<std::mutex> lock(mu_);
    stats_.at(rank) = s;
  }
  std::vector<long> games() const {
    std::lock_guard<std::mutex> lock(mu_);
    return games_;
  }
  SelfPlayStats total() const {  // the actors' latest statistics, summed
    std::lock_guard<std::mutex> lock(mu_);
    SelfPlayStats sum;
    for (const SelfPlayStats& s : stats_) add_stats(sum, s);
    return sum;
  }

 private:
  mutable std::mutex mu_;
  std::vector<long> games_;
  std::vector<SelfPlayStats> stats_;
};

namespace {

// Rank 0's self-play: the actors' games (RunCluster::make_selfplay).
class RemoteSelfPlay final : public SelfPlayRunner {
 public:
  RemoteSelfPlay(MpiWorld& world, const AnyGame& game, const SelfPlayOptions& options,
                 std::shared_ptr<const NetworkSlot> slot, std::shared_ptr<RankTally> tally,
                 double drain_timeout_s, std::ostream& out)
      : world_(world),
        slot_(std::move(slot)),
        tally_(std::move(tally)),
        next_id_(options.first_game_id),
        max_games_(options.max_games),
        drain_timeout_s_(drain_timeout_s),
        out_(out),
        gone_(world.size(), false) {
    info_.game = game.full_name();
    info_.observation = game.observation_shape();
    info_.num_actions = game.num_actions();
    info_.num_players = game.num_players();
  }

  void run(const GameCallback& on_game) override {
    while (!stop_ && actors_left() > 0 && !(max_games_ > 0 && received_ >= max_games_)) {
      publish_if_new();
      if (auto m = world_.receive(MpiWorld::kAnySource, MpiWorld::kAnyTag, 0.005))
        take(*m, on_game);
    }
    shut_down(on_game);
  }
  void stop() override { stop_ = true; }
  SelfPlayStats stats() const override { return tally_->total(); }

 private:
  int actors_left() const {
    int n = 0;
    for (int r = world_.learners(); r < world_.size(); ++r) n += gone_[r] ? 0 : 1;
    return n;
  }

  void publish_if_new() {
    const long version = slot_->version();
    if (version == published_) return;
    published_ = version;
    Published p;
    p.version = version;
    p.next_game_id = next_id_;
    p.network = encode_network(*slot_->get());
    world_.publish(encode_published(p));
  }

  void take(const MpiWorld::Message& m, const GameCallback& on_game) {
    if (m.from < world_.learners() || gone_[m.from])
      fail("rank 0: unexpected message (tag ", m.tag, ") from rank ", m.from);
    if (m.tag == kGoodbye) {
      tally_->goodbye(m.from, decode_stats(str_cat("rank ", m.from, "'s goodbye"), m.bytes));
      gone_[m.from] = true;
      return;
    }
    if (m.tag != kGame) fail("rank 0: unexpected message tag ", m.tag, " from rank ", m.from);
    ReceivedGame r = decode_game(str_cat("game from rank ", m.from), m.bytes, info_);
    // Numbered as local self-play numbers its games: in the order they finish (here: arrive).
    r.game.game_id = next_id_++;
    for (Sample& s : r.game.samples) s.game_id = r.game.game_id;
    ++received_;
    tally_->game(m.from, r.stats);
    on_game(std::move(r.game));
  }

  // Tells the actors to stop and takes their last games until each has said goodbye.
  void shut_down(const GameCallback& on_game) {
    world_.publish(std::string());
    const auto end =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(drain_timeout_s_);
    while (actors_left() > 0 && std::chrono::steady_clock::now() < end)
      if (auto m = world_.receive(MpiWorld::kAnySource, MpiWorld::kAnyTag, 0.05)) take(*m, on_game);
    if (actors_left() > 0) {
      out_ << "warning: rank 0: rank(s)";
      for (int r = world_.learners(); r < world_.size(); ++r)
        if (!gone_[r]) out_ << " " << r;
      out_ << " did not send their last games within distributed.drain_timeout_s = "
           << drain_timeout_s_ << " s; going on without them\n";
    }
    while (world_.publishing() && std::chrono::steady_clock::now() < end)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }

  MpiWorld& world_;
  std::shared_ptr<const NetworkSlot> slot_;
  std::shared_ptr<RankTally> tally_;
  ShardInfo info_;
  uint64_t next_id_;
  int64_t max_games_, received_ = 0;
  double drain_timeout_s_;
  std::ostream& out_;
  std::vector<bool> gone_;
  long published_ = -1;
  std::atomic<bool> stop_{false};
};

}  // namespace

Rank0Cluster::Rank0Cluster(MpiWorld& world, const RunConfig& config, std::ostream& out)
    : world_(world),
      cfg_(config),
      out_(out),
      game_(make_game(config.game, config.game_options)),
      tally_(std::make_shared<RankTally>(world.size())) {}

Rank0Cluster::~Rank0Cluster() = default;

std::unique_ptr<SelfPlayRunner> Rank0Cluster::make_selfplay(
    const SelfPlayOptions& options, std::shared_ptr<const NetworkSlot> slot) {
  HZ_CHECK(!selfplay_started_, "rank 0's self-play starts once");
  selfplay_started_ = true;
  return std::make_unique<RemoteSelfPlay>(world_, *game_, options, std::move(slot), tally_,
                                          cfg_.distributed.drain_timeout_s, out_);
}

std::vector<long> Rank0Cluster::games_by_rank() const {
  return tally_->games();
}

void Rank0Cluster::start_learners(Trainer& trainer) {
  if (world_.learners() == 1) return;
  const std::string state = encode_checkpoint(trainer, CheckpointMeta{});
  for (int r = 1; r < world_.learners(); ++r) world_.send(r, kLearnerState, state);
  trainer.set_gradient_reducer(mean_over_learners(world_));
}

TrainStats Rank0Cluster::train_step(Trainer& trainer, const std::vector<TrainBatch>& batches,
                                    double progress) {
  HZ_CHECK(static_cast<int>(batches.size()) == world_.learners(), batches.size(),
           " minibatches for ", world_.learners(), " learners");
  for (int r = 1; r < world_.learners(); ++r)
    world_.send(r, kLearnerBatch, encode_batch(batches[r], progress));
  return trainer.train_step(batches[0], progress);
}

void Rank0Cluster::finish() {
  if (finished_) return;
  finished_ = true;
  for (int r = 1; r < world_.learners(); ++r) world_.send(r, kLearnerStop, std::string());
  if (!selfplay_started_ && world_.learners() < world_.size()) {
    // The actors wait for a first network: a stop instead, and their goodbyes.
    SelfPlayOptions none;
    auto runner = make_selfplay(none, std::make_shared<NetworkSlot>());
    runner->stop();
    runner->run([](FinishedGame&&) {});
  }
  if (!world_.flush_sends(cfg_.distributed.drain_timeout_s))
    out_ << "warning: rank 0: the learners did not take rank 0's last messages within "
            "distributed.drain_timeout_s\n";
}

}  // namespace hz::dist
