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

}  // namespace hz::cc_test
