# Table scripts: the line format, its errors, and playing a script on simulated hardware.
# Runs under CPython and inside MicroPython.
import table_kit as K
from fwtest import raises
from teebox.app import script
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.script import (
    OP_HOLD, OP_LIFT, OP_PLACE, OP_PRESS, OP_SCAN, OP_SEED, OP_WAIT, ScriptError)
from teebox.core.holes18.protocol import CHOOSE_ACTION
from teebox.hal.buttons import BACK, OK, SW


def test_every_action_of_the_format_parses():
    text = ("# a whole-line comment\n"
            "\n"
            "seed 42\n"
            "press OK\n"
            "press sw 3   # three presses\n"
            "hold OK\n"
            "scan 04:A1:B2:C3:D4:E5:F6\n"
            "scan club:driver-34 on 2\n"
            "place deadbeef\n"
            "lift\n"
            "lift on 1\n"
            "wait 500\n"
            "PRESS BACK\n")
    steps = script.parse(text, clubs=K.CLUBS)
    assert steps == [
        (OP_SEED, 42, 0, 3),
        (OP_PRESS, OK, 1, 4),
        (OP_PRESS, SW, 3, 5),
        (OP_HOLD, OK, 1, 6),
        (OP_SCAN, bytes.fromhex("04a1b2c3d4e5f6"), -1, 7),
        (OP_SCAN, "club:driver-34", 2, 8),
        (OP_PLACE, bytes.fromhex("deadbeef"), -1, 9),
        (OP_LIFT, None, -1, 10),
        (OP_LIFT, None, 1, 11),
        (OP_WAIT, 500, 0, 12),
        (OP_PRESS, BACK, 1, 13),
    ]


def test_every_bad_line_is_reported_with_its_number():
    text = ("press OKK\n"
            "jump\n"
            "press E 0\n"
            "scan 04zz\n"
            "scan club:putter-99\n"
            "scan club:driver-34 at 2\n"
            "wait soon\n"
            "hold OK 2\n"
            "press OK\n")
    err = raises(ScriptError, script.parse, text, "game.txt", K.CLUBS)
    assert err.problems == [
        "line 1: unknown button 'OKK' (use one of E NE NW W SW SE OK BACK)",
        "line 2: unknown action 'jump' (use press, hold, scan, place, lift, wait or seed)",
        "line 3: a press count must be 1 to 99, not 0",
        "line 4: RFID UID '04zz' is not hex",
        "line 5: no club 'putter-99' in the card data (ids look like driver-34)",
        "line 6: expected 'scan TAG [on SEAT]' (TAG: a hex UID or club:ID)",
        "line 7: a wait in ms must be a whole number, not 'soon'",
        "line 8: expected 'hold BUTTON'",
    ]
    assert str(err).split("\n")[0] == ("game.txt line 1: unknown button 'OKK' "
                                       "(use one of E NE NW W SW SE OK BACK)")


def _run(loop, text):
    script.Runner(loop).run(script.parse(text, clubs=K.CLUBS))


def test_presses_go_through_the_debounced_buttons_and_the_main_loop():
    loop = K.sim_app()
    start = loop.hw.clock.ticks_ms()
    _run(loop, "press OK 2\npress E 2")
    t = loop.table
    assert t.setup.step == sf.S_MODE and t.setup.mode == "stableford"
    # Each press is held 60 ms and rested 60 ms, frame by frame.
    assert loop.hw.clock.ticks_diff(loop.hw.clock.ticks_ms(), start) >= 3 * 120
    assert loop.hw.buttons.dropped == 0
    assert loop.hw.display.shown[1] == "> Stableford"  # the display was updated


def test_hold_is_a_long_press():
    loop = K.sim_app()
    _run(loop, "press OK 2\nhold OK")  # on a list, holding OK is the next option
    assert loop.table.setup.mode == "stroke" and loop.table.setup.step == sf.S_MODE


def test_scans_lay_the_card_on_the_reader_and_lift_it():
    loop = K.sim_app()
    _run(loop, "seed 5\npress OK 11\nscan club:driver-34\nplace club:9-iron-3")
    t = loop.table
    assert t.game.setup.seed == 5
    # Both cards were read (the 9 Iron is P2's): the clubs are revealed.
    assert [(seat, K.CLUBS[choice[1]].id) for seat, choice in t.game.inputs] == [
        (0, "driver-34"), (1, "9-iron-3")]
    assert t.game.pending().kind == CHOOSE_ACTION
    assert loop.hw.readers.uid == script.card_uid(t, "club:9-iron-3")  # still lying there
    _run(loop, "lift")
    assert loop.hw.readers.uid is None


def test_wait_lets_simulated_time_pass():
    loop = K.sim_app()
    clock = loop.hw.clock
    start = clock.ticks_ms()
    frames = loop.frames
    _run(loop, "wait 1000")
    assert clock.ticks_diff(clock.ticks_ms(), start) >= 1000
    assert loop.frames - frames == 31  # 1000 ms of 33 ms frames


def test_a_club_without_a_learned_card_names_the_line():
    loop = K.sim_app(learned=False)
    err = raises(ScriptError, _run, loop, "press OK 8\n\nscan club:driver-34")
    assert err.problems == ["line 3: no card is learned for club driver-34 on this board "
                            "(learn the cards first, or scan its tag UID)"]


def test_a_seat_without_a_reader_names_the_line():
    loop = K.sim_app()
    err = raises(ScriptError, _run, loop, "scan club:driver-34 on 3")
    assert err.problems == ["line 1: no reader for seat 3: this board has one reader, "
                            "for everyone"]
    loop = K.sim_app(readers=2)
    err = raises(ScriptError, _run, loop, "lift on 4")
    assert err.problems == ["line 1: no reader for seat 4 (readers: seats 0 1)"]


def test_with_a_reader_per_seat_scans_go_to_that_seats_reader():
    loop = K.sim_app(readers=2)
    _run(loop, "press OK 11\nscan club:9-iron-3 on 1\nscan club:driver-34 on 1")
    t = loop.table
    assert t.phase == T.PH_PLAY
    assert t.game.players[1].chosen >= 0 and t.game.players[0].chosen == -1
    assert "NO: the Driver is P1's club" in K.words(t)
