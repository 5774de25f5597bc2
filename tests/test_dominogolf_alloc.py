"""Domino Golf's frames allocate nothing (under MicroPython): the hole drawn, the shooter's
marker pulsing and the domino aimed at blinking, while a player peeks at the golf bag,
and while a shot's landing flashes. The presenter allocates when a player acts (a new
hole's board, the OLED text), never from one frame to the next."""

SCENARIO = """
from heapmeter import allocated as measure
import table_kit as K
from teebox.app import script

loop = K.started_app(seed=3, game="domino-golf")
run = script.Runner(loop)
assert loop.table.game_name == "domino-golf"
for _ in range(10):  # the shot's prompt reaches the display
    loop.step()
print("ALLOC hole", measure(loop.step, 60))
run.step(script.parse_line("press OK", 1, K.CLUBS))  # peek at the bag
for _ in range(10):
    loop.step()
print("ALLOC peek", measure(loop.step, 60))
run.step(script.parse_line("press OK", 1, K.CLUBS))  # play the domino shown
assert len(loop.table.game.inputs) == 1
for _ in range(3):
    loop.step()
print("ALLOC shot", measure(loop.step, 20))
"""


def test_domino_golf_frames_allocate_nothing(micropython):
    res = micropython.run(code=SCENARIO)
    assert res.returncode == 0, res.stderr
    got = dict((ln.split()[1], int(ln.split()[2])) for ln in res.stdout.splitlines()
               if ln.startswith("ALLOC "))
    assert got == {"hole": 0, "peek": 0, "shot": 0}, got
