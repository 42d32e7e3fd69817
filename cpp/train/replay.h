// The replay window and minibatches: the most recent `capacity` self-play samples, from which the
// trainer draws uniformly random minibatches, each sample under a random board symmetry.
//
// Ownership and threads: ReplayWindow is shared by the self-play side (add_game) and the trainer
// (sample_batch); every method locks an internal mutex. A TrainBatch is a plain value owned by the
// caller (built on the trainer's thread).
//
// Conventions: samples are canonical (selfplay/sample.h). A sample's policy lists every legal
// action of its position (zero share for unvisited ones), so the policy support is the legal set
// the trainer masks with; complete_policy_support() establishes that for games whose search
// reported only visited actions.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "core/rng.h"
#include "games/any_game.h"
#include "selfplay/sample.h"

namespace hz {

struct TrainBatch {
  int size = 0;
  std::vector<float> observations;      // size x observation floats
  std::vector<float> values;            // size x num_players value targets, by seat
  std::vector<float> policy_weights;    // size: 1 where the row's policy is a target, else 0
                                        // (empty: every row's is)
  std::vector<int32_t> policy_offsets;  // size + 1: row i's entries are [offsets[i], offsets[i+1])
  std::vector<int32_t> policy_indices;  // legal canonical policy indices of each row
  std::vector<float> policy_targets;    // visit share of each entry (sums to 1 per row)
};

// Adds an entry of share 0 for every legal action that a sample's policy lacks, by replaying the
// game's actions from the initial state. Throws hz::Error if the game record is inconsistent.
void complete_policy_support(const AnyGame& game, FinishedGame& finished);

class ReplayWindow {
 public:
  // `game` supplies the observation size, player count and symmetries (augmentation).
  ReplayWindow(const AnyGame& game, size_t capacity);

  void add_game(const FinishedGame& finished);  // drops the oldest samples beyond capacity
  void add_samples(const std::vector<Sample>& samples);
  size_t size() const;
  size_t capacity() const { return capacity_; }
  uint64_t total_added() const;  // samples ever added (including dropped ones)

  // `batch_size` samples drawn uniformly with replacement; with `augment`, each under a uniformly
  // random symmetry of the game. Value targets are (1 - w) * final returns + w * the search's
  // value, w = `search_value_weight`. The window must not be empty.
  TrainBatch sample_batch(int batch_size, Rng& rng, bool augment,
                          double search_value_weight = 0.0) const;

 private:
  const AnyGame& game_;
  size_t capacity_;
  mutable std::mutex mu_;
  std::deque<Sample> samples_;
  uint64_t total_added_ = 0;
};

}  // namespace hz
