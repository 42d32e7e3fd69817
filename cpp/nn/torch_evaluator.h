// TorchEvaluator<G>: the Evaluator<G> (nn/evaluator.h) backed by a Network (nn/network.h).
//
// For a batch of states it writes each state's canonical observation into one buffer, runs the
// network once, gathers the logits at state.policy_index(a) for each legal action a (so the
// softmax that search takes is over legal actions only) and maps the seat values back to
// absolute players (from_seats). LibTorch stays behind Network: this header does not include it.
//
// The network comes from a NetworkSlot, which a trainer may republish at any time: each
// evaluate() call takes the newest network once and uses it for the whole batch.
//
// Threads: one TorchEvaluator per thread (it owns its buffers); any number of evaluators may
// share one slot and one network. Buffers grow to the largest batch seen and are then reused, so
// evaluate() allocates nothing after warm-up.
//
// make_checkpoint_evaluator<G>(game, path, threads) is the hook that search/evaluator_factory.h
// calls for evaluator=checkpoint: it loads the network of a checkpoint (nn/checkpoint_file.h),
// checks that it was trained for this game variant, and sets the calling thread's LibTorch
// intra-op threads to `threads` (the evaluator is built on the thread that will use it). It also
// lowers the process's OpenBLAS pool to `threads` (nn/network.h cap_blas_threads).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "games/seats.h"
#include "nn/checkpoint_file.h"
#include "nn/evaluator.h"
#include "nn/network.h"

namespace hz {

// The newest published network, shared between a trainer (writer) and evaluators (readers).
class NetworkSlot {
 public:
  NetworkSlot() = default;
  explicit NetworkSlot(std::shared_ptr<const Network> net) : net_(std::move(net)) {}
  void publish(std::shared_ptr<const Network> net) {
    std::lock_guard<std::mutex> lock(mu_);
    net_ = std::move(net);
    ++version_;
  }
  std::shared_ptr<const Network> get() const {
    std::lock_guard<std::mutex> lock(mu_);
    return net_;
  }
  long version() const {
    std::lock_guard<std::mutex> lock(mu_);
    return version_;
  }

 private:
  mutable std::mutex mu_;
  std::shared_ptr<const Network> net_;
  long version_ = 0;
};

template <class G>
class TorchEvaluator final : public Evaluator<G> {
 public:
  TorchEvaluator(const G& game, std::shared_ptr<const NetworkSlot> slot)
      : slot_(std::move(slot)),
        obs_size_(game.observation_shape().size()),
        num_players_(game.num_players()) {
    const auto net = slot_->get();
    if (!net) fail("torch evaluator: no network published");
    check_matches(game, net->config());
  }

  std::string name() const override { return "torch"; }

  void evaluate(EvalItem<G>* items, int count) override {
    if (count <= 0) return;
    const std::shared_ptr<const Network> net = slot_->get();
    grow(observations_, static_cast<size_t>(count) * obs_size_);
    grow(row_offsets_, static_cast<size_t>(count) + 1);
    grow(seat_values_, static_cast<size_t>(count) * num_players_);
    size_t total = 0;
    for (int i = 0; i < count; ++i) total += items[i].legal->size();
    grow(indices_, total);
    grow(gathered_, total);

    int32_t offset = 0;
    for (int i = 0; i < count; ++i) {
      const auto& state = *items[i].state;
      state.observation(observations_.data() + static_cast<size_t>(i) * obs_size_);
      row_offsets_[i] = offset;
      for (Action a : *items[i].legal) indices_[offset++] = state.policy_index(a);
    }
    row_offsets_[count] = offset;

    net->forward_gather(observations_.data(), count, row_offsets_.data(), indices_.data(),
                        gathered_.data(), seat_values_.data());

    for (int i = 0; i < count; ++i) {
      const int n = items[i].legal->size();
      std::copy(gathered_.data() + row_offsets_[i], gathered_.data() + row_offsets_[i] + n,
                items[i].logits);
      PlayerValues seats{};
      for (int k = 0; k < num_players_; ++k)
        seats[k] = seat_values_[static_cast<size_t>(i) * num_players_ + k];
      *items[i].values = from_seats(seats, items[i].state->current_player(), num_players_);
    }
  }

  static void check_matches(const G& game, const NetworkConfig& c) {
    if (!(c.observation == game.observation_shape()) || c.num_actions != game.num_actions() ||
        c.num_players != game.num_players())
      fail("network (", c.to_string(), ") does not fit game '", game.name(), "' (observation ",
           game.observation_shape().planes, "x", game.observation_shape().height, "x",
           game.observation_shape().width, ", ", game.num_actions(), " actions, ",
           game.num_players(), " players)");
  }

 private:
  template <class T>
  static void grow(std::vector<T>& v, size_t n) {
    if (v.size() < n) v.resize(n);
  }

  std::shared_ptr<const NetworkSlot> slot_;
  int obs_size_;
  int num_players_;
  std::vector<float> observations_, seat_values_, gathered_;
  std::vector<int32_t> row_offsets_, indices_;
};

// Sets the calling thread's LibTorch intra-op threads to `threads`: factories build evaluators on
// the thread that will use them.
template <class G>
std::unique_ptr<Evaluator<G>> make_network_evaluator(const G& game,
                                                     std::shared_ptr<const NetworkSlot> slot,
                                                     int threads) {
  if (!slot) fail("network evaluator: no network slot given");
  set_torch_threads_for_this_thread(threads);
  return std::make_unique<TorchEvaluator<G>>(game, std::move(slot));
}

// `count` evaluators (one per search thread) on one copy of a checkpoint's network.
template <class G>
std::vector<std::unique_ptr<Evaluator<G>>> make_checkpoint_evaluators(const G& game,
                                                                      const std::string& path,
                                                                      int threads, int count) {
  CheckpointMeta meta;
  std::shared_ptr<const Network> net = load_checkpoint_network(path, &meta);
  if (meta.game != game.name() || meta.game_options != game.options().to_string())
    fail("checkpoint '", path, "' was trained for ", meta.game, "(", meta.game_options,
         "), not for ", game.name(), "(", game.options().to_string(), ")");
  const auto slot = std::make_shared<const NetworkSlot>(std::move(net));
  // Play-time agents run one search per core: the process's BLAS pool must not outgrow that.
  cap_blas_threads(threads);
  std::vector<std::unique_ptr<Evaluator<G>>> out;
  for (int i = 0; i < count; ++i) out.push_back(make_network_evaluator<G>(game, slot, threads));
  return out;
}

template <class G>
std::unique_ptr<Evaluator<G>> make_checkpoint_evaluator(const G& game, const std::string& path,
                                                        int threads) {
  return std::move(make_checkpoint_evaluators<G>(game, path, threads, 1).front());
}

}  // namespace hz
