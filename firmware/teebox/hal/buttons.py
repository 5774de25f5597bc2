"""The eight table buttons: six hex directions, OK and BACK, debounced by polling.

Buttons are wired from a GPIO to ground with the pin's pull-up on, so a
pressed button reads 0. ``Buttons.poll()`` runs once per loop iteration: it
acts on the first edge it sees (a press registers at once, no waiting for
the contacts to settle) and then ignores that button for ``debounce_ms``, so
the bounces that follow an edge never become extra presses.

Events are small ints (no allocation): ``button << 2 | kind``; take them
apart with ``button_of(ev)`` and ``kind_of(ev)``. Kinds: ``PRESS`` when a
button goes down, ``LONG`` once per hold when it stays down ``long_ms``,
``RELEASE`` when it comes up. They wait in a fixed-size ring queue read with
``get()``; when it is full the oldest event is dropped and counted in
``dropped``.

Button ids 0 to 5 are the hex direction numbers of ``core/hexgrid.py`` (E,
NE, NW, W, SW, SE), so a direction button's id is its direction.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

E = const(0)
NE = const(1)
NW = const(2)
W = const(3)
SW = const(4)
SE = const(5)
OK = const(6)
BACK = const(7)
COUNT = const(8)
NAMES = ("E", "NE", "NW", "W", "SW", "SE", "OK", "BACK")

PRESS = const(1)
LONG = const(2)
RELEASE = const(3)
KIND_NAMES = ("", "press", "long", "release")

DEBOUNCE_MS = const(30)
LONG_MS = const(800)
QUEUE_SIZE = const(16)


def event(button, kind):
    """The event value for ``button`` (0-7) and ``kind`` (PRESS, LONG, RELEASE)."""
    return (button << 2) | kind


def button_of(ev):
    """The button id of an event."""
    return ev >> 2


def kind_of(ev):
    """The kind of an event: PRESS, LONG or RELEASE."""
    return ev & 3


def describe(ev):
    """An event as text, e.g. ``"OK long"`` (for logs and the simulator)."""
    return "%s %s" % (NAMES[ev >> 2], KIND_NAMES[ev & 3])


def button_named(name):
    """The button id for a name such as ``"NW"`` or ``"ok"``; ValueError if unknown."""
    up = name.upper()
    for i in range(COUNT):
        if NAMES[i] == up:
            return i
    raise ValueError("unknown button %r (use one of %s)" % (name, " ".join(NAMES)))


class Buttons:
    """Debounced buttons read from pin objects whose ``value()`` is 0 when pressed.

    ``pins`` holds one pin per button id (E, NE, NW, W, SW, SE, OK, BACK);
    ``clock`` is a ``hal.clock`` clock.
    """

    def __init__(self, pins, clock, debounce_ms=DEBOUNCE_MS, long_ms=LONG_MS,
                 queue_size=QUEUE_SIZE):
        if len(pins) != COUNT:
            raise ValueError("need %d button pins (%s), got %d"
                             % (COUNT, " ".join(NAMES), len(pins)))
        self._pins = pins
        self._clock = clock
        self._debounce = debounce_ms
        self._long = long_ms
        self._down = bytearray(COUNT)      # debounced state, 1 = pressed
        self._settling = bytearray(COUNT)  # 1 while changes are ignored after an edge
        self._long_sent = bytearray(COUNT)
        self._since = [0] * COUNT          # tick of the last accepted edge
        self._busy = 0                     # a button is down or settling
        self._queue = bytearray(queue_size)
        self._head = 0
        self._count = 0
        self.dropped = 0

    def poll(self):
        """Read every button once and queue the events; call it every loop iteration.
        Returns how many events wait (so an idle frame need not ask ``get``)."""
        pins = self._pins
        if not self._busy:
            # Every button up and settled (most frames): nothing to do unless a pin
            # reads pressed, so a look at each pin is all (it runs every frame).
            for pin in pins:
                if not pin.value():
                    break
            else:
                return self._count
        clock = self._clock
        now = clock.ticks_ms()
        # Locals, and the clock asked only about a button that is settling or held.
        down = self._down
        since = self._since
        settling = self._settling
        busy = 0
        for b in range(COUNT):
            if settling[b]:
                if clock.ticks_diff(now, since[b]) < self._debounce:
                    busy = 1
                    continue
                settling[b] = 0
            raw = 0 if pins[b].value() else 1
            if raw != down[b]:
                down[b] = raw
                since[b] = now
                settling[b] = 1
                self._long_sent[b] = 0
                self._put((b << 2) | (PRESS if raw else RELEASE))
            elif (raw and not self._long_sent[b]
                  and clock.ticks_diff(now, since[b]) >= self._long):
                self._long_sent[b] = 1
                self._put((b << 2) | LONG)
            busy |= down[b] | settling[b]
        self._busy = busy
        return self._count

    def _put(self, ev):
        size = len(self._queue)
        if self._count == size:
            # Full: the oldest event is the least useful one now.
            self._head = (self._head + 1) % size
            self._count -= 1
            self.dropped += 1
        self._queue[(self._head + self._count) % size] = ev
        self._count += 1

    def get(self):
        """The oldest waiting event, or None when there is none."""
        if not self._count:
            return None
        ev = self._queue[self._head]
        self._head = (self._head + 1) % len(self._queue)
        self._count -= 1
        return ev

    def pending(self):
        """How many events are waiting."""
        return self._count

    def is_down(self, button):
        """Whether ``button`` is held down right now (debounced)."""
        return self._down[button] == 1


class _SimPin:
    """A pulled-up input the simulator drives: 1 when up, 0 when pressed."""

    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


class SimButtons(Buttons):
    """Buttons driven by a script or by ``press()`` calls, debounced like the real ones.

    ``script`` is a list of ``(time_ms, button, down)`` steps: at ``time_ms``
    (clock time) the button's contact closes (``down`` true) or opens. Steps
    take effect in ``poll()`` once the clock has reached them, so a script can
    describe a bouncing contact and the test polls as the real loop would.
    """

    def __init__(self, clock, script=(), **options):
        Buttons.__init__(self, [_SimPin() for _ in range(COUNT)], clock, **options)
        self._script = []
        for step in script:
            self.schedule(step[0], step[1], step[2])

    def schedule(self, time_ms, button, down):
        """Close (``down`` true) or open ``button``'s contact at clock time ``time_ms``."""
        if isinstance(button, str):
            button = button_named(button)
        # Keep the steps in time order; compare with ticks_diff, as times may wrap.
        diff = self._clock.ticks_diff
        i = len(self._script)
        while i and diff(time_ms, self._script[i - 1][0]) < 0:
            i -= 1
        self._script.insert(i, (time_ms, button, 1 if down else 0))

    def press(self, button, hold_ms=100):
        """Press ``button`` now and let go ``hold_ms`` later (a clean keypress).

        Use ``hold_ms`` above the long-press time for a long press.
        """
        now = self._clock.ticks_ms()
        self.schedule(now, button, True)
        self.schedule(self._clock.ticks_add(now, hold_ms), button, False)

    def set(self, button, down):
        """Close or open ``button``'s contact immediately."""
        self._pins[button].level = 0 if down else 1

    def poll(self):
        """Apply the script steps that are due, then poll like the real buttons (and
        return how many events wait)."""
        clock = self._clock
        now = clock.ticks_ms()
        while self._script and clock.ticks_diff(now, self._script[0][0]) >= 0:
            _, button, down = self._script.pop(0)
            self.set(button, down)
        return Buttons.poll(self)


def from_profile(profile, clock, sim=False):
    """The buttons of a board profile: real GPIO inputs with pull-ups, or simulated."""
    if sim:
        return SimButtons(clock)
    pins = profile.button_pins
    if profile.circuitpython:
        import digitalio
        out = []
        for n in pins:
            io = digitalio.DigitalInOut(profile.pin(n))
            io.switch_to_input(pull=digitalio.Pull.UP)
            out.append(_BlinkaPin(io))
        return Buttons(out, clock)
    import machine
    return Buttons([machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in pins], clock)


class _BlinkaPin:
    """A digitalio input seen through the ``value()`` method Buttons reads."""

    def __init__(self, io):
        self._io = io

    def value(self):
        return 1 if self._io.value else 0
