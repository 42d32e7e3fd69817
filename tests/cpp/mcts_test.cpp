// Tests of the MCTS core (search/mcts.h) on the toy games of toy_games.h, checked against an
// exhaustive max^n solver: winning moves, multi-action turns, the 3-player backup, determinism,
// visit accounting, batching under virtual loss, and tree reuse.
#include "search/mcts.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <numeric>
#include <set>

#include "mcts_checks.h"
#include "search/rollout_evaluator.h"
#include "toy_games.h"

// Counts every allocation of the program, so a test can check that a warmed search makes none.
static std::atomic<long> g_allocations{0};
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// GCC 12 reports free() on memory from this operator new as mismatched once both are inlined
// (-Wmismatched-new-delete); they are a matched malloc/free pair by construction.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace hz {
namespace {

using toy::TakeAwayGame;
using toy::TreeGame;

MctsConfig config_with(int64_t sims, int leaves = 1) {
  MctsConfig c;
  c.simulations = sims;
  c.leaves_per_round = leaves;
  return c;
}

template <class G>
int root_visit_sum(const Mcts<G>& m) {
  int sum = 0;
  for (int i = 0; i < m.root_child_count(); ++i) sum += m.root_child(i).visits;
  return sum;
}

template <class G>
const Node* root_child_for(const Mcts<G>& m, Action a) {
  for (int i = 0; i < m.root_child_count(); ++i)
    if (m.root_child(i).action == a) return &m.root_child(i);
  return nullptr;
}

// Records batch sizes and checks that no batch holds the same leaf twice.
template <class G>
class RecordingEvaluator final : public Evaluator<G> {
 public:
  std::string name() const override { return "recording"; }
  void evaluate(EvalItem<G>* items, int count) override {
    batch_sizes.push_back(count);
    std::set<const typename G::State*> seen;
    for (int i = 0; i < count; ++i) {
      EXPECT_TRUE(seen.insert(items[i].state).second) << "a leaf twice in one batch";
      EXPECT_FALSE(items[i].state->is_terminal());
      EXPECT_GT(items[i].legal->size(), 0);
    }
    inner.evaluate(items, count);
  }
  std::vector<int> batch_sizes;
  UniformEvaluator<G> inner;
};

void expect_takeaway_solved(int players, int max_pile, int leaves, int min_checked) {
  expect_takeaway_solved_with(config_with(3000, leaves), players, max_pile, min_checked);
}

TEST(Mcts, TakeAwayTwoPlayersMultiActionTurns) {
  expect_takeaway_solved(2, 9, 1, 8);
}
// With three players most positions hinge on how a losing player breaks ties; the few that do
// not are the short wins by consecutive takes.
TEST(Mcts, TakeAwayThreePlayersMultiActionTurns) {
  expect_takeaway_solved(3, 12, 1, 3);
}
TEST(Mcts, TakeAwayBatchedLeaves) {
  expect_takeaway_solved(2, 9, 8, 8);
}

// P0 picks L or R; P1 then picks what is best for P1 (possibly after P2 moves). By max^n R is
// worth 0.2 to P0 and L -0.3; a backup that lets P1 minimise P0's value (paranoid, or negating
// values as if two players alternated) prefers L (worth -0.3 against R's -0.5).
TreeGame three_player_tree() {
  auto leaf = [](float a, float b, float c) { return TreeGame::TreeNode{0, {}, {a, b, c}}; };
  return TreeGame(3, {
                         {0, {1, 2}, {}},           // 0: P0 chooses L or R
                         {1, {3, 4}, {}},           // 1: after L, P1 chooses
                         {1, {5, 6}, {}},           // 2: after R, P1 chooses
                         leaf(-0.3f, 0.5f, -0.2f),  // 3: L x
                         leaf(0.9f, -0.6f, -0.3f),  // 4: L y
                         leaf(0.2f, 0.4f, -0.6f),   // 5: R x
                         {2, {7, 8}, {}},           // 6: R y, then P2 chooses
                         leaf(-0.5f, 0.1f, 0.4f),   // 7: P2 a
                         leaf(0.6f, -0.2f, -0.4f),  // 8: P2 b
                     });
}

TEST(Mcts, ThreePlayerBackupKeepsEachPlayersView) {
  const TreeGame game = three_player_tree();
  Action reference = kNoAction;
  const PlayerValues v = toy::maxn_value<TreeGame>(game.initial_state(), &reference);
  ASSERT_EQ(reference, 1);  // the tree is built so; the solver agrees
  ASSERT_FLOAT_EQ(v[0], 0.2f);
  UniformEvaluator<TreeGame> uniform;
  for (int leaves : {1, 4}) {
    Mcts<TreeGame> mcts(game, config_with(4000, leaves), 3);
    mcts.set_root(game.initial_state());
    mcts.search(uniform);
    EXPECT_EQ(mcts.choose_action(0.0), 1);
    // Mean values seen by P0, dominated by the max^n lines as visits concentrate.
    EXPECT_NEAR(mcts::mean_value(*root_child_for(mcts, 1)), 0.2f, 0.1f);
    EXPECT_NEAR(mcts::mean_value(*root_child_for(mcts, 0)), -0.3f, 0.15f);
    EXPECT_NEAR(mcts.root_value(), 0.2f, 0.1f);
    // One level down, P1's own view: after R, x (0.4 for P1) beats y (0.1 for P1 after P2's a).
    mcts.advance(1);
    EXPECT_EQ(mcts.root_state().current_player(), 1);
    EXPECT_EQ(mcts.choose_action(0.0), 0);
    EXPECT_NEAR(mcts::mean_value(*root_child_for(mcts, 0)), 0.4f, 0.05f);
    EXPECT_NEAR(mcts.root_value(), 0.4f, 0.1f);
  }
}

TEST(Mcts, VisitCountsSumToSimulations) {
  TakeAwayGame game({{"pile", "40"}});
  UniformEvaluator<TakeAwayGame> uniform;
  for (int leaves : {1, 3, 8}) {
    MctsConfig c = config_with(137, leaves);
    c.dirichlet_fraction = 0.25f;
    Mcts<TakeAwayGame> mcts(game, c, 11);
    auto s = game.initial_state();
    s.apply(TakeAwayGame::kTake);
    mcts.set_root(s);
    mcts.search(uniform);
    EXPECT_EQ(root_visit_sum(mcts), 137) << leaves;
    EXPECT_EQ(mcts.root_visits(), 138);  // the root's own expansion, then one per simulation
    // Reuse: the kept child's visits count towards the next search's total.
    const Action a = mcts.choose_action(0.0);
    const int kept = root_child_for(mcts, a)->visits;
    mcts.advance(a);
    EXPECT_EQ(mcts.root_visits(), kept);
    mcts.search(uniform);
    EXPECT_EQ(root_visit_sum(mcts), 137) << leaves;
  }
}

TEST(Mcts, TreeReuseKeepsTheSubtreeStatistics) {
  TakeAwayGame game({{"pile", "30"}});
  RolloutEvaluator<TakeAwayGame> rollout(1, 5);
  MctsConfig c = config_with(500, 4);
  Mcts<TakeAwayGame> mcts(game, c, 1);
  auto s = game.initial_state();
  s.apply(TakeAwayGame::kTake);
  mcts.set_root(s);
  mcts.search(rollout);
  const Action a = mcts.choose_action(0.0);
  const Node child = *root_child_for(mcts, a);
  ASSERT_GT(child.num_children, 0);
  mcts.advance(a);
  EXPECT_EQ(mcts.root_visits(), child.visits);
  EXPECT_EQ(mcts.root_child_count(), child.num_children);
  auto expected = s;
  expected.apply(a);
  EXPECT_EQ(mcts.root_state().serialize(), expected.serialize());
  // set_root to a position two actions down finds it in the tree; to an unrelated one, resets.
  auto deeper = expected;
  TakeAwayGame::ActionList legal;
  deeper.legal_actions(legal);
  ASSERT_GT(legal.size(), 0);
  const Action first = legal[0];
  const Node* grandchild = root_child_for(mcts, first);
  ASSERT_NE(grandchild, nullptr);
  const int grandchild_visits = grandchild->visits;
  deeper.apply(first);
  mcts.set_root(deeper);
  EXPECT_EQ(mcts.root_visits(), grandchild_visits);
  mcts.set_root(game.make(7, 0, 1));
  EXPECT_EQ(mcts.root_visits(), 0);
  EXPECT_EQ(mcts.tree_size(), 1u);
  // Without reuse, advance starts afresh.
  c.reuse_tree = false;
  Mcts<TakeAwayGame> fresh(game, c, 1);
  fresh.set_root(s);
  fresh.search(rollout);
  fresh.advance(fresh.choose_action(0.0));
  EXPECT_EQ(fresh.root_visits(), 0);
}

TEST(Mcts, BatchesSeveralDistinctLeavesUnderVirtualLoss) {
  TakeAwayGame game({{"pile", "60"}});
  RecordingEvaluator<TakeAwayGame> recorder;
  Mcts<TakeAwayGame> mcts(game, config_with(400, 8), 2);
  mcts.set_root(game.initial_state());
  mcts.search(recorder);
  ASSERT_FALSE(recorder.batch_sizes.empty());
  EXPECT_EQ(recorder.batch_sizes[0], 1);  // the root alone
  const int largest = *std::max_element(recorder.batch_sizes.begin(), recorder.batch_sizes.end());
  EXPECT_EQ(largest, 8);
  const int total = std::accumulate(recorder.batch_sizes.begin(), recorder.batch_sizes.end(), 0);
  EXPECT_GT(static_cast<double>(total) / recorder.batch_sizes.size(), 3.0);
  EXPECT_EQ(total, mcts.counters().evaluations);
}

TEST(Mcts, SameSeedSameSearch) {
  TakeAwayGame game({{"pile", "50"}, {"players", "3"}});
  auto run = [&](uint64_t seed) {
    MctsConfig c = config_with(300, 4);
    c.dirichlet_fraction = 0.25f;
    Mcts<TakeAwayGame> mcts(game, c, seed);
    RolloutEvaluator<TakeAwayGame> rollout(2, seed);
    std::vector<int> trace;
    auto s = game.initial_state();
    mcts.set_root(s);
    for (int move = 0; move < 12 && !s.is_terminal(); ++move) {
      mcts.search(rollout);
      for (int i = 0; i < mcts.root_child_count(); ++i) trace.push_back(mcts.root_child(i).visits);
      const Action a = mcts.choose_action(1.0);
      trace.push_back(a);
      s.apply(a);
      mcts.advance(a);
    }
    return trace;
  };
  EXPECT_EQ(run(42), run(42));
  EXPECT_NE(run(42), run(43));
}

TEST(Mcts, TemperatureSamplesInProportionToVisits) {
  Node children[3];
  children[0].visits = 10;
  children[1].visits = 30;
  children[2].visits = 0;
  Rng rng(9);
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 4000; ++i) ++counts[mcts::sample_child(children, 3, 1.0, rng)];
  EXPECT_EQ(counts[2], 0);
  EXPECT_NEAR(counts[1] / 4000.0, 0.75, 0.03);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(mcts::sample_child(children, 3, 0.0, rng), 1);
  // Temperature 0.5 squares the visit ratio: 900 : 100.
  int sharp = 0;
  for (int i = 0; i < 4000; ++i) sharp += mcts::sample_child(children, 3, 0.5, rng) == 1;
  EXPECT_NEAR(sharp / 4000.0, 0.9, 0.02);
}

TEST(Mcts, RootNoiseChangesPriorsButKeepsADistribution) {
  TakeAwayGame game({{"pile", "20"}});
  MctsConfig c = config_with(2, 1);
  c.dirichlet_fraction = 0.5f;
  Mcts<TakeAwayGame> mcts(game, c, 4);
  auto s = game.initial_state();
  s.apply(TakeAwayGame::kTake);
  mcts.set_root(s);
  UniformEvaluator<TakeAwayGame> uniform;
  mcts.search(uniform);
  ASSERT_EQ(mcts.root_child_count(), 2);
  const float p0 = mcts.root_child(0).prior, p1 = mcts.root_child(1).prior;
  EXPECT_NEAR(p0 + p1, 1.0f, 1e-5f);
  EXPECT_NE(p0, 0.5f);
  EXPECT_GE(p0, 0.25f - 1e-6f);  // (1 - 0.5) * 0.5 at least
}

TEST(Mcts, WarmedSearchAllocatesNothing) {
  TakeAwayGame game({{"pile", "80"}, {"players", "3"}});
  MctsConfig c = config_with(2000, 8);
  c.dirichlet_fraction = 0.25f;
  Mcts<TakeAwayGame> mcts(game, c, 5);
  RolloutEvaluator<TakeAwayGame> rollout(1, 5);
  auto play_a_game = [&] {
    auto s = game.initial_state();
    mcts.clear();
    mcts.set_root(s);
    while (!s.is_terminal()) {
      mcts.search(rollout);
      const Action a = mcts.choose_action(1.0);
      s.apply(a);
      mcts.advance(a);
    }
  };
  const long cold = g_allocations.load();
  play_a_game();                              // warms the arenas up
  EXPECT_GT(g_allocations.load() - cold, 0);  // the counter sees the arenas grow
  mcts.rng() = Rng(5);
  rollout = RolloutEvaluator<TakeAwayGame>(1, 5);
  const long before = g_allocations.load();
  play_a_game();  // the same game again: same tree sizes
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(mcts.counters().simulations, 2000);
}

TEST(Mcts, MemoryLimitEndsTheSearch) {
  TakeAwayGame game({{"pile", "100000"}});
  MctsConfig c = config_with(MctsConfig::kMaxSimulations, 4);
  c.max_tree_mb = 1;
  Mcts<TakeAwayGame> mcts(game, c, 1);
  mcts.set_root(game.initial_state());
  UniformEvaluator<TakeAwayGame> uniform;
  mcts.search(uniform);
  EXPECT_GE(mcts.tree_bytes(), 1 << 20);
  EXPECT_LT(mcts.tree_bytes(), (1 << 20) + 64 * 1024);  // stops within a few leaves of it
  EXPECT_GT(mcts.root_visits(), 1000);
}

TEST(Mcts, SearchFromTerminalStateIsAnError) {
  TakeAwayGame game({{"pile", "3"}});
  Mcts<TakeAwayGame> mcts(game, config_with(10), 1);
  mcts.set_root(game.make(0, 0, 0));
  UniformEvaluator<TakeAwayGame> uniform;
  EXPECT_THROW(mcts.search(uniform), Error);
}

TEST(RolloutEvaluator, ValuesAreAveragesOfPlayOuts) {
  // Pile 1, takes 0: the mover must take the last stone and wins every play-out.
  TakeAwayGame game({{"pile", "5"}, {"players", "3"}});
  RolloutEvaluator<TakeAwayGame> rollout(16, 1);
  const auto s = game.make(1, 0, 2);
  TakeAwayGame::ActionList legal;
  s.legal_actions(legal);
  float logits[2] = {5, 5};
  PlayerValues values{};
  EvalItem<TakeAwayGame> item{&s, &legal, logits, &values};
  rollout.evaluate(&item, 1);
  EXPECT_FLOAT_EQ(values[2], 1.0f);
  EXPECT_FLOAT_EQ(values[0], -0.5f);
  EXPECT_FLOAT_EQ(logits[0], 0.0f);
  // Pile 2, takes 1, mover 0: player 0 wins only by take, take (probability 1/4 at random);
  // every other line ends with player 1 or 2 taking the last stone. Value 1/4 - 3/4 * 1/2.
  RolloutEvaluator<TakeAwayGame> many(4000, 2);
  const auto t = game.make(2, 1, 0);
  t.legal_actions(legal);
  item.state = &t;
  many.evaluate(&item, 1);
  EXPECT_NEAR(values[0], -0.125f, 0.04f);
  EXPECT_NEAR(values[0] + values[1] + values[2], 0.0f, 1e-4f);
  EXPECT_THROW(RolloutEvaluator<TakeAwayGame>(0, 1), Error);
}

}  // namespace
}  // namespace hz
