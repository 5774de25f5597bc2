# The Coastlines tiles (18 Holes expansion booklet, COASTLINES TILE PACK, HAZARDS):
# fescue, gorse and ocean. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (CLUBS, SHOTS, StackRng, ax, at, club, face, make_course, new_game, one,
                        place, play, select)
from teebox.core import course, terrain
from teebox.core.holes18 import cards
from teebox.core.holes18.engine import Game, IllegalMove, Setup
from teebox.core.hexgrid import E, NE
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, DECK, GREEN, MOVE, NORMAL, OUT_FLIGHT, OUT_MISS_TURN, PLAY, WATER)

HOLE = [(4, (1, 2), (7, 2))]
WAITER = [club("Driver"), club("5 Wood"), club("3 Wood")]


def _course(row2):
    # A straight hole along row 2, tee at (1,2), green at (7,2), rough around.
    return make_course(["rrrrrrrrr", "rrrrrrrrr", row2, "rrrrrrrrr", "rrrrrrrrr"], HOLE)


def _flight(outs):
    return one(outs, OUT_FLIGHT)


def _from(cell, hand, tops):
    # One golfer standing on ``cell`` at (3,2), the first round's club chosen next.
    g = new_game(_course("rTf%sfffGr" % cell), [hand], "stroke", tops)
    place(g, 0, 3, 2)
    return g


def test_a_course_with_coastline_terrain_plays_the_coastlines_rules():
    """Booklet: "When building your course shuffle the new course tiles in with your
    existing tiles": the tiles bring their hazards' rules, with or without "coast" in the
    setup (RULES-NOTES E-C1), and the game's setup (what its log and record keep) says
    so; a course without them plays the base game."""
    coast = _course("rTfFfffGr")
    for chosen in ((), ("coast",)):
        g = Game(coast, CLUBS, SHOTS, Setup(1, "stroke", expansions=chosen))
        assert g.expansions == ("coast",) and g.setup.expansions == ("coast",)
    # With the rulebook's VARIATION "hit through out-of-bounds", still the Coastlines.
    fx = Game(coast, CLUBS, SHOTS, Setup(1, "stroke", bounds="through")).effects
    assert not fx.off_course(terrain.OFF) and not fx.hybrids_help(terrain.FESCUE)
    inland = _course("rTfrfffGr")
    g = Game(inland, CLUBS, SHOTS, Setup(1, "stroke"))
    assert g.expansions == () and g.setup.expansions == ()
    g = Game(inland, CLUBS, SHOTS, Setup(1, "stroke", expansions=("coast",)))
    assert g.expansions == ("coast",) and g.setup.expansions == ("coast",)


def test_fescue_plays_as_rough_and_takes_the_hybrids_advantage_away():
    """Booklet, FESCUE: "When you land on Fescue even Hybrid clubs get no advantage when
    playing from them. Consider Fescue as rough and the flight of the ball will be of
    reduced distance." The 8 Hybrid follows the rough path "SL" of an "SSL" card from
    fescue, and its full path from plain rough."""
    for cell, path in (("F", (ax(4, 2), ax(4, 1))), ("r", (ax(4, 2), ax(5, 2), ax(5, 1)))):
        g = _from(cell, [club("8 Hybrid")], {"2": [face("2", "SSL")]})
        select(g, {0: club("8 Hybrid")})
        assert _flight(play(g, (PLAY,), (AIM, E)))[2] == path, cell
    g = _from("F", [club("8 Iron")], {"2": [face("2", "SSL")]})
    select(g, {0: club("8 Iron")})
    assert _flight(play(g, (PLAY,), (AIM, E)))[2] == (ax(4, 2), ax(4, 1))


def test_from_gorse_only_chipping_or_moving_one_hex():
    """Booklet, GORSE: "These shrubs are very hard to play out of. If you land in gorse you
    may only by CHIPPING or MOVE ONE." An iron, a wood or a big hit is refused with the
    reason; moving one hex is not."""
    hand = [club("8 Iron"), club("3 Wood"), club("9 Iron")]
    for c in (club("8 Iron"), club("3 Wood")):
        g = _from("Y", hand, {})
        select(g, {0: c})
        assert (PLAY,) not in g.choices() and (BIG_HIT,) not in g.choices()
        err = raises(IllegalMove, play, g, (PLAY,))
        assert "from the gorse you may only chip or move one hex" in str(err)
        assert "does not chip" in str(err)
        assert (MOVE, E) in g.choices()
        play(g, (MOVE, E))
        assert at(g, 0) == (4, 2)
    g = _from("Y", hand, {})
    select(g, {0: club("9 Iron")})
    assert "no big hit" in str(raises(IllegalMove, play, g, (BIG_HIT,)))
    assert (PLAY,) in g.choices()


def test_a_chip_out_of_gorse_plays_and_the_pitching_wedge_draws_from_the_chip_deck():
    """Booklet, GORSE: "you may only by CHIPPING": the Pitching Wedge (decks C and 2)
    draws from deck C out of the gorse, and its chip flies as usual."""
    chip = face("C", "SS")
    g = _from("Y", [club("Pitching Wedge")], {"C": [chip]})
    select(g, {0: club("Pitching Wedge")})
    play(g, (PLAY,))
    assert (DECK, cards.DECKS.index("2")) not in g.choices()
    err = raises(IllegalMove, play, g, (DECK, cards.DECKS.index("2")))
    assert "draw from deck C" in str(err)
    f = _flight(play(g, (DECK, cards.DECKS.index("C")), (AIM, E)))
    assert f[3] == ax(5, 2) and at(g, 0) == (5, 2)


def _ocean_shot(row2, tops=None, hand=None):
    # Seat 0 hits an 8 Iron "SS" east from the tee at (1,2); seat 1 waits with woods.
    g = new_game(_course(row2), [hand or [club("8 Iron"), club("6 Iron")], WAITER], "match",
                 tops or {"2": [face("2", "SS"), face("2", "SSL")]})
    select(g, {0: hand[0] if hand else club("8 Iron"), 1: club("Driver")})
    return g, _flight(play(g, (PLAY,), (AIM, E)))


def test_a_ball_in_the_ocean_steps_back_ashore_and_misses_the_next_turn():
    """Booklet, OCEAN: "In the ocean is not considered out of bounds. When you land in the
    ocean, step back along your flight path. Once you are back on shore, lay your golfer
    down as you miss the next turn (like the water hazard)." """
    g, f = _ocean_shot("rTf~fffGr")
    assert f[2] == (ax(2, 2), ax(3, 2)) and f[3] == ax(2, 2) and f[4] == WATER
    assert at(g, 0) == (2, 2) and g.players[0].miss_turn
    outs = play(g, (MOVE, NE))
    outs += select(g, {1: club("5 Wood")})
    assert one(outs, OUT_MISS_TURN)[1] == 0


def test_after_the_missed_turn_the_shore_hex_plays_as_rough_once():
    """Booklet, OCEAN: "Play the turn after that as though the hex was rough." The fairway
    hex ashore gives the 6 Iron's "SSL" card its rough path "SL", once."""
    g, f = _ocean_shot("rTf~fffGr")
    play(g, (MOVE, NE))
    select(g, {1: club("5 Wood")})
    play(g, (MOVE, NE))
    select(g, {0: club("6 Iron"), 1: club("3 Wood")})
    play(g, (PLAY,), (DECK, cards.DECKS.index("2")))
    f = _flight(play(g, (AIM, NE)))
    assert len(f[2]) == 2 and f[4] == NORMAL  # the rough path "SL", not "SSL"
    assert g.players[0].ashore is None  # once: the next shot from a fairway is a fairway shot


def test_a_flight_only_over_the_ocean_steps_back_to_where_it_was_hit():
    """Booklet, OCEAN: "step back along your flight path. Once you are back on shore":
    with no shore on the flight, the golfer is back where the shot was hit, still on
    land, and misses the next turn."""
    g, f = _ocean_shot("rT~~fffGr")
    assert f[3] == ax(1, 2) and f[4] == WATER and at(g, 0) == (1, 2)
    assert g.players[0].miss_turn


def test_the_ocean_is_in_bounds_and_a_ball_flies_over_it():
    """Booklet, OCEAN: "In the ocean is not considered out of bounds": a flight that
    passes over ocean and ends ashore lands as usual."""
    g, f = _ocean_shot("rT~ffffGr")
    assert f[3] == ax(3, 2) and f[4] == NORMAL and not g.players[0].miss_turn


def test_a_golfer_cannot_move_one_hex_into_the_ocean():
    """Booklet, OCEAN: a ball in the ocean steps back ashore, so a one-hex move into it
    would only step straight back: it is refused with the reason (RULES-NOTES E-C4)."""
    g = new_game(_course("rTf~fffGr"), [[club("8 Iron")]], "stroke")
    place(g, 0, 2, 2)
    select(g, {0: club("8 Iron")})
    assert (MOVE, E) not in g.choices()
    assert "ocean" in str(raises(IllegalMove, play, g, (MOVE, E)))


def test_the_sharks_ball_steps_back_ashore_but_he_misses_no_turn():
    """Booklet, OCEAN: "step back along your flight path ... miss the next turn (like the
    water hazard)"; rulebook, The Shark: "Water hazards are of no concern to The Shark".
    His ball still leaves the ocean; he plays on at once (RULES-NOTES E-C6)."""
    hands = [[club("8 Iron")], WAITER]
    g = Game(_course("rTf~fffGr"), CLUBS, SHOTS,
             Setup(2, "match", 1, hands, [("the-shark", "A"), None]),
             StackRng(1, {"2": [face("2", "SS")]}))
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    f = _flight(play(g, (PLAY,), (AIM, E)))
    assert f[3] == ax(2, 2) and f[4] == NORMAL and at(g, 0) == (2, 2)
    assert not g.players[0].miss_turn and g.players[0].ashore is None


def test_stepping_back_onto_the_green_reaches_it():
    """Booklet, OCEAN: "If you landed on the green, you putt from the side you arrived when
    stepping back through the flight path": the ball is on the green; without Reading the
    Greens that reaches it and ends the golfer's hole (RULES-NOTES E-C7)."""
    crs = make_course(["rrrrrrrrr", "rrrrrrrrr", "rTfffG~rr", "rrrrrrrrr", "rrrrrrrrr"],
                      [(4, (1, 2), (5, 2))])
    g = new_game(crs, [[club("8 Iron")]], "stroke", {"2": [face("2", "SS")]})
    place(g, 0, 4, 2)
    select(g, {0: club("8 Iron")})
    f = _flight(play(g, (PLAY,), (AIM, E)))
    assert f[2] == (ax(5, 2), ax(6, 2)) and f[3] == ax(5, 2) and f[4] == GREEN


def test_a_green_reached_only_through_the_ocean_is_refused_naming_line_and_cell():
    """Booklet, OCEAN: a ball in the ocean steps back ashore, so no golfer stands in it:
    a hole whose green only the ocean joins to its tee cannot be played."""
    text = "\n".join(["teebox-course 1", "name: Cove", "size: 5x3",
                      "hole 1 par 3 tee 0,1 green 4,1", "map:",
                      "~ ~ ~ ~ ~", " T f ~ f G", "~ ~ ~ ~ ~"]) + "\n"
    problems = course.check(text, 24, 16)[1]
    assert [(p.line, p.cell, p.message) for p in problems] == [
        (4, (4, 1), "hole 1: green can be reached from the tee (0,1) only through the ocean, "
                    "where no golfer stands (a ball in it steps back ashore)")]
    assert course.check(text.replace(" T f ~ f G", " T f F f G"), 24, 16)[1] == []
