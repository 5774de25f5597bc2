# LED pipeline: gamma, brightness cap, power limiter, colour order, SimLeds.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.hal import leds as L

N = 384  # the default 24 x 16 table
BUDGET = 4000 - 500  # a 5 V / 4 A supply with 500 mA kept for the Pico, reader and display


def solid(n, r, g, b):
    frame = bytearray(3 * n)
    for i in range(0, 3 * n, 3):
        frame[i] = r
        frame[i + 1] = g
        frame[i + 2] = b
    return frame


def test_gamma_is_dark_at_zero_full_at_255_and_never_decreases():
    assert len(L.GAMMA) == 256
    assert L.GAMMA[0] == 0 and L.GAMMA[255] == 255
    for x in range(255):
        assert L.GAMMA[x] <= L.GAMMA[x + 1], x
    # Mid-grey is much darker than linear: that is what makes dim colours look right.
    assert 30 <= L.GAMMA[128] <= 64
    assert L.GAMMA[255 // 4] < 255 // 8


def test_brightness_cap_scales_the_top_of_the_gamma_table():
    t = L.gamma_table(128)
    assert t[255] == 128 and t[0] == 0
    for x in range(256):
        assert t[x] <= L.GAMMA[x]


def test_dark_frame_draws_only_the_idle_current():
    leds = L.SimLeds(N)
    assert leds.estimate_ma(bytearray(3 * N)) == N * L.IDLE_MA


def test_full_white_estimate_is_about_60_ma_per_led():
    leds = L.SimLeds(10)
    assert leds.estimate_ma(solid(10, 255, 255, 255)) == 10 * (L.IDLE_MA + 3 * L.CHANNEL_MA)
    assert L.IDLE_MA + 3 * L.CHANNEL_MA == 61


def test_all_white_table_is_held_within_a_4_amp_supply():
    leds = L.SimLeds(N, budget_ma=BUDGET)
    white = solid(N, 255, 255, 255)
    assert leds.estimate_ma(white) > 20000  # 384 x 61 mA: far beyond the supply
    leds.show(white)
    assert leds.last_ma <= BUDGET
    assert leds.last_ma > BUDGET * 9 // 10  # dimmed just enough, not to darkness
    # One factor for the whole frame: every byte is the same, so white stays white.
    assert min(leds.buf) == max(leds.buf) > 0


def test_limiter_keeps_colour_balance():
    leds = L.SimLeds(N, order="RGB", budget_ma=BUDGET)
    leds.show(solid(N, 255, 160, 0))
    r, g, b = leds.pixel(0)
    assert leds.last_ma <= BUDGET
    assert b == 0 and 0 < g < r
    full_r, full_g = L.GAMMA[255], L.GAMMA[160]
    # g/r matches full_g/full_r to within rounding
    assert abs(g * full_r - r * full_g) <= full_r


def test_limiter_respects_the_brightness_cap_first():
    capped = L.SimLeds(N, brightness=128, budget_ma=BUDGET)
    capped.show(solid(N, 255, 255, 255))
    assert capped.last_ma <= BUDGET
    assert max(capped.buf) <= 128


def test_dim_frame_is_left_untouched_by_the_limiter():
    frame = solid(N, 60, 40, 90)
    limited = L.SimLeds(N, budget_ma=BUDGET)
    unlimited = L.SimLeds(N)
    limited.show(frame)
    unlimited.show(frame)
    assert limited.last_ma < BUDGET
    assert limited.buf == unlimited.buf
    assert limited.pixel(5) == (L.GAMMA[60], L.GAMMA[40], L.GAMMA[90])


def test_ws2812b_gets_green_red_blue():
    leds = L.SimLeds(2)  # GRB is the default order
    frame = bytearray((200, 10, 30, 0, 0, 255))
    leds.show(frame)
    assert tuple(leds.buf[0:3]) == (L.GAMMA[10], L.GAMMA[200], L.GAMMA[30])
    assert tuple(leds.buf[3:6]) == (0, 0, 255)
    assert leds.pixel(0) == (L.GAMMA[200], L.GAMMA[10], L.GAMMA[30])


def test_other_colour_orders_and_a_bad_one():
    leds = L.SimLeds(1, order="BRG")
    leds.show(bytearray((255, 128, 0)))
    assert tuple(leds.buf) == (0, 255, L.GAMMA[128])
    err = raises(ValueError, L.SimLeds, 1, "RGBW")
    assert "'RGBW'" in str(err) and "R, G and B" in str(err)


def test_set_brightness_dims_but_never_exceeds_the_cap():
    leds = L.SimLeds(1, brightness=128)
    leds.set_brightness(255)
    assert leds.brightness == 128
    leds.show(bytearray((255, 255, 255)))
    assert tuple(leds.buf) == (128, 128, 128)
    leds.set_brightness(64)
    leds.show(bytearray((255, 255, 255)))
    assert tuple(leds.buf) == (64, 64, 64)
    err = raises(ValueError, L.SimLeds, 1, "GRB", 300)
    assert "brightness" in str(err) and "300" in str(err)


def test_simleds_remembers_frames_and_their_current():
    leds = L.SimLeds(4, budget_ma=100)
    dark = bytearray(12)
    white = solid(4, 255, 255, 255)
    leds.show(dark)
    leds.show(white)
    assert leds.frames == 2
    assert leds.frame == white
    assert leds.currents() == [4, leds.last_ma]
    assert 4 < leds.last_ma <= 100 and leds.peak_ma == leds.last_ma
    for _ in range(70):
        leds.show(dark)
    assert leds.frames == 72
    assert leds.currents() == [4] * 64  # only the most recent 64 are kept
    assert leds.peak_ma > 4


def test_a_frame_of_the_wrong_size_is_refused():
    leds = L.SimLeds(N)
    err = raises(ValueError, leds.show, bytearray(3 * N - 3))
    assert "1152 bytes" in str(err) and "1149" in str(err)


def test_leds_from_a_profile_use_its_count_order_cap_and_budget():
    class P:
        board = "rp2-pico"
        led_pin = 0
        led_count = 5
        led_order = "RGB"
        brightness = 100
        budget_ma = 50
    leds = L.from_profile(P, sim=True)
    assert isinstance(leds, L.SimLeds)
    assert (leds.count, leds.order, leds.max_brightness, leds.budget_ma) == (5, "RGB", 100, 50)
    leds.show(solid(5, 255, 255, 255))
    assert leds.last_ma <= 50


def test_pico_strip_gets_the_frame_in_its_own_buffer_in_grb_order():
    from fake_hardware import (FakeMachine, FakeMicroPythonNeopixel, FakeNeoPixel, installed,
                               profile)
    p = profile()
    with installed(machine=FakeMachine, neopixel=FakeMicroPythonNeopixel):
        leds = L.from_profile(p)
    np = FakeNeoPixel.created[-1]
    assert isinstance(leds, L.NeoPixelLeds) and np.pin.n == p.led_pin == 0
    frame = bytearray(3 * N)
    frame[0:3] = bytes((255, 0, 0))  # LED 0 red
    frame[3:6] = bytes((0, 0, 255))  # LED 1 blue
    leds.show(frame)
    assert np.writes == 1
    assert tuple(np.buf[0:6]) == (0, 128, 0, 0, 0, 128)  # G R B at the profile's cap of 128
    assert max(np.buf[6:]) == 0


def test_blinka_strip_gets_rgb_colours_and_is_told_the_strip_order():
    from fake_hardware import (PI, FakeAdafruitNeoPixel, FakeAdafruitNeopixelModule, FakeBoard,
                               installed, profile)
    p = profile(PI)
    with installed(board=FakeBoard, neopixel=FakeAdafruitNeopixelModule):
        leds = L.from_profile(p)
    np = FakeAdafruitNeoPixel.created[-1]
    assert isinstance(leds, L.BlinkaLeds) and np.pin == "board.D18"
    assert np.options == (1.0, False, "GRB")  # our own brightness; show() only when told
    frame = bytearray(3 * N)
    frame[0:3] = bytes((255, 0, 255))
    leds.show(frame)
    assert np.shows == 1
    assert np.pixels[0] == 0x800080 and np.pixels[1] == 0


def test_a_prepared_frame_given_its_total_is_limited_exactly_as_one_summed_here():
    # The renderer passes the frame's byte sum so show_ready need not add up 1152 bytes a
    # frame; the strip must get the same bytes and the same current either way, whether
    # the limiter leaves the frame alone or has to dim it.
    course = bytearray(3 * N)
    for i in range(len(course)):
        course[i] = (i * 37) % 200
    for frame in (course, solid(N, 255, 255, 255)):
        summed = L.SimLeds(N, budget_ma=BUDGET)
        given = L.SimLeds(N, budget_ma=BUDGET)
        summed.show_ready(frame)
        given.show_ready(frame, sum(frame))
        assert given.buf == summed.buf and given.last_ma == summed.last_ma
    assert given.last_ma <= BUDGET < L.current_ma(N, sum(frame))  # the white one was dimmed


def test_the_simulated_strip_refuses_a_total_that_is_not_the_frames_sum():
    # A renderer that lost track of a change would under- or over-limit the current;
    # on the board nothing shows it, so the simulator (and every table test) checks.
    leds = L.SimLeds(N, budget_ma=BUDGET)
    frame = solid(N, 10, 20, 30)
    err = raises(ValueError, leds.show_ready, frame, sum(frame) - 1)
    assert "23039" in str(err) and "23040" in str(err)
    assert leds.frames == 0
    leds.check_totals = False  # benchmarks time only what the board does
    leds.show_ready(frame, sum(frame) - 1)
    assert leds.frames == 1
