"""Hostile input from Python (issue 14): objects made without a constructor, records, shards
and arguments that used to crash the interpreter or be accepted silently."""

import copy
import os
import re
import struct
import zlib
import pickle

import numpy as np
import pytest

import hopzero
from hopzero import _core


def uninitialised(cls):
    return cls.__new__(cls)


STATE_CALLS = [
    lambda s: s.legal_actions(), lambda s: s.current_player(), lambda s: s.is_terminal(),
    lambda s: s.serialize(), lambda s: s.observation(), lambda s: s.legal_mask(),
    lambda s: s.apply(0), lambda s: s.clone(), lambda s: s.game, lambda s: s.hash(),
    lambda s: s.string_to_action("a1"), repr, str, copy.copy, copy.deepcopy, pickle.dumps,
    lambda s: s == hopzero.make("alquerque").new_initial_state(),
    lambda s: hopzero.make("alquerque").new_initial_state() == s,
]


@pytest.mark.parametrize("call", STATE_CALLS)
def test_uninitialised_state_raises_type_error(call):
    with pytest.raises(TypeError, match="not initialised"):
        call(uninitialised(hopzero.State))


GAME_CALLS = [
    lambda g: g.name, lambda g: g.full_name, lambda g: g.num_actions(), lambda g: g.options,
    lambda g: g.new_initial_state(), repr, hash, copy.copy, pickle.dumps,
    lambda g: g == hopzero.make("alquerque"), lambda g: hopzero.make("alquerque") == g,
    lambda g: _core.make_agent(g, "random"), lambda g: hopzero.agents.random(g),
    lambda g: hopzero.make("alquerque").perft(uninitialised(hopzero.State), 1),
]


@pytest.mark.parametrize("call", GAME_CALLS)
def test_uninitialised_game_raises_type_error(call):
    with pytest.raises(TypeError, match="not initialised"):
        call(uninitialised(hopzero.Game))


def test_uninitialised_agent_searchinfo_and_record_raise_type_error():
    game = hopzero.make("alquerque")
    state = game.new_initial_state()
    agent = uninitialised(hopzero.Agent)
    for call in (lambda: agent.name, lambda: agent.spec, lambda: agent.game, agent.reset,
                 agent.last_search, lambda: agent.select_action(state), lambda: repr(agent),
                 lambda: hopzero.play_game(game, [agent, hopzero.agents.random(game)])):
        with pytest.raises(TypeError, match="not initialised"):
            call()
    info = uninitialised(hopzero.SearchInfo)
    for call in (lambda: info.actions, lambda: info.root_value, lambda: len(info),
                 lambda: repr(info)):
        with pytest.raises(TypeError, match="not initialised"):
            call()
    record = uninitialised(hopzero.records.GameRecord)
    for call in (lambda: record.game, lambda: record.turns, lambda: hopzero.records.format(record),
                 lambda: hopzero.records.states(record)):
        with pytest.raises(TypeError, match="not initialised"):
            call()


def test_initialised_objects_still_copy_and_pickle():
    game = hopzero.make("jumpers", size=6)
    state = game.new_initial_state()
    state.apply(state.legal_actions()[0])
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.copy(state) == state and copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(game)) == game
    assert hopzero.records.GameRecord().turns == []


def not_regular_files(tmp_path):
    """A directory, a FIFO and a symlink to /dev/zero, with what the error says of each."""
    (tmp_path / "dir").mkdir()
    os.mkfifo(tmp_path / "fifo")
    os.symlink("/dev/zero", tmp_path / "zero")
    return [(tmp_path / "dir", "is a directory"), (tmp_path / "fifo", "is a FIFO"),
            (tmp_path / "zero", "is a character device")]


@pytest.mark.parametrize("reader", [hopzero.records.read, hopzero.data.read_shard])
def test_python_readers_refuse_paths_that_are_not_regular_files(reader, tmp_path):
    for path, says in not_regular_files(tmp_path):
        with pytest.raises(ValueError, match=f"{re.escape(str(path))}': it {says}"):
            reader(str(path))


def test_read_metrics_refuses_a_line_without_checksum_after_checksummed_ones(tmp_path):
    good = '{"metrics_version":1,"kind":"train","step":5,"crc32":"00000000"}'
    digits = f"{zlib.crc32(good.encode()):08x}"
    good = good.replace("00000000", digits)
    assert hopzero.data.json_checksum(good) is True
    path = tmp_path / "metrics.jsonl"
    path.write_text(good + "\n" + '{"kind":"train","step":10}' + "\n" + good + "\n")
    with pytest.raises(ValueError, match=r"metrics.jsonl:2: checksum mismatch or missing"):
        hopzero.data.read_metrics(str(path))
    path.write_text('{"kind":"train","step":0}\n' + good + "\n")  # an older run, then resumed
    assert [r["step"] for r in hopzero.data.read_metrics(str(path))] == [0, 5]


def test_read_shards_refuses_shards_holding_the_same_game(tmp_path):
    import shutil
    source = os.path.join(os.path.dirname(__file__), "..", "fuzz", "corpus", "shard", "seed_000.bin")
    (tmp_path / "shards").mkdir()
    shutil.copy(source, tmp_path / "shards" / "shard_000000.bin")
    assert len(hopzero.data.read_shards(str(tmp_path))["game_id"]) > 0
    shutil.copy(source, tmp_path / "shards" / "shard_000001.bin")
    with pytest.raises(ValueError, match=r"shard_000000.bin and .*shard_000001.bin both hold game"):
        hopzero.data.read_shards(str(tmp_path))


def _reseal(path):
    """Recomputes a shard's two checksums after its records were edited (a crafted file)."""
    raw = bytearray(open(path, "rb").read())
    header_bytes = struct.unpack_from("<I", raw, 12)[0]
    struct.pack_into("<I", raw, 60, zlib.crc32(bytes(raw[header_bytes:])))
    struct.pack_into("<I", raw, 64, 0)
    struct.pack_into("<I", raw, 64, zlib.crc32(bytes(raw[:header_bytes])))
    open(path, "wb").write(bytes(raw))


@pytest.mark.parametrize("damage,says", [
    ("player 7", r"record 1 \(game 7, ply 1\) has a player outside \[0, 2\)"),
    ("count above slots", r"record 1 \(game 7, ply 1\) has a policy count outside \[0, 3\]"),
    ("index out of range", r"record 1 \(game 7, ply 1\) has a policy index outside \[0, 10\)"),
    ("nan share", r"record 1 \(game 7, ply 1\) has a policy share that is not in \[0, 1\]"),
    ("nan observation", r"record 1 \(game 7, ply 1\) has a non-finite observation"),
    ("inf value", r"record 1 \(game 7, ply 1\) has a non-finite value"),
])
def test_read_shard_checks_records_as_the_cpp_reader_does(damage, says, tmp_path):
    from test_data import sample_records, write_shard
    records = sample_records(3)
    path = str(tmp_path / "shard_000000.bin")
    write_shard(path, "toy", 2, 3, 3, 10, 2, 3, records)
    assert len(hopzero.data.read_shard(path)["records"]) == 3
    r = records[1]
    if damage == "player 7":
        r["player"] = 7
    elif damage == "index out of range":
        r["policy"] = [(10, 1.0)]
    elif damage == "nan share":
        r["policy"] = [(0, float("nan")), (1, 1.0)]
    elif damage == "nan observation":
        r["observation"] = np.full((2, 3, 3), np.nan)
    elif damage == "inf value":
        r["values"] = [float("inf"), -1.0]
    write_shard(path, "toy", 2, 3, 3, 10, 2, 3, records)
    if damage == "count above slots":
        raw = bytearray(open(path, "rb").read())
        record_bytes = struct.unpack_from("<I", raw, 52)[0]
        header_bytes = struct.unpack_from("<I", raw, 12)[0]
        struct.pack_into("<i", raw, header_bytes + record_bytes + 16, 4)
        open(path, "wb").write(bytes(raw))
        _reseal(path)
    with pytest.raises(ValueError, match=says):
        hopzero.data.read_shard(path)


@pytest.mark.parametrize("name", hopzero.game_names())
def test_string_to_action_echoes_a_bounded_escaped_prefix(name):
    state = hopzero.make(name).new_initial_state()
    with pytest.raises(ValueError) as huge:
        state.string_to_action("z" * (10 << 20))
    assert len(str(huge.value)) < 2000
    with pytest.raises(ValueError) as nul:
        state.string_to_action("a1\0zz")
    message = str(nul.value)
    assert "a1\\0zz" in message  # the NUL no longer cuts the message before its reason
    assert message.rstrip().endswith(message.split("a1\\0zz", 1)[1].rstrip())
    assert len(message.split("a1\\0zz", 1)[1]) > 3
