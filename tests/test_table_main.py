"""The board entry point ``firmware/main.py``: start the table, or show why it cannot.

CPython runs it against stand-in hardware modules; MicroPython runs the file the way
the board does at boot (as ``__main__``) with no profile on the flash.
"""

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "firmware" / "main.py"
sys.path.insert(0, str(ROOT / "tests" / "firmware"))

import fake_hardware as fh  # noqa: E402
import fake_mfrc522 as fk  # noqa: E402
from teebox.app import board, link_server  # noqa: E402

NTAG = bytes.fromhex("04a1b2c3d4e5f6")


@pytest.fixture
def main_module():
    spec = importlib.util.spec_from_file_location("teebox_main", MAIN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # not "__main__": nothing runs yet
    return mod


@pytest.fixture
def fast_blinks(monkeypatch):
    monkeypatch.setattr(board, "BLINK_MS", 1)


def _profile_file(tmp_path, **changes):
    d = fh.profile_dict()
    d["display"] = None  # CPython has no framebuf for the OLED driver
    d.update(changes)
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(d))
    return path


def _machine():
    m = fk.FakeMachine()
    m.Pin.PULL_UP = fk.FakePin.PULL_UP
    m.I2C = fh.FakeI2C
    return m


def test_main_runs_the_table_on_the_profiles_hardware(main_module, tmp_path):
    m = _machine()
    chip = fk.FakeMfrc522(m.bus(0), m.Pin(17), rst=m.Pin(20))
    chip.add(fk.FakeCard(NTAG))
    fh.FakeNeoPixel.created = []
    with fh.installed(machine=m, neopixel=fh.FakeMicroPythonNeopixel):
        ok = main_module.main(_profile_file(tmp_path).as_posix(), frames=3,
                              store_root=(tmp_path / "store").as_posix(),
                              port=link_server.pipe()[0])
    assert ok
    strip = fh.FakeNeoPixel.created[-1]
    assert strip.writes == 3  # one LED frame per loop frame
    assert (tmp_path / "store").is_dir()


def test_a_missing_profile_is_reported_and_main_returns_to_the_repl(main_module, tmp_path,
                                                                    capsys, fast_blinks):
    assert main_module.main((tmp_path / "nowhere.json").as_posix()) is False
    out = capsys.readouterr()
    assert "teebox: the table stopped:" in out.out
    assert "nowhere.json" in out.err


def test_a_deeply_nested_profile_is_reported_clearly(main_module, tmp_path, capsys,
                                                     fast_blinks):
    """Issue 15: a deeply nested /profile.json stopped the board with RecursionError."""
    path = tmp_path / "profile.json"
    path.write_text('{"leds": %s}' % ("[" * 100000 + "]" * 100000))
    assert main_module.main(path.as_posix()) is False
    err = capsys.readouterr().err
    assert "RecursionError" not in err
    assert "ProfileError: profile.json: 1 problem:\n  (file): lists [...] and objects " \
        "{...} are nested more than 16 deep" in err


def test_a_bad_card_file_on_flash_is_reported_clearly_when_18_holes_needs_it(tmp_path,
                                                                             monkeypatch):
    """Issue 15: a bad card file on the board ends in its own clear error, not a
    RecursionError. The cards are read when a game needs them (a board that plays only
    Play Nine never reads them), so the table starts, and setting up 18 Holes shows the
    error and goes back to the start menu: the table goes on."""
    from teebox import profile as profile_mod
    from teebox import shipped
    from teebox.app import boot, script
    data = tmp_path / "data"
    shutil.copytree(Path(shipped.data_path("clubs.json")).parent, data)
    (data / "clubs.json").write_text('{"clubs": %s}' % ("[" * 100000 + "]" * 100000))
    monkeypatch.setattr(shipped, "data_path", lambda name: (data / name).as_posix())
    d = fh.profile_dict()
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(d))
    hw = board.build(profile_mod.load_file(path.as_posix()), sim=True)
    loop = boot.start(hw, serve=False)
    runner = script.Runner(loop)
    seen = []
    for _ in range(10):  # OK through the setup of the default game, 18 Holes
        runner.step(script.parse_line("press OK", 1, None))
        loop.run(3)
        seen.append(hw.display.screen())
    shown = "\n".join(seen).replace("\n", " ")
    assert "RecursionError" not in shown
    assert "CardDataError" in shown and "nested more than 16 deep" in shown
    assert loop.table.game is None  # no game without its cards


def test_a_boot_failure_shows_on_the_display_and_blinks_the_leds_red(main_module, tmp_path,
                                                                     capsys, fast_blinks):
    # The profile's reader does not answer (its VersionReg reads 0x00: no chip there).
    m = _machine()
    fk.FakeMfrc522(m.bus(0), m.Pin(17), rst=m.Pin(20), version=0x00)
    fh.FakeNeoPixel.created = []
    with fh.installed(machine=m, neopixel=fh.FakeMicroPythonNeopixel):
        ok = main_module.main(_profile_file(tmp_path).as_posix(),
                              store_root=(tmp_path / "store").as_posix())
    assert ok is False
    assert "RfidError" in capsys.readouterr().err
    strip = fh.FakeNeoPixel.created[-1]
    assert strip.writes == 2 * board.BLINKS + 1
    assert strip.buf[1] > 0 and strip.buf[0] == 0  # GRB wire order: red, left lit


def test_show_failure_writes_the_error_on_the_display(fast_blinks):
    from teebox.hal.display import SimDisplay
    from teebox.hal.leds import SimLeds

    class Parts:
        display = SimDisplay()
        leds = SimLeds(4)
    board.show_failure(ValueError("leds.count: 3 LEDs"), hw=Parts())
    assert Parts.display.shown[:3] == ("TEEBOX FAILED", "ValueError:", "leds.count: 3")
    assert Parts.leds.pixel(0)[0] > 0 and Parts.leds.pixel(0)[1:] == (0, 0)


def test_on_micropython_main_ends_and_leaves_the_repl_when_the_board_has_no_profile(
        micropython):
    res = micropython.run(entry=MAIN)
    assert res.returncode == 0, res.stderr
    assert "teebox: the table stopped:" in res.stdout
    assert "OSError" in res.stdout  # sys.print_exception goes to stdout on MicroPython
