// The game contract: what every game engine provides, and the small value types it uses.
//
// A game is two classes, compiled together and used by search as template arguments (hot paths
// inline, no virtual calls):
//
//   class G {                                      // the rules of one variant; immutable, shared
//    public:
//     using State = ...;                           // see below
//     static constexpr int kMaxLegalActions = ...; // capacity of G::ActionList for any state
//     using ActionList = hz::ActionList<kMaxLegalActions>;
//     explicit G(const GameOptions& resolved);     // options already validated by the registry
//     const std::string& name() const;
//     const GameOptions& options() const;
//     int num_players() const;                     // 1..kMaxPlayers
//     int num_actions() const;                     // action ids (and policy indices) are in
//                                                  //   [0, num_actions()), fixed per variant
//     ObservationShape observation_shape() const;  // planes x height x width, float32
//     int max_game_length() const;                 // upper bound on actions in one game
//     State initial_state() const;
//     State deserialize(std::string_view text) const;  // inverse of State::serialize; throws
//                                                      //   hz::Error naming what is wrong
//     // Symmetries the rules keep, in the canonical (player-to-move) view. Index 0 is the
//     // identity. Used for training augmentation of (observation, policy) samples.
//     int num_symmetries() const;
//     void transform_observation(int sym, const float* in, float* out) const;
//     int transform_policy_index(int sym, int policy_index) const;
//     // The state whose canonical view is the transformed canonical view of `s` (same player to
//     // move). Lets the conformance suite check that the maps above are exact.
//     State transform_state(const State& s, int sym) const;
//   };
//
//   class State {                   // a value type: copyable, no heap work on the hot path
//    public:
//     const G& game() const;
//     int current_player() const;   // kTerminalPlayer when terminal
//     bool is_terminal() const;
//     int move_number() const;      // actions applied since the initial state
//     void legal_actions(typename G::ActionList& out) const;  // clears `out` first; the list is
//                                   //   empty iff terminal
//     void apply(Action a);         // `a` must be legal: unchecked on the hot path
//     void returns(PlayerValues& out) const;  // terminal only: zero-sum, each in [-1, 1];
//                                             //   entries >= num_players() are 0
//     void observation(float* out) const;  // canonical view of the player to move,
//                                          //   observation_shape().size() floats, all finite
//     int policy_index(Action a) const;    // canonical policy index of absolute action `a`
//                                          //   for the player to move (a bijection on ids)
//     Action action_from_policy_index(int policy_index) const;  // its inverse
//     // Canonical seat order of values: seat k is player (current_player() + k) % num_players().
//     uint64_t hash() const;        // equal states hash equal; covers everything that decides
//                                   //   legal actions and the future (mover, phase, counters
//                                   //   that the rules read)
//     std::string to_string() const;                  // human-readable board
//     std::string action_to_string(Action a) const;   // notation of one action in this state
//     Action parse_action(std::string_view t) const;  // one action; throws hz::Error if the
//                                                     //   text is unreadable or not legal here
//     // Whole turns: the notation of a sequence of actions by one player from this state, and
//     // its parse (which may also be a single action, or a prefix of a turn). Throws hz::Error.
//     std::string turn_to_string(const std::vector<Action>& actions) const;
//     std::vector<Action> parse_turn(std::string_view t) const;
//     std::string serialize() const;  // one line, no newline; round-trips through deserialize
//   };
//
// Optional, for self-play's margin value targets (SelfPlayOptions::margin_weight): a state may
// define
//     void margins(PlayerValues& out) const;  // any state: how far each player is ahead of the
//                                             //   others by a measure of the game (material,
//                                             //   distance), each in [-1, 1], zero-sum; entries
//                                             //   >= num_players() are 0
// A game without it cannot be trained with margin targets (HasMargins below).
//
// Actions are atomic: a turn may be several actions by the same player (hop chains, births,
// huffs). Nothing may assume that players alternate: read current_player() after every apply.
//
// Ownership and threads: a G is created once per variant and outlives its states (states keep a
// pointer to it). A G is immutable and may be shared across threads; a State is a plain value,
// one thread at a time.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/options.h"

namespace hz {

using Action = int32_t;
inline constexpr Action kNoAction = -1;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kTerminalPlayer = -1;

// One value per player (returns, value-head outputs). Entries past num_players() are zero.
using PlayerValues = std::array<float, kMaxPlayers>;

// Whether State defines the optional margins() above.
template <class State>
concept HasMargins = requires(const State& s, PlayerValues& out) {
  s.margins(out);
};

struct ObservationShape {
  int planes = 0, height = 0, width = 0;
  int size() const { return planes * height * width; }
  bool operator==(const ObservationShape& o) const {
    return planes == o.planes && height == o.height && width == o.width;
  }
};

// Fixed-capacity list of actions: lives on the stack, never allocates (Stockfish's MoveList).
template <int Capacity>
class ActionList {
 public:
  static constexpr int kCapacity = Capacity;
  void clear() { size_ = 0; }
  void push_back(Action a) {
#ifndef NDEBUG
    HZ_CHECK(size_ < Capacity, "ActionList capacity ", Capacity, " exceeded");
#endif
    data_[size_++] = a;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Action operator[](int i) const { return data_[i]; }
  Action& operator[](int i) { return data_[i]; }
  const Action* begin() const { return data_; }
  const Action* end() const { return data_ + size_; }
  Action* begin() { return data_; }
  Action* end() { return data_ + size_; }
  bool contains(Action a) const {
    for (int i = 0; i < size_; ++i)
      if (data_[i] == a) return true;
    return false;
  }
  std::vector<Action> to_vector() const { return std::vector<Action>(begin(), end()); }

 private:
  int size_ = 0;
  Action data_[Capacity];
};

// Zobrist keys derived from a fixed seed, so hashes are stable across runs and processes.
inline uint64_t zobrist_key(uint64_t a, uint64_t b = 0, uint64_t c = 0) {
  uint64_t z = 0x9E3779B97F4A7C15ULL * (a + 1) + 0xC2B2AE3D27D4EB4FULL * (b + 7) +
               0x165667B19E3779F9ULL * (c + 13);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace hz
