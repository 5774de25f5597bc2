"""Composing LED frames allocates nothing under MicroPython, whatever is on the table.

The WebAssembly port frees garbage only between top-level calls, and the
collector is off during the measurement anyway, so any allocation inside the
200 measured frames shows up in ``gc.mem_alloc()``.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# hardware/profiles is not mounted in the runtime: the profile's text goes in as a literal.
SCENARIO = """
import gc
from teebox import profile as P
from teebox.core import course as C
from teebox.app import view as V
from teebox.app.renderer import Renderer
from teebox import shipped

board = P.load(PROFILE_TEXT)
crs = shipped.load_builtin("championship")
w = crs.width
view = V.View(w * crs.height)
r = Renderer(board, crs, view)

view.seats = 5
for s, cell in enumerate((9 * w + 10, 9 * w + 10, 12 * w + 4, 8 * w + 13, 5 * w + 20)):
    view.golfer[s] = cell          # seats 0 and 1 share the green of hole 1
view.active = 2
view.set_path([11 * w + 4, 10 * w + 5, 9 * w + 5, 8 * w + 6, 7 * w + 6],
              bytes((V.MARK_PLAIN, V.MARK_HAZARD, V.MARK_TREE, V.MARK_OUT, V.MARK_GREEN)), 5)
FLIGHT = [8 * w + 14, 8 * w + 15, 8 * w + 16, 7 * w + 16, 6 * w + 17, 5 * w + 17]
view.start_flight(3, FLIGHT, 6, 0)
view.cursor = 4 * w + 4
for i, cell in enumerate((3 * w + 2, 3 * w + 3, 2 * w + 3, 2 * w + 4, 1 * w + 4)):
    view.wind[i] = cell            # a strong wind's arrow (Taming the Wind)
view.wind_len = 5
for i in range(V.GREEN_CELLS):     # Reading the Greens: a green's sides, dice around them
    view.green[i] = (13 + i // 6) * w + 2 + i % 6
    view.green_ink[i] = i % 9      # the dice colours, then seat colours (pool dice)
    view.green_level[i] = 20 * i
view.green_blink = 0b101 << 6      # two dice that threw flags blink
view.green_len = V.GREEN_CELLS
for n in range(1, 19):             # Chaos Golf: 5, 2 and both tokens on the greens
    par, tq, tr, gq, gr = crs.hole(n)
    view.tokens[gr * w + gq + (gr - (gr & 1)) // 2] = (5, 2, 7)[n % 3]

# Every flash kind, at a cell and over the whole board, restarted every 25 frames.
KINDS = bytes((V.FLASH_WATER, V.FLASH_BUNKER, V.FLASH_OUT, V.FLASH_GREEN,
               V.FLASH_HOLE_IN_ONE, V.FLASH_REFUSED, V.FLASH_ACK, V.FLASH_HOLE_IN_ONE))
prev = bytearray(len(r.frame))
changed = [0]                      # frames that differ from the one before

def frames(t0, n):
    for k in range(n):
        t = t0 + 20 * k
        if k % 25 == 0:
            view.start_flash(KINDS[(k // 25) % 8], k % 5, 8 * w + 12 if k % 50 else -1, t + 450)
        if k % 40 == 0:
            view.start_flight(k % 5, FLIGHT, 6, t)
        frame = r.compose(t)
        if frame != prev:
            changed[0] += 1
            prev[:] = frame

frames(0, 20)                      # warm up
changed[0] = 0
gc.collect()
gc.disable()
a = gc.mem_alloc()
frames(1000, 200)
b = gc.mem_alloc()
gc.enable()
print("ALLOC", b - a, changed[0])
"""


def run_scenario(micropython, extra=""):
    profile_text = (ROOT / "hardware" / "profiles" / "pico-24x16.json").read_text()
    code = "PROFILE_TEXT = %r\n" % profile_text + SCENARIO + extra
    res = micropython.run(code=code)
    assert res.returncode == 0, res.stderr
    return [ln.split() for ln in res.stdout.splitlines() if ln.startswith(("ALLOC ", "CTRL "))]


def test_composing_200_animated_frames_allocates_nothing(micropython):
    (line,) = run_scenario(micropython)
    allocated, changed = int(line[1]), int(line[2])
    assert allocated == 0, "compose allocated %d bytes in 200 frames" % allocated
    assert changed >= 190  # the frames really animated: nearly every one differs from the last


def test_the_measurement_sees_an_allocation(micropython):
    # The harness must be able to fail: rgb_of_cell (for the simulator) builds a tuple.
    extra = """
gc.collect()
gc.disable()
a = gc.mem_alloc()
for k in range(200):
    r.rgb_of_cell(k)
print("CTRL", gc.mem_alloc() - a)
gc.enable()
"""
    lines = run_scenario(micropython, extra)
    assert lines[1][0] == "CTRL" and int(lines[1][1]) > 0


def test_the_preview_kept_as_a_layer_allocates_nothing(micropython):
    # Without the wind and the green's dice under it the preview is a layer of its own,
    # painted again whenever a flash or the burst has used its buffer: still nothing.
    extra = """
view.wind_len = 0
view.green_len = 0
frames(3000, 20)
gc.collect()
gc.disable()
a = gc.mem_alloc()
frames(4000, 200)
print("ALLOC", gc.mem_alloc() - a, 0)
gc.enable()
"""
    lines = run_scenario(micropython, extra)
    assert lines[1][0] == "ALLOC" and int(lines[1][1]) == 0, lines


def test_golfers_moving_allocates_nothing(micropython):
    # A golfer that moves makes the renderer group the golfers again (who shares a hex):
    # on the table that is every landing, so it must not allocate either.
    extra = """
def moves(n):
    for k in range(n):
        view.golfer[k % 5] = (9 + k % 3) * w + 10 + k % 4
        r.compose(6000 + 20 * k)

moves(20)
gc.collect()
gc.disable()
a = gc.mem_alloc()
moves(200)
print("ALLOC", gc.mem_alloc() - a, 0)
gc.enable()
"""
    lines = run_scenario(micropython, extra)
    assert lines[1][0] == "ALLOC" and int(lines[1][1]) == 0, lines
