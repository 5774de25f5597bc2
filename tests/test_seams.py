"""The seams between the board, the host and the tools (issue 9, the wire seam).

The host speaks to a board only through the byte formats both ends share
(``teebox.core.wire``); only the commands that run the table itself (the simulator
and the virtual board) import the table (``teebox.app``); and nothing in the host
reaches into ``tools/``, so an installed teebox works without a source checkout.
"""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOST = ROOT / "host" / "teebox_host"
RUNS_THE_TABLE = {"sim_cmd.py", "sim_tui.py", "virtual_board.py"}


def _imports(path):
    """Every module a file imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module
            yield from (node.module + "." + a.name for a in node.names)


def _host_files():
    return sorted(p for p in HOST.rglob("*.py") if "micropython/py" not in p.as_posix())


def test_only_the_commands_that_run_the_table_import_it():
    offenders = ["%s imports %s" % (p.relative_to(ROOT), m) for p in _host_files()
                 if p.name not in RUNS_THE_TABLE
                 for m in _imports(p) if m == "teebox.app" or m.startswith("teebox.app.")]
    assert offenders == []


def test_nothing_in_the_host_imports_from_tools():
    offenders = ["%s imports %s" % (p.relative_to(ROOT), m) for p in _host_files()
                 for m in _imports(p) if m == "tools" or m.startswith("tools.")]
    assert offenders == []


def test_the_link_and_the_board_take_their_numbers_from_the_same_module():
    from teebox.app import link_server
    from teebox.core.wire import commands
    from teebox_host import link
    assert link.proto is commands
    assert link_server.PROTOCOL_VERSION is commands.PROTOCOL_VERSION
    assert link_server.HELLO == commands.HELLO


@pytest.mark.skipif(not os.environ.get("CI") and not os.environ.get("TEEBOX_SLOW"),
                    reason="builds and installs the package: CI, or TEEBOX_SLOW=1")
def test_an_installed_teebox_runs_firmware_in_micropython_without_a_source_checkout(tmp_path):
    # pip builds a wheel and installs it in a folder of its own, far from this checkout.
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(ROOT)], check=True, timeout=600)
    probe = (
        "import teebox_host, teebox_host.virtual_board as vb\n"
        "from teebox_host import micropython as mpy\n"
        "assert teebox_host.__file__.startswith(%r), teebox_host.__file__\n"
        "r = mpy.run(code='import teebox.core.rng as r; print(\"rng\", r.Rng(7).below(1000))')\n"
        "print(r.returncode, r.stdout.strip(), r.stderr.strip())\n" % str(target))
    env = dict(os.environ, PYTHONPATH=str(target), XDG_CACHE_HOME=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    from teebox.core.rng import Rng
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "rng", str(Rng(7).below(1000))], out.stdout
