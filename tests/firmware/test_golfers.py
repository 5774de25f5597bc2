# The eight golfer cards, both sides (rulebook, "GOLFER ABILITIES"): each power as a
# player notices it, quoting the card. Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (CLUBS, SHOTS, StackRng, club, face, kinds, make_course, one, play,
                        select, shot_index)
from teebox.core.holes18 import cards, engine, gamelog, golfers
from teebox.core.holes18.engine import IllegalMove
from teebox.core.hexgrid import E, NE
from teebox.core.holes18.protocol import (
    AIM, CHOOSE_ACTION, CHOOSE_CARD, DRAFT_PICK, EXTRA, HIT_DIRECTION, KEEP, MOVE, NORMAL,
    OUT_BORROWED, OUT_CLUB_DISCARDED, OUT_CLUB_RETURNED, OUT_DRAW, OUT_FLIGHT, OUT_MISS_TURN,
    OUT_NAMED, OUT_ORDER, OUT_PEEK, OUT_TURN, PICK, PLAY, RESET, SELECT, SELECT_CLUB, WATER)

ROWS = ["rrrrrrrrrrrr", "rrrrrrrrrrrr", "rTffffffffGr", "rrrrrrrrrrrr", "rTffffffffGr",
        "rrrrrrrrrrrr"]
HOLES = [(5, (1, 2), (10, 2)), (5, (1, 4), (10, 4))]


def _game(hands, choices, mode="match", tops=None, seed=1, rows=ROWS, holes=HOLES):
    """A game with golfers: ``choices`` per seat None or (name, side)."""
    setup = engine.Setup(len(hands), mode, seed, hands, choices)
    return engine.Game(make_course(rows, holes), CLUBS, SHOTS, setup, StackRng(seed, tops or {}))


def _draft(choices, seed=3, mode="match"):
    setup = engine.Setup(len(choices), mode, seed, engine.DRAFT, choices)
    return engine.Game(make_course(ROWS, HOLES), CLUBS, SHOTS, setup, StackRng(seed, {}))


def _pick_all(g, seat=None):
    """Everyone drafting picks the first club it may take (or passes) until play starts."""
    while g.pending().kind == DRAFT_PICK:
        d = g.pending()
        s = d.waiting[0] if seat is None else seat
        g.apply(g.choices(s)[0], s)


def _names(g, clubs):
    return sorted([g.clubs[c].name for c in clubs])


# ------------------------------------------------------------------ Swift

def test_swift_subtracts_one_and_wins_ties_on_her_a_side_and_loses_them_on_her_b_side():
    """Swift A: "During the Determine Play Order step, subtract one from the initiative of
    the club played by Swift. If Swift's initiative ties with another player, Swift goes
    first." B: "... If Swift's initiative ties with another player, Swift goes after that
    player." """
    for side, order in (("A", (1, 0)), ("B", (0, 1))):
        g = _game([[club("6 Iron")], [club("8 Iron", 1)]], [None, ("swift", side)])
        # The 6 Iron is initiative 12, Swift's 8 Iron 13 less one: a tie.
        outs = select(g, {0: club("6 Iron"), 1: club("8 Iron", 1)})
        assert one(outs, OUT_ORDER)[1] == order


# ------------------------------------------------------------------ The Shark

def _water_rows():
    return ["rrrrrrrrrrrr", "rrrrrrrrrrrr", "rTffwfffffGr", "rrrrrrrrrrrr", "rTffffffffGr",
            "rrrrrrrrrrrr"]


def test_the_shark_plays_water_as_the_tile_beneath_on_both_sides():
    """The Shark A: "Water hazards are of no concern to The Shark, including those on
    fairways. Treat them as per the underlying tile." (B: "As per A-SIDE ...") The
    base golfer beside him misses a turn in the same water."""
    for side in "AB":
        g = _game([[club("8 Iron"), club("6 Iron")], [club("8 Iron", 1), club("6 Iron", 1)]],
                  [("the-shark", side), None], rows=_water_rows(),
                  tops={"2": [face("2", "SSS"), face("2", "SSS", nth=1)]})
        outs = select(g, {0: club("8 Iron"), 1: club("8 Iron", 1)})
        outs = play(g, (PLAY,), (AIM, E))
        assert one(outs, OUT_FLIGHT)[4] == NORMAL and not g.players[0].miss_turn
        outs = play(g, (PLAY,), (AIM, E))
        assert one(outs, OUT_FLIGHT)[4] == WATER
        assert one(outs, OUT_MISS_TURN)[1] == 1   # the next round starts without him
        select(g, {0: club("6 Iron")})
        assert g.pending().player == 0


def test_the_shark_b_carries_no_wedges_passes_when_only_wedges_are_left_and_picks_after():
    """The Shark B: "As per A-SIDE plus The Shark may not carry any wedges. ... During the
    Club Draft Phase, a player who has The Shark must pass if the only available clubs
    are wedges. The Shark can pick from the remaining cards after the draft." """
    g = _draft([("the-shark", "B"), None])
    wedges = [c for c in range(len(CLUBS)) if CLUBS[c].wedge and not CLUBS[c].expansion]
    # Test set-up: the Shark's first packet holds only wedges.
    others = [c for c in g.packets[0] + g.packets[1] if c not in wedges]
    g.packets[0] = sorted(wedges)
    g.packets[1] = sorted(others[:9])
    err = raises(IllegalMove, g.apply, (PICK, wedges[0]), 0)
    assert str(err) == "The Shark (B-side) may not carry wedges"
    assert g.choices(0) == [(EXTRA, golfers.PASS)]
    g.apply((EXTRA, golfers.PASS), 0)
    g.apply((PICK, g.packets[1][0]), 1)
    assert g.players[0].hand == [] and len(g.players[1].hand) == 1
    # He drafts on; one club short when the others are done, he picks from what is left.
    _pick_all(g)
    hand = g.players[0].hand
    assert len(hand) == 5 and not [c for c in hand if CLUBS[c].wedge]
    assert len(g.players[1].hand) == 5


# ------------------------------------------------------------------ Iron Jane

def test_iron_jane_picks_her_clubs_from_all_of_them_before_the_draft():
    """Iron Jane A: "Before the Club Draft, the player with Iron Jane selects their clubs
    from the clubs available. Shuffle the remaining cards and deal them to the other
    players." """
    g = _draft([None, ("iron-jane", "A"), None])
    d = g.pending()
    pool = g.packets[1]
    assert d.kind == DRAFT_PICK and d.players == (1,) and len(pool) == 24
    driver = club("Driver")
    g.apply((PICK, driver), 1)
    assert g.pending().players == (1,)
    for _ in range(4):
        g.apply(g.choices(1)[0], 1)
    d = g.pending()
    assert d.players == (0, 2) and len(g.players[1].hand) == 5 and driver in g.players[1].hand
    left = g.packets[0] + g.packets[2]
    assert len(g.packets[0]) == len(g.packets[2]) == 9 and driver not in left
    _pick_all(g)
    assert [len(p.hand) for p in g.players] == [5, 5, 5]


def test_iron_jane_b_carries_four_clubs_no_two_alike():
    """Iron Jane B: "As per the A-SIDE plus Iron Jane may only carry four clubs. Iron Jane
    may not take two of the same club." """
    g = _draft([("iron-jane", "B"), None])
    g.apply((PICK, club("9 Iron")), 0)
    err = raises(IllegalMove, g.apply, (PICK, club("9 Iron", 1)), 0)
    assert str(err) == "Iron Jane (B-side) may not take two of the same club: she has the 9 Iron"
    for _ in range(3):
        g.apply(g.choices(0)[0], 0)
    assert len(g.players[0].hand) == 4 and g.pending().players == (1,)
    _pick_all(g)
    assert len(g.players[0].hand) == 4 and len(set(_names(g, g.players[0].hand))) == 4


# ------------------------------------------------------------------ Slugger

def test_slugger_carries_the_driver_picks_four_and_never_discards_it():
    """Slugger A: "Slugger must carry the driver. Remove this card from the deck before the
    Club Draft and give it to the player with Slugger. Slugger will select four clubs
    during the draft, skipping the last turn. During play, you never discard the driver.
    Return it to your hand." """
    g = _draft([("slugger", "A"), None, None])
    driver = club("Driver")
    assert g.players[0].hand == [driver]
    assert driver not in g.packets[0] + g.packets[1] + g.packets[2]
    for _ in range(4):
        assert 0 in g.pending().players
        for s in g.pending().waiting:
            g.apply(g.choices(s)[0], s)
    assert g.pending().kind == DRAFT_PICK and g.pending().players == (1, 2)  # skips the last
    _pick_all(g)
    assert len(g.players[0].hand) == 5 and driver in g.players[0].hand
    g = _game([[driver, club("8 Iron")], [club("6 Iron")]], [("slugger", "A"), None])
    select(g, {0: driver, 1: club("6 Iron")})
    outs = play(g, (MOVE, NE), (MOVE, NE))
    assert one(outs, OUT_CLUB_RETURNED)[1:] == (0, driver) and driver in g.players[0].hand


def test_slugger_b_plays_a_wood_or_the_driver_on_every_tee_box():
    """Slugger B: "As per the A-SIDE plus Slugger must use a Wood or Driver on all tee
    boxes. Yes, including par-3s." """
    g = _game([[club("Driver"), club("8 Iron"), club("5 Wood")], [club("6 Iron")]],
              [("slugger", "B"), None])
    err = raises(IllegalMove, g.apply, (SELECT, club("8 Iron")), 0)
    assert str(err) == "Slugger (B-side) must use a Wood or the Driver on a tee box"
    assert (SELECT, club("5 Wood")) in g.choices(0) and (SELECT, club("Driver")) in g.choices(0)
    select(g, {0: club("5 Wood"), 1: club("6 Iron")})
    play(g, (MOVE, E), (MOVE, E))  # off the tee box, any club again
    assert (SELECT, club("8 Iron")) in g.choices(0)


# ------------------------------------------------------------------ Slick Rikesh

def test_slick_rikesh_a_plays_another_players_revealed_club_right_after_it_once_a_hole():
    """Slick Rikesh A: "After all players have revealed their club cards, Slick Rikesh may
    use another player's chosen club. Slick Rikesh's club initiative is the same as the
    original owner's club and plays immediately afterwards. Slick Rikesh may only use his
    power once per hole." """
    g = _game([[club("5 Wood"), club("3 Wood")], [club("8 Hybrid"), club("8 Iron")],
               [club("6 Iron"), club("7 Iron")]], [("slick-rikesh", "A"), None, None])
    select(g, {0: club("3 Wood"), 1: club("8 Hybrid"), 2: club("6 Iron")})
    d = g.pending()
    assert d.kind == golfers.BORROW and d.players == (0,)
    assert g.choices(0) == [(EXTRA, golfers.NO), (EXTRA, golfers.SEAT + 1),
                            (EXTRA, golfers.SEAT + 2)]
    assert g.players[0].rules.power_state(g, 0) == 1
    outs = g.apply((EXTRA, golfers.SEAT + 1), 0)
    assert one(outs, OUT_BORROWED)[1:] == (0, club("8 Hybrid"), 1)
    assert one(outs, OUT_ORDER)[1] == (1, 0, 2)   # right after the 8 Hybrid's owner
    assert g.players[0].rules.power_state(g, 0) == 0
    outs = play(g, (MOVE, NE))                     # seat 1 plays its 8 Hybrid
    assert one(outs, OUT_TURN)[1:3] == (0, club("8 Hybrid"))  # Rikesh plays it too
    outs = play(g, (MOVE, E))
    # His own club was not played: it goes back to his hand.
    assert one(outs, OUT_CLUB_RETURNED)[1:] == (0, club("3 Wood"))
    assert g.players[1].discards == [club("8 Hybrid")]
    play(g, (MOVE, E))
    outs = select(g, {0: club("5 Wood"), 1: club("8 Iron"), 2: club("7 Iron")})
    assert g.pending().kind == CHOOSE_ACTION      # used on this hole: no borrowing asked
    assert one(outs, OUT_ORDER)[1] == (1, 2, 0)


def test_slick_rikesh_b_drafts_one_club_from_any_round():
    """Slick Rikesh B: "The player with Slick Rikesh only picks one card during the draft
    and may pick that club from any round of the draft." """
    g = _draft([("slick-rikesh", "B"), None])
    assert (EXTRA, golfers.PASS) in g.choices(0)
    for _ in range(4):
        g.apply((EXTRA, golfers.PASS), 0)
        g.apply(g.choices(1)[0], 1)
    # The last round: he must pick now.
    assert (EXTRA, golfers.PASS) not in g.choices(0)
    err = raises(IllegalMove, g.apply, (EXTRA, golfers.PASS), 0)
    assert str(err) == "Slick Rikesh (B-side) must pick now: no later draft round is left for him"
    g.apply(g.choices(0)[0], 0)
    g.apply(g.choices(1)[0], 1)
    assert len(g.players[0].hand) == 1 and len(g.players[1].hand) == 5
    assert g.pending().kind == SELECT_CLUB


def test_slick_rikesh_b_plays_his_club_for_initiative_then_may_use_a_discarded_club():
    """Slick Rikesh B: "During play, Slick Rikesh will play their club as usual (to
    determine initiative) and may then select any discarded club of another player to
    use. If there are no discarded clubs, Slick Rikesh must play their club." """
    wedge = club("Lob Wedge")
    g = _game([[wedge], [club("8 Hybrid"), club("6 Iron")]], [("slick-rikesh", "B"), None])
    select(g, {0: wedge, 1: club("8 Hybrid")})
    assert g.pending().player == 0
    assert not [c for c in g.choices(0) if c[0] == EXTRA]  # nobody has discarded yet
    play(g, (MOVE, E), (MOVE, E))
    outs = select(g, {0: wedge, 1: club("6 Iron")})
    assert one(outs, OUT_ORDER)[1] == (0, 1)              # his Lob Wedge's initiative 1
    assert (EXTRA, golfers.CLUB + club("8 Hybrid")) in g.choices(0)
    outs = g.apply((EXTRA, golfers.CLUB + club("8 Hybrid")), 0)
    assert one(outs, OUT_BORROWED)[1:] == (0, club("8 Hybrid"), 1)
    assert g.pending().club == club("8 Hybrid")
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_CLUB_DISCARDED)[1:] == (0, wedge)  # his own club is played
    assert g.players[1].discards == [club("8 Hybrid")]


# ------------------------------------------------------------------ Dorian

def test_dorian_a_names_a_club_that_never_expires_and_resets_only_before_teeing_off():
    """Dorian A: "After the card draft, before the first hole, the player with Dorian tells
    the rest of the group which of their clubs never expire. Whenever you use this club,
    return it to your hand instead of being discarded. Dorian may not reset their clubs
    during a hole but may reset their clubs at the end of a hole if their hand only
    contains their club that never expires (and meets the rules for a hand reset)." """
    g = _game([[club("Driver"), club("6 Iron"), club("8 Iron")], [club("5 Wood"), club("3 Wood")]],
              [("dorian", "A"), None])
    d = g.pending()
    assert d.kind == golfers.NAME_CLUB and d.players == (0,)
    outs = g.apply((EXTRA, golfers.CLUB + club("6 Iron")), 0)
    assert one(outs, OUT_NAMED)[1:] == (0, club("6 Iron")) and g.pending().kind == SELECT_CLUB
    select(g, {0: club("6 Iron"), 1: club("5 Wood")})
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_CLUB_RETURNED)[1:] == (0, club("6 Iron"))
    play(g, (MOVE, NE))
    select(g, {0: club("Driver"), 1: club("3 Wood")})
    play(g, (MOVE, E), (MOVE, NE))
    # Off the tee with the Driver in hand: the base rule would let him reset; not during a hole.
    err = raises(IllegalMove, g.apply, (RESET,), 0)
    assert str(err) == "Dorian (A-side) may reset his clubs only before he tees off on a hole"
    g.players[0].turns = 0  # test set-up: standing on a tee, not teed off yet
    g.players[0].hand = [club("6 Iron")]
    g.players[0].discards = [club("8 Iron"), club("Driver")]
    g.players[1].hand = []
    assert g.players[0].rules.resets_hand(g, 0)


def test_dorian_b_takes_three_clubs_and_never_discards():
    """Dorian B: "Dorian never discards their clubs after use. Dorian may only take three
    clubs during the draft." """
    g = _draft([("dorian", "B"), None])
    _pick_all(g)
    assert len(g.players[0].hand) == 3 and len(g.players[1].hand) == 5
    g = _game([[club("6 Iron"), club("8 Iron")], [club("5 Wood"), club("3 Wood")]],
              [("dorian", "B"), None])
    select(g, {0: club("6 Iron"), 1: club("5 Wood")})
    outs = play(g, (MOVE, E))
    assert one(outs, OUT_CLUB_RETURNED)[1:] == (0, club("6 Iron"))
    assert g.players[0].discards == []


# ------------------------------------------------------------------ Lucky

def _lucky(side, hand=None):
    tops = {"2": [face("2", "SL"), face("2", "SSS"), face("2", "SR")]}
    g = _game([hand or [club("8 Iron"), club("8 Iron", 1)], [club("5 Wood"), club("3 Wood")]],
              [("lucky", side), None], tops=tops)
    select(g, {0: club("8 Iron"), 1: club("5 Wood")})
    play(g, (PLAY,))
    return g


def test_lucky_redraws_once_per_hand_and_must_play_the_new_card():
    """Lucky A: "During play, once per hand, Lucky may redraw a shot card. ... The player
    then draws a new shot card from the same deck as the previous one. Lucky must play the
    new card. While Lucky is oriented in landscape you cannot use this power. ... When
    resetting your hand, return Lucky to the portrait orientation." """
    g = _lucky("A")
    assert g.pending().kind == CHOOSE_CARD
    assert g.choices(0) == [(KEEP, 0), (EXTRA, golfers.PILE)]
    outs = g.apply((EXTRA, golfers.PILE), 0)
    assert [g.shot_list[o[3]].id for o in kinds(outs, OUT_DRAW)] == [face("2", "SSS")]
    # The old card lies under the new one, which is kept: the only card he may play.
    d = g.pending()
    assert d.piles == ((shot_index(face("2", "SL")), shot_index(face("2", "SSS"))),)
    assert d.shot == shot_index(face("2", "SSS"))
    assert g.players[0].rules.power_state(g, 0) == 0
    outs = play(g, (AIM, E))
    assert len(one(outs, OUT_FLIGHT)[2]) == 3   # the new card, three hexes
    play(g, (MOVE, E))
    select(g, {0: club("8 Iron", 1), 1: club("3 Wood")})
    play(g, (PLAY,))  # one card: with no redraw to offer, it is played without asking
    assert g.pending().kind == HIT_DIRECTION
    assert (g.players[0].rules.extra_reason(g, 0, golfers.PILE)
            == "Lucky's power is used: it turns ready when your hand resets")
    g.players[0].discards = [club("8 Iron")]  # test set-up: a hand to take back
    g.players[0].reset_hand()
    assert g.players[0].rules.power_state(g, 0) == 1


def test_lucky_b_discards_another_club_to_redraw_once_per_hole():
    """Lucky B: "As per A-SIDE plus when using Lucky's ability, the player discards one of
    their other clubs. If the player has no other clubs, they may not use Lucky's power.
    You may only perform Lucky's power once per hole." """
    g = _lucky("B", [club("8 Iron"), club("8 Iron", 1), club("5 Iron")])
    g.apply((EXTRA, golfers.PILE), 0)
    d = g.pending()
    assert d.kind == golfers.LUCKY_DISCARD
    assert g.choices(0) == [(EXTRA, golfers.CLUB + c)
                            for c in sorted([club("8 Iron", 1), club("5 Iron")])]
    outs = g.apply((EXTRA, golfers.CLUB + club("5 Iron")), 0)
    assert one(outs, OUT_CLUB_DISCARDED)[1:] == (0, club("5 Iron"))
    assert [g.shot_list[o[3]].id for o in kinds(outs, OUT_DRAW)] == [face("2", "SSS")]
    g.players[0].rules.used = 0  # even with the hand reset, once per hole
    play(g, (AIM, E), (MOVE, E))
    select(g, {0: club("8 Iron", 1), 1: club("3 Wood")})
    play(g, (PLAY,))
    assert g.pending().kind == HIT_DIRECTION
    assert (g.players[0].rules.extra_reason(g, 0, golfers.PILE)
            == "Lucky (B-side) redraws once per hole")
    g = _lucky("B", [club("8 Iron")])
    assert g.pending().kind == HIT_DIRECTION  # no other club: no redraw offered
    assert (g.players[0].rules.extra_reason(g, 0, golfers.PILE)
            == "Lucky (B-side) must discard another club to redraw and has none")


# ------------------------------------------------------------------ Bunjil

def test_bunjil_looks_at_a_decks_top_card_before_selecting_once_a_hole():
    """Bunjil A: "Immediately before Bunjil selects their club to play, they may look at the
    top card of one deck once. ... The player must not show the card to other players.
    Return the card face down to the top of the shot deck. ... Bunjil may only look at
    shot decks for cards they could legitimately draw from." """
    g = _game([[club("8 Iron"), club("5 Wood")], [club("6 Iron"), club("3 Wood")]],
              [("bunjil", "A"), None], tops={"2": [face("2", "SSL")]})
    two = golfers.DECK + cards.deck_index("2")
    # The 8 Iron draws from deck 2, and its big hit from deck 3; nothing else.
    assert [c for c in g.choices(0) if c[0] == EXTRA] == [(EXTRA, two), (EXTRA, two + 1)]
    outs = g.apply((EXTRA, two), 0)
    assert one(outs, OUT_PEEK)[1:] == (0, cards.deck_index("2"), shot_index(face("2", "SSL")), 0)
    assert not [c for c in g.choices(0) if c[0] == EXTRA]  # once per hole
    select(g, {0: club("8 Iron"), 1: club("3 Wood")})
    outs = play(g, (PLAY,))
    assert [o[3] for o in kinds(outs, OUT_DRAW)] == [shot_index(face("2", "SSL"))]


def test_bunjil_b_keeps_the_card_for_his_next_shot_or_shows_it_to_all():
    """Bunjil B: "As per A-SIDE plus Bunjil has to decide to either keep the shot card and
    use it on their next shot or return the card to the top of the shot deck, face up for
    all players to see. If Bunjil keeps the card, then the player must play a club that
    can access that shot deck." Select Club: "If Bunjil is on their B-SIDE and exposes a
    shot card, players who have placed a club face down may change their mind." """
    hands = [[club("8 Iron"), club("5 Wood")], [club("6 Iron"), club("3 Wood")]]
    tops = {"2": [face("2", "SSL"), face("2", "SS")]}
    two = golfers.DECK + cards.deck_index("2")
    g = _game(hands, [("bunjil", "B"), None], tops=tops)
    g.apply((EXTRA, two), 0)
    assert g.pending().kind == golfers.PEEKED
    g.apply((EXTRA, golfers.HOLD), 0)
    err = raises(IllegalMove, g.apply, (SELECT, club("5 Wood")), 0)
    assert str(err) == "you keep a card of deck 2: play a club that draws from it"
    select(g, {0: club("8 Iron"), 1: club("3 Wood")})
    outs = play(g, (PLAY,))
    assert [o[3] for o in kinds(outs, OUT_DRAW)] == [shot_index(face("2", "SSL"))]
    g = _game(hands, [("bunjil", "B"), None], tops=tops)
    g.apply((SELECT, club("3 Wood")), 1)
    g.apply((EXTRA, two), 0)
    outs = g.apply((EXTRA, golfers.RETURN), 0)
    assert one(outs, OUT_PEEK)[1:] == (0, cards.deck_index("2"), shot_index(face("2", "SSL")), 1)
    assert g.pending().kind == SELECT_CLUB and g.pending().waiting == (0, 1)  # seat 1 may rethink
    assert g.face_up("2") == shot_index(face("2", "SSL"))  # for every seat to know
    select(g, {0: club("8 Iron"), 1: club("3 Wood")})
    outs = play(g, (PLAY,))
    assert [o[3] for o in kinds(outs, OUT_DRAW)] == [shot_index(face("2", "SSL"))]
    assert g.face_up("2") == -1  # drawn: no card lies face up any more


# ------------------------------------------------------------------ the journal

def test_a_used_power_survives_a_replay_of_the_log():
    """A power turned used (Lucky sideways) is game state: the log replays it, digest equal."""
    g = _lucky("A")
    g.apply((EXTRA, golfers.PILE), 0)
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    again = engine.Game(g.course, CLUBS, SHOTS, log.setup, StackRng(1, {"2": [
        face("2", "SL"), face("2", "SSS"), face("2", "SR")]}))
    for seat, choice in log.inputs:
        again.apply(choice, seat)
    assert again.players[0].rules.power_state(again, 0) == 0
    assert again.state_digest() == g.state_digest()
    g.players[0].rules.used = 0
    assert again.state_digest() != g.state_digest()


def test_the_setup_deals_each_golfer_card_once():
    """There is one card of each golfer: two players cannot both be Swift."""
    err = raises(ValueError, engine.Setup, 2, "match", 0, engine.FIRST_GAME,
                 [("swift", "A"), ("swift", "B")])
    assert str(err) == "golfers: swift is chosen twice (there is one swift card)"


def test_slick_rikesh_b_needs_other_players():
    """Slick Rikesh B "may then select any discarded club of another player to use": alone,
    with one club and no one to take from, he could not play a course through."""
    err = raises(ValueError, engine.Setup, 1, "stroke", 0, engine.DRAFT, [("slick-rikesh", "B")])
    assert str(err) == ("golfers: Slick Rikesh's B-side plays the clubs other players discard: "
                        "not in a one-player game")
    engine.Setup(1, "stroke", 0, engine.DRAFT, [("slick-rikesh", "A")])


def test_the_golfers_facts_are_the_cards_own():
    """The table's golfer deal reads ``golfers.FACTS`` (no golfer's module imported before
    its game): each row says what the card's own class says, both sides. Dorian B: "Dorian
    may only take three clubs during the draft"."""
    assert tuple([row[0] for row in golfers.FACTS]) == golfers.GOLFERS
    for name, title, box, limits, _rules, _short in golfers.FACTS:
        for side in "AB":
            card = golfers.make(0, (name, side))
            assert (card.name, card.title, card.expansion) == (name, title, box)
            limit = limits["AB".index(side)]
            assert golfers.hand_limit((name, side)) == card.hand_limit() == limit
            assert golfers.title((name, side)) == "%s %s" % (title, side)
    assert golfers.hand_limit(("dorian", "B")) == 3
    assert "pass" in golfers.draft_rule(("the-shark", "B"))
    assert golfers.draft_rule(("the-shark", "A")) == ""
    assert golfers.passes_short(("the-shark", "B")) and not golfers.passes_short(
        ("the-shark", "A"))
