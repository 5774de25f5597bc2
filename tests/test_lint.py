"""The lint gate: ruff's pyflakes rules over the whole tree (unused imports and
variables, undefined names, syntax errors), as configured in ``[tool.ruff]`` of
pyproject.toml. By hand: ``ruff check .``."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_tree_has_no_unused_imports_variables_or_undefined_names():
    # ruff is a dev dependency: run the one installed beside this interpreter.
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                          "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "All checks passed" in run.stdout
