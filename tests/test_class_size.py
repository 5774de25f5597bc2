"""No class grows past about 400 lines, in the pure core, the table (``app/``) or the
host: a class that big hides its seams (the 18 Holes engine's Game was near 1,000
lines before it split into setup, hands, rounds, shots, movement and legality; the
table's setup into the start menu, the game's steps and the seats)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "firmware" / "teebox" / "core"
APP = ROOT / "firmware" / "teebox" / "app"
HOST = ROOT / "host" / "teebox_host"
LIMIT = 400
# "path/Class": why it may be longer. Empty: every class fits.
ALLOWED: dict = {}


def class_sizes(root):
    """``{"relative/path.py/Class": lines}`` for every top-level class under ``root``,
    counting from the ``class`` line to the last line of its body."""
    sizes = {}
    for path in sorted(root.rglob("*.py")):
        if "node_modules" in path.parts:
            continue  # (the JavaScript port's packages, not Teebox's code)
        tree = ast.parse(path.read_text(), str(path))
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                name = "%s/%s" % (path.relative_to(root).as_posix(), node.name)
                sizes[name] = node.end_lineno - node.lineno + 1
    return sizes


def _all_sizes():
    sizes = {}
    for root in (CORE, APP, HOST):
        for name, n in class_sizes(root).items():
            sizes["%s/%s" % (root.relative_to(ROOT).as_posix(), name)] = n
    return sizes


def test_no_class_is_longer_than_400_lines():
    sizes = _all_sizes()
    assert "firmware/teebox/core/holes18/engine.py/Game" in sizes
    assert "firmware/teebox/app/setup_flow.py/SetupFlow" in sizes
    assert "host/teebox_host/scoredb.py/ScoreDB" in sizes
    too_long = {name: n for name, n in sizes.items() if n > LIMIT and name not in ALLOWED}
    assert not too_long, ("classes over %d lines (split them along their seams, or list "
                          "one in ALLOWED with the reason): %r" % (LIMIT, too_long))
    assert not [name for name in ALLOWED if sizes.get(name, 0) <= LIMIT]  # no stale excuses


def test_the_size_check_sees_a_class_that_grew(tmp_path):
    body = "".join("    x%d = %d\n" % (i, i) for i in range(LIMIT))
    (tmp_path / "big.py").write_text("class Big:\n" + body + "\n\ndef after():\n    pass\n")
    (tmp_path / "small.py").write_text("class Small:\n    pass\n")
    assert class_sizes(tmp_path) == {"big.py/Big": LIMIT + 1, "small.py/Small": 2}
