"""Run Teebox firmware inside the MicroPython WebAssembly port (Node.js).

The npm package is pinned in this folder's ``package.json`` / ``package-lock.json``
and installed on first use into ``node_modules`` beside them (git ignores it), or,
where an installed teebox cannot write here, into the user's cache folder.
It lives in the host package, not in ``tools/``, so ``teebox board --virtual
--micropython`` works from an installed teebox too.

Mounts (host folder -> runtime folder), the same for every run:

* the folder holding the ``teebox`` package -> ``/fw`` (so ``import teebox`` works)
* ``tests/firmware/``  -> ``/tests``  (firmware test modules; in a source checkout)
* ``py/`` beside this file -> ``/tools``  (the in-runtime test runner, heap meter,
  the virtual board's firmware side)
"""

import json
import os
import shutil
import subprocess
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import teebox

HERE = Path(__file__).resolve().parent
PACKAGE = "@micropython/micropython-webassembly-pyscript"
MARKER = "\x1eTEEBOX "
_RUNTIME_FILES = ("package.json", "package-lock.json", "run.mjs")


def _firmware_root():
    """The folder that holds the ``teebox`` package: ``firmware/`` in a source checkout.
    An installed teebox sits in site-packages, too big to copy into the runtime, so a
    cache folder holding a link to the package stands in for it."""
    package = Path(teebox.__file__).resolve().parent
    if (package.parent / "main.py").exists():
        return package.parent
    stand_in = _cache_dir() / "fw"
    stand_in.mkdir(parents=True, exist_ok=True)
    link = stand_in / "teebox"
    if not link.exists():
        try:
            link.symlink_to(package, target_is_directory=True)
        except FileExistsError:  # another process (a parallel test worker) made it first
            pass
    return stand_in


def _cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "teebox" / "micropython"


def _runtime_dir():
    """Where ``node_modules`` goes: beside this file when it can be written, else the
    user's cache folder (with copies of the runner and the pinned package files)."""
    if os.access(HERE, os.W_OK):
        return HERE
    cache = _cache_dir() / "runtime"
    cache.mkdir(parents=True, exist_ok=True)
    for name in _RUNTIME_FILES:
        if not (cache / name).exists() or (cache / name).read_bytes() != (HERE / name).read_bytes():
            shutil.copyfile(HERE / name, cache / name)
    return cache


ROOT = Path(__file__).resolve().parents[3]  # the source checkout, when there is one
_TESTS = ROOT / "tests" / "firmware"
DEFAULT_MOUNTS = (((_firmware_root(), "/fw"),)
                  + (((_TESTS, "/tests"),) if _TESTS.is_dir() else ())
                  + ((HERE / "py", "/tools"),))
DEFAULT_PATHS = ("/fw", "/tests", "/tools")
# The top-level calls that sample the live heap (``each=SAMPLE``; heapmeter.py says why
# it takes two: this port collects only as a top-level call starts).
SAMPLE = ("heapmeter.collect()", "heapmeter.checkpoint()")

_install_lock = threading.Lock()


class RuntimeMissing(RuntimeError):
    """Node.js or the npm package could not be made available."""


def runner_path():
    """``run.mjs``, where its ``node_modules`` are (call ``ensure_runtime`` first)."""
    return _runtime_dir() / "run.mjs"


def runtime_version():
    """The pinned version of the MicroPython WebAssembly package."""
    pkg = json.loads((HERE / "package.json").read_text())
    return pkg["dependencies"][PACKAGE]


@contextmanager
def _process_lock(path):
    """Hold an exclusive lock on the file ``path`` while the block runs, so processes
    that install at once (parallel test workers) take turns: the first installs, the
    others find it done. Where ``fcntl`` is missing (Windows) only threads take turns."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path, "rb") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def ensure_runtime():
    """Install the pinned npm package if it is not there yet; return node's path."""
    node = shutil.which("node")
    npm = shutil.which("npm")
    if not node or not npm:
        raise RuntimeMissing("Node.js and npm are needed to run MicroPython tests: install nodejs")
    where = _runtime_dir()
    marker = where / "node_modules" / PACKAGE / "micropython.mjs"
    if marker.exists():
        return node
    with _install_lock, _process_lock(where / "package-lock.json"):
        if not marker.exists():
            proc = subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=where, capture_output=True, text=True,
            )
            if proc.returncode != 0 or not marker.exists():
                raise RuntimeMissing("npm ci in %s failed:\n%s" % (where, proc.stderr))
    return node


@dataclass
class Result:
    """What one MicroPython run produced."""

    returncode: int
    stdout: str
    stderr: str
    records: list = field(default_factory=list)

    @property
    def output(self):
        """stdout without the marker lines the helpers print."""
        return "".join(
            line + "\n" for line in self.stdout.split("\n") if not line.startswith(MARKER)
        )


def run(entry=None, code=None, args=(), mounts=DEFAULT_MOUNTS, paths=DEFAULT_PATHS,
        timeout=600, heap=None, before=None, step=None, each=None, after=None):
    """Run ``entry`` (a host .py file) or ``code`` inside MicroPython.

    ``before`` (a list of code strings), ``each`` (a code string, or a sequence of them),
    ``step`` and ``after`` are passed to ``run.mjs`` (see there): top-level calls after
    the entry, for scenarios measured step by step.
    Returns a :class:`Result`; ``records`` holds the JSON objects printed on
    marker lines (``mpmarker.record()``).
    """
    if (entry is None) == (code is None):
        raise ValueError("give exactly one of entry= or code=")
    cmd = [ensure_runtime(), str(runner_path())]
    for host, dst in mounts:
        cmd += ["--mount", f"{host}:{dst}"]
    for p in paths:
        cmd += ["--path", p]
    if heap:
        cmd += ["--heap", str(heap)]
    for b in before or ():
        cmd += ["--before", b]
    for e in ((each,) if isinstance(each, str) else each or ()):
        cmd += ["--each", e]
    for flag, value in (("--step", step), ("--after", after)):
        if value is not None:
            cmd += [flag, value]
    cmd += ["-c", code] if code is not None else [str(entry)]
    cmd += [str(a) for a in args]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, NODE_NO_WARNINGS="1"))
    records = [json.loads(line[len(MARKER):]) for line in proc.stdout.split("\n")
               if line.startswith(MARKER)]
    return Result(proc.returncode, proc.stdout, proc.stderr, records)


def run_test_module(module):
    """Run every ``test_*`` function of a firmware test module inside MicroPython.

    Returns ``(result, {test_name: record})`` where a record has ``ok`` and,
    for a failure, ``tb`` (the MicroPython traceback).
    """
    res = run(entry=HERE / "py" / "mp_testrun.py", args=[module])
    by_name = {r["name"]: r for r in res.records if r.get("kind") == "test"}
    return res, by_name


@dataclass
class HeapReport:
    """Heap use of a scenario, in bytes, sampled after gc.collect() at checkpoints."""

    baseline: int
    high_water: int
    samples: list
    steps: int = 0

    @property
    def cost(self):
        """High-water above what the runtime held before the scenario began."""
        return self.high_water - self.baseline


def heap_high_water(setup, step=None, timeout=600, mounts=DEFAULT_MOUNTS):
    """Run a scenario under MicroPython and report its ``gc.mem_alloc()`` high-water.

    ``setup`` is code that builds the scenario; ``step`` (optional) is an
    expression evaluated repeatedly until falsy, e.g. ``game.play_turn()``.
    The heap is sampled after a full collection once setup is done and after
    every step (:data:`SAMPLE`: a top-level call asks for the collection, which this
    port runs as the next one starts, and that one reads the heap), so the samples
    are true live-heap figures, a step's garbage left out however little it made. Code
    may also call ``heapmeter.checkpoint(label)`` mid-call: such a sample still
    counts garbage the port cannot free yet, so it is an upper bound.
    Raises ``RuntimeError`` with the traceback if the scenario fails.
    """
    # The baseline is taken twice and the second, clean one kept: the first start()
    # asks for the collection that frees the garbage of compiling heapmeter.
    res = run(before=["import heapmeter", "heapmeter.start()", "heapmeter.start()"], code=setup,
              each=SAMPLE, step=step, after="heapmeter.report()",
              timeout=timeout, mounts=mounts)
    reports = [r for r in res.records if r.get("kind") == "heap"]
    if res.returncode != 0 or not reports:
        raise RuntimeError("heap scenario failed under MicroPython:\n" + res.stderr + res.output)
    r = reports[-1]
    return HeapReport(r["baseline"], r["high_water"], r["samples"], r["steps"])
