"""The laptop's end of the USB serial link to a Teebox board (docs/protocol.md).

:class:`Link` sends a request and waits for its reply; a reply that does not
come in time, a frame that fails its CRC, or a NOTICE from the board that our
request arrived damaged, and the request goes again (every command is
idempotent on the board, so a repeat is harmless). Requests may also go ahead of
their replies (:meth:`Link.send`, then :meth:`Link.reply`): the board answers them
in order, back to back, so a game's chunks, and the next game while this one is
checked, come down the line without a round trip each. Errors are
:class:`LinkError` subclasses whose message says what went wrong and what to
do: which port, which command, which game.
"""

import struct
import time
from dataclasses import dataclass
from typing import Optional

import serial
import serial.tools.list_ports

from teebox.core import course as course_mod
from teebox.core.wire import commands as proto, events, framing, gamerecord

BAUD = 115200
PROTOCOL_VERSION = proto.PROTOCOL_VERSION  # the version this teebox speaks
PICO_VID = 0x2E8A  # Raspberry Pi (the Pico and Pico 2 running MicroPython)
# USB vendor ids under which MicroPython boards show up: Raspberry Pi, MicroPython's own
# (pyboard and others), Espressif's built-in USB.
MICROPYTHON_VIDS = (PICO_VID, 0xF055, 0x303A)
PORT_HELP = ("The board's serial port, e.g. /dev/ttyACM0 or COM3 (default: the one "
             "MicroPython board on USB).")
RETRIES = 5


class LinkError(Exception):
    """Talking to the board failed; the message says what to do."""


class NoBoard(LinkError):
    """No board could be opened on the port (or none was found)."""


class VersionMismatch(LinkError):
    """The board speaks another protocol version."""


class LineError(LinkError):
    """The line failed: no answer, bad frames, or the board went away."""


class BoardRefused(LinkError):
    """The board answered with an error status (``code``, ``detail``)."""

    def __init__(self, message, code, detail):
        super().__init__(message)
        self.code = code
        self.detail = detail


@dataclass
class GameInProgress:
    """The game being played on the board: ``game`` is its registry name, ``mode``
    the way it is played ("" for a game with one way), ``hole`` and ``round`` how
    far it is (the game's own measure: Play Nine counts turns for rounds)."""

    number: int
    mode: str
    players: int
    hole: int
    round: int
    inputs: int
    game: str = gamerecord.LEGACY_GAME


@dataclass
class BoardInfo:
    """What HELLO tells: versions, identity, games waiting, the game being played."""

    protocol: int
    max_data: int
    firmware: str
    board_id: str
    games_waiting: int
    last_game: int
    clock: int
    game: Optional[GameInProgress]


@dataclass
class CourseEntry:
    name: str
    title: str
    holes: int
    hash: bytes
    stored: bool
    builtin: bool


@dataclass
class Event:
    """One live event (EVENTS on), as the board's journal made it (``core/wire/events``).

    ``kind`` is the EV_* code; the other fields are those the kind carries:
    STARTED ``number``, ``game`` (registry name), ``mode``, ``players``; HOLE ``seat``, ``hole`` (the
    golfer is on that hole's tee); SCORED ``seat``, ``hole``, ``score_kind``
    (the records face's ``score_name``), ``total``; GAME_OVER ``number`` and
    ``standings`` ``((place, seat, score, count), ...)`` (what the game counts: the records
    face's ``count_title``).
    """

    count: int
    kind: int
    number: int = 0
    mode: str = ""
    players: int = 0
    game: str = ""
    seat: int = 0
    hole: int = 0
    score_kind: int = 0
    total: int = 0
    standings: tuple = ()


@dataclass
class LedFrame:
    """One LED_FRAME reply (docs/protocol.md): the picture's new ``id``, the board's
    ``width`` and ``height`` in cells, ``reset`` (clear the picture first), ``more``
    (changes are left: ask again) and ``runs`` ``[(first cell, rgb bytes), ...]``."""

    id: int
    width: int
    height: int
    reset: bool
    more: bool
    runs: list


def parse_led_frame(body):
    """The :class:`LedFrame` in an LED_FRAME reply body; LineError saying what is wrong
    with a reply that does not hold together (a run past the board's cells, bytes
    missing or left over, an empty board)."""
    def bad(why):
        return LineError(f"the board sent a bad LED frame ({why}): its picture is dropped "
                         "and asked for again")
    if len(body) < 9:
        raise bad(f"{len(body)} bytes, shorter than its 9-byte header")
    n, width, height, flags, count = struct.unpack_from("<IBBBH", body)
    if not width or not height:
        raise bad(f"a board of {width} x {height} cells")
    runs = []
    at = 9
    for _ in range(count):
        if at + 3 > len(body):
            raise bad(f"{count} runs announced, {len(runs)} there")
        first, cells = struct.unpack_from("<HB", body, at)
        at += 3
        if not cells or first + cells > width * height:
            raise bad(f"a run of {cells} cells from cell {first} on a board of "
                      f"{width * height}")
        if at + 3 * cells > len(body):
            raise bad(f"the run at cell {first} is cut short")
        runs.append((first, bytes(body[at:at + 3 * cells])))
        at += 3 * cells
    if at != len(body):
        raise bad(f"{len(body) - at} bytes after the last run")
    return LedFrame(n, width, height, bool(flags & proto.LED_RESET),
                    bool(flags & proto.LED_MORE), runs)


class LedPicture:
    """What the board's LEDs show, cell by cell, kept up to date over the link with
    :meth:`pull` (LED_FRAME: only the cells changed since the last look come)."""

    MAX_PAGES = 16   # replies one pull takes at most (a whole frame needs two or three)

    def __init__(self):
        self.id = 0              # the picture held (0: none)
        self.width = self.height = 0
        self.cells = bytearray()  # r, g, b per cell, row-major

    def apply(self, frame):
        """Apply one :class:`LedFrame` (a RESET, or a board of another size, starts from
        black)."""
        if frame.reset or (frame.width, frame.height) != (self.width, self.height):
            self.width, self.height = frame.width, frame.height
            self.cells = bytearray(3 * frame.width * frame.height)
        for first, rgb in frame.runs:
            self.cells[3 * first:3 * first + len(rgb)] = rgb
        self.id = frame.id

    def pull(self, link):
        """Bring the picture up to date from ``link``; True if a cell changed. LineError
        (the picture dropped) if a reply does not hold together or MORE never ends."""
        before = bytes(self.cells)
        try:
            for _ in range(self.MAX_PAGES):
                frame = parse_led_frame(link.request(proto.LED_FRAME,
                                                     struct.pack("<I", self.id)))
                self.apply(frame)
                if not frame.more:
                    return bytes(self.cells) != before
            raise LineError(f"the board kept sending LED frames past {self.MAX_PAGES} "
                            "replies: its picture is dropped and asked for again")
        except LineError:
            self.id = 0
            raise

    def colours(self):
        """Each cell's colour as ``"#rrggbb"``, row-major."""
        c = self.cells
        return ["#%02x%02x%02x" % (c[i], c[i + 1], c[i + 2]) for i in range(0, len(c), 3)]


@dataclass
class Sent:
    """A request on its way (:meth:`Link.send`): its tag, and its frame to send again."""

    cmd: int
    tag: int
    frame: bytes
    label: str


def _legacy_game(code):
    """``(game, mode)`` a board from before games were data means by a mode code."""
    try:
        return gamerecord.LEGACY_GAME, gamerecord.face(gamerecord.LEGACY_GAME).mode_named(code)
    except ValueError:
        return gamerecord.LEGACY_GAME, str(code)


def parse_event(payload):
    """The :class:`Event` in an event frame's payload (docs/protocol.md, EVENTS)."""
    count, ev = events.unpack(payload)
    out = Event(count, ev[0])
    if out.kind == events.EV_STARTED:
        out.number, code, out.players = ev[1:4]
        out.game, out.mode = ev[4:6] if len(ev) >= 6 else _legacy_game(code)
    elif out.kind == events.EV_HOLE:
        out.seat, out.hole = ev[1:]
    elif out.kind == events.EV_SCORED:
        out.seat, out.hole, out.score_kind, out.total = ev[1:]
    elif out.kind == events.EV_GAME_OVER:
        out.number, out.standings = ev[1:]
    return out


def candidates():
    """``(device, description)`` of every serial port here, likely MicroPython boards first."""
    ports = sorted(serial.tools.list_ports.comports(),
                   key=lambda p: (getattr(p, "vid", None) not in MICROPYTHON_VIDS, p.device))
    return [(p.device, p.description or "") for p in ports]


def _ports_text():
    found = candidates()
    if not found:
        return "No serial ports found here: plug the board in by USB."
    return "Serial ports here: " + ", ".join(
        f"{dev} ({desc})" if desc and desc != "n/a" else dev for dev, desc in found) + "."


def board_ports():
    """The devices of the USB serial ports that may be MicroPython boards, sorted.

    As ``mpremote connect auto`` does, every port with a USB vendor and product id is
    a candidate; when some carry the id of a MicroPython board (:data:`MICROPYTHON_VIDS`),
    only those are.
    """
    usb = sorted((p for p in serial.tools.list_ports.comports()
                  if getattr(p, "vid", None) is not None and getattr(p, "pid", None) is not None),
                 key=lambda p: p.device)
    known = [p for p in usb if p.vid in MICROPYTHON_VIDS]
    return [p.device for p in known or usb]


def find_port():
    """The one port a MicroPython board is on (:func:`board_ports`); NoBoard otherwise,
    naming the candidates when there are several. Every command's ``--port`` falls back
    on it."""
    boards = board_ports()
    if len(boards) == 1:
        return boards[0]
    if not boards:
        raise NoBoard("no MicroPython board found on USB. " + _ports_text()
                      + " Give the port with --port.")
    raise NoBoard(f"{len(boards)} boards found ({', '.join(boards)}): say which with --port.")


def _text(s):
    raw = s.encode()
    return bytes((len(raw),)) + raw


def _read_text(data, at):
    # Text from a board is data: bytes cut inside a character or not UTF-8, control
    # characters and bidirectional marks come out as U+FFFD, never as terminal codes.
    n = data[at]
    text = bytes(data[at + 1:at + 1 + n]).decode(errors="replace")
    return course_mod.clean_text(text), at + 1 + n


class Link:
    """A connection to the board on serial ``port`` (None: the one Pico found on USB).

    ``timeout`` is how long to wait for each reply (seconds), ``retries`` how
    many times a request is sent before giving up. ``serial_factory`` replaces
    ``serial.Serial`` (tests).
    """

    def __init__(self, port=None, timeout=1.0, retries=RETRIES, serial_factory=None):
        self.port = port if port is not None else find_port()
        self.timeout = timeout
        self.retries = retries
        self.events = []          # event frames that arrived while waiting for replies
        self.resent = 0           # requests sent again (for reports and tests)
        self.info = None
        self.attempts = 0         # sends the last request took
        self._tag = 0
        self._sent = {}           # tag -> Sent: requests whose replies are due
        self._replies = {}        # tag -> reply payload that came while waiting for another
        self._decoder = framing.FrameDecoder()
        self._ready = []
        factory = serial_factory or serial.Serial
        try:
            self._ser = factory(self.port, BAUD, timeout=0.05, write_timeout=5)
        except (serial.SerialException, OSError) as exc:
            raise NoBoard(f"no board on {self.port}: {_reason(exc)}. {_ports_text()} "
                          "Give the board's port with --port.") from None
        self._ser.reset_input_buffer()  # whatever an earlier program left unread

    def close(self):
        """Close the port."""
        self._ser.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------ frames

    def _next_frame(self, deadline):
        """The next decoded result ``(kind, value)``, or None at the deadline. Bytes
        already waiting are always read, even once the deadline has passed."""
        while not self._ready:
            try:
                waiting = self._ser.in_waiting
                if not waiting and time.monotonic() >= deadline:
                    return None
                data = self._ser.read(max(1, waiting))
            except (serial.SerialException, OSError) as exc:
                raise LineError(f"lost the board on {self.port} ({_reason(exc)}): plug it in "
                                "again and repeat") from None
            if data:
                self._ready.extend(self._decoder.feed(data))
        return self._ready.pop(0)

    def _send(self, frame):
        try:
            self._ser.write(frame)
            self._ser.flush()
        except (serial.SerialException, OSError) as exc:
            raise LineError(f"lost the board on {self.port} ({_reason(exc)}): plug it in "
                            "again and repeat") from None

    def request(self, cmd, body=b"", what=""):
        """Send one request and return the body of its OK reply (:meth:`send`, then
        :meth:`reply`). ``what`` names the object for error messages ("game 12")."""
        return self.reply(self.send(cmd, body, what))

    def send(self, cmd, body=b"", what=""):
        """Send a request now and return it (a :class:`Sent`) without waiting: take its
        reply with :meth:`reply`. Several may be on the line at once."""
        self._tag = self._tag % 0xFFFF + 1
        tag = self._tag
        name = proto.COMMAND_NAMES[cmd] if cmd < len(proto.COMMAND_NAMES) else str(cmd)
        sent = Sent(cmd, tag, framing.encode(struct.pack("<BH", cmd, tag) + bytes(body)),
                    name + (f" ({what})" if what else ""))
        self._sent[tag] = sent
        self._send(sent.frame)
        return sent

    def forget(self, sent):
        """Never mind the reply to ``sent``: when it comes, it is skipped."""
        self._sent.pop(sent.tag, None)
        self._replies.pop(sent.tag, None)

    def reply(self, sent):
        """The body of the OK reply to request ``sent``.

        BoardRefused if the board answers with an error; LineError if no good reply
        comes after ``retries`` sends. Replies to other requests on the line are kept
        for their own :meth:`reply`; while they come the line is alive, so the wait
        starts again. Before the request goes again, the replies already waiting are
        read: the answer may be among them.
        """
        bad_crc = 0
        notices = []
        self.attempts = 0
        try:
            for attempt in range(1, self.retries + 1):
                self.attempts = attempt
                if attempt > 1:
                    self.resent += 1
                    self._send(sent.frame)
                deadline = time.monotonic() + self.timeout
                while True:
                    value = self._replies.pop(sent.tag, None)
                    if value is not None:
                        return self._answer(sent, value)
                    res = self._next_frame(deadline)
                    if res is None:
                        break  # no reply in time: send again
                    kind, value = res
                    if kind == framing.ERROR:
                        if value == framing.BAD_CRC:
                            # A reply damaged on the way, or noise: read what is waiting,
                            # then ask again.
                            bad_crc += 1
                            deadline = time.monotonic()
                        continue  # noise between frames (REPL text, a half frame)
                    if not value:
                        continue
                    first = value[0]
                    if first == proto.EVENT:
                        self.events.append(value)
                    elif first == proto.NOTICE and len(value) >= 4:
                        notices.append(value[4:].decode(errors="replace"))
                        deadline = time.monotonic()  # it could not read a request: send again
                    elif first & proto.REPLY and len(value) >= 4:
                        mine = self._sent.get(struct.unpack_from("<H", value, 1)[0])
                        if mine is not None and first == mine.cmd | proto.REPLY:
                            self._replies[mine.tag] = value
                            if mine is not sent:
                                deadline = max(deadline, time.monotonic() + self.timeout)
                    # Anything else is a stale reply to an earlier send: skip it.
        finally:
            self.forget(sent)
        label = sent.label
        if bad_crc or notices:
            damage = []
            if bad_crc:
                damage.append(f"{bad_crc} {'reply' if bad_crc == 1 else 'replies'} from the "
                              "board failed their CRC")
            if notices:
                damage.append(f"the board could not read the request {len(notices)} "
                              f"time{'' if len(notices) == 1 else 's'} ({notices[-1]})")
            raise LineError(
                f"{label} on {self.port}: {' and '.join(damage)}; gave up after "
                f"{self.retries} tries. The USB line is unreliable: try another cable or "
                "port.")
        raise LineError(
            f"no answer from the board on {self.port} to {label} after {self.retries} tries: "
            "is the Teebox firmware running (not the REPL, and BACK not held at boot) and no "
            "other program using the port?")

    @staticmethod
    def _answer(sent, value):
        status = value[3]
        if status == proto.OK:
            return value[4:]
        detail = value[4:].decode(errors="replace")
        code = (proto.STATUS_NAMES[status] if status < len(proto.STATUS_NAMES)
                else f"status {status}")
        raise BoardRefused(f"the board refused {sent.label}: {detail} ({code})", status, detail)

    # ------------------------------------------------------------ commands

    def send_hello(self):
        """Send HELLO without waiting (take its reply with :meth:`hello`). Requests sent
        right behind it, before its reply says the board's version, are not acted on by
        a board of another version (it answers them OTHER_VERSION)."""
        return self.send(proto.HELLO, bytes((PROTOCOL_VERSION,)))

    def hello(self, check=True, sent=None):
        """HELLO: the board's versions and state (BoardInfo). VersionMismatch if
        ``check`` and the board speaks another protocol version. ``sent``: the HELLO
        :meth:`send_hello` sent (default: sent now)."""
        body = self.reply(sent if sent is not None else self.send_hello())
        version = body[0]
        if check and version != PROTOCOL_VERSION:
            raise VersionMismatch(
                f"the board on {self.port} speaks link protocol version {version}, this "
                f"teebox speaks version {PROTOCOL_VERSION}: update the board's firmware "
                "with `teebox deploy` (it installs the firmware that matches this teebox).")
        max_data = struct.unpack_from("<H", body, 1)[0]
        firmware, at = _read_text(body, 3)
        board_id, at = _read_text(body, at)
        waiting, last, clock = struct.unpack_from("<HII", body, at)
        at += 10
        game = None
        if body[at] == 1:
            number, code, players, hole, rnd, inputs = struct.unpack_from("<IBBBHH", body, at + 1)
            at += 12
            if at < len(body):
                name, at = _read_text(body, at)
                mode, at = _read_text(body, at)
            else:  # a board from before games were data: an 18 Holes mode code
                name, mode = _legacy_game(code)
            game = GameInProgress(number, mode, players, hole, rnd, inputs, name)
        self.info = BoardInfo(version, max_data, firmware, board_id, waiting, last, clock, game)
        return self.info

    def _max_data(self):
        return self.info.max_data if self.info else proto.MAX_DATA

    def send_clock(self, seconds=None):
        """Send SET_CLOCK (default: now) without waiting: take its reply with
        :meth:`set_clock`."""
        seconds = int(time.time() if seconds is None else seconds)
        return self.send(proto.SET_CLOCK, struct.pack("<I", seconds))

    def set_clock(self, seconds=None, sent=None):
        """Set the board's calendar clock (default: now); returns what it says. ``sent``:
        the SET_CLOCK :meth:`send_clock` sent (default: sent now)."""
        return struct.unpack("<I", self.reply(sent if sent is not None
                                              else self.send_clock(seconds)))[0]

    def send_list(self, after=0):
        """Send LIST_GAMES (the games numbered above ``after``) without waiting: give it to
        :meth:`list_games`."""
        return self.send(proto.LIST_GAMES, struct.pack("<I", after))

    def list_games(self, sent=None):
        """``[(number, size), ...]`` of the games waiting on the board. ``sent``: the first
        LIST_GAMES :meth:`send_list` sent (default: sent now)."""
        out = []
        after = 0
        while True:
            body = self.reply(sent if sent is not None else self.send_list(after))
            sent = None
            more, count = struct.unpack_from("<BH", body)
            for i in range(count):
                out.append(struct.unpack_from("<II", body, 3 + 8 * i))
            if not more or not count:
                return out
            after = out[-1][0]

    def send_fetch(self, number, size=None):
        """Send the FETCH_GAME requests for game ``number`` without waiting for their
        replies (give them to :meth:`fetch_game`): one for each chunk of its ``size``
        bytes (as :meth:`list_games` gives it), or for the first chunk (None)."""
        step = self._max_data()
        return [self.send(proto.FETCH_GAME, struct.pack("<IIH", number, offset, step),
                          f"game {number}")
                for offset in (range(0, size, step) if size else (0,))]

    def fetch_game(self, number, progress=None, sent=None):
        """The record bytes of waiting game ``number``; ``progress(done, total)`` per chunk.
        ``sent``: the requests :meth:`send_fetch` sent for it (default: sent now, the
        first chunk's, then one a chunk)."""
        sent = list(sent) if sent is not None else self.send_fetch(number)
        data = bytearray()
        total = None
        try:
            while total is None or len(data) < total:
                body = self.reply(sent.pop(0) if sent else self.send(
                    proto.FETCH_GAME, struct.pack("<IIH", number, len(data), self._max_data()),
                    f"game {number}"))
                n, size, offset = struct.unpack_from("<III", body)
                if n != number or offset != len(data) or (total is not None and size != total):
                    raise LineError(f"the board sent the wrong part of game {number} (game {n}, "
                                    f"offset {offset} of {size}): run the command again")
                total = size
                _add_chunk(data, body[12:], total, f"game {number}", progress)
        finally:
            for extra in sent:  # chunks the board did not have after all
                self.forget(extra)
        return bytes(data)

    def ack_game(self, number):
        """Tell the board game ``number`` is stored (it deletes it); True if it was there.
        A repeat whose first answer was lost finds it gone: that is fine too."""
        body = self.request(proto.ACK_GAME, struct.pack("<I", number), f"game {number}")
        return bool(body[4])

    def list_courses(self):
        """Every course on the board (CourseEntry list)."""
        out = []
        start = 0
        while True:
            body = self.request(proto.LIST_COURSES, bytes((start,)))
            total, count = body[0], body[2]
            at = 3
            for _ in range(count):
                name, at = _read_text(body, at)
                title, at = _read_text(body, at)
                holes = body[at]
                content_hash = bytes(body[at + 1:at + 9])
                flags = body[at + 9]
                at += 10
                out.append(CourseEntry(name, title, holes, content_hash,
                                       bool(flags & 1), bool(flags & 2)))
            start += count
            if start >= total or not count:
                return out

    def push_course(self, name, data, progress=None):
        """Send compiled course ``data`` as course ``name``; the board verifies and installs
        it whole, or keeps the old one (BoardRefused saying why). Returns the hash."""
        content_hash = course_mod.announced_hash(data)
        what = f"course {name!r}"
        got = struct.unpack("<I", self.request(
            proto.PUSH_BEGIN, _text(name) + struct.pack("<I", len(data)) + content_hash,
            what))[0]
        step = self._max_data()
        while got < len(data):
            body = self.request(proto.PUSH_CHUNK, struct.pack("<I", got) + data[got:got + step],
                                what)
            got = struct.unpack("<I", body)[0]
            if progress:
                progress(got, len(data))
        self.request(proto.PUSH_COMMIT, _text(name) + content_hash, what)
        return content_hash

    def pull_course(self, name, progress=None):
        """The compiled binary of course ``name`` on the board."""
        data = bytearray()
        total = None
        while total is None or len(data) < total:
            body = self.request(proto.PULL_COURSE, _text(name) + struct.pack(
                "<IH", len(data), self._max_data()), f"course {name!r}")
            size, offset = struct.unpack_from("<II", body)
            if offset != len(data):
                raise LineError(f"the board sent the wrong part of course {name!r}: run the "
                                "command again")
            total = size
            _add_chunk(data, body[16:], total, f"course {name!r}", progress)
        return bytes(data)

    def delete_course(self, name):
        """Delete stored course ``name``; True if it was there (or went on a repeat)."""
        body = self.request(proto.DELETE_COURSE, _text(name), f"course {name!r}")
        return bool(body[0]) or self.attempts > 1

    def events_on(self, on=True):
        """Switch the board's live event stream on or off."""
        self.request(proto.EVENTS, bytes((1 if on else 0,)))

    def next_event(self, timeout=1.0):
        """The next event frame (payload bytes), or None after ``timeout`` seconds."""
        if self.events:
            return self.events.pop(0)
        deadline = time.monotonic() + timeout
        while True:
            res = self._next_frame(deadline)
            if res is None:
                return None
            kind, value = res
            if kind == framing.FRAME and value and value[0] == proto.EVENT:
                return value

    def self_test(self, start=False, wait=20, speed=1, first=0):
        """SELF_TEST: start the table's wiring self-test (``start``; ``wait`` seconds for a
        card and for the buttons, ``speed`` times faster timed steps) or just ask how it
        goes. Returns ``(running, step, total lines, [(step, text), ...] from line
        first)``; a line's step has ``TEST_PROBLEM`` set when it reports a fault."""
        body = self.request(proto.SELF_TEST, struct.pack("<BBBH", 1 if start else 0, wait,
                                                         speed, first))
        running, step, total, count = struct.unpack_from("<BBHB", body)
        lines = []
        at = 5
        for _ in range(count):
            text, nxt = _read_text(body, at + 1)
            lines.append((body[at], text))
            at = nxt
        return bool(running), step, total, lines

    def to_repl(self):
        """Ask the board to give the line back to the REPL (for mpremote)."""
        self.request(proto.REPL)


def _reason(exc):
    text = str(exc) or type(exc).__name__
    return text.rstrip(".")


def _add_chunk(data, chunk, total, what, progress):
    """Append ``chunk`` of the ``total`` bytes of ``what`` to bytearray ``data``; a chunk
    that is empty before the end is refused (the board would send it for ever)."""
    if not chunk and len(data) < total:
        raise LineError(f"the board sent an empty chunk of {what} at {len(data)} of {total} "
                        "bytes: run the command again")
    data += chunk
    if progress:
        progress(len(data), total)
