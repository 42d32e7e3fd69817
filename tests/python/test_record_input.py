"""Game records from hostile input (issue 14, item 17): writers refuse what would not read back
the same, and hopzero.records and `hopzero replay` accept and refuse the same files
(docs/formats.md, "Game records")."""

import os
import subprocess

import pytest

import hopzero
from hopzero import _core, records

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOPZERO = os.path.join(ROOT, "build", "hopzero")


@pytest.fixture
def alq():
    return hopzero.make("alquerque")


def first_action(game):
    return game.new_initial_state().legal_actions()[0]


def replay(path):
    return subprocess.run([HOPZERO, "replay", "--file", str(path), "--no-color"],
                          capture_output=True, timeout=60)


def test_format_refuses_a_newline_that_injects_a_header_line(alq):
    # The example: a player "a\nresult: 1 -1" was written as two lines.
    rec = _core.record_from_actions(alq, [first_action(alq)], ["a\nresult: 1 -1", "b"])
    with pytest.raises(ValueError, match=r"player 0 is 'a\\nresult: 1 -1'.*control character"):
        _core.format_record(rec)
    rec = records.from_actions(alq, [first_action(alq)], ["a", "b"], ["x}\n2. 1 a1-a2 {y"])
    with pytest.raises(ValueError, match="comment of turn 1"):
        records.format(rec)


def test_write_refuses_before_making_a_file(alq, tmp_path):
    rec = records.from_actions(alq, [first_action(alq)], ["a", "b\nc"])
    with pytest.raises(ValueError, match="player 1"):
        records.write(str(tmp_path / "game.txt"), rec)
    assert list(tmp_path.iterdir()) == []


def test_format_refuses_a_record_without_players(alq):
    rec = records.GameRecord()
    rec.game = "alquerque"
    with pytest.raises(ValueError, match="with 0 players: it needs 2"):
        records.format(rec)
    rec.players = ["a", "b"]
    assert records.parse(records.format(rec)).players == ["a", "b"]


def test_read_agrees_with_replay_on_text_that_is_not_utf8(alq, tmp_path):
    rec = records.from_actions(alq, [first_action(alq)], ["a", "b"], ["note"])
    raw = records.format(rec).encode().replace(b"{note}", b"{caf\xe9}")  # Latin-1, not UTF-8
    path = tmp_path / "latin1.txt"
    path.write_bytes(raw)
    # Before: UnicodeDecodeError in Python, accepted by `hopzero replay`.
    with pytest.raises(ValueError, match=r"latin1.txt:7: byte \d+ is not UTF-8 text"):
        records.read(str(path))
    out = replay(path)
    assert out.returncode == 2 and b"is not UTF-8 text" in out.stderr, out.stderr
    # The same text decoded with surrogateescape and given as str: the same refusal.
    with pytest.raises(ValueError, match="is not UTF-8 text"):
        records.parse(raw.decode("utf-8", "surrogateescape"))


def test_a_byte_order_mark_is_skipped_by_both_readers(alq, tmp_path):
    rec = records.from_actions(alq, [first_action(alq)], ["a", "b"], ["été"])
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + records.format(rec).encode())
    # Before: refused, with the invisible U+FEFF inside the quoted line of the message.
    back = records.read(str(path))
    assert back.turns == rec.turns and back.comments == ["été"]
    out = replay(path)
    assert out.returncode == 0, out.stderr
    assert "{été}" in out.stdout.decode()
