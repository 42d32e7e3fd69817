#include "apps/terminal.h"

namespace hz::cli {

std::string render_board(const AnyState& state, bool color) {
  const std::string text = state.to_string();
  if (!color) return text;
  // Piece symbols per player as the engines draw them (see each game's to_string()).
  static const char* const kColors[] = {"\033[1;31m", "\033[1;36m", "\033[1;32m",
                                        "\033[1;33m", "\033[1;35m", "\033[1;34m"};
  static const std::string kSymbols[] = {"WwRr0", "BbTt1", "2", "3", "4", "5"};
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    int player = -1;
    for (int p = 0; p < 6 && player < 0; ++p)
      if (kSymbols[p].find(c) != std::string::npos) player = p;
    // Only colour isolated symbols (a piece), not letters inside words or coordinates.
    const bool isolated =
        (i == 0 || text[i - 1] == ' ' || text[i - 1] == '-' || text[i - 1] == '|') &&
        (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '-' || text[i + 1] == '|' ||
         text[i + 1] == '\n');
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
