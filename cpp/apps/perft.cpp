// hopzero perft: counts complete turns to a depth, with the same engine code as search.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "apps/command.h"
#include "games/registry.h"

namespace hz::cli {
namespace {

int run_perft(Args& args) {
  const std::string game_name = args.require("game");
  const GameOptions options = args.game_options();
  const int depth = static_cast<int>(args.get_int("depth", 3, 0, 12));
  const bool divide = args.flag("divide");
  args.finish();
  auto game = make_game(game_name, options);
  auto state = game->new_initial_state();
  std::cout << "game " << game->full_name() << "\n";
  for (int d = 1; d <= depth; ++d) {
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t n = game->perft(*state, d);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("depth %d  turns %llu  time %.3f s  %.0f turns/s\n", d,
                static_cast<unsigned long long>(n), s, s > 0 ? n / s : 0.0);
  }
  if (divide) {
    for (Action a : state->legal_actions()) {
      auto next = state->clone();
      next->apply(a);
      std::cout << state->action_to_string(a) << ": "
                << (next->current_player() == state->current_player() && !next->is_terminal()
                        ? "(turn continues)"
                        : std::to_string(game->perft(*next, depth - 1)))
                << "\n";
    }
  }
  return 0;
}

}  // namespace

HZ_COMMAND("perft", "count complete turns from the start position to a depth",
           "--game NAME [--option k=v ...] [--depth D] [--divide]", run_perft);

}  // namespace hz::cli
