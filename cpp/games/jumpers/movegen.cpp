// Jumpers move generation and application: legal_actions, apply, and the look-ahead that keeps
// every offered action on the way to a complete legal turn.
//
// The look-ahead: during an own-jump chain the board is fixed except for the jumping piece, so
// which hops exist and where a turn can end (a capture or a birth) do not depend on the path.
// A simple chain avoiding the visited points reaches a point iff plain reachability (a flood
// over hop moves that never enters a visited point) does, since any walk can be shortened to a
// simple path inside the same allowed set. So "this hop leads to a complete turn" is a
// bitboard flood from the landing, stopped at the first point where the turn can end; it is
// linear in the board size and allocates nothing.
#include "games/jumpers/jumpers.h"

namespace hz {

using namespace jumpers;  // NOLINT: this file implements the jumpers:: types

// Points where a chain of the moving piece may end: it can capture from there, or (if the
// player can still give birth) it has a free neighbour. `free` = points not occupied by an enemy
// piece or an own piece other than the moving one.
Bits JumpersState::turn_targets(Bits enemy, Bits free, bool can_birth) const {
  const Jumpers& g = *game_;
  Bits targets = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    targets |= g.jump_sources(d) & g.pull(enemy, d, 1) & g.pull(free, d, 2);
    if (can_birth) targets |= g.step_sources(d) & g.pull(free, d, 1);
  }
  return targets;
}

// True if a chain of own hops from `landing`, never entering `seen`, reaches a target point
// (the landing itself included).
bool JumpersState::chain_reaches(int landing, Bits seen, Bits own_rest, Bits free,
                                 Bits targets) const {
  const Jumpers& g = *game_;
  Bits frontier = bit(landing);
  if (frontier & targets) return true;
  seen |= frontier;
  while (frontier) {
    Bits next = 0;
    for (int d = 0; d < kNumDirs; ++d)
      next |= g.push(frontier & g.jump_sources(d) & g.pull(own_rest, d, 1), d, 2);
    next &= free & ~seen;
    if (next & targets) return true;
    seen |= next;
    frontier = next;
  }
  return false;
}

bool JumpersState::can_capture_from(int p, Bits enemy, Bits free) const {
  const Jumpers& g = *game_;
  for (int d = 0; d < kNumDirs; ++d) {
    const int land = g.jump_target(p, d);
    if (land >= 0 && has(enemy, g.neighbour(p, d)) && has(free, land)) return true;
  }
  return false;
}

// Start of a turn: the captures if there are any (compulsory), else the own hops that lead to a
// complete turn. With out == nullptr, returns at the first action found (existence test).
void JumpersState::start_actions(Jumpers::ActionList* out, bool* any) const {
  const Jumpers& g = *game_;
  *any = false;
  const Bits own = pieces_[player_], enemy = pieces_[1 - player_];
  const Bits free_all = g.board_mask() & ~(own | enemy);
  Bits by_dir[kNumDirs];
  Bits sources = 0;
  for (int d = 0; d < kNumDirs; ++d) {
    by_dir[d] = own & g.jump_sources(d) & g.pull(enemy, d, 1) & g.pull(free_all, d, 2);
    sources |= by_dir[d];
  }
  if (sources) {
    *any = true;
    if (!out) return;
    for_each_point(sources, [&](int p) {
      for (int d = 0; d < kNumDirs; ++d)
        if (has(by_dir[d], p)) out->push_back(p * 4 + d);
    });
    return;
  }
  for (int d = 0; d < kNumDirs; ++d) {
    by_dir[d] = own & g.jump_sources(d) & g.pull(own, d, 1) & g.pull(free_all, d, 2);
    sources |= by_dir[d];
  }
  const bool can_birth = reserve_[player_] > 0;
  while (sources) {
    const int p = jumpers::lowest_point(sources);
    sources &= sources - 1;
    const Bits own_rest = own & ~bit(p);
    const Bits free = free_all | bit(p);
    const Bits targets = turn_targets(enemy, free, can_birth);
    for (int d = 0; d < kNumDirs; ++d) {
      if (!has(by_dir[d], p)) continue;
      if (!chain_reaches(g.jump_target(p, d), bit(p), own_rest, free, targets)) continue;
      *any = true;
      if (!out) return;
      out->push_back(p * 4 + d);
    }
  }
}

bool JumpersState::has_complete_turn() const {
  bool any = false;
  start_actions(nullptr, &any);
  return any;
}

void JumpersState::legal_actions(Jumpers::ActionList& out) const {
  out.clear();
  if (terminal_) return;
  const Jumpers& g = *game_;
  const Bits own = pieces_[player_], enemy = pieces_[1 - player_];
  const int x = moving_;
  switch (phase_) {
    case Phase::kStart: {
      bool any = false;
      start_actions(&out, &any);
      return;
    }
    case Phase::kCapture: {
      const Bits free_all = g.board_mask() & ~(own | enemy);
      for (int d = 0; d < kNumDirs; ++d) {
        const int land = g.jump_target(x, d);
        if (land >= 0 && has(enemy, g.neighbour(x, d)) && has(free_all, land))
          out.push_back(x * 4 + d);
      }
      return;
    }
    case Phase::kJump: {
      const Bits own_rest = own & ~bit(x);
      const Bits free = g.board_mask() & ~(own_rest | enemy);
      const bool can_birth = reserve_[player_] > 0;
      const Bits targets = turn_targets(enemy, free, can_birth);
      for (int d = 0; d < kNumDirs; ++d) {
        const int land = g.jump_target(x, d);
        if (land < 0 || !has(own_rest, g.neighbour(x, d)) || !has(free, land) ||
            has(visited_, land))
          continue;
        if (chain_reaches(land, visited_, own_rest, free, targets)) out.push_back(x * 4 + d);
      }
      if (can_birth && (g.neighbours(x) & free)) out.push_back(g.stop_action());
      return;
    }
    case Phase::kBirth: {
      const Bits free_all = g.board_mask() & ~(own | enemy);
      for_each_point(g.neighbours(x) & free_all, [&](int p) { out.push_back(g.birth_action(p)); });
      return;
    }
  }
}

void JumpersState::end_turn() {
  player_ = static_cast<int8_t>(1 - player_);
  phase_ = Phase::kStart;
  moving_ = -1;
  visited_ = 0;
  terminal_ = !has_complete_turn();
}

void JumpersState::apply(Action a) {
  const Jumpers& g = *game_;
  ++move_number_;
  if (g.is_hop(a)) {
    const int from = a / 4, d = a % 4;
    const int mid = g.neighbour(from, d), land = g.jump_target(from, d);
    Bits& own = pieces_[player_];
    Bits& enemy = pieces_[1 - player_];
    own = (own & ~bit(from)) | bit(land);
    visited_ = (phase_ == Phase::kStart ? bit(from) : visited_) | bit(land);
    moving_ = static_cast<int8_t>(land);
    const bool capture = has(enemy, mid);
    if (capture) enemy &= ~bit(mid);
    const Bits free_all = g.board_mask() & ~(own | enemy);
    if (can_capture_from(land, enemy, free_all))
      phase_ = Phase::kCapture;  // a capture chain continues, or a jump chain turns into one
    else if (capture)
      end_turn();  // a capture turn ends when the piece has no capture left; no birth
    else
      phase_ = Phase::kJump;
    return;
  }
  if (a == g.stop_action()) {
    phase_ = Phase::kBirth;
    return;
  }
  pieces_[player_] |= bit(a - 4 * g.points());
  --reserve_[player_];
  end_turn();
}

}  // namespace hz
