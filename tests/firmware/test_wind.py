# Taming the Wind (18 Holes expansion booklet, "TAMING THE WIND") and Wendy: each rule as a
# player notices it, quoting the booklet. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (CLUBS, SHOTS, StackRng, ax, club, face, kinds, make_course, one, place,
                        play)
from teebox import shipped
from teebox.core import course, hexgrid, terrain
from teebox.core.hexgrid import E, NE
from teebox.core.holes18 import bots, cards, engine, gamelog
from teebox.core.holes18.expansions import wind as wind_mod
from teebox.core.holes18.expansions import winddata
from teebox.core.holes18.expansions.wind import GUST, IGNORE, WIND
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_CARD, DISCARD, EXIT_BUNKER, EXTRA, KEEP, MOVE,
    GREEN, OUT_FLIGHT, OUT_GUST, OUT_LONGEST_DRIVE, OUT_MOVE, OUT_NEXT_HOLE, OUT_WIND, PLAY,
    SELECT)

WIND_CARDS = shipped.load_default_wind()
WINDY_TR = "TL0 TM0 TR1 BR0 BM0 BL0 S0 C0"   # a deck of one card: windy, top-right
STRONG = "TL0 TM0 TR0 BR0 BM0 BL0 S1 C0"
WINDY_THEN_CALM = "TL0 TM0 TR1 BR0 BM0 BL0 S0 C1"
BASE = ["rrrrrrrrrrrr", "rrrrrrrrrrrr", "rTffffffffGr", "rrrrrrrrrrrr", "rTffffffffGr",
        "rrrrrrrrrrrr"]
HOLES = [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))]
TEE = ax(1, 2)
FLIGHT = [ax(2, 2), ax(3, 2), ax(4, 2)]   # a 5 Wood hit east from the tee: 3 hexes


def _id(cid):
    """Index of a club card by id (the expansion's clubs too)."""
    return [c.id for c in CLUBS].index(cid)


def _rows(trees=(), bunkers=()):
    """The test map with trees and bunkers on these axial hexes."""
    rows = [list(r) for r in BASE]
    for hexes, code in ((trees, "t"), (bunkers, "b")):
        for h in hexes:
            col, row = hexgrid.to_offset(h[0], h[1])
            rows[row][col] = code
    return ["".join(r) for r in rows]


def _game(hands, deck=WINDY_TR, golfers=None, trees=(), bunkers=(), tops=None, seed=1,
          mode=None):
    """A wind game on the test map; one player plays Stroke Play, more Match Play."""
    crs = make_course(_rows(trees, bunkers), HOLES, wind=deck)
    setup = engine.Setup(len(hands), mode or ("stroke" if len(hands) == 1 else "match"), seed,
                         hands, golfers, None, ("wind",))
    return engine.Game(crs, CLUBS, SHOTS, setup, StackRng(seed, tops or {}), wind=WIND_CARDS)


def _ne(h, times=1):
    for _ in range(times):
        h = hexgrid.neighbour(h[0], h[1], NE)
    return h


def _wood(g, seat=0):
    """Select the 5 Wood and hit it east: the outputs so far."""
    outs = g.apply((SELECT, club("5 Wood")), seat)
    return outs + play(g, (PLAY,), (AIM, E))


def _gusts(g):
    return [c[1] - GUST for c in g.choices() if c[1] != IGNORE]


# ------------------------------------------------------------------ the wind deck

def test_the_shipped_wind_deck_holds_the_boxs_22_cards():
    """ "WIND CARDS (x22) ... three wind strengths: CALM, WINDY and STRONG WIND. The WINDY
    cards come with multiple versions showing the different directions" """
    assert len(WIND_CARDS) == 22
    strengths = [c.strength for c in WIND_CARDS]
    assert strengths.count(winddata.STRONG) == 1 and strengths.count(winddata.CALM) == 3
    for t in range(6):
        assert len([c for c in WIND_CARDS if c.tile == t]) == 3


def test_the_wind_data_check_names_the_card_and_what_to_do():
    """Edited wind cards are refused with one line per problem, naming the card."""
    good = [{"id": c.id, "strength": winddata.STRENGTHS[c.strength]} for c in WIND_CARDS]
    for raw, c in zip(good, WIND_CARDS):
        if c.tile >= 0:
            raw["direction"] = winddata.TILE[c.tile]
    bad = [dict(x) for x in good]
    bad[0]["direction"] = "N"
    bad[18]["direction"] = "TR"   # the strong wind card
    bad[19]["strength"] = "breezy"
    import json
    err = raises(cards.CardDataError, winddata.load_wind, json.dumps({"cards": bad}))
    assert err.problems == [
        "wind.json: card windy-tl-1: a windy card needs a direction, one of: TL TM TR BR BM BL "
        "(the booklet's shorthand), not 'N'",
        "wind.json: card strong-wind: only a windy card shows a direction: remove 'direction' "
        "from this strong card",
        "wind.json: card calm-1: strength must be one of: calm, windy, strong, not 'breezy'"]
    err = raises(cards.CardDataError, winddata.load_wind, json.dumps({"cards": good[:21]}))
    assert err.problems == ["wind.json: the wind deck holds 21 cards, the box 22 (WIND CARDS x22)"]
    err = raises(cards.CardDataError, winddata.load_wind, json.dumps({"cards": good[:18]}))
    assert err.problems[1] == ("wind.json: the deck has 0 STRONG WIND cards, the box one "
                               "(\"remove the STRONG WIND card\")")


def test_the_course_suggests_the_wind_deck():
    """ "If you're playing an online course then the WIND DECK balance may be shown using a
    table like below: TL TM TR BR BM BL S C / 3 3 3 . . . 1 3" """
    deck = winddata.deck_for(WIND_CARDS, (3, 3, 3, 0, 0, 0, 1, 3))
    assert len(deck) == 13 and len([c for c in deck if c.strength == winddata.STRONG]) == 1
    assert sorted(set([c.tile for c in deck if c.tile >= 0])) == [0, 1, 2]
    assert len(winddata.deck_for(WIND_CARDS, (0,) * 8)) == 22  # no suggestion: all cards
    assert course.WIND_CARDS == winddata.TILE + ("S", "C")   # the header's order


def test_a_wind_card_is_revealed_at_the_start_of_each_hole():
    """ "AT THE START OF EACH HOLE: When players arrive at a new tee box. Reveal the next
    WIND CARD. Orient the WIND TILE" (TR: blowing north-east on the board.)"""
    g = _game([[club("5 Wood")], [club("5 Wood", 1)]])
    outs = g.initial_outputs
    assert kinds(outs, OUT_WIND) == [(OUT_WIND, winddata.WINDY, NE)]
    assert outs.index(one(outs, OUT_NEXT_HOLE)) < outs.index(one(outs, OUT_WIND))
    assert g.added[0].condition() == (winddata.WINDY, NE)


# ------------------------------------------------------------------ a shot in the wind

def test_the_player_chooses_where_in_the_flight_the_wind_blows_the_ball_one_hex():
    """ "When playing a club in WINDY or STRONG WIND conditions you must move your golfer
    one hex in the DIRECTION the wind is blowing. You get to choose when to apply the
    wind. You must apply the wind at some point in the flight of the ball." """
    g = _game([[club("5 Wood")]])
    outs = _wood(g)
    assert not kinds(outs, OUT_FLIGHT)        # the ball waits for the wind
    assert g.pending().kind == WIND and g.pending().player == 0
    assert _gusts(g) == [0, 1, 2]
    outs = g.apply((EXTRA, GUST + 1))
    assert one(outs, OUT_GUST) == (OUT_GUST, 0, FLIGHT[1], _ne(FLIGHT[1]))
    f = one(outs, OUT_FLIGHT)
    assert f[2] == (FLIGHT[0], FLIGHT[1], _ne(FLIGHT[1]), _ne(FLIGHT[2]))
    assert f[3] == _ne(FLIGHT[2]) and g.players[0].position() == _ne(FLIGHT[2])


def test_trees_protect_a_hex_from_the_wind():
    """ "you cannot apply the wind when adjacent to a tree hazard that blocks the direction
    of the wind." Martinique: "The hex immediately in front of the tee box is protected by
    trees. All other hexes are at the mercy of the wind." """
    g = _game([[club("5 Wood")]], trees=[_ne(FLIGHT[0])])
    _wood(g)
    assert _gusts(g) == [1, 2]
    assert g.choices() == [(EXTRA, GUST + 1), (EXTRA, GUST + 2)]
    assert wind_mod.Wind.choice_cell(g.added[0], g, GUST + 1) == FLIGHT[1]


def test_the_wind_cannot_be_avoided_while_one_hex_is_left_to_blow_from():
    """ "If in the flight of the ball the last few hexes are protected by trees you must go
    back and apply the wind effect. You cannot avoid it if there is a valid place to apply
    it." One hex left: the table blows it there without asking."""
    g = _game([[club("5 Wood")]], trees=[_ne(FLIGHT[1]), _ne(FLIGHT[2])])
    outs = _wood(g)
    assert one(outs, OUT_GUST) == (OUT_GUST, 0, FLIGHT[0], _ne(FLIGHT[0]))
    # the rest of the flight, one hex over, runs into the trees: it stops before them
    f = one(outs, OUT_FLIGHT)
    assert f[3] == _ne(FLIGHT[0]) and f[5] == 1


def test_a_flight_protected_all_along_is_not_blown():
    """ "If the entire flight of the ball is protected by trees the wind has no effect." """
    g = _game([[club("5 Wood")]], trees=[_ne(h) for h in FLIGHT])
    outs = _wood(g)
    assert not kinds(outs, OUT_GUST)
    assert one(outs, OUT_FLIGHT)[3] == FLIGHT[2]


def test_the_wind_may_push_the_ball_into_trees():
    """ "It can be beneficial to use the wind effect to push the ball into trees. As per
    base game rules, when the ball hits TREES it stops all movement." """
    tree = _ne(FLIGHT[2])   # protects the landing hex, and stands one hex over from it
    g = _game([[club("5 Wood")]], trees=[tree])
    _wood(g)
    assert _gusts(g) == [0, 1]
    outs = g.apply((EXTRA, GUST + 0))
    f = one(outs, OUT_FLIGHT)
    assert f[3] == _ne(FLIGHT[1]) and f[5] == 1


def test_a_strong_wind_blows_two_hexes_at_the_same_time_or_apart():
    """ "In a STRONG WIND, you MUST move your golfer two hexes. ... When it is a STRONG WIND
    you don't have to apply the two hexes of movement at the same time." The strong wind
    keeps the tile's direction: "flip the tile over while maintaining the orientation." """
    for first, second in ((0, 1), (0, 3)):
        g = _game([[club("5 Wood")]], deck=STRONG)
        strength, d = g.added[0].condition()
        assert strength == winddata.STRONG
        _wood(g)
        g.apply((EXTRA, GUST + first))
        assert g.pending().kind == WIND        # one more hex to blow
        outs = g.apply((EXTRA, GUST + second))
        f = one(outs, OUT_FLIGHT)
        end = FLIGHT[2]
        for _ in range(2):
            end = hexgrid.neighbour(end[0], end[1], d)
        assert len(f[2]) == 5 and f[3] == end and len(kinds(outs, OUT_GUST)) == 1


def test_no_wind_when_moving_one_hex_chipping_or_leaving_a_bunker():
    """ "MOVE ONE HEX: The wind does not apply when you are moving one hex." "CHIPPING: The
    wind does not apply when you are chipping." "EXIT BUNKER: The wind does not apply when
    you are exiting a bunker." """
    g = _game([[club("5 Wood")]])
    g.apply((SELECT, club("5 Wood")))
    outs = g.apply((MOVE, E))
    assert one(outs, OUT_MOVE)[2] == FLIGHT[0] and not kinds(outs, OUT_GUST)
    g = _game([[club("Lob Wedge")]], tops={"C": [face("C", "SS")]})
    g.apply((SELECT, club("Lob Wedge")))
    outs = play(g, (PLAY,))
    if g.pending().kind == CHOOSE_CARD:
        outs += g.apply((KEEP, 0))
    outs += g.apply((AIM, E))
    assert one(outs, OUT_FLIGHT)[3] == FLIGHT[1] and not kinds(outs, OUT_GUST)
    target = [c.id for c in SHOTS["C"] if c.bunker == cards.TARGET][0]
    g = _game([[club("Sand Wedge")]], bunkers=[FLIGHT[0]], tops={"C": [target]})
    place(g, 0, 2, 2)   # test set-up: in the bunker in front of the tee
    g.apply((SELECT, club("Sand Wedge")))
    outs = play(g, (EXIT_BUNKER,), (AIM, E))
    assert one(outs, OUT_FLIGHT)[3] == FLIGHT[1] and not kinds(outs, OUT_GUST)


def _hybrid_gusts(deck):
    g = _game([[_id("3-hybrid-wind")]], deck=deck, tops={"3": [face("3", "SSS")]})
    g.apply((SELECT, _id("3-hybrid-wind")))
    outs = play(g, (PLAY,))
    if g.pending().kind == CHOOSE_CARD:
        outs += g.apply((KEEP, 0))
    outs += g.apply((AIM, E))
    while g.pending().kind == WIND:
        outs += g.apply(g.choices()[0])
    return len(kinds(outs, OUT_GUST)), one(outs, OUT_FLIGHT)


def test_the_wind_hybrids_play_one_strength_calmer():
    """ "These new clubs remove the old power (no rough penalty) and grant a new power ...
    When the conditions are WINDY you play as though it were CALM. When there is a STRONG
    WIND you play as though it is WINDY." """
    gusts, f = _hybrid_gusts(WINDY_TR)
    assert gusts == 0 and f[3] == FLIGHT[2]
    gusts, f = _hybrid_gusts(STRONG)
    assert gusts == 1 and len(f[2]) == 4
    g = _game([[_id("3-hybrid-wind")]], deck=STRONG)
    g.apply((SELECT, _id("3-hybrid-wind")))  # the table says the wind the shot plays
    assert g.added[0].status_text(g).startswith("gale ")
    assert g.added[0].turn_text(g, 0) == "wind " + g.added[0].status_text(g)[5:]
    assert not CLUBS[_id("3-hybrid-wind")].no_rough_penalty


def test_the_wind_hybrids_replace_the_base_hybrids_in_a_wind_draft():
    """ "Add the three hybrid club variations ... and take out the 3 hybrid cards that have
    the same initiative (#2, #4 and #6)." """
    names = [c.id for c in cards.clubs_for(CLUBS, 5, ("wind",))]
    assert "3-hybrid-wind" in names and "3-hybrid-2" not in names and "8-hybrid-5" in names
    crs = make_course(BASE, HOLES, wind=WINDY_TR)
    g = engine.Game(crs, CLUBS, SHOTS, engine.Setup(3, "match", 2, engine.DRAFT,
                                                    expansions=("wind",)), wind=WIND_CARDS)
    drafted = [CLUBS[c].id for packet in g.packets for c in packet]
    assert "8-hybrid-wind" in drafted and "8-hybrid-6" not in drafted
    g = engine.Game(crs, CLUBS, SHOTS, engine.Setup(5, "match", 2, expansions=("wind",)),
                    wind=WIND_CARDS)
    dealt = [CLUBS[c].id for p in g.players for c in p.hand]
    assert "3-hybrid-wind" in dealt and "3-hybrid-2" not in dealt and len(dealt) == 25


# ------------------------------------------------------------------ the longest drive

def test_a_drive_the_wind_carries_to_seven_hexes_takes_the_longest_drive_card():
    """ "The wind allows a drive to go 6, 7 or 8 hexes. If you hit 7 or 8 hexes then you may
    take LONGEST DRIVE CARD" """
    ld = face("5", special=cards.LONGEST_DRIVE)
    g = _game([[club("Driver")]], tops={"5": [ld, face("5", "SSSSS")]})
    g.apply((SELECT, club("Driver")))
    play(g, (PLAY,))
    pile = [i for i in range(2) if g.pending().piles[i][-1] == _shot(ld)][0]
    play(g, (KEEP, pile), (AIM, E))
    outs = g.apply((EXTRA, GUST + 5))
    assert len(one(outs, OUT_FLIGHT)[2]) == 7
    assert one(outs, OUT_LONGEST_DRIVE) == (OUT_LONGEST_DRIVE, 0) and g.longest_drive == 0


def _shot(sid):
    return [s.id for d in cards.DECKS for s in SHOTS[d]].index(sid)


def test_a_six_hex_drive_claims_the_card_when_it_is_revealed():
    """ "If you hit 6 and the LONGEST DRIVE CARD has not been revealed yet, you claim it when
    it is revealed - the player who drew the card still gets to move 6." Ann's 5-hex card
    and the wind make 6; Wendy (A-side) then ignores the wind on the longest drive card:
    6 hexes, not further, so Ann takes the card."""
    ld = face("5", special=cards.LONGEST_DRIVE)
    five = face("5", "SSSSS")
    g = _game([[club("2 Iron")], [club("Driver")]], golfers=[None, ("wendy", "A")],
              tops={"5": [five, face("5", "SSSSS", nth=1), ld, face("5", "SSSSL")]})
    g.apply((SELECT, club("2 Iron")), 0)
    g.apply((SELECT, club("Driver")), 1)
    play(g, (BIG_HIT,))
    g.apply((DISCARD, 0), 1)
    play(g, (AIM, E))     # the one card left is kept without asking
    outs = g.apply((EXTRA, GUST + 4))
    assert len(one(outs, OUT_FLIGHT)[2]) == 6 and not kinds(outs, OUT_LONGEST_DRIVE)
    assert g.longest_drive == -1
    play(g, (PLAY,))
    pile = [i for i in range(2) if g.pending().piles[i][-1] == _shot(ld)][0]
    play(g, (KEEP, pile), (AIM, E))
    assert (EXTRA, IGNORE) in g.choices()
    outs = g.apply((EXTRA, IGNORE))
    assert len(one(outs, OUT_FLIGHT)[2]) == 6
    assert one(outs, OUT_LONGEST_DRIVE) == (OUT_LONGEST_DRIVE, 0) and g.longest_drive == 0


# ------------------------------------------------------------------ Wendy

def test_wendy_a_may_ignore_a_windy_condition_but_not_a_strong_wind():
    """Wendy A: "Wendy may treat any WINDY condition as CALM on her turn. This means you can
    choose to apply the wind effect if it is to your advantage. You can also choose to
    ignore the wind effect if you want to. STRONG WINDS still apply." """
    g = _game([[club("5 Wood")]], golfers=[("wendy", "A")])
    _wood(g)
    assert g.choices() == [(EXTRA, GUST + i) for i in range(3)] + [(EXTRA, IGNORE)]
    outs = g.apply((EXTRA, IGNORE))
    assert one(outs, OUT_FLIGHT)[3] == FLIGHT[2] and not kinds(outs, OUT_GUST)
    g = _game([[club("5 Wood")]], golfers=[("wendy", "A")], deck=STRONG)
    _wood(g)
    assert (EXTRA, IGNORE) not in g.choices()
    # one protected hex left to blow from is still hers to ignore on a windy hole
    g = _game([[club("5 Wood")]], golfers=[("wendy", "A")],
              trees=[_ne(FLIGHT[1]), _ne(FLIGHT[2])])
    _wood(g)
    assert g.choices() == [(EXTRA, GUST), (EXTRA, IGNORE)]


def _calm_after_wind(golfer):
    # A two-hole game whose first wind card is windy and second calm; everyone to hole 2.
    for seed in range(1, 40):
        g = _game([[club("5 Wood")]], golfers=[golfer], deck=WINDY_THEN_CALM, seed=seed)
        if g.added[0].condition()[0] == winddata.WINDY:
            break
    outs = []
    g.tee_off((0,), 2, outs)
    assert kinds(outs, OUT_WIND) == [(OUT_WIND, winddata.CALM, NE)]
    return g


def test_wendy_b_never_plays_calm_winds_but_the_previous_condition():
    """Wendy B: "Wendy never plays CALM winds and uses the previous wind condition (either
    WINDY or STRONG WIND). Wendy does not get to optionally ignore the wind effect when
    using the B-SIDE." The player beside her plays the calm."""
    g = _calm_after_wind(("wendy", "B"))
    assert g.added[0].condition() == (winddata.CALM, NE)
    g.apply((SELECT, club("5 Wood")))
    # the table's words: the hole is calm, her turn the wind she plays
    assert (g.added[0].status_text(g), g.added[0].turn_text(g, 0)) == ("calm", "wind NE")
    play(g, (PLAY,), (AIM, E))
    assert g.pending().kind == WIND and (EXTRA, IGNORE) not in g.choices()
    assert g.added[0].decision_text(g, WIND).startswith("Wind windy NE: blown from")
    g = _calm_after_wind(None)
    g.apply((SELECT, club("5 Wood")))
    assert g.added[0].turn_text(g, 0) == ""
    outs = play(g, (PLAY,), (AIM, E))
    assert not kinds(outs, OUT_GUST) and kinds(outs, OUT_FLIGHT)
    # before any wind has blown, a calm hole is calm for her too
    g = _game([[club("5 Wood")]], golfers=[("wendy", "B")], deck="TL0 TM0 TR0 BR0 BM0 BL0 S0 C1")
    outs = _wood(g)
    assert kinds(outs, OUT_FLIGHT) and not kinds(outs, OUT_GUST)


def test_wendy_is_a_golfer_of_the_wind_module_only():
    """ "SELECT GOLFER: Add WENDY to the set of available golfers" (a Taming the Wind step)."""
    err = raises(ValueError, engine.Setup, 2, "match", 1, engine.FIRST_GAME,
                 [("wendy", "A"), None])
    assert "wendy plays the wind: add the 'wind' expansion" in str(err)
    s = engine.Setup(2, "match", 1, engine.FIRST_GAME, [("wendy", "B"), None],
                     expansions=["wind"])
    assert s.expansions == ("wind",) and s.golfers[0] == ("wendy", "B")


def test_the_setup_names_the_modules_and_a_wind_game_needs_the_wind_cards():
    err = raises(ValueError, engine.Setup, 2, "match", 1, expansions=("weather",))
    assert str(err) == "unknown expansion module 'weather' (use: greens, wind, coast)"
    setup = engine.Setup(2, "match", 1, expansions=("wind",))
    err = raises(ValueError, engine.Game, make_course(BASE, HOLES), CLUBS, SHOTS, setup)
    assert "needs the wind deck" in str(err)


# ------------------------------------------------------------------ logs and power cuts

def test_a_power_cut_in_the_wind_replays_the_same_card_and_the_same_decision():
    """The wind card is drawn from the game's seeded shuffle and kept in its state: the
    log replayed after a power cut (a journal) finds the same wind, never a new draw,
    even in the middle of the wind's decision."""
    crs = shipped.load_builtin("starter")
    setup = engine.Setup(2, "match", 11, golfers=[("wendy", "A"), None], expansions=("wind",))
    g = engine.Game(crs, CLUBS, SHOTS, setup, wind=WIND_CARDS)
    players = [bots.SensibleBot(1), bots.SensibleBot(2)]
    seen = 0
    while not g.over and seen < 3:
        d = g.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        g.apply(players[seat].choose(g, seat), seat)
        if g.pending().kind == WIND:
            seen += 1
            log = gamelog.decode(gamelog.encode(gamelog.of(g)))
            assert log.setup.expansions == ("wind",)
            again = gamelog.replay(log, crs, CLUBS, SHOTS, WIND_CARDS)
            assert again.pending().kind == WIND and again.choices() == g.choices()
            assert again.added[0].card is again.added[0].cards[g.added[0].cards.index(
                g.added[0].card)] and again.added[0].tile == g.added[0].tile
            assert again.state_digest() == g.state_digest()
    assert seen == 3


def test_a_game_without_modules_writes_the_log_it_always_did():
    """The modules ride on the log's teams flag: a base game's bytes are unchanged."""
    g = engine.Game(make_course(BASE, HOLES), CLUBS, SHOTS, engine.Setup(2, "match", 3))
    data = gamelog.encode(gamelog.of(g))
    w = engine.Game(make_course(BASE, HOLES), CLUBS, SHOTS,
                    engine.Setup(2, "match", 3, expansions=("wind",)), wind=WIND_CARDS)
    wdata = gamelog.encode(gamelog.of(w))
    assert len(data) == len(wdata) and data[:-1] == wdata[:-1]
    assert gamelog.decode(data).setup.expansions == ()
    assert gamelog.decode(wdata).setup.expansions == ("wind",)


def test_a_sensible_bot_keeps_the_ball_out_of_the_trees_and_the_water():
    """A bot in the wind picks the hex to blow from by where the ball ends."""
    tree = _ne(FLIGHT[2])
    g = _game([[club("5 Wood")]], trees=[tree])
    _wood(g)
    choice = bots.SensibleBot(1).choose(g, 0)
    assert choice in g.choices()
    res = g.added[0].choice_landing(g, choice[1])
    worst = min([g.added[0].choice_landing(g, c[1])[0] for c in g.choices()], key=len)
    assert len(res[0]) >= len(worst)
    assert g.course.terrain(res[1][0], res[1][1]) != terrain.TREE


def test_a_ball_the_wind_blows_onto_the_green_arrives_from_the_wind_side():
    """ "REACHING THE GREEN: If you shoot over the GREEN and the WIND blows you back onto the
    green, you are considered to have arrived from the side the wind pushed you onto the
    green." The flight's last step onto the green is the wind's."""
    green = ax(10, 2)
    short = hexgrid.neighbour(green[0], green[1], hexgrid.SW)   # the wind blows NE from here
    start = (short[0] - 2, short[1])   # in the rough: the 5 Wood flies 2 hexes
    g = _game([[club("5 Wood")]])
    col, row = hexgrid.to_offset(start[0], start[1])
    place(g, 0, col, row)
    outs = _wood(g)
    outs += g.apply((EXTRA, GUST + 1))
    f = one(outs, OUT_FLIGHT)
    assert f[3] == green and f[4] == GREEN
    assert hexgrid.direction_between(f[2][-2][0], f[2][-2][1], green[0], green[1]) == NE
