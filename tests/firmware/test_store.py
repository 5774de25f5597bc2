# The flash store: atomic value files, logs, power cuts. Runs under CPython and
# inside MicroPython (FileStore uses each interpreter's real filesystem).
import os

from fwtest import raises

from teebox.hal.store import FileStore, PowerCut, SimStore, TRAILER

_dirs = [0]


def _fresh_dir():
    """An empty folder for a FileStore, in both interpreters (no tempfile in MicroPython)."""
    try:
        import tempfile
        return tempfile.mkdtemp(prefix="teebox-store-")
    except ImportError:
        _dirs[0] += 1
        path = "/tmp/teebox-store-%d" % _dirs[0]
        _wipe(path)
        os.mkdir(path)
        return path


def _wipe(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for n in names:
        os.remove(path + "/" + n)
    os.rmdir(path)


def _check_value_files(store):
    assert store.read("settings") is None
    store.write_atomic("settings", b"bright=40")
    assert store.read("settings") == b"bright=40"
    store.write_atomic("settings", b"bright=25\x00\xff")
    assert store.read("settings") == b"bright=25\x00\xff"
    assert store.size("settings") == len(b"bright=25\x00\xff") + TRAILER
    store.write_atomic("empty", b"")
    assert store.read("empty") == b""
    assert store.names() == ["empty", "settings"]
    assert store.remove("settings") is True
    assert store.remove("settings") is False
    assert store.read("settings") is None
    assert store.names() == ["empty"]


def _check_logs(store):
    assert store.size("log") is None
    assert store.read_at("log", 0, 10) == b""
    store.append("log", b"abc")
    store.append("log", bytearray(b"\x00de"))
    assert store.size("log") == 6
    assert store.read_at("log", 0, 100) == b"abc\x00de"
    assert store.read_at("log", 2, 3) == b"c\x00d"
    assert store.read_at("log", 6, 3) == b""
    # A log has no trailer, so it is not a value file.
    assert store.read("log") is None
    store.rewrite_log("log", b"xy")
    assert store.read_at("log", 0, 100) == b"xy"
    store.append("log", b"z")
    assert store.read_at("log", 0, 100) == b"xyz"
    assert store.names() == ["log"]


def test_sim_store_value_files_round_trip_and_replace():
    _check_value_files(SimStore())
    _check_value_files(SimStore(fat=True))


def test_sim_store_logs_append_and_rewrite():
    _check_logs(SimStore())
    _check_logs(SimStore(fat=True))


def test_file_store_on_the_real_filesystem():
    root = _fresh_dir()
    try:
        _check_value_files(FileStore(root))
        _check_logs(FileStore(root + "/logs/game"))  # nested folders are created
        # Another FileStore on the same folder (the next boot) sees the same files.
        assert FileStore(root).read("empty") == b""
    finally:
        _wipe(root + "/logs/game")
        _wipe(root + "/logs")
        _wipe(root)


def test_file_store_recover_finishes_new_and_drops_tmp_files():
    root = _fresh_dir()
    try:
        store = FileStore(root)
        store.write_atomic("course", b"old course")
        store.write_atomic("score", b"old score")
        store.write_atomic("fresh", b"x")
        store.write_atomic("scratch", b"new score")
        # What power cuts leave behind: a torn temp file (any filesystem) ...
        f = open(root + "/course.tmp", "wb")
        f.write(b"half a cou")
        f.close()
        # ... a complete .new beside the old file (FAT, cut before the remove) ...
        os.rename(root + "/scratch", root + "/score.new")
        # ... and a .new whose old file is gone (FAT, cut before the last rename).
        os.rename(root + "/fresh", root + "/fresh.new")
        assert store.names() == ["course", "score"]
        assert store.read("score") == b"new score"  # before recover(), .new is read
        assert store.read("fresh") == b"x"
        assert store.recover() == (["fresh", "score"], ["course"])
        assert sorted(os.listdir(root)) == ["course", "fresh", "score"]
        assert store.read("course") == b"old course"
        assert store.read("score") == b"new score"
        assert store.read("fresh") == b"x"
        assert store.recover() == ([], [])
    finally:
        _wipe(root)


def test_file_store_names_a_folder_it_cannot_create():
    root = _fresh_dir()
    try:
        f = open(root + "/plain", "wb")
        f.close()
        err = raises(OSError, FileStore, root + "/plain/sub")
        assert "plain/sub" in str(err) and "cannot be created" in str(err)
    finally:
        _wipe(root)


def test_bad_file_names_are_refused_with_the_name():
    store = SimStore()
    for bad in ("", "a/b", "x.tmp", "x.new"):
        err = raises(ValueError, store.write_atomic, bad, b"1")
        assert repr(bad) in str(err)
    assert "bad store file name" in str(raises(ValueError, store.append, "../x", b"1"))


NEW_DATA = b"new \x00\xff data, longer than before"


def _sweep_atomic_write(old, fat):
    """Cut the power at every point of write_atomic; the next boot must find
    the old data or the new data, nothing else. Returns what each boot found."""
    start = SimStore(fat=fat)
    if old is not None:
        start.write_atomic("record", old)
    seen = []
    for completed, board in start.every_cut(lambda s: s.write_atomic("record", NEW_DATA)):
        board.recover()
        got = board.read("record")
        assert got in (old, NEW_DATA), got
        assert board.names() == (["record"] if got is not None else [])
        assert sorted(board.flash) == board.names()  # no .tmp or .new is left
        if completed:
            assert got == NEW_DATA
        seen.append(got)
    return seen


def test_power_cut_at_every_point_of_a_replace_keeps_old_or_new_littlefs():
    # A cut at every byte of the temp file (data + trailer) and just before the
    # rename keeps the old data; only the rename brings in the new.
    torn = len(NEW_DATA) + TRAILER + 1
    assert _sweep_atomic_write(b"old", False) == [b"old"] * torn + [NEW_DATA]
    assert _sweep_atomic_write(None, False) == [None] * torn + [NEW_DATA]


def test_power_cut_at_every_point_of_a_replace_keeps_old_or_new_fat():
    # FAT: rename to .new, remove the old file, rename .new: a cut after the
    # first rename is finished by recover() at the next boot.
    torn = len(NEW_DATA) + TRAILER + 1
    assert _sweep_atomic_write(b"old", True) == [b"old"] * torn + [NEW_DATA] * 3
    # A first write has no old file to remove.
    assert _sweep_atomic_write(None, True) == [None] * torn + [NEW_DATA]


def test_a_write_before_recover_first_finishes_the_pending_version():
    # A FAT board cut after removing "record": only record.new is left, and
    # the app writes again without running recover() first.
    start = SimStore(fat=True)
    start.write_atomic("record", b"v1")
    start.flash["record.new"] = start.flash.pop("record")
    assert start.read("record") == b"v1"
    seen = []
    for completed, board in start.every_cut(lambda s: s.write_atomic("record", b"v2")):
        got = board.read("record")
        board.recover()
        assert board.read("record") == got
        seen.append(got)
    assert seen[0] == b"v1" and seen[-1] == b"v2"
    assert seen == sorted(seen)  # v1 until v2 is in place, never back to v1


def test_read_of_a_torn_or_corrupt_value_file_is_none_never_garbage():
    store = SimStore()
    store.write_atomic("game", b"finished game 7")
    whole = bytes(store.flash["game"])
    for cut in range(len(whole)):
        store.flash["game"] = bytearray(whole[:cut])
        assert store.read("game") is None
    for i in range(len(whole)):
        damaged = bytearray(whole)
        damaged[i] ^= 0x10
        store.flash["game"] = damaged
        assert store.read("game") is None
    store.flash["game"] = bytearray(whole)
    assert store.read("game") == b"finished game 7"


def test_a_torn_append_keeps_the_bytes_that_reached_flash():
    store = SimStore()
    store.append("log", b"first")
    board = store.reboot(cut_after=3)
    err = raises(PowerCut, board.append, "log", b"second")
    assert "power cut after 3" in str(err)
    assert board.flash["log"] == bytearray(b"firstsec")
    # The board is dead until it reboots: nothing more reaches flash.
    raises(PowerCut, board.append, "log", b"x")
    raises(PowerCut, board.write_atomic, "other", b"x")
    assert sorted(board.flash) == ["log"]
    assert board.reboot().read_at("log", 0, 99) == b"firstsec"


def test_power_cut_counts_renames_and_removes_as_steps():
    store = SimStore()
    store.append("a", b"1")
    board = store.reboot(cut_after=0)
    raises(PowerCut, board.remove, "a")
    assert board.flash["a"] == bytearray(b"1")
    board = store.reboot(cut_after=1)
    assert board.remove("a") is True
    assert board.spent == 1 and board.flash == {}


def test_remove_also_drops_a_pending_version_so_it_cannot_come_back():
    store = SimStore(fat=True)
    store.write_atomic("game", b"v1")
    store.flash["game.new"] = bytearray(store.flash["game"])
    assert store.remove("game") is True
    store.recover()
    assert store.read("game") is None and store.flash == {}
