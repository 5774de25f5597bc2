# Golf Racing: every green in order, each racer at its own pace, the first to the last
# green wins. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (at, club, face, kinds, make_course, new_game, one, place, play,
                        select)
from teebox.core import scoring
from teebox.core.hexgrid import E, NE, SE, W
from teebox.core.holes18 import bots, modes
from teebox.core.holes18.engine import Game, Setup
from teebox.core.holes18.protocol import (
    AIM, DECK, GAME_OVER, GREEN, GREEN_REACHED, MOVE, NORMAL, OUT_GAME_OVER, OUT_HOLE_IN_ONE,
    OUT_MISS_TURN, OUT_MOVE, OUT_NEXT_HOLE, OUT_REACHED, OUT_SCORED, PLAY, SELECT_CLUB, WATER)
from teebox import shipped

# Three holes in lanes: 1 along row 2 (tee (1,2), green (7,2)), 2 back along row 4
# (tee (7,4), green (1,4)), 3 along row 6 (tee (1,6), green (7,6)); water at (3,2).
ROWS = ["rrrrrrrrr", "rrrrrrrrr", "rTfwfffGr", "rrrrrrrrr", "rGrrrrrTr", "rrrrrrrrr",
        "rTrrrrrGr"]
HOLES = [(4, (1, 2), (7, 2)), (4, (7, 4), (1, 4)), (4, (1, 6), (7, 6))]
FIRST = [club("8 Iron"), club("6 Iron"), club("5 Iron")]   # initiatives 10, 12, 19
SECOND = [club("Driver"), club("3 Wood"), club("5 Wood")]  # initiatives 34, 29, 20


def _race(rows=ROWS, holes=HOLES, tops=None):
    return new_game(make_course(rows, holes), [FIRST, SECOND], "racing", tops)


def _round(g, chosen, *moves):
    select(g, chosen)
    return play(g, *moves)


def _moves(outs):
    return [(o[1], o[3]) for o in kinds(outs, OUT_MOVE)]


def test_everyone_starts_on_the_first_tee_box():
    """Rulebook (Golf Racing): "Everyone starts on the first tee box, and they have to
    complete all 18 Holes to win." """
    g = _race()
    assert [at(g, s) for s in (0, 1)] == [(1, 2), (1, 2)]
    assert [p.hole for p in g.players] == [1, 1] and g.mode.title == "Golf Racing"


def test_a_racer_moves_on_to_the_next_tee_alone_after_reaching_the_prior_green():
    """Rulebook: "A player may progress to the next tee box only after reaching the prior
    green. As such players end up spread across multiple holes in the race for the
    18th." The green counts at once; the racer goes to its next tee when the round ends,
    and the others play on where they are."""
    g = _race()
    place(g, 0, 6, 2)
    outs = _round(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E))
    assert one(outs, OUT_REACHED)[1:] == (0, 1)
    assert one(outs, OUT_SCORED)[1:] == (0, 1, GREEN_REACHED, 1)
    assert not kinds(outs, OUT_NEXT_HOLE)  # P2 still has its turn this round
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0,), 2)
    assert at(g, 0) == (7, 4) and at(g, 1) == (2, 2)
    assert [p.hole for p in g.players] == [2, 1] and [p.score for p in g.players] == [1, 0]


def test_the_greens_must_be_reached_in_order():
    """Rulebook: "Players must visit every green in order." A green that is not the
    racer's next one plays as fairway (the next hole's, and one already reached)."""
    g = _race()
    place(g, 0, 2, 4)   # beside green 2, while still playing hole 1
    place(g, 1, 6, 2)
    outs = _round(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, W), (MOVE, E))
    assert _moves(outs) == [(0, NORMAL), (1, GREEN)]
    assert [p.score for p in g.players] == [0, 1] and [p.hole for p in g.players] == [1, 2]
    place(g, 1, 6, 2)   # P2, on hole 2, back beside green 1
    outs = _round(g, {0: club("6 Iron"), 1: club("3 Wood")}, (MOVE, NE), (MOVE, E))
    assert _moves(outs)[1] == (1, NORMAL) and not kinds(outs, OUT_SCORED)
    assert g.mode.targets(g, g.players[1]) == (2,)


def test_two_racers_arriving_on_greens_of_different_holes_each_go_to_their_own_next_tee():
    """Rulebook: "players end up spread across multiple holes": racers reaching different
    greens in one round go on to different tees."""
    g = _race()
    place(g, 0, 6, 2)
    _round(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E), (MOVE, E))  # P1 to hole 2
    place(g, 0, 2, 4)
    place(g, 1, 6, 1)
    outs = _round(g, {0: club("6 Iron"), 1: club("3 Wood")}, (MOVE, W), (MOVE, SE))
    assert [o[1:3] for o in kinds(outs, OUT_NEXT_HOLE)] == [((1,), 2), ((0,), 3)]
    assert [p.hole for p in g.players] == [3, 2] and [p.score for p in g.players] == [2, 1]


def test_the_first_racer_to_reach_the_last_green_wins():
    """Rulebook: "The first player to reach the 18th green after reaching each green in
    order wins." On a shorter course the last green is the finish. Each racer's score is
    the number of greens it reached: the course is the scoring track."""
    g = _race()
    for hole, (col, row, d) in ((1, (6, 2, E)), (2, (2, 4, W)), (3, (6, 6, E))):
        assert g.players[0].hole == hole
        place(g, 0, col, row)
        place(g, 1, 4, 0)  # P2 wanders the rough
        select(g, {0: FIRST[hole - 1], 1: SECOND[hole - 1]})
        outs = play(g, (MOVE, d), (MOVE, E))
    over = one(outs, OUT_GAME_OVER)
    assert over[1] == ((1, 0, 3, 0), (2, 1, 0, 0))
    assert g.pending().kind == GAME_OVER and scoring.winners(g.standings()) == (0,)
    assert g.players[0].tokens == [(1, GREEN_REACHED), (2, GREEN_REACHED), (3, GREEN_REACHED)]


def test_racers_reaching_the_last_green_in_the_same_round_tie_and_share_without_hole_in_ones():
    """Rulebook: "The first player to reach the 18th green wins. In the event of a tie,
    the player with the most hole-in-one tokens is the winner." The round ends before the
    game does (Match Play: "Multiple players score the points if they reach the green on
    the same round"), so the racer playing second in that round may still tie; with
    equal hole-in-one tokens they share the win, as in Match Play."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr"]
    g = _race(rows, [(4, (1, 2), (7, 2))])
    place(g, 0, 6, 2)
    place(g, 1, 6, 1)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (MOVE, E))
    assert not g.over and g.pending().player == 1
    outs = play(g, (MOVE, SE))
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 1, 0), (1, 1, 1, 0))


def test_a_tie_on_the_last_green_goes_to_the_most_hole_in_one_tokens():
    """Rulebook: "In the event of a tie, the player with the most hole-in-one tokens is
    the winner." P1 holes in one from the tee, then P2 steps onto the green."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrrr", "rrrrrrrrr"]
    g = _race(rows, [(3, (1, 2), (3, 2))], {"2": [face("2", "SS")]})
    place(g, 1, 4, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (PLAY,), (AIM, E), (MOVE, W))
    assert one(outs, OUT_HOLE_IN_ONE)[1:] == (0, 1)
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 1, 1), (2, 1, 1, 0))


def test_a_hole_in_one_on_a_later_hole_is_a_first_turn_hit_from_that_holes_tee():
    """Rulebook (Match Play, which Golf Racing uses): "A hole-in-one is scored on your
    first turn for the hole when you hit from the tee box and land on the green." A
    racer's first turn of its own hole, whatever round the others are in."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrrr", "rrrrrrrrr", "rrrrrrrrr", "rrrrrrrrr",
            "rTfGrrrrr"]
    g = _race(rows, [(3, (1, 2), (3, 2)), (3, (1, 6), (3, 6))], {"2": [face("2", "SS")]})
    place(g, 0, 2, 2)
    _round(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E), (MOVE, W))
    assert at(g, 0) == (1, 6) and g.players[1].hole == 1
    outs = _round(g, {0: club("6 Iron"), 1: club("3 Wood")}, (PLAY,), (DECK, 1), (AIM, E))
    assert one(outs, OUT_HOLE_IN_ONE)[1:] == (0, 2) and g.players[0].hole_in_ones == 1


def test_water_makes_a_racer_miss_a_turn_as_in_match_play():
    """Rulebook: "Use the rules for Match Play except when in conflict with the rules
    below." Match Play's water: "You miss your next turn." """
    g = _race()
    place(g, 0, 2, 2)
    outs = _round(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E), (MOVE, E))
    assert _moves(outs)[0] == (0, WATER)
    assert one(outs, OUT_MISS_TURN)[1] == 0  # the next round starts without P1
    assert g.pending().kind == SELECT_CLUB and g.pending().waiting == (1,)


def test_golf_racing_is_played_by_two_to_five_and_names_its_score():
    """Rulebook: "PLAYS 2 - 5 players"; "PARTS NEEDED FOR SCORING None": a score counts
    the greens reached, highest first."""
    crs = shipped.load_builtin("starter")
    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    err = raises(ValueError, Game, crs, clubs, shots, Setup(1, "racing"))
    assert "Golf Racing is played by 2 to 5 players, not 1" in str(err)
    Game(crs, clubs, shots, Setup(5, "racing"))
    mode = modes.make("racing")
    assert (mode.unit, mode.lower_wins, mode.spread, mode.roams) == ("greens", False, True,
                                                                     False)
    assert mode.green_tokens(1) == 0  # nothing lies on the greens


def test_the_sensible_bot_races_for_its_own_green_and_not_the_next_one():
    """Rulebook: "Players must visit every green in order." Beside green 2 while still on
    hole 1, the bot plays toward green 1; a racer already on hole 2 steps onto it."""
    g = _race()
    place(g, 0, 2, 4)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    choice = bots.SensibleBot(3).choose(g, 0)
    assert choice != (MOVE, W)
    g = _race()
    place(g, 0, 6, 2)
    _round(g, {0: club("8 Iron"), 1: club("Driver")}, (MOVE, E), (MOVE, E))  # P1 to hole 2
    place(g, 0, 2, 4)
    select(g, {0: club("6 Iron"), 1: club("3 Wood")})
    assert bots.SensibleBot(3).choose(g, 0) == (MOVE, W)


def test_sensible_bots_race_to_the_end_of_every_built_in_course():
    """Rulebook: "they have to complete all 18 Holes to win": bots finish every course,
    the winners on its last green, every racer's greens reached in order."""
    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    for name in shipped.builtin_names():
        crs = shipped.load_builtin(name)
        g = Game(crs, clubs, shots, Setup(4, "racing", seed=len(name)))
        table = bots.play_game(g, [bots.SensibleBot(s + 1) for s in range(4)])
        assert g.over and table[0][2] == crs.hole_count, name
        for p in g.players:
            assert [h for h, _kind in p.tokens] == list(range(1, p.score + 1)), name
