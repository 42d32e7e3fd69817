"""Executes every notebook in notebooks/ headless, top to bottom, in quick mode
(HOPZERO_NOTEBOOK_QUICK=1), with /usr/bin/jupyter nbconvert; a failing cell fails the test.
A notebook whose metadata says ``"hopzero": {"per_game": true}`` runs once for every registered
game (HOPZERO_NOTEBOOK_GAME), the others once. Outputs go to a temporary folder (the committed
notebooks stay without outputs). The runs go two at a time (most of each is kernel start-up and
waiting on the hopzero program). The copies executed on real runs (notebooks/executed/, written by
scripts/execute_notebooks.sh) must have their source's code and show its figures."""

import glob
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

import hopzero

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTEBOOKS = sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))
JUPYTER = "/usr/bin/jupyter"
EXECUTED = sorted(glob.glob(os.path.join(ROOT, "notebooks", "executed", "*.ipynb")))


def per_game(path):
    with open(path, encoding="utf-8") as f:
        return bool(json.load(f)["metadata"].get("hopzero", {}).get("per_game"))


# (notebook, game or None): per-game notebooks once for every registered game.
RUNS = [(p, g) for p in NOTEBOOKS for g in (hopzero.game_names() if per_game(p) else [None])]


def run_id(run):
    path, game = run
    return os.path.basename(path) + (f"[{game}]" if game else "")


def execute(path, game, out_dir):
    env = dict(os.environ, HOPZERO_NOTEBOOK_QUICK="1", HOPZERO_ROOT=ROOT,
               PYDEVD_DISABLE_FILE_VALIDATION="1", TMPDIR=str(out_dir))
    for name in ("HOPZERO_RUN", "MPLBACKEND", "HOPZERO_NOTEBOOK_GAME"):
        env.pop(name, None)  # (the kernel's inline backend draws the pictures)
    if game:
        env["HOPZERO_NOTEBOOK_GAME"] = game
    cmd = [JUPYTER, "nbconvert", "--to", "notebook", "--execute", path, "--output-dir",
           str(out_dir), "--ExecutePreprocessor.timeout=300"]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """Runs every (notebook, game) once (two at a time); maps it to (result, output folder)."""
    folders = {r: tmp_path_factory.mktemp(run_id(r).replace("[", "-").replace("]", ""))
               for r in RUNS}
    with ThreadPoolExecutor(2) as pool:
        results = pool.map(lambda r: execute(*r, folders[r]), RUNS)
        return {r: (result, folders[r]) for r, result in zip(RUNS, results)}


def test_the_notebooks_exist():
    names = {os.path.basename(p) for p in NOTEBOOKS}
    assert names >= {"training_run.ipynb", "strategy.ipynb"}
    assert per_game(os.path.join(ROOT, "notebooks", "strategy.ipynb"))


def code_cells(path):
    with open(path, encoding="utf-8") as f:
        return ["".join(c["source"]).strip() for c in json.load(f)["cells"]
                if c["cell_type"] == "code"]


def test_no_notebook_repeats_another_ones_cells():
    """Shared code lives in the package (hopzero.notebook, analysis, plot); a notebook's cells
    are its own. The short setup cell (imports and paths) is the one cell they share."""
    seen = {}
    for path in NOTEBOOKS:
        for text in code_cells(path)[1:]:  # after the setup cell
            assert text not in seen, f"{os.path.basename(path)} repeats a cell of {seen[text]}"
            seen[text] = os.path.basename(path)


def test_notebooks_name_no_game():
    """A per-game notebook takes its game as a parameter: no registered game's name in code."""
    for path in NOTEBOOKS:
        for text in code_cells(path):
            for name in hopzero.game_names():
                assert f'"{name}"' not in text and f"'{name}'" not in text, (path, name)


def test_committed_notebooks_carry_no_outputs():
    for path in NOTEBOOKS:
        with open(path, encoding="utf-8") as f:
            cells = json.load(f)["cells"]
        assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code"), path


@pytest.mark.skipif(not os.access(JUPYTER, os.X_OK), reason="no /usr/bin/jupyter")
@pytest.mark.parametrize("run", RUNS, ids=run_id)
def test_notebook_runs_top_to_bottom(run, executed):
    path, _ = run
    result, folder = executed[run]
    assert result.returncode == 0, f"{run_id(run)} failed:\n{result.stderr[-6000:]}"
    with open(folder / os.path.basename(path), encoding="utf-8") as f:
        cells = json.load(f)["cells"]
    outputs = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    pictures = sum("image/png" in o.get("data", {}) for o in outputs)
    assert pictures >= 3, f"only {pictures} pictures drawn"


def source_of(executed_path):
    """notebooks/executed/NAME[.RUN].ipynb is an executed copy of notebooks/NAME.ipynb."""
    name = os.path.basename(executed_path).split(".")[0]
    return os.path.join(ROOT, "notebooks", name + ".ipynb")


def test_every_notebook_has_an_executed_copy():
    copied = {source_of(p) for p in EXECUTED}
    assert not [p for p in NOTEBOOKS if p not in copied], "run scripts/execute_notebooks.sh"
    assert not [p for p in EXECUTED if source_of(p) not in NOTEBOOKS], "copy of no notebook"


@pytest.mark.parametrize("path", EXECUTED, ids=os.path.basename)
def test_executed_copy_has_its_sources_code_and_figures(path):
    assert code_cells(path) == code_cells(source_of(path)), (
        f"{os.path.basename(path)} is stale: re-run scripts/execute_notebooks.sh")
    with open(path, encoding="utf-8") as f:
        notebook = json.load(f)
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(c.get("execution_count") for c in cells), "not every cell was executed"
    outputs = [o for c in cells for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join("".join(o.get("text", "")) for o in outputs)
    assert "quick mode: True" not in text, "executed in quick mode, not on a real run"
    assert sum("image/png" in o.get("data", {}) for o in outputs) >= 3
