"""Every file that a source or a doc names exists: paths such as cpp/search/mcts.h,
docs/formats.md or tests/fuzz/fuzz.h, and headers named from cpp/ as #include spells them
(search/agent.h), in cpp/, docs/, README.md and CMakeLists.txt (docs/design.md, Layout)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYERS = ("core", "games", "nn", "search", "selfplay", "eval", "train", "engine", "serve",
          "distributed", "bindings", "apps")
SUFFIXES = r"(?:h|cpp|md|py|pyi|yaml|sh|cmake|ipynb|js|html|css)"
# A repository path, or a header path relative to cpp/; not part of a longer path or a URL.
CITATION = re.compile(r"(?<![\w/.<>-])((?:cpp|docs|tests|python|scripts|configs|web|cmake|"
                      + "|".join(LAYERS) + r")/[\w./-]*?\." + SUFFIXES + r")(?![\w/])")


def _cited_paths(text):
    for cited in CITATION.findall(text):
        yield cited


def _files():
    for top in ("cpp", "docs"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in {".h", ".cpp", ".md"} and "seeds" not in path.parts:
                yield path
    yield ROOT / "README.md"
    yield ROOT / "CMakeLists.txt"


def _exists(cited, source):
    first = cited.split("/", 1)[0]
    candidates = [ROOT / cited, source.parent / cited]
    if first in LAYERS:
        candidates.append(ROOT / "cpp" / cited)
    return any(c.is_file() for c in candidates)


def test_cited_files_exist():
    missing = []
    for path in _files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            for cited in _cited_paths(line):
                if not _exists(cited, path):
                    missing.append(f"{path.relative_to(ROOT)}:{n}: {cited}")
    assert not missing, "citations of files that do not exist:\n" + "\n".join(missing)


def test_the_pattern_finds_citations():
    # What the check above relies on, on lines of the shapes the sources use.
    line = ('// see cpp/games/<game>/info.cpp, search/mcts.h and docs/formats.md; '
            'https://example.org/a/b.md is no citation')
    assert list(_cited_paths(line)) == ["search/mcts.h", "docs/formats.md"]
    assert not _exists("search/no_such_header.h", ROOT / "cpp" / "games" / "game.h")
    assert _exists("search/mcts.h", ROOT / "cpp" / "games" / "game.h")
