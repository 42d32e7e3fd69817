"""Game records: read, write and replay games in hopzero's one text format.

The format is documented in docs/formats.md ("Game records"); parsing replays every move, so a
record with an unreadable line or an illegal move raises ValueError naming the line and why.
"""

from __future__ import annotations

import os
import tempfile

from . import _core
from ._core import GameRecord
from ._files import read_regular_file

MAX_RECORD_BYTES = 64 << 20  # the C++ reader's bound (eval/record.h)

__all__ = ["GameRecord", "from_actions", "parse", "format", "read", "write", "states"]


def parse(text: str | bytes, source: str = "<record>") -> GameRecord:
    """A record from its text (str, or the bytes of a file); ``source`` names it in errors
    (ValueError with the line).

    The C++ parser reads the bytes, so Python and ``hopzero replay`` accept and refuse the same
    files: text that is not UTF-8 is a ValueError naming the line, a leading byte order mark is
    skipped."""
    if isinstance(text, str):
        # Lone surrogates (from a file decoded with errors="surrogateescape") become bytes that
        # are not UTF-8, which the parser names, rather than an encoding error here.
        text = text.encode("utf-8", "surrogatepass")
    return _core.parse_record(text, source)


def format(record: GameRecord) -> str:  # noqa: A001 - mirrors the C++ name
    """The record as text (docs/formats.md); ValueError for a record that would not read back
    the same (a field with a newline or other control character, the wrong number of players,
    illegal or incomplete turns, a result that the moves do not give)."""
    return _core.format_record(record)


def read(path: str) -> GameRecord:
    """The record in a file."""
    return parse(read_regular_file(path, MAX_RECORD_BYTES, "game record"), path)


def write(path: str, record: GameRecord) -> None:
    """Writes atomically (temporary file, then rename); what format() refuses (a comment or
    player with a newline, the wrong number of players, ...) raises ValueError before a file is
    made."""
    text = format(record)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".record-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def from_actions(game, actions, players, comments=None) -> GameRecord:
    """A record of a game given as its list of actions (grouped into turns for you)."""
    return _core.record_from_actions(game, list(actions), list(players), list(comments or []))


def states(record: GameRecord):
    """Every state of the game: the initial state, then the state after each turn."""
    return _core.replay_record(record)
