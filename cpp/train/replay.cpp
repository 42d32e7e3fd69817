#include "train/replay.h"

#include <algorithm>

#include "core/error.h"

namespace hz {

void complete_policy_support(const AnyGame& game, FinishedGame& finished) {
  std::vector<Sample*> by_ply;
  for (Sample& s : finished.samples) {
    if (s.ply < 0 || s.ply > static_cast<int>(finished.actions.size()))
      fail("game ", finished.game_id, ": sample at ply ", s.ply, " is past the game's ",
           finished.actions.size(), " actions");
    if (static_cast<int>(by_ply.size()) <= s.ply) by_ply.resize(s.ply + 1, nullptr);
    by_ply[s.ply] = &s;
  }
  std::unique_ptr<AnyState> state = game.new_initial_state();
  for (size_t ply = 0; ply <= finished.actions.size(); ++ply) {
    if (ply < by_ply.size() && by_ply[ply]) {
      Sample& s = *by_ply[ply];
      if (state->move_number() != s.ply || state->current_player() != s.player)
        fail("game ", finished.game_id, ": sample at ply ", s.ply,
             " does not match the replayed position");
      for (Action a : state->legal_actions()) {
        const int32_t index = state->policy_index(a);
        const bool present = std::any_of(s.policy.begin(), s.policy.end(),
                                         [&](const auto& e) { return e.first == index; });
        if (!present) s.policy.emplace_back(index, 0.0f);
      }
    }
    if (ply < finished.actions.size()) state->apply(finished.actions[ply]);
  }
}

ReplayWindow::ReplayWindow(const AnyGame& game, size_t capacity)
    : game_(game), capacity_(capacity) {
  if (capacity == 0) fail("replay window capacity must be positive");
}

void ReplayWindow::add_game(const FinishedGame& finished) {
  add_samples(finished.samples);
}

void ReplayWindow::add_samples(const std::vector<Sample>& samples) {
  const size_t obs = game_.observation_shape().size();
  std::lock_guard<std::mutex> lock(mu_);
  for (const Sample& s : samples) {
    if (s.observation.size() != obs)
      fail("replay window: sample with ", s.observation.size(), " observation floats, expected ",
           obs);
    if (s.policy.empty()) fail("replay window: sample of game ", s.game_id, " has no policy");
    samples_.push_back(s);
    ++total_added_;
  }
  while (samples_.size() > capacity_) samples_.pop_front();
}

size_t ReplayWindow::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return samples_.size();
}

uint64_t ReplayWindow::total_added() const {
  std::lock_guard<std::mutex> lock(mu_);
  return total_added_;
}

TrainBatch ReplayWindow::sample_batch(int batch_size, Rng& rng, bool augment,
                                      double search_value_weight) const {
  if (!(search_value_weight >= 0.0 && search_value_weight <= 1.0))
    fail("replay window: search value weight must be in [0, 1], not ", search_value_weight);
  const float w = static_cast<float>(search_value_weight);
  const int obs = game_.observation_shape().size(), players = game_.num_players();
  const int symmetries = augment ? game_.num_symmetries() : 1;
  TrainBatch b;
  b.size = batch_size;
  b.observations.resize(static_cast<size_t>(batch_size) * obs);
  b.values.resize(static_cast<size_t>(batch_size) * players);
  b.policy_weights.resize(batch_size);
  b.policy_offsets.reserve(batch_size + 1);
  std::lock_guard<std::mutex> lock(mu_);
  if (samples_.empty()) fail("cannot draw a minibatch from an empty replay window");
  for (int i = 0; i < batch_size; ++i) {
    const Sample& s = samples_[rng.uniform_int(static_cast<uint32_t>(samples_.size()))];
    const int sym = symmetries > 1 ? static_cast<int>(rng.uniform_int(symmetries)) : 0;
    float* out = b.observations.data() + static_cast<size_t>(i) * obs;
    if (sym == 0)
      std::copy(s.observation.begin(), s.observation.end(), out);
    else
      game_.transform_observation(sym, s.observation.data(), out);
    for (int k = 0; k < players; ++k)
      b.values[static_cast<size_t>(i) * players + k] =
          w == 0.0f ? s.value[k] : (1.0f - w) * s.value[k] + w * s.search_value[k];
    b.policy_weights[i] = s.policy_target ? 1.0f : 0.0f;
    b.policy_offsets.push_back(static_cast<int32_t>(b.policy_indices.size()));
    for (const auto& [index, share] : s.policy) {
      b.policy_indices.push_back(sym == 0 ? index : game_.transform_policy_index(sym, index));
      b.policy_targets.push_back(share);
    }
  }
  b.policy_offsets.push_back(static_cast<int32_t>(b.policy_indices.size()));
  return b;
}

}  // namespace hz
