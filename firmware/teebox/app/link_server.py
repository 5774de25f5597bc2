"""The board's end of the USB serial link: framed requests in, replies and events out.

Frames are ``core/wire/framing.py``; the commands are in ``docs/protocol.md``. The
app loop calls :meth:`LinkServer.poll` every iteration: it reads only the
bytes already waiting, answers every complete request and returns, so the
table never waits on the laptop.

Requests are ``u8 command | u16 tag | body``; the reply to one is
``u8 command | 0x80 | u16 tag | u8 status | body`` (status 0: OK, else an
error code and a UTF-8 message). A frame that cannot be read at all gets a
NOTICE (``0xFF``, tag 0) naming the problem. Every command is idempotent, so
a host may repeat a request whose reply it missed.

While the server owns the line, Ctrl-C is just another byte
(``micropython.kbd_intr(-1)``), so a 0x03 inside a transfer cannot stop the
firmware. The REPL command gives the line back (Ctrl-C works again) so
mpremote can reach the board; holding BACK at boot skips the server altogether.
"""

import struct
import sys

from teebox import VERSION
from teebox.core.wire import events, framing
from teebox.core.wire.commands import (
    ACK_GAME, BAD_COURSE, BAD_CRC, BAD_FRAME, BAD_LENGTH, BAD_OFFSET, BAD_VALUE, BOARD_ERROR,
    COMMAND_NAMES, DELETE_COURSE, EVENTS, FETCH_GAME, HELLO, LED_FRAME, LIST_COURSES,
    LIST_GAMES, MAX_DATA, NO_TRANSFER, NOTICE, OK, OTHER_VERSION, PROTOCOL_VERSION, PULL_COURSE,
    PUSH_ABORT, PUSH_BEGIN, PUSH_CHUNK, PUSH_COMMIT, REPL, REPLY, SELF_TEST, SET_CLOCK,
    UNKNOWN_COMMAND, UNKNOWN_COURSE, UNKNOWN_GAME)
from teebox.core.wire.gamerecord import Reader
from teebox.app.courses_store import MAX_COURSE, CourseStore, CourseStoreError, check_name
from teebox.app.shelf import Shelf, board_id
from teebox.core import course as course_mod

PUSH_TIMEOUT_MS = 10000    # a course transfer idle this long is dropped
READ_BUDGET = 512          # most bytes one poll() reads, so the table stays responsive


def set_ctrl_c(enabled):
    """Let Ctrl-C interrupt the firmware (True) or pass it through as data (False).

    Only real boards have a keyboard interrupt on the serial line: on CPython
    and the WebAssembly port this does nothing."""
    if sys.implementation.name != "micropython" or sys.platform == "webassembly":
        return
    import micropython
    micropython.kbd_intr(3 if enabled else -1)


def skip_at_boot(buttons, name="BACK"):
    """True if the button ``name`` is held (read once at boot): start without the
    link server so the REPL stays reachable (``buttons`` is a ``hal.buttons.Buttons``)."""
    from teebox.hal.buttons import button_named
    buttons.poll()
    return buttons.is_down(button_named(name))


# ---------------------------------------------------------------- line adapters


class StreamPort:
    """A serial line over streams that ``select.poll`` can watch.

    On the board: ``StreamPort()`` is the USB serial port (``sys.stdin`` /
    ``sys.stdout``), read one byte at a time while bytes wait (MicroPython's
    stream reads block until they have all they asked for). On CPython any
    unbuffered binary file objects (a pty, a pipe, a socket's ``makefile``)
    work, read in blocks.

    The loop polls the line every frame, so a poll with nothing waiting
    allocates nothing: MicroPython's ``ipoll`` (no result list) and reads into
    one buffer made here.
    """

    def __init__(self, stream_in=None, stream_out=None, watch=None):
        import select
        if stream_in is None:
            stream_in = sys.stdin.buffer
            watch = sys.stdin if watch is None else watch
        if stream_out is None:
            stream_out = sys.stdout.buffer
        self._in = stream_in
        self._out = stream_out
        self._poll = select.poll()
        self._poll.register(stream_in if watch is None else watch, select.POLLIN)
        self._ipoll = getattr(self._poll, "ipoll", None)  # MicroPython only
        self._bytewise = sys.implementation.name == "micropython"
        self._buf = bytearray(READ_BUDGET)
        self._view = memoryview(self._buf)
        self._byte = bytearray(1)
        self.closed = False

    def _waiting(self):
        """True if a read would not block (bytes, or the other end closed)."""
        if self._ipoll is None:
            return bool(self._poll.poll(0))
        for _ in self._ipoll(0):
            return True
        return False

    def read_available(self, limit=READ_BUDGET):
        """The bytes waiting now (at most ``limit`` and READ_BUDGET), b"" if none:
        never blocks. The bytes are a view of the port's buffer, good until the
        next call."""
        limit = min(limit, READ_BUDGET)
        n = 0
        while n < limit and not self.closed and self._waiting():
            try:
                if self._bytewise:
                    got = self._in.readinto(self._byte)
                    if got:
                        self._buf[n] = self._byte[0]
                else:
                    got = self._in.readinto(self._view[n:limit])
            except OSError:
                got = 0
            if not got:
                self.closed = True  # the other end went away
                break
            n += got
        return self._view[:n] if n else b""

    def write(self, data):
        """Send all of ``data``."""
        view = memoryview(data)
        while len(view):
            n = self._out.write(view)
            view = view[len(view) if n is None else n:]
        flush = getattr(self._out, "flush", None)
        if flush is not None:
            flush()


class PipeEnd:
    """One end of a simulated serial line (see :func:`pipe`): what one end
    writes, the other reads. ``inbox`` holds the bytes waiting to be read."""

    def __init__(self):
        self.inbox = bytearray()
        self.peer = None

    def read_available(self, limit=READ_BUDGET):
        """The bytes waiting (at most ``limit``), b"" if none."""
        out = bytes(self.inbox[:limit])
        self.inbox = self.inbox[limit:]
        return out

    def write(self, data):
        """Deliver ``data`` to the other end."""
        self.peer.inbox += data


def pipe():
    """Two connected :class:`PipeEnd` objects: ``(board_end, host_end)``."""
    a = PipeEnd()
    b = PipeEnd()
    a.peer = b
    b.peer = a
    return a, b


# ---------------------------------------------------------------- the server


class Refused(Exception):
    """A request the board answers with an error status (``code``, message)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class _Body(Reader):
    """A request body; a missing or extra byte is a BAD_LENGTH refusal."""

    def fail(self, field, message):
        raise Refused(BAD_LENGTH, "%s: %s" % (field, message))

    def bad_value(self, field, message):
        raise Refused(BAD_VALUE, "%s: %s" % (field, message))

    def done(self):
        if self.pos != self.end:
            raise Refused(BAD_LENGTH, "%d bytes more than the request has"
                          % (self.end - self.pos))


class _Transfer:
    """A course being pushed: announced name, size and hash, the bytes so far."""

    def __init__(self, name, size, content_hash):
        self.name = name
        self.size = size
        self.hash = content_hash
        self.data = bytearray(size)
        self.got = 0    # bytes received: a prefix without gaps
        self.tick = 0   # when it last moved (for the idle timeout)


def _text(out, s):
    raw = s.encode()[:255]
    out.append(len(raw))
    out += raw


def _chunk(data, offset, length, what):
    if offset > len(data):
        raise Refused(BAD_OFFSET, "offset %d is past the end of %s (%d bytes)"
                      % (offset, what, len(data)))
    return data[offset:offset + min(length, MAX_DATA)]


def _installed(name, c):
    out = bytearray()
    _text(out, name)
    out += bytes(c.hash)
    out.append(c.hole_count)
    return out


class LinkServer:
    """Serves the link protocol on ``stream_in`` / ``stream_out`` (objects with
    ``read_available(limit)`` and ``write(data)``: :class:`StreamPort`, :class:`PipeEnd`).

    ``store`` is the board's flash store. Optional: ``clock`` (a ``hal.clock``
    clock; course transfers time out on it), ``courses`` (a CourseStore),
    ``shelf`` (a Shelf), ``recorder`` (the GameJournal: the game state
    in HELLO, and the scoreboard events, which it sends to :meth:`event`),
    ``wall`` (a WallTime set by SET_CLOCK), ``board`` (board id text).
    ``selftest`` gives the table's ``app/selftest.SelfTest`` when called (the loop
    sets it; None: SELF_TEST is refused); ``ledview`` its ``app/ledview.LedView`` (LED_FRAME).
    """

    def __init__(self, stream_in, stream_out, store, clock=None, courses=None, shelf=None,
                 recorder=None, wall=None, board=None, firmware=VERSION):
        self._in = stream_in
        self._out = stream_out
        self.store = store
        self.clock = clock
        self.courses = courses if courses is not None else CourseStore(store)
        self.shelf = shelf if shelf is not None else (
            recorder.shelf if recorder is not None else Shelf(store))
        self.recorder = recorder
        self.wall = wall
        self.board = board if board is not None else board_id(store)
        self.firmware = firmware
        self.selftest = None
        self.ledview = None
        self.running = True
        self.events_on = False
        self.frames = 0       # frames answered
        self.bad_frames = 0   # frames that could not be read
        self._decoder = framing.FrameDecoder()
        self._event_count = 0
        self._push = None     # the _Transfer going on
        # The protocol version the last HELLO named: while it is another one, nothing but
        # HELLO and REPL is acted on (a host may send requests right behind its HELLO).
        self._host_version = PROTOCOL_VERSION
        if recorder is not None:
            recorder.listener = self.event
        self._handlers = {
            HELLO: self._hello, LIST_GAMES: self._list_games, FETCH_GAME: self._fetch_game,
            ACK_GAME: self._ack_game, LIST_COURSES: self._list_courses,
            PUSH_BEGIN: self._push_begin, PUSH_CHUNK: self._push_chunk,
            PUSH_COMMIT: self._push_commit, PUSH_ABORT: self._push_abort,
            DELETE_COURSE: self._delete_course, PULL_COURSE: self._pull_course,
            SET_CLOCK: self._set_clock, EVENTS: self._events, REPL: self._repl,
            SELF_TEST: self._self_test, LED_FRAME: self._led_frame,
        }

    def start(self):
        """Take the line: Ctrl-C becomes data (call once, before the first poll)."""
        set_ctrl_c(False)
        self.running = True

    def stop(self):
        """Give the line back: Ctrl-C works again, no more replies or events."""
        self.running = False
        self.events_on = False
        self._push = None
        set_ctrl_c(True)

    def poll(self):
        """Answer whatever complete requests have arrived; never blocks, never raises.
        Returns how many frames (good or bad) were answered."""
        if not self.running:
            return 0
        self._expire_push()
        data = self._in.read_available(READ_BUDGET)
        if not data:
            return 0
        n = 0
        for kind, value in self._decoder.feed(data):
            if kind == framing.FRAME:
                self._request(value)
            else:
                self.bad_frames += 1
                self._send(NOTICE, 0, BAD_CRC if value == framing.BAD_CRC else BAD_FRAME,
                           ("frame refused: " + value).encode())
            n += 1
            if not self.running:
                break  # REPL: what follows is for the REPL, not for us
        self.frames += n
        return n

    def event(self, ev):
        """Send a scoreboard event (a ``core/wire/events`` tuple) if EVENTS is on."""
        if not (self.running and self.events_on):
            return
        body = events.pack(ev, self._event_count)
        self._event_count += 1
        self._write(body)

    # ------------------------------------------------------------ plumbing

    def _send(self, first, tag, status, body):
        payload = bytearray(struct.pack("<BHB", first, tag, status))
        payload += body
        self._write(payload)

    def _write(self, payload):
        try:
            self._out.write(framing.encode(payload))
        except OSError:
            pass  # nobody listening: the host asks again when it is back

    def _request(self, payload):
        if len(payload) < 3:
            self.bad_frames += 1
            self._send(NOTICE, 0, BAD_FRAME, ("request of %d bytes is shorter than its "
                                              "3-byte header (command, tag)"
                                              % len(payload)).encode())
            return
        cmd = payload[0]
        tag = payload[1] | payload[2] << 8
        if self._host_version != PROTOCOL_VERSION and cmd != HELLO and cmd != REPL:
            # A host of another version may have sent this right behind its HELLO, before
            # it read our version: its command numbers may mean something else here.
            self._send((cmd | REPLY) & 0xFF, tag, OTHER_VERSION,
                       ("not done: the last HELLO said protocol version %d, this board "
                        "speaks %d (update the board or the host)"
                        % (self._host_version, PROTOCOL_VERSION)).encode())
            return
        handler = self._handlers.get(cmd)
        if handler is None:
            self._send((cmd | REPLY) & 0xFF, tag, UNKNOWN_COMMAND,
                       ("unknown command %d (this board speaks protocol %d)"
                        % (cmd, PROTOCOL_VERSION)).encode())
            return
        body = _Body(payload, COMMAND_NAMES[cmd])
        body.pos = 3
        try:
            out = handler(body)
            status = OK
        except Refused as r:
            status = r.code
            out = r.message.encode()
        except Exception as exc:  # the board must answer, whatever went wrong
            status = BOARD_ERROR
            out = ("%s failed on the board: %s %s"
                   % (COMMAND_NAMES[cmd], type(exc).__name__, exc)).encode()
        self._send(cmd | REPLY, tag, status, out)
        if cmd == REPL and status == OK:
            self.stop()

    def _ticks(self):
        return self.clock.ticks_ms() if self.clock is not None else 0

    def _expire_push(self):
        p = self._push
        if p is not None and self.clock is not None and \
                self.clock.ticks_diff(self._ticks(), p.tick) > PUSH_TIMEOUT_MS:
            self._push = None  # the old course was never touched

    def _game_data(self, number):
        data = self.shelf.read(number)
        if data is None:
            raise Refused(UNKNOWN_GAME, "no game %d waiting on this board (waiting: %s)"
                          % (number, " ".join([str(n) for n in self.shelf.numbers()]) or "none"))
        return data

    def _course_name(self, body):
        name = body.text("course name")
        try:
            check_name(name)
        except CourseStoreError as exc:
            raise Refused(BAD_VALUE, str(exc))
        return name

    def _not_in_play(self, name, doing):
        """Refuse to change the course of the game in progress (it could not resume)."""
        game = self.recorder.game if self.recorder is not None else None
        raw = self.courses.data(name) if game is not None else None
        if raw is not None and (course_mod.announced_hash(raw)
                                == self.recorder.rules.course(game)[0]):
            raise Refused(BAD_VALUE, "course %r is being played (game %d): %s it once the "
                                     "game is over" % (name, self.recorder.number, doing))

    # ------------------------------------------------------------ commands

    def _hello(self, body):
        # Extra bytes are ignored: a host of another version must still get the
        # version byte back, so it can say what to update.
        self._host_version = body.u8("host protocol version")
        out = bytearray(struct.pack("<BH", PROTOCOL_VERSION, MAX_DATA))
        _text(out, self.firmware)
        _text(out, self.board)
        out += struct.pack("<HII", len(self.shelf.numbers()), self.shelf.last_number(),
                           self.wall.now() if self.wall is not None else 0)
        game = self.recorder.game if self.recorder is not None else None
        if game is None:
            out.append(0)
        else:
            rules = self.recorder.rules
            mode = rules.mode_of(game.setup)
            hole, rnd = rules.progress(game)
            out += struct.pack("<BIBBBHH", 1, self.recorder.number, rules.mode_code(mode),
                               game.setup.players, hole, min(rnd, 0xFFFF),
                               min(len(game.inputs), 0xFFFF))
            # The game and mode by name (after what older hosts read: they stop before).
            _text(out, self.recorder.game_name)
            _text(out, mode)
        return out

    def _list_games(self, body):
        after = body.unpack("<I", "after game number")[0]
        body.done()
        waiting = [n for n in self.shelf.numbers() if n > after]
        room = (MAX_DATA - 3) // 8
        out = bytearray(struct.pack("<BH", 1 if len(waiting) > room else 0,
                                    min(len(waiting), room)))
        for n in waiting[:room]:
            out += struct.pack("<II", n, self.shelf.size(n) or 0)
        return out

    def _fetch_game(self, body):
        number, offset, length = body.unpack("<IIH", "game number, offset, length")
        body.done()
        data = self._game_data(number)
        out = bytearray(struct.pack("<III", number, len(data), offset))
        out += _chunk(data, offset, length, "game %d" % number)
        return out

    def _ack_game(self, body):
        number = body.unpack("<I", "game number")[0]
        body.done()
        # Acknowledging twice is harmless: the second finds nothing to delete.
        return struct.pack("<IB", number, 1 if self.shelf.remove(number) else 0)

    def _list_courses(self, body):
        start = body.u8("first entry")
        body.done()
        entries = self.courses.entries()
        out = bytearray()
        count = 0
        for name, title, holes, content_hash, flags in entries[start:]:
            row = bytearray()
            _text(row, name)
            _text(row, title)
            row.append(holes)
            row += content_hash
            row.append(flags)
            if len(out) + len(row) > MAX_DATA - 3:
                break
            out += row
            count += 1
        return bytes((min(len(entries), 255), start, count)) + out

    def _push_begin(self, body):
        name = self._course_name(body)
        size = body.unpack("<I", "size")[0]
        content_hash = body.take(8, "content hash")
        body.done()
        if not 0 < size <= MAX_COURSE:
            raise Refused(BAD_VALUE, "a course of %d bytes cannot be stored (1 to %d)"
                          % (size, MAX_COURSE))
        p = self._push
        if p is None or p.name != name or p.size != size or p.hash != content_hash:
            # A new transfer (a repeated BEGIN of the same one keeps what came already).
            p = self._push = _Transfer(name, size, content_hash)
        p.tick = self._ticks()
        return struct.pack("<I", p.got)

    def _transfer(self):
        if self._push is None:
            raise Refused(NO_TRANSFER, "no course transfer going on (PUSH_BEGIN first; "
                                       "an idle one is dropped after %d s)"
                          % (PUSH_TIMEOUT_MS // 1000))
        return self._push

    def _push_chunk(self, body):
        offset = body.unpack("<I", "offset")[0]
        data = body.take(body.end - body.pos, "data")
        p = self._transfer()
        if offset > p.got or offset + len(data) > p.size:
            raise Refused(BAD_OFFSET, "chunk of %d bytes at offset %d, but %d of %d bytes "
                          "are in: send from offset %d"
                          % (len(data), offset, p.got, p.size, p.got))
        p.data[offset:offset + len(data)] = data
        p.got = max(p.got, offset + len(data))
        p.tick = self._ticks()
        return struct.pack("<I", p.got)

    def _push_commit(self, body):
        name = self._course_name(body)
        content_hash = body.take(8, "content hash")
        body.done()
        p = self._push
        if p is None or p.name != name or p.hash != content_hash:
            raw = self.courses.data(name)
            if raw is not None and course_mod.announced_hash(raw) == content_hash:
                # A repeated COMMIT whose first answer was lost: it is installed.
                return _installed(name, course_mod.load(raw))
            p = self._transfer()
            raise Refused(NO_TRANSFER, "the transfer going on is for course %r, not %r"
                          % (p.name, name))
        if p.got != p.size:
            raise Refused(NO_TRANSFER, "only %d of %d bytes of course %r arrived: send the rest"
                          % (p.got, p.size, name))
        self._not_in_play(name, "replace")
        self._push = None
        try:
            c = self.courses.install(name, p.data, content_hash)
        except CourseStoreError as exc:
            raise Refused(BAD_COURSE, str(exc))
        return _installed(name, c)

    def _push_abort(self, body):
        body.done()
        had = self._push is not None
        self._push = None
        return bytes((1 if had else 0,))

    def _delete_course(self, body):
        name = self._course_name(body)
        body.done()
        self._not_in_play(name, "delete")
        try:
            return bytes((1 if self.courses.delete(name) else 0,))
        except CourseStoreError as exc:
            raise Refused(BAD_VALUE, str(exc))

    def _pull_course(self, body):
        name = self._course_name(body)
        offset, length = body.unpack("<IH", "offset, length")
        body.done()
        data = self.courses.data(name)
        if data is None:
            raise Refused(UNKNOWN_COURSE, "no course %r on this board (courses: %s)"
                          % (name, ", ".join(self.courses.names()) or "none"))
        out = bytearray(struct.pack("<II", len(data), offset))
        out += course_mod.announced_hash(data)
        out += _chunk(data, offset, length, "course %r" % name)
        return out

    def _set_clock(self, body):
        seconds = body.unpack("<I", "seconds")[0]
        body.done()
        if self.wall is not None:
            self.wall.set(seconds)
        return struct.pack("<I", self.wall.now() if self.wall is not None else 0)

    def _events(self, body):
        on = body.u8("on")
        body.done()
        self.events_on = bool(on)
        return bytes((1 if self.events_on else 0,))

    def _repl(self, body):
        body.done()
        return b""

    def _led_frame(self, body):
        have = body.unpack("<I", "picture held")[0]
        body.done()
        if self.ledview is None:
            raise Refused(BAD_VALUE, "this board runs no table: no LED frame")
        return self.ledview().reply(have)

    def _self_test(self, body):
        start, wait_s, speed, first = body.unpack("<BBBH", "start, wait, speed, first line")
        body.done()
        if self.selftest is None:
            raise Refused(BAD_VALUE, "this board runs no table: no self-test")
        st = self.selftest()
        if start and not st.running:
            # (A repeated start while the test runs just follows it: idempotent.)
            game = self.recorder.game if self.recorder is not None else None
            if game is not None:
                raise Refused(BAD_VALUE, "game %d is in progress: finish or quit it on the "
                                         "table, then test" % self.recorder.number)
            if speed < 1:
                raise Refused(BAD_VALUE, "speed %d: 1 (normal) or more (faster)" % speed)
            st.start(self._ticks(), 1000 * wait_s, speed)
        lines = st.lines
        out = bytearray(struct.pack("<BBH", 1 if st.running else 0, st.step, len(lines)))
        out.append(0)
        count = 0
        for step, text in lines[first:]:
            raw = text.encode()[:255]
            if len(out) + 2 + len(raw) > MAX_DATA - 3:
                break  # the rest in the next request
            out.append(step)
            out.append(len(raw))
            out += raw
            count += 1
        out[4] = count
        return out
