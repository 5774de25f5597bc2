"""Steady-state calls that run every frame allocate nothing under MicroPython.

The WebAssembly port frees garbage only between top-level calls, and the
collector is off during the measurement anyway, so any allocation inside the
measured calls shows up in ``gc.mem_alloc()``.
"""

MEASURE = """
import gc
from heapmeter import allocated as measure
"""


def allocated(micropython, setup, call, check=""):
    """Bytes allocated by 100 calls of ``call`` (an expression) after ``setup`` ran.

    ``check`` runs afterwards inside MicroPython, to prove the calls did their work.
    """
    code = MEASURE + setup + "\nprint('ALLOC', measure(lambda: %s))\n" % call + check
    res = micropython.run(code=code)
    assert res.returncode == 0, res.stderr
    line = [ln for ln in res.stdout.splitlines() if ln.startswith("ALLOC ")]
    return int(line[-1].split()[1])


LEDS = """
from teebox.hal.leds import SimLeds
leds = SimLeds(384, brightness=128, budget_ma=3500)
frame = bytearray(3 * 384)
for i in range(len(frame)):
    frame[i] = (i * 37) % 256
"""


def test_showing_a_frame_allocates_nothing(micropython):
    assert allocated(micropython, LEDS, "leds.show(frame)") == 0


def test_showing_a_frame_the_limiter_dims_allocates_nothing(micropython):
    setup = LEDS + "frame = bytearray(b'\\xff' * (3 * 384))\n"
    assert allocated(micropython, setup + "leds.show(frame)\nassert leds.last_ma <= 3500\n",
                     "leds.show(frame)") == 0


def test_showing_a_prepared_frame_allocates_nothing(micropython):
    setup = LEDS + "frame = bytearray(leds.prepare(bytes(frame)))\n"
    assert allocated(micropython, setup, "leds.show_ready(frame)") == 0


def test_showing_a_prepared_frame_with_its_total_allocates_nothing(micropython):
    # What the table runs: the renderer's total (an int of up to 293,760: a small int
    # on a 32-bit port) goes in with the frame; the limiter dims this bright one.
    setup = (LEDS + "frame = bytearray(leds.prepare(bytes(b'\\xf0' * len(frame))))\n"
             "total = sum(frame)\n")
    check = "assert 0 < leds.last_ma <= 3500 < 384 + total * 20 // 255\n"
    assert allocated(micropython, setup, "leds.show_ready(frame, total)", check) == 0


def test_polling_buttons_allocates_nothing(micropython):
    setup = """
from teebox.hal.buttons import SimButtons, OK, PRESS, LONG, RELEASE
from teebox.hal.clock import SimClock
clock = SimClock()
btn = SimButtons(clock)
kinds = bytearray(4)

def step():
    # OK is held from 1000 ms to 2000 ms: a press, a long press and a release
    clock.advance(20)
    btn.set(OK, (clock.ticks_ms() // 1000) % 2)
    btn.poll()
    ev = btn.get()
    if ev is not None:
        kinds[ev & 3] += 1
"""
    check = "assert (kinds[PRESS], kinds[LONG], kinds[RELEASE]) == (1, 1, 1), kinds\n"
    assert allocated(micropython, setup, "step()", check) == 0


def test_the_measurement_sees_an_allocation(micropython):
    # The harness itself must be able to fail: a call that makes a small list.
    assert allocated(micropython, "", "[1, 2]") > 0
