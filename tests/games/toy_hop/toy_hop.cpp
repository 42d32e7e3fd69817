// toy_hop's rules, notation and state text (README.md in this folder).
#include "toy_hop.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"

namespace hz::toy_hop {

namespace {
constexpr char kSymbols[2] = {'L', 'R'};
int forwards(int player) {
  return player == 0 ? 1 : -1;
}
}  // namespace

ToyHop::ToyHop(const GameOptions& resolved)
    : options_(resolved), length_(static_cast<int>(resolved.get_int("length"))) {
  HZ_CHECK(length_ >= 5 && length_ <= kMaxLength, "toy_hop length ", length_, " not in [5, 9]");
}

std::array<int, 2> ToyHop::start_cells(int player) const {
  if (player == 0) return {0, 1};
  return {length_ - 2, length_ - 1};
}

ToyHopState ToyHop::initial_state() const {
  ToyHopState s(this);
  for (int player = 0; player < 2; ++player)
    for (int cell : start_cells(player)) s.cells_[cell] = static_cast<int8_t>(player);
  return s;
}

void ToyHop::transform_observation(int sym, const float* in, float* out) const {
  std::copy(in, in + observation_shape().size(), out);
}

int ToyHop::parse_cell(std::string_view text) const {
  if (text.size() == 1) {
    const int cell = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    if (cell >= 0 && cell < length_) return cell;
  }
  fail("toy_hop: ", quote(text), " is not a cell (a to ", cell_name(length_ - 1), ")");
}

ToyHopState::ToyHopState(const ToyHop* game) : game_(game) {
  cells_.fill(kEmpty);
}

int ToyHopState::mirror(int cell) const {
  return mover_ == 0 ? cell : game_->length() - 1 - cell;
}

int ToyHopState::target(Action a) const {
  const int n = game_->length();
  if (a < 0 || a >= n || cells_[a] == kEmpty) return -1;
  const int step = forwards(cells_[a]);
  const int next = a + step, beyond = a + 2 * step;
  if (next < 0 || next >= n) return -1;
  if (cells_[next] == kEmpty) return next;
  if (beyond < 0 || beyond >= n || cells_[beyond] != kEmpty) return -1;
  return beyond;
}

bool ToyHopState::has_legal_action(int player) const {
  for (int cell = 0; cell < game_->length(); ++cell)
    if (cells_[cell] == player && target(cell) >= 0) return true;
  return false;
}

void ToyHopState::legal_actions(hz::ActionList<kMaxLength>& out) const {
  out.clear();
  if (is_terminal()) return;
  for (int cell = 0; cell < game_->length(); ++cell)
    if (cells_[cell] == mover_ && target(cell) >= 0) out.push_back(cell);
}

void ToyHopState::apply(Action a) {
  const int to = target(a);
  cells_[to] = cells_[a];
  cells_[a] = kEmpty;
  ++moves_;
  const std::array<int, 2> goal = game_->start_cells(1 - mover_);
  if (cells_[goal[0]] == mover_ && cells_[goal[1]] == mover_) {
    winner_ = mover_;
    return;
  }
  mover_ = 1 - mover_;
  if (!has_legal_action(mover_)) {  // who cannot move loses
    winner_ = 1 - mover_;
    mover_ = winner_;  // a finished game's mover is its winner, as in its text
  }
}

void ToyHopState::returns(PlayerValues& out) const {
  out.fill(0.0f);
  HZ_CHECK(winner_ >= 0, "toy_hop: returns of a game that goes on");
  out[winner_] = 1.0f;
  out[1 - winner_] = -1.0f;
}

void ToyHopState::observation(float* out) const {
  const int n = game_->length();
  for (int cell = 0; cell < n; ++cell) {
    const int owner = cells_[mirror(cell)];
    out[cell] = owner == mover_ ? 1.0f : 0.0f;
    out[n + cell] = owner == 1 - mover_ ? 1.0f : 0.0f;
  }
}

uint64_t ToyHopState::hash() const {
  uint64_t h = zobrist_key(mover_, winner_ + 1, 0x70f);
  for (int cell = 0; cell < game_->length(); ++cell) h ^= zobrist_key(cell, cells_[cell] + 1, 1);
  return h;
}

std::string ToyHopState::to_string() const {
  std::string out;
  for (int cell = 0; cell < game_->length(); ++cell) {
    if (cell) out += ' ';
    out += cells_[cell] == kEmpty ? '.' : kSymbols[cells_[cell]];
  }
  out += winner_ >= 0 ? str_cat("  (", kSymbols[winner_], " won)")
                      : str_cat("  (", kSymbols[mover_], " to move)");
  return out;
}

std::string ToyHopState::action_to_string(Action a) const {
  const int to = target(a);
  if (to < 0) return str_cat("?", a);
  return game_->cell_name(a) + "-" + game_->cell_name(to);
}

Action ToyHopState::parse_action(std::string_view text) const {
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) fail("toy_hop action ", quote(text), " is not from-to");
  const int from = game_->parse_cell(text.substr(0, dash));
  const int to = game_->parse_cell(text.substr(dash + 1));
  if (is_terminal() || cells_[from] != mover_ || target(from) != to)
    fail("toy_hop action ", quote(text), " is not legal here");
  return from;
}

std::string ToyHopState::turn_to_string(const std::vector<Action>& actions) const {
  ToyHopState s = *this;
  std::string out;
  for (Action a : actions) {
    if (!out.empty()) out += ' ';
    out += s.action_to_string(a);
    s.apply(a);
  }
  return out;
}

std::vector<Action> ToyHopState::parse_turn(std::string_view text) const {
  std::vector<Action> out;
  ToyHopState s = *this;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) {
      out.push_back(s.parse_action(text.substr(start, end - start)));
      s.apply(out.back());
    }
    start = end + 1;
  }
  if (out.empty()) fail("toy_hop turn ", quote(text), " has no action");
  return out;
}

std::string ToyHopState::serialize() const {
  std::string cells;
  for (int cell = 0; cell < game_->length(); ++cell)
    cells += cells_[cell] == kEmpty ? '.' : kSymbols[cells_[cell]];
  return str_cat(cells, winner_ >= 0 ? " won=" : " to=", winner_ >= 0 ? winner_ : mover_,
                 " moves=", moves_);
}

ToyHopState ToyHop::deserialize(std::string_view text) const {
  auto bad = [&](const char* what) { fail("toy_hop state ", quote(text), ": ", what); };
  ToyHopState s(this);
  const size_t space = text.find(' ');
  if (space != static_cast<size_t>(length_)) bad("the cells are not one per cell");
  int pieces[2] = {0, 0};
  for (int cell = 0; cell < length_; ++cell) {
    const char c = text[cell];
    if (c == '.') continue;
    if (c != 'L' && c != 'R') bad("a cell is not L, R or .");
    s.cells_[cell] = c == 'L' ? 0 : 1;
    ++pieces[s.cells_[cell]];
  }
  if (pieces[0] != 2 || pieces[1] != 2) bad("each player has two pieces");
  const std::string_view rest = text.substr(space + 1);
  int player = -1;
  long moves = -1;
  if (rest.size() >= 5 && (rest.substr(0, 3) == "to=" || rest.substr(0, 4) == "won=")) {
    const size_t eq = rest.find('=');
    if (rest.size() > eq + 1 && (rest[eq + 1] == '0' || rest[eq + 1] == '1'))
      player = rest[eq + 1] - '0';
    const std::string_view tail = rest.substr(std::min(rest.size(), eq + 2));
    if (tail.size() > 7 && tail.substr(0, 7) == " moves=") {
      moves = 0;
      for (char d : tail.substr(7)) {
        if (!std::isdigit(static_cast<unsigned char>(d)) || moves > max_game_length())
          bad("bad moves");
        moves = moves * 10 + (d - '0');
      }
    }
  }
  if (player < 0 || moves < 0 || moves > max_game_length())
    bad("expected 'to=<0|1> moves=<n>' or 'won=<0|1> moves=<n>' after the cells");
  s.moves_ = static_cast<int>(moves);
  s.mover_ = player;
  if (rest[0] == 'w') {
    s.winner_ = player;
  } else {
    if (!s.has_legal_action(player)) bad("the player to move has no legal action");
  }
  return s;
}

}  // namespace hz::toy_hop
