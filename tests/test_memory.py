"""Keeping the board's code out of RAM: the frozen-firmware manifest and main.py's path order.

See docs/memory.md: imported from .mpy files on the filesystem, the board's modules
keep about 200 KB of heap, a Pico's whole free heap; frozen into the firmware or in a
ROMFS image they run from flash.
"""

from pathlib import Path

from teebox_host import deploy

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "hardware" / "firmware" / "manifest.py"


def _read_manifest():
    """Run the manifest as MicroPython's manifest tool does; what it includes and freezes."""
    calls = {"include": [], "package": []}
    env = {"include": lambda path, **kw: calls["include"].append(path),
           "package": lambda name, files=None, base_path=".", opt=None:
               calls["package"].append((name, files, base_path))}
    exec(compile(MANIFEST.read_text(), str(MANIFEST), "exec"), env)
    return calls


def test_the_frozen_manifest_lists_exactly_the_modules_the_board_imports():
    # Any module main.py comes to import (at the top or inside a function) must be
    # frozen, or the board would import it from a file; host-only ones (the script
    # player) would only take flash. The bots play the table's bot seats.
    calls = _read_manifest()
    (name, files, base_path), = calls["package"]
    firmware = (MANIFEST.parent / base_path).resolve()
    assert name == "teebox" and firmware == deploy.firmware_dir()
    wanted = sorted(deploy.module_file(firmware, m).relative_to(firmware / "teebox").as_posix()
                    for m in deploy.board_modules(firmware))
    assert sorted(files) == wanted
    assert "core/holes18/modes/chaos.py" in files  # imported only when a Chaos Golf game starts
    assert "app/script.py" not in files and "core/holes18/bots.py" in files
    assert calls["include"] == ["$(PORT_DIR)/boards/manifest.py"]  # the port's own modules


def test_board_modules_follow_imports_inside_functions_and_leave_out_the_rest(tmp_path):
    fw = tmp_path / "firmware"
    (fw / "teebox" / "core").mkdir(parents=True)
    for rel in ("teebox/__init__.py", "teebox/core/__init__.py", "teebox/core/late.py",
                "teebox/host.py"):
        (fw / rel).write_text("")
    (fw / "main.py").write_text("def main():\n    from teebox.app import gamejournal\n")
    (fw / "teebox" / "app").mkdir()
    (fw / "teebox" / "app" / "__init__.py").write_text("")
    (fw / "teebox" / "app" / "gamejournal.py").write_text(
        "def later():\n    from teebox.core import late\n")
    assert deploy.board_modules(fw) == ["teebox", "teebox.app", "teebox.app.gamejournal",
                                        "teebox.core", "teebox.core.late"]


FROZEN_FIRST = """
import os, sys
sys.path.insert(0, "/src")
import main
sys.path.remove("/src")
os.chdir("/board")
try:
    import asyncio
    print("BEFORE", getattr(asyncio, "__file__", "a folder of data"))
except ImportError:
    print("BEFORE", "nothing")
del sys.modules["asyncio"]
main.flash_code_first()
import asyncio
print("AFTER", asyncio.__file__, sys.path[-1] == "")
f = open(asyncio.__file__.rsplit("/", 1)[0] + "/data/cards.json")
print("DATA", f.read())
"""


def test_main_puts_the_code_in_flash_ahead_of_a_data_folder_on_the_filesystem(micropython,
                                                                             tmp_path):
    # This runtime has asyncio frozen in, as a frozen firmware has teebox; a folder of the
    # same name holding only data, where the board's filesystem keeps the shipped cards
    # and courses, hides the frozen package unless main.py moves "" behind ".frozen".
    board = tmp_path / "board"
    (board / "asyncio" / "data").mkdir(parents=True)
    (board / "asyncio" / "data" / "cards.json").write_text('{"clubs": []}')
    res = micropython.run(code=FROZEN_FIRST, paths=(),
                          mounts=((board, "/board"), (ROOT / "firmware", "/src")))
    assert res.returncode == 0, res.stderr
    assert "BEFORE a folder of data" in res.stdout
    assert "AFTER asyncio/__init__.py True" in res.stdout
    assert 'DATA {"clubs": []}' in res.stdout
