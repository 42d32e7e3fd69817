// The policy/value network (a residual tower), seen from code that must not include LibTorch.
//
// Architecture (AlphaZero-style, sizes from NetworkConfig):
//   stem:   conv3x3(planes -> channels) + batch norm + ReLU
//   tower:  `blocks` residual blocks, each conv3x3-BN-ReLU-conv3x3-BN + skip, ReLU
//   policy: conv1x1(channels -> policy_channels)-BN-ReLU, linear -> num_actions logits, indexed
//           by canonical policy index (State::policy_index) ("dense"); or ("from_to", for games
//           whose moves go from one cell to another, AnyGame::policy_cells) two conv1x1
//           (channels -> policy_dim) embeddings f, t of every cell and logit(move) =
//           <f[from cell], t[to cell]> / sqrt(policy_dim); moves without cells (a pass) get a
//           linear layer on the mean-pooled tower. The game's cell map is a buffer of the
//           network, saved with its weights. A few thousand parameters instead of
//           cells x policy_channels x num_actions (4.2 M for Chinese Checkers).
//   value:  conv1x1(channels -> value_channels)-BN-ReLU, linear -> value_hidden, ReLU,
//           linear -> num_players, tanh. One value per seat in canonical seat order (seat k is
//           player (mover + k) % num_players, selfplay/sample.h), each in [-1, 1], trained by
//           MSE against the final returns. tanh (not a softmax over outcomes) because returns are
//           arbitrary zero-sum vectors in [-1, 1] (draws, multi-player placings), not classes.
// Illegal actions: the logits cover every action id; masking happens where the legal set is
// known: the trainer sets illegal logits to -inf before its softmax, and at inference the
// evaluator gathers only legal indices (forward_gather), so the softmax MCTS takes is over the
// legal actions alone.
//
// Weights are initialised from an hz::Rng seed (He-normal), so a seed gives the same network on
// every run without touching LibTorch's global generator.
//
// Threads: inference (forward, forward_gather) never mutates the network and may run from many
// threads at once on one Network. A Network in training mode (set by the trainer) refuses
// inference; training code reaches the LibTorch module through nn/network_impl.h.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/game.h"

namespace hz {

class ConfigSection;

struct NetworkConfig {
  // Sizes (from the `network:` config block).
  int blocks = 4;
  int channels = 32;
  int policy_channels = 2;
  int value_channels = 1;
  int value_hidden = 64;
  std::string policy_head = "dense";  // dense | from_to
  int policy_dim = 32;                // from_to: dimension of the cell embeddings
  int policy_special = 0;             // from_to: moves without cells (set from policy_cells)
  // from_to: the game's policy cells (AnyGame::policy_cells), 2 * num_actions entries. Only
  // needed to build a new network: a loaded one takes them from its file. Not in to_string().
  std::vector<int32_t> policy_cells;
  // Shape (from the game variant).
  ObservationShape observation;
  int num_actions = 0;
  int num_players = 0;

  // Reads the sizes from a `network:` section (every key with default, bounds and doc) and takes
  // the shape from the arguments. Calls section.finish().
  // `policy_cells`: the game's (AnyGame::policy_cells), needed for a from_to head.
  static NetworkConfig from_config(ConfigSection section, ObservationShape observation,
                                   int num_actions, int num_players,
                                   const std::vector<int32_t>& policy_cells = {});
  // "blocks=4,channels=32,...,planes=..,height=..,width=..,actions=..,players=.." (and, for a
  // from_to head, ",policy_head=from_to,policy_dim=..,policy_special=.."): stored in
  // checkpoints; parse() throws hz::Error naming a missing or bad field.
  std::string to_string() const;
  static NetworkConfig parse(const std::string& text);
  bool operator==(const NetworkConfig& o) const { return to_string() == o.to_string(); }
  // Checks `cells` (AnyGame::policy_cells) against the shape and keeps them; counts the moves
  // without cells into policy_special. Throws hz::Error naming a bad entry.
  void set_policy_cells(const std::vector<int32_t>& cells);
  // The trainable parameters a network of this config has (Network::num_parameters), computed
  // without building it; a double, so that no config within parse()'s bounds overflows it.
  double parameter_count() const;
};

class Network {
 public:
  struct Impl;  // LibTorch module; defined in nn/network_impl.h

  Network(const NetworkConfig& config, uint64_t seed);
  ~Network();
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  const NetworkConfig& config() const;
  int64_t num_parameters() const;
  // A deep copy of weights and batch-norm statistics, in inference mode.
  std::unique_ptr<Network> clone() const;

  // Inference on n observations (n x planes x height x width floats, row-major). Writes
  // n x num_actions policy logits and n x num_players seat values. Thread-safe.
  void forward(const float* observations, int n, float* policy_logits, float* values) const;
  // Same, but writes only the logits at the policy indices row i asks for:
  // indices[row_offsets[i] .. row_offsets[i+1]) go to gathered[row_offsets[i] ..]. Saves
  // copying n x num_actions logits when few actions are legal (Chinese Checkers: 14642 ids).
  void forward_gather(const float* observations, int n, const int32_t* row_offsets,
                      const int32_t* indices, float* gathered, float* values) const;
  // from_to head only: the logit of a move from cell `from` to cell `to` for each of n
  // observations, from the embeddings over the whole grid (the way the head computed it before
  // it kept to the cells its moves use); a reference for tests. Thread-safe.
  std::vector<float> from_to_reference_logits(const float* observations, int n, int from,
                                              int to) const;

  Impl& impl() { return *impl_; }
  const Impl& impl() const { return *impl_; }

 private:
  struct Uninitialised {};
  Network(const NetworkConfig& config, Uninitialised);
  std::unique_ptr<Impl> impl_;
};

// LibTorch's intra-op threads (process-wide: LibTorch keeps one setting) and OpenBLAS's threads.
// Both default to the core count otherwise, which oversubscribes when self-play and training run
// side by side: callers set them from config.
void set_torch_threads(int intra_op_threads);
// The intra-op threads of the calling thread only (LibTorch's CPU parallelism here is OpenMP, whose
// thread count is per calling thread), so self-play workers and the trainer can differ.
void set_torch_threads_for_this_thread(int intra_op_threads);
// OpenBLAS's pool is one per process and has no per-thread setting: a network call on one search
// thread otherwise wakes a helper for every core and waits for it, however busy those cores are
// (about 20 times slower per call on a loaded 2-core machine). Lowers the pool to `max_threads`,
// never raises it. Returns the pool's size afterwards (0 when the program has no OpenBLAS).
int cap_blas_threads(int max_threads);
// OpenBLAS's pool size (0 when the program has no OpenBLAS).
int blas_threads();

}  // namespace hz
