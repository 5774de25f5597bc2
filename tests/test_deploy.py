"""`teebox deploy`: compile with mpy-cross, plan against the board's manifest, copy, check.

The board is a fake: a folder standing in for its file system, reached through the
same mpremote argument lists the real runner would pass to mpremote. Scripts sent
with ``exec`` really run (under CPython, with the folder as the board's root and a
MicroPython ``sys``); one test runs them inside MicroPython itself.
"""

import builtins
import contextlib
import hashlib
import io
import json
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import typer
from typer.testing import CliRunner

from teebox import profile as profile_mod
from teebox_host import deploy, deploy_cmd
from teebox_host.deploy import DeployError, RunResult

ROOT = Path(__file__).resolve().parents[1]
PORT = "/dev/ttyACM0"


class FakeBoard:
    """A MicroPython board played by a folder; callable like the mpremote runner."""

    def __init__(self, root, mpy=0x306, platform="rp2", present=True, rom=None, frozen=None,
                 heap_free=192 * 1024):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.present = present
        self.calls = []
        self.corrupt = set()  # board paths whose next copy arrives with a flipped bit
        self.unplug = set()  # board paths whose copy is cut short by a pulled cable
        self.resets = 0
        self.rom = bytearray(rom) if rom is not None else None  # the ROMFS partition
        self.frozen = frozen  # VERSION of a package frozen into the firmware
        self.sys = SimpleNamespace(platform=platform, implementation=SimpleNamespace(
            name="micropython", version=(1, 24, 1, ""), _mpy=mpy,
            _machine="Raspberry Pi Pico with RP2040"), path=["", ".frozen", "/lib"], modules={})
        self.gc = SimpleNamespace(collect=lambda: None, mem_free=lambda: heap_free)
        self.vfs = SimpleNamespace(rom_ioctl=lambda op, *args: (
            1 if op == 1 else memoryview(self.rom)))

    def __call__(self, args, timeout=None, on_line=None):
        self.calls.append(list(args))
        if not self.present:
            return RunResult(1, "", "mpremote: no device found\n")
        assert args[:2] == ["connect", PORT], args
        out = io.StringIO()
        command = []
        heard = 0
        for arg in list(args[2:]) + ["+"]:
            if arg != "+":
                command.append(arg)
                continue
            error = self._one(command, out)
            if on_line is not None:  # what mpremote printed for this command, line by line
                for line in out.getvalue()[heard:].splitlines():
                    on_line(line)
                heard = len(out.getvalue())
            if error:
                return RunResult(1, out.getvalue(), "mpremote: %s\n" % error)
            command = []
        return RunResult(0, out.getvalue(), "")

    def _path(self, remote):
        assert remote.startswith(":/"), remote
        return self.root / remote[2:]

    def _one(self, cmd, out):
        if cmd[0] == "exec":
            self._exec(cmd[1], out)
        elif cmd[:2] == ["fs", "cat"]:
            path = self._path(cmd[2])
            if not path.is_file():
                return "cat: %s: No such file or directory." % cmd[2][1:]
            out.write(path.read_text())
        elif cmd[:3] == ["fs", "cp", "-f"]:
            src, dst = cmd[3:]
            data = Path(src).read_bytes()
            if dst[1:] in self.corrupt:
                data = data[:-1] + bytes([data[-1] ^ 1])
            target = self._path(dst)
            if dst[1:] in self.unplug:
                target.write_bytes(data[:len(data) // 2])
                return "Error with transport:\ncould not enter raw repl"
            out.write("cp %s %s\n" % (src, dst))  # mpremote names a copy as it starts it
            if not target.parent.is_dir():
                return "cp: %s: No such file or directory." % dst[1:]
            target.write_bytes(data)
        elif cmd[:2] == ["romfs", "deploy"]:  # as mpremote writes an image file
            data = Path(cmd[2]).read_bytes()
            if "romfs" in self.corrupt:
                data = data[:-1] + bytes([data[-1] ^ 1])
            self.rom[:len(data)] = data
            for offset in range(0, len(data), 4096):
                out.write("\rWriting at offset %d" % offset)
            out.write("\nROMFS image deployed\n")
        elif cmd == ["reset"]:
            self.resets += 1
        else:
            raise AssertionError("the fake board does not know %r" % (cmd,))
        return None

    def _exec(self, code, out):
        assert code.startswith(deploy.BOARD_ROOT_LINE + "\n")
        code = code.replace(deploy.BOARD_ROOT_LINE, "ROOT = %r" % str(self.root), 1)

        def board_import(name, *args, **kwargs):
            if name == "teebox":  # only a firmware with the package frozen in has it
                if self.frozen and self.sys.path == [".frozen"]:
                    return SimpleNamespace(VERSION=self.frozen)
                raise ImportError("no module named 'teebox'")
            if name == "vfs" and self.rom is None:
                raise ImportError("no module named 'vfs'")
            fakes = {"sys": self.sys, "gc": self.gc, "vfs": self.vfs}
            return fakes[name] if name in fakes else __import__(name, *args, **kwargs)

        env = {"__builtins__": dict(vars(builtins), __import__=board_import)}
        with contextlib.redirect_stdout(out):
            exec(code, env)

    def files(self):
        """``{board path: bytes}`` of everything on the board."""
        return {"/" + p.relative_to(self.root).as_posix(): p.read_bytes()
                for p in sorted(self.root.rglob("*")) if p.is_file()}

    def manifest(self):
        return json.loads((self.root / "teebox-manifest.json").read_text())["files"]

    def copied(self, since=0):
        """Board paths copied by the calls from number ``since`` on, in order."""
        return [call[i + 4][1:] for call in self.calls[since:] for i in range(len(call))
                if call[i:i + 3] == ["fs", "cp", "-f"]]

    def kinds(self, since=0):
        """The first mpremote command of each call (exec / fs / reset)."""
        return [" ".join(c[2:4]) if c[2] == "fs" else c[2] for c in self.calls[since:]]


MAIN = "from teebox.core import extra, rules\n"


@pytest.fixture
def firmware(tmp_path):
    """A small firmware tree: a package with modules, data files and main.py."""
    fw = tmp_path / "firmware"
    for folder in ("teebox/core", "teebox/data/courses"):
        (fw / folder).mkdir(parents=True)
    (fw / "teebox" / "__init__.py").write_text("")
    (fw / "teebox" / "core" / "__init__.py").write_text("")
    (fw / "teebox" / "core" / "rules.py").write_text(
        "PAR = 4\n\n\ndef strokes(turns, missed):\n    return turns + missed\n")
    (fw / "teebox" / "core" / "extra.py").write_text("NAMES = ('Red', 'Blue')\n")
    # a host-side module (as the simulator's scripts): compiled, never imported on the board
    (fw / "teebox" / "core" / "autoplay.py").write_text("from teebox.core import rules\n")
    (fw / "teebox" / "data" / "clubs.json").write_text('{"clubs": []}\n')
    (fw / "teebox" / "data" / "courses" / "tiny.course").write_text("teebox-course 1\n")
    (fw / "teebox" / "data" / "notes.txt").write_text("not deployed\n")
    (fw / "main.py").write_text(MAIN)
    return fw


@pytest.fixture
def board(tmp_path):
    return FakeBoard(tmp_path / "board")


def run(board_, firmware_, tmp_path, **kw):
    return deploy.deploy(port=PORT, runner=board_, firmware=firmware_,
                         build_dir=tmp_path / "build", **kw)


EXPECTED = ["/main.py", "/profile.json", "/teebox/__init__.mpy", "/teebox/core/__init__.mpy",
            "/teebox/core/extra.mpy", "/teebox/core/rules.mpy", "/teebox/data/clubs.json",
            "/teebox/data/courses/tiny.course"]


# ---------------------------------------------------------------- build


def test_every_firmware_module_compiles_to_an_mpy_file(tmp_path):
    chosen = deploy.choose_profile()
    built = deploy.build(chosen, build_dir=tmp_path / "build")
    sources = sorted(p for p in (ROOT / "firmware" / "teebox").rglob("*.py")
                     if "__pycache__" not in p.parts)
    assert len(sources) > 10
    for src in sources:
        rel = src.relative_to(ROOT / "firmware").with_suffix(".mpy")
        mpy = tmp_path / "build" / rel
        head = mpy.read_bytes()[:2]
        assert head == b"M" + bytes([built.mpy_version]), rel
        assert not (tmp_path / "build" / rel.with_suffix(".py")).exists()
    assert built.mpy_version == 6  # MicroPython 1.19+ bytecode
    # Only what the board imports goes to the board: the simulator's scripts stay here.
    shipped = [f.board_path for f in built.files if f.kind == "module"]
    assert len(shipped) == len(deploy.board_modules()) < len(sources)
    assert "/teebox/app/script.mpy" not in shipped and "/teebox/app/loop.mpy" in shipped
    assert (tmp_path / "build" / "profile.json").read_text() == chosen.text
    courses = sorted((ROOT / "firmware" / "teebox" / "data" / "courses").glob("*.course"))
    for course in courses:
        assert "/teebox/data/courses/" + course.name in [f.board_path for f in built.files]
    for f in built.files:
        assert f.sha256 == hashlib.sha256(f.local.read_bytes()).hexdigest()


def test_main_py_stays_source_and_only_json_and_course_data_is_copied(firmware, tmp_path):
    built = deploy.build(deploy.choose_profile(), firmware, tmp_path / "build")
    assert [f.board_path for f in built.files] == EXPECTED
    main = [f for f in built.files if f.board_path == "/main.py"][0]
    assert main.kind == "source" and main.local.read_text() == MAIN
    assert built.warnings == []


def test_shipped_data_goes_compact_and_reads_the_same_on_the_board(tmp_path):
    # The ROMFS partition is tight: JSON loses its indentation, a course its comment
    # lines; what the board reads from them is the same.
    from teebox.core import course
    built = deploy.build(deploy.choose_profile(), build_dir=tmp_path / "build")
    src = deploy.firmware_dir()
    data = [f for f in built.files if f.kind == "data"]
    assert {Path(f.board_path).suffix for f in data} == {".json", ".course"}
    for f in data:
        mine = (src / f.board_path.lstrip("/")).read_text(encoding="utf-8")
        shipped = f.local.read_text(encoding="utf-8")
        assert len(shipped) < len(mine), f.board_path
        if f.board_path.endswith(".json"):
            assert json.loads(shipped) == json.loads(mine)
        else:
            assert "#" not in shipped.split("map:")[0]
            assert course.from_source(shipped).hash == course.from_source(mine).hash


def test_a_missing_main_py_is_warned_about(firmware, tmp_path):
    (firmware / "main.py").unlink()
    built = deploy.build(deploy.choose_profile(), firmware, tmp_path / "build")
    assert "/main.py" not in [f.board_path for f in built.files]
    assert "will not start the table" in built.warnings[0]


def test_a_compile_error_names_the_file_and_line_and_nothing_is_copied(firmware, board,
                                                                        tmp_path):
    (firmware / "teebox" / "core" / "broken.py").write_text("x = 1\ndef broken(:\n    pass\n")
    (firmware / "teebox" / "core" / "worse.py").write_text("y = (\n")
    with pytest.raises(DeployError) as err:
        run(board, firmware, tmp_path)
    assert "cannot compile 2 firmware modules" in err.value.message
    assert err.value.details[0] == "firmware/teebox/core/broken.py:2: SyntaxError: invalid syntax"
    assert err.value.details[1].startswith("firmware/teebox/core/worse.py:")
    assert board.calls == []


# ---------------------------------------------------------------- profiles


def test_an_invalid_profile_lists_its_problems_and_nothing_runs(firmware, board, tmp_path):
    good = json.loads((ROOT / "hardware" / "profiles" / "pico-24x16.json").read_text())
    good["leds"]["count"] = 100
    good["buttons"]["NE"] = 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(good))
    with pytest.raises(DeployError) as err:
        run(board, firmware, tmp_path, profile=str(bad))
    assert "is not valid" in err.value.message
    assert any(d.startswith("leds.count: 100 LEDs") for d in err.value.details)
    assert any(d.startswith("buttons.NE: pin 0 is also used by leds.pin") for d in err.value.details)
    assert board.calls == []


def test_an_unknown_profile_lists_the_known_ones(firmware, board, tmp_path):
    with pytest.raises(DeployError) as err:
        run(board, firmware, tmp_path, profile="my-table")
    assert "no profile named my-table and no such file" in str(err.value)
    assert "pico-24x16" in str(err.value) and "pico2-24x16" in str(err.value)


def test_a_blinka_profile_is_refused_because_it_does_not_run_micropython(firmware, board,
                                                                           tmp_path):
    with pytest.raises(DeployError) as err:
        run(board, firmware, tmp_path, profile="pi-blinka-24x16")
    assert "does not run MicroPython" in str(err.value)


def test_the_chosen_profile_lands_on_the_board_as_profile_json(firmware, board, tmp_path):
    run(board, firmware, tmp_path, profile=str(ROOT / "hardware" / "profiles" / "pico-24x16.json"))
    on_board = board.files()[profile_mod.PROFILE_PATH]
    assert profile_mod.load(on_board.decode()).led_count == 384


# ---------------------------------------------------------------- plan and copy


def test_first_deploy_copies_everything_checks_it_and_restarts(firmware, board, tmp_path):
    report = run(board, firmware, tmp_path)
    built = {f.board_path: f.local.read_bytes() for f in report.build.files}
    on_board = board.files()
    manifest = on_board.pop("/teebox-manifest.json")
    assert on_board == built
    assert board.copied() == EXPECTED + ["/teebox-manifest.json"]
    assert [f.board_path for f in report.copied] == EXPECTED and report.mismatches == []
    files = json.loads(manifest)["files"]
    assert files == {p: hashlib.sha256(b).hexdigest() for p, b in built.items()}
    assert board.kinds() == ["exec", "fs cat", "exec", "exec", "fs cp"]
    assert board.resets == 1 and report.reset
    assert "no manifest on the board" in " ".join(report.plan.notes)


def test_second_deploy_copies_nothing(firmware, board, tmp_path):
    run(board, firmware, tmp_path)
    before = len(board.calls)
    report = run(board, firmware, tmp_path)
    assert report.plan.copy == [] and report.plan.remove == []
    assert len(report.plan.unchanged) == len(EXPECTED)
    assert board.kinds(before) == ["exec", "fs cat"]  # ask the board, read the manifest
    assert board.resets == 1


def test_changing_one_module_copies_just_it_and_the_manifest(firmware, board, tmp_path):
    run(board, firmware, tmp_path)
    before = len(board.calls)
    (firmware / "teebox" / "core" / "rules.py").write_text("PAR = 5\n")
    report = run(board, firmware, tmp_path)
    assert board.copied(before) == ["/teebox/core/rules.mpy", "/teebox-manifest.json"]
    assert [f.board_path for f in report.copied] == ["/teebox/core/rules.mpy"]
    assert board.files()["/teebox/core/rules.mpy"] == (
        tmp_path / "build" / "teebox" / "core" / "rules.mpy").read_bytes()
    assert board.manifest()["/teebox/core/rules.mpy"] == report.plan.copy[0].sha256


def test_a_new_profile_copies_only_profile_json(firmware, board, tmp_path):
    run(board, firmware, tmp_path)
    mine = json.loads((ROOT / "hardware" / "profiles" / "pico-24x16.json").read_text())
    mine["power"]["brightness"] = 60
    path = tmp_path / "my-table.json"
    path.write_text(json.dumps(mine))
    before = len(board.calls)
    run(board, firmware, tmp_path, profile=str(path))
    assert board.copied(before) == ["/profile.json", "/teebox-manifest.json"]


def test_modules_gone_from_the_firmware_and_stray_sources_are_removed(firmware, board,
                                                                       tmp_path):
    run(board, firmware, tmp_path)
    (firmware / "teebox" / "core" / "extra.py").unlink()
    stray = board.root / "teebox" / "core" / "rules.py"  # an earlier hand copy of the source
    stray.write_text("PAR = 3\n")
    report = run(board, firmware, tmp_path)
    assert report.plan.remove == ["/teebox/core/extra.mpy", "/teebox/core/rules.py"]
    assert "imported instead of the compiled modules" in " ".join(report.plan.notes)
    assert "/teebox/core/extra.mpy" not in board.files()
    assert not stray.exists()
    assert "/teebox/core/extra.mpy" not in board.manifest()
    assert board.copied()[-1] == "/teebox-manifest.json"


def test_a_corrupted_copy_is_reported_and_copied_again_next_time(firmware, board, tmp_path):
    board.corrupt = {"/teebox/core/rules.mpy"}
    report = run(board, firmware, tmp_path)
    assert [m[0] for m in report.mismatches] == ["/teebox/core/rules.mpy"]
    path, want, got = report.mismatches[0]
    assert want == report.plan.copy[[f.board_path for f in report.plan.copy].index(path)].sha256
    assert got == hashlib.sha256(board.files()[path]).hexdigest() != want
    assert board.manifest()[path] == got  # the manifest tells the truth about the board
    assert board.resets == 0  # a broken module is not started
    board.corrupt = set()
    before = len(board.calls)
    again = run(board, firmware, tmp_path)
    assert board.copied(before) == ["/teebox/core/rules.mpy", "/teebox-manifest.json"]
    assert again.mismatches == [] and board.resets == 1


def test_an_interrupted_copy_leaves_no_manifest_behind(firmware, board, tmp_path):
    run(board, firmware, tmp_path)
    (firmware / "teebox" / "core" / "rules.py").write_text("PAR = 5\n")
    board.unplug = {"/teebox/core/rules.mpy"}
    with pytest.raises(DeployError) as err:
        run(board, firmware, tmp_path)
    assert "copying to the board on /dev/ttyACM0 failed: could not enter raw repl" in str(err.value)
    assert "/teebox-manifest.json" not in board.files()  # nothing vouches for the half file
    board.unplug = set()
    before = len(board.calls)
    again = run(board, firmware, tmp_path)
    assert sorted(board.copied(before)) == sorted(EXPECTED + ["/teebox-manifest.json"])
    assert again.mismatches == []


def test_dry_run_reads_the_board_and_changes_nothing(firmware, board, tmp_path):
    run(board, firmware, tmp_path)
    (firmware / "teebox" / "core" / "rules.py").write_text("PAR = 5\n")
    before_files = board.files()
    before = len(board.calls)
    report = run(board, firmware, tmp_path, dry_run=True)
    assert [f.board_path for f in report.plan.copy] == ["/teebox/core/rules.mpy"]
    assert board.kinds(before) == ["exec", "fs cat"]
    assert board.files() == before_files


def test_dry_run_without_a_board_plans_for_an_empty_one(firmware, tmp_path):
    absent = FakeBoard(tmp_path / "nothing", present=False)
    report = run(absent, firmware, tmp_path, dry_run=True)
    assert [f.board_path for f in report.plan.copy] == EXPECTED
    assert "Planning for an empty board" in " ".join(report.plan.notes)


# ---------------------------------------------------------------- code in flash

ROM_SIZE = 256 * 1024  # an RPI_PICO2 build's ROMFS partition
ON_FILESYSTEM = ["/main.py", "/profile.json"]


def romfs_files(image, prefix=""):
    """``{path: bytes}`` of the files in a ROMFS image (mpremote's format)."""
    def uint(data, i):
        n = 0
        while True:
            b = data[i]
            i += 1
            n = (n << 7) | (b & 0x7F)
            if not b & 0x80:
                return n, i

    def records(data, i, end, prefix):
        out = {}
        while i < end:
            kind, i = uint(data, i)
            length, i = uint(data, i)
            body_end = i + length
            if kind in (4, 5):  # a folder or a file: its name, then what it holds
                name_len, j = uint(data, i)
                name = prefix + "/" + data[j:j + name_len].decode()
                j += name_len
                if kind == 4:
                    out.update(records(data, j, body_end, name))
                else:
                    _, j = uint(data, j)  # verbatim data record
                    size, j = uint(data, j)
                    out[name] = bytes(data[j:j + size])
            i = body_end
        return out

    assert image[:3] == b"\xd2\xcd\x31"
    length, i = uint(image, 3)
    return records(image, i, i + length, prefix)


def test_a_board_with_a_romfs_partition_gets_the_code_and_data_as_an_image(firmware, tmp_path):
    board_ = FakeBoard(tmp_path / "board", rom=bytes(ROM_SIZE))
    report = run(board_, firmware, tmp_path)
    assert report.mode == deploy.ROMFS and report.mismatches == [] and report.reset
    in_rom = romfs_files(bytes(board_.rom[:report.rom.size]), deploy.ROMFS_MOUNT)
    built = {f.board_path: f.local.read_bytes() for f in report.build.files}
    # Modules and shipped data run and are read in place under /rom/lib (on sys.path).
    assert in_rom == {"/rom/lib" + p: b for p, b in built.items() if p not in ON_FILESYSTEM}
    # Only main.py (MicroPython runs /main.py) and the profile go to the writable filesystem.
    assert board_.copied() == ON_FILESYSTEM + ["/teebox-manifest.json"]
    assert hashlib.sha256(board_.rom[:report.rom.size]).hexdigest() == report.rom.sha256
    assert report.warnings == []


def test_an_unchanged_image_is_not_written_again(firmware, tmp_path):
    board_ = FakeBoard(tmp_path / "board", rom=bytes(ROM_SIZE))
    run(board_, firmware, tmp_path)
    before = len(board_.calls)
    again = run(board_, firmware, tmp_path)
    assert not again.rom.write and not again.plan.changes
    assert board_.kinds(before) == ["exec", "fs cat"]
    (firmware / "teebox" / "core" / "rules.py").write_text("PAR = 5\n")
    changed = run(board_, firmware, tmp_path)
    assert changed.rom.write and not changed.plan.changes
    assert board_.kinds(before + 2) == ["exec", "fs cat", "romfs", "exec", "reset"]
    assert romfs_files(bytes(board_.rom))["/lib/teebox/core/rules.mpy"] == (
        tmp_path / "build" / "teebox" / "core" / "rules.mpy").read_bytes()


def test_moving_to_romfs_removes_the_copies_that_would_shadow_the_image(firmware, tmp_path):
    # The writable filesystem comes first on sys.path: a /teebox folder there, even with
    # only data in it, would be imported instead of /rom/lib/teebox.
    board_ = FakeBoard(tmp_path / "board")
    run(board_, firmware, tmp_path)
    board_.rom = bytearray(ROM_SIZE)  # the board gets a MicroPython with a ROMFS partition
    report = run(board_, firmware, tmp_path)
    assert report.plan.remove == sorted(set(EXPECTED) - set(ON_FILESYSTEM))
    assert sorted(board_.files()) == ON_FILESYSTEM + ["/teebox-manifest.json"]
    assert not (board_.root / "teebox").exists()


def test_a_corrupted_image_is_reported_and_the_board_not_restarted(firmware, tmp_path):
    board_ = FakeBoard(tmp_path / "board", rom=bytes(ROM_SIZE))
    board_.corrupt = {"romfs"}
    report = run(board_, firmware, tmp_path)
    (path, want, got), = report.mismatches
    assert path == "/rom (ROMFS image)" and want == report.rom.sha256 and got != want
    assert board_.resets == 0
    board_.corrupt = set()
    assert run(board_, firmware, tmp_path).rom.write  # the next deploy writes it again


def _old_image():
    from mpremote.romfs import VfsRomWriter
    writer = VfsRomWriter()
    writer.opendir("lib")
    writer.mkfile("old.mpy", b"old")
    writer.closedir()
    return writer.finalise()


def test_an_image_too_big_for_the_partition_goes_as_files_and_the_old_image_is_emptied(
        firmware, tmp_path):
    # The code outgrew the partition, but as .mpy files it fits the heap: the table
    # still runs, and the old image in the partition (first on sys.path) cannot hide it.
    old = _old_image()
    board_ = FakeBoard(tmp_path / "board", rom=old + bytes(64 - len(old)))
    report = run(board_, firmware, tmp_path)
    assert report.mode == deploy.FILES and report.mismatches == [] and report.warnings == []
    assert sorted(board_.files()) == sorted(EXPECTED + ["/teebox-manifest.json"])
    assert romfs_files(bytes(board_.rom)) == {}
    note, = [n for n in report.plan.notes if "ROMFS" in n]
    assert "more than the board's 64-byte ROMFS partition" in note
    assert "the partition is emptied" in note
    assert not run(board_, firmware, tmp_path).plan.changes  # the next deploy: nothing to do


SPLIT_ON_THE_BOARD = """
import os, sys
sys.path[:] = ["/main"]
import main
os.chdir("/")
sys.path[:] = ["", ".frozen", "/rom", "/rom/lib", "/lib"]  # a stock RPI_PICO2 with ROMFS
main.flash_code_first()
from teebox.core import rules
import teebox.core
print("ROM", teebox.__file__, teebox.core.__file__)
print("FILES", rules.__file__, rules.strokes(3, 1), teebox.core.__path__, sys.path[-1] == "")
"""


def test_an_image_too_big_for_the_partition_is_split_the_rest_going_as_files(
        firmware, tmp_path, micropython):
    # The partition holds the package's top but not all of it: the modules left out go as
    # .mpy files (into RAM) and the table still finds every module, the image's first.
    full = deploy.romfs_image(deploy.build(deploy.choose_profile(), firmware,
                                           tmp_path / "whole"))
    board_ = FakeBoard(tmp_path / "board", rom=bytes(len(full) - 1))
    report = run(board_, firmware, tmp_path)
    assert report.mode == deploy.SPLIT and report.mismatches == [] and report.warnings == []
    split = report.split
    assert split.rom == ["teebox", "teebox.core"] and split.redirected == ["teebox.core"]
    assert split.files == ["teebox.core.extra", "teebox.core.rules"]
    assert sorted(split.rom + split.files) == deploy.board_modules(firmware)  # none twice
    in_rom = romfs_files(bytes(board_.rom[:report.rom.size]), deploy.ROMFS_MOUNT)
    assert sorted(in_rom) == ["/rom/lib/teebox/__init__.mpy", "/rom/lib/teebox/core/__init__.mpy",
                              "/rom/lib/teebox/data/clubs.json",
                              "/rom/lib/teebox/data/courses/tiny.course"]
    assert sorted(board_.files()) == ON_FILESYSTEM + [
        "/teebox-manifest.json", "/teebox/core/extra.mpy", "/teebox/core/rules.mpy"]
    note, = [n for n in report.plan.notes if "ROMFS" in n]
    assert "2 modules (the table shell first) and the data files go into a" in note
    assert "2 modules" in note and "copied as files: the packages teebox.core" in note
    # On the board: MicroPython looks for teebox.core's modules where its __path__ says.
    rom = tmp_path / "rom"
    for path, data in in_rom.items():
        (rom / path[1:]).parent.mkdir(parents=True, exist_ok=True)
        (rom / path[1:]).write_bytes(data)
    res = micropython.run(code=SPLIT_ON_THE_BOARD, paths=(), mounts=(
        (rom / "rom", "/rom"), (board_.root / "teebox", "/teebox"),
        (ROOT / "firmware", "/main")))
    assert res.returncode == 0, res.stderr + res.stdout
    assert ("ROM /rom/lib/teebox/__init__.mpy /rom/lib/teebox/core/__init__.mpy" in res.stdout)
    assert "FILES /teebox/core/rules.mpy 4 /teebox/core True" in res.stdout
    assert not run(board_, firmware, tmp_path).plan.changes  # the next deploy: nothing to do


def test_an_image_too_big_for_the_partition_and_the_heap_is_refused_before_anything_changes(
        firmware, tmp_path):
    board_ = FakeBoard(tmp_path / "board", rom=bytes(64), heap_free=16 * 1024)
    with pytest.raises(DeployError) as err:
        run(board_, firmware, tmp_path)
    assert "more than the board's 64-byte ROMFS partition" in str(err.value)
    assert "KB needed, 16 KB free" in str(err.value) and "docs/memory.md" in str(err.value)
    assert board_.kinds() == ["exec"] and board_.files() == {}


def test_a_firmware_with_the_code_frozen_in_gets_only_data_main_and_profile(firmware, tmp_path):
    board_ = FakeBoard(tmp_path / "board", frozen="0.0.1")
    (firmware / "teebox" / "__init__.py").write_text('VERSION = "0.0.1"\n')
    report = run(board_, firmware, tmp_path)
    assert report.mode == deploy.FROZEN and report.warnings == []
    assert board_.copied() == [p for p in EXPECTED if not p.endswith(".mpy")] + [
        "/teebox-manifest.json"]
    (firmware / "teebox" / "__init__.py").write_text('VERSION = "0.0.2"\n')
    stale = run(board_, firmware, tmp_path, dry_run=True)
    assert "version 0.0.1; this copy is 0.0.2" in " ".join(stale.plan.notes)


def test_copying_code_into_a_pico_s_ram_is_refused_with_the_figures_unless_forced(tmp_path):
    # The real firmware's modules: over 200 KB of heap imported from files (the table shell
    # and the largest game's own code), that game needing 64 KB more, against the ~190 KB a
    # Pico has free.
    board_ = FakeBoard(tmp_path / "board", heap_free=190 * 1024)
    with pytest.raises(DeployError) as err:
        run(board_, deploy.firmware_dir(), tmp_path)
    code = deploy.code_ram(deploy.build(deploy.choose_profile(), build_dir=tmp_path / "b"))
    assert 170 * 1024 < code < 384 * 1024  # (a sanity range: the figures are the point)
    text = str(err.value)
    assert ("about %d KB (the table shell and the largest game's own code), and the game "
            "needs 64 KB more (18-holes at its peak), %d KB in all, but this board has 190 KB "
            "free" % (round(code / 1024),
                                                 round((code + 64 * 1024) / 1024))) in text
    assert "Pico 2" in text and "ROMFS partition" in text
    assert "hardware/firmware/manifest.py" in text and "teebox deploy --force" in text
    assert board_.copied() == []  # refused before anything changed
    forced = run(board_, deploy.firmware_dir(), tmp_path, force=True)
    warning, = forced.warnings  # forced: copied, with the figures still said
    assert "this board has 190 KB free" in warning
    assert "/main.py" in board_.copied()
    roomy = FakeBoard(tmp_path / "pico2", heap_free=460 * 1024)
    assert run(roomy, deploy.firmware_dir(), tmp_path).warnings == []


def test_the_fit_check_takes_the_largest_game_of_the_measured_figures():
    fit = deploy.Fit(code=200 * 1024, game="18-holes", free=250 * 1024)
    assert fit.need == 200 * 1024 + deploy.GAME_HEAP["18-holes"] and not fit.fits
    assert deploy.ram_problem(deploy.Fit(150 * 1024, "18-holes", 250 * 1024)) is None
    assert deploy.GAME_STATE_BYTES == max(deploy.GAME_HEAP.values())
    info = deploy.BoardInfo(0x306, "1.27.0", "Pico 2", "rp2", [], heap_free=470 * 1024)
    built = SimpleNamespace(files=[], firmware=deploy.firmware_dir())
    assert deploy.ram_fit(built, info).game == max(deploy.GAME_HEAP, key=deploy.GAME_HEAP.get)
    assert deploy.ram_fit(built, None) is None  # no board: nothing to check against


def test_the_romfs_probe_reads_an_image_under_micropython(micropython, tmp_path):
    # vfs.rom_ioctl answered by a fake over a real image: the probe's parsing and hashing
    # run inside MicroPython.
    image = deploy.romfs_image(deploy.build(deploy.choose_profile(), build_dir=tmp_path / "b"))
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "rom.bin").write_bytes(image + bytes(1000))
    code = ("import sys\nclass _Vfs:\n    def rom_ioctl(self, op, *args):\n"
            "        return 1 if op == 1 else memoryview(open('/img/rom.bin', 'rb').read())\n"
            "sys.modules['vfs'] = _Vfs()\n")
    code += deploy.board_script(deploy._ROM + deploy._ROM_CHECK).replace(
        deploy.BOARD_ROOT_LINE, 'ROOT = ""', 1)
    res = micropython.run(code=code, mounts=((tmp_path / "img", "/img"),), paths=())
    assert res.returncode == 0, res.stderr
    answer = json.loads(res.stdout.split(deploy.MARKER)[-1])
    assert answer == {"size": len(image) + 1000, "image": len(image),
                      "sha256": hashlib.sha256(image).hexdigest()}


# ---------------------------------------------------------------- board and tool errors


def test_no_board_on_the_port_lists_the_serial_ports(firmware, tmp_path, monkeypatch):
    from serial.tools import list_ports
    absent = FakeBoard(tmp_path / "nothing", present=False)
    monkeypatch.setattr(list_ports, "comports", lambda: [
        SimpleNamespace(device="/dev/ttyACM1", description="Board in FS mode")])
    with pytest.raises(deploy.NoBoard) as err:
        run(absent, firmware, tmp_path)
    text = str(err.value)
    assert "no MicroPython board answered on /dev/ttyACM0 (mpremote: no device found)" in text
    assert "/dev/ttyACM1 (Board in FS mode)" in text and "--port" in text
    monkeypatch.setattr(list_ports, "comports", lambda: [])
    with pytest.raises(deploy.NoBoard) as err:
        run(absent, firmware, tmp_path)
    assert "No serial ports found" in str(err.value)


def test_without_a_port_deploy_finds_the_one_micropython_board_or_names_the_candidates(
        firmware, tmp_path, monkeypatch):
    from serial.tools import list_ports
    board_ = FakeBoard(tmp_path / "board")
    monkeypatch.setattr(deploy, "mpremote_runner", lambda: board_)
    monkeypatch.setattr(deploy, "release_line", lambda port: None)
    usb = SimpleNamespace(device="/dev/ttyUSB0", vid=0x0403, pid=0x6001, description="FT232R")
    pico = SimpleNamespace(device=PORT, vid=0x2E8A, pid=0x0005, description="Board in FS mode")
    monkeypatch.setattr(list_ports, "comports", lambda: [usb, pico])
    deploy.deploy(firmware=firmware, build_dir=tmp_path / "build")
    assert board_.calls[0][:2] == ["connect", PORT]  # the Pico, not the FTDI adapter
    second = SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x0005, description="")
    monkeypatch.setattr(list_ports, "comports", lambda: [usb, pico, second])
    calls = len(board_.calls)
    with pytest.raises(deploy.NoBoard) as err:
        deploy.deploy(firmware=firmware, build_dir=tmp_path / "build")
    assert "2 boards found (%s, /dev/ttyACM1): say which with --port." % PORT in str(err.value)
    assert len(board_.calls) == calls  # nothing was sent to either
    dry = deploy.deploy(firmware=firmware, build_dir=tmp_path / "build", dry_run=True)
    assert any("2 boards found" in n and "empty board" in n for n in dry.plan.notes)


def test_a_busy_board_and_a_failing_board_script_are_told_apart(firmware, tmp_path):
    def busy(args, timeout=None):
        return RunResult(1, "", "mpremote: could not enter raw repl\n")

    with pytest.raises(deploy.NoBoard) as err:
        run(busy, firmware, tmp_path)
    assert "busy running a program" in str(err.value)
    assert "hold its BACK button while you plug its USB cable in again" in str(err.value)

    def broken(args, timeout=None):
        return RunResult(1, "Traceback (most recent call last):\nMemoryError: memory allocation "
                            "failed\n", "")

    with pytest.raises(DeployError) as err:
        run(broken, firmware, tmp_path)
    assert not isinstance(err.value, deploy.NoBoard)
    assert "what it runs failed: MemoryError: memory allocation failed" in str(err.value)


def test_a_board_with_too_old_micropython_is_refused_before_copying(firmware, tmp_path):
    old = FakeBoard(tmp_path / "old", mpy=5)
    with pytest.raises(DeployError) as err:
        run(old, firmware, tmp_path)
    assert "loads .mpy version 5" in str(err.value) and "1.19 or newer" in str(err.value)
    assert old.kinds() == ["exec"]


def test_a_board_that_is_not_a_pico_is_noted(firmware, tmp_path):
    esp = FakeBoard(tmp_path / "esp", platform="esp32")
    report = run(esp, firmware, tmp_path, dry_run=True)
    assert "sys.platform 'esp32'" in " ".join(report.plan.notes)


def test_a_board_that_never_answers_is_reported(firmware, tmp_path):
    def hangs(args, timeout=None):
        raise subprocess.TimeoutExpired(["mpremote"], timeout)

    with pytest.raises(DeployError) as err:
        run(hangs, firmware, tmp_path)
    assert "did not answer within 30 s" in str(err.value)
    # A Pico has no reset button: the way to restart it is its USB cable.
    assert "reset button" not in str(err.value)
    assert "unplug its USB cable and plug it in again and deploy again" in str(err.value)


def test_missing_mpremote_is_reported(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "mpremote", None)  # not importable here
    monkeypatch.setenv("PATH", str(tmp_path))  # and no mpremote program either
    with pytest.raises(DeployError) as err:
        deploy.mpremote_runner()
    assert "mpremote is not installed" in str(err.value)
    assert "pip install mpremote" in str(err.value)


def test_the_real_runner_passes_arguments_to_mpremote():
    res = deploy.mpremote_runner()(["--help"], 60)
    assert res.returncode == 0 and "mpremote" in res.stdout


# ---------------------------------------------------------------- on MicroPython


def test_the_board_scripts_run_under_micropython(micropython, tmp_path):
    board_root = tmp_path / "board"
    (board_root / "teebox" / "core").mkdir(parents=True)
    (board_root / "teebox" / "core" / "old.py").write_text("X = 1\n")
    (board_root / "teebox" / "core" / "rules.mpy").write_bytes(b"M\x06 module bytes")
    scripts = [
        deploy.board_script(deploy._ROM + deploy._PROBE, PACKAGE="/teebox"),
        deploy.board_script(deploy._PREPARE, REMOVE=["/teebox/core/old.py", "/missing.json"],
                            RMDIRS=["/teebox/gone"], MKDIRS=["/teebox/data"]),
        deploy.board_script(deploy._CHECK, PATHS=["/teebox/core/rules.mpy", "/teebox/nope.mpy"]),
        deploy.board_script(deploy._ROM + deploy._PROBE, PACKAGE="/teebox"),
    ]
    code = "\n".join(s.replace(deploy.BOARD_ROOT_LINE, 'ROOT = "/board"', 1) for s in scripts)
    code += "\nimport os\nprint('DATA', os.listdir('/board/teebox'))\n"
    res = micropython.run(code=code, mounts=((board_root, "/board"),), paths=())
    assert res.returncode == 0, res.stderr
    answers = [json.loads(ln[len(deploy.MARKER):]) for ln in res.stdout.splitlines()
               if ln.startswith(deploy.MARKER)]
    assert answers[0]["stray"] == ["/teebox/core/old.py"]
    assert answers[0]["mpy"] & 0xFF == 6
    assert answers[1] == {"/teebox/core/rules.mpy":
                          hashlib.sha256(b"M\x06 module bytes").hexdigest(),
                          "/teebox/nope.mpy": None}
    assert answers[2]["stray"] == []
    assert "'data'" in res.stdout


def test_the_deployed_firmware_imports_and_loads_its_data_under_micropython(micropython,
                                                                            board, tmp_path):
    # The fake board is a Pico without ROMFS, which the real firmware does not fit
    # (refused unless forced: its own test); here what counts is what arrives.
    run(board, deploy.firmware_dir(), tmp_path, force=True)
    assert not [p for p in board.files() if p.startswith("/teebox/") and p.endswith(".py")]
    code = (
        "from teebox.core import course\n"
        "from teebox.core.holes18 import cards\n"
        "from teebox import profile, shipped\n"
        "print('FILE', course.__file__)\n"
        "c = shipped.load_builtin('starter')\n"
        "print('COURSE', c.name, c.hole_count)\n"
        "print('CLUBS', len(shipped.load_default_clubs()))\n"
        "p = profile.load_file('/board/profile.json')\n"
        "print('LEDS', p.led_count)\n")
    res = micropython.run(code=code, mounts=((board.root, "/board"),), paths=("/board",))
    assert res.returncode == 0, res.stderr
    assert "FILE /board/teebox/core/course.mpy" in res.stdout
    assert "COURSE Starter" in res.stdout
    assert "LEDS 384" in res.stdout


# ---------------------------------------------------------------- the command


@pytest.fixture
def cli(firmware, board, tmp_path, monkeypatch):
    """`teebox deploy` wired to the small firmware and the fake board."""
    monkeypatch.setattr(deploy, "firmware_dir", lambda: firmware)
    monkeypatch.setattr(deploy, "default_build_dir", lambda: tmp_path / "build")
    monkeypatch.setattr(deploy, "mpremote_runner", lambda: board)
    app = typer.Typer()
    app.command()(deploy_cmd.deploy)
    return lambda *args: CliRunner().invoke(app, ["--port", PORT] + list(args))


def test_command_copies_then_says_the_board_is_up_to_date(cli, board):
    first = cli()
    assert first.exit_code == 0, first.output
    assert "Plan: copy 8 files" in first.output
    assert "  copy    /teebox/core/rules.mpy" in first.output
    assert "8 files copied intact" in first.output
    second = cli()
    assert second.exit_code == 0
    assert "The board is up to date" in second.output and "8 unchanged" in second.output


def test_command_dry_run_prints_the_plan(cli, board):
    result = cli("--dry-run")
    assert result.exit_code == 0
    assert "Dry run: nothing was changed" in result.output
    assert "  copy    /profile.json" in result.output
    assert board.files() == {}


def test_command_reports_a_corrupted_copy_and_fails(cli, board):
    board.corrupt = {"/teebox/data/clubs.json"}
    result = cli()
    assert result.exit_code == 1
    assert "1 file did not arrive intact" in result.output
    assert "/teebox/data/clubs.json: expected sha256" in result.output
    assert "Run 'teebox deploy' again" in result.output


def test_command_reports_an_invalid_profile(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x"}')
    result = cli("--profile", str(bad))
    assert result.exit_code == 1
    assert "is not valid" in result.output and "board: missing" in result.output


def test_command_reports_missing_mpremote(cli, monkeypatch):
    def missing():
        raise DeployError(deploy.MPREMOTE_MISSING)

    monkeypatch.setattr(deploy, "mpremote_runner", missing)
    result = cli()
    assert result.exit_code == 1
    assert "pip install mpremote" in result.output



def test_deploy_first_asks_a_running_table_to_give_the_line_back():
    # The table's link server holds Ctrl-C off; deploy asks it for the REPL first.
    from teebox_host.virtual_board import VirtualBoard
    with VirtualBoard() as vb:
        with vb.lock:
            assert vb.server.running
        deploy.release_line(vb.port)
        # The request is on the line; a board slow to answer (a loaded machine) still
        # hands the line back, only later.
        deadline = time.monotonic() + 10
        while True:
            with vb.lock:
                if not vb.server.running:
                    break
            assert time.monotonic() < deadline, "the table kept the line"
            time.sleep(0.02)


def test_releasing_the_line_of_a_board_that_is_not_a_table_changes_nothing(tmp_path):
    deploy.release_line(str(tmp_path / "no-such-port"))  # nothing there: no error


def test_command_writes_the_image_once_and_says_where_the_code_runs(cli, board):
    board.rom = bytearray(ROM_SIZE)
    first = cli()
    assert first.exit_code == 0, first.output
    assert "Code: a ROMFS image in flash" in first.output
    assert "of the board's 256.0 KB partition): write it" in first.output
    assert "ROMFS image written intact; 2 files copied intact" in first.output
    second = cli()
    assert "the board holds it already" in second.output
    assert "The board is up to date" in second.output


def test_command_says_which_modules_went_into_the_image_and_which_as_files(cli, board,
                                                                          firmware, tmp_path):
    whole = deploy.romfs_image(deploy.build(deploy.choose_profile(), firmware,
                                            tmp_path / "whole"))
    board.rom = bytearray(len(whole) - 1)
    result = cli()
    assert result.exit_code == 0, result.output
    assert ("Code: a ROMFS image in flash with the table shell, and the packages"
            in result.output)
    assert "In the image (2 modules): teebox, teebox.core\n" in result.output
    assert "As files (2 modules): teebox.core.extra, teebox.core.rules\n" in result.output
    assert "Heap: code " in result.output  # what the files take, of the board's free heap
    assert "ROMFS image written intact; 4 files copied intact" in result.output


def test_command_refuses_a_board_the_code_will_not_fit_and_force_copies(cli, board,
                                                                         monkeypatch):
    monkeypatch.setattr(deploy, "code_ram", lambda built, in_rom=(): 200 * 1024)
    result = cli("--dry-run")
    assert result.exit_code == 0
    assert "Code: .mpy files on the board's filesystem" in result.output
    assert "Warning: the board has no ROMFS partition" in result.output
    assert ("about 200 KB (the table shell and the largest game's own code), and the game "
            "needs 64 KB more (18-holes at its peak), 264 KB in all, but this board has 192 KB "
            "free") in result.output
    refused = cli()
    assert refused.exit_code == 1
    assert "Nothing was copied. To copy anyway: teebox deploy --force." in refused.output
    assert board.copied() == []
    forced = cli("--force")
    assert forced.exit_code == 0, forced.output
    assert "Warning: the board has no ROMFS partition" in forced.output
    assert "/main.py" in board.copied()


def test_command_shows_the_heap_the_code_and_largest_game_take_of_the_board_s(cli,
                                                                              monkeypatch):
    monkeypatch.setattr(deploy, "code_ram", lambda built, in_rom=(): 100 * 1024)
    result = cli("--dry-run")
    assert "192.0 KB of heap free" in result.output
    assert ("Heap: code 100.0 KB + the largest game (18-holes) 64.0 KB = 164.0 KB of the "
            "192.0 KB free: less than the 25 % headroom") in result.output
    monkeypatch.setattr(deploy, "code_ram", lambda built, in_rom=(): 50 * 1024)
    assert "= 114.0 KB of the 192.0 KB free.\n" in cli("--dry-run").output


def test_command_shows_each_copy_as_it_is_made(cli, board):
    result = cli()
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["Compiling the firmware with mpy-cross ...",
                         f"Asking the board on {PORT} what it runs ..."]
    progress = [ln for ln in lines if ln.startswith("  [")]
    assert progress == ["  [%d/8] %s" % (i + 1, path) for i, path in enumerate(EXPECTED)]
    assert lines.index("Checking the 8 copied files on the board ...") > lines.index(progress[-1])


def test_command_shows_how_far_the_romfs_image_is_written(cli, board):
    board.rom = bytearray(ROM_SIZE)
    result = cli()
    assert result.exit_code == 0, result.output
    tenths = [ln for ln in result.output.splitlines() if ln.endswith("of the image written")]
    assert tenths and tenths[-1] == "  100% of the image written"
    assert tenths == sorted(set(tenths), key=lambda ln: int(ln.split("%")[0]))


def test_the_real_runner_hears_each_line_while_the_program_still_runs(tmp_path):
    # The program prints, then waits until the line was heard: only a runner that passes
    # lines on as they come lets it finish.
    flag = tmp_path / "heard"
    program = ("import os, time\nprint('cp a :/b')\n"
               "while not os.path.exists(%r): time.sleep(0.01)\nprint('done')\n" % str(flag))
    heard = []

    def hear(line):
        heard.append(line)
        flag.touch()
    res = deploy.run_streaming([sys.executable, "-c", program], 60, hear)
    assert res.returncode == 0 and heard == ["cp a :/b", "done"]


def test_a_dry_run_against_a_virtual_board_changes_nothing_and_says_why(tmp_path):
    from teebox_host.link import Link
    from teebox_host.virtual_board import VirtualBoard
    app = typer.Typer()
    app.command()(deploy_cmd.deploy)
    with VirtualBoard() as vb:
        for args in (["--dry-run"], []):
            result = CliRunner().invoke(app, ["--port", vb.port] + args)
            assert result.exit_code == 1
            assert (f"{vb.port} is a pseudo-terminal, as 'teebox board --virtual' opens, not a "
                    "board's USB serial port") in result.output
            assert "reset" not in result.output
            with Link(vb.port, timeout=2) as link:
                assert link.hello().board_id == vb.board_id  # still answering


def test_a_dry_run_leaves_a_running_table_running(firmware, tmp_path, monkeypatch):
    import serial
    from link_fakes import FaultyBoard, board_store
    table = FaultyBoard(board_store(0))
    monkeypatch.setattr(serial, "Serial", table.serial)
    absent = FakeBoard(tmp_path / "nothing", present=False)
    monkeypatch.setattr(deploy, "mpremote_runner", lambda: absent)
    report = deploy.deploy(port="/dev/fake", dry_run=True, firmware=firmware,
                           build_dir=tmp_path / "build")
    assert table.server.running  # its link was not asked to give the line up
    assert absent.calls == []  # and mpremote did not try to get in
    assert ("a Teebox table (board f00dfeedc0ffee00, firmware 0.1.0) is running on /dev/fake "
            "and owns its line; a dry run leaves it running") in " ".join(report.plan.notes)
    assert [f.board_path for f in report.plan.copy] == EXPECTED


def test_command_says_why_code_outgrowing_the_partition_goes_as_files(cli, board):
    old = _old_image()
    board.rom = bytearray(old + bytes(64 - len(old)))
    result = cli()
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Emptying the board's ROMFS partition on %s ..." % PORT in lines
    note, = [ln for ln in lines if ln.startswith("Note: the ROMFS image is ")]
    assert "the code goes as .mpy files instead, which fit the free heap (64 KB of 192 KB)" in note
    assert "Code: .mpy files on the board's filesystem (imported into RAM)." in lines
    assert "ROMFS partition: empty it" in lines
    assert lines[-1] == ("Checked on the board: ROMFS partition emptied; 8 files copied intact, "
                         "manifest written; board restarted.")
