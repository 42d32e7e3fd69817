// The conformance suite: every registered game, every one of its test variants
// (game_info(name).test_variants), through the type-erased AnyGame / AnyState API only.
//
// For each variant: random games to the end (seeded hz::Rng, bounded in games and in actions so
// the file stays well under a minute on one core in Release), checking at every step the
// contract of games/game.h and games/any_game.h: clones and serialization round-trip, hashes
// are reproducible, the legal mask agrees with the legal list, observations have the declared
// size and are finite, illegal actions throw and change nothing, policy indices are a
// bijection, notation round-trips, and each symmetry maps observations, policy indices and
// states consistently. Then the symmetry maps themselves form a group, and the returns at the
// end are zero-sum and in [-1, 1].
//
// Built once as conformance_test over the games of libhopzero, and once per test game folder
// (tests/games/<game>/, CMakeLists.txt) as <game>_conformance_test with HZ_CONFORMANCE_ONLY_GAME
// defined to that game's name: that program checks the test game alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/rng.h"
#include "games/registry.h"

namespace hz {
namespace {

// Random games per variant, and a cap on all their actions together (whichever comes first).
constexpr int kGamesPerVariant = 300;
constexpr int kActionsPerVariant = 30000;
constexpr uint64_t kSeed = 20240611;

struct Variant {
  std::string game;
  GameOptions options;
  std::string label;  // a valid GoogleTest name: game_option_value_...
};

// Failure messages name the variant instead of dumping its bytes.
void PrintTo(const Variant& v, std::ostream* os) {
  *os << v.label;
}

std::vector<Variant> all_variants() {
  std::vector<Variant> out;
  std::set<std::string> labels;
  for (const std::string& name : game_names()) {
#ifdef HZ_CONFORMANCE_ONLY_GAME
    if (name != HZ_CONFORMANCE_ONLY_GAME) continue;
#endif
    for (const GameOptions& options : game_info(name).test_variants) {
      std::string label = name + (options.values().empty() ? "_default" : "");
      for (const auto& [k, v] : options.values()) label += "_" + k + "_" + v;
      for (char& c : label)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      const std::string base = label;
      for (int i = 2; labels.count(label); ++i) label = base + "_" + std::to_string(i);
      labels.insert(label);
      out.push_back({name, options, label});
    }
  }
  return out;
}

std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The legal policy indices of a state, sorted.
std::vector<int> legal_policy_indices(const AnyState& s) {
  std::vector<int> out;
  for (Action a : s.legal_actions()) out.push_back(s.policy_index(a));
  return sorted(out);
}

class Conformance : public ::testing::TestWithParam<Variant> {
 protected:
  void SetUp() override { game_ = make_game(GetParam().game, GetParam().options); }

  // Every check that applies to one state in the middle (or at the end) of a game.
  void check_state(const AnyState& s, Rng& rng) {
    SCOPED_TRACE("state: " + s.serialize());
    ASSERT_NO_FATAL_FAILURE(check_legal_actions(s));
    ASSERT_NO_FATAL_FAILURE(check_copies(s));
    ASSERT_NO_FATAL_FAILURE(check_policy_and_notation(s));
    ASSERT_NO_FATAL_FAILURE(check_illegal_rejected(s, rng));
    ASSERT_NO_FATAL_FAILURE(check_symmetries(s));
  }

  // Players, legal actions, the legal mask and the observation's size.
  void check_legal_actions(const AnyState& s) {
    const AnyGame& g = *game_;
    const int n = g.num_actions();
    const std::vector<Action> legal = s.legal_actions();
    ASSERT_EQ(s.is_terminal(), legal.empty());
    if (s.is_terminal()) {
      ASSERT_EQ(s.current_player(), kTerminalPlayer);
    } else {
      ASSERT_GE(s.current_player(), 0);
      ASSERT_LT(s.current_player(), g.num_players());
      EXPECT_THROW(s.returns(), Error);
    }
    const std::vector<uint8_t> mask = s.legal_mask();
    ASSERT_EQ(static_cast<int>(mask.size()), n);
    std::vector<uint8_t> from_list(n, 0);
    for (Action a : legal) {
      ASSERT_GE(a, 0);
      ASSERT_LT(a, n);
      ASSERT_EQ(from_list[a], 0) << "action " << a << " listed twice";
      from_list[a] = 1;
    }
    ASSERT_EQ(mask, from_list);
    const std::vector<float> obs = s.observation();
    ASSERT_EQ(static_cast<int>(obs.size()), g.observation_shape().size());
    for (float v : obs) ASSERT_TRUE(std::isfinite(v));
  }

  // Clone and serialization give back the same state.
  void check_copies(const AnyState& s) {
    const auto copy = s.clone();
    ASSERT_TRUE(copy->equals(s));
    ASSERT_EQ(copy->hash(), s.hash());
    const std::string text = s.serialize();
    ASSERT_EQ(text.find('\n'), std::string::npos);
    const auto back = game_->deserialize_state(text);
    ASSERT_EQ(back->serialize(), text);
    ASSERT_EQ(back->hash(), s.hash());
    ASSERT_EQ(back->is_terminal(), s.is_terminal());
    ASSERT_EQ(back->current_player(), s.current_player());
    ASSERT_EQ(back->legal_actions(), s.legal_actions());
    ASSERT_EQ(back->observation(), s.observation());
  }

  // Policy indices are a bijection between legal actions and their indices; the notation of
  // each legal action reads back as that action.
  void check_policy_and_notation(const AnyState& s) {
    const int n = game_->num_actions();
    const std::vector<Action> legal = s.legal_actions();
    std::set<int> indices;
    for (Action a : legal) {
      const int i = s.policy_index(a);
      ASSERT_GE(i, 0);
      ASSERT_LT(i, n);
      ASSERT_EQ(s.action_from_policy_index(i), a);
      indices.insert(i);
    }
    ASSERT_EQ(indices.size(), legal.size());
    for (Action a : legal) ASSERT_EQ(s.parse_action(s.action_to_string(a)), a);
  }

  // An illegal action throws and leaves the state as it was.
  void check_illegal_rejected(const AnyState& s, Rng& rng) {
    const int n = game_->num_actions();
    const std::vector<uint8_t> mask = s.legal_mask();
    const std::string text = s.serialize();
    const uint64_t hash = s.hash();
    if (static_cast<int>(s.legal_actions().size()) < n) {
      Action bad;
      do bad = static_cast<Action>(rng.uniform_int(n));
      while (mask[bad]);
      auto victim = s.clone();
      EXPECT_THROW(victim->apply(bad), Error) << "illegal action " << bad;
      ASSERT_EQ(victim->serialize(), text);
      ASSERT_EQ(victim->hash(), hash);
      EXPECT_THROW(victim->parse_action(victim->action_to_string(bad)), Error);
    }
    if (s.move_number() == 0) {
      auto victim = s.clone();
      EXPECT_THROW(victim->apply(-1), Error);
      EXPECT_THROW(victim->apply(n), Error);
      ASSERT_EQ(victim->serialize(), text);
    }
  }

  // Symmetries: the transformed state's canonical view is the transformed canonical view.
  void check_symmetries(const AnyState& s) {
    const AnyGame& g = *game_;
    const std::vector<float> obs = s.observation();
    const std::vector<int> policy = legal_policy_indices(s);
    std::vector<float> mapped(obs.size());
    for (int sym = 0; sym < g.num_symmetries(); ++sym) {
      SCOPED_TRACE("symmetry " + std::to_string(sym));
      const auto t = s.transformed(sym);
      ASSERT_EQ(t->current_player(), s.current_player());
      g.transform_observation(sym, obs.data(), mapped.data());
      ASSERT_EQ(t->observation(), mapped);
      std::vector<int> expected;
      for (int i : policy) expected.push_back(g.transform_policy_index(sym, i));
      ASSERT_EQ(legal_policy_indices(*t), sorted(expected));
    }
  }

  std::shared_ptr<AnyGame> game_;
};

TEST(ConformanceSetup, GamesAreRegistered) {
  ASSERT_FALSE(game_names().empty());
#ifdef HZ_CONFORMANCE_ONLY_GAME
  // The test game registered itself from its own folder, and its variants are the ones checked.
  const std::vector<std::string> names = game_names();
  ASSERT_NE(std::find(names.begin(), names.end(), HZ_CONFORMANCE_ONLY_GAME), names.end());
  ASSERT_EQ(all_variants().size(), game_info(HZ_CONFORMANCE_ONLY_GAME).test_variants.size());
#endif
  for (const std::string& name : game_names())
    EXPECT_FALSE(game_info(name).test_variants.empty()) << name << " lists no test variants";
}

// Values per player (returns, margins): each of the first `players` in [-1, 1], together summing
// to 0, every entry past them 0.
void expect_zero_sum_per_player(const PlayerValues& v, int players) {
  float sum = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p >= players) {
      EXPECT_EQ(v[p], 0.0f);
      continue;
    }
    EXPECT_GE(v[p], -1.0f);
    EXPECT_LE(v[p], 1.0f);
    sum += v[p];
  }
  EXPECT_LT(std::fabs(sum), 1e-5f);
}

TEST_P(Conformance, RandomGamesKeepTheContract) {
  const AnyGame& g = *game_;
  Rng rng(kSeed);
  int actions_total = 0, games = 0;
  for (; games < kGamesPerVariant && actions_total < kActionsPerVariant; ++games) {
    SCOPED_TRACE("game " + std::to_string(games));
    auto s = g.new_initial_state();
    std::vector<Action> history;
    std::vector<uint64_t> hashes = {s->hash()};
    std::vector<Action> turn;  // the actions of the turn in progress
    std::unique_ptr<AnyState> turn_start = s->clone();
    while (true) {
      check_state(*s, rng);
      if (HasFatalFailure() || s->is_terminal()) break;
      const std::vector<Action> legal = s->legal_actions();
      const Action a = legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))];
      const int player = s->current_player();
      const int before = s->move_number();
      s->apply(a);
      ASSERT_EQ(s->move_number(), before + 1);
      history.push_back(a);
      hashes.push_back(s->hash());
      ASSERT_LE(static_cast<int>(history.size()), g.max_game_length());
      turn.push_back(a);
      if (s->is_terminal() || s->current_player() != player) {
        // A complete turn: its notation parses back to the same actions.
        const std::string text = turn_start->turn_to_string(turn);
        ASSERT_EQ(turn_start->parse_turn(text), turn) << "turn '" << text << "'";
        turn.clear();
        turn_start = s->clone();
      }
    }
    if (HasFatalFailure()) return;
    actions_total += static_cast<int>(history.size());

    // Returns at the end, and margins where the game defines them (game.h).
    {
      SCOPED_TRACE("returns");
      expect_zero_sum_per_player(s->returns(), g.num_players());
    }
    PlayerValues m{};
    if (s->margins(m)) {
      SCOPED_TRACE("margins");
      expect_zero_sum_per_player(m, g.num_players());
    }

    // The same actions replayed give the same hashes.
    auto replay = g.new_initial_state();
    ASSERT_EQ(replay->hash(), hashes[0]);
    for (size_t i = 0; i < history.size(); ++i) {
      replay->apply(history[i]);
      ASSERT_EQ(replay->hash(), hashes[i + 1]) << "after action " << i;
    }
    ASSERT_TRUE(replay->equals(*s));
  }
  EXPECT_GT(games, 0);
  std::printf("[          ] %s: %d random games, %d actions\n", GetParam().label.c_str(), games,
              actions_total);
}

TEST_P(Conformance, SymmetriesFormAGroup) {
  const AnyGame& g = *game_;
  const int n = g.num_actions(), syms = g.num_symmetries();
  ASSERT_GE(syms, 1);
  // The policy map of each symmetry, as a table.
  std::vector<std::vector<int>> maps(syms, std::vector<int>(n));
  for (int s = 0; s < syms; ++s) {
    std::vector<uint8_t> hit(n, 0);
    for (int i = 0; i < n; ++i) {
      const int j = g.transform_policy_index(s, i);
      ASSERT_GE(j, 0);
      ASSERT_LT(j, n);
      ASSERT_EQ(hit[j], 0) << "symmetry " << s << " is not a bijection on policy indices";
      hit[j] = 1;
      maps[s][i] = j;
    }
  }
  for (int i = 0; i < n; ++i) ASSERT_EQ(maps[0][i], i) << "symmetry 0 must be the identity";

  // Observation maps on a random vector (all values distinct, so any mix-up shows).
  Rng rng(kSeed);
  const int size = g.observation_shape().size();
  std::vector<float> x(size);
  for (float& v : x) v = static_cast<float>(rng.uniform01());
  auto map_obs = [&](int s, const std::vector<float>& in) {
    std::vector<float> out(size);
    g.transform_observation(s, in.data(), out.data());
    return out;
  };
  // Only cells that every map writes carry information (a board embedded in a larger grid, as
  // Chinese Checkers' star in 17x17, leaves the cells off the board at zero): keep x there.
  const std::vector<float> ones(size, 1.0f);
  for (int s = 0; s < syms; ++s) {
    const std::vector<float> written = map_obs(s, ones);
    for (int i = 0; i < size; ++i)
      if (written[i] == 0.0f) x[i] = 0.0f;
  }
  for (int s = 0; s < syms; ++s) {
    // Each symmetry has an inverse among the symmetries...
    int inverse = -1;
    for (int t = 0; t < syms && inverse < 0; ++t) {
      bool ok = true;
      for (int i = 0; i < n && ok; ++i) ok = maps[t][maps[s][i]] == i;
      if (ok) inverse = t;
    }
    ASSERT_GE(inverse, 0) << "symmetry " << s << " has no inverse";
    EXPECT_EQ(map_obs(inverse, map_obs(s, x)), x) << "symmetry " << s << " and " << inverse;
    // ... and the composition of two symmetries is a symmetry.
    for (int t = 0; t < syms; ++t) {
      int composed = -1;
      for (int u = 0; u < syms && composed < 0; ++u) {
        bool ok = true;
        for (int i = 0; i < n && ok; ++i) ok = maps[u][i] == maps[t][maps[s][i]];
        if (ok) composed = u;
      }
      ASSERT_GE(composed, 0) << "symmetry " << t << " after " << s << " is not a symmetry";
      EXPECT_EQ(map_obs(composed, x), map_obs(t, map_obs(s, x)));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(all_variants()),
                         [](const ::testing::TestParamInfo<Variant>& info) {
                           return info.param.label;
                         });

}  // namespace
}  // namespace hz
