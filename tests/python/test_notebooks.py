"""Executes every notebook in notebooks/ headless, top to bottom, in quick mode
(HOPZERO_NOTEBOOK_QUICK=1), with /usr/bin/jupyter nbconvert; a failing cell fails the test.
Outputs go to a temporary folder (the committed notebooks stay without outputs). The notebooks
run two at a time (most of each is kernel start-up and waiting on the hopzero program)."""

import glob
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTEBOOKS = sorted(glob.glob(os.path.join(ROOT, "notebooks", "*.ipynb")))
JUPYTER = "/usr/bin/jupyter"


def execute(path, out_dir):
    env = dict(os.environ, HOPZERO_NOTEBOOK_QUICK="1", HOPZERO_ROOT=ROOT,
               PYDEVD_DISABLE_FILE_VALIDATION="1", TMPDIR=str(out_dir))
    for name in ("HOPZERO_RUN", "MPLBACKEND"):  # the kernel's inline backend draws the pictures
        env.pop(name, None)
    cmd = [JUPYTER, "nbconvert", "--to", "notebook", "--execute", path, "--output-dir",
           str(out_dir), "--ExecutePreprocessor.timeout=300"]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """Runs every notebook once (two at a time); maps path -> (result, output folder)."""
    folders = {p: tmp_path_factory.mktemp(os.path.basename(p)[:-6]) for p in NOTEBOOKS}
    with ThreadPoolExecutor(2) as pool:
        results = pool.map(lambda p: execute(p, folders[p]), NOTEBOOKS)
        return {p: (r, folders[p]) for p, r in zip(NOTEBOOKS, results)}


def test_the_notebooks_exist():
    names = {os.path.basename(p) for p in NOTEBOOKS}
    assert names >= {"training_run.ipynb", "strategy_alquerque.ipynb", "strategy_jumpers.ipynb",
                     "strategy_chinese_checkers.ipynb"}


def test_committed_notebooks_carry_no_outputs():
    for path in NOTEBOOKS:
        with open(path, encoding="utf-8") as f:
            cells = json.load(f)["cells"]
        assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code"), path


@pytest.mark.skipif(not os.access(JUPYTER, os.X_OK), reason="no /usr/bin/jupyter")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=os.path.basename)
def test_notebook_runs_top_to_bottom(path, executed):
    result, folder = executed[path]
    assert result.returncode == 0, f"{os.path.basename(path)} failed:\n{result.stderr[-6000:]}"
    with open(folder / os.path.basename(path), encoding="utf-8") as f:
        cells = json.load(f)["cells"]
    outputs = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    pictures = sum("image/png" in o.get("data", {}) for o in outputs)
    assert pictures >= 3, f"only {pictures} pictures drawn"
