// The game registry: maps a game name to its rule options, its factory and its board geometry.
//
// Each game registers itself: games/<game>/info.cpp describes it and engine/<game>/register.cpp
// registers it (HZ_REGISTER_GAME) with the factory of engine/adapter_impl.h, together with its
// heuristic agents; nothing anywhere lists the games (docs/adding_a_game.md). The table is filled
// during static initialisation and is read-only afterwards, so lookups are thread-safe.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/options.h"
#include "games/any_game.h"
#include "games/geometry.h"

namespace hz {

struct GameInfo {
  std::string name;
  std::string description;
  std::vector<OptionSpec> options;
  // Variants that the conformance suite, perft listings, the sanitizer and fuzz runs and the
  // Python tests cover (each fully resolved later).
  std::vector<GameOptions> test_variants;
  // Variants that `hopzero bench alphabeta` times when no --game is given.
  std::vector<GameOptions> bench_variants;
  // Per player, the characters its pieces are drawn with in State::to_string(); the terminal
  // colours these (and only these) when they stand alone.
  std::vector<std::string> piece_symbols;
  std::function<std::shared_ptr<AnyGame>(const GameOptions& resolved)> factory;
  // Points, lines and regions for drawing (games/geometry.h), from the game's geometry.cpp.
  GeometryHooks geometry;
};

bool register_game(GameInfo info);  // returns true; used by HZ_REGISTER_GAME
std::vector<std::string> game_names();
const GameInfo& game_info(const std::string& name);  // throws hz::Error listing valid names

// Validates `options` against the game's declared options and builds the variant.
std::shared_ptr<AnyGame> make_game(const std::string& name, const GameOptions& options = {});

}  // namespace hz

#define HZ_REGISTER_GAME_CONCAT2(a, b) a##b
#define HZ_REGISTER_GAME_CONCAT(a, b) HZ_REGISTER_GAME_CONCAT2(a, b)
// Usage (in engine/<game>/register.cpp): HZ_REGISTER_GAME(with_adapter<MyGame>(my_game_info()));
// where the GameInfo's factory builds std::make_shared<GameAdapter<MyGame>>(resolved).
#define HZ_REGISTER_GAME(info_expr)                                                           \
  static const bool HZ_REGISTER_GAME_CONCAT(hz_registered_game_, __LINE__) [[maybe_unused]] = \
      ::hz::register_game(info_expr)
