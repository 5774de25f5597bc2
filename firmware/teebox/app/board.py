"""The hardware of a table, built from its board profile: real drivers or simulated ones.

``build(profile)`` gives the parts on the board; ``build(profile, sim=True)``
the simulated parts the simulator and the tests use (no hardware module is
imported then). One function per part, so a maker's own build can swap one.
"""

from teebox.hal import buttons as buttons_mod
from teebox.hal import display as display_mod
from teebox.hal import leds as leds_mod
from teebox.hal import rfid
from teebox.hal.clock import Clock, SimClock
from teebox.hal.store import FileStore, SimStore

STORE_ROOT = "/store"   # the board's flash store folder (bindings, journal, courses)
_SPI_BAUD = 1000000     # the readers' SPI clock: safe on long wires (see docs/rfid.md)
_EBUSY = 16             # errno: a pin some kernel driver holds (no errno module needed)


class Hardware:
    """The parts of one table.

    ``leds``, ``buttons``, ``readers`` (a ``rfid.ReaderBank``, one reader, or
    None when the profile lists none), ``display``, ``clock``, ``store``;
    ``profile``; ``sim`` (simulated parts); ``seat_readers`` (one reader per
    seat: a reader's seat tells whose card it is), ``reader_seats`` (the profile
    seats of those readers, empty with one reader or none) and ``reader_seat``
    (the profile seat of a single reader, -1 with none).
    """

    def __init__(self, profile, sim, clock, leds, buttons, readers, display, store):
        self.profile = profile
        self.sim = sim
        self.clock = clock
        self.leds = leds
        self.buttons = buttons
        self.readers = readers
        self.display = display
        self.store = store
        self.seat_readers = isinstance(readers, rfid.ReaderBank) and len(readers.readers) > 1
        self.reader_seats = tuple(readers.seats) if self.seat_readers else ()
        entries = profile.readers or []
        self.reader_seat = entries[0]["seat"] if len(entries) == 1 else -1


def build(profile, sim=False, store_root=STORE_ROOT):
    """Every part of the table ``profile`` describes (simulated ones with ``sim``).

    ``store_root`` is the store's folder on a real board.
    """
    clock = make_clock(sim)
    return Hardware(profile, sim, clock, make_leds(profile, sim),
                    make_buttons(profile, clock, sim), make_readers(profile, sim),
                    make_display(profile, sim), make_store(sim, store_root))


def make_clock(sim=False):
    """The board's tick clock, or a SimClock that moves only when the loop sleeps."""
    return SimClock() if sim else Clock()


def make_leds(profile, sim=False):
    """The LED chain (NeoPixel, Blinka, or SimLeds) with the profile's power budget."""
    return leds_mod.from_profile(profile, sim)


def make_buttons(profile, clock, sim=False):
    """The eight buttons: GPIO inputs with pull-ups, or SimButtons."""
    return buttons_mod.from_profile(profile, clock, sim)


def make_display(profile, sim=False):
    """The OLED (SSD1306), a SimDisplay, or a NullDisplay when there is none."""
    return display_mod.from_profile(profile, sim)


def make_store(sim=False, root=STORE_ROOT):
    """The flash store (interrupted writes finished or dropped first), or a SimStore."""
    if sim:
        return SimStore()
    store = FileStore(root)
    store.recover()
    return store


def make_readers(profile, sim=False):
    """The card readers: one reader for the table, or a ReaderBank with one per seat.

    Simulated: a SimReader, or a ReaderBank of SimReaders with the profile's
    seats. On a Pico the MFRC522s are opened from the profile's pins; on a
    Raspberry Pi (Blinka) or a CircuitPython board through :func:`blinka_readers`. None if the profile
    lists no reader.
    """
    entries = profile.readers or []
    if not entries:
        return None
    seats = [e["seat"] for e in entries]
    if sim:
        if len(entries) == 1:
            return rfid.SimReader()
        return rfid.ReaderBank([rfid.SimReader() for _ in entries], seats)
    if profile.circuitpython:
        bank = blinka_readers(profile)
    else:
        bank = rfid.open_readers(entries)
    return bank.readers[0] if len(entries) == 1 else bank


class _BlinkaSpi:
    """A Blinka ``busio.SPI`` seen through the two calls ``hal/rfid.Mfrc522`` makes."""

    def __init__(self, spi):
        self._spi = spi

    def _lock(self):
        while not self._spi.try_lock():
            pass
        self._spi.configure(baudrate=_SPI_BAUD, polarity=0, phase=0)

    def write(self, buf):
        self._lock()
        try:
            self._spi.write(buf)
        finally:
            self._spi.unlock()

    def write_readinto(self, wbuf, rbuf):
        self._lock()
        try:
            self._spi.write_readinto(wbuf, rbuf)
        finally:
            self._spi.unlock()


class _BlinkaOut:
    """A ``digitalio`` output driven with ``value(v)``, as ``machine.Pin`` is."""

    def __init__(self, io):
        self._io = io

    def value(self, v=None):
        if v is None:
            return 1 if self._io.value else 0
        self._io.value = bool(v)
        return None


def blinka_readers(profile):
    """The profile's MFRC522s through the CircuitPython API (``busio`` and ``digitalio``:
    Blinka on a Raspberry Pi, or CircuitPython itself):
    a ReaderBank. Every chip-select is driven high before any chip is spoken to, and
    a shared RST line is pulsed once (as ``rfid.open_readers`` does on a Pico)."""
    import busio
    import digitalio
    entries = profile.readers
    buses = {}
    for e in entries:
        if e["spi"] not in buses:
            buses[e["spi"]] = _BlinkaSpi(busio.SPI(profile.pin(e["sck"]), MOSI=profile.pin(e["mosi"]),
                                                   MISO=profile.pin(e["miso"])))

    def output(n, level):
        try:
            io = digitalio.DigitalInOut(profile.pin(n))
        except OSError as exc:
            if not exc.args or exc.args[0] != _EBUSY:
                raise
            # Recent Raspberry Pi OS: with SPI on, the kernel's SPI driver holds SPI0's
            # chip-selects (GPIO 8 and 7), so the table cannot drive a reader's CS there.
            raise OSError(_EBUSY, "pin %s of a card reader is held by the kernel (with SPI on "
                          "it claims GPIO 8 and 7 as SPI0's chip-selects): add the line "
                          "dtoverlay=spi0-0cs after dtparam=spi=on in /boot/firmware/config.txt "
                          "and reboot, or move the reader's cs to a free GPIO; see "
                          "hardware/README.md" % (n,))
        io.switch_to_output(value=bool(level))
        return _BlinkaOut(io)

    selects = [output(e["cs"], 1) for e in entries]
    for n in sorted(set([e["rst"] for e in entries if e.get("rst") is not None])):
        output(n, 0).value(1)
    readers = [rfid.CardReader(rfid.Mfrc522(buses[entries[i]["spi"]], selects[i]))
               for i in range(len(entries))]
    return rfid.ReaderBank(readers, [e["seat"] for e in entries])


BLINK_MS = 250   # a boot failure blinks the LEDs red this fast ...
BLINKS = 6       # ... this many times, then leaves them red


def show_failure(exc, profile=None, hw=None):
    """Tell the players the table cannot start: the error on the display (if one
    answers) and the LEDs blinking red, then lit red. Without a usable profile the
    Pico's own LED blinks instead. Never raises: it runs when something already failed."""
    text = "TEEBOX FAILED\n%s: %s\nSee the REPL" % (type(exc).__name__, exc)
    display = hw.display if hw is not None else _try(make_display, profile)
    if display is not None:
        try:
            display.message(text)
            display.show()
        except Exception:  # noqa: BLE001 - the display may be what failed
            pass
    leds = hw.leds if hw is not None else _try(make_leds, profile)
    if leds is not None:
        _blink_leds(leds)
    else:
        _blink_pico_led()


def _try(make, profile):
    if profile is None:
        return None
    try:
        return make(profile)
    except Exception:  # noqa: BLE001 - the part itself may be the failure
        return None


def _sleep(ms):
    import time
    if hasattr(time, "sleep_ms"):
        time.sleep_ms(ms)
    else:
        time.sleep(ms / 1000)


def _blink_leds(leds):
    red = bytearray(3 * leds.count)
    for i in range(0, len(red), 3):
        red[i] = 255
    dark = bytearray(len(red))
    try:
        for _ in range(BLINKS):
            leds.show(red)
            _sleep(BLINK_MS)
            leds.show(dark)
            _sleep(BLINK_MS)
        leds.show(red)
    except Exception:  # noqa: BLE001 - the LED chain may be what failed
        pass


def _blink_pico_led():
    try:
        import machine
        led = machine.Pin("LED", machine.Pin.OUT)
    except Exception:  # noqa: BLE001 - not a Pico (or no machine module at all)
        return
    for _ in range(BLINKS):
        led.value(1)
        _sleep(BLINK_MS)
        led.value(0)
        _sleep(BLINK_MS)
