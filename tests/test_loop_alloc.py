"""A whole frame of the main loop, link server attached, allocates nothing when nothing
happens (under MicroPython), nor once a host that just talked leaves the line quiet.

The loop polls the USB line all through every frame's spare time, so a poll of an idle
line that allocated even a few bytes (a result list from ``poll.poll(0)``, a fresh buffer
per read) would feed the garbage collector all game long. Here ``Loop.step`` runs with a ``LinkServer`` on a
``StreamPort`` whose line is a MicroPython stream with nothing waiting
(``tests/firmware/fake_line.py``: ``select.poll`` asks it through its ioctl, as it asks
the USB serial port on the board). The collector is off while measuring, so any
allocation shows in ``gc.mem_alloc()``.
"""

SCENARIO = """
import struct
from heapmeter import allocated as measure
import table_kit as K
from fake_line import Wire
from teebox.core.wire import framing
from teebox.app import script
from teebox.core.wire.commands import HELLO
from teebox.app.link_server import LinkServer

loop = K.sim_app()
wire = Wire()
link = LinkServer(wire.port, wire.port, loop.hw.store, clock=loop.hw.clock)
link.start()
loop.link = link


def frames(label, times=60):
    polls = wire.polls()
    grown = measure(loop.step, times)
    print("ALLOC", label, grown, wire.polls() - polls)


for _ in range(10):  # the start menu reaches the display
    loop.step()
frames("menu")
runner = script.Runner(loop)
for text in ("seed 3", "press OK 11"):
    runner.step(script.parse_line(text, 1, K.CLUBS))
assert loop.table.game is not None
for _ in range(10):  # the turn prompt reaches the display
    loop.step()
frames("game")
print("ALLOC poll", measure(link.poll, 200), 0)
# The server was really listening: a request sent now is answered on the next frame.
wire.write(framing.encode(struct.pack("<BHB", HELLO, 7, 1)))
loop.step()
print("REPLY", len(wire.read_available()))
# A host just talked: the loop goes on polling the line all through the frames' spare
# time, and finds nothing more. Those frames allocate nothing either.
frames("after", 20)
"""


def test_an_idle_frame_with_the_link_server_attached_allocates_nothing(micropython):
    res = micropython.run(code=SCENARIO)
    assert res.returncode == 0, res.stderr
    got = {}
    for line in res.stdout.splitlines():
        if line.startswith("ALLOC "):
            _, label, grown, polls = line.split()
            got[label] = (int(grown), int(polls))
    assert got["menu"][0] == 0 and got["game"][0] == 0 and got["poll"][0] == 0, got
    # The line is polled many times a frame (in the frame's spare time), allocating nothing.
    assert got["menu"][1] >= 60 * 10 and got["game"][1] >= 60 * 10, got
    assert got["after"][0] == 0 and got["after"][1] >= 20 * 10, got
    replied = [ln for ln in res.stdout.splitlines() if ln.startswith("REPLY ")]
    assert replied and int(replied[0].split()[1]) > 10


def test_the_old_way_of_polling_would_have_been_caught(micropython):
    # poll.poll(0) makes a result list on every call: the same measurement must see it.
    code = SCENARIO.split("def frames")[0] + """
import select
p = select.poll()
p.register(wire._in, select.POLLIN)
print("ALLOC", measure(lambda: p.poll(0), 100))
"""
    res = micropython.run(code=code)
    assert res.returncode == 0, res.stderr
    line = [ln for ln in res.stdout.splitlines() if ln.startswith("ALLOC ")][0]
    assert int(line.split()[1]) > 0
