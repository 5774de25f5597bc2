# Shot decks that run out: the engine refuses the draws a deck cannot give and never
# fails inside apply(). Runs under CPython and MicroPython.
from fwtest import raises

from engine_kit import CLUBS, SHOTS, StackRng, ax, club, kinds, make_course, one, play, select
from teebox.core.holes18 import cards, engine
from teebox.core.hexgrid import E
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_ACTION, HIT_DIRECTION, OUT_CLUB_DISCARDED, OUT_DISCARDED, OUT_FLIGHT,
    OUT_NO_SHOT, PLAY)

ROWS = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffffffGr", "rrrrrrrrrr"]
HOLES = [(4, (1, 2), (8, 2))]


def _card(sid):
    for deck in cards.DECKS:  # (the shipped decks also carry the Solo Chaos Golf cards)
        for s in SHOTS[deck]:
            if s.id == sid:
                return s
    raise AssertionError(sid)


def _game(decks, players=2):
    # A game whose decks hold only the cards named in ``decks`` (deck -> ids, top first).
    shots = {}
    for d in cards.DECKS:
        shots[d] = [_card(sid) for sid in decks[d]] if d in decks else list(SHOTS[d])
    hands = [[club("8 Iron")], [club("Driver")]][:players]
    setup = engine.Setup(players, "match" if players > 1 else "stroke", 1, hands)
    g = engine.Game(make_course(ROWS, HOLES), CLUBS, shots, setup, StackRng(1, decks))
    select(g, {0: club("8 Iron"), 1: club("Driver")} if players > 1 else {0: club("8 Iron")})
    assert g.pending().kind == CHOOSE_ACTION and g.pending().player == 0
    return g


def test_a_draw_the_deck_cannot_give_is_refused_and_not_logged():
    """Rulebook: "If the deck is empty whenever you go to draw, shuffle the discard pile
    and turn over to form a new deck." A deck whose draw pile and discards together hold
    fewer cards than the draw needs cannot give it: the big hit is refused, saying why."""
    g = _game({"3": ["3-01"]})
    assert (BIG_HIT,) not in g.choices() and (PLAY,) in g.choices()
    err = raises(engine.IllegalMove, g.apply, (BIG_HIT,))
    assert str(err) == ("deck 3 has 1 card left to draw (the others are out on the table) "
                        "and this needs 2: choose another action")
    assert len(g.inputs) == 2  # only the two club selections


def test_a_super_card_into_a_deck_with_no_card_left_loses_the_shot():
    """Rulebook: "Do not shuffle cards you drawn this turn into the new deck." With deck 3
    empty, the super card drawn from deck 2 cannot be followed and has no flight path:
    the shot is lost, the golfer stays, the club is discarded and play goes on."""
    g = _game({"2": ["2-15"], "3": []})
    start = (g.players[0].q, g.players[0].r)
    outs = play(g, (PLAY,))
    assert one(outs, OUT_NO_SHOT)[1] == 0 and not kinds(outs, OUT_FLIGHT)
    assert one(outs, OUT_CLUB_DISCARDED)[1:] == (0, club("8 Iron"))
    assert (g.players[0].q, g.players[0].r) == start == ax(1, 2)
    assert g.pending().player == 1  # the next turn


def test_a_special_into_an_empty_deck_is_not_followed_and_a_lone_card_is_not_discarded():
    """Rulebook (big hits): "Any super, short, or reshuffle cards play as usual." The
    short card's deck 2 is empty, so only the super is followed (the engine does it: it
    is the one choice left); the one playable card it brings is not thrown away by the
    neighbour, since nothing would be left to play."""
    g = _game({"2": [], "3": ["3-16", "3-17"], "4": ["4-01"]})
    assert (PLAY,) not in g.choices()  # the 8 Iron's own deck 2 is empty
    outs = play(g, (BIG_HIT,))
    d = g.pending()
    tops = sorted([g.shot_list[pile[-1]].id for pile in d.piles])
    assert tops == ["3-17", "4-01"] and not kinds(outs, OUT_DISCARDED)
    assert d.kind == HIT_DIRECTION and g.shot_list[d.shot].id == "4-01"
    outs = play(g, (AIM, E))
    assert one(outs, OUT_FLIGHT)[1] == 0


def test_random_games_with_tiny_decks_full_of_specials_never_fail():
    # Decks of 2 to 4 cards, most of them super, short and shuffle cards: every turn
    # runs some deck dry. Random legal choices must never make apply() fail.
    from teebox.core.holes18 import bots
    from teebox import shipped
    tiny = {"C": ["C-12", "C-01"], "2": ["2-15", "2-16", "2-01"], "3": ["3-16", "3-17", "3-18"],
            "4": ["4-14", "4-15", "4-16"], "5": ["5-10", "5-11", "5-12", "5-01"]}
    shots = {}
    for d in tiny:
        shots[d] = [_card(sid) for sid in tiny[d]]
    course = shipped.load_builtin("starter")
    lost = 0
    for seed in range(3):
        g = engine.Game(course, CLUBS, shots, engine.Setup(3, "match", seed))
        players = [bots.RandomBot(seed * 10 + i) for i in range(3)]
        for _ in range(250):
            d = g.pending()
            if g.over:
                break
            seat = d.waiting[0] if d.waiting else d.players[0]
            lost += len(kinds(g.apply(players[seat].choose(g, seat), seat), OUT_NO_SHOT))
    assert lost > 0  # the decks did run dry
