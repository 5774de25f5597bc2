# Heap high-water sampling for scenarios run under MicroPython. The WebAssembly
# heap grows on demand, so memory is measured with gc.mem_alloc() after a full
# collection rather than by waiting for MemoryError. This port cannot scan the
# WebAssembly stack, so it collects only as a top-level call starts: gc.collect()
# inside a call merely asks for that collection (so does an allocation past the
# collector's threshold). A live-heap sample therefore takes two top-level calls:
# collect(), then checkpoint() (SAMPLE in host/teebox_host/micropython/__init__.py,
# passed as run.mjs --each). A checkpoint() right after a call that allocated less
# than the threshold would still count that call's garbage, and a labelled
# checkpoint() mid-call is an upper bound that counts garbage too.
import gc

from mpmarker import record

_samples = []  # type: list
_state = {"baseline": 0, "high": 0, "steps": 0, "last": 0}


def start():
    """Reset and take the baseline: what the runtime holds before the scenario."""
    del _samples[:]
    gc.collect()
    _state["baseline"] = gc.mem_alloc()
    _state["high"] = _state["baseline"]
    _state["last"] = _state["baseline"]
    _state["steps"] = 0


def collect():
    """Ask for a full collection: this port runs it as the next top-level call starts,
    so a checkpoint() in that call reads the live heap."""
    gc.collect()


def checkpoint(label=None):
    """Collect garbage and sample the live heap, keeping the high-water.

    Unlabelled samples (the runner's, between steps) are only counted;
    labelled ones are also listed in the report. Returns the sample.
    """
    gc.collect()
    used = gc.mem_alloc()
    _state["last"] = used
    if used > _state["high"]:
        _state["high"] = used
    if label is None:
        _state["steps"] += 1
    else:
        _samples.append([label, used])
    return used


def last():
    """The last sample (the baseline before any): the live heap when taken between
    top-level calls."""
    return _state["last"]


def report():
    """Print the result as a marker record for the host."""
    record({"kind": "heap", "baseline": _state["baseline"], "high_water": _state["high"],
            "samples": _samples, "steps": _state["steps"]})


def allocated(fn, times=100):
    """Bytes the heap grew by over ``times`` calls of ``fn``, the collector off.

    One call first (a first call may intern names or grow a cache), then a full
    collection; with the collector off nothing is freed while measuring, so any
    allocation in the calls shows. Steady-state paths (a frame, a poll) must give 0.
    """
    fn()
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(times):
        fn()
    grown = gc.mem_alloc() - before
    gc.enable()
    return grown




_dump = [0, 0, 0]  # the next address, the end, the chunk size of a dump in progress


def dump_start(chunk=4096, stop=64):
    """Begin printing the heap for ``tools/bench/heap_pins.py``: the collector's block
    table (``micropython.mem_info(1)``); :func:`dump_more` then prints the heap's bytes.
    Call it first thing in a top-level call after a collection was asked for (as
    ``report()`` after ``SAMPLE``), so that the blocks in use are the live ones, and
    change nothing until the dump is over. The bytes run from just below the heap's
    first objects up to where ``stop`` chunks in a row were never written (the heap
    fills from its start)."""
    import micropython
    import sys
    import uctypes
    print("HEAPTABLE")
    micropython.mem_info(1)
    print("HEAPTABLE END")
    first = (id(sys.path) - 4 * chunk) & ~(chunk - 1)  # sys.path: made as the heap began
    zero = bytes(chunk)
    end = at = first
    while at < end + stop * chunk:
        if uctypes.bytearray_at(at, chunk) != zero:
            end = at + chunk
        at += chunk
    _dump[0], _dump[1], _dump[2] = first, end, chunk


def dump_more(chunks=8):
    """Print the next ``chunks`` chunks of the dump :func:`dump_start` began, as
    ``HEAPDUMP address hex`` lines (chunks of zeros left out); False once it is over.

    A few chunks a top-level call: the printing's garbage, freed between calls, then
    stays near the live blocks. Printed in one call, its megabytes of text would sweep
    the port's allocations across the whole heap (it collects only between calls), and
    any block left at an address a word of bytecode reads as would stay (see
    heap_pins)."""
    import uctypes
    at, end, chunk = _dump
    zero = bytes(chunk)
    for _ in range(chunks):
        if at >= end:
            print("HEAPDUMP END")
            _dump[0] = end
            return False
        view = uctypes.bytearray_at(at, chunk)
        if view != zero:
            print("HEAPDUMP", at, view.hex())
        at += chunk
    _dump[0] = at
    return True
