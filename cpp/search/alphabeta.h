// Alpha-beta search over whole turns, for any game G with a Heuristic<G> (search/heuristic.h).
//
// What it computes (the test's reference minimax follows the same definition):
//   * Depth counts turns. A turn of several actions by one player is searched as the sequence
//     it is: within a turn the same player keeps choosing (and maximising); depth drops by one
//     when current_player() changes. Nothing assumes that players alternate.
//   * Scores are from the root player's side (search_score.h): a node whose mover is the root
//     player maximises, any other mover minimises (negamax form: the sign follows
//     current_player(), so two-player negamax and multi-player paranoid search are one code
//     path). Terminal states score their returns; a depth-0 turn boundary is scored by
//     quiescence.
//   * Quiescence at a turn boundary: if the mover has a quiet action, the mover may "stand pat"
//     at the static evaluation; it may also play any turn that starts with a noisy action
//     (capture), whose remaining actions are all searched. If every legal action is noisy
//     (forced capture) there is no stand-pat. At most max_quiescence_turns turns are added.
//   * Best-Reply Search (alphabeta_brs.h) for games with more than two players.
// The table outlives a search (clear() empties it): an entry from an earlier search that went
// deeper below a node is used in place of a shallower search of it, so in play a value can be
// deeper than the depth asked for. With SearchOptions::tt_exact_depth only same-depth entries
// give bounds, and every result is exactly the fixed-depth value defined above.
// Machinery: iterative deepening, principal-variation search, a fixed-size transposition table
// keyed by the state hash (mixed with the root player and algorithm), TT move first, noisy
// actions next, two killers per ply, history scores; limits by depth, nodes or time.
//
// Ownership and threads: one AlphaBeta object per agent (it owns the table and buffers,
// allocated once in the constructor); one thread at a time. The game must outlive it.
// search() never changes the state it is given.
#pragma once

#include <algorithm>
#include <chrono>
#include <memory>
#include <utility>
#include <vector>

#include "core/error.h"
#include "games/game.h"
#include "search/heuristic.h"
#include "search/move_order.h"
#include "search/search_score.h"
#include "search/transposition_table.h"

namespace hz::ab {

struct RootMove {
  Action action = kNoAction;
  Score score = -kInfinity;  // exact for the best move, an upper bound for the others
};

struct SearchResult {
  Action best = kNoAction;
  Score score = 0;  // root player's side
  int depth = 0;    // deepest completed iteration (0: none completed, `best` is a guess)
  std::vector<Action> pv;
  std::vector<RootMove> root_moves;  // best first
  SearchStats stats;
};

template <class G, class H = Heuristic<G>>
class AlphaBeta {
 public:
  using State = typename G::State;
  using ActionList = typename G::ActionList;

  AlphaBeta(const G& game, H heuristic, SearchOptions options = {})
      : game_(&game),
        heuristic_(std::move(heuristic)),
        options_(options),
        tt_(options.use_tt ? options.tt_mb : 1),
        history_(game.num_players(), game.num_actions()),
        plies_(new Ply[kMaxPly + 2]),
        pv_(static_cast<size_t>(kMaxPly + 2) * (kMaxPly + 2), kNoAction),
        pv_len_(kMaxPly + 2, 0) {
    best_pv_buffer_.reserve(kMaxPly + 2);
  }

  const H& heuristic() const { return heuristic_; }
  const SearchOptions& options() const { return options_; }

  // Forgets the table, killers and history (between games).
  void clear() {
    tt_.clear();
    history_.clear();
  }

  // Searches `root` (not terminal) by iterative deepening until a limit is reached.
  SearchResult search(const State& root, const SearchLimits& limits, Algorithm algorithm);

 private:
  struct Ply {
    OrderedActions<ActionList> list;
  };

  // alphabeta_node.h
  Score node(const State& s, int depth, Score alpha, Score beta, int ply, bool pv_node);
  Score child_value(const State& child, int mover, int parent_side, int depth, Score alpha,
                    Score beta, int ply, bool pv_node);
  Score quiesce(const State& s, Score alpha, Score beta, int ply, int qturns, bool mid_turn);
  // alphabeta_brs.h (the root player's layers are ordinary nodes)
  Score brs_min(const State& s, int depth, Score alpha, Score beta, int ply, bool pv_node,
                bool turn_start);
  Score brs_child(const State& child, int mover, int depth, Score alpha, Score beta, int ply,
                  bool pv_node);

  // One root iteration at `depth`; fills root_scores_. Returns the number of root moves
  // completed before a stop.
  int root_iteration(const State& root, int depth);

  int side(int player) const { return player == root_player_ ? 1 : -1; }
  Score static_eval(const State& s, int side_sign) const {
    return side_sign * clamp_eval(heuristic_.evaluate(s, root_player_));
  }
  Score result_score(const State& terminal, int side_sign, int ply) const {
    PlayerValues r{};
    terminal.returns(r);
    return side_sign * terminal_score(r[root_player_], ply);
  }
  bool is_noisy(const State& s, Action a) const { return heuristic_.is_noisy(s, a); }
  uint64_t node_key(const State& s) const { return s.hash() ^ root_key_; }

  // Counts a state reached; sets stop_ when a limit is hit.
  void count_node() {
    ++stats_.nodes;
    if (limits_.nodes && stats_.nodes >= limits_.nodes) stop_ = true;
    if (limits_.time_ms > 0 && (stats_.nodes & 255) == 0 && elapsed_ms() >= limits_.time_ms)
      stop_ = true;
  }
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
        .count();
  }
  void update_pv(int ply, Action a) {
    Action* row = &pv_[static_cast<size_t>(ply) * (kMaxPly + 2)];
    const Action* child = &pv_[static_cast<size_t>(ply + 1) * (kMaxPly + 2)];
    row[0] = a;
    const int n = ply + 1 <= kMaxPly ? pv_len_[ply + 1] : 0;
    for (int i = 0; i < n; ++i) row[i + 1] = child[i];
    pv_len_[ply] = n + 1;
  }
  // Probes the table for `key`: sets *tt_move, and returns true with *value when a stored
  // bound decides the node (never at PV nodes, so the principal variation stays whole).
  bool probe(uint64_t key, int depth, Score alpha, Score beta, int ply, bool pv_node,
             Action* tt_move, Score* value) {
    *tt_move = kNoAction;
    if (!options_.use_tt) return false;
    ++stats_.tt_probes;
    TTEntry e;
    if (!tt_.probe(key, &e)) return false;
    ++stats_.tt_hits;
    *tt_move = e.move;
    const bool usable = options_.tt_exact_depth ? e.depth == depth : e.depth >= depth;
    if (pv_node || !usable) return false;
    const Score v = from_tt(e.score, ply);
    if (e.bound == Bound::kExact || (e.bound == Bound::kLower && v >= beta) ||
        (e.bound == Bound::kUpper && v <= alpha)) {
      ++stats_.tt_cutoffs;
      *value = v;
      return true;
    }
    return false;
  }
  // Stores a fail-soft result `best` of a search with window (alpha0, beta0).
  void store(uint64_t key, int depth, Score best, Score alpha0, Score beta0, int ply, Action move) {
    if (!options_.use_tt) return;
    const Bound bound = best <= alpha0  ? Bound::kUpper
                        : best >= beta0 ? Bound::kLower
                                        : Bound::kExact;
    tt_.store(key, depth, to_tt(best, ply), bound, move);
  }

  const G* game_;
  H heuristic_;
  SearchOptions options_;
  TranspositionTable tt_;
  MoveHistory history_;
  std::unique_ptr<Ply[]> plies_;
  std::vector<Action> pv_;  // triangular PV table, rows of kMaxPly + 2
  std::vector<int> pv_len_;

  // Per search.
  SearchLimits limits_;
  Algorithm algorithm_ = Algorithm::kNegamax;
  int root_player_ = 0;
  uint64_t root_key_ = 0;
  bool stop_ = false;
  std::chrono::steady_clock::time_point start_;
  SearchStats stats_;
  std::vector<RootMove> root_moves_;
  std::vector<Action> best_pv_buffer_;
};

template <class G, class H>
SearchResult AlphaBeta<G, H>::search(const State& root, const SearchLimits& limits,
                                     Algorithm algorithm) {
  if (root.is_terminal()) fail("alpha-beta asked to search a terminal state");
  if (limits.depth <= 0 && limits.nodes == 0 && limits.time_ms <= 0)
    fail("alpha-beta search needs a depth, node or time limit");
  if (algorithm == Algorithm::kNegamax && game_->num_players() != 2)
    fail("negamax needs a two-player game; this one has ", game_->num_players(),
         " players (use paranoid or brs)");
  if constexpr (!kHasSetMover<H, State>) {
    if (algorithm == Algorithm::kBestReply)
      fail("best-reply search needs Heuristic<G>::set_mover, which game '", game_->name(),
           "' does not provide");
  }
  start_ = std::chrono::steady_clock::now();
  limits_ = limits;
  algorithm_ = algorithm;
  root_player_ = root.current_player();
  root_key_ =
      zobrist_key(0xAB, static_cast<uint64_t>(root_player_), static_cast<uint64_t>(algorithm));
  stop_ = false;
  stats_ = SearchStats{};
  tt_.new_search();
  history_.age();

  SearchResult result;
  ActionList legal;
  root.legal_actions(legal);
  root_moves_.clear();
  for (Action a : legal) root_moves_.push_back({a, -kInfinity});
  // A first guess, should no iteration complete: the table's move, else a noisy action.
  {
    TTEntry e;
    const Action tt_move = tt_.probe(node_key(root), &e) ? e.move : kNoAction;
    std::stable_sort(root_moves_.begin(), root_moves_.end(),
                     [&](const RootMove& x, const RootMove& y) {
                       const int px = x.action == tt_move ? 2 : is_noisy(root, x.action);
                       const int py = y.action == tt_move ? 2 : is_noisy(root, y.action);
                       return px > py;
                     });
  }
  result.best = root_moves_.front().action;
  result.root_moves = root_moves_;

  const int max_depth = limits.depth > 0 ? limits.depth : kMaxPly;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const int completed = root_iteration(root, depth);
    if (completed == 0) break;
    // Moves completed in a stopped iteration are still better informed: the previous best was
    // searched first, so the best completed move is at least as good.
    std::stable_sort(root_moves_.begin(), root_moves_.begin() + completed,
                     [](const RootMove& x, const RootMove& y) { return x.score > y.score; });
    result.best = root_moves_.front().action;
    result.score = root_moves_.front().score;
    result.root_moves = root_moves_;
    if (pv_len_[0] > 0 && pv_[0] == result.best)
      result.pv.assign(pv_.begin(), pv_.begin() + pv_len_[0]);
    else
      result.pv.assign(1, result.best);
    if (stop_) break;
    result.depth = depth;
    stats_.depth = depth;
    if (limits.time_ms > 0 && elapsed_ms() >= limits.time_ms) break;
  }
  stats_.seconds = elapsed_ms() / 1000.0;
  result.stats = stats_;
  return result;
}

template <class G, class H>
int AlphaBeta<G, H>::root_iteration(const State& root, int depth) {
  Score alpha = -kInfinity;
  const Score beta = kInfinity;
  const int mover = root.current_player();
  const int sigma = side(mover);  // +1: the root player moves at the root
  pv_len_[0] = 0;
  int completed = 0;
  Score best = -kInfinity;
  // The PV of the best move so far must survive the searches of later moves.
  std::vector<Action>& best_pv = best_pv_buffer_;
  best_pv.clear();
  for (int i = 0; i < static_cast<int>(root_moves_.size()); ++i) {
    const Action a = root_moves_[i].action;
    State child = root;
    child.apply(a);
    count_node();
    Score v;
    pv_len_[1] = 0;
    if (child.is_terminal()) {
      v = result_score(child, sigma, 1);
    } else {
      const int d = child.current_player() == mover ? depth : depth - 1;
      if (i == 0) {
        v = child_value(child, mover, sigma, d, alpha, beta, 1, true);
      } else {
        v = child_value(child, mover, sigma, d, alpha, alpha + 1, 1, false);
        if (!stop_ && v > alpha) v = child_value(child, mover, sigma, d, alpha, beta, 1, true);
      }
    }
    if (stop_) break;
    root_moves_[i].score = v;
    ++completed;
    if (v > best) {
      best = v;
      update_pv(0, a);
      best_pv.assign(pv_.begin(), pv_.begin() + pv_len_[0]);
      alpha = std::max(alpha, v);
    }
  }
  // Restore the best PV into row 0 (later moves overwrote the scratch rows).
  pv_len_[0] = static_cast<int>(best_pv.size());
  std::copy(best_pv.begin(), best_pv.end(), pv_.begin());
  if (completed == static_cast<int>(root_moves_.size()) && options_.use_tt &&
      !root_moves_.empty()) {
    const auto it =
        std::max_element(root_moves_.begin(), root_moves_.end(),
                         [](const RootMove& x, const RootMove& y) { return x.score < y.score; });
    tt_.store(node_key(root), depth, to_tt(it->score, 0), Bound::kExact, it->action);
  }
  return completed;
}

}  // namespace hz::ab

#include "search/alphabeta_brs.h"
#include "search/alphabeta_node.h"
