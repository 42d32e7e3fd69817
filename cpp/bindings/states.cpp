// Python bindings for states (games/any_game.h: AnyState): play, notation, numpy views of the
// position (observation, legal masks), symmetries and pickling.
//
// Arrays: observation() writes straight into a new numpy buffer (or into `out`), legal_mask()
// hands the engine's mask vector to numpy through a capsule; neither copies elements. Input is
// checked by the engine's AnyState methods (ranges, legality, parse errors) or here (`out`
// arrays), so bad arguments raise ValueError / TypeError.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "bindings/bindings.h"
#include "games/registry.h"

namespace hz::py_bind {

namespace {

py::array_t<float> observation_array(const AnyState& s, const py::object& out) {
  const ObservationShape shape = s.game().observation_shape();
  if (out.is_none()) {
    py::array_t<float> fresh({shape.planes, shape.height, shape.width});
    s.observation(fresh.mutable_data());
    return fresh;
  }
  if (!py::isinstance<py::array_t<float>>(out) ||
      !py::array(out).dtype().is(py::dtype::of<float>()))
    throw py::type_error("observation(out=...) needs a float32 numpy array");
  auto arr = py::reinterpret_borrow<py::array_t<float>>(out);
  const bool shape_ok = arr.ndim() == 3 && arr.shape(0) == shape.planes &&
                        arr.shape(1) == shape.height && arr.shape(2) == shape.width;
  if (!shape_ok)
    fail("observation(out=...) needs shape (", shape.planes, ", ", shape.height, ", ", shape.width,
         ") for ", s.game().full_name());
  if (!(arr.flags() & py::array::c_style)) fail("observation(out=...) needs a C-contiguous array");
  if (!arr.writeable()) fail("observation(out=...) was given a read-only array");
  s.observation(arr.mutable_data());
  return arr;
}

py::array legal_mask_array(const AnyState& s) {
  std::vector<uint8_t> mask = s.legal_mask();  // 0/1 bytes: numpy's bool layout
  auto* heap = new std::vector<uint8_t>(std::move(mask));
  py::capsule owner(heap, [](void* p) { delete static_cast<std::vector<uint8_t>*>(p); });
  return py::array(py::dtype::of<bool>(), {static_cast<py::ssize_t>(heap->size())}, {1},
                   heap->data(), owner);
}

// Legal actions marked at their canonical policy index (what a network's policy head sees).
py::array_t<bool> legal_policy_mask(const AnyState& s) {
  py::array_t<bool> out(s.game().num_actions());
  bool* d = out.mutable_data();
  std::fill(d, d + s.game().num_actions(), false);
  for (Action a : s.legal_actions()) d[s.policy_index(a)] = true;
  return out;
}

// The action ids of a Python iterable, each checked like a single one (ActionArg).
std::vector<Action> actions_from(const py::iterable& items, const AnyGame& game) {
  std::vector<Action> out;
  for (py::handle h : items) out.push_back(h.cast<ActionArg>().checked(game.num_actions()));
  return out;
}

using StateClass = py::class_<AnyState>;

// Playing: the mover, the legal actions, applying them, the returns and the network's view.
void bind_state_play(StateClass& state) {
  state
      .def_property_readonly(
          "game", [](const AnyState& s) { return shared_game(s.game()); },
          "The Game this state belongs to.")
      .def("current_player", &AnyState::current_player,
           "The player to move, or -1 when the game is over.")
      .def("is_terminal", &AnyState::is_terminal, "Whether the game is over.")
      .def("move_number", &AnyState::move_number, "Actions applied since the start.")
      .def("legal_actions", &AnyState::legal_actions, "Legal action ids (empty when terminal).")
      .def("legal_mask", &legal_mask_array,
           "bool array of num_actions() entries, True at legal action ids (no copy).")
      .def("legal_policy_mask", &legal_policy_mask,
           "bool array of num_actions() entries, True at the canonical policy index of each\n"
           "legal action (the mask to apply to a network's policy output).")
      .def(
          "is_legal",
          [](const AnyState& s, const ActionArg& a) { return a.fits && s.is_legal(a.id); },
          py::arg("action"), "Whether an action id is legal now (False for ids out of range).")
      .def(
          "apply",
          [](AnyState& s, const ActionArg& a) { s.apply(a.checked(s.game().num_actions())); },
          py::arg("action"),
          "Apply one action; an illegal action raises ValueError and leaves the state as it was.")
      .def(
          "apply_all",
          [](AnyState& s, const py::iterable& actions) {
            const std::vector<Action> ids = actions_from(actions, s.game());
            auto copy = s.clone();  // all or nothing: checked on a copy first
            for (Action a : ids) copy->apply(a);
            for (Action a : ids) s.apply(a);
          },
          py::arg("actions"),
          "Apply actions in order, all or none: an illegal one raises ValueError and leaves\n"
          "the state as it was.")
      .def(
          "returns",
          [](const AnyState& s) {
            const PlayerValues r = s.returns();
            return std::vector<float>(r.begin(), r.begin() + s.game().num_players());
          },
          "Final returns per player (zero-sum, in [-1, 1]); ValueError unless terminal.")
      .def(
          "margins",
          [](const AnyState& s) -> std::optional<std::vector<float>> {
            PlayerValues m{};
            if (!s.margins(m)) return std::nullopt;
            return std::vector<float>(m.begin(), m.begin() + s.game().num_players());
          },
          "How far each player is ahead by the game's own measure (material, distance), per\n"
          "player, zero-sum, in [-1, 1], in any state; None if the game defines no margins.\n"
          "Self-play mixes the last position's into value targets (selfplay.margin_weight).")
      .def("observation", &observation_array, py::arg("out") = py::none(),
           "float32 array (planes, height, width) in the view of the player to move, written\n"
           "in place into `out` when given (a C-contiguous float32 array of that shape).")
      .def(
          "policy_index",
          [](const AnyState& s, const ActionArg& a) {
            return s.policy_index(a.checked(s.game().num_actions()));
          },
          py::arg("action"),
          "Canonical policy index of an absolute action id (for the player to move).")
      .def(
          "action_from_policy_index",
          [](const AnyState& s, const ActionArg& i) {
            return s.action_from_policy_index(i.checked(s.game().num_actions(), "policy index"));
          },
          py::arg("index"), "The absolute action id of a canonical policy index.");
}

// Notation, serialization, and the points of the board that the state and its actions touch.
void bind_state_text(StateClass& state) {
  state.def("hash", &AnyState::hash, "Zobrist hash: equal positions hash equal.")
      .def(
          "action_to_string",
          [](const AnyState& s, const ActionArg& a) {
            return s.action_to_string(a.checked(s.game().num_actions()));
          },
          py::arg("action"), "Notation of one action in this state (docs/notation.md).")
      .def("string_to_action", &AnyState::parse_action, py::arg("text"),
           "The action id of a notation; unreadable or illegal text raises ValueError.")
      .def(
          "turn_to_string",
          [](const AnyState& s, const py::iterable& actions) {
            return s.turn_to_string(actions_from(actions, s.game()));
          },
          py::arg("actions"), "Notation of a whole turn (its actions, from this state).")
      .def("parse_turn", &AnyState::parse_turn, py::arg("text"),
           "The actions of a turn written in notation; raises ValueError if not legal here.")
      .def("serialize", &AnyState::serialize,
           "One line of text that Game.deserialize_state() reads back (format: each game's "
           "header).")
      .def("board_position", &position_dict,
           "Who stands where: a dict with 'owner' (per point of Game.geometry(), the player\n"
           "whose piece is there or -1), 'reserves' (per player; empty if the game has none),\n"
           "'active' (the piece that must go on in a chain, or None) and 'measures' (the\n"
           "game's own measures by name, one value per player, e.g. Chinese Checkers'\n"
           "'goal_distance'; empty if the game has none).")
      .def(
          "action_points",
          [](const AnyState& s, const ActionArg& a) {
            return action_points_dict(s, a.checked(s.game().num_actions()));
          },
          py::arg("action"),
          "The points an action id touches: a dict with 'kind' (step, jump, capture, birth,\n"
          "stop, huff, pass) and 'from', 'to', 'over' (point indices or None).");
}

// Symmetries, copies, equality, pickling and printing.
void bind_state_protocols(StateClass& state) {
  state
      .def("transformed", &AnyState::transformed, py::arg("symmetry"),
           "The state whose canonical view is this one's under a symmetry.")
      .def("clone", &AnyState::clone, "An independent copy.")
      .def("__copy__", &AnyState::clone)
      .def("__deepcopy__", [](const AnyState& s, py::dict) { return s.clone(); })
      .def("__eq__",
           [](const AnyState& a, const py::object& b) {
             if (!py::isinstance<AnyState>(b)) return false;
             const auto& other = b.cast<const AnyState&>();  // same variant, same position
             return a.game().full_name() == other.game().full_name() &&
                    a.serialize() == other.serialize();
           })
      .def(py::pickle(
          [](const AnyState& s) {
            return py::make_tuple(s.game().name(), s.game().options().values(), s.serialize());
          },
          [](const py::tuple& t) {
            if (t.size() != 3) fail("cannot unpickle a State from ", t.size(), " fields");
            GameOptions o;
            for (const auto& [k, v] : t[1].cast<std::map<std::string, std::string>>()) o.set(k, v);
            return make_game(t[0].cast<std::string>(), o)
                ->deserialize_state(t[2].cast<std::string>());
          }))
      .def("__str__", &AnyState::to_string)
      .def("__repr__", [](const AnyState& s) {
        return "<hopzero.State " + s.game().full_name() + " " + s.serialize() + ">";
      });
}

}  // namespace

void bind_states(py::module_& m) {
  StateClass state(
      m, "State",
      "A position of one game variant. apply() changes it in place; clone() copies it.\n"
      "Actions are integer ids in [0, game.num_actions()); a turn may be several actions by\n"
      "the same player, so read current_player() after every apply(). Not thread-safe: use a\n"
      "state from one thread at a time.");
  bind_state_play(state);
  bind_state_text(state);
  bind_state_protocols(state);
}

}  // namespace hz::py_bind
