# Helpers for the "nothing lost" tests: bot games journalled on a store, and a tiny
# link client over a simulated pipe. Runs under CPython and inside MicroPython.
import struct

from teebox.core.wire import commands, framing
from teebox.app import script
from teebox.app.courses_store import CourseStore
from teebox.core import terrain
from teebox.core.holes18 import bots, engine
from teebox.core import course as course_mod
from teebox import shipped

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
_COURSES = {}


def builtin(name="starter"):
    """A built-in course, compiled once per test run."""
    if name not in _COURSES:
        _COURSES[name] = shipped.load_builtin(name)
    return _COURSES[name]


def new_game(mode="stroke", players=2, seed=5, name="starter", hands="first-game"):
    """A fresh engine game on a built-in course."""
    return engine.Game(builtin(name), CLUBS, SHOTS, engine.Setup(players, mode, seed, hands))


def bot_list(n, seed=0):
    return [bots.SensibleBot(seed + i) for i in range(n)]


def each_input(game, bots_):
    """Yield ``(seat, choice)`` as the bots play ``game`` (applied before yielding)."""
    while not game.over:
        for seat in game.pending().waiting:
            choice = bots_[seat].choose(game, seat)
            game.apply(choice, seat)
            yield seat, choice
            if game.over:
                break


def play_bots(recorder, game, bots_, players=None):
    """Play ``game`` to the end with one bot per seat, journalled by ``recorder`` as the
    table journals a game (no table: quick games for journal and link tests).
    Returns the game number."""
    number = recorder.start(game, players)
    for seat, choice in each_input(game, bots_):
        recorder.record(seat, choice)
    return number


def play(recorder, mode="stroke", players=2, seed=5, name="starter", who=None):
    """Play one bot game to the end through ``recorder``; returns the Game."""
    game = new_game(mode, players, seed, name)
    play_bots(recorder, game, bot_list(players, seed), who)
    return game


def play_demo_games(recorder, course, count, seed=1):
    """Play ``count`` finished bot games on ``course`` into ``recorder``, cycling through
    the modes and seats of ``script.demo_games()`` (seeds ``seed``, ``seed + 1``, ...), as
    the virtual board's --games plays them through its table. Returns their numbers."""
    out = []
    for i in range(count):
        demos = script.demo_games()
        mode, players = demos[i % len(demos)]
        game = engine.Game(course, CLUBS, SHOTS, engine.Setup(players, mode, seed + i))
        out.append(play_bots(recorder, game, bot_list(players, seed + i)))
    return out


def courses(store):
    """The board's course store (built-ins compiled for a 24 x 16 board)."""
    return CourseStore(store)


class Client:
    """Sends requests to a LinkServer over a pipe and polls it for the answer."""

    def __init__(self, server, host_end):
        self.server = server
        self.end = host_end
        self.decoder = framing.FrameDecoder()
        self.tag = 0
        self.events = []
        self.notices = []

    def send_raw(self, data):
        self.end.write(data)
        self.server.poll()

    def frames(self):
        """Every frame the server has sent since the last call, decoded."""
        out = []
        for kind, value in self.decoder.feed(self.end.read_available(1 << 20)):
            assert kind == framing.FRAME, value
            out.append(value)
        return out

    def call(self, cmd, body=b""):
        """``(status, body)`` of the reply to one request; events and notices are kept."""
        self.tag += 1
        payload = struct.pack("<BH", cmd, self.tag) + bytes(body)
        self.send_raw(framing.encode(payload))
        reply = None
        for f in self.frames():
            if f[0] == commands.EVENT:
                self.events.append(f)
            elif f[0] == commands.NOTICE:
                self.notices.append(f)
            else:
                assert f[0] == cmd | commands.REPLY, f
                assert struct.unpack_from("<H", f, 1)[0] == self.tag
                reply = (f[3], f[4:])
        assert reply is not None, "no reply to command %d" % cmd
        return reply

    def ok(self, cmd, body=b""):
        """The body of a successful reply (fails the test on an error status)."""
        status, out = self.call(cmd, body)
        assert status == commands.OK, (status, out)
        return out


def text(s):
    raw = s.encode()
    return bytes((len(raw),)) + raw

# A one-hole course small enough to push over the link in a few chunks.
MINI = """teebox-course 1
name: Mini Links
size: 6x3
hole 1 par 3 tee 0,1 green 4,1
map:
r r f f r r
 T f f f G r
r r f f r r
"""


def crafted(change):
    """MINI compiled after ``change(source)``: right CRC and content hash, any meaning."""
    src = course_mod.check(MINI)[0]
    change(src)
    return course_mod.encode(src)


def _terrain_byte(src):
    src.cells[7] = 200


def _no_holes(src):
    src.holes = []


def _tee_off_the_grid(src):
    src.holes = [(1, 3, 9, 1, 4, 1, 0)]


def _hole_twice(src):
    src.holes = src.holes * 2


def _one_cell(src):
    src.width = src.height = 1
    src.cells = bytearray((terrain.TEE,))
    src.holes = [(1, 3, 0, 0, 0, 0, 0)]


# Each crafted course and the reason the board gives, the one `teebox course check` gives.
CRAFTED = ((_terrain_byte, "cell (1,1): terrain byte 200 is not a terrain kind (0 to 12)"),
           (_no_holes, "no holes: add a line"),
           (_tee_off_the_grid, "cell (9,1): hole 1: tee is outside the 6x3 map"),
           (_hole_twice, "hole 1 is given twice"),
           (_one_cell, "cell (0,0): hole 1: green is tee box, not a green"))
