#include "apps/terminal.h"

#include "games/registry.h"

namespace hz::cli {

std::string render_board(const AnyState& state, bool color) {
  const std::string text = state.to_string();
  if (!color) return text;
  static const char* const kColors[] = {"\033[1;31m", "\033[1;36m", "\033[1;32m",
                                        "\033[1;33m", "\033[1;35m", "\033[1;34m"};
  // Piece symbols per player as the game draws them (its GameInfo::piece_symbols).
  const std::vector<std::string>& symbols = game_info(state.game().name()).piece_symbols;
  auto separator = [](char c) { return c == ' ' || c == '-' || c == '|'; };
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    int player = -1;
    for (int p = 0; p < static_cast<int>(symbols.size()) && p < kMaxPlayers && player < 0; ++p)
      if (symbols[p].find(c) != std::string::npos) player = p;
    // Only colour isolated symbols (a piece), not letters inside words or coordinates.
    const bool isolated = (i == 0 || separator(text[i - 1])) &&
                          (i + 1 == text.size() || separator(text[i + 1]) || text[i + 1] == '\n');
    if (player >= 0 && isolated) {
      out += kColors[player];
      out += c;
      out += "\033[0m";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace hz::cli
