// Tiny games that follow the game contract (games/game.h), for testing search without the real
// engines, plus a slow exhaustive max^n solver that serves as the independent reference.
//
// TakeAwayGame: N players share a pile of stones. A turn is one to three `take` actions (one
//   stone each) by the same player, ended by `end` (or by taking the last stone). Whoever takes
//   the last stone wins (+1, the others -1/(N-1)). Several actions in a row by one player are the
//   point: a search that assumes alternation gets it wrong.
// TreeGame: an explicit game tree (mover per node, payoffs at leaves), so tests can build
//   positions where a backup that does not keep each player's own view picks another move.
//
// Value types; not thread-safe beyond the game contract (a game object is immutable).
#pragma once

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/options.h"
#include "games/game.h"

namespace hz::toy {

class TakeAwayGame {
 public:
  static constexpr int kMaxLegalActions = 2;
  using ActionList = hz::ActionList<kMaxLegalActions>;
  static constexpr Action kTake = 0, kEnd = 1;
  static constexpr int kMaxTakesPerTurn = 3;

  class State {
   public:
    const TakeAwayGame& game() const { return *game_; }
    int current_player() const { return pile_ == 0 ? kTerminalPlayer : player_; }
    bool is_terminal() const { return pile_ == 0; }
    int move_number() const { return moves_; }
    int pile() const { return pile_; }
    int takes() const { return takes_; }
    void legal_actions(ActionList& out) const {
      out.clear();
      if (pile_ == 0) return;
      if (takes_ < kMaxTakesPerTurn) out.push_back(kTake);
      if (takes_ > 0) out.push_back(kEnd);
    }
    void apply(Action a) {
      ++moves_;
      if (a == kTake) {
        --pile_;
        ++takes_;
        if (pile_ == 0) return;  // the taker is the winner, recorded by player_
      } else {
        takes_ = 0;
        player_ = (player_ + 1) % game_->players_;
      }
    }
    void returns(PlayerValues& out) const {
      out.fill(0.0f);
      const int n = game_->players_;
      for (int p = 0; p < n; ++p) out[p] = p == player_ ? 1.0f : -1.0f / (n - 1);
    }
    void observation(float* out) const {
      out[0] = static_cast<float>(pile_) / game_->initial_pile_;
      out[1] = static_cast<float>(takes_) / kMaxTakesPerTurn;
    }
    int policy_index(Action a) const { return a; }
    Action action_from_policy_index(int i) const { return i; }
    uint64_t hash() const { return zobrist_key(pile_, takes_, player_); }
    std::string to_string() const { return serialize(); }
    std::string action_to_string(Action a) const { return a == kTake ? "take" : "end"; }
    Action parse_action(std::string_view t) const {
      ActionList legal;
      legal_actions(legal);
      const Action a = t == "take" ? kTake : t == "end" ? kEnd : kNoAction;
      if (a == kNoAction || !legal.contains(a)) fail("takeaway: illegal action '", t, "'");
      return a;
    }
    std::string turn_to_string(const std::vector<Action>& actions) const {
      std::string s;
      for (Action a : actions) {
        // Appended in two steps: `"" + action_to_string(a)` drew GCC 12's false -Wrestrict.
        if (!s.empty()) s += ' ';
        s += action_to_string(a);
      }
      return s;
    }
    std::vector<Action> parse_turn(std::string_view t) const {
      std::vector<Action> out;
      State s = *this;
      size_t start = 0;
      while (start < t.size()) {
        size_t end = t.find(' ', start);
        if (end == std::string_view::npos) end = t.size();
        const Action a = s.parse_action(t.substr(start, end - start));
        s.apply(a);
        out.push_back(a);
        start = end + 1;
      }
      return out;
    }
    std::string serialize() const { return str_cat(pile_, " ", takes_, " ", player_, " ", moves_); }
    bool operator==(const State& o) const {
      return pile_ == o.pile_ && takes_ == o.takes_ && player_ == o.player_;
    }

   private:
    friend class TakeAwayGame;
    const TakeAwayGame* game_ = nullptr;
    int pile_ = 0, takes_ = 0, player_ = 0, moves_ = 0;
  };

  explicit TakeAwayGame(const GameOptions& o)
      : options_(o),
        players_(static_cast<int>(o.has("players") ? o.get_int("players") : 2)),
        initial_pile_(static_cast<int>(o.has("pile") ? o.get_int("pile") : 10)) {}
  const std::string& name() const { return name_; }
  const GameOptions& options() const { return options_; }
  int num_players() const { return players_; }
  int num_actions() const { return 2; }
  ObservationShape observation_shape() const { return {1, 1, 2}; }
  int max_game_length() const { return initial_pile_ * 2; }
  State initial_state() const { return make(initial_pile_, 0, 0); }
  State make(int pile, int takes, int player) const {
    State s;
    s.game_ = this;
    s.pile_ = pile;
    s.takes_ = takes;
    s.player_ = player;
    return s;
  }
  State deserialize(std::string_view text) const {
    State s = make(0, 0, 0);
    if (std::sscanf(std::string(text).c_str(), "%d %d %d %d", &s.pile_, &s.takes_, &s.player_,
                    &s.moves_) != 4)
      fail("takeaway: cannot read state '", text, "'");
    return s;
  }
  int num_symmetries() const { return 1; }
  void transform_observation(int, const float* in, float* out) const {
    out[0] = in[0];
    out[1] = in[1];
  }
  int transform_policy_index(int, int i) const { return i; }
  State transform_state(const State& s, int) const { return s; }

 private:
  std::string name_ = "takeaway";
  GameOptions options_;
  int players_, initial_pile_;
};

// An explicit game tree. Node 0 is the root; a node with no children is terminal and pays
// `payoff` (one value per player). Action i at a node leads to children[i].
class TreeGame {
 public:
  static constexpr int kMaxLegalActions = 4;
  using ActionList = hz::ActionList<kMaxLegalActions>;
  struct TreeNode {
    int mover = 0;
    std::vector<int> children;
    PlayerValues payoff{};
  };

  class State {
   public:
    const TreeGame& game() const { return *game_; }
    int current_player() const { return is_terminal() ? kTerminalPlayer : node().mover; }
    bool is_terminal() const { return node().children.empty(); }
    int move_number() const { return moves_; }
    int node_index() const { return node_; }
    void legal_actions(ActionList& out) const {
      out.clear();
      for (size_t i = 0; i < node().children.size(); ++i) out.push_back(static_cast<Action>(i));
    }
    void apply(Action a) {
      node_ = node().children[a];
      ++moves_;
    }
    void returns(PlayerValues& out) const { out = node().payoff; }
    void observation(float* out) const { out[0] = static_cast<float>(node_); }
    int policy_index(Action a) const { return a; }
    Action action_from_policy_index(int i) const { return i; }
    uint64_t hash() const { return zobrist_key(node_); }
    std::string serialize() const { return str_cat(node_); }

   private:
    friend class TreeGame;
    const TreeNode& node() const { return game_->nodes_[node_]; }
    const TreeGame* game_ = nullptr;
    int node_ = 0, moves_ = 0;
  };

  TreeGame(int players, std::vector<TreeNode> nodes)
      : players_(players), nodes_(std::move(nodes)) {}
  int num_players() const { return players_; }
  int num_actions() const { return kMaxLegalActions; }
  ObservationShape observation_shape() const { return {1, 1, 1}; }
  int max_game_length() const { return static_cast<int>(nodes_.size()); }
  State initial_state() const {
    State s;
    s.game_ = this;
    return s;
  }

 private:
  int players_;
  std::vector<TreeNode> nodes_;
};

// Exhaustive max^n: every player maximises its own value; ties go to the first action. Slow and
// obviously correct; the reference that search results are checked against.
template <class G>
PlayerValues maxn_value(const typename G::State& s, Action* best = nullptr) {
  PlayerValues result{};
  if (s.is_terminal()) {
    s.returns(result);
    return result;
  }
  typename G::ActionList actions;
  s.legal_actions(actions);
  const int mover = s.current_player();
  bool first = true;
  for (Action a : actions) {
    typename G::State next = s;
    next.apply(a);
    const PlayerValues v = maxn_value<G>(next);
    if (first || v[mover] > result[mover]) {
      result = v;
      if (best) *best = a;
      first = false;
    }
  }
  return result;
}

// Every value vector max^n can give, over all ways to break ties between equally good actions
// (with three or more players, a player indifferent between two actions decides another's fate).
// Memoised by State::hash().
template <class G>
std::set<PlayerValues> maxn_outcomes(const typename G::State& s,
                                     std::map<uint64_t, std::set<PlayerValues>>* memo = nullptr) {
  std::map<uint64_t, std::set<PlayerValues>> own;
  if (!memo) memo = &own;
  if (auto it = memo->find(s.hash()); it != memo->end()) return it->second;
  if (s.is_terminal()) {
    PlayerValues r{};
    s.returns(r);
    return {r};
  }
  typename G::ActionList actions;
  s.legal_actions(actions);
  const int mover = s.current_player();
  std::vector<std::set<PlayerValues>> per_action;
  for (Action a : actions) {
    typename G::State next = s;
    next.apply(a);
    per_action.push_back(maxn_outcomes<G>(next, memo));
  }
  // An outcome v of some action is possible iff the ties below can make every other action worth
  // no more to the mover, i.e. v[mover] >= the least the mover can get from each other action.
  std::set<PlayerValues> result;
  for (const auto& outcomes : per_action) {
    for (const auto& v : outcomes) {
      bool possible = true;
      for (const auto& other : per_action) {
        float lowest = 2.0f;
        for (const auto& w : other) lowest = std::min(lowest, w[mover]);
        possible = possible && v[mover] >= lowest;
      }
      if (possible) result.insert(v);
    }
  }
  (*memo)[s.hash()] = result;
  return result;
}

}  // namespace hz::toy
