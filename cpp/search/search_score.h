// Integer scores of the alpha-beta family (alpha-beta, paranoid, best-reply, greedy), their
// limits and statistics.
//
// A score is from the point of view of one side, in three bands:
//   |s| <= kEvalBound        a heuristic guess (Heuristic<G>::evaluate, clamped);
//   |s| >= kTerminalZone     a real game result: sign(r) * (kTerminalBase + |r| * kTerminalScale)
//                            for a return r != 0, moved towards zero by the number of actions
//                            from the search root, so that a quicker win (a slower loss) scores
//                            higher; r == 0 (a draw) is exactly 0.
// Any real result with r != 0 therefore outranks every heuristic guess. The transposition table
// stores result scores relative to the node (to_tt / from_tt) so that they stay exact wherever
// the node is met again.
//
// Plain values and functions; thread-safe.
#pragma once

#include <cmath>
#include <cstdint>

namespace hz::ab {

using Score = int32_t;

inline constexpr Score kInfinity = 2'000'000;
inline constexpr Score kEvalBound = 100'000;
inline constexpr Score kTerminalBase = 200'000;
inline constexpr Score kTerminalScale = 700'000;
// Actions (not turns) from the root that one search may go down; deeper nodes are evaluated.
inline constexpr int kMaxPly = 256;
inline constexpr Score kTerminalZone = kTerminalBase - kMaxPly;

inline Score clamp_eval(double v) {
  if (!(v == v)) return 0;  // NaN: the heuristic is broken; HZ_CHECK in debug callers
  if (v > kEvalBound) return kEvalBound;
  if (v < -kEvalBound) return -kEvalBound;
  return static_cast<Score>(std::lround(v));
}

// The score of a terminal state whose return for the scoring side is `r`, reached `ply`
// actions below the root.
inline Score terminal_score(float r, int ply) {
  if (r == 0.0f) return 0;
  const Score magnitude =
      kTerminalBase + static_cast<Score>(std::lround(std::fabs(r) * kTerminalScale));
  return r > 0 ? magnitude - ply : -(magnitude - ply);
}

inline bool is_result_score(Score s) {
  return s >= kTerminalZone || s <= -kTerminalZone;
}

// Root-relative <-> node-relative result scores (heuristic scores are unchanged).
inline Score to_tt(Score s, int ply) {
  if (s >= kTerminalZone) return s + ply;
  if (s <= -kTerminalZone) return s - ply;
  return s;
}
inline Score from_tt(Score s, int ply) {
  if (s >= kTerminalZone) return s - ply;
  if (s <= -kTerminalZone) return s + ply;
  return s;
}

// A score as a value in [-1, 1] for SearchInfo: results map back to their return (the distance
// is dropped), heuristic guesses scale linearly into [-0.5, 0.5] (a guess is never a certainty).
inline float score_to_value(Score s) {
  if (is_result_score(s)) {
    const float r = static_cast<float>((s > 0 ? s : -s) - kTerminalBase) / kTerminalScale;
    const float clamped = r < 0 ? 0.0f : (r > 1 ? 1.0f : r);
    return s > 0 ? clamped : -clamped;
  }
  return 0.5f * static_cast<float>(s) / kEvalBound;
}

// How far a search may go. A zero means "no limit"; at least one limit must be set. Depth counts
// whole turns (a turn of several actions by one player is one unit).
struct SearchLimits {
  int depth = 0;
  uint64_t nodes = 0;
  double time_ms = 0;
};

// Which adversary model a search uses. kNegamax: two players. kParanoid: the root player against
// a coalition of all others (minimax from the root's view). kBestReply: Best-Reply Search
// (Schadd & Winands 2011): between two turns of the root player only the single strongest
// reply among all opponents is played.
enum class Algorithm { kNegamax, kParanoid, kBestReply };

// Switches of the search machinery; the defaults are what agents use.
struct SearchOptions {
  int tt_mb = 16;  // transposition table size, MiB, allocated once
  bool use_tt = true;
  bool tt_exact_depth = false;   // use TT bounds only from entries of exactly the same depth
                                 // (slower; makes fixed-depth results path-independent)
  bool quiescence = true;        // extend noisy (capture) turns past the depth limit
  int max_quiescence_turns = 8;  // cap on the turns a quiescence line may add
  bool killers = true;
  bool history = true;
};

struct SearchStats {
  uint64_t nodes = 0;   // states reached by apply(), quiescence included
  uint64_t qnodes = 0;  // of which in quiescence
  uint64_t tt_probes = 0, tt_hits = 0, tt_cutoffs = 0;
  int depth = 0;  // last completed iteration (turns)
  double seconds = 0;
};

}  // namespace hz::ab
