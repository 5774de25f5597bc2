# The wiring self-test (app/selftest.py) driven through the table's loop on simulated
# hardware: entered from the start menu, each step as a maker would see it, the results it
# reports. Runs under CPython and inside MicroPython.
import json

import fake_hardware
import fake_mfrc522 as fk
import table_kit as K
from teebox import profile as profile_mod
from teebox.app import selftest as S
from teebox.app.board import build
from teebox.core.wire.commands import (
    TEST_BUTTONS, TEST_COLOURS, TEST_CORNERS, TEST_DISPLAY, TEST_DONE, TEST_POWER,
    TEST_PROBLEM, TEST_READER, TEST_WALK)
from teebox.hal import buttons as B
from teebox.hal import rfid

UID = bytes.fromhex("04a1b2c3d4e5f6")


def _frames(loop, n=1):
    for _ in range(n):
        loop.step()


def _until(loop, cond, limit=2000):
    for _ in range(limit):
        if cond():
            return
        loop.step()
    raise AssertionError("the self-test never got there (step %d)" % loop.selftest.step)


def _lit(loop):
    # The LEDs the strip received lit (after gamma, cap and colour order).
    leds = loop.hw.leds
    return [i for i in range(leds.count) if leds.pixel(i) != (0, 0, 0)]


def _lines(loop, step):
    return _lines_of(loop.selftest, step)


def _started_from_menu():
    loop = K.sim_app()
    _frames(loop, 2)
    b = loop.hw.buttons
    for _ in range(3):  # New game -> Learn cards -> New course -> Check wiring
        b.press(B.E)
        _frames(loop, 6)
    assert "> Check wiring" in loop.hw.display.screen()
    b.press(B.OK)
    assert loop.selftest is None  # (its code is loaded only for a test)
    _until(loop, lambda: loop.selftest is not None and loop.selftest.running, 20)
    return loop


def test_check_wiring_on_the_start_menu_lights_each_row_end_in_turn():
    loop = _started_from_menu()
    p = loop.hw.profile
    _frames(loop, 1)
    assert _lit(loop) == [p.led_index(0, 0)]  # the top-left corner first
    assert "row 0 west end" in loop.hw.display.screen()
    _until(loop, lambda: loop.selftest._at == 1)
    _frames(loop, 1)
    assert _lit(loop) == [p.led_index(p.width - 1, 0)]  # then the top-right corner
    _until(loop, lambda: loop.selftest.step == TEST_COLOURS)
    ends = _lines(loop, TEST_CORNERS)
    assert len(ends) == 2 * p.height
    assert ends[-1] == "row %d east end: LED %d" % (p.height - 1,
                                                  p.led_index(p.width - 1, p.height - 1))


def test_colours_go_out_red_green_blue_in_the_strips_order():
    loop = _started_from_menu()
    st = loop.selftest
    st.speed = 10
    leds = loop.hw.leds
    seen = []
    _until(loop, lambda: st.step == TEST_COLOURS)
    while st.step == TEST_COLOURS:
        _frames(loop, 1)
        if st.step == TEST_COLOURS and (not seen or seen[-1] != bytes(leds.buf[:3])):
            seen.append(bytes(leds.buf[:3]))
    # The profile's strip is GRB: red goes out as the second byte, green as the first.
    v = max(seen[0])
    assert v > 0
    assert seen == [bytes((0, v, 0)), bytes((v, 0, 0)), bytes((0, 0, v))]
    assert _lines(loop, TEST_COLOURS) == ["every LED red", "every LED green", "every LED blue"]


def _bare(width=6, height=4, chain="serpentine-rows"):
    # A self-test on its own (no table) over a small grid's simulated parts.
    d = fake_hardware.profile_dict()
    d["grid"] = {"width": width, "height": height}
    d["leds"]["count"] = width * height
    d["leds"]["chain"] = chain
    hw = build(profile_mod.load(json.dumps(d)), sim=True)
    return hw, S.SelfTest(hw)


def _walk(hw, st):
    # The cells the dot lit, in order, ticking the test every 20 ms through its walk.
    st.start(hw.clock.ticks_ms(), wait_ms=0)
    cells = []
    while st.running and st.step != TEST_DISPLAY:
        hw.clock.advance(20)
        st.tick(hw.clock.ticks_ms())
        if st.step == TEST_WALK:
            lit = [i for i in range(hw.leds.count) if hw.leds.pixel(i) != (0, 0, 0)]
            assert len(lit) <= 1  # (none in the frame the walk starts)
            c = hw.profile.cell_of_led(lit[0]) if lit else None
            if lit and (not cells or cells[-1] != c):
                cells.append(c)
    return cells


def test_the_dot_walks_every_cell_in_serpentine_order():
    hw, st = _bare()
    cells = _walk(hw, st)
    # Row 0 west to east, row 1 east to west, ...: every cell, each next to the one before.
    assert len(cells) == 24 and cells[0] == (0, 0) and cells[6] == (5, 1)
    for a, b in zip(cells, cells[1:]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, (a, b)
    assert _lines_of(st, TEST_WALK)[:2] == ["dot on row 0, from the west",
                                            "dot on row 1, from the east"]


def test_a_rows_chain_makes_the_dot_light_the_leds_a_row_wired_strip_needs():
    # A strip whose rows all start on the west side: with "serpentine-rows" the dot would
    # jump back west after row 0; with the profile corrected to "rows" the serpentine walk
    # lights row 1 from its east end, LED 11, so it runs on smoothly on that table.
    hw, st = _bare(chain="rows")
    cells = _walk(hw, st)
    leds = [hw.profile.led_index(c, r) for c, r in cells]
    assert leds[:12] == [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6]
    hw, st = _bare(chain="serpentine-rows")
    leds = [hw.profile.led_index(c, r) for c, r in _walk(hw, st)]
    assert leds == list(range(24))


def test_the_oled_pattern_and_the_power_limit_at_work():
    loop = _started_from_menu()
    st = loop.selftest
    st.speed = 50
    _until(loop, lambda: st.step == TEST_DISPLAY)
    st.speed = 1  # time to look at it
    _frames(loop, 3)
    assert loop.hw.display.shown == S.PATTERN
    st.speed = 50
    _until(loop, lambda: st.step == TEST_POWER)
    leds = loop.hw.leds
    full = leds.estimate_ma(bytes([255]) * (3 * leds.count))
    assert full > leds.budget_ma  # a full-white table is more than the supply allows ...
    assert leds.last_ma <= leds.budget_ma  # ... so the limit holds it down
    assert _lines(loop, TEST_POWER) == [
        "full white would draw about %d mA; the limit holds it to %d mA (budget %d mA)"
        % (full, leds.last_ma, leds.budget_ma)]


def _to_reader(loop):
    st = loop.selftest
    st.speed = 50
    _until(loop, lambda: st.step == TEST_READER)


def test_a_card_laid_gives_its_raw_uid_then_each_button_is_named():
    loop = _started_from_menu()
    _to_reader(loop)
    assert _lines(loop, TEST_READER) == ["reader: simulated", "waiting 20 s for a card"]
    loop.hw.readers.place(UID)
    _frames(loop, 2)
    assert _lines(loop, TEST_READER)[-1] == "card laid: UID 04a1b2c3d4e5f6 (7 bytes)"
    assert loop.selftest.step == TEST_BUTTONS
    b = loop.hw.buttons
    for k in range(B.COUNT):
        b.press(k)
        _frames(loop, 5)
        if k < B.COUNT - 1:
            assert "> %s" % B.NAMES[k] in loop.hw.display.screen()
    assert _lines(loop, TEST_BUTTONS)[-1] == "all 8 buttons work"
    assert not loop.selftest.running
    _frames(loop, 3)
    assert "> Check wiring" in loop.hw.display.screen()  # back on the start menu
    assert not any(s & TEST_PROBLEM for s, _ in loop.selftest.lines)


def test_no_card_and_buttons_never_pressed_are_reported_as_problems():
    loop = _started_from_menu()
    loop.selftest.wait_ms = 1000
    _to_reader(loop)
    _until(loop, lambda: loop.selftest.step == TEST_BUTTONS, 60)
    loop.hw.buttons.press(B.SW)
    _until(loop, lambda: not loop.selftest.running)
    problems = [text for s, text in loop.selftest.lines if s & TEST_PROBLEM]
    assert problems[0].startswith("no card laid within 1 s")
    assert problems[1].startswith("never pressed: E NE NW W SE OK BACK")


def test_holding_back_stops_the_test_and_gives_the_table_back():
    loop = _started_from_menu()
    _frames(loop, 5)
    loop.hw.buttons.press(B.BACK, 1000)
    _until(loop, lambda: not loop.selftest.running, 60)
    assert loop.selftest.lines[-1] == (TEST_DONE, "stopped: BACK held")
    _frames(loop, 3)
    assert "> Check wiring" in loop.hw.display.screen()
    assert loop.table.setup.step == 0


def test_the_reader_step_names_the_chip_from_its_version_register():
    hw, _ = _bare()
    bus = fk.FakeBus()
    chip = fk.FakeMfrc522(bus, fk.FakePin(17, fk.FakePin.OUT, value=1), version=0x88)
    hw.readers = rfid.ReaderBank([rfid.CardReader(rfid.Mfrc522(bus, chip.cs))])
    st = S.SelfTest(hw)
    st.start(hw.clock.ticks_ms(), wait_ms=0, speed=50)
    while st.running:
        hw.clock.advance(40)
        st.tick(hw.clock.ticks_ms())
    assert _lines_of(st, TEST_READER) == ["reader of seat 0: FM17522 (a clone)",
                                          "no card asked for (no time to wait)"]
    assert _lines_of(st, TEST_BUTTONS) == ["skipped (no time to wait)"]
    assert S.chip_name(0x92) == "MFRC522 v2.0" and "0x37" in S.chip_name(0x37)


def _lines_of(st, step):
    return [text for s, text in st.lines if s & ~TEST_PROBLEM == step]
