"""The seams between the board, the host and the tools (issue 9, the wire seam).

The host speaks to a board only through the byte formats both ends share
(``teebox.core.wire``); only the commands that run the table itself (the simulator
and the virtual board) import the table (``teebox.app``); and nothing in the host
reaches into ``tools/``, so an installed teebox works without a source checkout.
"""

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOST = ROOT / "host" / "teebox_host"
RUNS_THE_TABLE = {"sim_cmd.py", "sim_tui.py", "virtual_board.py",
                  "deploy.py"}  # (deploy reads which firmware modules a game owns)


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
    # (micropython/py and web/mp run inside MicroPython, beside the firmware: the
    # virtual board's table and the browser's)
    return sorted(p for p in HOST.rglob("*.py")
                  if "micropython/py" not in p.as_posix() and "web/mp/" not in p.as_posix())


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


# ---------------------------------------------------------------- one table, many games

GAME_PACKAGES = ("teebox.core.holes18", "teebox.core.playnine", "teebox.core.dominogolf")
FIRMWARE = ROOT / "firmware"
# What must work for every game alike: it finds a game through the registry
# (teebox.core.games.load, which imports it only when asked) and imports none itself.
GAME_BLIND = ("teebox.app.gamejournal", "teebox.app.journal", "teebox.app.link_server",
              "teebox.core.wire.commands", "teebox.core.wire.events",
              "teebox.core.wire.framing", "teebox.core.wire.gamerecord",
              "teebox_host.link", "teebox_host.sync_cmd", "teebox_host.scoredb",
              "teebox_host.scores_cmd", "teebox_host.replay_cmd")


def _source(module):
    """The file of a Teebox module (firmware or host), or None for anything else."""
    top = FIRMWARE if module.split(".")[0] == "teebox" else ROOT / "host"
    for path in (top / (module.replace(".", "/") + ".py"),
                 top / module.replace(".", "/") / "__init__.py"):
        if path.is_file():
            return path
    return None


def _top_level_imports(path):
    """The modules a file imports when it is imported (not inside functions)."""
    for node in ast.parse(path.read_text(), filename=str(path)).body:
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module
            yield from (node.module + "." + a.name for a in node.names)


def _game_imports(module):
    """``(importer, game module)`` pairs: every import of a game package by ``module``
    itself (anywhere in it, functions too) or by what importing it imports."""
    found = []
    seen = set()
    todo = [module]
    while todo:
        name = todo.pop()
        path = _source(name)
        if name in seen or path is None:
            continue
        seen.add(name)
        direct = _imports(path) if name == module else _top_level_imports(path)
        for m in direct:
            if m.startswith(GAME_PACKAGES):
                found.append((name, m))
            elif m.startswith(("teebox.", "teebox_host.")):
                todo.append(m)
    return found


@pytest.mark.parametrize("module", GAME_BLIND)
def test_the_journal_link_records_sync_and_score_store_import_no_game(module):
    assert _game_imports(module) == []


# The simulator, the scripts and bots that drive the table, and the virtual board run any
# game: they find the game in play through the registry, its presenter and autoplay
# modules (app/presenters) and its simulator face (teebox_host/simfaces).
RUN_ANY_GAME = ("teebox.app.script", "teebox_host.sim_cmd", "teebox_host.sim_tui",
                "teebox_host.simfaces", "teebox_host.virtual_board")


@pytest.mark.parametrize("module", RUN_ANY_GAME)
def test_the_simulator_and_the_virtual_board_import_no_game(module):
    assert _game_imports(module) == []


def test_the_seam_check_sees_an_import_of_a_game():
    # The check itself: a game's registry face imports its package (and the registry
    # names the games as text, to import them only when asked).
    assert ("teebox.core.playnine.game", "teebox.core.playnine.rules") in _game_imports(
        "teebox.core.playnine.game")
    from teebox.core import games
    assert [g.module for g in games.GAMES] == ["teebox.core.holes18.game",
                                               "teebox.core.playnine.game",
                                               "teebox.core.dominogolf.game"]


def test_loading_the_journal_and_the_link_in_a_fresh_interpreter_loads_no_game():
    probe = ("import sys, teebox.app.gamejournal, teebox.app.link_server, "
             "teebox.core.wire.gamerecord, teebox_host.link, teebox_host.scoredb\n"
             "print(sorted(m for m in sys.modules if m.startswith(%r)))" % (GAME_PACKAGES,))
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120, env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                             [str(FIRMWARE), str(ROOT / "host")])))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def _mode_names():
    """Every mode name of every game, from the games' own MODES."""
    from teebox.core import games
    return {m[0]: g for g in games.names() for m in games.load(g).MODES}


def _outside_the_games():
    """Every firmware and host source file that is not a game's own (its package, and
    its presenter under app/presenters/)."""
    own = ("firmware/teebox/core/holes18/", "firmware/teebox/core/playnine/",
           "firmware/teebox/core/dominogolf/",
           "firmware/teebox/app/presenters/", "host/teebox_host/micropython/")
    files = sorted(list((FIRMWARE / "teebox").rglob("*.py")) + _host_files())
    return [p.relative_to(ROOT).as_posix() for p in files
            if not p.relative_to(ROOT).as_posix().startswith(own)]


@pytest.mark.parametrize("path", _outside_the_games())
def test_no_file_outside_a_game_names_one_of_its_modes(path):
    modes = _mode_names()
    tree = ast.parse((ROOT / path).read_text(), filename=path)
    named = sorted("line %d: %r (a mode of %s)" % (n.lineno, n.value, modes[n.value])
                   for n in ast.walk(tree)
                   if isinstance(n, ast.Constant) and isinstance(n.value, str)
                   and n.value in modes)
    assert named == []


def test_the_package_lists_every_python_package_so_an_installed_teebox_is_whole():
    # pyproject.toml names its packages one by one (two source folders map to two top-level
    # packages); one left out is missing from a built wheel though the checkout works.
    listed = re.findall(r'"(teebox[\w.]*)"', (ROOT / "pyproject.toml").read_text().split(
        "packages = [", 1)[1].split("]", 1)[0])
    found = sorted(
        ".".join(init.parent.relative_to(top).parts)
        for top in (ROOT / "firmware", ROOT / "host")
        for init in top.glob("teebox*/**/__init__.py") if "node_modules" not in init.parts)
    assert sorted(listed) == found


# The table's shell (the table and its parts, the setup, card learning, the main loop, the
# journal), the link and the score store run every game alike: none of them names a game, a mode, or a game's
# package in its code (docstrings may say which game an example comes from).
SHELL = sorted(p.relative_to(ROOT).as_posix() for p in (FIRMWARE / "teebox" / "app").glob(
    "table*.py")) + [
    "firmware/teebox/app/setup_steps.py", "firmware/teebox/app/setup_flow.py",
    "firmware/teebox/app/setup_seats.py", "firmware/teebox/app/card_learning.py",
    "firmware/teebox/app/bindings.py", "firmware/teebox/app/loop.py",
    "firmware/teebox/app/boot.py", "firmware/teebox/app/journal.py",
    "firmware/teebox/app/gamejournal.py", "firmware/teebox/app/link_server.py",
    "host/teebox_host/link.py", "host/teebox_host/scoredb.py",
    "host/teebox_host/score_store.py"]


# The steps the shell itself asks for every game that names them (the rest of a game's
# ``STEPS`` are its options, asked the same way for every game), and what every game
# has whatever its options say of it (its holes: the score history keeps each one).
SHELL_STEPS = ("mode", "course", "players", "holes")


def _game_words():
    """``(names, words)``: what names a game in text (its registry name, title and
    package, each mode's title), and each mode's name and each of the game's own setup
    steps and options (words that may mean other things, so only a whole string
    counts: 18 Holes' ``"hands"``)."""
    from teebox.core import games
    names = set()
    words = set()
    for g in games.GAMES:
        names.update((g.name, g.title, g.package, g.package.split(".")[-1]))
        mod = games.load(g.name)
        for mode in mod.MODES:
            if mode[0]:
                words.add(mode[0])
                names.add(mode[1])
        words.update([s for s in mod.STEPS if s not in SHELL_STEPS])
        words.update([o[0] for o in mod.OPTIONS if o[0] not in SHELL_STEPS])
    return names, words


def _code_strings(path):
    """``(line, text)`` of every string constant in a file's code, not its docstrings."""
    tree = ast.parse(path.read_text(), filename=str(path))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant):
            docs.add(id(node.body[0].value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def _games_named(path):
    names, words = _game_words()
    return sorted("line %d: %r" % (line, text) for line, text in _code_strings(ROOT / path)
                  if text in words or [w for w in names if w in text])


@pytest.mark.parametrize("path", SHELL)
def test_the_shell_the_journal_the_link_and_the_score_store_name_no_game(path):
    assert _games_named(path) == []


def test_the_shell_check_sees_a_game_named_in_code():
    # The check itself: a registry's face names its games and their modes.
    named = _games_named("firmware/teebox/app/presenters/__init__.py")
    assert [n for n in named if "'domino-golf'" in n] and [
        n for n in named if "teebox.app.presenters.dominogolf.tags" in n]
    # ... and a game's presenter package names its own options (18 Holes' hands).
    assert [n for n in _games_named("firmware/teebox/app/presenters/holes18/__init__.py")
            if "'hands'" in n]
