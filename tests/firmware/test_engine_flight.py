# Ball flight: paths, trees, chips, rough, woods, out of bounds, wild and special
# cards, and the rulebook's worked examples. Runs under CPython and MicroPython.
from fwtest import raises

from engine_kit import (SHOT_LIST, ax, at, club, face, finish_turn, kinds, make_course,
                        new_game, one, place, play, select, shot_index)
from teebox.core.holes18 import cards
from teebox.core.holes18.engine import IllegalMove
from teebox.core.hexgrid import E, NE, SE, W
from teebox.core.holes18.protocol import (
    AIM, CHOOSE_CARD, CHOOSE_OUTCOME, DECLARE_DIRECTION, FOLLOW, FOLLOW_SPECIAL, GREEN,
    HIT_DIRECTION, KEEP, MOVE, NORMAL, OUT_CLUB_DISCARDED, OUT_CLUB_RETURNED, OUT_DRAW,
    OUT_FLIGHT, OUT_KEPT, OUT_LONGEST_DRIVE, OUT_MOVE, OUT_OF_BOUNDS, OUT_SHUFFLE, OUTCOME,
    PLAY, SELECT_CLUB, STOP, WATER)

# A straight hole along row 2: tee at (1,2), green at (7,2).
OPEN = ["rrrrrrrrr",
        "rrrrrrrrr",
        "rTfffffGr",
        "rrrrrrrrr",
        "rrrrrrrrr"]
HOLE = [(4, (1, 2), (7, 2))]


def _course(rows=OPEN, holes=HOLE):
    return make_course(rows, holes)


def _solo(clubs, rows=OPEN, tops=None, holes=HOLE):
    return new_game(_course(rows, holes), [clubs], "stroke", tops)


def _flight(outs):
    f = one(outs, OUT_FLIGHT)
    return f[2], f[3], f[4], f[5]


def _path(*cells):
    return tuple([ax(c, r) for c, r in cells])


def test_the_ball_follows_the_flight_path_to_the_orange_hex():
    """Rulebook: "Move your golfer along the numbered hexes until you reach the orange
    finishing hex." A card bending left turns 60 degrees counter-clockwise."""
    g = _solo([club("8 Iron")], tops={"2": [face("2", "SSL")]})
    outs = select(g, {0: club("8 Iron")}) + play(g, (PLAY,))
    assert len(kinds(outs, OUT_DRAW)) == 1 and kinds(outs, OUT_KEPT)
    d = g.pending()
    assert d.kind == HIT_DIRECTION and d.shot == shot_index(face("2", "SSL"))
    assert g.choices() == [(AIM, a) for a in range(6)]
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert path == _path((2, 2), (3, 2), (3, 1)) and land == ax(3, 1)
    assert outcome == NORMAL and tree == 0 and at(g, 0) == (3, 1)


def test_clare_two_iron_over_the_water():
    """Rulebook example: Clare plays a 2 Iron, draws from deck #4 a card that bends
    left, and hits off-course so the shape of the shot lands beyond the water hazard,
    next to the green. Water only counts where the ball ends its flight."""
    rows = ["rrrrrrrrr",
            "rfffffGrr",
            "rTfwwrrrr",
            "rrrrrrrrr"]
    g = _solo([club("2 Iron")], rows, {"4": [face("4", "SSSSL")]}, [(4, (1, 2), (6, 1))])
    select(g, {0: club("2 Iron")})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert ax(3, 2) in path and ax(4, 2) in path  # over the water
    assert land == ax(5, 1) and outcome == NORMAL
    assert at(g, 0) == (5, 1)  # beyond the water, next to the green at (6,1)
    assert not g.players[0].miss_turn and g.players[0].water == 0


def test_trees_stop_the_ball_one_hex_back_along_the_path():
    """Rulebook: "If your flight plan travels through a hex with fenced trees, then you
    must stop before entering any hex with the trees." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfftffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("5 Iron")], rows, {"3": [face("3", "SSSS")]})
    select(g, {0: club("5 Iron")})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert land == ax(3, 2) and tree == 1 and path == _path((2, 2), (3, 2))


def test_a_ball_knocked_back_by_trees_into_water_follows_the_water_rule():
    """Rulebook (Trees): "Move your ball one hex backwards along the flight path. If the
    next hex is a hazard, follow the rules for that hazard." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfwtffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = new_game(_course(rows), [[club("5 Iron")], [club("Driver")]], "match",
                 {"3": [face("3", "SSSS")]})
    select(g, {0: club("5 Iron"), 1: club("Driver")})  # initiative 19 before 34
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert land == ax(3, 2) and outcome == WATER and tree == 1
    assert g.players[0].miss_turn


def test_from_the_rough_the_card_rough_path_is_used():
    """Rulebook: "For clubs that draw from shot decks, there is a rough symbol on your
    shot card. Use this instead of the orange hex when determining the final destination."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTrffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("8 Iron")], rows, {"2": [face("2", "SSL")]})
    place(g, 0, 2, 2)
    select(g, {0: club("8 Iron")})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert path == _path((3, 2), (3, 1))  # rough path "SL": one hex less


def test_hybrids_suffer_no_rough_penalty():
    """Rulebook: "All hybrid clubs (3 Hybrid, 5 Hybrid and 8 Hybrid) suffer no penalties
    when hitting from the rough." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTrffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("8 Hybrid")], rows, {"2": [face("2", "SSL")]})
    place(g, 0, 2, 2)
    select(g, {0: club("8 Hybrid")})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert path == _path((3, 2), (4, 2), (4, 1))  # the full path


def test_woods_fly_a_set_distance_and_one_less_from_the_rough():
    """Rulebook: "the 5-Wood goes 2 hexes when played from the rough and 3 from a
    fairway." Woods draw no card: play, then choose the direction."""
    g = _solo([club("5 Wood"), club("5 Wood", 1)])
    select(g, {0: club("5 Wood")})
    outs = play(g, (PLAY,))
    assert not kinds(outs, OUT_DRAW) and g.pending().kind == HIT_DIRECTION
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert land == ax(4, 2)
    place(g, 0, 1, 1)  # rough
    select(g, {0: club("5 Wood", 1)})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert land == ax(3, 1)


def test_out_of_bounds_leaves_the_golfer_and_returns_the_club_to_the_hand():
    """Rulebook: "The ball is also out-of-bounds when it goes out-of-bounds for part of
    its flight and returns to a tile. When you are out-of-bounds, your golfer remains
    where they hit the shot. Return your club to your hand; your turn is over." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTf.fffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("5 Iron"), club("8 Iron")], rows, {"3": [face("3", "SSSS")]})
    select(g, {0: club("5 Iron")})
    play(g, (PLAY,))
    outs = play(g, (AIM, E))
    path, land, outcome, tree = _flight(outs)
    assert outcome == OUT_OF_BOUNDS and land == ax(1, 2) and at(g, 0) == (1, 2)
    assert one(outs, OUT_CLUB_RETURNED)[2] == club("5 Iron")
    assert club("5 Iron") in g.players[0].hand and not g.players[0].discards
    assert g.pending().kind == SELECT_CLUB  # the turn is over


def test_a_shot_off_the_edge_of_the_map_is_out_of_bounds():
    """Rulebook: "Whenever your ball leaves the course, it is out-of-bounds." """
    g = _solo([club("5 Wood")])
    select(g, {0: club("5 Wood")})
    play(g, (PLAY,))
    assert g.preview((AIM, W))[2] == OUT_OF_BOUNDS
    assert _flight(play(g, (AIM, W)))[2] == OUT_OF_BOUNDS


def test_landing_on_the_clubhouse_is_out_of_bounds_but_flying_over_it_is_not():
    """Rulebook: "Landing on the clubhouse is also considered out-of-bounds." Only
    landing on it counts."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfCfffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("5 Wood"), club("3 Wood")], rows)
    select(g, {0: club("5 Wood")})
    play(g, (PLAY,))
    assert g.preview((AIM, E)) is not None
    g2 = _solo([club("5 Wood")], ["rrrrrrrrr", "rrrrrrrrr", "rTffCffGr", "rrrrrrrrr",
                                  "rrrrrrrrr"])
    select(g2, {0: club("5 Wood")})
    play(g2, (PLAY,))
    assert _flight(play(g2, (AIM, E)))[2] == OUT_OF_BOUNDS  # 3 hexes: lands on (4,2)
    assert at(g2, 0) == (1, 2)
    land = _flight(play(g, (AIM, E)))
    assert land[1] == ax(4, 2) and land[2] == NORMAL  # flew over the clubhouse at (3,2)


def test_another_holes_green_plays_as_fairway():
    """Rulebook: "When playing from the green of another hole consider the tile
    fairway." Landing there scores nothing."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTfGrrrGr", "rrrrrrrrr", "rrrrrrTrr"]
    holes = [(4, (1, 2), (7, 2)), (3, (6, 4), (3, 2))]
    g = _solo([club("8 Iron"), club("8 Iron", 1)], rows,
              {"2": [face("2", "SS"), face("2", "SSL")]}, holes)
    select(g, {0: club("8 Iron")})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert land == ax(3, 2) and outcome == NORMAL and not g.players[0].done
    select(g, {0: club("8 Iron", 1)})
    play(g, (PLAY,))
    path, land, outcome, tree = _flight(play(g, (AIM, E)))
    assert path == _path((4, 2), (5, 2), (5, 1))  # full path: fairway, not rough


def test_chip_flies_over_an_adjacent_tree_brocks_nine_iron():
    """Rulebook example: Brock points to the tile to chip over (trees), plays the 9 Iron
    and draws a card drifting right back onto the fairway. "If the hex adjacent to your
    golfer is a tree you chip over it and land in the orange destination hex." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTtffffGr", "rrfffffrr", "rrrrrrrrr"]
    g = _solo([club("9 Iron")], rows, {"C": [face("C", "SR"), face("C", "SS")]})
    select(g, {0: club("9 Iron")})
    play(g, (PLAY,))
    assert g.pending().kind == DECLARE_DIRECTION  # before any card is drawn
    outs = play(g, (AIM, E))
    assert len(kinds(outs, OUT_DRAW)) == 2
    d = g.pending()
    assert d.kind == CHOOSE_CARD and d.declared == E
    outs = play(g, (KEEP, 0))
    path, land, outcome, tree = _flight(outs)
    assert path == _path((2, 2), (2, 3)) and land == ax(2, 3) and tree == 0


def test_chip_landing_on_a_tree_falls_back_to_the_hex_it_flew_over():
    """Rulebook: "You still cannot land on trees, if your target hex is a tree hazard
    then you land on the hex you would have chipped over." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTftfffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("Sand Wedge")], rows, {"C": [face("C", "SS")]})
    select(g, {0: club("Sand Wedge")})
    play(g, (PLAY,), (AIM, E))
    assert at(g, 0) == (2, 2)


def test_chip_into_two_trees_does_not_move():
    """Rulebook: "If that is also a tree hazard, your golfer does not move." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTttfffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("Sand Wedge")], rows, {"C": [face("C", "SS")]})
    select(g, {0: club("Sand Wedge")})
    outs = play(g, (PLAY,), (AIM, E))
    path, land, outcome, tree = _flight(outs)
    assert land == ax(1, 2) and tree == 1 and at(g, 0) == (1, 2)


def test_a_super_from_the_chip_deck_into_deck_two_loses_the_fly_over():
    """Rulebook: "A super hit from the chip deck that results in a draw from a shot deck
    other than the chip deck loses its ability to go over trees." """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTtffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("Sand Wedge")], rows,
              {"C": [face("C", special=cards.SUPER)], "2": [face("2", "SS")]})
    select(g, {0: club("Sand Wedge")})
    outs = play(g, (PLAY,), (AIM, E))
    assert len(kinds(outs, OUT_DRAW)) == 2
    path, land, outcome, tree = _flight(outs)
    assert land == ax(1, 2) and tree == 1


def test_chip_cards_suffer_no_rough_penalty():
    """Rulebook: "All shot cards drawn from the chip deck suffer no penalties when
    hitting from the rough. ... they always travel 2 hexes" """
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTrffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("Sand Wedge")], rows, {"C": [face("C", "SS")]})
    place(g, 0, 2, 2)
    select(g, {0: club("Sand Wedge")})
    play(g, (PLAY,), (AIM, E))
    assert at(g, 0) == (4, 2)


def test_the_lob_wedge_chooses_its_direction_after_the_draw():
    """Rulebook: "The Lob Wedge is a unique club in that you do not need to declare the
    direction you're going to hit the ball before you play it." """
    g = _solo([club("Lob Wedge")], tops={"C": [face("C", "SS")]})
    select(g, {0: club("Lob Wedge")})
    outs = play(g, (PLAY,))
    assert kinds(outs, OUT_DRAW) and g.pending().kind == HIT_DIRECTION
    play(g, (AIM, E))
    assert at(g, 0) == (3, 2)


def test_wild_card_lets_the_player_choose_an_outcome():
    """Rulebook: "When you draw a card with multiple outcomes on it, you can choose which
    one you want to use." """
    g = _solo([club("8 Iron")], tops={"2": [face("2", "SSL", wild=True)]})
    select(g, {0: club("8 Iron")})
    play(g, (PLAY,), (AIM, E))
    assert g.pending().kind == CHOOSE_OUTCOME
    assert g.choices() == [(OUTCOME, 0), (OUTCOME, 1)]
    path, land, outcome, tree = _flight(play(g, (OUTCOME, 1)))
    assert land == ax(3, 3)  # "SSR": the right-hand outcome


def test_wild_card_with_one_outcome_in_bounds_must_take_it():
    """Rulebook: "If one of the options is out-of-bounds, then you must take the only
    option that remains in play." The engine takes it without asking."""
    rows = ["rrrrrrrrr", "rrr.rrrrr", "rTfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("8 Iron")], rows, {"2": [face("2", "SSL", wild=True)]})
    select(g, {0: club("8 Iron")})
    play(g, (PLAY,))
    # The live preview shows the outcome the engine will take, not the one out of bounds.
    assert g.preview((AIM, E))[1] == ax(3, 3)
    outs = play(g, (AIM, E))
    path, land, outcome, tree = _flight(outs)
    assert land == ax(3, 3) and outcome == NORMAL


def test_wild_card_refuses_an_outcome_out_of_bounds_while_another_stays_in_play():
    """Rulebook: wild cards: "you must take the only option that remains in play"; with
    two left in play the player chooses between them."""
    rows = ["rrrrrrrrr", "rr.rrrrrr", "rTfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("8 Iron")], rows, {"2": [face("2", "SL", wild=True)]})
    select(g, {0: club("8 Iron")})
    play(g, (PLAY,), (AIM, E))
    assert g.choices() == [(OUTCOME, 1), (OUTCOME, 2)]
    err = raises(IllegalMove, g.apply, (OUTCOME, 0))
    assert "out of bounds" in str(err) and "stays in play" in str(err)


def test_super_and_short_cards_chain_for_a_single_card_draw():
    """Rulebook: "These cards chain, so it's possible to end up back in the deck that you
    started from". A single draw must follow them."""
    tops = {"2": [face("2", special=cards.SUPER), face("2", "SS")],
            "3": [face("3", special=cards.SHORT)]}
    g = _solo([club("8 Iron")], tops=tops)
    select(g, {0: club("8 Iron")})
    outs = play(g, (PLAY,))
    draws = [SHOT_LIST[o[3]].deck for o in kinds(outs, OUT_DRAW)]
    assert draws == ["2", "3", "2"]
    d = g.pending()
    assert d.kind == HIT_DIRECTION and SHOT_LIST[d.shot].id == face("2", "SS")
    assert len(d.piles) == 1 and len(d.piles[0]) == 3


def test_shuffle_card_puts_the_discards_back_and_draws_from_the_same_deck():
    """Rulebook: "When you draw a shuffle card, put all current discards from this shot
    deck back in and shuffle them. ... Always draw the replacement card from the same
    deck." Cards drawn this turn stay out."""
    tops = {"2": [face("2", "SS"), face("2", special=cards.SHUFFLE)]}
    g = _solo([club("8 Iron"), club("8 Hybrid")], tops=tops)
    select(g, {0: club("8 Iron")})
    play(g, (PLAY,), (AIM, E))
    assert g.decks.discarded("2") == 1
    select(g, {0: club("8 Hybrid")})
    outs = play(g, (PLAY,))
    assert one(outs, OUT_SHUFFLE)[1:] == (1, 1)  # deck index 1 is deck "2"; one card back
    draws = kinds(outs, OUT_DRAW)
    assert SHOT_LIST[draws[0][3]].special == cards.SHUFFLE
    assert SHOT_LIST[draws[1][3]].deck == "2"
    draws += kinds(finish_turn(g), OUT_DRAW)  # the replacement may chain on
    from_two = [o for o in draws if SHOT_LIST[o[3]].deck == "2"]
    assert g.decks.discarded("2") == len(from_two)  # the earlier discard went back in


def test_shuffle_card_with_no_discards_still_draws_a_replacement():
    """Rulebook: "If you draw a shuffle card and there is no discard pile, you do not need
    to shuffle the deck. You still need to draw a replacement card." """
    g = _solo([club("8 Iron")], tops={"2": [face("2", special=cards.SHUFFLE), face("2", "SS")]})
    select(g, {0: club("8 Iron")})
    outs = play(g, (PLAY,))
    assert one(outs, OUT_SHUFFLE)[2] == 0
    assert SHOT_LIST[g.pending().shot].id == face("2", "SS")


def test_gustavs_three_cards_choose_between_the_two_visible_tops():
    """Rulebook example: with a 2-card club one card is a super; following it is optional
    ("you may choose to follow the instructions"), the new card goes on top, and "you
    must pick one from the top cards visible"."""
    tops = {"2": [face("2", special=cards.SUPER), face("2", "SSS")], "3": [face("3", "SSSS")]}
    g = _solo([club("7 Iron")], tops=tops)
    select(g, {0: club("7 Iron")})
    play(g, (PLAY,))
    assert g.pending().kind == FOLLOW_SPECIAL
    assert g.choices() == [(FOLLOW, 0), (STOP,)]
    err = raises(IllegalMove, g.apply, (FOLLOW, 1))
    assert "not a super, short or shuffle" in str(err)
    outs = play(g, (FOLLOW, 0))
    assert SHOT_LIST[one(outs, OUT_DRAW)[3]].deck == "3"
    d = g.pending()
    assert d.kind == CHOOSE_CARD and len(d.piles[0]) == 2
    assert g.choices() == [(KEEP, 0), (KEEP, 1)]
    play(g, (KEEP, 0), (AIM, E))
    assert at(g, 0) == (5, 2)  # the deck 3 card: four straight


def test_a_two_card_draw_may_leave_a_special_unfollowed():
    """Rulebook: with 2 cards, following a super "you may choose"; an unfollowed super
    has no flight path, so the other card is played."""
    tops = {"2": [face("2", special=cards.SUPER), face("2", "SSS")]}
    g = _solo([club("7 Iron")], tops=tops)
    select(g, {0: club("7 Iron")})
    play(g, (PLAY,), (STOP,))
    d = g.pending()
    assert d.kind == HIT_DIRECTION and SHOT_LIST[d.shot].id == face("2", "SSS")


def test_longest_drive_flies_six_straight_and_its_player_keeps_the_card():
    """Rulebook: "When you draw and play this shot card, keep the longest drive card."
    "This shot card travels 6 hexes in a straight line." """
    rows = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffffffGr", "rrrrrrrrrr", "rrrrrrrrrr"]
    g = _solo([club("Driver")], rows,
              {"5": [face("5", special=cards.LONGEST_DRIVE), face("5", "SSSSS")]},
              [(4, (1, 2), (8, 2))])
    select(g, {0: club("Driver")})
    play(g, (PLAY,))
    outs = play(g, (KEEP, 0), (AIM, E))
    assert _flight(outs)[1] == ax(7, 2)
    assert one(outs, OUT_LONGEST_DRIVE)[1] == 0 and g.longest_drive == 0
    assert g.decks.discarded("5") == 1  # only the other card; the longest drive is kept


def test_longest_drive_stops_at_trees():
    """Rulebook: "It stops at trees as other shot cards do." """
    rows = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffftffGr", "rrrrrrrrrr", "rrrrrrrrrr"]
    g = _solo([club("Driver")], rows,
              {"5": [face("5", special=cards.LONGEST_DRIVE), face("5", "SSSSS")]},
              [(4, (1, 2), (8, 2))])
    select(g, {0: club("Driver")})
    play(g, (PLAY,))
    outs = play(g, (KEEP, 0), (AIM, E))
    assert _flight(outs)[1] == ax(4, 2) and _flight(outs)[3] == 1
    assert g.longest_drive == 0


def test_moving_one_hex_avoids_trees_the_clubhouse_and_the_edge():
    """Rulebook: "Place your golfer in one of the adjacent hexes. You cannot move onto a
    hex with a tree hazard or off the board." (nor land on the clubhouse)"""
    rows = ["rrrrrrrrr", "rrrrrrrrr", ".TtffffGr", "rCrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("8 Iron")], rows)
    select(g, {0: club("8 Iron")})
    moves = [c[1] for c in g.choices() if c[0] == MOVE]
    assert E not in moves and W not in moves and SE not in moves  # tree, edge, clubhouse
    assert NE in moves
    assert "tree hazard" in str(raises(IllegalMove, g.apply, (MOVE, E)))
    assert "off the course" in str(raises(IllegalMove, g.apply, (MOVE, W)))
    assert "clubhouse" in str(raises(IllegalMove, g.apply, (MOVE, SE)))
    outs = play(g, (MOVE, NE))
    assert one(outs, OUT_MOVE)[2] == ax(1, 1) and one(outs, OUT_CLUB_DISCARDED)
    assert at(g, 0) == (1, 1)


def test_moving_one_hex_onto_the_green_reaches_it():
    """A one-hex move ends on the green like any other way of getting there."""
    g = _solo([club("8 Iron")])
    place(g, 0, 6, 2)
    select(g, {0: club("8 Iron")})
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_MOVE)[3] == GREEN and g.players[0].done


def test_a_chip_flies_over_the_first_hex_of_its_path_even_when_it_bends_at_once():
    """The hex "adjacent to your golfer" that a chip flies over is the first hex of the
    card's flight path, also when the card bends on its first step."""
    rows = ["rrrrrrrrr", "rtrrrrrrr", "rTfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("Sand Wedge")], rows, {"C": [face("C", "LS")]})
    select(g, {0: club("Sand Wedge")})
    path, land, outcome, tree = _flight(play(g, (PLAY,), (AIM, E)))
    assert path == _path((1, 1), (2, 0)) and land == ax(2, 0) and tree == 0


def test_a_chip_does_not_fly_over_the_edge_of_the_course():
    """Chips fly over trees only: off the board is out of bounds for every shot."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", ".TfffffGr", "rrrrrrrrr", "rrrrrrrrr"]
    g = _solo([club("Sand Wedge")], rows, {"C": [face("C", "SS")]})
    select(g, {0: club("Sand Wedge")})
    assert _flight(play(g, (PLAY,), (AIM, W)))[2] == OUT_OF_BOUNDS


def test_a_longest_drive_out_of_bounds_is_not_kept():
    """The longest drive card is a memento of a drive: one that went out of bounds is
    discarded like any card and nobody holds it."""
    g = _solo([club("Driver")], OPEN,
              {"5": [face("5", special=cards.LONGEST_DRIVE), face("5", "SSSSS")]})
    select(g, {0: club("Driver")})
    play(g, (PLAY,))
    outs = play(g, (KEEP, 0), (AIM, W))
    assert _flight(outs)[2] == OUT_OF_BOUNDS and not kinds(outs, OUT_LONGEST_DRIVE)
    assert g.longest_drive == -1 and g.decks.discarded("5") == 2
