"""The terminal board (`hopzero play` / `replay` on a terminal) colours each game's pieces from
the symbols the game registers (GameInfo::piece_symbols), and nothing else: not the coordinate
letters and numbers beside the board, which another game may use as its piece symbols."""

import os
import pty
import subprocess

import hopzero
from hopzero import records

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOPZERO = os.path.join(ROOT, "build", "hopzero")
RED, CYAN, RESET = "\033[1;31m", "\033[1;36m", "\033[0m"


def replay_on_a_terminal(game, tmp_path):
    path = tmp_path / "start.txt"
    path.write_text(records.format(records.from_actions(game, [], ["a", "b"])))
    primary, secondary = pty.openpty()  # stdout a terminal: the board is coloured
    proc = subprocess.run([HOPZERO, "replay", "--file", str(path)], stdout=secondary,
                          stderr=subprocess.PIPE, timeout=60)
    os.close(secondary)
    out = b""
    while True:
        try:
            chunk = os.read(primary, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(primary)
    assert proc.returncode == 0, proc.stderr
    return out.decode()


def test_alquerque_pieces_are_coloured_and_its_column_letters_are_not(tmp_path):
    out = replay_on_a_terminal(hopzero.make("alquerque"), tmp_path)
    # docs/rules/alquerque.md: 12 pieces each at the start.
    assert out.count(f"{RED}W{RESET}") == 12
    assert out.count(f"{CYAN}B{RESET}") == 12
    columns = next(line for line in out.splitlines() if line.strip().startswith("a   b"))
    assert "\033" not in columns  # 'b' is a column here, not a piece


def test_jumpers_row_numbers_are_not_coloured(tmp_path):
    game = hopzero.make("jumpers")
    out = replay_on_a_terminal(game, tmp_path)
    rows = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 6  # the 6 x 6 board
    assert not any(f"{CYAN}1{RESET}" in line for line in rows)  # '1' is a row number here
    owner = game.new_initial_state().board_position()["owner"]
    assert sum(line.count(f"{RED}R{RESET}") for line in rows) == list(owner).count(0)
    assert sum(line.count(f"{CYAN}T{RESET}") for line in rows) == list(owner).count(1)
