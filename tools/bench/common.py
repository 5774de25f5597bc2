"""Shared plumbing for the benchmarks."""


def micropython_rows(code):
    """Run ``code`` inside MicroPython and return the fields of every ``ROW|a|b|...`` line.

    Benchmarks print their figures on such lines; a failed run ends the benchmark
    with MicroPython's traceback.
    """
    from tools import mpy
    res = mpy.run(code=code)
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    return [line.split("|")[1:] for line in res.stdout.splitlines() if line.startswith("ROW|")]
