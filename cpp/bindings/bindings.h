// Internal to the Python module: each bindings/*.cpp contributes one bind_* function.
#pragma once

#include <pybind11/pybind11.h>

namespace hz::py_bind {
void bind_games(pybind11::module_& m);
void bind_agents(pybind11::module_& m);
void bind_records(pybind11::module_& m);
}  // namespace hz::py_bind
