# Text display: wrapping, SimDisplay, NullDisplay, and the SSD1306 driver's bytes on I2C.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.hal import display as D

from fake_ssd1306 import framebuf, oled, screen_of


def make_oled(address=0x3C):
    return oled(address)


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
    # Page 2 only, and only the columns the text can have changed: two characters.
    assert window == bytes((0x00, 0x21, 0, 15, 0x22, 2, 2))
    assert data[0] == 0x40 and len(data) == 17
    assert any(data[1:9]) and any(data[9:17])  # both characters drawn
    i2c.writes.clear()
    oled.show()
    assert i2c.writes == []  # nothing changed, nothing sent
    assert i2c.ram == screen_of(["", "", "HI"])


def test_ssd1306_clearing_a_line_blanks_what_its_text_covered():
    oled, i2c = make_oled()
    oled.text(5, "Eagle!")
    oled.show()
    i2c.writes.clear()
    oled.text(5, "")
    oled.show()
    assert i2c.writes[0][1] == bytes((0x00, 0x21, 0, 47, 0x22, 5, 5))
    assert i2c.writes[1][1] == b"\x40" + bytes(48)
    assert i2c.ram == bytes(len(i2c.ram))


TURN = "Hole 3  Rnd 2\nred: pick club\nlay it face down\nwind NE 1\nbag 5 left"


def test_an_unchanged_message_sends_nothing():
    oled, i2c = make_oled()
    oled.message(TURN)
    while oled.refresh():
        pass
    i2c.writes.clear()
    oled.message(TURN)
    assert not oled.refresh()
    oled.show()
    assert i2c.writes == []


def test_a_message_that_changes_one_line_sends_only_that_page():
    # The turn prompt moves on to the next player: only line 1 differs.
    oled, i2c = make_oled()
    oled.message(TURN)
    oled.show()
    i2c.writes.clear()
    oled.message(TURN.replace("red:", "white:"))
    assert not oled.refresh()  # one page fits one frame's share
    assert [w[1][5:7] for w in i2c.writes if w[1][0] == 0x00] == [bytes((1, 1))]
    assert len(i2c.writes) == 2
    assert i2c.ram == screen_of(D.wrap(TURN.replace("red:", "white:")))


def test_a_shorter_message_blanks_the_lines_below_it():
    oled, i2c = make_oled()
    oled.message(TURN)
    oled.show()
    oled.message("Hole 3  Rnd 2\nBirdie!")
    assert oled.lines == ["Hole 3  Rnd 2", "Birdie!", "", "", "", "", "", ""]
    oled.show()
    assert i2c.ram == screen_of(oled.lines)


def full_screen(k):
    # Eight lines of sixteen characters, every one different from screen k - 1's.
    return "\n".join(["%d%s" % (k, "ABCDEFGHIJKLMNOPQRSTUVWX"[i:i + 15]) for i in range(8)])


def test_a_whole_new_screen_goes_out_a_frame_share_at_a_time_and_ends_right():
    oled, i2c = make_oled()
    oled.message(full_screen(1))
    oled.show()
    oled.message(full_screen(2))
    calls = 0
    busy = True
    while busy:
        before = i2c.bytes_sent
        busy = oled.refresh()
        calls += 1
        # One frame's share: 138 bytes is 3.1 ms at 400 kHz (9 clocks a byte).
        assert 0 < i2c.bytes_sent - before <= D.STEP_BYTES
        assert calls <= 8
    assert calls == 8  # a page a frame: eight full lines take eight frames
    assert i2c.ram == screen_of(D.wrap(full_screen(2)))


def test_text_written_while_pages_wait_still_reaches_the_screen():
    oled, i2c = make_oled()
    oled.message(full_screen(1))
    assert oled.refresh()          # part of screen 1 is out, the rest waits ...
    oled.message(full_screen(2))   # ... when the text changes again
    oled.text(7, "last word")
    while oled.refresh():
        pass
    assert i2c.ram == screen_of(oled.lines)
    assert oled.lines[7] == "last word"


def test_a_line_changing_every_frame_does_not_hold_back_the_others():
    oled, i2c = make_oled()
    oled.message("0\na\nb\nc")
    oled.show()
    for k in range(1, 9):  # line 0 is a full-width clock that changes every frame
        oled.message("%d:00:00:00:00:00\nA\nB\nC" % k)
        oled.refresh()
    # Lines 1-3 changed once, 8 frames ago: they are on the screen although line 0
    # alone fills a frame's share every frame.
    ref = screen_of(oled.lines)
    for p in (1, 2, 3):
        assert i2c.ram[p * 128:(p + 1) * 128] == ref[p * 128:(p + 1) * 128], p


def test_short_lines_share_a_frame():
    oled, i2c = make_oled()
    oled.message("Hole 1\nPar 4")
    assert not oled.refresh()  # 2 x (10 + 48) bytes: both in one frame
    assert i2c.ram == screen_of(["Hole 1", "Par 4"])


def test_a_sim_display_refreshes_at_once():
    d = D.SimDisplay()
    d.message("Hole 1")
    assert not d.refresh()
    assert d.shown[0] == "Hole 1" and d.shows == 1


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
