# Debounced buttons and the clocks they run on. Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.hal import buttons as B
from teebox.hal.clock import Clock, SimClock, TICKS_MAX


def run(script, until, clock=None, **options):
    """Poll every millisecond up to ``until`` ms; return [(time, event text)]."""
    clock = clock or SimClock()
    start = clock.ticks_ms()
    steps = [(clock.ticks_add(start, t), b, d) for t, b, d in script]
    btn = B.SimButtons(clock, steps, **options)
    seen = []
    for t in range(until + 1):
        btn.poll()
        ev = btn.get()
        while ev is not None:
            seen.append((t, B.describe(ev)))
            ev = btn.get()
        clock.advance(1)
    return seen


def bouncy(button, at, down, bounces=5, every=2):
    """A contact closing (or opening) at ``at`` that chatters ``bounces`` times."""
    steps = [(at, button, down)]
    for k in range(bounces):
        steps.append((at + every * (2 * k + 1), button, not down))
        steps.append((at + every * (2 * k + 2), button, down))
    return steps


def test_direction_buttons_are_the_hexgrid_directions():
    from teebox.core import hexgrid
    assert B.NAMES[:6] == hexgrid.DIR_NAMES
    assert (B.E, B.NE, B.NW, B.W, B.SW, B.SE) == hexgrid.DIRECTIONS
    assert B.NAMES[B.OK] == "OK" and B.NAMES[B.BACK] == "BACK"
    assert B.button_named("sw") == B.SW
    err = raises(ValueError, B.button_named, "UP")
    assert "'UP'" in str(err) and "E NE NW W SW SE OK BACK" in str(err)


def test_events_are_small_ints_that_come_apart():
    ev = B.event(B.BACK, B.LONG)
    assert isinstance(ev, int) and 0 <= ev < 256
    assert B.button_of(ev) == B.BACK and B.kind_of(ev) == B.LONG
    assert B.describe(ev) == "BACK long"


def test_a_press_registers_at_once_and_its_bounces_are_ignored():
    # Closes at 0 ms and chatters five times within 10 ms (well inside the 30 ms window).
    seen = run(bouncy(B.OK, 0, True), 200)
    assert seen == [(0, "OK press")]


def test_a_bouncing_release_gives_one_release_and_no_second_press():
    script = bouncy(B.E, 0, True) + bouncy(B.E, 300, False)
    seen = run(script, 600)
    assert seen == [(0, "E press"), (300, "E release")]


def test_a_long_hold_gives_exactly_one_long_press():
    script = bouncy(B.BACK, 0, True) + [(2500, B.BACK, False)]
    seen = run(script, 3000)
    assert seen == [(0, "BACK press"), (800, "BACK long"), (2500, "BACK release")]


def test_a_tap_shorter_than_the_debounce_window_still_counts_once():
    seen = run([(0, B.NW, True), (10, B.NW, False)], 100)
    # the release is only looked at once the window after the press has passed
    assert seen == [(0, "NW press"), (30, "NW release")]


def test_two_buttons_pressed_together_both_count_once():
    script = bouncy(B.E, 100, True) + bouncy(B.OK, 101, True, bounces=3)
    script += bouncy(B.E, 400, False) + bouncy(B.OK, 400, False)
    seen = run(script, 600)
    assert seen == [(100, "E press"), (101, "OK press"), (400, "E release"),
                    (400, "OK release")]


def test_a_poll_says_how_many_events_wait_and_a_press_after_a_long_rest_counts():
    # The loop asks for events only when a poll says some wait; a rest of any length
    # (every button up and settled) must not hide the next press or its long hold.
    clock = SimClock()
    btn = B.SimButtons(clock)
    for _ in range(2000):
        assert btn.poll() == 0
        clock.advance(1)
    btn.set(B.OK, True)
    assert btn.poll() == 1
    clock.advance(B.LONG_MS)
    assert btn.poll() == 2
    assert [B.describe(btn.get()), B.describe(btn.get())] == ["OK press", "OK long"]
    btn.set(B.OK, False)
    assert btn.poll() == 1 and B.describe(btn.get()) == "OK release"
    clock.advance(B.DEBOUNCE_MS)
    assert btn.poll() == 0
    btn.set(B.W, True)
    assert btn.poll() == 1 and B.describe(btn.get()) == "W press"


def test_a_full_queue_drops_the_oldest_events_and_counts_them():
    clock = SimClock()
    btn = B.SimButtons(clock, queue_size=4)
    for b in (B.E, B.NE, B.NW):  # three presses and three releases: six events
        btn.set(b, True)
        btn.poll()
        clock.advance(50)
        btn.set(b, False)
        btn.poll()
        clock.advance(50)
    assert btn.dropped == 2 and btn.pending() == 4
    got = []
    ev = btn.get()
    while ev is not None:
        got.append(B.describe(ev))
        ev = btn.get()
    assert got == ["NE press", "NE release", "NW press", "NW release"]
    assert btn.get() is None


def test_press_helper_gives_a_clean_keypress_and_a_long_one():
    clock = SimClock()
    btn = B.SimButtons(clock)
    btn.press("SE")
    events = []
    for _ in range(200):
        btn.poll()
        ev = btn.get()
        if ev is not None:
            events.append(B.describe(ev))
        clock.advance(1)
    assert events == ["SE press", "SE release"]
    assert not btn.is_down(B.SE)
    btn.press(B.OK, hold_ms=1000)
    for _ in range(500):
        btn.poll()
        clock.advance(1)
    assert btn.is_down(B.OK)
    for _ in range(700):
        btn.poll()
        clock.advance(1)
    assert [B.describe(btn.get()) for _ in range(3)] == ["OK press", "OK long", "OK release"]


def test_debouncing_survives_the_tick_counter_wrapping():
    clock = SimClock(start=TICKS_MAX - 20, wrap=True)
    script = bouncy(B.W, 10, True) + [(1000, B.W, False)]
    seen = run(script, 1100, clock=clock)
    assert seen == [(10, "W press"), (810, "W long"), (1000, "W release")]


def test_buttons_need_eight_pins():
    err = raises(ValueError, B.Buttons, [None] * 6, SimClock())
    assert "need 8 button pins" in str(err) and "got 6" in str(err)


def test_sim_clock_moves_only_forward_and_wraps_like_micropython():
    clock = SimClock(start=5)
    clock.advance(10)
    assert clock.ticks_ms() == 15
    err = raises(ValueError, clock.advance, -1)
    assert "backwards" in str(err)
    wrapping = SimClock(start=TICKS_MAX, wrap=True)
    before = wrapping.ticks_ms()
    wrapping.sleep_ms(3)
    assert wrapping.ticks_ms() == 2
    assert wrapping.ticks_diff(wrapping.ticks_ms(), before) == 3
    assert wrapping.ticks_diff(before, wrapping.ticks_ms()) == -3


def test_real_clock_counts_milliseconds():
    clock = Clock()
    a = clock.ticks_ms()
    clock.sleep_ms(3)
    b = clock.ticks_ms()
    assert clock.ticks_diff(b, a) >= 2
    assert clock.ticks_diff(clock.ticks_add(a, 100), a) == 100


def test_pico_buttons_are_pulled_up_inputs_and_pressed_reads_zero():
    from fake_hardware import FakeMachine, installed, profile
    p = profile()
    clock = SimClock()
    with installed(machine=FakeMachine):
        btn = B.from_profile(p, clock)
    pins = btn._pins
    assert [pin.n for pin in pins] == list(p.button_pins)
    assert all(pin.mode == pin.IN and pin.pull == pin.PULL_UP for pin in pins)
    btn.poll()
    assert btn.get() is None  # all pulled up: nothing pressed
    pins[B.OK].level = 0
    btn.poll()
    assert B.describe(btn.get()) == "OK press"


def test_raspberry_pi_buttons_use_digitalio_with_pull_ups():
    from fake_hardware import PI, FakeBoard, FakeDigitalio, installed, profile
    p = profile(PI)
    with installed(board=FakeBoard, digitalio=FakeDigitalio):
        btn = B.from_profile(p, SimClock())
    ios = [pin._io for pin in btn._pins]
    assert [io.pin for io in ios] == ["board.D%d" % n for n in p.button_pins]
    assert all(io.pull == "up" for io in ios)
    ios[B.NW].value = False
    btn.poll()
    assert B.describe(btn.get()) == "NW press"
