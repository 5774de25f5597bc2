# The main loop: one frame per step (buttons, readers, table, LEDs, display) and the
# LED-only prompt strip drawn over the renderer's frame. Runs under CPython and in MicroPython.
import table_kit as K
from teebox.app import loop as L
from teebox import palette
from teebox.app.script import Runner, parse


def _rgb(loop, col, row):
    # The colour an LED shows, read back from the strip-ready frame (gamma, cap, GRB).
    led = loop.hw.profile.led_index(col, row)
    return loop.hw.leds.unprepare(loop.hw.leds.frame, 3 * led)


def _base(loop, col, row):
    led = loop.hw.profile.led_index(col, row)
    return loop.hw.leds.unprepare(loop.renderer.base, 3 * led)


def _seen(loop, rgb):
    # What an LED lit with colour ``rgb`` reads back as (prepared, then read back).
    return loop.hw.leds.unprepare(loop.hw.leds.prepare(bytes(rgb)), 0)


def _play(loop, text):
    Runner(loop, render_all=True).run(parse(text, clubs=K.CLUBS))


def test_each_frame_takes_one_frame_time_and_shows_the_leds():
    loop = K.sim_app()
    clock = loop.hw.clock
    start = clock.ticks_ms()
    loop.step()
    loop.step()
    assert clock.ticks_diff(clock.ticks_ms(), start) == 2 * L.FRAME_MS
    assert loop.hw.leds.frames == 2 and loop.frames == 2
    loop.step(render=False)  # fast-forwarding: polled, not drawn
    assert loop.hw.leds.frames == 2 and loop.frames == 3


def test_the_display_is_sent_only_when_its_text_changed():
    loop = K.sim_app()
    loop.run(3)
    assert loop.hw.display.shows == 1 and "TEEBOX" in loop.hw.display.shown[0]
    loop.run(10)
    assert loop.hw.display.shows == 1
    _play(loop, "press E")
    assert loop.hw.display.shows == 2 and loop.hw.display.shown[2] == "> Learn cards"


def test_without_a_display_the_prompt_strip_shows_the_option_on_the_bottom_edge():
    loop = K.sim_app(display=False)
    assert loop.table.led_prompts
    _play(loop, "press OK 2")  # the game's first way to play, option 1 of one per mode
    n = len(loop.table.setup.module().MODES)
    h = loop.hw.profile.height
    lit = _rgb(loop, 0, h - 1)
    assert lit[2] > 0 and lit[0] == 0  # the neutral blue, pulsing
    for col in range(1, n):
        assert _rgb(loop, col, h - 1) == _seen(loop, (40, 40, 40))  # the other options, dim
    assert _rgb(loop, n, h - 1) == _base(loop, n, h - 1)  # beyond the strip: the course
    # The question code: one cell on the top edge (mode is question 1).
    assert _rgb(loop, 0, 0) == _seen(loop, (90, 90, 90)) and _rgb(loop, 1, 0) == _base(loop, 1, 0)
    _play(loop, "press E")
    assert _rgb(loop, 1, h - 1)[2] > 40 and _rgb(loop, 1, h - 1)[0] == 0  # two lit now


def test_the_strip_pulses():
    loop = K.sim_app(display=False)
    h = loop.hw.profile.height
    seen = set()
    for _ in range(15):  # half a pulse period
        loop.step()
        seen.add(_rgb(loop, 0, h - 1))
    assert len(seen) > 5


def test_seat_strips_show_the_seats_colours():
    loop = K.sim_app(display=False)
    _play(loop, "press OK 4\npress E")  # 3 players
    h = loop.hw.profile.height
    for seat in range(3):
        assert _rgb(loop, seat, h - 1) == _seen(loop, palette.rgb(palette.PLAYERS, seat))
    assert _rgb(loop, 3, h - 1) == _base(loop, 3, h - 1)


def test_with_a_display_the_course_is_left_alone():
    loop = K.sim_app()
    _play(loop, "press OK")
    h = loop.hw.profile.height
    assert _rgb(loop, 0, h - 1) == _base(loop, 0, h - 1) and _rgb(loop, 0, 0) == _base(loop, 0, 0)


def test_the_course_the_players_look_at_is_drawn():
    loop = K.sim_app()
    assert loop.renderer.course is loop.table.course
    _play(loop, "press OK 3\npress E\nwait 400")
    assert loop.table.course.name == "Championship Course"
    assert loop.renderer.course is loop.table.course


def test_a_game_shows_golfers_on_the_leds():
    loop = K.sim_app()
    _play(loop, "press OK 11\nwait 100")
    t = loop.table
    tee = t.view.golfer[0]
    assert tee >= 0 and t.view.golfer[1] == tee
    # Both golfers stand on the tee and take turns: red, then yellow.
    assert loop.renderer.rgb_of_cell(tee) in (_seen(loop, palette.rgb(palette.PLAYERS, 0)),
                                              _seen(loop, palette.rgb(palette.PLAYERS, 1)))


def _oled_app():
    # sim_app's table with the real SSD1306 driver on a simulated I2C bus in place of
    # the SimDisplay: (loop, bus).
    from fake_ssd1306 import oled
    from teebox.app import board
    from teebox.app.bindings import Bindings
    from teebox.app.presenters.holes18 import tags as club_tags
    from teebox.app.table import Table
    from teebox.app.view import View
    driver, panel = oled()
    hw = board.build(K.table_profile(), sim=True)
    hw.display = driver
    Bindings(hw.store, K.CLUBS, club_tags).bind_demo_tags()
    p = hw.profile
    table = Table(hw.clock, View(p.width * p.height), driver, hw.store, p.width, p.height,
                  clubs=K.CLUBS, shots=K.SHOTS)
    return L.Loop(hw, table), panel


def test_a_new_screen_reaches_the_oled_a_page_a_frame_at_most():
    from fake_ssd1306 import screen_of
    from teebox.hal.display import STEP_BYTES
    loop, panel = _oled_app()
    sent = []  # bytes on the I2C bus in each frame

    def frames(n):
        for _ in range(n):
            before = panel.bytes_sent
            loop.step()
            sent.append(panel.bytes_sent - before)

    frames(10)  # the start menu: five lines of text
    busy = [n for n in sent if n]
    assert 2 <= len(busy) <= 8 and sent[len(busy):] == [0] * (10 - len(busy))
    assert "TEEBOX" in loop.table.display.lines[0]
    assert panel.ram == screen_of(loop.table.display.lines)
    _play(loop, "press E")
    frames(10)
    assert loop.table.display.lines[2] == "> Learn cards"
    assert panel.ram == screen_of(loop.table.display.lines)
    # No frame carried more than a page: 138 bytes, 3.1 ms at 400 kHz.
    assert max(sent) <= STEP_BYTES
