"""Shared plumbing for the benchmarks."""


def micropython_rows(code):
    """Run ``code`` inside MicroPython and return the fields of every ``ROW|a|b|...`` line.

    Benchmarks print their figures on such lines; a failed run ends the benchmark
    with MicroPython's traceback.
    """
    from teebox_host import micropython as mpy
    res = mpy.run(code=code)
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    return [line.split("|")[1:] for line in res.stdout.splitlines() if line.startswith("ROW|")]


def fits(fast_us, slow_us, budget_us):
    """Whether a frame estimated at ``fast_us`` to ``slow_us`` fits ``budget_us``: "yes",
    "only at the fast end of the estimate" or "no"."""
    if slow_us <= budget_us:
        return "yes"
    if fast_us <= budget_us:
        return "only at the fast end of the estimate"
    return "no"
