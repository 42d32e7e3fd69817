// Helpers shared by the Chinese Checkers test programs: a variant from options, a position from
// piece lists written in hole names, and hole-name sets (header-only, no state).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/adapter.h"
#include "games/chinese_checkers/chinese_checkers.h"
#include "games/chinese_checkers/notation.h"
#include "games/registry.h"

namespace hz::cc_test {

inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

struct Variant {
  std::shared_ptr<AnyGame> any;
  const ChineseCheckers* game = nullptr;
};

inline Variant make(const GameOptions& options) {
  Variant v;
  v.any = make_game("chinese_checkers", options);
  v.game = &dynamic_cast<const GameAdapter<ChineseCheckers>&>(*v.any).game();
  return v;
}

// A state from piece lists per player (hole names), the mover and optional ply/statuses.
inline ChineseCheckersState position(const ChineseCheckers& g,
                                     const std::vector<std::string>& pieces,
                                     const std::string& mover, int ply = 0,
                                     std::string statuses = "") {
  std::string board(cc::kNumHoles, '.');
  for (size_t p = 0; p < pieces.size(); ++p)
    for (const std::string& name : words(pieces[p])) {
      const int h = cc::parse_hole(name);
      EXPECT_EQ(board[h], '.') << name << " listed twice";
      board[h] = static_cast<char>('0' + p);
    }
  if (statuses.empty())
    for (int p = 0; p < g.num_players(); ++p) statuses += p ? ",p" : "p";
  return g.deserialize(board + " " + mover + " " + std::to_string(ply) + " " + statuses);
}

inline std::set<std::string> names_of(const cc::HoleSet& s) {
  std::set<std::string> out;
  s.for_each([&](int h) { out.insert(cc::hole_name(h)); });
  return out;
}

inline std::set<std::string> name_set(const std::string& text) {
  const auto w = words(text);
  return {w.begin(), w.end()};
}

// The canonical view of the player to move.
inline std::vector<float> observe(const ChineseCheckersState& s) {
  std::vector<float> out(s.game().observation_shape().size());
  s.observation(out.data());
  return out;
}

// The observation, policy and state maps of every symmetry agree with each other.
inline void check_symmetries(const ChineseCheckersState& s) {
  const ChineseCheckers& g = s.game();
  const std::vector<float> obs = observe(s);
  ChineseCheckers::ActionList legal;
  s.legal_actions(legal);
  for (int sym = 0; sym < g.num_symmetries(); ++sym) {
    const ChineseCheckersState t = g.transform_state(s, sym);
    EXPECT_EQ(t.current_player(), s.current_player());
    std::vector<float> mapped(obs.size());
    g.transform_observation(sym, obs.data(), mapped.data());
    ASSERT_EQ(observe(t), mapped) << "symmetry " << sym << "\n" << s.to_string();
    ChineseCheckers::ActionList t_legal;
    t.legal_actions(t_legal);
    std::set<int> expected, actual;
    for (Action a : legal) expected.insert(g.transform_policy_index(sym, s.policy_index(a)));
    for (Action a : t_legal) actual.insert(t.policy_index(a));
    EXPECT_EQ(actual, expected) << "symmetry " << sym;
  }
}

}  // namespace hz::cc_test
