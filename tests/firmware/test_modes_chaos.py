# Chaos Golf: any green in any order, 5 and 2-point tokens, fast travel from tee
# boxes, the end after the last 5-point token. Runs under CPython and MicroPython.
from fwtest import raises

from engine_kit import (club, face, kinds, make_course, new_game, one, place, play, select)
from teebox.core.holes18.engine import IllegalMove
from teebox.core.hexgrid import E, NE, NW, SE, W
from teebox.core.holes18.protocol import (
    AIM, DECLINE, GREEN, MOVE, NORMAL, OUT_DECLINED, OUT_EXTRA_TURN, OUT_GAME_OVER,
    OUT_HAND_RESET, OUT_HOLE_IN_ONE, OUT_MOVE, OUT_NEXT_HOLE, OUT_SCORED, OUT_TURN, PLAY, RESET,
    SELECT, SELECT_CLUB, TOKEN_2, TOKEN_5)

# Hole 1 along row 2; hole 2 tees off at (6,4) to (1,4); hole 3 tees off at (5,4) to (4,0).
ROWS = ["rrrrGrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrTTrr"]
HOLES = [(4, (1, 2), (7, 2)), (4, (6, 4), (1, 4)), (4, (5, 4), (4, 0))]
EARLY = [club("8 Hybrid"), club("6 Iron"), club("Sand Wedge")]  # initiatives 5, 12, 7
MIDDLE = [club("8 Iron"), club("7 Iron"), club("5 Iron")]       # 10, 14, 19
LATE = [club("5 Wood"), club("3 Wood"), club("Driver")]         # 20, 29, 34


def _chaos(hands, rows=ROWS, holes=HOLES, tops=None):
    return new_game(make_course(rows, holes), hands, "chaos", tops)


def _round(g, chosen, *moves):
    select(g, chosen)
    return play(g, *moves)


def _moves(outs):
    return [(o[1], o[3]) for o in kinds(outs, OUT_MOVE)]


def test_first_to_land_takes_the_five_and_the_second_the_two_in_initiative_order():
    """Rulebook: "The player who first lands on the green takes the large scoring token
    (5 points) and the second person receives the smaller token (2 points). There is no
    tie-break and initiative order is used to determine who takes the 5 point token." """
    g = _chaos([LATE, EARLY, MIDDLE])
    place(g, 1, 6, 2)
    place(g, 2, 6, 1)
    place(g, 0, 6, 3)
    outs = _round(g, {0: club("5 Wood"), 1: club("8 Hybrid"), 2: club("8 Iron")},
                  (MOVE, E), (MOVE, SE), (MOVE, NE))
    assert kinds(outs, OUT_SCORED) == [(OUT_SCORED, 1, 1, TOKEN_5, 5),
                                       (OUT_SCORED, 2, 1, TOKEN_2, 2)]
    assert _moves(outs) == [(1, GREEN), (2, GREEN), (0, NORMAL)]  # nothing left for seat 0
    assert g.mode.five[1] == 0 and g.mode.two[1] == 0 and not g.over


def test_any_green_may_be_scored_in_any_order():
    """Rulebook: "Players may hit in any direction and try to claim any hole in any
    order." """
    g = _chaos([EARLY, MIDDLE, LATE])
    place(g, 0, 2, 4)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
                  (MOVE, W))
    assert one(outs, OUT_SCORED)[1:] == (0, 2, TOKEN_5, 5)


def test_the_five_point_taker_cannot_take_the_two_of_the_same_hole():
    """Rulebook: "The person who took the large scoring token cannot take the small token
    for the same hole." """
    g = _chaos([EARLY, MIDDLE, LATE])
    place(g, 0, 6, 2)
    place(g, 1, 6, 1)
    place(g, 2, 6, 3)
    _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
           (MOVE, E), (MOVE, NW), (MOVE, W))
    _round(g, {0: club("6 Iron"), 1: club("7 Iron"), 2: club("3 Wood")},
           (MOVE, W), (MOVE, SE), (MOVE, W))
    assert 1 not in g.mode.targets(g, g.players[0]) and 1 in g.mode.targets(g, g.players[1])
    outs = _round(g, {0: club("Sand Wedge"), 1: club("5 Iron"), 2: club("Driver")},
                  (MOVE, E), (MOVE, SE))
    assert _moves(outs) == [(0, NORMAL), (1, GREEN)]
    assert one(outs, OUT_SCORED)[1:] == (1, 1, TOKEN_2, 2)


def test_landing_on_a_tee_box_gives_extra_turns_that_chain_while_clubs_remain():
    """Rulebook: "If you end an extra turn on a tee box, you may take another extra turn.
    You can keep doing this until you run out of clubs." "If you have no clubs in your
    hand, then you may not take any additional turns." """
    g = _chaos([EARLY, MIDDLE, LATE])
    place(g, 0, 4, 4)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
                  (MOVE, E), (MOVE, NE), (MOVE, NE))
    assert one(outs, OUT_EXTRA_TURN)[1] == 0  # after everyone's turn
    d = g.pending()
    assert d.kind == SELECT_CLUB and d.players == (0,) and d.extra
    outs = _round(g, {0: club("6 Iron")}, (MOVE, E))  # onto the next tee box: again
    assert one(outs, OUT_EXTRA_TURN)[1] == 0
    outs = _round(g, {0: club("Sand Wedge")}, (MOVE, W))  # a tee box, but no clubs left
    assert not kinds(outs, OUT_EXTRA_TURN)
    assert (OUT_HAND_RESET, 0, 0) in outs and g.pending().players == (0, 1, 2)


def test_an_extra_turn_may_be_declined_without_spending_a_club():
    """Rulebook (FAST TRAVEL): "if you end your turn on a tee box, you may take an extra
    turn at the end of the round." "If you end an extra turn on a tee box, you may take
    another extra turn." May: declining costs no club and ends that player's extra turns
    for the round; the next player's extra turn follows."""
    g = _chaos([EARLY, LATE, MIDDLE])
    place(g, 0, 4, 4)
    place(g, 1, 7, 4)
    _round(g, {0: club("8 Hybrid"), 1: club("5 Wood"), 2: club("8 Iron")},
           (MOVE, E), (MOVE, NE), (MOVE, W))  # seats 0 and 1 land on tee boxes
    assert g.pending().players == (0,) and (DECLINE,) in g.choices(0)
    outs = g.apply((DECLINE,), 0)
    assert one(outs, OUT_DECLINED)[1] == 0
    assert one(outs, OUT_EXTRA_TURN)[1] == 1 and g.pending().players == (1,)
    assert g.players[0].hand == sorted([club("6 Iron"), club("Sand Wedge")])
    outs = g.apply((DECLINE,), 1)
    assert not kinds(outs, OUT_EXTRA_TURN) and g.pending().players == (0, 1, 2)
    assert g.round == 2 and not kinds(outs, OUT_TURN)


def test_a_chained_extra_turn_may_be_declined_and_only_extra_turns_can_be():
    """Rulebook: "If you end an extra turn on a tee box, you may take another extra turn."
    Outside an extra turn a club must be chosen: declining is refused with the reason."""
    g = _chaos([EARLY, MIDDLE, LATE])
    err = raises(IllegalMove, g.apply, (DECLINE,), 0)
    assert "only an extra turn" in str(err)
    assert (DECLINE,) not in g.choices(0)
    place(g, 0, 4, 4)
    _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
           (MOVE, E), (MOVE, NE), (MOVE, NE))
    outs = _round(g, {0: club("6 Iron")}, (MOVE, E))  # the extra turn ends on a tee box
    assert one(outs, OUT_EXTRA_TURN)[1] == 0 and g.pending().extra
    assert g.choices(0) == [(SELECT, club("Sand Wedge")), (DECLINE,)]
    outs = g.apply((DECLINE,), 0)
    assert one(outs, OUT_DECLINED)[1] == 0 and g.pending().players == (0, 1, 2)
    assert g.players[0].hand == [club("Sand Wedge")]


def test_extra_turns_are_taken_in_initiative_order():
    """Rulebook: "If two players end their turn on a tee box, the player with the lowest
    initiative takes their extra turns first." """
    g = _chaos([LATE, EARLY, MIDDLE])
    place(g, 0, 7, 4)
    place(g, 1, 4, 4)
    outs = _round(g, {0: club("5 Wood"), 1: club("8 Hybrid"), 2: club("8 Iron")},
                  (MOVE, E), (MOVE, NE), (MOVE, W))
    assert one(outs, OUT_EXTRA_TURN)[1] == 1
    outs = _round(g, {1: club("6 Iron")}, (MOVE, NE))
    assert one(outs, OUT_EXTRA_TURN)[1] == 0


def test_the_game_ends_at_the_end_of_the_round_that_claims_the_last_five():
    """Rulebook: "Once someone has claimed the last 5-point token, the game ends at the
    end of that round." The rest of the round, extra turns included, is still played."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr"]
    g = _chaos([EARLY, MIDDLE, LATE], rows, HOLES[:1])
    place(g, 0, 6, 2)
    place(g, 1, 6, 1)
    place(g, 2, 2, 2)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
                  (MOVE, E), (MOVE, SE))
    assert not g.over
    outs = play(g, (MOVE, W))  # seat 2 onto the tee box: its extra turn comes first
    assert one(outs, OUT_EXTRA_TURN)[1] == 2 and not g.over
    outs = _round(g, {2: club("3 Wood")}, (MOVE, E))
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 5, 0), (2, 1, 2, 0), (3, 2, 0, 0))


def test_a_chaos_hole_in_one_is_a_hit_from_a_holes_tee_onto_its_green():
    """Holes are played in any order, so a hole-in-one is a shot from the hole's own tee
    box that lands on its green and claims a token."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrrr", "rrrrrrrrr"]
    g = _chaos([MIDDLE, LATE, [club("2 Iron")]], rows, [(3, (1, 2), (3, 2))],
               {"2": [face("2", "SS")]})
    outs = _round(g, {0: club("8 Iron"), 1: club("5 Wood"), 2: club("2 Iron")},
                  (PLAY,), (AIM, E))
    assert one(outs, OUT_SCORED)[3] == TOKEN_5
    assert one(outs, OUT_HOLE_IN_ONE)[1:] == (0, 1)
    assert kinds(outs, OUT_TURN)[-1][1] == 1


def test_there_is_no_tie_break_in_chaos_golf():
    """Rulebook (Chaos Golf, SCORING): "There is no tie-break". Equal points share the
    place even when one player holds a hole-in-one token (Match Play would break the tie
    with it)."""
    g = _chaos([EARLY, MIDDLE, LATE])
    for seat, score, hole_in_ones in ((0, 7, 0), (1, 7, 1), (2, 5, 2)):
        g.players[seat].score = score  # test set-up only: the final scores
        g.players[seat].hole_in_ones = hole_in_ones
    assert g.standings() == ((1, 0, 7, 0), (1, 1, 7, 1), (3, 2, 5, 2))


def test_everyone_tees_off_from_the_first_tee_and_staying_on_a_tee_earns_nothing():
    """Chaos Golf starts on the first tee box. An extra turn needs a turn that lands on a
    tee box: resetting the hand while standing on one does not chain turns forever."""
    g = _chaos([EARLY, MIDDLE, LATE])
    assert one(g.initial_outputs, OUT_NEXT_HOLE)[1:3] == ((0, 1, 2), 1)
    outs = _round(g, {0: club("8 Hybrid"), 1: club("8 Iron"), 2: club("5 Wood")},
                  (RESET,), (MOVE, NE), (MOVE, NE))
    assert not kinds(outs, OUT_EXTRA_TURN) and g.round == 2
