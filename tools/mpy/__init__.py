"""Run Teebox firmware inside the MicroPython WebAssembly port (Node.js).

The npm package is pinned in ``tools/mpy/package.json`` / ``package-lock.json``
and installed on first use into ``tools/mpy/node_modules`` (git ignores it).

Mounts (host folder -> runtime folder), the same for every run:

* ``firmware/``        -> ``/fw``     (so ``import teebox`` works)
* ``tests/firmware/``  -> ``/tests``  (firmware test modules)
* ``tools/mpy/py/``    -> ``/tools``  (the in-runtime test runner, heap meter)
"""

import json
import os
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
RUNNER = HERE / "run.mjs"
PACKAGE = "@micropython/micropython-webassembly-pyscript"
MARKER = "\x1eTEEBOX "

DEFAULT_MOUNTS = (
    (ROOT / "firmware", "/fw"),
    (ROOT / "tests" / "firmware", "/tests"),
    (HERE / "py", "/tools"),
)
DEFAULT_PATHS = ("/fw", "/tests", "/tools")

_install_lock = threading.Lock()


class RuntimeMissing(RuntimeError):
    """Node.js or the npm package could not be made available."""


def runtime_version():
    """The pinned version of the MicroPython WebAssembly package."""
    pkg = json.loads((HERE / "package.json").read_text())
    return pkg["dependencies"][PACKAGE]


def ensure_runtime():
    """Install the pinned npm package if it is not there yet; return node's path."""
    node = shutil.which("node")
    npm = shutil.which("npm")
    if not node or not npm:
        raise RuntimeMissing("Node.js and npm are needed to run MicroPython tests: install nodejs")
    marker = HERE / "node_modules" / PACKAGE / "micropython.mjs"
    with _install_lock:
        if not marker.exists():
            proc = subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=HERE, capture_output=True, text=True,
            )
            if proc.returncode != 0 or not marker.exists():
                raise RuntimeMissing("npm ci in tools/mpy failed:\n" + proc.stderr)
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

    ``before`` (a list of code strings), ``each``, ``step`` and ``after`` are passed to ``run.mjs`` (see there):
    top-level calls after the entry, for scenarios measured step by step.
    Returns a :class:`Result`; ``records`` holds the JSON objects printed on
    marker lines (``mpmarker.record()``).
    """
    if (entry is None) == (code is None):
        raise ValueError("give exactly one of entry= or code=")
    cmd = [ensure_runtime(), str(RUNNER)]
    for host, dst in mounts:
        cmd += ["--mount", f"{host}:{dst}"]
    for p in paths:
        cmd += ["--path", p]
    if heap:
        cmd += ["--heap", str(heap)]
    for b in before or ():
        cmd += ["--before", b]
    for flag, value in (("--step", step), ("--each", each), ("--after", after)):
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
    The heap is sampled after ``gc.collect()`` once setup is done and after
    every step. Those samples are taken between top-level calls, the only
    place this port frees garbage, so they are true live-heap figures. Code
    may also call ``heapmeter.checkpoint(label)`` mid-call: such a sample still
    counts garbage the port cannot free yet, so it is an upper bound.
    Raises ``RuntimeError`` with the traceback if the scenario fails.
    """
    # Compiling a module leaves garbage that survives one more top-level call,
    # so the baseline is taken twice and the second, clean one is kept.
    res = run(before=["import heapmeter", "heapmeter.start()", "heapmeter.start()"], code=setup,
              each="heapmeter.checkpoint()", step=step, after="heapmeter.report()",
              timeout=timeout, mounts=mounts)
    reports = [r for r in res.records if r.get("kind") == "heap"]
    if res.returncode != 0 or not reports:
        raise RuntimeError("heap scenario failed under MicroPython:\n" + res.stderr + res.output)
    r = reports[-1]
    return HeapReport(r["baseline"], r["high_water"], r["samples"], r["steps"])
