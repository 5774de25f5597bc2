# Stableford: points per hole against par. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import club, make_course, new_game, one, place, play, select
from teebox.core.hexgrid import E, SE, SW, W
from teebox.core.holes18.modes.stableford import stableford_points
from teebox.core.holes18.protocol import (AIM, MOVE, OUT_GAME_OVER, OUT_MISS_TURN, OUT_PENALTY,
                                  OUT_SCORED, PENALTY_OUT, PLAY, STABLEFORD)

# Par 3: tee (1,2), water (2,2), green (3,2).
ROWS = ["rrrrrrr", "rrrrrrr", "rTwGrrr", "rrrrrrr"]
HOLE = [(3, (1, 2), (3, 2))]
HAND = [club("8 Iron"), club("6 Iron"), club("5 Wood")]


def test_the_rulebook_table_of_stableford_points():
    """Rulebook: "2 points for par ... +1 for each turn under par ... -1 for each turn over
    par", lowest 0, highest 4, 5 or 6 for par 3, 4 or 5 (the rulebook's table)."""
    table = {3: (4, 3, 2, 1, 0, 0), 4: (5, 4, 3, 2, 1, 0, 0), 5: (6, 5, 4, 3, 2, 1, 0, 0)}
    for par in table:
        for i in range(len(table[par])):
            assert stableford_points(par, i + 1) == table[par][i], (par, i + 1)
    assert "at least one turn" in str(raises(ValueError, stableford_points, 4, 0))


def test_a_hole_scores_its_stableford_points_when_the_green_is_reached():
    """Rulebook: "Score each hole as you complete it." Par 3 in 2 turns: 3 points."""
    g = new_game(make_course(ROWS, HOLE), [HAND], "stableford")
    place(g, 0, 3, 1)
    select(g, {0: club("8 Iron")})
    play(g, (MOVE, W))
    select(g, {0: club("6 Iron")})
    outs = play(g, (MOVE, SE))  # back onto the green
    assert one(outs, OUT_SCORED)[1:] == (0, 1, STABLEFORD, 3)
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 3, 0),)


def test_missed_turns_count_and_water_still_misses_a_turn():
    """Rulebook: "Count your turns (including missed turns and out of bounds)". Stableford
    keeps Match Play's water rule, so the water costs a missed turn, which counts."""
    g = new_game(make_course(ROWS, HOLE), [HAND], "stableford")
    select(g, {0: club("8 Iron")})
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_MISS_TURN)[1] == 0 and not [o for o in outs if o[0] == OUT_PENALTY]
    select(g, {0: club("6 Iron")})
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_SCORED)[4] == 2  # 2 turns + 1 missed = par: 2 points


def test_an_out_of_bounds_counts_a_stroke_as_in_stroke_play():
    """Rulebook, Stableford: "Count your turns (including missed turns and out of bounds)",
    the list of Stroke Play's "1 point for each turn you take, turn missed, and out of
    bounds" ("Players who end up out of bounds add one to their score"): the out of
    bounds turn counts, and the out of bounds adds one more."""
    g = new_game(make_course(ROWS, HOLE), [HAND], "stableford")
    select(g, {0: club("5 Wood")})
    outs = play(g, (PLAY,), (AIM, W))
    assert one(outs, OUT_PENALTY)[1:] == (0, PENALTY_OUT)
    place(g, 0, 3, 1)
    select(g, {0: club("5 Wood")})
    outs = play(g, (MOVE, SW))
    assert one(outs, OUT_SCORED)[4] == 2  # 2 turns + 1 out of bounds = par 3: 2 points


def test_the_highest_stableford_total_wins():
    """Rulebook: "Most points wins." """
    g = new_game(make_course(ROWS, HOLE), [HAND, [club("Driver"), club("3 Wood")]],
                 "stableford")
    place(g, 0, 3, 1)
    place(g, 1, 4, 1)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (MOVE, SW), (MOVE, W))  # seat 0 on the green in 1, seat 1 steps away
    select(g, {1: club("3 Wood")})
    outs = play(g, (MOVE, SW))
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 4, 0), (2, 1, 3, 0))
