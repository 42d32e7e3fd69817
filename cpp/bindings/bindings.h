// Internal to the Python module hopzero._core: each bindings/*.cpp contributes one bind_*
// function (games, states, agents, records), and this header holds what they share: numpy
// arrays over C++ buffers and the checks that turn bad Python arguments into hz::Error
// (raised in Python as ValueError) before they reach engine code that assumes valid input.
//
// Arrays: owning_array() hands a C++ vector to numpy without copying; a capsule owns the vector
// and frees it when the last array viewing it goes. view_of() returns a read-only array over
// memory owned by a Python object (kept alive as the array's base).
//
// Uninitialised objects: Class.__new__(Class) without a constructor makes a Python object that
// holds no C++ value, and pybind11 would hand its null pointer on to engine code (a crash). The
// casters of every bound class (specialised at the end of this header) refuse such an object
// with TypeError before any method, property, repr, copy, pickle or comparison reaches it.
//
// Threads: helpers here run with the GIL held; callers release it around engine work.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"
#include "eval/record.h"
#include "games/any_game.h"
#include "search/agent.h"

namespace hz::py_bind {

namespace py = pybind11;

void bind_games(py::module_& m);
void bind_states(py::module_& m);
void bind_agents(py::module_& m);
void bind_records(py::module_& m);

// Board geometry as plain dicts (bindings/geometry.cpp; keys in games/geometry.h).
py::dict geometry_dict(const AnyGame& game);
py::dict position_dict(const AnyState& state);
py::dict action_points_dict(const AnyState& state, Action action);

// A 1-D (or `shape`d) numpy array that takes over `values`; no copy of the elements.
template <class T>
py::array_t<T> owning_array(std::vector<T>&& values, std::vector<py::ssize_t> shape = {}) {
  auto* heap = new std::vector<T>(std::move(values));
  py::capsule owner(heap, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  if (shape.empty()) shape = {static_cast<py::ssize_t>(heap->size())};
  return py::array_t<T>(shape, heap->data(), owner);
}

// A read-only 1-D array over `size` elements at `data`, which `owner` keeps alive.
template <class T>
py::array_t<T> view_of(const T* data, size_t size, py::handle owner) {
  py::array_t<T> out({static_cast<py::ssize_t>(size)}, {static_cast<py::ssize_t>(sizeof(T))}, data,
                     owner);
  py::detail::array_proxy(out.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return out;
}

// The game as the shared pointer Python holds (states and agents refer to their game by
// reference; every AnyGame is created shared by the registry).
inline std::shared_ptr<AnyGame> shared_game(const AnyGame& game) {
  return std::const_pointer_cast<AnyGame>(game.shared_from_this());
}

// Throws unless `state` is a state of `game`'s variant (same rules and options): engine code
// indexes tables sized by its own variant, so a state of another one must never reach it.
inline void check_same_variant(const AnyGame& game, const AnyState& state, const char* who) {
  if (&state.game() == &game) return;
  const std::string have = state.game().full_name(), want = game.full_name();
  if (have != want) fail("a state of ", have, " was given to ", who, " for ", want);
}

inline void check_symmetry(const AnyGame& game, int sym) {
  if (sym < 0 || sym >= game.num_symmetries())
    fail("symmetry ", sym, " is out of range [0, ", game.num_symmetries(), ") for ",
         game.full_name());
}

// An action id (or a policy index) given from Python: an int or an integer-like object such as a
// numpy integer, never a float (int() would truncate it), a str or a bool (TypeError, raised by
// its caster below). Any size is taken, so that an id past 32 bits is a ValueError naming it,
// like any other id out of range, instead of pybind11's TypeError.
struct ActionArg {
  Action id = 0;
  bool fits = false;  // within Action's range; else `text` holds the number
  std::string text;
  // The id, or hz::Error (ValueError) "<what> N is out of range [0, count)" when it does not fit
  // an Action; ids that fit are checked by the engine, which says the same.
  Action checked(int count, const char* what = "action id") const {
    if (!fits) fail(what, " ", text, " is out of range [0, ", count, ")");
    return id;
  }
};

// Throws TypeError if `src` is an instance of the bound C++ type `type` that holds no value (made
// by __new__ without a constructor). Anything else is left to pybind11's own checks.
inline void check_initialised(py::handle src, const std::type_info& type) {
  if (!src || src.is_none()) return;
  py::detail::type_info* info = py::detail::get_type_info(type);
  if (!info || !PyObject_TypeCheck(src.ptr(), info->type)) return;
  auto* instance = reinterpret_cast<py::detail::instance*>(src.ptr());
  if (instance->get_value_and_holder(info, false).value_ptr() != nullptr) return;
  const std::string name = py::str(py::type::handle_of(src).attr("__name__"));
  throw py::type_error("this hopzero." + name + " object is not initialised (it was made by " +
                       name + ".__new__() without a constructor)");
}

}  // namespace hz::py_bind

namespace pybind11::detail {

// The casters of the bound classes: pybind11's own, after check_initialised.
template <class T>
class initialised_only_caster : public type_caster_base<T> {
 public:
  bool load(handle src, bool convert) {
    hz::py_bind::check_initialised(src, typeid(T));
    return type_caster_base<T>::load(src, convert);
  }
};
template <class T, class Holder>
class initialised_only_holder_caster : public copyable_holder_caster<T, Holder> {
 public:
  bool load(handle src, bool convert) {
    hz::py_bind::check_initialised(src, typeid(T));
    return copyable_holder_caster<T, Holder>::load(src, convert);
  }
};

template <>
class type_caster<hz::py_bind::ActionArg> {
 public:
  PYBIND11_TYPE_CASTER(hz::py_bind::ActionArg, const_name("int"));
  bool load(handle src, bool) {
    if (!src) return false;
    if (PyBool_Check(src.ptr()) || !PyIndex_Check(src.ptr()))
      throw type_error("an action id must be an integer, not " +
                       std::string(str(type::handle_of(src).attr("__name__"))));
    const object index = reinterpret_steal<object>(PyNumber_Index(src.ptr()));
    if (!index) throw error_already_set();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (v == -1 && PyErr_Occurred()) throw error_already_set();
    value.fits = overflow == 0 && v >= std::numeric_limits<hz::Action>::min() &&
                 v <= std::numeric_limits<hz::Action>::max();
    value.id = value.fits ? static_cast<hz::Action>(v) : 0;
    if (!value.fits) value.text = str(index);
    return true;
  }
  static handle cast(const hz::py_bind::ActionArg& a, return_value_policy, handle) {
    return PyLong_FromLong(a.id);
  }
};

template <>
class type_caster<hz::AnyState> : public initialised_only_caster<hz::AnyState> {};
template <>
class type_caster<hz::AnyGame> : public initialised_only_caster<hz::AnyGame> {};
template <>
class type_caster<std::shared_ptr<hz::AnyGame>>
    : public initialised_only_holder_caster<hz::AnyGame, std::shared_ptr<hz::AnyGame>> {};
template <>
class type_caster<hz::SearchInfo> : public initialised_only_caster<hz::SearchInfo> {};
template <>
class type_caster<hz::GameRecord> : public initialised_only_caster<hz::GameRecord> {};

}  // namespace pybind11::detail
