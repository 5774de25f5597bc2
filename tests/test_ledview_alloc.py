"""The LED frame a host looks at (LED_FRAME, ``app/ledview.py``) costs the board no heap
but one small view per look, whatever the frame holds (under MicroPython): the reply is
made in a buffer made once, the frame scanned in place. Once a host has looked, the
table's frames allocate nothing more than before (the loop never touches the view
between looks). Issue 14's live table must not feed the garbage collector all game
long."""

SCENARIO = """
from heapmeter import allocated as measure
import table_kit as K
from teebox.app import script

loop = K.sim_app()
for _ in range(10):
    loop.step()
view = loop.led_view()
view.reply(0)


def unchanged():
    view.reply(view.id)


def whole():
    view.reply(0)   # a RESET: every lit cell again


print("ALLOC unchanged", measure(unchanged, 50))
print("ALLOC whole", measure(whole, 50))
runner = script.Runner(loop)
for text in ("seed 3", "press OK 8"):
    runner.step(script.parse_line(text, 1, K.CLUBS))
for _ in range(10):
    loop.step()


def frame_and_look():
    loop.step()
    view.reply(view.id)


print("ALLOC looked", measure(frame_and_look, 50))
print("ALLOC frames", measure(loop.step, 50))
"""

VIEW_BYTES = 16   # one memoryview of the reply buffer (16 bytes on this port)


def test_looking_at_the_led_frame_allocates_one_small_view_a_look(micropython):
    res = micropython.run(code=SCENARIO)
    assert res.returncode == 0, res.stderr
    got = {}
    for line in res.stdout.splitlines():
        if line.startswith("ALLOC "):
            _, label, grown = line.split()
            got[label] = int(grown)
    assert got["unchanged"] <= 50 * VIEW_BYTES, got
    assert got["whole"] <= 50 * VIEW_BYTES, got
    assert got["looked"] <= 50 * VIEW_BYTES, got
    assert got["frames"] == 0, got
