#include "games/registry.h"

#include "core/error.h"
#include "core/registry.h"

namespace hz {

namespace {
struct GameTag {};
using GameRegistry = Registry<std::string, GameInfo, GameTag>;
}  // namespace

bool register_game(GameInfo info) {
  std::string name = info.name;
  HZ_CHECK(GameRegistry::instance().add(name, std::move(info)), "game registered twice: ", name);
  return true;
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const auto& [name, info] : GameRegistry::instance().entries()) names.push_back(name);
  return names;
}

const GameInfo& game_info(const std::string& name) {
  if (const GameInfo* info = GameRegistry::instance().find(name)) return *info;
  std::string valid;
  for (const auto& g : game_names()) valid += (valid.empty() ? "" : ", ") + g;
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
