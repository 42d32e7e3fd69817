"""The type stubs (_core.pyi) list exactly the compiled module's API, and everything public has
a docstring, so help() and editors show the real API."""

import ast
import inspect
import os

import pytest

import hopzero
from hopzero import _core

STUB = os.path.join(os.path.dirname(hopzero.__file__), "_core.pyi")


def stub_api():
    tree = ast.parse(open(STUB, encoding="utf-8").read())
    functions, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions.add(node.name)
        elif isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    members.add(item.target.id)
            classes[node.name] = members
    return functions, classes


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_stub_lists_exactly_the_module_api():
    functions, classes = stub_api()
    runtime = public(dir(_core))
    assert functions | set(classes) == runtime
    for name, members in classes.items():
        cls = getattr(_core, name)
        assert public(members) == public(dir(cls)), name
        for member in members:  # dunders named in the stub exist too
            assert hasattr(cls, member), f"{name}.{member}"


@pytest.mark.parametrize("module", ["hopzero", "hopzero.agents", "hopzero.analysis",
                                    "hopzero.boards", "hopzero.charts", "hopzero.data",
                                    "hopzero.env", "hopzero.notebook", "hopzero.plot",
                                    "hopzero.records"])
def test_public_python_functions_have_docstrings(module):
    mod = __import__(module, fromlist=["_"])
    assert mod.__doc__
    for name in getattr(mod, "__all__", []):
        obj = getattr(mod, name)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            assert obj.__doc__, f"{module}.{name}"


def described(name, obj):
    """The docstring without pybind11's signature line."""
    lines = (obj.__doc__ or "").strip().splitlines()
    if lines and lines[0].startswith(name + "("):
        lines = lines[1:]
    return "\n".join(lines).strip()


def test_compiled_api_has_docstrings():
    for name in public(dir(_core)):
        assert described(name, getattr(_core, name)), name
    for cls in (_core.Game, _core.State, _core.Agent, _core.SearchInfo, _core.GameRecord):
        for name in public(dir(cls)):
            assert described(name, getattr(cls, name)), f"{cls.__name__}.{name}"
