"""Helpers the notebooks share: finding the repository and the build, the game a notebook is
about, the quick mode used by the tests, and finding or making a small training run.

Environment variables:
  HOPZERO_ROOT            the repository root (default: walk up from the current folder until a
                          folder holds CMakeLists.txt and python/hopzero)
  HOPZERO_BUILD           the build folder (default: ROOT/build)
  HOPZERO_NOTEBOOK_GAME   the game a notebook analyses (default: the first registered game)
  HOPZERO_NOTEBOOK_QUICK  "1" for a tiny, fast run of every notebook (the tests use it)
  HOPZERO_RUN             a training run folder to analyse instead of making one
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

__all__ = ["repo_root", "build_dir", "hopzero_binary", "quick", "commands", "find_run",
           "tiny_config", "make_tiny_run", "run_game", "setup_path", "notebook_game",
           "quick_variant", "NotebookRun", "open_run"]

# Quick mode (the tests): a game stopped after this many plies when it has a max_plies option,
# and a training run of a few steps on a few small batches.
QUICK_MAX_PLIES = 24
QUICK_SETTINGS = {"training.total_steps": 5, "evaluation.games": 0,
                  "selfplay.games_per_thread": 2, "training.min_samples": 16,
                  "training.batch_size": 8}


def repo_root(start: str | None = None) -> str:
    """The repository root: $HOPZERO_ROOT, or the first folder at or above ``start`` (default:
    the current folder) holding CMakeLists.txt and python/hopzero. FileNotFoundError if none."""
    env = os.environ.get("HOPZERO_ROOT")
    if env:
        if not os.path.isfile(os.path.join(env, "CMakeLists.txt")):
            raise FileNotFoundError(f"HOPZERO_ROOT={env} is not a hopzero checkout")
        return os.path.abspath(env)
    folder = os.path.abspath(start or os.getcwd())
    while True:
        if (os.path.isfile(os.path.join(folder, "CMakeLists.txt"))
                and os.path.isdir(os.path.join(folder, "python", "hopzero"))):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            raise FileNotFoundError("cannot find the hopzero repository above "
                                    f"{start or os.getcwd()}; set HOPZERO_ROOT")
        folder = parent


def setup_path(start: str | None = None) -> str:
    """Puts ROOT/python first on sys.path (so ``import hopzero`` finds the built module) and
    returns the root."""
    root = repo_root(start)
    path = os.path.join(root, "python")
    if path not in sys.path:
        sys.path.insert(0, path)
    return root


def build_dir(root: str | None = None) -> str:
    """$HOPZERO_BUILD or ROOT/build."""
    return os.path.abspath(os.environ.get("HOPZERO_BUILD") or
                           os.path.join(root or repo_root(), "build"))


def hopzero_binary(root: str | None = None) -> str:
    """Path of the built ``hopzero`` program; FileNotFoundError naming the build command if it
    is missing."""
    path = os.path.join(build_dir(root), "hopzero")
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"{path} is missing: build with `make -C build hopzero`")
    return path


def quick() -> bool:
    """True when $HOPZERO_NOTEBOOK_QUICK is "1" (tiny settings for the tests)."""
    return os.environ.get("HOPZERO_NOTEBOOK_QUICK", "0") == "1"


def commands(root: str | None = None) -> list[str]:
    """The subcommands the built ``hopzero`` program offers (from its usage text)."""
    return list(_commands(hopzero_binary(root)))


@functools.lru_cache(maxsize=8)
def _commands(binary: str) -> tuple[str, ...]:
    out = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=60)
    text = out.stdout + out.stderr
    names, in_list = [], False
    for line in text.splitlines():
        if line.strip() == "commands:":
            in_list = True
            continue
        if in_list:
            if not line.startswith("  "):
                break
            names.append(line.split()[0])
    return tuple(names)


def find_run(game: str, root: str | None = None) -> str | None:
    """A run folder to analyse: $HOPZERO_RUN, else ROOT/runs/<game> when it holds metrics, else
    None. In quick mode only $HOPZERO_RUN counts (a tiny run is made instead of reading a big
    one)."""
    env = os.environ.get("HOPZERO_RUN")
    if env:
        return env
    if quick():
        return None
    candidate = os.path.join(root or repo_root(), "runs", game)
    return candidate if os.path.isfile(os.path.join(candidate, "metrics.jsonl")) else None


def tiny_config(game: str, options: dict | None = None, settings: dict | None = None,
                root: str | None = None) -> str:
    """The YAML text of a tiny training config for ``game``: configs/tiny_<game>.yaml (or
    tiny_<game>_*.yaml) when it exists, else another game's configs/tiny_*.yaml with its
    ``game:`` section replaced; ``options`` are merged over the config's rule options.
    ``settings`` overrides keys by dotted path, e.g. {"training.total_steps": 20}.
    FileNotFoundError when the repository has no tiny config at all."""
    import glob

    import yaml

    root = root or repo_root()
    folder = os.path.join(root, "configs")
    own = [p for p in [os.path.join(folder, f"tiny_{game}.yaml")] if os.path.isfile(p)]
    own += sorted(glob.glob(os.path.join(folder, f"tiny_{game}_*.yaml")))
    templates = own or sorted(glob.glob(os.path.join(folder, "tiny_*.yaml")))
    if not templates:
        raise FileNotFoundError(f"no configs/tiny_*.yaml in {root}")
    with open(templates[0], encoding="utf-8") as f:
        config = yaml.safe_load(f)
    if not own:  # another game's tiny config: keep its sizes, not its rules
        config["game"] = {"name": game}
    if options:
        config.setdefault("game", {}).setdefault("options", {}).update(options)
    for path, value in (settings or {}).items():
        node = config
        *parents, leaf = path.split(".")
        for key in parents:
            node = node.setdefault(key, {})
        node[leaf] = value
    return yaml.safe_dump(config, sort_keys=False)


def make_tiny_run(game: str, run_dir: str, options: dict | None = None,
                  settings: dict | None = None, root: str | None = None,
                  timeout: float = 900) -> str | None:
    """Trains a tiny run from tiny_config() with ``hopzero train --config F --run run_dir``
    (the config is written next to run_dir) and returns run_dir. Returns None when the program
    has no ``train`` command or the repository no tiny config yet (the notebooks then skip the
    network parts). A failed training raises RuntimeError with the program's output."""
    root = root or repo_root()
    if "train" not in commands(root):
        return None
    try:
        text = tiny_config(game, options, settings, root)
    except FileNotFoundError:
        return None
    if os.path.isdir(run_dir):
        shutil.rmtree(run_dir)
    os.makedirs(os.path.dirname(os.path.abspath(run_dir)), exist_ok=True)
    config_path = os.path.abspath(run_dir) + ".yaml"
    with open(config_path, "w", encoding="utf-8") as f:
        f.write(text)
    cmd = [hopzero_binary(root), "train", "--config", config_path, "--run", run_dir]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout}\n"
                           f"{out.stderr}")
    return run_dir


def run_game(run_dir: str):
    """The game variant a run trains (name and options from RUN/config.yaml), as a hopzero.Game:
    checkpoints of the run only load for exactly this variant."""
    import yaml

    from . import make

    path = os.path.join(run_dir, "config.yaml")
    with open(path, encoding="utf-8") as f:
        config = yaml.safe_load(f) or {}
    section = config.get("game") or {}
    if "name" not in section:
        raise ValueError(f"{path}: no game.name")
    options = {k: str(v).lower() if isinstance(v, bool) else str(v)
               for k, v in (section.get("options") or {}).items()}
    return make(section["name"], **options)


def notebook_game(default: str | None = None) -> str:
    """The game a notebook analyses: $HOPZERO_NOTEBOOK_GAME, else ``default``, else the first
    registered game. ValueError naming the registered games for an unknown name."""
    from . import game_names

    names = game_names()
    name = os.environ.get("HOPZERO_NOTEBOOK_GAME") or default or names[0]
    if name not in names:
        raise ValueError(f"HOPZERO_NOTEBOOK_GAME={name!r} is not a registered game; "
                         f"registered: {', '.join(names)}")
    return name


def quick_variant(game: str) -> tuple[dict, dict]:
    """(rule options, run settings) for a notebook's tiny run of ``game``: in quick mode
    games stop after QUICK_MAX_PLIES plies (for games that declare ``max_plies``) and the
    training is a few steps; otherwise no options and a 300-step run."""
    from . import game_options

    if not quick():
        return {}, {"training.total_steps": 300}
    declared = {o["name"] for o in game_options(game)}
    options = {"max_plies": QUICK_MAX_PLIES} if "max_plies" in declared else {}
    return options, dict(QUICK_SETTINGS)


@dataclass
class NotebookRun:
    """The run a notebook analyses: its ``folder`` (None when there is none), its
    ``checkpoints`` ((step, path) pairs) and the ``game`` variant it trains."""

    folder: str | None
    game: object
    checkpoints: list = field(default_factory=list)

    @property
    def last_checkpoint(self) -> str | None:
        """The path of the newest checkpoint, or None."""
        return self.checkpoints[-1][1] if self.checkpoints else None


def open_run(game: str, options: dict | None = None, settings: dict | None = None,
             root: str | None = None) -> NotebookRun:
    """The run to analyse for ``game``: find_run(), else a tiny run made now in a temporary
    folder (make_tiny_run() with ``options`` and ``settings``), else none (the build cannot
    train): then the game is ``make(game, **options)``. Prints what it found."""
    from . import data, make

    root = root or repo_root()
    folder = find_run(game, root)
    if folder is None:
        folder = os.path.join(tempfile.mkdtemp(prefix="hopzero-notebook-"), "run")
        folder = make_tiny_run(game, folder, options=options, settings=settings, root=root)
    if folder is None:
        print("No run: this build has no `hopzero train` or no tiny config yet; the network "
              "parts are skipped.")
        return NotebookRun(None, make(game, **(options or {})))
    run = NotebookRun(folder, run_game(folder), data.list_checkpoints(folder))
    print("run:", folder)
    print("checkpoints:", [step for step, _ in run.checkpoints])
    print("game:", run.game)
    return run
