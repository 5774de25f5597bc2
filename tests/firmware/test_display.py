# Text display: wrapping, SimDisplay, NullDisplay, and the SSD1306 driver's bytes on I2C.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.hal import display as D

try:
    import framebuf
except ImportError:
    # CPython has no framebuf: a stand-in with the same calls, drawing every
    # character as a solid 7-pixel column block so tests can see where text lands.
    class framebuf:
        MVLSB = 0

        class FrameBuffer:
            def __init__(self, buf, width, height, fmt):
                assert fmt == 0 and len(buf) == width * height // 8
                self.buf = buf
                self.width = width

            def fill_rect(self, x, y, w, h, c):
                assert y % 8 == 0 and h == 8  # the driver only clears whole pages
                for col in range(x, x + w):
                    self.buf[(y // 8) * self.width + col] = 0xFF if c else 0

            def text(self, s, x, y, c):
                for k in range(len(s)):
                    for col in range(x + 8 * k, x + 8 * k + 7):
                        if s[k] != " " and col < self.width:
                            self.buf[(y // 8) * self.width + col] = 0x7F


class FakeI2C:
    """Records every write as (address, bytes)."""

    def __init__(self):
        self.writes = []

    def writeto(self, address, buf):
        self.writes.append((address, bytes(buf)))


def make_oled(address=0x3C):
    i2c = FakeI2C()
    oled = D.SSD1306(i2c, address, framebuf)
    return oled, i2c


def test_text_wraps_between_words_at_16_columns():
    assert D.wrap("Driver  3 hexes") == ["Driver  3 hexes"]
    assert D.wrap("Choose your club: Driver or Iron") == ["Choose your", "club: Driver or", "Iron"]
    assert D.wrap("Superlongclubname-XL!") == ["Superlongclubnam", "e-XL!"]
    assert D.wrap("Hole 3\nPar 4") == ["Hole 3", "Par 4"]
    assert D.wrap("") == [""]
    for line in D.wrap("the quick brown fox jumps over the lazy dog " * 3):
        assert len(line) <= D.COLS


def test_sim_display_shows_text_only_after_show():
    d = D.SimDisplay()
    nxt = d.text(1, "Player 2 scans a club card")
    assert nxt == 3
    assert d.lines[1:3] == ["Player 2 scans a", "club card"]
    assert d.shown == ("",) * 8 and d.shows == 0
    d.show()
    assert d.shown[1] == "Player 2 scans a" and d.shows == 1
    assert d.screen().split("\n")[2] == "club card"


def test_message_clears_and_lines_past_the_bottom_are_dropped():
    d = D.SimDisplay()
    d.text(0, "old text")
    nxt = d.message("one two three four five six seven eight nine ten eleven twelve "
                    "thirteen fourteen fifteen sixteen seventeen eighteen")
    assert nxt == 8
    assert "old text" not in d.lines
    assert d.text(7, "last line and a bit more") == 8
    assert d.lines[7] == "last line and a"


def test_a_line_off_the_screen_is_refused():
    d = D.SimDisplay()
    err = raises(ValueError, d.text, 8, "x")
    assert "line 8" in str(err) and "0 to 7" in str(err)


def test_null_display_takes_text_and_says_why_it_is_null():
    d = D.NullDisplay()
    assert d.text(0, "Hole 1 par 4") == 1
    d.show()
    assert "no display" in d.reason

    class P:
        display = None
    assert isinstance(D.from_profile(P), D.NullDisplay)
    P.display = {"i2c": 1, "sda": 14, "scl": 15, "address": 60}
    assert isinstance(D.from_profile(P, sim=True), D.SimDisplay)


def test_ssd1306_init_sequence_then_a_blank_screen_then_display_on():
    oled, i2c = make_oled()
    addresses = set(a for a, _ in i2c.writes)
    assert addresses == {0x3C}
    first = i2c.writes[0][1]
    assert first == bytes((0x00,)) + D.INIT
    assert first[1] == 0xAE  # display off while configuring
    assert b"\xa8\x3f" in first and b"\x8d\x14" in first and b"\x20\x00" in first
    # then every page is cleared: window command + 0x40 and 128 zero bytes, eight times
    pages = i2c.writes[1:-1]
    assert len(pages) == 16
    for p in range(8):
        assert pages[2 * p][1] == bytes((0x00, 0x21, 0, 127, 0x22, p, p))
        assert pages[2 * p + 1][1] == b"\x40" + bytes(128)
    assert i2c.writes[-1][1] == b"\x00\xaf"


def test_ssd1306_writes_only_the_page_of_the_changed_line():
    oled, i2c = make_oled(0x3D)
    i2c.writes.clear()
    oled.text(2, "HI")
    oled.show()
    assert len(i2c.writes) == 2
    (a1, window), (a2, data) = i2c.writes
    assert a1 == a2 == 0x3D
    assert window == bytes((0x00, 0x21, 0, 127, 0x22, 2, 2))
    assert data[0] == 0x40 and len(data) == 129
    lit = [x for x in range(128) if data[1 + x]]
    assert lit and max(lit) < 16  # two 8-pixel characters from column 0
    i2c.writes.clear()
    oled.show()
    assert i2c.writes == []  # nothing changed, nothing sent


def test_ssd1306_clearing_a_line_blanks_its_page():
    oled, i2c = make_oled()
    oled.text(5, "Eagle!")
    oled.show()
    i2c.writes.clear()
    oled.text(5, "")
    oled.show()
    assert i2c.writes[0][1][5:7] == bytes((5, 5))
    assert i2c.writes[1][1] == b"\x40" + bytes(128)


def test_pico_oled_is_opened_on_the_profile_bus_and_address():
    from fake_hardware import FakeI2C, FakeMachine, installed, profile
    p = profile()
    FakeI2C.absent = False
    with installed(machine=FakeMachine, framebuf=framebuf):
        oled = D.from_profile(p)
    bus = FakeI2C.created[-1]
    assert isinstance(oled, D.SSD1306)
    assert (bus.bus, bus.sda.n, bus.scl.n) == (1, 14, 15)
    assert bus.writes[0] == (60, bytes((0x00,)) + D.INIT)


def test_an_oled_that_does_not_answer_leaves_a_null_display_that_says_why():
    from fake_hardware import FakeI2C, FakeMachine, installed, profile
    FakeI2C.absent = True
    try:
        with installed(machine=FakeMachine, framebuf=framebuf):
            oled = D.from_profile(profile())
    finally:
        FakeI2C.absent = False
    assert isinstance(oled, D.NullDisplay)
    assert "address 60 did not answer" in oled.reason
    assert oled.text(0, "still playable") == 1
