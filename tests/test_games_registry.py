"""The registry loads a game's code only when that game is chosen.

Checked in a fresh interpreter (this one has imported everything by now): importing
``teebox.core.games`` imports no game, and loading one game never imports another's
package."""

import json
import subprocess
import sys

PLAY_NINE = "teebox.core.playnine"
EIGHTEEN = "teebox.core.holes18"
DOMINO = "teebox.core.dominogolf"


def _modules_after(code):
    # The teebox modules a fresh interpreter holds after running ``code``.
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json\n"
         "print(json.dumps(sorted(m for m in sys.modules if m.startswith('teebox'))))"],
        capture_output=True, text=True, check=True, timeout=120)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _game_modules(mods):
    return ([m for m in mods if m.startswith(PLAY_NINE)], [m for m in mods if m.startswith(EIGHTEEN)])


def _domino_modules(mods):
    return [m for m in mods if m.startswith(DOMINO)]


def test_importing_the_registry_imports_no_game():
    mods = _modules_after("import teebox.core.games as g; g.names(); g.get('play-nine')")
    assert "teebox.core.games" in mods
    assert _game_modules(mods) == ([], []) and _domino_modules(mods) == []


def test_loading_play_nine_imports_none_of_18_holes():
    mods = _modules_after("import teebox.core.games as g\n"
                          "m = g.load('play-nine'); m.play_game(m.new(m.Setup(2, 1, 1)),"
                          " [m.bot(0), m.bot(1)])")
    nine, eighteen = _game_modules(mods)
    assert "teebox.core.playnine.rules" in nine and eighteen == [] == _domino_modules(mods)


def test_loading_18_holes_imports_none_of_play_nine():
    mods = _modules_after("import teebox.core.games as g; g.load('18-holes')")
    nine, eighteen = _game_modules(mods)
    assert nine == [] == _domino_modules(mods) and "teebox.core.holes18.engine" in eighteen


def test_loading_domino_golf_imports_neither_other_game():
    mods = _modules_after("import teebox.core.games as g\n"
                          "m = g.load('domino-golf'); m.play_game(m.new(m.Setup(2, 1, 3)),"
                          " [m.bot(0), m.bot(1)])")
    assert "teebox.core.dominogolf.rules" in _domino_modules(mods)
    assert _game_modules(mods) == ([], [])
