"""The type check (issue 17): host/ against CPython's typeshed, and firmware/ against
the MicroPython 1.27 stubs (``micropython-rp2-stubs``): its standard library as the
typeshed, the board's own modules (machine, micropython, neopixel, rp2) beside it.
Configuration: ``[tool.mypy]`` in pyproject.toml. By hand: ``mypy`` checks the host."""

import importlib.metadata
import shutil
import sysconfig
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def _mypy(args, cache=ROOT / ".mypy_cache"):
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(cache)] + args)
    return status, out + err


def test_the_host_type_checks_with_no_errors(monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out = _mypy([])
    assert status == 0 and "Success: no issues found" in out, out


def _port_stubs(folder):
    """The stubs of the board's own modules, copied apart: mypy takes no search path
    inside site-packages, and the package keeps them at its top level."""
    for f in importlib.metadata.files("micropython-rp2-stubs"):
        if str(f).endswith(".pyi"):
            dst = folder / str(f)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f.locate(), dst)
    return folder


def _firmware_check(monkeypatch, tmp_path, targets):
    stubs = _port_stubs(tmp_path / "stubs")
    monkeypatch.chdir(ROOT / "firmware")
    monkeypatch.setenv("MYPYPATH", str(stubs))
    site = sysconfig.get_paths()["purelib"]  # micropython-stdlib-stubs put stdlib/ here
    return _mypy(["--custom-typeshed-dir", site] + targets, cache=tmp_path / "cache")


def test_the_firmware_type_checks_against_the_micropython_stubs(monkeypatch, tmp_path):
    assert importlib.metadata.version("micropython-rp2-stubs").startswith("1.27.")
    status, out = _firmware_check(monkeypatch, tmp_path, ["teebox", "main.py"])
    assert status == 0 and "Success: no issues found" in out, out


def test_the_firmware_check_knows_the_board_s_own_api(monkeypatch, tmp_path):
    # The same check refuses a call the MicroPython API does not have: the stubs are
    # really in use (a missing stub would pass anything as Any).
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import machine\nmachine.Pin(0).no_such_method()\n"
                     "import time\ntime.ticks_ms() + 'x'\n")
    status, out = _firmware_check(monkeypatch, tmp_path, [str(wrong)])
    assert status == 1
    assert '"Pin" has no attribute "no_such_method"' in out
    assert 'Unsupported operand types for + ("int" and "str")' in out
