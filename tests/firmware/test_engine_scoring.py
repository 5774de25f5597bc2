# Match Play scoring: flags, 1-point tokens, hole-in-ones, next hole, winning and
# tie-breaks. Runs under CPython and inside MicroPython.
from engine_kit import (at, club, face, kinds, make_course, new_game, one, place, play,
                        select)
from teebox.core import scoring
from teebox.core.hexgrid import E, NE, SE, W
from teebox.core.holes18.protocol import (
    AIM, DECK, FLAG, GAME_OVER, GREEN, MOVE, OUT_FLIGHT, OUT_GAME_OVER, OUT_HOLE_IN_ONE,
    OUT_NEXT_HOLE, OUT_REACHED, OUT_SCORED, PLAY, SELECT_CLUB, TOKEN_1)

ROWS = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rGrrrrrTr"]
HOLES = [(4, (1, 2), (7, 2)), (4, (7, 4), (1, 4))]
FIRST = [club("8 Iron"), club("6 Iron")]   # initiatives 10, 12: plays first
SECOND = [club("Driver"), club("3 Wood")]  # initiatives 34, 29: plays second


def _match(rows=ROWS, holes=HOLES, tops=None):
    g = new_game(make_course(rows, holes), [FIRST, SECOND], "match", tops)
    return g


def test_reaching_the_green_takes_the_flag_when_the_round_ends():
    """Rulebook: "6. Score flags: When a player reaches the green, they take the flag."
    The other players still take their turns in that round."""
    g = _match()
    place(g, 0, 6, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_REACHED)[1:] == (0, 1) and not kinds(outs, OUT_SCORED)
    assert g.pending().player == 1
    outs = play(g, (MOVE, NE))
    assert one(outs, OUT_SCORED)[1:] == (0, 1, FLAG, 1)
    assert g.players[0].score == 1 and g.players[0].tokens == [(1, FLAG)]


def test_two_players_reaching_the_green_in_the_same_round_share_the_hole():
    """Rulebook: "If multiple players reach the green in the same round, then one player
    takes the flag and the others a 1-point token." The first to arrive takes the flag."""
    g = _match()
    place(g, 0, 6, 2)
    place(g, 1, 6, 1)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (MOVE, E))
    outs = play(g, (MOVE, SE))
    scored = kinds(outs, OUT_SCORED)
    assert scored == [(OUT_SCORED, 0, 1, FLAG, 1), (OUT_SCORED, 1, 1, TOKEN_1, 1)]
    assert g.players[0].score == g.players[1].score == 1


def test_everyone_moves_to_the_next_tee_after_the_green_is_scored():
    """Rulebook: "8. Move to the next hole: After the players have received their green
    tokens, move all players to the tee box of the next hole." """
    g = _match()
    place(g, 0, 6, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (MOVE, E))
    outs = play(g, (MOVE, NE))
    assert one(outs, OUT_NEXT_HOLE)[1:3] == ((0, 1), 2)
    assert at(g, 0) == (7, 4) and at(g, 1) == (7, 4)
    assert g.players[0].hole == g.players[1].hole == 2
    assert g.pending().kind == SELECT_CLUB


def test_a_hole_in_one_is_a_first_turn_hit_from_the_tee_onto_the_green():
    """Rulebook: "A hole-in-one is scored on your first turn for the hole when you hit
    from the tee box and land on the green." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrrr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _match(rows, [(3, (1, 2), (3, 2))], {"2": [face("2", "SS")]})
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (PLAY,), (AIM, E))
    assert one(outs, OUT_FLIGHT)[4] == GREEN
    outs = play(g, (MOVE, W))
    assert one(outs, OUT_HOLE_IN_ONE)[1:] == (0, 1)
    assert g.players[0].hole_in_ones == 1


def test_no_hole_in_one_on_a_later_turn_from_the_tee():
    """Rulebook: "A hole-in-one is scored on your first turn for the hole when you hit
    from the tee box and land on the green." A hit from the tee box on the second turn of
    the hole is not one."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrrr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _match(rows, [(3, (1, 2), (3, 2))], {"2": [face("2", "SS"), face("2", "SS", nth=1)]})
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (PLAY,), (AIM, W))  # out of bounds: still on the tee
    play(g, (MOVE, W))
    select(g, {0: club("6 Iron"), 1: club("3 Wood")})
    play(g, (PLAY,), (DECK, 1), (AIM, E))
    outs = play(g, (MOVE, NE))
    assert one(outs, OUT_SCORED)[3] == FLAG and not kinds(outs, OUT_HOLE_IN_ONE)


def test_the_game_ends_after_the_last_hole_and_the_most_points_win():
    """Rulebook: "At the end of the course, each player counts the number of flags and
    1-point tokens they have. ... The player with the most points wins." """
    g = _match()
    place(g, 0, 6, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (MOVE, E), (MOVE, NE))
    place(g, 0, 2, 4)
    select(g, {0: club("6 Iron"), 1: club("3 Wood")})
    play(g, (MOVE, W))
    outs = play(g, (MOVE, W))
    over = one(outs, OUT_GAME_OVER)
    assert over[1] == ((1, 0, 2, 0), (2, 1, 0, 0))
    assert g.pending().kind == GAME_OVER and scoring.winners(g.standings()) == (0,)


def test_a_tie_goes_to_the_most_hole_in_one_tokens_then_is_shared():
    """Rulebook: "In the event of a tie, count up the hole-in-one tokens. The player with
    the most hole-in-one tokens wins the tie-break. If players are still tied, those
    players share the win." """
    table = scoring.standings([3, 3, 1], [0, 1, 4])
    assert table == ((1, 1, 3, 1), (2, 0, 3, 0), (3, 2, 1, 4))
    table = scoring.standings([3, 3, 1], [1, 1, 0])
    assert table == ((1, 0, 3, 1), (1, 1, 3, 1), (3, 2, 1, 0))
    assert scoring.winners(table) == (0, 1)
    assert scoring.standings([30, 28], [0, 0], lower_wins=True)[0] == (1, 1, 28, 0)


def test_players_who_share_the_last_hole_share_the_win():
    """Rulebook: "Multiple players score the points if they reach the green *on the same
    round*." "If players are still tied, those players share the win." Both reach the
    last green in the same round with equal points: a shared win in the standings."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _match(rows, [(4, (1, 2), (7, 2))])
    place(g, 0, 6, 2)
    place(g, 1, 6, 1)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (MOVE, E), (MOVE, SE))
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 1, 0), (1, 1, 1, 0))


def test_moving_one_hex_from_the_tee_onto_the_green_is_no_hole_in_one():
    """Rulebook: "A hole-in-one is scored on your first turn for the hole when you hit
    from the tee box and land on the green." A one-hex move is not a hit."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTGrrrrrr", "rrrrrrrrr"]
    g = _match(rows, [(3, (1, 2), (2, 2))])
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (MOVE, E), (MOVE, NE))
    assert one(outs, OUT_SCORED)[3] == FLAG and not kinds(outs, OUT_HOLE_IN_ONE)


def test_hole_in_one_tokens_break_a_tie_on_points():
    """Rulebook: "The player with the most hole-in-one tokens wins the tie-break." Both
    players reach the only green in the same round; the hole-in-one decides."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrrr", "rrrrrrrrr"]
    g = _match(rows, [(3, (1, 2), (3, 2))], {"2": [face("2", "SS")]})
    place(g, 1, 4, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (PLAY,), (AIM, E), (MOVE, W))
    assert one(outs, OUT_GAME_OVER)[1] == ((1, 0, 1, 1), (2, 1, 1, 0))
