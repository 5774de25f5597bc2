# Stand-ins for the hardware modules (machine, neopixel, board, digitalio, busio) so the
# real drivers' factories can be tested under CPython and the WebAssembly port, which have
# none of them. Each fake records what the driver asked of it.
import sys


class installed:
    """``with installed(machine=FakeMachine): ...`` puts fake modules in sys.modules."""

    def __init__(self, **modules):
        self.modules = modules
        self.saved = {}

    def __enter__(self):
        for name, mod in self.modules.items():
            self.saved[name] = sys.modules.get(name)
            sys.modules[name] = mod
        return self

    def __exit__(self, *exc):
        for name, old in self.saved.items():
            if old is None:
                del sys.modules[name]
            else:
                sys.modules[name] = old
        return False


class FakePin:
    IN = 0
    OUT = 1
    PULL_UP = 2

    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self.level = 1  # pulled up: not pressed

    def value(self):
        return self.level


class FakeI2C:
    """machine.I2C; ``FakeI2C.absent`` makes every write fail like a missing device."""

    absent = False
    created = []

    def __init__(self, bus, sda=None, scl=None, freq=None):
        self.bus = bus
        self.sda = sda
        self.scl = scl
        self.freq = freq
        self.writes = []
        FakeI2C.created.append(self)

    def writeto(self, address, buf):
        if FakeI2C.absent:
            raise OSError(19)  # ENODEV: no ACK from the address
        self.writes.append((address, bytes(buf)))


class FakeMachine:
    Pin = FakePin
    I2C = FakeI2C


class FakeNeoPixel:
    """MicroPython's neopixel.NeoPixel: a wire-order ``buf`` and ``write()``."""

    created = []

    def __init__(self, pin, n):
        self.pin = pin
        self.buf = bytearray(3 * n)
        self.writes = 0
        FakeNeoPixel.created.append(self)

    def write(self):
        self.writes += 1


class FakeMicroPythonNeopixel:
    NeoPixel = FakeNeoPixel


class FakeAdafruitNeoPixel:
    """adafruit-circuitpython-neopixel's NeoPixel: pixels set by index, then show()."""

    created = []

    def __init__(self, pin, n, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.options = (brightness, auto_write, pixel_order)
        self.pixels = [0] * n
        self.shows = 0
        FakeAdafruitNeoPixel.created.append(self)

    def __setitem__(self, i, colour):
        self.pixels[i] = colour

    def show(self):
        self.shows += 1


class FakeAdafruitNeopixelModule:
    NeoPixel = FakeAdafruitNeoPixel


class FakePull:
    UP = "up"


class FakeDigitalInOut:
    created = []

    def __init__(self, pin):
        self.pin = pin
        self.pull = None
        self.value = True  # pulled up
        FakeDigitalInOut.created.append(self)

    def switch_to_input(self, pull=None):
        self.pull = pull


class FakeDigitalio:
    DigitalInOut = FakeDigitalInOut
    Pull = FakePull


class FakeBoard:
    """Blinka's board module: pins named D0 to D27."""


for _n in range(28):
    setattr(FakeBoard, "D%d" % _n, "board.D%d" % _n)


# The shipped profiles' contents (tests inside MicroPython cannot read hardware/).
PICO = {
    "name": "test table",
    "board": "rp2-pico",
    "grid": {"width": 24, "height": 16},
    "leds": {"pin": 0, "count": 384, "order": "GRB", "chain": "serpentine-rows",
             "start": "top-left"},
    "buttons": {"E": 2, "NE": 3, "NW": 4, "W": 5, "SW": 6, "SE": 7, "OK": 8, "BACK": 9},
    "readers": [{"seat": 0, "spi": 0, "sck": 18, "mosi": 19, "miso": 16, "cs": 17, "rst": 20}],
    "display": {"i2c": 1, "sda": 14, "scl": 15, "address": 60},
    "power": {"supply_ma": 4000, "reserve_ma": 500, "brightness": 128},
}
PI = {
    "name": "test table on a Pi",
    "board": "blinka",
    "grid": {"width": 24, "height": 16},
    "leds": {"pin": 18, "count": 384, "order": "GRB", "chain": "serpentine-rows",
             "start": "top-left"},
    "buttons": {"E": 5, "NE": 6, "NW": 13, "W": 19, "SW": 26, "SE": 16, "OK": 20, "BACK": 21},
    "readers": [{"seat": 0, "spi": 0, "sck": 11, "mosi": 10, "miso": 9, "cs": 8, "rst": 25}],
    "display": {"i2c": 1, "sda": 2, "scl": 3, "address": 60},
    "power": {"supply_ma": 4000, "reserve_ma": 300, "brightness": 128},
}


def profile_dict(base=PICO):
    """A fresh copy of a profile dict to change in a test."""
    import json
    return json.loads(json.dumps(base))


def profile(base=PICO):
    """A loaded Profile of the given contents."""
    import json
    from teebox import profile as P
    return P.load(json.dumps(base))
