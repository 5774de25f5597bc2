"""Board profiles: which pins, how many LEDs in which chain order, the power budget.

A profile is a JSON file (see ``hardware/README.md``). The sources live in
``hardware/profiles/`` in the repository; ``teebox deploy`` copies the chosen
one to ``/profile.json`` on the board, where ``main.py`` loads it with
``load_file(PROFILE_PATH)``. On the host, ``load_named(name)`` finds a profile
in the repository.

``load(text)`` checks everything at once and raises ``ProfileError`` whose
``problems`` each start with the field they are about, e.g.
``buttons.NE: pin 3 is also used by leds.pin``.

Pins: on a Pico (``rp2-pico``) a GPIO number, or its name ``"GP2"``; on a
Raspberry Pi (``blinka``) a BCM number, or its Blinka name ``"D18"``; on any
other board running CircuitPython (``circuitpython``) the name of the pin in
the board's ``board`` module, e.g. ``"GP2"`` or ``"D5"``, since only the board
knows its pins (``Profile.pin`` looks the name up there at start-up).

LED chain order: the app renders cells in LED order, so a profile maps every
hex cell (row-major over the offset grid) to its LED. ``serpentine-rows``
starts at the ``start`` corner, runs along that row to the far side, then back
along the next row, and so on (from ``top-left``: row 0 west to east, row 1
east to west, ...). ``rows`` runs every row the same way, from the start
corner's side (each row's strip wired back to that side); ``serpentine-columns``
and ``columns`` are the same down the columns. A list gives the LED of each
cell explicitly, row-major. The self-test's walking dot (``app/selftest.py``)
shows which one a table is wired as (``hardware/README.md``).
"""

import json
from array import array

from teebox.core import jsondata
from teebox.hal.buttons import NAMES as BUTTON_NAMES
from teebox.hal.leds import IDLE_MA, order_offsets

BOARDS = ("rp2-pico", "blinka", "circuitpython")
# Boards driven through the CircuitPython API (board, busio, digitalio, neopixel):
# CircuitPython itself, or Blinka, which provides it on a Raspberry Pi.
CIRCUITPYTHON_BOARDS = ("blinka", "circuitpython")
CHAINS = ("serpentine-rows", "rows", "serpentine-columns", "columns")
STARTS = ("top-left", "top-right", "bottom-left", "bottom-right")
DEFAULT = "pico2-24x16"  # the board the parts list names (hardware/README.md, docs/memory.md)
PROFILE_PATH = "/profile.json"  # where deploy puts the profile on the board

MAX_GRID = 255  # compiled courses store width and height in one byte each

# GPIOs a profile may use: the Pico's header pins (GP23-GP25 are wired on the
# board itself), and a Raspberry Pi's BCM numbers.
_GPIOS = {
    "rp2-pico": tuple(range(23)) + (26, 27, 28),
    "blinka": tuple(range(28)),
}
# The Pi drives WS2812B from a PWM, PCM or SPI pin only (rpi_ws281x).
_BLINKA_LED_PINS = (10, 12, 18, 21)
# A numbered pin may also be given by its name on these boards: "GP2", "D18".
_PIN_PREFIX = {"rp2-pico": "GP", "blinka": "D"}
_SPI_ROLES = ("sck", "mosi", "miso")
_READER_PINS = ("sck", "mosi", "miso", "cs", "rst")
_READER_SHARED = ("sck", "mosi", "miso", "rst")  # several readers may share these


class ProfileError(ValueError):
    """A board profile that cannot be used; ``problems`` lists what is wrong."""

    def __init__(self, problems, source="profile"):
        self.problems = problems
        self.source = source
        super().__init__("%s: %d problem%s:\n  %s" % (
            source, len(problems), "" if len(problems) == 1 else "s", "\n  ".join(problems)))


def bus_pins(board, kind, bus, role):
    """The GPIOs that can carry ``role`` of ``kind`` bus number ``bus`` on ``board``.

    ``kind`` is ``"spi"`` (roles sck, mosi, miso) or ``"i2c"`` (sda, scl).
    """
    if board == "rp2-pico":
        # RP2040 pin functions repeat: SPI0/SPI1 alternate in blocks of 8 GPIOs
        # (RX, CSn, SCK, TX), I2C0/I2C1 in pairs (SDA, SCL).
        if kind == "spi":
            slot = {"miso": 0, "sck": 2, "mosi": 3}[role]
            return tuple(g for g in _GPIOS[board] if (g // 8) % 2 == bus and g % 4 == slot)
        slot = 0 if role == "sda" else 1
        return tuple(g for g in _GPIOS[board] if (g // 2) % 2 == bus and g % 2 == slot)
    # Raspberry Pi: the buses sit on fixed pins.
    if kind == "spi":
        return {(0, "sck"): (11,), (0, "mosi"): (10,), (0, "miso"): (9,),
                (1, "sck"): (21,), (1, "mosi"): (20,), (1, "miso"): (19,)}[(bus, role)]
    return {(0, "sda"): (0,), (0, "scl"): (1,), (1, "sda"): (2,), (1, "scl"): (3,)}[(bus, role)]


class Profile:
    """A checked board profile.

    Fields: ``name``, ``board``, ``circuitpython`` (the board is driven through
    the CircuitPython API), ``width``, ``height``, ``cells``; ``led_pin``,
    ``led_count``, ``led_order``, ``chain`` (``"serpentine-rows"`` or
    ``"explicit"``), ``start``; ``buttons`` (name -> pin) and ``button_pins``
    (pins by button id, E NE NW W SW SE OK BACK); ``readers`` (list of dicts
    with seat, spi, sck, mosi, miso, cs, rst); ``display`` (dict with i2c,
    sda, scl, address, or None); ``supply_ma``, ``reserve_ma``, ``budget_ma``
    (mA left for the LEDs), ``brightness`` (cap, 1-255); ``led_table`` (LED
    of each cell) and ``cell_table`` (cell of each LED), both ``array('H')``.
    """

    def led_index(self, col, row):
        """The LED under the cell at offset ``(col, row)``."""
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError("cell (%d,%d) is outside the %d x %d grid"
                             % (col, row, self.width, self.height))
        return self.led_table[row * self.width + col]

    def cell_of_led(self, i):
        """The offset cell ``(col, row)`` above LED ``i``."""
        if not 0 <= i < self.led_count:
            raise ValueError("LED %d does not exist (0 to %d)" % (i, self.led_count - 1))
        cell = self.cell_table[i]
        return cell % self.width, cell // self.width

    def pin(self, n):
        """The hardware pin object for pin ``n`` of this profile (real hardware only):
        a GPIO number on a Pico or a Pi, a ``board`` pin name on a CircuitPython board."""
        if self.board == "rp2-pico":
            import machine
            return machine.Pin(n)
        import board
        name = "D%d" % n if self.board == "blinka" else n
        found = getattr(board, name, None)
        if found is None:
            raise ValueError("this board has no pin %s: use a name from its board module (%s)"
                             % (name, " ".join(sorted([k for k in dir(board) if k[:1].isupper()]))))
        return found


def _is_pin_name(v):
    # A Python name: a letter, then letters, digits or underscores (MicroPython
    # strings have no isalnum()).
    if not v[:1].isalpha():
        return False
    for ch in v:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            return False
    return True


_ABSENT = object()  # a field a profile does not have (None is a value JSON can hold)


class _Checker:
    """Collects problems while reading a profile dict; reads each field once."""

    def __init__(self):
        self.problems = []
        self._pins = {}  # pin -> (field, share role or None)

    def add(self, field, msg):
        self.problems.append("%s: %s" % (field, msg))

    def _field(self, d, key, field):
        # d[key], or _ABSENT when there is none to read: d itself was missing (said
        # already), or it lacks the key (said here).
        if d is None:
            return _ABSENT
        if key not in d:
            self.add(field, "missing")
            return _ABSENT
        return d[key]

    def section(self, d, key, field, kind=dict):
        v = self._field(d, key, field)
        if v is _ABSENT:
            return None
        if not isinstance(v, kind):
            self.add(field, "must be %s, not %s" % (
                "an object {...}" if kind is dict else "a list [...]", json.dumps(v)))
            return None
        return v

    def number(self, d, key, field, lo, hi):
        v = self._field(d, key, field)
        if v is _ABSENT:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            self.add(field, "must be a whole number, not %s" % json.dumps(v))
            return None
        if not lo <= v <= hi:
            self.add(field, "%d is out of range (%d to %d)" % (v, lo, hi))
            return None
        return v

    def choice(self, d, key, field, options, default=None):
        if d is None:
            return None
        if key not in d:
            if default is None:
                self.add(field, "missing")
            return default
        v = d[key]
        if v not in options:
            self.add(field, "unknown %s %s (use one of: %s)"
                     % (key, json.dumps(v), ", ".join(options)))
            return None
        return v

    def pin(self, d, key, field, board, share=None):
        """Read a pin (a GPIO number, or a name: see the module notes) and claim it;
        ``share`` lets the same role reuse it."""
        n = self._pin_value(d, key, field, board)
        if n is None:
            return None
        if board in _GPIOS and n not in _GPIOS[board]:
            self.add(field, "GPIO %d is not a usable pin on a %s" % (n, board))
            return None
        if n in self._pins:
            other, role = self._pins[n]
            if share is None or role != share:
                self.add(field, "pin %s is also used by %s" % (n, other))
        else:
            self._pins[n] = (field, share)
        return n

    def _pin_value(self, d, key, field, board):
        # A GPIO number (a "GP2"/"D18" name turned into its number), or on a
        # CircuitPython board a pin name kept as it is.
        v = self._field(d, key, field)
        if v is _ABSENT:
            return None
        if board == "circuitpython":
            if isinstance(v, str) and _is_pin_name(v):
                return v
            self.add(field, "must name a pin of the board module, e.g. \"GP2\" or \"D5\", "
                     "not %s" % json.dumps(v))
            return None
        prefix = _PIN_PREFIX.get(board)
        if isinstance(v, str) and prefix and v.startswith(prefix) and \
                v[len(prefix):].isdigit():
            v = d[key] = int(v[len(prefix):])  # the drivers take the number
        elif isinstance(v, str):
            self.add(field, "unknown pin %s (use a GPIO number%s)" % (
                json.dumps(v), ", or %sN" % prefix if prefix else ""))
            return None
        return self.number({key: v}, key, field, 0, 63)

    def bus_pin(self, board, kind, bus, role, n, field):
        if board not in _GPIOS or bus is None or n is None:
            return
        allowed = bus_pins(board, kind, bus, role)
        if n not in allowed:
            self.add(field, "GPIO %d cannot be %s of %s%d on a %s (use %s)" % (
                n, role.upper(), kind.upper(), bus, board,
                " or ".join(str(g) for g in allowed)))


def from_dict(d, source="profile"):
    """A checked Profile from a parsed JSON object; ProfileError lists every problem."""
    c = _Checker()
    if not isinstance(d, dict):
        raise ProfileError(["(top level): must be an object {...}"], source)
    p = Profile()
    name = d.get("name")
    if not isinstance(name, str) or not name:
        c.add("name", "missing" if name is None else "must be a non-empty text")
    p.name = name
    p.board = c.choice(d, "board", "board", BOARDS)
    p.circuitpython = p.board in CIRCUITPYTHON_BOARDS

    grid = c.section(d, "grid", "grid")
    p.width = c.number(grid, "width", "grid.width", 1, MAX_GRID)
    p.height = c.number(grid, "height", "grid.height", 1, MAX_GRID)
    p.cells = p.width * p.height if p.width and p.height else None

    _read_leds(c, d, p)
    _read_buttons(c, d, p)
    _read_readers(c, d, p)
    _read_display(c, d, p)
    _read_power(c, d, p)
    if c.problems:
        raise ProfileError(c.problems, source)
    return p


def _read_leds(c, d, p):
    leds = c.section(d, "leds", "leds")
    p.led_pin = c.pin(leds, "pin", "leds.pin", p.board)
    if p.board == "blinka" and p.led_pin is not None and p.led_pin not in _BLINKA_LED_PINS:
        c.add("leds.pin", "a Raspberry Pi drives WS2812B only from GPIO %s, not %d"
              % (", ".join(str(g) for g in _BLINKA_LED_PINS), p.led_pin))
    p.led_count = c.number(leds, "count", "leds.count", 1, 65535)
    if p.led_count is not None and p.cells is not None and p.led_count != p.cells:
        c.add("leds.count", "%d LEDs, but the %d x %d grid has %d cells (one LED per cell)"
              % (p.led_count, p.width, p.height, p.cells))
    order = p.led_order = leds.get("order") if leds else None
    if leds is not None:
        try:
            order_offsets(order)
        except (TypeError, ValueError):
            c.add("leds.order", "missing" if order is None else
                  "colour order must be R, G and B in some order (WS2812B: GRB), not %s"
                  % json.dumps(order))
    p.start = c.choice(leds, "start", "leds.start", STARTS, default="top-left")
    p.chain = None
    p.led_table = p.cell_table = None
    if leds is None:
        return
    if "chain" not in leds:
        c.add("leds.chain", "missing")
        return
    chain = leds["chain"]
    if isinstance(chain, list):
        p.chain = "explicit"
        _explicit_chain(c, p, chain)
    elif chain in CHAINS:
        p.chain = chain
        if p.cells is not None and p.start is not None:
            _pattern_chain(p, chain.endswith("rows"), chain.startswith("serpentine"))
    else:
        c.add("leds.chain", "unknown chain %s (use %s, or a list of the LED under each "
              "cell, row-major)" % (json.dumps(chain), " or ".join(CHAINS)))


def _pattern_chain(p, along_rows, serpentine):
    # The chain runs along rows (or columns) from the start corner, turning back at
    # each end when serpentine, else starting each line again on the start side.
    w = p.width
    h = p.height
    top = p.start.startswith("top")
    left = p.start.endswith("left")
    lines, span = (h, w) if along_rows else (w, h)
    forward0 = left if along_rows else top   # the first line runs away from the corner
    led_table = array("H", bytes(2 * p.cells))
    cell_table = array("H", bytes(2 * p.cells))
    for k in range(lines):  # the k-th line the chain runs along
        line = k if (top if along_rows else left) else lines - 1 - k
        forward = forward0 if not serpentine or k % 2 == 0 else not forward0
        for j in range(span):
            at = j if forward else span - 1 - j
            col, row = (at, line) if along_rows else (line, at)
            led = k * span + j
            cell = row * w + col
            led_table[cell] = led
            cell_table[led] = cell
    p.led_table = led_table
    p.cell_table = cell_table


def _explicit_chain(c, p, chain):
    if p.cells is None or p.led_count != p.cells:
        return  # a count that does not match the grid is reported already
    if len(chain) != p.cells:
        c.add("leds.chain", "lists %d cells, but the %d x %d grid has %d"
              % (len(chain), p.width, p.height, p.cells))
        return
    seen = bytearray(p.led_count)
    dup = -1  # the first cell whose LED an earlier cell already has
    for cell in range(p.cells):
        led = chain[cell]
        where = "leds.chain[%d] (cell %d,%d)" % (cell, cell % p.width, cell // p.width)
        if isinstance(led, bool) or not isinstance(led, int):
            c.add(where, "must be an LED number, not %s" % json.dumps(led))
            return
        if not 0 <= led < p.led_count:
            c.add(where, "LED %d does not exist (0 to %d)" % (led, p.led_count - 1))
            return
        if seen[led] and dup < 0:
            dup = cell
        seen[led] = 1
    if dup >= 0:
        # As many entries as LEDs, so a repeated LED means another one is missing.
        led = chain[dup]
        first = chain.index(led)
        missing = 0
        while seen[missing]:
            missing += 1
        c.add("leds.chain[%d] (cell %d,%d)" % (dup, dup % p.width, dup // p.width),
              "LED %d is already under cell %d,%d, and LED %d is under no cell: each LED "
              "lights exactly one cell" % (led, first % p.width, first // p.width,
                                           missing))
        return
    p.led_table = array("H", chain)
    cell_table = array("H", bytes(2 * p.cells))
    for cell in range(p.cells):
        cell_table[chain[cell]] = cell
    p.cell_table = cell_table


def _read_buttons(c, d, p):
    buttons = c.section(d, "buttons", "buttons")
    p.buttons = buttons
    p.button_pins = None
    if buttons is None:
        return
    for key in sorted(buttons):
        if key not in BUTTON_NAMES:
            c.add("buttons." + key, "unknown button (use %s)" % " ".join(BUTTON_NAMES))
    missing = [n for n in BUTTON_NAMES if n not in buttons]
    if missing:
        c.add("buttons", "missing %s: the table needs all eight (%s)"
              % (", ".join(missing), " ".join(BUTTON_NAMES)))
    pins = [c.pin(buttons, n, "buttons." + n, p.board) for n in BUTTON_NAMES if n in buttons]
    if not missing:
        p.button_pins = tuple(pins)


def _read_readers(c, d, p):
    readers = c.section(d, "readers", "readers", list)
    p.readers = readers
    if readers is None:
        return
    if not readers:
        c.add("readers", "no card reader listed: the players lay their club cards on one, so "
              "the table needs at least one (see docs/rfid.md)")
    seats = {}
    for i, r in enumerate(readers):
        where = "readers[%d]" % i
        if not isinstance(r, dict):
            c.add(where, "must be an object {...}, not %s" % json.dumps(r))
            continue
        seat = c.number(r, "seat", where + ".seat", 0, 7)
        if seat is not None:
            if seat in seats:
                c.add(where + ".seat", "seat %d already has readers[%d]" % (seat, seats[seat]))
            else:
                seats[seat] = i
        bus = c.number(r, "spi", where + ".spi", 0, 1)
        for role in _READER_PINS:
            field = "%s.%s" % (where, role)
            share = "readers." + role if role in _READER_SHARED else None
            n = c.pin(r, role, field, p.board, share)
            if role in _SPI_ROLES:
                c.bus_pin(p.board, "spi", bus, role, n, field)


def _read_display(c, d, p):
    if "display" not in d:
        c.add("display", "missing (use null when there is no display)")
        p.display = None
        return
    if d["display"] is None:
        p.display = None
        return
    disp = p.display = c.section(d, "display", "display")
    if disp is None:
        return
    bus = c.number(disp, "i2c", "display.i2c", 0, 1)
    for role in ("sda", "scl"):
        n = c.pin(disp, role, "display." + role, p.board)
        c.bus_pin(p.board, "i2c", bus, role, n, "display." + role)
    c.number(disp, "address", "display.address", 0, 127)


def _read_power(c, d, p):
    power = c.section(d, "power", "power")
    p.supply_ma = c.number(power, "supply_ma", "power.supply_ma", 1, 1000000)
    p.reserve_ma = c.number(power, "reserve_ma", "power.reserve_ma", 0, 1000000)
    p.brightness = c.number(power, "brightness", "power.brightness", 1, 255)
    p.budget_ma = None
    if p.supply_ma is None or p.reserve_ma is None:
        return
    p.budget_ma = p.supply_ma - p.reserve_ma
    if p.led_count is not None and p.budget_ma < p.led_count * IDLE_MA:
        c.add("power.supply_ma", "%d mA - %d mA reserve leaves %d mA for the LEDs, less than "
              "the %d mA that %d dark LEDs draw" % (p.supply_ma, p.reserve_ma, p.budget_ma,
                                                     p.led_count * IDLE_MA, p.led_count))


def load(text, source="profile"):
    """A checked Profile from JSON text; ProfileError (naming ``source``) if it is bad."""
    try:
        d = jsondata.loads(text)
    except jsondata.TooDeep as exc:
        raise ProfileError(["(file): %s" % exc], source) from None
    except ValueError as exc:
        raise ProfileError(["(file): not valid JSON (%s)" % exc], source)
    return from_dict(d, source)


def load_file(path):
    """A checked Profile from a JSON file, e.g. ``/profile.json`` on the board."""
    with open(path) as f:
        text = f.read()
    return load(text, path.replace("\\", "/").rsplit("/", 1)[-1])


def profile_dir():
    """The repository's ``hardware/profiles`` folder (host only: not on the board)."""
    here = __file__.replace("\\", "/")
    # .../firmware/teebox/profile.py -> the repository root
    return here.rsplit("/", 3)[0] + "/hardware/profiles"


def load_named(name=DEFAULT):
    """The profile ``hardware/profiles/NAME.json`` from the repository (host only)."""
    path = "%s/%s.json" % (profile_dir(), name)
    try:
        return load_file(path)
    except OSError:
        raise ProfileError(["(file): no profile named %s (looked for %s)" % (json.dumps(name), path)],
                           name)
