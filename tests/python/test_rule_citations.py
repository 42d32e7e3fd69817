"""Citations of the rules: every rules page names its seed (the user's original text) as a file
beside it in docs/rules/seeds/, and no source, test or doc cites a rules path outside the
repository (shared/rules/, ../seeds/)."""
import pathlib
import re

import hopzero

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
GAMES = hopzero.game_names()  # every registered game has a rules page


def _text_files():
    for top in ("cpp", "docs", "python", "tests", "scripts"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in {".h", ".cpp", ".md", ".py", ".txt", ".sh",
                                                  ".yaml", ".pyi"}:
                yield path
    yield ROOT / "README.md"


def test_no_citation_outside_the_repository():
    bad = []
    for path in _text_files():
        if path == pathlib.Path(__file__).resolve() or RULES / "seeds" in path.parents:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            if "shared/rules" in line or "../seeds/" in line:
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bad, "citations outside the repository:\n" + "\n".join(bad)


def test_each_rules_page_cites_its_seed_beside_it():
    for game in GAMES:
        page = (RULES / f"{game}.md").read_text(encoding="utf-8")
        source = next(line for line in page.splitlines() if line.startswith("Source:"))
        cited = re.findall(r"\(seeds/([^)]+)\)", source)
        assert cited, f"{game}.md: the Source line links no seed: {source}"
        for name in cited:
            seed = RULES / "seeds" / name
            assert seed.is_file() and seed.stat().st_size > 1000, f"{game}.md cites {seed}"
            assert name.startswith(game), f"{game}.md cites another game's seed {name}"


def test_rules_citations_in_sources_exist():
    for path in _text_files():
        if RULES / "seeds" in path.parents:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for cited in re.findall(r"docs/rules/[\w./]+\.(?:md|txt)", text):
            assert (ROOT / cited).is_file(), f"{path.relative_to(ROOT)} cites missing {cited}"
