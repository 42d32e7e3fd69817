#include "apps/bench_network.h"

#include "core/config.h"
#include "core/rng.h"
#include "games/registry.h"

namespace hz::cli {

NetworkBench read_network_bench(Args& args) {
  const std::string config_path = args.get_path("config");
  const std::string game_name = args.get("game", "");
  const GameOptions options = args.game_options();
  const std::vector<std::string> sets = args.get_all("set");
  if (config_path.empty() == game_name.empty())
    fail("give either --config FILE or --game NAME (not both)");
  Config config = config_path.empty()
                      ? Config::from_string("game:\n  name: " + game_name + "\n", "--game")
                      : Config::load_file(config_path);
  for (const auto& [k, v] : options.values()) config.set_override("game.options." + k + "=" + v);
  for (const auto& s : sets) config.set_override(s);
  NetworkBench b;
  b.config = RunConfig::from_config(config);
  b.game = make_game(b.config.game, b.config.game_options);
  return b;
}

std::vector<Sample> random_play_samples(const AnyGame& game, int n, uint64_t seed) {
  Rng rng(seed);
  std::vector<Sample> out;
  std::unique_ptr<AnyState> state = game.new_initial_state();
  while (static_cast<int>(out.size()) < n) {
    if (state->is_terminal() || rng.uniform_int(60) == 0) state = game.new_initial_state();
    if (state->is_terminal()) fail("game '", game.name(), "' starts in a terminal state");
    const std::vector<Action> legal = state->legal_actions();
    Sample s;
    s.observation = state->observation();
    for (Action a : legal)
      s.policy.emplace_back(state->policy_index(a), 1.0f / static_cast<float>(legal.size()));
    s.player = state->current_player();
    s.ply = state->move_number();
    out.push_back(std::move(s));
    state->apply(legal[rng.uniform_int(static_cast<uint32_t>(legal.size()))]);
  }
  return out;
}

}  // namespace hz::cli
