"""The main loop: poll the buttons and readers, step the table, draw and show a frame.

One :meth:`Loop.step` is one frame (about 30 a second): it never waits for a
card or a button, and sleeps only for what is left of the frame. The parts
that run every frame allocate nothing while nothing happens (the table's
``tick``, the renderer, the prompt strip, the LED driver, button and reader
polls), so the garbage collector has nothing to do between moves.

:class:`PromptLayer` draws the LED-only form of the table's prompt over the
renderer's frame, so the table is playable without a display (see
``docs/table-guide.md``).
"""

from array import array

from teebox import palette
from teebox.app.renderer import Renderer, paint, paint_run
from teebox.app.setup_flow import FREE
from teebox.app.table import Table
from teebox.app.view import View
from teebox.hal.rfid import ReaderBank

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FRAME_MS = const(33)   # ~30 frames a second
# While a card reader has work in flight the rest of the frame polls it this often, and
# the link always (a frame on the air is answered within the chip's 1.5 ms timer).
READ_POLL_MS = const(1)
PULSE_MS = const(1000)

# Strip colours: the neutral prompt colour (setup, card learning: no seat's hue),
# an option not chosen, the question-code cells.
NEUTRAL = bytes((0, 170, 255))
DIM = bytes((40, 40, 40))
CODE = bytes((90, 90, 90))


def _plain(colours):
    return colours


class PromptLayer:
    """The LED-only prompt, drawn over a frame in LED order.

    * Question code: ``prompt.code`` lit cells along the top edge, from the west.
    * Option strip along the bottom edge, from the west (continuing on the row
      above when it is longer than a row): ``prompt.count`` cells, the first
      ``index + 1`` pulsing in the prompt's colour (a seat's, or the neutral
      blue), the rest dim; or, for ``prompt.seats``, one cell per seat in that
      seat's colour (seating order, waiting players, play order, standings), dim
      for an empty place (``setup_flow.FREE``).
    """

    def __init__(self, profile, leds=None):
        # With ``leds`` the prompt colours are prepared for the strip, like the renderer's.
        prep = leds.prepare if leds is not None else _plain
        self._players = prep(palette.PLAYERS)
        self._neutral = prep(NEUTRAL)
        self._dim = prep(DIM)
        self._code = prep(CODE)
        w = profile.width
        h = profile.height
        # Byte offsets in the frame of the top edge's LEDs and the bottom strip's.
        self._top = array("H", [3 * profile.led_index(c, 0) for c in range(w)])
        rows = min(h, 2)
        self._bottom = array("H", [3 * profile.led_index(c, h - 1 - k)
                                   for k in range(rows) for c in range(w)])

    def draw(self, frame, prompt, now):
        """Draw ``prompt`` over ``frame`` as of tick ``now``; returns how much that changed
        the sum of the frame's bytes (the renderer's ``total``, for the power limit)."""
        top = self._top
        change = 0
        # (each part only when it has cells: a call costs about what a cell does)
        if prompt.code > 0:
            change = paint_run(self._code, frame, top, 0, min(prompt.code, len(top)), 0, 256)
        strip = self._bottom
        seats = prompt.seats
        if seats is not None:
            dim = self._dim
            players = self._players
            for i in range(min(len(seats), len(strip))):
                seat = seats[i]
                if seat == FREE:
                    change += paint(dim, frame, strip[i], 0, 256)
                else:
                    change += paint(players, frame, strip[i], 3 * seat, 256)
            return change
        n = min(prompt.count, len(strip))
        if n <= 0:
            return change
        if prompt.seat >= 0:
            ink = self._players
            at = 3 * prompt.seat
        else:
            ink = self._neutral
            at = 0
        t = now % PULSE_MS
        if t >= PULSE_MS // 2:
            t = PULSE_MS - t
        level = 96 + 160 * t // (PULSE_MS // 2)
        lit = max(0, min(prompt.index + 1, n))
        if lit:
            change += paint_run(ink, frame, strip, 0, lit, at, level)
        if lit < n:
            change += paint_run(self._dim, frame, strip, lit, n, 0, 256)
        return change


class Loop:
    """The table running on ``hw`` (``board.build``'s parts).

    ``table`` defaults to a new :class:`~teebox.app.table.Table` on this
    hardware; ``renderer`` to a Renderer over the board's View, drawing with
    colours prepared for ``hw.leds`` (see ``hal/leds.py``). ``link`` is the
    USB link server polled every frame and every READ_POLL_MS of the frame's spare time
    (None: none). ``frame_ms`` is the frame time.
    """

    def __init__(self, hw, table=None, renderer=None, frame_ms=FRAME_MS, link=None):
        p = hw.profile
        self.hw = hw
        self.frame_ms = frame_ms
        if table is None:
            table = Table(hw.clock, View(p.width * p.height), hw.display, hw.store, p.width,
                          p.height, seat_readers=hw.seat_readers, reader_seats=hw.reader_seats)
        self.table = table
        self.view = table.view
        if renderer is None:
            renderer = Renderer(p, table.course, self.view, leds=hw.leds)
        self.renderer = renderer
        self._course = table.course
        self.prompts = PromptLayer(p, renderer.leds)
        self.link = link
        # The wiring self-test: entered from the start menu, or over the link.
        self.selftest = None
        table.on_selftest = self.start_selftest
        self._ledview = None
        if link is not None:
            link.selftest = self.wiring_test
            link.ledview = self.led_view
        self._testing = False
        self._bank = isinstance(hw.readers, ReaderBank)
        self._display_busy = False
        self._input = table    # who handles this frame's inputs: the table or the self-test
        self.frames = 0

    def step(self, render=True):
        """One frame: inputs, table, LEDs and (a share of) the display, then sleep out
        the frame (polling a busy card reader, and the link, meanwhile: see
        :meth:`_rest`).

        ``render`` False skips drawing the LEDs and watching the link in the spare time
        (the simulator fast-forwarding). Nothing that goes wrong in a frame stops the
        table: the error is shown and the table goes back to the start menu (see
        :meth:`~teebox.app.table.Table.fail`).
        """
        clock = self.hw.clock
        start = clock.ticks_ms()
        try:
            self._frame(start, render)
        except Exception as exc:  # noqa: BLE001 - a bad course or file must not stop the table
            self._recover(exc)
        self.frames += 1
        self._rest(clock, start, render)

    def _rest(self, clock, start, watch):
        # Sleep out the frame. A card reader in the middle of a presence cycle is polled
        # every READ_POLL_MS meanwhile: its seven or so steps then end within the frame
        # (one step a frame took about 230 ms from laying a card to its reveal), and the
        # next frame still starts on time, so the LEDs never wait for a card. The link is
        # polled as often, talking or not (``watch``): each request of a sync would
        # otherwise wait for the next frame (a sync took 1.8x the wire time of its bytes,
        # not 1.2x), the first one too (up to a frame, a sixth of a small game's sync), and
        # a poll of an idle line is one look at the port that allocates nothing. A frame
        # the simulator fast-forwards (not drawn) has no real time in which a host could
        # talk: its spare time is not spent watching the link.
        readers = self.hw.readers
        link = self.link
        left = self.frame_ms - clock.ticks_diff(clock.ticks_ms(), start)
        while left > READ_POLL_MS:
            reading = readers is not None and readers.busy()
            serving = watch and link is not None and link.running
            if not (reading or serving):
                break
            clock.sleep_ms(READ_POLL_MS)
            try:
                if reading:
                    self._poll_readers(self._input)
                if serving:
                    link.poll()
            except Exception as exc:  # noqa: BLE001 - as in a frame: shown, never fatal
                self._recover(exc)
            left = self.frame_ms - clock.ticks_diff(clock.ticks_ms(), start)
        if left > 0:
            clock.sleep_ms(left)

    def _recover(self, exc):
        why = "%s: %s" % (type(exc).__name__, exc)
        try:
            self.table.fail(why)
        except Exception:  # noqa: BLE001 - the table itself is broken: the display at least
            self.hw.display.message("TEEBOX ERROR\n" + why)
        self._display_busy = True  # the message reaches the display over the next frames

    def wiring_test(self):
        """The wiring self-test (``app/selftest.SelfTest``), imported and made on first
        use: a table that is never tested keeps its code off the heap."""
        if self.selftest is None:
            from teebox.app.selftest import SelfTest
            self.selftest = SelfTest(self.hw)
        return self.selftest

    def led_view(self):
        """The LED frame as the link sends it (``app/ledview.LedView``), imported and made
        on first use: a table no host watches keeps its code and buffers off the heap."""
        if self._ledview is None:
            from teebox.app.ledview import LedView
            self._ledview = LedView(self.hw.profile, self.renderer, self.hw.leds)
        return self._ledview

    def start_selftest(self):
        """Start the wiring self-test now."""
        self.wiring_test().start(self.hw.clock.ticks_ms())

    def _frame(self, start, render):
        hw = self.hw
        st = self.selftest
        testing = st is not None and st.running
        if st is not None and not testing and self.table.shed and self.table.game is not None:
            # A game began after a self-test: the table let go of the test's module, so
            # let go of the test too (a later one is made afresh).
            self.selftest = st = None
        if self._testing and not testing:
            self.table.redraw()  # the self-test is over: the table's prompt comes back
            self._display_busy = True
        self._testing = testing
        # While the wiring self-test runs it has the buttons, readers, LEDs and display.
        t = st if testing else self.table
        self._input = t
        t.tick(start)
        buttons = hw.buttons
        if buttons.poll():  # (most frames: no event, and no call to ask for one)
            ev = buttons.get()
            while ev is not None:
                t.handle_button(ev)
                ev = buttons.get()
        if hw.readers is not None:
            self._poll_readers(t)
        if self.link is not None and self.link.running:
            self.link.poll()
        if render and t is self.table:
            if t.course is not self._course:
                self._course = t.course  # (first: a course that cannot be drawn is tried once)
                self.renderer.set_course(t.course)
            frame = self.renderer.compose(start)
            total = self.renderer.total
            if t.led_prompts:
                total += self.prompts.draw(frame, t.prompt, start)
            if self.renderer.leds is not None:
                hw.leds.show_ready(frame, total)
            else:
                hw.leds.show(frame)
        if t.display_dirty or self._display_busy:
            # A frame's share of the I2C transfer at most: a whole new screen takes a
            # few frames rather than stalling one (see hal/display.py STEP_BYTES).
            t.display_dirty = False
            self._display_busy = hw.display.refresh()

    def _poll_readers(self, t):
        ev = self.hw.readers.poll()
        if ev is None:
            return
        seat = None
        if self._bank:
            seat, ev = ev
            if not self.hw.seat_readers:
                seat = None
        if ev[0] == "placed":
            t.handle_scan(seat, ev[1])
        else:
            t.handle_removed(seat, ev[1])

    def run(self, frames=-1):
        """Run ``frames`` frames, or for ever (-1)."""
        while frames != 0:
            self.step()
            if frames > 0:
                frames -= 1
