#include "games/registry.h"

#include <algorithm>

#include "core/error.h"

namespace hz {

namespace {
std::vector<GameInfo>& table() {
  static std::vector<GameInfo> games;  // written only during static initialisation
  return games;
}
}  // namespace

bool register_game(GameInfo info) {
  for (const auto& g : table()) HZ_CHECK(g.name != info.name, "game registered twice: ", info.name);
  table().push_back(std::move(info));
  std::sort(table().begin(), table().end(),
            [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; });
  return true;
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& g : table()) names.push_back(g.name);
  return names;
}

const GameInfo& game_info(const std::string& name) {
  for (const auto& g : table())
    if (g.name == name) return g;
  std::string valid;
  for (const auto& g : table()) valid += (valid.empty() ? "" : ", ") + g.name;
  fail("unknown game ", quote(name),
       "; valid games: ", valid.empty() ? "(none registered)" : valid);
}

std::shared_ptr<AnyGame> make_game(const std::string& name, const GameOptions& options) {
  const GameInfo& info = game_info(name);
  return info.factory(resolve_options(name, info.options, options));
}

std::string AnyGame::full_name() const {
  const std::string opts = options().to_string();
  return opts.empty() ? name() : name() + "(" + opts + ")";
}

}  // namespace hz
