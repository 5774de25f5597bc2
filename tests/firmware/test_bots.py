# Computer players: legal, deterministic, and sensible. Runs under CPython and
# inside MicroPython.
from fwtest import raises

from engine_kit import (CLUBS, SHOTS, StackRng, ax, club, face, make_course, new_game, place, play,
                        select, shot_index)
from teebox.core import hexgrid
from teebox.core.holes18 import bots, cards, golfers
from teebox.core.holes18.engine import Game, Setup
from teebox.core.hexgrid import E
from teebox.core.holes18.protocol import (AIM, BIG_HIT, DECLARE_DIRECTION, DECLINE,
                                          DISCARD, EXIT_BUNKER, EXTRA, GAME_OVER, HIT_DIRECTION, KEEP,
                                          MOVE, PICK, PLAY, RESET, SELECT)
from teebox import shipped

STARTER = shipped.load_builtin("starter")
ROWS = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffffffGr", "rrrrrrrrrr", "rrrrrrrrrr"]
HOLE = [(4, (1, 2), (8, 2))]


def _acting(g):
    d = g.pending()
    return d.waiting[0] if d.waiting else d.players[0]


def test_the_random_bot_only_makes_legal_choices_and_repeats_itself_from_a_seed():
    runs = []
    for _ in range(2):
        g = Game(STARTER, CLUBS, SHOTS, Setup(3, "chaos", 9, "draft"))
        players = [bots.RandomBot(40 + i) for i in range(3)]
        for _ in range(150):
            if g.pending().kind == GAME_OVER:
                break
            seat = _acting(g)
            choice = players[seat].choose(g, seat)
            assert choice in g.choices(seat)
            g.apply(choice, seat)
        runs.append(g.state_digest())
    assert runs[0] == runs[1]


def test_sensible_bots_finish_a_game_on_the_starter_course():
    g = Game(STARTER, CLUBS, SHOTS, Setup(2, "match", 21, "first-game"))
    table = bots.play_game(g, [bots.SensibleBot(1), bots.SensibleBot(2)])
    assert g.over and table == g.standings()
    assert sum([row[2] for row in table]) >= STARTER.hole_count  # every hole was won


def test_the_sensible_bot_hits_toward_the_green():
    g = new_game(make_course(ROWS, HOLE), [[club("5 Iron")]], "stroke",
                 {"3": [face("3", "SSS")]})
    select(g, {0: club("5 Iron")})
    play(g, (PLAY,))
    assert bots.SensibleBot().choose(g, 0) == (AIM, E)


def test_the_sensible_bot_steps_onto_an_adjacent_green():
    g = new_game(make_course(ROWS, HOLE), [[club("Driver"), club("8 Iron")]], "stroke")
    place(g, 0, 7, 2)
    select(g, {0: club("8 Iron")})
    assert bots.SensibleBot().choose(g, 0) == (MOVE, E)


def test_the_sensible_bot_takes_a_long_club_when_far_and_a_short_one_when_close():
    hand = [club("2 Iron"), club("Lob Wedge"), club("8 Iron")]
    g = new_game(make_course(ROWS, HOLE), [hand], "stroke")
    bot = bots.SensibleBot()
    assert bot.choose(g, 0) == (SELECT, club("2 Iron"))  # seven hexes out
    place(g, 0, 6, 2)
    assert bot.choose(g, 0) == (SELECT, club("Lob Wedge"))  # two hexes out: a chip


def test_the_sensible_bot_discards_the_card_that_would_help_the_hitter_most():
    tops = {"3": [face("3", "SSS"), face("3", "SSSS")]}
    g = new_game(make_course(ROWS, HOLE), [[club("8 Iron")], [club("Driver")]], "match", tops)
    place(g, 0, 4, 2)
    select(g, {0: club("8 Iron"), 1: club("Driver")})
    play(g, (BIG_HIT,))
    d = g.pending()
    best = [i for i in range(2) if g.shot_list[d.piles[i][0]].id == face("3", "SSSS")][0]
    assert bots.SensibleBot().choose(g, 1) == (DISCARD, best)  # four hexes: onto the green


def test_the_sensible_bot_keeps_the_card_that_lands_on_the_green():
    tops = {"2": [face("2", "SS"), face("2", "SSS")]}
    g = new_game(make_course(ROWS, HOLE), [[club("7 Iron")]], "stroke", tops)
    place(g, 0, 5, 2)
    select(g, {0: club("7 Iron")})
    play(g, (PLAY,))
    d = g.pending()
    keep = [i for i in range(2) if g.shot_list[d.piles[i][0]].id == face("2", "SSS")][0]
    assert bots.SensibleBot().choose(g, 0) == (KEEP, keep)


def test_in_chaos_golf_the_sensible_bot_goes_for_the_nearest_green_with_a_token():
    rows = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffffffGr", "rrrrrrrrrr", "rGrrrrrrTr"]
    holes = [(4, (1, 2), (8, 2)), (4, (8, 4), (1, 4))]
    hands = [[club("8 Iron")], [club("5 Wood")], [club("Driver")]]
    g = new_game(make_course(rows, holes), hands, "chaos")
    place(g, 0, 2, 4)
    select(g, {0: club("8 Iron"), 1: club("5 Wood"), 2: club("Driver")})
    choice = bots.SensibleBot().choose(g, 0)
    q, r = hexgrid.neighbour(g.players[0].q, g.players[0].r, choice[1])
    assert choice[0] == MOVE and g.course.green_hole(q, r) == 2


def _extra_turn_with(second_club):
    # Chaos Golf: seat 0 steps onto the tee box two hexes from hole 1's green and is
    # offered an extra turn, holding only ``second_club``; hole 2's tokens are gone.
    rows = ["rrrrrrrrG", "rTrrrrrrr", "rrrrrTrGr", "rrrrrrrrr"]
    holes = [(4, (1, 1), (7, 2)), (4, (5, 2), (8, 0))]
    hands = [[club("8 Hybrid"), club(second_club)], [club("5 Wood")], [club("8 Iron")]]
    g = new_game(make_course(rows, holes), hands, "chaos")
    g.mode.five[2] = g.mode.two[2] = 0
    place(g, 0, 4, 2)
    select(g, {0: club("8 Hybrid"), 1: club("5 Wood"), 2: club("8 Iron")})
    play(g, (MOVE, E), (MOVE, E), (MOVE, E))
    assert g.pending().extra and (DECLINE,) in g.choices(0)
    return g


def test_the_sensible_bot_declines_an_extra_turn_only_its_clubs_would_waste():
    """Rulebook: "if you end your turn on a tee box, you may take an extra turn". Two
    hexes from the green, the Driver would fly far past it: the bot keeps the club; a
    9 Iron lands about there, so it takes the turn."""
    assert bots.SensibleBot().choose(_extra_turn_with("Driver"), 0) == (DECLINE,)
    assert bots.SensibleBot().choose(_extra_turn_with("9 Iron"), 0) == (SELECT, club("9 Iron"))


def test_play_game_gives_up_after_its_limit():
    g = Game(STARTER, CLUBS, SHOTS, Setup(2, "match", 3))
    err = raises(RuntimeError, bots.play_game, g, [bots.RandomBot(1), bots.RandomBot(2)], 10)
    assert "did not finish within 10 choices" in str(err)


def test_the_sensible_bot_measures_the_walk_round_out_of_bounds_not_the_crow_flight():
    """Issue 18: a golfer three hexes from the green as the crow flies, with out of bounds
    between, is five steps away round the end of it. Measured as the crow flies, every
    landing across the gap looked near, and bots in such a pocket never left it."""
    rows = ["rrrrrrrr", "rrr.rrrr", "rTr.rGrr", "rrr.rrrr", "rrr.rrrr"]
    crs = make_course(rows, [(3, (1, 2), (5, 2))])
    walk = bots.walk_distances(crs, [hexgrid.from_offset(5, 2)])

    def at(col, row):
        return walk[hexgrid.cell_index(*hexgrid.from_offset(col, row), crs.width)]
    assert hexgrid.distance(*hexgrid.from_offset(2, 2), *hexgrid.from_offset(5, 2)) == 3
    assert (at(2, 2), at(3, 0), at(5, 2), at(4, 2)) == (5, 3, 0, 1)
    assert at(3, 2) == 255  # out of bounds: no golfer stands there


def test_a_wood_whose_best_flight_is_out_of_bounds_is_not_played_but_the_hand_reset():
    """Rulebook, 4.E: "You may choose not to hit the ball and reset your hand." Two hexes
    from a green ringed by bunkers, with only the 3 Wood in hand: each of its flights
    lands far past the green or out of bounds, and out of bounds gives the club back
    ("your golfer remains where they hit the shot. Return your club to your hand"): the
    next round offers the same. Issue 11: coastline, seed 84, the bot hit it out round
    after round; it resets its hand instead (a step into a bunker is no better)."""
    rows = ["rrrrrrrrr", "rrrrrrbbr", "rTffffbGb", "rrrrrrbbr", "rrrrrrrrr"]
    g = new_game(make_course(rows, [(4, (1, 2), (7, 2))]), [[club("3 Wood")]], "stroke")
    g.players[0].discards = [club("8 Iron")]  # test set-up only: played earlier
    place(g, 0, 5, 2)
    select(g, {0: club("3 Wood")})
    assert bots.SensibleBot().choose(g, 0) == (RESET,)
    play(g, (RESET,))
    assert sorted(g.players[0].hand) == [club("8 Iron")]


def test_the_sensible_bot_drafts_a_club_of_two_cards_before_a_wedge_of_one():
    """Rulebook: the chip deck's direction is declared "before you draw any cards", and 8
    of its 12 cards curve off it: a wedge, drawing one card, misses where the 9 Iron,
    choosing between two, less often does. The Lob Wedge needs no declared direction
    ("you do not need to declare the direction"), but still draws one card. Issue 11:
    drafted like the 9 Iron, wedges cost the bot strokes. Holding the Driver, the bot
    takes the 9 Iron or the 8 Iron over a wedge."""
    for wedge, other in (("Lob Wedge", "9 Iron"), ("Lob Wedge", "8 Iron"),
                         ("Sand Wedge", "9 Iron"), ("Pitching Wedge", "8 Iron")):
        g = Game(STARTER, CLUBS, SHOTS, Setup(2, "stroke", 3, "draft"))
        g.players[0].hand = [club("Driver")]  # test set-up: picked earlier
        g.packets[0] = [club(wedge), club(other)]
        assert bots.SensibleBot().choose(g, 0) == (PICK, club(other)), wedge


def test_the_bots_iron_jane_a_takes_a_second_long_club_last():
    """Iron Jane A: "Before the Club Draft, the player with Iron Jane selects their clubs
    from the clubs available." The bot's Iron Jane takes the Driver, the 9 Iron and a
    spread between, and last the longest club left that plays off any lie: a fifth club
    between the others' reaches played worse than her B-side's four (issue 11)."""
    longs = ("2 Iron", "3 Iron", "3 Wood")
    for seed in range(1, 6):
        g = Game(STARTER, CLUBS, SHOTS, Setup(2, "stroke", seed, "draft",
                                              [("iron-jane", "A"), None]))
        jane = bots.SensibleBot(seed)
        while not g.players[0].hand or len(g.players[0].hand) < 5:
            g.apply(jane.choose(g, 0), 0)
        names = [g.clubs[c].name for c in g.players[0].hand]
        assert "Driver" in names and "9 Iron" in names, names
        assert len([n for n in names if n in longs]) == 2, names
        assert not [n for n in names if n.endswith("Wedge")], names


def test_the_bots_shark_chips_over_water_he_ignores():
    """The Shark A: "Water hazards are of no concern to The Shark ... Treat them as per
    the underlying tile." Two hexes short of a green's water, the bot's Shark declares
    his chip straight at it; a golfer without his card chips elsewhere (issue 11: a
    chip's or a wood's flight was judged as if the water struck him too)."""
    rows = ["rrrrrrrrr", "rrrrrrrrr", "rTffwGrrr", "rrrrrrrrr", "rrrrrrrrr"]
    crs = make_course(rows, [(3, (1, 2), (5, 2))])
    aims = []
    for golfer in (("the-shark", "A"), None):
        g = Game(crs, CLUBS, SHOTS, Setup(1, "stroke", 1, [[club("9 Iron")]], [golfer]))
        place(g, 0, 2, 2)
        select(g, {0: club("9 Iron")})
        play(g, (PLAY,))
        aims.append(bots.SensibleBot().choose(g, 0))
    assert aims[0] == (AIM, E) and aims[1] != (AIM, E)


BUNKERS = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffbffbGr", "rrrrrrrrrr", "rrrrrrrrrr"]


def test_the_sensible_bot_chips_out_of_a_bunker_with_its_sand_wedge():
    """Rulebook, 4.D EXIT BUNKER: "When the club you have chosen to play is the sand
    wedge, you consider the bunker as rough. You do not need to perform the exit bunker
    action." Four hexes short of the green in a bunker, holding the Sand Wedge and an 8
    Iron, the bot lays the Sand Wedge and plays it (a chip of two hexes, declared toward
    the green as every chip is) rather than exit one hex."""
    g = new_game(make_course(BUNKERS, HOLE), [[club("8 Iron"), club("Sand Wedge")]])
    place(g, 0, 4, 2)
    bot = bots.SensibleBot()
    assert bot.choose(g, 0) == (SELECT, club("Sand Wedge"))
    select(g, {0: club("Sand Wedge")})
    assert (EXIT_BUNKER,) in g.choices(0) and bot.choose(g, 0) == (PLAY,)
    play(g, (PLAY,))
    assert g.pending().kind == DECLARE_DIRECTION and bot.choose(g, 0) == (AIM, E)


def test_beside_the_green_the_sensible_bot_exits_the_bunker_and_keeps_its_sand_wedge():
    """A chip flies two hexes (rulebook, PLAYING FROM THE ROUGH: chip cards "always
    travel 2 hexes"): from a bunker beside the green the Sand Wedge's chip flies past
    it, where an exit ("move to your target hex") lands on it. The bot exits with its
    other club and keeps the Sand Wedge for a bunker it chips out of."""
    g = new_game(make_course(BUNKERS, HOLE), [[club("8 Iron"), club("Sand Wedge")]])
    place(g, 0, 7, 2)
    bot = bots.SensibleBot()
    assert bot.choose(g, 0) == (SELECT, club("8 Iron"))
    select(g, {0: club("8 Iron")})
    assert bot.choose(g, 0) == (EXIT_BUNKER,)
    # Holding only the Sand Wedge there, it exits with it rather than chip past.
    g = new_game(make_course(BUNKERS, HOLE), [[club("Sand Wedge")]])
    place(g, 0, 7, 2)
    select(g, {0: club("Sand Wedge")})
    assert (PLAY,) in g.choices(0) and bot.choose(g, 0) == (EXIT_BUNKER,)


def test_the_sensible_bot_chips_with_its_lob_wedge_and_aims_after_the_draw():
    """Rulebook, CHIPPING: "The Lob Wedge is a unique club in that you do not need to
    declare the direction you're going to hit the ball before you play it." Two hexes
    from the green, holding the Lob and the Sand Wedge, the bot plays the Lob Wedge (the
    Sand Wedge off a bunker is a chip declared before its one card), is asked for no
    direction before the draw, and aims the curving card it drew onto the green."""
    tops = {"C": [face("C", "SL")]}
    g = new_game(make_course(ROWS, HOLE), [[club("Sand Wedge"), club("Lob Wedge")]],
                 "stroke", tops)
    green = ax(8, 2)
    place(g, 0, 6, 1)  # two hexes from the green, which no straight chip reaches
    q, r = ax(6, 1)
    assert hexgrid.distance(q, r, green[0], green[1]) == 2
    assert green not in [hexgrid.walk(q, r, a, "SS")[-1] for a in range(6)]
    bot = bots.SensibleBot()
    assert bot.choose(g, 0) == (SELECT, club("Lob Wedge"))
    select(g, {0: club("Lob Wedge")})
    play(g, (PLAY,))
    d = g.pending()
    assert d.kind == HIT_DIRECTION and d.shot == shot_index(face("C", "SL"))
    aim = bot.choose(g, 0)
    assert g.simulate_shot(d.shot, 0, aim[1])[1] == green


def _bunjil(side, top):
    # Bunjil three hexes short of the green with a 5 Iron (deck 3) and an 8 Iron (deck 2),
    # the card ``top`` on deck 3; another golfer on the tee.
    hands = [[club("5 Iron"), club("8 Iron")], [club("6 Iron"), club("3 Wood")]]
    setup = Setup(2, "stroke", 1, hands, [("bunjil", side), None])
    g = Game(make_course(ROWS, HOLE), CLUBS, SHOTS, setup, StackRng(1, {"3": [top]}))
    place(g, 0, 5, 2)
    return g


def test_the_bots_bunjil_chooses_his_club_by_the_card_he_saw_while_it_is_on_top():
    """Bunjil A: "Immediately before Bunjil selects their club to play, they may look at the
    top card of one deck once. ... Return the card face down to the top of the shot
    deck." Three hexes out, the bot's Bunjil looks at deck 3, where his 5 Iron would
    draw; a card of four hexes there flies past the green, so he lays the 8 Iron. Once
    someone has drawn that card, the look tells him nothing more (issue 11: the bot
    went on choosing by it for the rest of the hole)."""
    g = _bunjil("A", face("3", "SSSS"))
    bot = bots.SensibleBot()
    look = bot.choose(g, 0)
    assert look == (EXTRA, golfers.DECK + cards.deck_index("3"))
    g.apply(look, 0)
    assert bot.choose(g, 0) == (SELECT, club("8 Iron"))
    # So does a bot made afresh for this choice, as the table makes them.
    assert bots.SensibleBot(5).choose(g, 0) == (SELECT, club("8 Iron"))
    g.decks.draw("3")  # test set-up: another player draws the card Bunjil saw
    assert bot.choose(g, 0) == (SELECT, club("5 Iron"))  # by reach, as without a look
    assert bots.SensibleBot(5).choose(g, 0) == (SELECT, club("5 Iron"))


def test_every_bot_chooses_its_club_by_the_card_bunjil_b_shows_face_up():
    """Bunjil B: "Bunjil has to decide to either keep the shot card and use it on their
    next shot or return the card to the top of the shot deck, face up for all players to
    see." The other player, three hexes short too with a 5 Iron (deck 3) and an 8 Iron,
    sees the card of four hexes Bunjil shows on deck 3 (``game.face_up``), which flies
    past the green, and lays the 8 Iron as Bunjil does; the card is known until someone
    draws it (issue 11: the shown card was his alone to use)."""
    hands = [[club("5 Iron"), club("8 Iron")], [club("5 Iron", 1), club("8 Iron", 1)]]
    top = face("3", "SSSS")
    setup = Setup(2, "match", 1, hands, [("bunjil", "B"), None])
    g = Game(make_course(ROWS, HOLE), CLUBS, SHOTS, setup, StackRng(1, {"3": [top]}))
    place(g, 0, 5, 2)
    place(g, 1, 5, 2)
    other = bots.SensibleBot(2)
    assert other.choose(g, 1) == (SELECT, club("5 Iron", 1))  # by reach: nothing seen
    bunjil = bots.SensibleBot(1)
    g.apply(bunjil.choose(g, 0), 0)  # he looks at deck 3: only he knows the card
    assert g.face_up("3") == -1
    assert bunjil.choose(g, 0) == (EXTRA, golfers.RETURN)
    g.apply((EXTRA, golfers.RETURN), 0)
    assert g.face_up("3") == shot_index(top) and g.face_up("2") == -1
    assert other.choose(g, 1) == (SELECT, club("8 Iron", 1))
    assert bots.SensibleBot(5).choose(g, 1) == (SELECT, club("8 Iron", 1))  # a fresh bot too
    g.decks.draw("3")  # test set-up: somebody draws the card shown
    assert g.face_up("3") == -1
    assert other.choose(g, 1) == (SELECT, club("5 Iron", 1))


def test_the_bots_bunjil_plays_first_of_two_clubs_that_draw_the_card_he_saw():
    """Bunjil A: "Immediately before Bunjil selects their club to play, they may look at the
    top card of one deck once." Determine play order: "The club with the **lowest**
    initiative goes first." With two 5 Irons, each drawing the card of three hexes he saw
    onto the green, the bot's Bunjil lays the one of lower initiative, whatever its seed:
    it plays before a club of the other player's that draws from deck 3 could take the
    card."""
    irons = [club("5 Iron"), club("5 Iron", 1)]
    first = min(irons, key=lambda c: CLUBS[c].initiative)
    assert CLUBS[irons[0]].initiative != CLUBS[irons[1]].initiative
    for seed in range(8):
        setup = Setup(2, "match", 1, [irons, [club("6 Iron"), club("3 Wood")]],
                      [("bunjil", "A"), None])
        g = Game(make_course(ROWS, HOLE), CLUBS, SHOTS, setup,
                 StackRng(1, {"3": [face("3", "SSS")]}))
        place(g, 0, 5, 2)
        bot = bots.SensibleBot(seed)
        g.apply(bot.choose(g, 0), 0)
        assert bot.choose(g, 0) == (SELECT, first), seed


def test_the_bots_bunjil_b_keeps_a_card_for_the_green_and_shows_one_past_it():
    """Bunjil B: "Bunjil has to decide to either keep the shot card and use it on their
    next shot or return the card to the top of the shot deck, face up for all players to
    see." The bot keeps a card of three hexes that lands on the green (nobody else may
    draw it first) and plays the 5 Iron with it; one of four, past the green, it shows
    and lays the 8 Iron."""
    for top, keep, chosen in ((face("3", "SSS"), golfers.HOLD, "5 Iron"),
                              (face("3", "SSSS"), golfers.RETURN, "8 Iron")):
        g = _bunjil("B", top)
        bot = bots.SensibleBot()
        g.apply(bot.choose(g, 0), 0)
        assert g.pending().kind == golfers.PEEKED
        assert bot.choose(g, 0) == (EXTRA, keep)
        g.apply((EXTRA, keep), 0)
        assert bot.choose(g, 0) == (SELECT, club(chosen))
