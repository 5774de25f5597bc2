# Building a table's hardware from its board profile: simulated parts, and the real
# drivers on stand-in hardware modules. Runs under CPython and inside MicroPython.
import os
import sys

import fake_hardware as fh
import fake_mfrc522 as fk
import table_kit as K
from teebox.app import board
from teebox.hal import rfid
from teebox.hal.buttons import Buttons, SimButtons
from teebox.hal.clock import Clock, SimClock
from teebox.hal.display import NullDisplay, SimDisplay
from teebox.hal.leds import BlinkaLeds, NeoPixelLeds, SimLeds
from teebox.hal.store import FileStore, SimStore

NTAG = bytes.fromhex("04a1b2c3d4e5f6")
_dirs = [0]


def _fresh_dir():
    # An empty folder for a FileStore in both interpreters (no tempfile in MicroPython).
    try:
        import tempfile
        return tempfile.mkdtemp(prefix="teebox-board-")
    except ImportError:
        _dirs[0] += 1
        path = "/tmp/teebox-board-%d" % _dirs[0]
        try:
            os.mkdir(path)
        except OSError:
            pass
        return path


def _poll(reader, times):
    events = []
    for _ in range(times):
        ev = reader.poll()
        if ev is not None:
            events.append(ev)
    return events


def test_the_simulated_table_has_simulated_parts():
    hw = board.build(K.table_profile(), sim=True)
    assert isinstance(hw.leds, SimLeds) and hw.leds.count == 384
    assert hw.leds.budget_ma == 3500  # the profile's power budget
    assert isinstance(hw.buttons, SimButtons)
    assert isinstance(hw.readers, rfid.SimReader) and not hw.seat_readers
    assert hw.reader_seat == 0
    assert isinstance(hw.display, SimDisplay)
    assert isinstance(hw.clock, SimClock) and isinstance(hw.store, SimStore)
    assert hw.sim and "machine" not in sys.modules  # no hardware module was needed


def test_a_simulated_table_with_a_reader_per_seat_has_a_bank_of_them():
    hw = board.build(K.table_profile(readers=3, display=False), sim=True)
    assert isinstance(hw.readers, rfid.ReaderBank) and hw.seat_readers
    assert hw.readers.seats == (0, 1, 2)
    assert [type(r) for r in hw.readers.readers] == [rfid.SimReader] * 3
    assert hw.reader_seat == -1
    assert isinstance(hw.display, NullDisplay)


def _machine():
    # machine with Pin and SPI that fake MFRC522 chips listen on, and I2C for the OLED.
    m = fk.FakeMachine()
    m.Pin.PULL_UP = fk.FakePin.PULL_UP
    m.I2C = fh.FakeI2C
    return m


def test_on_a_pico_the_real_drivers_are_built_from_the_profile():
    m = _machine()
    chip = fk.FakeMfrc522(m.bus(0), m.Pin(17), rst=m.Pin(20))
    chip.add(fk.FakeCard(NTAG))
    root = _fresh_dir()
    with fh.installed(machine=m, neopixel=fh.FakeMicroPythonNeopixel):
        # (no OLED here: CPython has no framebuf; hal/display's tests cover the SSD1306)
        hw = board.build(K.table_profile(display=False), store_root=root)
        assert isinstance(hw.leds, NeoPixelLeds)
        assert isinstance(hw.buttons, Buttons) and not isinstance(hw.buttons, SimButtons)
        assert m.Pin(8).value() == 1  # OK's input is pulled up: not pressed
        assert isinstance(hw.readers, rfid.CardReader) and not hw.seat_readers
        assert isinstance(hw.display, NullDisplay)
        assert isinstance(hw.clock, Clock) and isinstance(hw.store, FileStore)
        assert _poll(hw.readers, 40) == [("placed", NTAG)]
    hw.store.write_atomic("probe", b"x")
    assert "probe" in os.listdir(root)


def test_several_readers_make_a_bank_with_the_profiles_seats():
    m = _machine()
    bus = m.bus(0)
    chips = [fk.FakeMfrc522(bus, m.Pin(cs), rst=m.Pin(20)) for cs in (17, 21)]
    chips[1].add(fk.FakeCard(NTAG))
    with fh.installed(machine=m, neopixel=fh.FakeMicroPythonNeopixel):
        hw = board.build(K.table_profile(readers=2, display=False), store_root=_fresh_dir())
    assert isinstance(hw.readers, rfid.ReaderBank) and hw.seat_readers
    assert _poll(hw.readers, 120) == [(1, ("placed", NTAG))]


class _DigitalInOut:
    # digitalio.DigitalInOut over a fake_mfrc522 pin, so a fake chip sees its CS and RST.
    pins = {}
    busy = ()  # pins a kernel driver holds: Blinka's DigitalInOut raises EBUSY for them

    def __init__(self, pin):
        if pin in _DigitalInOut.busy:
            raise OSError(16, "Device or resource busy")
        self.pin = _DigitalInOut.pins.setdefault(pin, fk.FakePin(pin))
        self.pull = None

    def switch_to_output(self, value=False):
        self.pin.value(1 if value else 0)

    def switch_to_input(self, pull=None):
        self.pull = pull
        self.pin.value(1)

    @property
    def value(self):
        return bool(self.pin.value())

    @value.setter
    def value(self, v):
        self.pin.value(1 if v else 0)


class _Digitalio:
    DigitalInOut = _DigitalInOut
    Pull = fh.FakePull


class _BusioSPI:
    # busio.SPI: transfers need the lock, as on a Raspberry Pi.
    bus = None

    def __init__(self, clock, MOSI=None, MISO=None):
        self.pins = (clock, MOSI, MISO)
        self.locked = False
        self.configured = None

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def configure(self, baudrate=100000, polarity=0, phase=0):
        self.configured = (baudrate, polarity, phase)

    def write(self, buf):
        assert self.locked, "SPI used without its lock"
        _BusioSPI.bus.write(buf)

    def write_readinto(self, wbuf, rbuf):
        assert self.locked, "SPI used without its lock"
        _BusioSPI.bus.write_readinto(wbuf, rbuf)


class _Busio:
    SPI = _BusioSPI
    I2C = None


def test_on_a_raspberry_pi_the_readers_go_through_blinka():
    _DigitalInOut.pins = {}
    _BusioSPI.bus = fk.FakeBus()
    cs = _DigitalInOut.pins.setdefault("board.D8", fk.FakePin("board.D8"))
    rst = _DigitalInOut.pins.setdefault("board.D25", fk.FakePin("board.D25"))
    chip = fk.FakeMfrc522(_BusioSPI.bus, cs, rst=rst)
    chip.add(fk.FakeCard(NTAG))
    d = fh.profile_dict(fh.PI)
    d["display"] = None
    import json
    from teebox import profile as profile_mod
    p = profile_mod.load(json.dumps(d))
    with fh.installed(board=fh.FakeBoard, digitalio=_Digitalio, busio=_Busio,
                      neopixel=fh.FakeAdafruitNeopixelModule):
        hw = board.build(p, store_root=_fresh_dir())
        assert isinstance(hw.leds, BlinkaLeds)
        assert isinstance(hw.readers, rfid.CardReader)
        assert chip.hard_resets == 1 and cs.value() == 1
        assert _poll(hw.readers, 40) == [("placed", NTAG)]


def test_a_reader_cs_the_kernel_holds_says_how_to_free_it():
    # Recent Raspberry Pi OS: with SPI on, the kernel claims CE0 (GPIO 8, the default
    # reader's CS) and Blinka's DigitalInOut fails with EBUSY (hardware/README.md).
    _DigitalInOut.pins = {}
    _DigitalInOut.busy = ("board.D8",)
    _BusioSPI.bus = fk.FakeBus()
    d = fh.profile_dict(fh.PI)
    d["display"] = None
    import json
    from teebox import profile as profile_mod
    p = profile_mod.load(json.dumps(d))
    try:
        with fh.installed(board=fh.FakeBoard, digitalio=_Digitalio, busio=_Busio,
                          neopixel=fh.FakeAdafruitNeopixelModule):
            board.build(p, store_root=_fresh_dir())
        raise AssertionError("the table started without its reader's CS")
    except OSError as exc:
        assert exc.args[0] == 16
        assert "pin 8 of a card reader is held by the kernel" in exc.args[1]
        assert "dtoverlay=spi0-0cs" in exc.args[1]
    finally:
        _DigitalInOut.busy = ()
