# The game journal: CRC-checked records that survive power cuts. Runs under
# CPython and inside MicroPython.
import errno
import os

from fwtest import raises

from teebox.app.journal import MAX_RECORD, Journal, encode_record
from teebox.hal.store import FileStore, SimStore

HEADER = b"seed=1234;players=2;course=links"
TURN1 = (b"club:D", b"dir:\x00", b"card:\xff\x00\x07")
TURN2 = (b"club:7i", b"", b"dir:\x03" * 40)


def _played(store, turns):
    """A journal holding a header and ``turns`` (lists of records), each turn flushed."""
    j = Journal(store, "game")
    j.reset(HEADER)
    for turn in turns:
        for rec in turn:
            j.append(rec)
        j.flush()
    return j


def test_records_round_trip_in_order():
    store = SimStore()
    j = _played(store, [TURN1, TURN2])
    assert list(j.records()) == [HEADER] + list(TURN1) + list(TURN2)
    # The next boot reads the same records from flash.
    assert list(Journal(store.reboot(), "game").records()) == [HEADER] + list(TURN1) + list(TURN2)


def test_record_layout_is_length_payload_crc_little_endian():
    rec = encode_record(b"\x01\x02\x03")
    assert rec[:5] == b"\x03\x00\x01\x02\x03"
    assert len(rec) == 2 + 3 + 4
    assert len(encode_record(b"")) == 6
    assert len(encode_record(bytes(MAX_RECORD))) == MAX_RECORD + 6


def test_appended_records_reach_flash_only_at_flush():
    store = SimStore()
    j = _played(store, [TURN1])
    j.append(b"club:PW")
    j.append(b"dir:\x01")
    assert j.pending() == 13 + 11
    assert list(j.records()) == [HEADER] + list(TURN1)
    turn = len(encode_record(b"club:PW")) + len(encode_record(b"dir:\x01"))
    spent = store.spent
    assert j.flush() == turn
    assert store.spent == spent + turn  # one append for the whole turn
    assert j.pending() == 0 and j.flush() == 0
    assert list(j.records())[-2:] == [b"club:PW", b"dir:\x01"]


def test_a_missing_journal_is_empty():
    j = Journal(SimStore(), "game")
    assert list(j.records()) == []
    assert j.recover() == 0


def test_a_record_too_long_is_refused():
    j = Journal(SimStore(), "game")
    err = raises(ValueError, j.append, bytes(MAX_RECORD + 1))
    assert "65536 bytes" in str(err) and "65535" in str(err)
    assert j.pending() == 0


def test_power_cut_at_every_byte_of_a_flush_keeps_every_earlier_record():
    start = SimStore()
    _played(start, [TURN1])
    before = [HEADER] + list(TURN1)
    after = before + list(TURN2)

    def turn(store):
        j = Journal(store, "game")
        for rec in TURN2:
            j.append(rec)
        j.flush()

    kept = []
    for completed, board in start.every_cut(turn):
        board.recover()
        j = Journal(board, "game")
        got = list(j.records())
        # All flushed records survive; of the torn flush only whole records remain.
        assert got == after[:len(got)] and len(got) >= len(before), got
        if completed:
            assert got == after
        dropped = j.recover()
        assert list(j.records()) == got
        assert board.size("game") == sum(len(encode_record(r)) for r in got)
        assert dropped == 0 or len(got) < len(after)
        # New records after recovery are readable.
        j.append(b"next turn")
        j.flush()
        assert list(Journal(board.reboot(), "game").records()) == got + [b"next turn"]
        kept.append(len(got))
    # Every possible outcome shows up: none, some and all of the torn turn.
    assert kept[0] == len(before) and kept[-1] == len(after)
    assert len(before) + 1 in kept and len(before) + 2 in kept


def test_recover_cuts_a_torn_tail_and_reports_the_bytes_dropped():
    store = SimStore()
    _played(store, [TURN1])
    good = store.size("game")
    store.flash["game"] += encode_record(b"torn record")[:7]
    j = Journal(store, "game")
    assert j.recover() == 7
    assert store.size("game") == good
    assert j.recover() == 0
    j.append(b"after")
    j.flush()
    assert list(j.records()) == [HEADER] + list(TURN1) + [b"after"]


def test_a_corrupt_byte_stops_the_records_there():
    store = SimStore()
    _played(store, [TURN1, TURN2])
    # Flip one bit inside the second record of TURN1 (the third record).
    off = len(encode_record(HEADER)) + len(encode_record(TURN1[0])) + 3
    store.flash["game"][off] ^= 0x04
    j = Journal(store, "game")
    assert list(j.records()) == [HEADER, TURN1[0]]
    # A damaged length field also stops it, even one that claims a huge record.
    store.flash["game"][off] ^= 0x04
    store.flash["game"][off - 3] = 0xFF
    store.flash["game"][off - 2] = 0xFF
    assert list(j.records()) == [HEADER, TURN1[0]]
    # Recovery keeps what came before the damage and drops the rest.
    size = store.size("game")
    keep = len(encode_record(HEADER)) + len(encode_record(TURN1[0]))
    assert j.recover() == size - keep
    assert list(j.records()) == [HEADER, TURN1[0]]


def test_reset_starts_a_new_journal_with_just_the_header():
    store = SimStore()
    j = _played(store, [TURN1, TURN2])
    j.append(b"never flushed")
    j.reset(b"seed=99")
    assert list(j.records()) == [b"seed=99"]
    assert j.pending() == 0
    j.append(b"club:3W")
    j.flush()
    assert list(j.records()) == [b"seed=99", b"club:3W"]


def test_power_cut_during_reset_leaves_the_old_game_or_the_new_one():
    for fat in (False, True):
        start = SimStore(fat=fat)
        _played(start, [TURN1])
        old = [HEADER] + list(TURN1)
        outcomes = []
        for completed, board in start.every_cut(lambda s: Journal(s, "game").reset(b"game 2")):
            board.recover()
            j = Journal(board, "game")
            assert j.recover() == 0
            got = list(j.records())
            assert got in (old, [b"game 2"])
            if completed:
                assert got == [b"game 2"]
            outcomes.append(got == old)
        assert outcomes[0] and not outcomes[-1]


class _FailingStore(SimStore):
    """A store whose next append writes half its bytes, then fails (an I/O error)."""

    fail = False

    def append(self, name, data):
        if self.fail:
            self.fail = False
            SimStore.append(self, name, bytes(data)[:len(data) // 2])
            raise OSError(errno.EIO)
        SimStore.append(self, name, data)


def test_a_failed_flush_keeps_the_records_and_the_retry_repairs_the_file():
    store = _FailingStore()
    j = _played(store, [TURN1])
    for rec in TURN2:
        j.append(rec)
    store.fail = True
    raises(OSError, j.flush)
    assert j.pending() == sum(len(encode_record(r)) for r in TURN2)
    j.flush()
    assert list(j.records()) == [HEADER] + list(TURN1) + list(TURN2)
    assert Journal(store, "game").recover() == 0


def test_journal_on_the_real_filesystem():
    try:
        import tempfile
        root = tempfile.mkdtemp(prefix="teebox-journal-")
    except ImportError:
        root = "/tmp/teebox-journal"
    store = FileStore(root)
    j = _played(store, [TURN1, TURN2])
    store = FileStore(root)
    store.recover()
    j = Journal(store, "game")
    assert j.recover() == 0
    assert list(j.records()) == [HEADER] + list(TURN1) + list(TURN2)
    j.reset(b"next")
    assert list(j.records()) == [b"next"]
    assert store.names() == ["game"]
    store.remove("game")
    os.rmdir(root)
