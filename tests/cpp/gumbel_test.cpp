// Tests of Gumbel AlphaZero search (search/gumbel.h, and its use in search/mcts.h): the
// sequential-halving plan, the completed-Q improved policy and interior selection against hand
// computations, the exact simulation budget, the survival of the best-valued candidate, solved
// toy positions for two and three players with multi-action turns, a three-player position
// searched from each seat's own view (max^n, not paranoid) whoever moves first, and the root
// value vector.
// Also the time-limit regression: a search whose every leaf is terminal must stop at its limit.
#include "search/gumbel.h"

#include <gtest/gtest.h>

#include <chrono>
#include <numeric>

#include "mcts_checks.h"
#include "search/mcts.h"
#include "toy_games.h"

namespace hz {
namespace {

using toy::TreeGame;

std::vector<int64_t> plan_sequence(int considered, int64_t n) {
  gumbel::HalvingPlan plan;
  plan.build(considered, n);
  std::vector<int64_t> out;
  for (int64_t k = 0; k < n; ++k) out.push_back(plan.target(k));
  return out;
}

TEST(GumbelPlan, SequentialHalvingSchedulesByHand) {
  // m = 4, n = 8: ceil(log2 4) = 2 phases. Phase 0: 4 actions, max(1, 8 / (2*4)) = 1 visit each
  // (targets 0,0,0,0); phase 1: 2 actions, max(1, 8 / (2*2)) = 2 visits each (1,1 then 2,2).
  EXPECT_EQ(plan_sequence(4, 8), (std::vector<int64_t>{0, 0, 0, 0, 1, 1, 2, 2}));
  // n below m: only the best n actions get their one visit.
  EXPECT_EQ(plan_sequence(16, 5), (std::vector<int64_t>{0, 0, 0, 0, 0}));
  // m = 4, n = 100: phase 0 gives 12 visits each (48 simulations, targets 0..11), phase 1 gives
  // 25 each to 2 actions (50, targets 12..36), and the last 2 simulations start phase 2 (37).
  const auto long_plan = plan_sequence(4, 100);
  EXPECT_EQ(long_plan[47], 11);
  EXPECT_EQ(long_plan[48], 12);
  EXPECT_EQ(long_plan[97], 36);
  EXPECT_EQ(long_plan[98], 37);
  EXPECT_EQ(long_plan[99], 37);
  // One considered action takes every simulation.
  EXPECT_EQ(plan_sequence(1, 4), (std::vector<int64_t>{0, 1, 2, 3}));
}

// A parent with raw value 0.2 and three children: priors 0.5, 0.3, 0.2; the first visited twice
// with mean 0.5, the second once with -0.4, the third never.
struct HandTree {
  Node parent;
  Node children[3];
  HandTree() {
    parent.raw_value = 0.2f;
    parent.num_children = 3;
    const float priors[3] = {0.5f, 0.3f, 0.2f};
    for (int i = 0; i < 3; ++i) children[i].prior = priors[i];
    children[0].visits = 2;
    children[0].value_sum = 1.0f;
    children[1].visits = 1;
    children[1].value_sum = -0.4f;
  }
};

TEST(GumbelArithmetic, ImprovedPolicyMatchesAHandComputation) {
  HandTree t;
  float q[3], scratch[3], policy[3];
  // v_mix = (0.2 + 3 * (0.5*0.5 + 0.3*(-0.4)) / (0.5 + 0.3)) / (1 + 3) = 0.171875.
  gumbel::completed_q(t.parent, t.children, 3, q);
  EXPECT_FLOAT_EQ(q[0], 0.5f);
  EXPECT_FLOAT_EQ(q[1], -0.4f);
  EXPECT_FLOAT_EQ(q[2], 0.171875f);
  // Rescaled to [0, 1]: 1, 0, 0.571875 / 0.9; sigma = (50 + 2) * 0.1 * that.
  gumbel::sigma_transform(t.children, 3, gumbel::Sigma{50.0f, 0.1f, true}, q);
  EXPECT_NEAR(q[0], 5.2f, 1e-5);
  EXPECT_NEAR(q[1], 0.0f, 1e-5);
  EXPECT_NEAR(q[2], 3.3041667f, 1e-5);
  // softmax(log prior + sigma): worked out with a calculator.
  gumbel::improved_policy(t.parent, t.children, 3, gumbel::Sigma{}, scratch, policy);
  EXPECT_NEAR(policy[0], 0.9403912f, 1e-5);
  EXPECT_NEAR(policy[1], 0.0031126f, 1e-5);
  EXPECT_NEAR(policy[2], 0.0564961f, 1e-5);
}

// rescale_q off: q_hat = (q + 1) / 2, so q = 0.5, -0.4, 0.171875 give 0.75, 0.3, 0.5859375 and
// sigma = 5.2 * that = 3.9, 1.56, 3.046875. softmax(log 0.5 + 3.9, log 0.3 + 1.56, log 0.2 +
// 3.046875) = (24.7012, 1.4276, 4.2099) / 30.3388, worked out with a calculator.
TEST(GumbelArithmetic, ImprovedPolicyWithoutRescalingMatchesAHandComputation) {
  HandTree t;
  float q[3] = {0.5f, -0.4f, 0.171875f}, scratch[3], policy[3];
  gumbel::sigma_transform(t.children, 3, gumbel::Sigma{50.0f, 0.1f, false}, q);
  EXPECT_NEAR(q[0], 3.9f, 1e-5);
  EXPECT_NEAR(q[1], 1.56f, 1e-5);
  EXPECT_NEAR(q[2], 3.046875f, 1e-5);
  gumbel::improved_policy(t.parent, t.children, 3, gumbel::Sigma{50.0f, 0.1f, false}, scratch,
                          policy);
  EXPECT_NEAR(policy[0], 0.81418f, 1e-4);
  EXPECT_NEAR(policy[1], 0.04706f, 1e-4);
  EXPECT_NEAR(policy[2], 0.13876f, 1e-4);
  // Values out of [-1, 1] (virtual loss cannot make them so, but a bad evaluator could) clamp.
  float wild[3] = {3.0f, -2.0f, 0.0f};
  gumbel::sigma_transform(t.children, 3, gumbel::Sigma{50.0f, 0.1f, false}, wild);
  EXPECT_NEAR(wild[0], 5.2f, 1e-5);
  EXPECT_NEAR(wild[1], 0.0f, 1e-5);
  EXPECT_NEAR(wild[2], 2.6f, 1e-5);
}

TEST(GumbelArithmetic, InteriorSelectionMatchesAHandComputation) {
  // Scores improved policy - visits / (1 + 3): 0.4404, -0.2469, 0.0565; the first wins.
  HandTree t;
  float scratch[3], policy[3];
  EXPECT_EQ(gumbel::select_interior(t.parent, t.children, 3, gumbel::Sigma{}, scratch, policy), 0);
  // The second child's one visit now averages 0.9: v_mix = (0.2 + 3 * 0.65) / 4 = 0.5375, sigma
  // = 5.2 * (0, 1, 0.09375), improved policy 0.00906, 0.98504, 0.00590, scores -0.4909,
  // 0.7350, 0.0059: the second child wins.
  t.children[1].value_sum = 0.9f;
  EXPECT_EQ(gumbel::select_interior(t.parent, t.children, 3, gumbel::Sigma{}, scratch, policy), 1);
  EXPECT_NEAR(policy[0], 0.0090568f, 1e-5);
  EXPECT_NEAR(policy[1], 0.9850446f, 1e-5);
  EXPECT_NEAR(policy[2], 0.0058986f, 1e-5);
}

// Gives every state of a TreeGame fixed logits (by node index) and value 0.
class FixedPriorEvaluator final : public Evaluator<TreeGame> {
 public:
  explicit FixedPriorEvaluator(std::vector<std::vector<float>> logits)
      : logits_(std::move(logits)) {}
  std::string name() const override { return "fixed"; }
  void evaluate(EvalItem<TreeGame>* items, int count) override {
    for (int i = 0; i < count; ++i) {
      const auto& row = logits_[items[i].state->node_index()];
      for (int a = 0; a < items[i].legal->size(); ++a) items[i].logits[a] = row[a];
      items[i].values->fill(0.0f);
    }
  }

 private:
  std::vector<std::vector<float>> logits_;
};

// Player 0 picks one of four actions; each ends the game with the given payoff for player 0.
TreeGame four_leaves(float a, float b, float c, float d) {
  auto leaf = [](float v) { return TreeGame::TreeNode{0, {}, {v, -v}}; };
  return TreeGame(2, {{0, {1, 2, 3, 4}, {}}, leaf(a), leaf(b), leaf(c), leaf(d)});
}

MctsConfig gumbel_config(int64_t sims, bool noise, int leaves = 1) {
  MctsConfig c;
  c.simulations = sims;
  c.leaves_per_round = leaves;
  c.root_search = RootSearch::kGumbel;
  c.gumbel_considered = 4;
  c.gumbel_noise = noise;
  return c;
}

TEST(GumbelSearch, SpendsExactlyTheBudget) {
  const TreeGame game = four_leaves(-1.0f, 0.0f, -0.5f, 1.0f);
  UniformEvaluator<TreeGame> uniform;
  for (int64_t n : {1, 3, 4, 5, 8, 13, 50})
    for (int leaves : {1, 4})
      for (uint64_t seed = 1; seed <= 10; ++seed) {
        Mcts<TreeGame> mcts(game, gumbel_config(n, true, leaves), seed);
        mcts.set_root(game.initial_state());
        mcts.search(uniform);
        int visits = 0;
        for (int i = 0; i < mcts.root_child_count(); ++i) visits += mcts.root_child(i).visits;
        EXPECT_EQ(visits, n) << "budget " << n << ", leaves " << leaves << ", seed " << seed;
      }
}

TEST(GumbelSearch, HalvingKeepsTheBestValuedCandidateWhoseLogitIsLowest) {
  // Priors 0.4, 0.3, 0.2, 0.1; payoffs -1, 0, -0.5, +1: the best action has the lowest prior.
  // After phase 0 (one visit each) the scores log p + 5.1 * q_hat are -0.92, 1.35, -0.33, 2.80,
  // so actions 3 and 1 survive the halving and get two more visits each: 1, 3, 1, 3.
  const TreeGame game = four_leaves(-1.0f, 0.0f, -0.5f, 1.0f);
  FixedPriorEvaluator priors({{std::log(0.4f), std::log(0.3f), std::log(0.2f), std::log(0.1f)}});
  Mcts<TreeGame> mcts(game, gumbel_config(8, false), 1);
  mcts.set_root(game.initial_state());
  mcts.search(priors);
  std::vector<int> visits;
  for (int i = 0; i < mcts.root_child_count(); ++i) visits.push_back(mcts.root_child(i).visits);
  EXPECT_EQ(visits, (std::vector<int>{1, 3, 1, 3}));
  EXPECT_EQ(mcts.choose_action(0.0), 3);
  // With noise the move is a sample: g + log p + sigma(q) favours the best action, whose sigma
  // lead (about 3 over the runner-up) outweighs its logit deficit (1.1) unless the noise gap
  // exceeds 2, which a logistic variable does about 12% of the time.
  int best_chosen = 0;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    Mcts<TreeGame> noisy(game, gumbel_config(32, true), seed);
    noisy.set_root(game.initial_state());
    noisy.search(priors);
    best_chosen += noisy.choose_action(0.0) == 3;
  }
  EXPECT_GT(best_chosen, 60);
  EXPECT_LT(best_chosen, 100);  // a sample, not the argmax
  // The improved policy puts most of its mass on the best action.
  std::vector<float> policy;
  mcts.root_policy(policy);
  ASSERT_EQ(policy.size(), 4u);
  EXPECT_NEAR(std::accumulate(policy.begin(), policy.end(), 0.0f), 1.0f, 1e-5);
  EXPECT_EQ(std::max_element(policy.begin(), policy.end()) - policy.begin(), 3);
}

MctsConfig gumbel_solver_config(InteriorSelection interior, int leaves) {
  MctsConfig c = gumbel_config(3000, false, leaves);
  c.gumbel_considered = 16;
  c.interior = interior;
  return c;
}

TEST(GumbelSearch, SolvesTakeAwayWithMultiActionTurnsForTwoAndThreePlayers) {
  for (InteriorSelection interior : {InteriorSelection::kPuct, InteriorSelection::kGumbel}) {
    expect_takeaway_solved_with(gumbel_solver_config(interior, 1), 2, 9, 8);
    expect_takeaway_solved_with(gumbel_solver_config(interior, 1), 3, 12, 3);
    expect_takeaway_solved_with(gumbel_solver_config(interior, 8), 2, 9, 8);
  }
}

// Three players; player `first` moves at the root, then `first + 1`, then `first + 2` (mod 3).
// Payoffs are written by role (mover, next, third) and placed at the players in those roles.
//   0: mover chooses L (node 1) or R (node 2)
//   1: after L, next chooses  3 (-0.3, 0.6, -0.3)  or  4 (0.8, -0.7, -0.1)
//   2: after R, next chooses  5 (0.5, -0.1, -0.4)  or  node 6
//   6: third chooses          7 (-0.4, -0.5, 0.9)  or  8 (-0.8, 0.7, 0.1)
// Max^n, each player maximising its own entry: at 6 the third takes 7 (0.9); at 2 the next
// player takes 5 (-0.1 > -0.5); at 1 it takes 3 (0.6 > -0.7); so L is worth -0.3 to the mover
// and R 0.5: the mover plays R, which costs the next player 0.7 (it gets -0.1 instead of 0.6).
// Paranoid (the others minimise the mover): L is min(-0.3, 0.8) = -0.3, R min(0.5, min(-0.4,
// -0.8)) = -0.8, so a paranoid search plays L.
TreeGame rotated_three_player_tree(int first) {
  auto leaf = [first](float mover, float next, float third) {
    TreeGame::TreeNode n{0, {}, {}};
    n.payoff[first] = mover;
    n.payoff[(first + 1) % 3] = next;
    n.payoff[(first + 2) % 3] = third;
    return n;
  };
  auto inner = [first](int role, std::vector<int> children) {
    return TreeGame::TreeNode{(first + role) % 3, std::move(children), {}};
  };
  return TreeGame(3, {inner(0, {1, 2}), inner(1, {3, 4}), inner(1, {5, 6}),
                      leaf(-0.3f, 0.6f, -0.3f), leaf(0.8f, -0.7f, -0.1f), leaf(0.5f, -0.1f, -0.4f),
                      inner(2, {7, 8}), leaf(-0.4f, -0.5f, 0.9f), leaf(-0.8f, 0.7f, 0.1f)});
}

// The paranoid value of a TreeGame position for `player`: it maximises, everyone else minimises.
float paranoid_value(const TreeGame::State& s, int player, Action* best = nullptr) {
  if (s.is_terminal()) {
    PlayerValues r{};
    s.returns(r);
    return r[player];
  }
  TreeGame::ActionList actions;
  s.legal_actions(actions);
  const bool maximise = s.current_player() == player;
  float value = maximise ? -2.0f : 2.0f;
  for (Action a : actions) {
    TreeGame::State next = s;
    next.apply(a);
    const float v = paranoid_value(next, player);
    if (maximise ? v > value : v < value) {
      value = v;
      if (best) *best = a;
    }
  }
  return value;
}

// Gumbel search (both interior rules) picks the max^n move from the mover's own view, not the
// paranoid one, whichever of the three players moves first; one and two levels down, the next
// players choose by their own entries too.
TEST(GumbelSearch, ThreePlayerPositionIsSearchedFromEachSeatsOwnView) {
  UniformEvaluator<TreeGame> uniform;
  for (int first = 0; first < 3; ++first) {
    const TreeGame game = rotated_three_player_tree(first);
    const TreeGame::State root = game.initial_state();
    Action maxn = kNoAction, paranoid = kNoAction;
    const PlayerValues v = toy::maxn_value<TreeGame>(root, &maxn);
    paranoid_value(root, first, &paranoid);
    ASSERT_EQ(maxn, 1);  // the solvers agree with the construction
    ASSERT_EQ(paranoid, 0);
    ASSERT_FLOAT_EQ(v[first], 0.5f);
    ASSERT_FLOAT_EQ(v[(first + 1) % 3], -0.1f);
    TreeGame::State after_r = root, after_ry = root;
    after_r.apply(1);
    after_ry.apply(1);
    after_ry.apply(1);
    for (InteriorSelection interior : {InteriorSelection::kPuct, InteriorSelection::kGumbel}) {
      SCOPED_TRACE(testing::Message()
                   << "first mover " << first << ", interior "
                   << (interior == InteriorSelection::kPuct ? "puct" : "gumbel"));
      MctsConfig c = gumbel_config(400, false);
      c.interior = interior;
      Mcts<TreeGame> mcts(game, c, 5);
      mcts.set_root(root);
      mcts.search(uniform);
      EXPECT_EQ(mcts.choose_action(0.0), 1);
      // Two considered actions share the 400 simulations (one halving phase, 200 each); R's
      // mean for the mover is near its max^n value 0.5 and L's near -0.3.
      EXPECT_NEAR(mcts::mean_value(mcts.root_child(1)), 0.5f, 0.15f);
      EXPECT_NEAR(mcts::mean_value(mcts.root_child(0)), -0.3f, 0.15f);
      std::vector<float> policy;
      mcts.root_policy(policy);
      EXPECT_GT(policy[1], 0.9f);
      // The next player, after R, takes 5 (its -0.1 against -0.5); the third, at 6, takes 7.
      for (const auto& [state, best] : {std::pair{after_r, 0}, std::pair{after_ry, 0}}) {
        Mcts<TreeGame> below(game, c, 6);
        below.set_root(state);
        below.search(uniform);
        EXPECT_EQ(below.choose_action(0.0), best) << "mover " << state.current_player();
      }
    }
  }
}

TEST(GumbelSearch, RootValuesAreTheMeanBackedUpVector) {
  TakeAwayGame game({{"players", "3"}, {"pile", "7"}});
  UniformEvaluator<TakeAwayGame> uniform;
  for (RootSearch root : {RootSearch::kPuct, RootSearch::kGumbel}) {
    MctsConfig c;
    c.simulations = 200;
    c.root_search = root;
    Mcts<TakeAwayGame> mcts(game, c, 3);
    mcts.set_root(game.make(4, 1, 2));
    mcts.search(uniform);
    const PlayerValues v = mcts.root_values();
    // A fresh tree: the mover's entry is the root's mean value; returns are zero-sum.
    EXPECT_NEAR(v[2], mcts.root_value(), 1e-5);
    EXPECT_NEAR(v[0] + v[1] + v[2], 0.0f, 1e-4);
  }
}

TEST(GumbelSearch, TimeLimitStopsASearchWhoseLeavesAreAllTerminal) {
  // Two stones: every line ends within four actions, so the tree is soon all terminal leaves.
  // The simulation count alone would take 2^30 backups; the time limit must end the search.
  TakeAwayGame game({{"pile", "2"}});
  UniformEvaluator<TakeAwayGame> uniform;
  MctsConfig c;
  c.simulations = MctsConfig::kMaxSimulations;
  c.time_limit_s = 0.05;
  Mcts<TakeAwayGame> mcts(game, c, 1);
  mcts.set_root(game.initial_state());
  const auto t0 = std::chrono::steady_clock::now();
  mcts.search(uniform);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(s, 0.05);
  EXPECT_LT(s, 2.0);
  EXPECT_EQ(mcts.choose_action(0.0), TakeAwayGame::kTake);  // taking both stones wins
}

}  // namespace
}  // namespace hz
