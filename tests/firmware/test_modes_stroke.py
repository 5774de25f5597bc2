# Stroke Play: every turn, water and out of bounds counted; players on the green wait.
# Runs under CPython and inside MicroPython.
from engine_kit import at, club, make_course, new_game, one, place, play, select
from teebox.core.hexgrid import E, W
from teebox.core.holes18.protocol import (
    AIM, MOVE, OUT_CLUB_RETURNED, OUT_GAME_OVER, OUT_NEXT_HOLE, OUT_PENALTY, OUT_SCORED,
    PENALTY_OUT, PENALTY_WATER, PLAY, SELECT_CLUB, STROKES)

ROWS = ["rrrrrrrrr", "rrrrrrrrr", "rTfwfffGr", "rrrrrrrrr", "rGrrrrrTr"]
HOLES = [(4, (1, 2), (7, 2)), (4, (7, 4), (1, 4))]
HAND = [club("8 Iron"), club("6 Iron"), club("5 Wood")]
OTHER = [club("Driver"), club("3 Wood"), club("2 Iron")]


def _solo():
    return new_game(make_course(ROWS, HOLES), [HAND], "stroke")


def _turn(g, clubs, *choices):
    select(g, clubs)
    return play(g, *choices)


def test_stroke_play_counts_one_stroke_a_turn():
    """Rulebook: "Players score one point for each club card played"; the hole's strokes
    are scored when the green is reached."""
    g = _solo()
    place(g, 0, 5, 2)
    _turn(g, {0: club("8 Iron")}, (MOVE, E))
    outs = _turn(g, {0: club("6 Iron")}, (MOVE, E))
    assert one(outs, OUT_SCORED)[1:] == (0, 1, STROKES, 2)
    assert one(outs, OUT_NEXT_HOLE)[2] == 2 and g.players[0].score == 2


def test_water_costs_a_stroke_instead_of_a_turn():
    """Rulebook: "Players who land in the water do not miss a turn, but add one to their
    score." """
    g = _solo()
    place(g, 0, 2, 2)
    outs = _turn(g, {0: club("8 Iron")}, (MOVE, E))
    assert one(outs, OUT_PENALTY)[1:] == (0, PENALTY_WATER)
    assert not g.players[0].miss_turn and g.pending().kind == SELECT_CLUB
    _turn(g, {0: club("6 Iron")}, (MOVE, E))
    place(g, 0, 6, 2)
    outs = _turn(g, {0: club("5 Wood")}, (MOVE, E))
    assert one(outs, OUT_SCORED)[4] == 4  # three turns and the water


def test_out_of_bounds_adds_a_stroke_to_the_turn():
    """Rulebook: "Players who end up out of bounds add one to their score." """
    g = _solo()
    outs = _turn(g, {0: club("5 Wood")}, (PLAY,), (AIM, W))
    assert one(outs, OUT_PENALTY)[1:] == (0, PENALTY_OUT) and one(outs, OUT_CLUB_RETURNED)
    place(g, 0, 6, 2)
    outs = _turn(g, {0: club("5 Wood")}, (MOVE, E))
    assert one(outs, OUT_SCORED)[4] == 3  # two turns and the out of bounds


def test_players_on_the_green_wait_for_the_others():
    """Rulebook: "When a player reaches the green, they wait for everyone else to complete
    the hole before moving on." """
    g = new_game(make_course(ROWS, HOLES), [HAND, OTHER], "stroke")
    place(g, 0, 6, 2)
    place(g, 1, 5, 2)
    outs = _turn(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E), (MOVE, E))
    assert one(outs, OUT_SCORED)[1:] == (0, 1, STROKES, 1)  # scored at once
    d = g.pending()
    assert d.kind == SELECT_CLUB and d.players == (1,) and at(g, 0) == (7, 2)
    outs = _turn(g, {1: club("3 Wood")}, (MOVE, E))
    assert one(outs, OUT_SCORED)[1:] == (1, 1, STROKES, 2)
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1), 2)


def test_the_lowest_total_wins_stroke_play():
    """Rulebook: "The player with the lowest score wins." """
    g = new_game(make_course(ROWS[:4], HOLES[:1]), [HAND, OTHER], "stroke")
    place(g, 0, 5, 2)
    place(g, 1, 6, 2)
    _turn(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E), (MOVE, W))
    _turn(g, {0: club("6 Iron"), 1: club("3 Wood")}, (MOVE, E), (MOVE, E))
    outs = _turn(g, {1: club("2 Iron")}, (MOVE, E))
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 2, 0), (2, 1, 3, 0))
