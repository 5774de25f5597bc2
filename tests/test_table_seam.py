"""The table is a shell every game plugs into: importing it loads no game, and nothing
outside a game's own package (and its presenter) names one of its modes."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "firmware" / "teebox" / "app"
GAME_PACKAGES = ("teebox.core.holes18", "teebox.core.playnine")


def test_importing_the_table_shell_loads_no_game_and_no_presenter():
    code = ("import sys; import teebox.app.table, teebox.app.setup_flow; "
            "print(sorted(m for m in sys.modules if m.startswith(%r) or m.startswith(%r) "
            "or m.startswith('teebox.app.presenters.')))" % GAME_PACKAGES)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.strip()
    assert out == "[]", "the table shell loaded " + out


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
        elif isinstance(node, ast.Import):
            for a in node.names:
                yield a.name


def test_the_shell_modules_import_no_game_package_even_lazily():
    for name in ("table.py", "table_cards.py", "table_courses.py", "table_play.py",
                 "setup_flow.py", "setup_steps.py", "setup_seats.py", "prompt.py",
                 "card_learning.py", "presenters/__init__.py"):
        bad = [m for m in _imports(APP / name) if m.startswith(GAME_PACKAGES)]
        assert not bad, "%s imports %s" % (name, bad)


def test_no_app_file_outside_a_presenter_compares_a_mode_name():
    modes = ("match", "stroke", "stableford", "chaos")
    for path in APP.rglob("*.py"):
        if "presenters" in path.parts or path.name == "script.py":  # (script: demo games)
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                consts = [c.value for c in ast.walk(node) if isinstance(c, ast.Constant)]
                assert not [c for c in consts if c in modes], "%s:%d compares a mode name" % (
                    path.relative_to(ROOT), node.lineno)


def test_a_board_that_boots_and_starts_play_nine_never_reads_18_holes_cards():
    # "on the board, only the table shell plus the game in play are in RAM": the club
    # cards, the shot decks and their tags are 18 Holes' (app/table_cards.py), so a
    # board that powers on and starts Play Nine imports none of 18 Holes and opens none
    # of its card files.
    code = """
import builtins, sys
sys.path.insert(0, %r)
import fake_hardware
from teebox.app import board, boot
from teebox.hal.buttons import E, OK, PRESS, RELEASE
opened = []
real_open = builtins.open
def spy(path, *a, **k):
    opened.append(str(path))
    return real_open(path, *a, **k)
builtins.open = spy
hw = board.build(fake_hardware.profile(), sim=True)
t = boot.start(hw, serve=False).table
menu = t.prompt.text
for b in (OK, E, OK, OK, OK, OK, OK, OK):  # New game, Play Nine, the steps, start
    t.handle_button(b << 2 | PRESS)
    t.handle_button(b << 2 | RELEASE)
print(t.game_name)
print(sorted(m for m in sys.modules if m.startswith((%r, "teebox.app.card_learning"))))
print(sorted(p.rsplit("/", 1)[-1] for p in opened if p.endswith(".json")))
print("Cards" in menu)
""" % (str(ROOT / "tests" / "firmware"), GAME_PACKAGES[0])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:4] == ["play-nine", "[]", "[]", "False"]
