"""Test-suite plumbing.

Firmware tests (``tests/firmware/test_*.py``) run twice: once as ordinary
CPython tests, and once inside the MicroPython WebAssembly runtime, where each
test function becomes its own pytest item named ``test_x[micropython]``. A
failure inside MicroPython shows MicroPython's own traceback.

The suite runs in parallel (pytest-xdist, ``-n auto`` in pyproject.toml): a
module's MicroPython items share one runtime run, so the scheduler below sends
them to one worker together, and every other test on its own.
``pytest -n 0`` runs in one process.
"""

import ast
from pathlib import Path

import pytest

from teebox_host import micropython as mpy

FIRMWARE_TESTS = Path(__file__).resolve().parent / "firmware"


@pytest.fixture(scope="session")
def micropython():
    """The MicroPython runner (``teebox_host.micropython``), installed on first use."""
    mpy.ensure_runtime()
    return mpy


@pytest.fixture(scope="session")
def compiled_firmware(micropython, tmp_path_factory):
    """Runtime mounts with the firmware as the board imports it: compiled by mpy-cross
    exactly as ``teebox deploy`` compiles it. Heap figures need this: compiling the
    ``.py`` sources inside the runtime leaves compiler garbage that the conservative
    collector keeps or frees by chance."""
    from teebox_host import deploy
    build = tmp_path_factory.mktemp("compiled") / "build"
    deploy.build(deploy.choose_profile(), deploy.firmware_dir(), build)
    return ((build, "/fw"),) + tuple(m for m in micropython.DEFAULT_MOUNTS if m[1] != "/fw")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With ``--dist load`` (the default of ``-n``): a firmware module's MicroPython items
    go to one worker as one unit, so the module runs once in MicroPython (see
    ``MicroPythonFile.results``); every other test is a unit of its own. Big units go
    first. (xdist's own ``xdist_group`` mark does this on older pytest only.)"""
    if config.getoption("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class MicroPythonModules(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            if nodeid.endswith("[micropython]"):
                return nodeid.split("::", 1)[0] + "[micropython]"
            return nodeid

    return MicroPythonModules(config, log)


def pytest_collect_file(parent, file_path):
    if (file_path.parent == FIRMWARE_TESTS and file_path.name.startswith("test_")
            and file_path.suffix == ".py"):
        return MicroPythonFile.from_parent(parent, path=file_path)
    return None


class MicroPythonFile(pytest.File):
    """The MicroPython run of one firmware test module."""

    _results = None

    def collect(self):
        tree = ast.parse(self.path.read_text(), filename=str(self.path))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                item = MicroPythonItem.from_parent(self, name=node.name + "[micropython]")
                item.func_name = node.name
                item.add_marker("micropython")
                yield item

    def results(self):
        """Run the module once in MicroPython; cache the per-test records."""
        if self._results is None:
            res, by_name = mpy.run_test_module(self.path.stem)
            self._results = (res, by_name)
        return self._results


class MicroPythonFailure(Exception):
    pass


class MicroPythonItem(pytest.Item):
    func_name = ""

    def runtest(self):
        res, by_name = self.parent.results()
        rec = by_name.get(self.func_name)
        if rec is None:
            modules = [r for r in res.records if r.get("kind") == "module"]
            detail = modules[0]["tb"] if modules else (res.stderr or res.stdout)
            raise MicroPythonFailure(
                f"{self.func_name} did not run under MicroPython:\n{detail}")
        if not rec["ok"]:
            raise MicroPythonFailure(rec["tb"])

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, MicroPythonFailure):
            return f"inside MicroPython {mpy.runtime_version()}:\n{excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self.func_name} [micropython]"


def pytest_terminal_summary(terminalreporter):
    passed = [r for r in terminalreporter.stats.get("passed", []) if "[micropython]" in r.nodeid]
    failed = [r for r in terminalreporter.stats.get("failed", []) if "[micropython]" in r.nodeid]
    if passed or failed:
        terminalreporter.write_line(
            f"MicroPython {mpy.runtime_version()} (WebAssembly): {len(passed)} firmware tests "
            f"passed inside MicroPython, {len(failed)} failed")
