# Hazards: water, lakes, bunkers (exits, Sand Wedge); the coastline cells are in
# test_coastlines.py. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (SHOTS, ax, at, club, face, make_course, new_game, one, place, play,
                        select)
from teebox.core.holes18 import cards
from teebox.core.holes18.engine import IllegalMove
from teebox.core.hexgrid import E, NE, W
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, BUNKER, CHOOSE_DECK, DECK, DECLARE_DIRECTION, EXIT_BUNKER, MOVE, NORMAL, OUT_BUNKER,
    OUT_CLUB_RETURNED, OUT_DRAW, OUT_FLIGHT, OUT_MISS_TURN, OUT_NEXT_HOLE, OUT_OF_BOUNDS,
    OUT_REVEAL, PLAY, RESET, SELECT_CLUB, WATER)


def _rows(cell):
    # A straight hole along row 2 with ``cell`` at (3,2).
    return ["rrrrrrrrr", "rrrrrrrrr", "rTf%sfffGr" % cell, "rrrrrrrrr", "rrrrrrrrr"]


HOLE = [(4, (1, 2), (7, 2))]
WAITER = [club("Driver"), club("5 Wood"), club("3 Wood")]


def _flight(outs):
    return one(outs, OUT_FLIGHT)


def _water_then_play(cell):
    # Seat 0 hits into (3,2), misses a round, then plays a 6 Iron from deck 2 with "SSL".
    g = new_game(make_course(_rows(cell), HOLE), [[club("8 Iron"), club("6 Iron")], WAITER],
                 "match", {"2": [face("2", "SS"), face("2", "SSL")]})
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    outs = play(g, (PLAY,), (AIM, E))
    assert _flight(outs)[4] == WATER and g.players[0].miss_turn
    outs = play(g, (MOVE, NE))  # seat 1 waits its turns out; round 2 begins
    outs += select(g, {1: club("5 Wood")})
    return g, outs


def test_water_misses_the_next_turn():
    """Rulebook: "Water hazards apply when the ball ends its flight on that hex. You miss
    your next turn. ... On your next turn, stand your golfer up and skip the round." """
    g, outs = _water_then_play("w")
    assert g.round == 2 and one(outs, OUT_MISS_TURN)[1] == 0
    assert not g.players[0].miss_turn and g.players[0].missed == 1
    assert one(outs, OUT_REVEAL)[1] == ((1, club("5 Wood")),)
    assert g.pending().player == 1
    g2 = new_game(make_course(_rows("w"), HOLE), [[club("8 Iron")], WAITER], "match",
                  {"2": [face("2", "SS")]})
    select(g2, {0: club("8 Iron"), 1: club("Driver")})
    play(g2, (PLAY,), (AIM, E), (MOVE, NE))
    d = g2.pending()
    assert d.kind == SELECT_CLUB and d.players == (1,)  # seat 0 skips this round


def test_water_plays_as_rough_after_the_missed_turn():
    """Rulebook: "You play your next shot from the water tile. Play the water tile as
    rough unless it is a fairway with a lake." """
    g, outs = _water_then_play("w")
    play(g, (MOVE, NE))
    select(g, {0: club("6 Iron"), 1: club("3 Wood")})
    assert g.pending().player == 0  # plays again in round 3
    play(g, (PLAY,), (DECK, 1))
    f = _flight(play(g, (AIM, E)))
    assert f[2] == (ax(4, 2), ax(4, 1))  # the rough path "SL"


def test_a_fairway_with_a_lake_plays_as_fairway():
    """Rulebook: "In that case, it is considered fairway." The lake still costs the turn."""
    g, outs = _water_then_play("l")
    play(g, (MOVE, NE))
    select(g, {0: club("6 Iron"), 1: club("3 Wood")})
    play(g, (PLAY,), (DECK, 1))
    f = _flight(play(g, (AIM, E)))
    assert f[2] == (ax(4, 2), ax(5, 2), ax(5, 1))  # the full path "SSL"


def test_moving_into_water_also_misses_a_turn():
    """The water rule applies wherever the golfer ends the turn, a one-hex move included."""
    g = new_game(make_course(_rows("w"), HOLE), [[club("8 Iron")], WAITER], "match")
    place(g, 0, 2, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (MOVE, E))
    assert g.players[0].miss_turn


def test_water_status_is_removed_when_everyone_moves_to_the_next_hole():
    """Rulebook: "9. Remove any hazard effects: Any players that were about to miss a turn
    because of a water hazard have this status removed." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfwfffGr", "rrrrrrrrr", "rrrrTrrGr"]
    holes = [(4, (1, 2), (7, 2)), (3, (4, 4), (7, 4))]
    g = new_game(make_course(rows, holes), [[club("8 Iron")], WAITER], "match",
                 {"2": [face("2", "SS")]})
    place(g, 1, 6, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (PLAY,), (AIM, E))
    assert g.players[0].miss_turn
    outs = play(g, (MOVE, E))  # seat 1 reaches the green: the hole is over
    assert one(outs, OUT_NEXT_HOLE)[2] == 2
    assert not g.players[0].miss_turn and at(g, 0) == (4, 4)
    assert not [o for o in outs if o[0] == OUT_MISS_TURN]
    assert g.pending().players == (0, 1)


def _bunkered(hand, tops=None, cell="b"):
    g = new_game(make_course(_rows(cell), HOLE), [hand], "stroke", tops)
    place(g, 0, 3, 2)
    return g


def test_in_a_bunker_you_must_exit_or_reset():
    """Rulebook: "When you land in a bunker, you must get out before continuing play."
    "Unless in a bunker, you have the option of moving one hex." """
    g = _bunkered([club("8 Iron"), club("Sand Wedge")])
    select(g, {0: club("8 Iron")})
    assert g.choices() == [(EXIT_BUNKER,), (RESET,)]
    err = raises(IllegalMove, g.apply, (PLAY,))
    assert str(err) == "you are in a bunker: exit it or reset your hand"
    assert "bunker" in str(raises(IllegalMove, g.apply, (MOVE, E)))


def test_sebastian_exits_the_bunker_to_the_right_of_his_target():
    """Rulebook example: Sebastian declares he is hitting towards the green; the bunker
    outcome shows the ball going right, so he "moves to the right (B) of the direction he
    declared"."""
    g = _bunkered([club("8 Iron")], {"2": [face("2", bunker=cards.RIGHT)]})
    select(g, {0: club("8 Iron")})
    play(g, (EXIT_BUNKER,))
    assert g.pending().kind == DECLARE_DIRECTION
    outs = play(g, (AIM, E))
    assert one(outs, OUT_BUNKER)[2] == cards.RIGHT
    assert _flight(outs)[3] == ax(3, 3) and at(g, 0) == (3, 3)  # south-east: right of east


def test_bunker_exit_left_target_and_stay():
    """Rulebook: the four bunker outcomes: "remain in the bunker, move to the left of your
    target hex, move to your target hex, move to the right of your target hex"."""
    for icon, cell in ((cards.LEFT, (3, 1)), (cards.TARGET, (4, 2)), (cards.STAY, (3, 2))):
        g = _bunkered([club("8 Iron")], {"2": [face("2", bunker=icon)]})
        select(g, {0: club("8 Iron")})
        outs = play(g, (EXIT_BUNKER,), (AIM, E))
        assert at(g, 0) == cell
        assert _flight(outs)[4] == (BUNKER if icon == cards.STAY else NORMAL)


def test_bunker_exit_with_a_two_deck_club_chooses_the_deck_first():
    """Rulebook: "Draw a single shot card from one of the decks shown on the card." """
    g = _bunkered([club("6 Iron")], {"3": [face("3", bunker=cards.TARGET)]})
    select(g, {0: club("6 Iron")})
    play(g, (EXIT_BUNKER,))
    assert g.pending().kind == CHOOSE_DECK
    outs = play(g, (DECK, 2), (AIM, E))
    assert at(g, 0) == (4, 2) and len([o for o in outs if o[0] == OUT_BUNKER]) == 1


def test_a_wood_cannot_get_out_of_a_bunker():
    """Rulebook (4.D EXIT BUNKER): "Draw **a single shot card from one of the decks**
    shown on the card. Instead of looking at the flight path of the shot card, look at the
    bunker outcome icon". Woods show no deck, so they cannot exit a bunker."""
    g = _bunkered([club("5 Wood")])
    select(g, {0: club("5 Wood")})
    assert g.choices() == [(RESET,)]
    assert "no shot deck" in str(raises(IllegalMove, g.apply, (EXIT_BUNKER,)))


def test_the_sand_wedge_plays_the_bunker_as_rough():
    """Rulebook: "When the club you have chosen to play is the sand wedge, you consider the
    bunker as rough. You do not need to perform the exit bunker action." """
    g = _bunkered([club("Sand Wedge")], {"C": [face("C", "SS")]})
    select(g, {0: club("Sand Wedge")})
    legal = g.choices()
    assert (PLAY,) in legal and (BIG_HIT,) in legal and (EXIT_BUNKER,) in legal
    assert not [c for c in legal if c[0] == MOVE]
    play(g, (PLAY,), (AIM, E))
    assert at(g, 0) == (5, 2)


def test_a_sand_wedge_left_in_the_hand_does_not_protect_you():
    """Rulebook: "If your sand wedge is in your hand or your discard pile, it does not
    protect you from bunkers." """
    g = _bunkered([club("8 Iron"), club("Sand Wedge")])
    select(g, {0: club("8 Iron")})
    assert (PLAY,) not in g.choices()


def test_a_ball_stopped_by_a_tree_next_to_the_water_stays_in_the_water():
    """Rulebook (Trees): "If the next hex is a hazard, follow the rules for that hazard":
    a shot from the water straight into trees ends its flight on the water again."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfwtffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = new_game(make_course(rows, HOLE), [[club("5 Iron")], WAITER], "match",
                 {"3": [face("3", "SSSS")]})
    place(g, 0, 3, 2)
    select(g, {0: club("5 Iron"), 1: club("Driver")})
    f = _flight(play(g, (PLAY,), (AIM, E)))
    assert f[3] == ax(3, 2) and f[4] == WATER and f[5] == 1 and g.players[0].miss_turn


def test_a_bunker_exit_reads_only_the_bunker_icon_of_the_one_card_drawn():
    """Rulebook: "Draw a single shot card ... Instead of looking at the flight path of the
    shot card, look at the bunker outcome icon": a super card is not followed."""
    sup = face("2", special=cards.SUPER)
    g = _bunkered([club("8 Iron")], {"2": [sup]})
    select(g, {0: club("8 Iron")})
    outs = play(g, (EXIT_BUNKER,), (AIM, E))
    assert len([o for o in outs if o[0] == OUT_DRAW]) == 1
    icon = [s for s in SHOTS["2"] if s.id == sup][0].bunker
    assert one(outs, OUT_BUNKER)[2] == icon


def test_a_bunker_exit_into_trees_stays_and_off_the_course_is_out_of_bounds():
    """The exit hex follows the usual landing rules: trees stop the ball (back into the
    bunker), off the board is out of bounds (the club returns to the hand)."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfbtffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = new_game(make_course(rows, HOLE), [[club("8 Iron")]], "stroke",
                 {"2": [face("2", bunker=cards.TARGET)]})
    place(g, 0, 3, 2)
    select(g, {0: club("8 Iron")})
    f = _flight(play(g, (EXIT_BUNKER,), (AIM, E)))
    assert f[3] == ax(3, 2) and f[4] == BUNKER and f[5] == 1
    rows = ["rrrrrrrrr", "rrrrrrrrr", ".bTffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = new_game(make_course(rows, [(4, (2, 2), (7, 2))]), [[club("8 Iron")]], "stroke",
                 {"2": [face("2", bunker=cards.TARGET)]})
    place(g, 0, 1, 2)
    select(g, {0: club("8 Iron")})
    outs = play(g, (EXIT_BUNKER,), (AIM, W))
    assert _flight(outs)[4] == OUT_OF_BOUNDS and one(outs, OUT_CLUB_RETURNED)
