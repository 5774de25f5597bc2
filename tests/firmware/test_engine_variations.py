# The rule variations a game may be set up with: the base game's "hit through out of
# bounds" (setup ``bounds``). The ways to play list no optional rule of their own (their
# RULE VARIATIONS sections are their rules: RULES-NOTES 42, 48, K8). Runs under CPython
# and inside MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, StackRng, ax, club, face, make_course, one, play, select
from teebox.core.holes18 import engine, gamelog
from teebox.core.holes18.game import OPTIONS, STEPS
from teebox.core.hexgrid import E
from teebox.core.holes18.protocol import (AIM, NORMAL, OUT_CLUB_RETURNED, OUT_FLIGHT,
                                          OUT_OF_BOUNDS, PLAY)

HOLE = [(4, (1, 2), (7, 2))]


def _shot(cell_2, cell_3, bounds, stacked=True):
    # One golfer on the tee at (1,2) hits an 8 Iron east with a two-hex "SS" card over
    # (2,2) onto (3,2); ``cell_2`` and ``cell_3`` are those cells ("." off the board).
    # Not ``stacked``: the card is the seed's (as a replay of the log deals it).
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rT%s%sfffGr" % (cell_2, cell_3), "rrrrrrrrr",
            "rrrrrrrrr"]
    setup = engine.Setup(1, "stroke", 1, [[club("8 Iron"), club("6 Iron")]], bounds=bounds)
    g = engine.Game(make_course(rows, HOLE), CLUBS, SHOTS, setup,
                    StackRng(1, {"2": [face("2", "SS")]} if stacked else {}))
    select(g, {0: club("8 Iron")})
    return g, play(g, (PLAY,), (AIM, E))


def test_by_the_rule_a_ball_out_of_bounds_for_part_of_its_flight_is_out_of_bounds():
    """Rulebook (OUT-OF-BOUNDS & CLUBHOUSE): "The ball is also out-of-bounds when it goes
    out-of-bounds for part of its flight and returns to a tile. When you are
    out-of-bounds, your golfer remains where they hit the shot. Return your club to your
    hand." """
    g, outs = _shot(".", "f", engine.STRICT)
    assert one(outs, OUT_FLIGHT)[4] == OUT_OF_BOUNDS and one(outs, OUT_CLUB_RETURNED)
    assert g.players[0].position() == ax(1, 2)


def test_the_variation_lets_a_ball_fly_through_out_of_bounds_onto_the_course():
    """Rulebook (VARIATION): "If the players all agree to use this variation then you may
    allow players to hit through out-of-bounds." The ball flies over the off-board hex
    and lands on the fairway beyond it; the flight shown is the hexes on the board."""
    g, outs = _shot(".", "f", engine.HIT_THROUGH)
    f = one(outs, OUT_FLIGHT)
    assert f[4] == NORMAL and f[3] == ax(3, 2) and not [o for o in outs
                                                         if o[0] == OUT_CLUB_RETURNED]
    assert g.players[0].position() == ax(3, 2)
    assert ax(2, 2) not in f[2]


def test_with_the_variation_landing_out_of_bounds_is_still_out_of_bounds():
    """Rulebook (VARIATION): "Landing in out-of-bounds is always out-of-bounds." """
    g, outs = _shot("f", ".", engine.HIT_THROUGH)
    assert one(outs, OUT_FLIGHT)[4] == OUT_OF_BOUNDS and one(outs, OUT_CLUB_RETURNED)
    assert g.players[0].position() == ax(1, 2)


def test_the_variation_is_a_setup_option_asked_at_the_table_and_kept_in_the_game_log():
    """The table asks it after the hands (strict by default: the rule as written); the
    game log keeps it, so a replay, a resumed game and the host play the same rule. A
    game without it writes the log as before."""
    assert ("bounds", "Out of bounds", (engine.STRICT, engine.HIT_THROUGH),
            engine.STRICT) in OPTIONS
    assert STEPS.index("bounds") == STEPS.index("hands") + 1
    for bounds, version in ((engine.STRICT, gamelog.VERSION),
                            (engine.HIT_THROUGH, gamelog.VARIATIONS)):
        g, _outs = _shot(".", "f", bounds, stacked=False)
        data = gamelog.encode(gamelog.of(g))
        assert data[4] == version
        again = gamelog.replay(gamelog.decode(data), g.course, CLUBS, SHOTS)
        assert again.setup.bounds == bounds and again.state_digest() == g.state_digest()
    exc = raises(ValueError, lambda: engine.Setup(2, bounds="hit through"))
    assert "bounds must be 'strict' or 'through'" in str(exc)
