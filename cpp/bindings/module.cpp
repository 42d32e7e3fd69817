// The pybind11 module hopzero._core. This file only creates the module and maps errors; games,
// states, agents and records are bound in sibling files (bindings.h lists them).
//
// Errors: hz::Error (bad input anywhere in the engine) becomes ValueError with the same message.
// pybind11 itself raises TypeError for arguments of the wrong type.
#include <pybind11/pybind11.h>

#include "bindings/bindings.h"
#include "core/error.h"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "hopzero C++ engine: games, states, agents and game records.\n\n"
      "Use it through the package ``hopzero``; every class and function here is documented "
      "with help() and typed in _core.pyi. Bad arguments raise ValueError (bad values) or "
      "TypeError (wrong types), never crash the interpreter.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const hz::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  hz::py_bind::bind_games(m);
  hz::py_bind::bind_states(m);
  hz::py_bind::bind_agents(m);
  hz::py_bind::bind_records(m);
}
