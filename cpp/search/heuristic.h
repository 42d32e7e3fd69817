// The customisation point that gives the alpha-beta family (alpha-beta, paranoid, best-reply,
// greedy) its knowledge of one game, and the typed, documented weights such knowledge reads.
//
// A game opts in by specialising Heuristic<G> in cpp/engine/<game>/heuristic.h:
//
//   template <> struct Heuristic<MyGame> {
//     struct Weights {                     // plain doubles with their defaults
//       double material = 100;
//       static const std::vector<WeightField<Weights>>& fields();  // one entry per member
//     };
//     Heuristic(const MyGame& game, const Weights& w);
//     // How good non-terminal `s` is for `player`, in score units (search_score.h; clamped to
//     // +-kEvalBound). For two players it should be antisymmetric: evaluate(s, 0) ==
//     // -evaluate(s, 1); negamax reads it from the root player's side only.
//     ab::Score evaluate(const MyGame::State& s, int player) const;
//     // Whether action `a` (legal in non-terminal `s`) changes material (a capture, a huff):
//     // quiescence follows only turns that start with a noisy action; move ordering tries noisy
//     // actions first. A game without captures returns false (quiescence then costs nothing).
//     bool is_noisy(const MyGame::State& s, Action a) const;
//     // Optional, needed only by Best-Reply Search (games with more than two players): make
//     // `player` the one to move in non-terminal `s` at the start of a turn, keeping the board;
//     // false (and `s` unchanged) if that player cannot move any more (finished, out).
//     static bool set_mover(MyGame::State& s, int player);
//   };
//
// The search agents for a game are registered from one new file in the game's engine folder,
// cpp/engine/<game>/register.cpp: HZ_REGISTER_HEURISTIC_AGENTS(MyGame); (see
// search/heuristic_agents.h). Nothing else lists games.
//
// Weights are read either from a YAML section (read_weights(ConfigSection&), each key typed,
// bounded and documented, unknown keys are errors) or from an agent spec ("w_material=120").
// Thread-safety: a Heuristic is immutable after construction and may be shared.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/config.h"
#include "core/error.h"
#include "search/agent.h"
#include "search/search_score.h"

namespace hz {

// Undefined on purpose: a game without a specialisation has no alpha-beta agents.
template <class G>
struct Heuristic;

// One documented, bounded weight: the member it sets, its range and what it means. The default
// is the member's value in a default-constructed W.
template <class W>
struct WeightField {
  const char* key;
  double W::*member;
  double lo, hi;
  const char* doc;
};

// Reads every field of W from a config section (with its doc); unknown keys are errors.
template <class W>
W read_weights(ConfigSection& section) {
  W w;
  for (const auto& f : W::fields())
    w.*f.member = section.get_double(f.key, w.*f.member, f.lo, f.hi, f.doc);
  section.finish();
  return w;
}

// Reads "w_<key>=value" settings of an agent spec over `base`.
template <class W>
W read_weights(SpecReader& reader, W base) {
  for (const auto& f : W::fields())
    base.*f.member = reader.get_double(std::string("w_") + f.key, base.*f.member, f.lo, f.hi);
  return base;
}

// "key = default  [lo, hi]  doc" lines, for --help texts and documentation.
template <class W>
std::string describe_weights() {
  const W w;
  std::string out;
  for (const auto& f : W::fields())
    out += str_cat("  w_", f.key, " = ", w.*f.member, "  [", f.lo, ", ", f.hi, "]  ", f.doc, "\n");
  return out;
}

namespace detail {
template <class H, class State, class = void>
struct HasSetMover : std::false_type {};
template <class H, class State>
struct HasSetMover<H, State, std::void_t<decltype(H::set_mover(std::declval<State&>(), 0))>>
    : std::true_type {};
}  // namespace detail

// Whether Heuristic-like H offers set_mover (so Best-Reply Search is possible).
template <class H, class State>
inline constexpr bool kHasSetMover = detail::HasSetMover<H, State>::value;

}  // namespace hz
