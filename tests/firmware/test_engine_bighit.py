# Big hits: one more card from the deck above, the left neighbour discards one.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from engine_kit import (SHOT_LIST, club, face, kinds, make_course, new_game, one, play,
                        select)
from teebox.core.holes18 import cards
from teebox.core.holes18.engine import IllegalMove
from teebox.core.hexgrid import E
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_CARD, DISCARD, DISCARD_FOR_HITTER, FOLLOW, FOLLOW_SPECIAL,
    HIT_DIRECTION, KEEP, OUT_DISCARDED, OUT_DRAW, PLAY, STOP)

ROWS = ["rrrrrrrrrr", "rrrrrrrrrr", "rTffffffGr", "rrrrrrrrrr", "rrrrrrrrrr"]
HOLE = [(4, (1, 2), (8, 2))]
LATE = [club("Driver"), club("3 Wood")]  # a left neighbour who plays after the hitter


def _big_hit(hitter, tops, players=2):
    hands = [[hitter]] + [[LATE[i - 1]] for i in range(1, players)]
    g = new_game(make_course(ROWS, HOLE), hands, "match" if players > 1 else "stroke", tops)
    chosen = {0: hitter}
    for i in range(1, players):
        chosen[i] = LATE[i - 1]
    select(g, chosen)
    return g, play(g, (BIG_HIT,))


def _decks(outs):
    return [SHOT_LIST[o[3]].deck for o in kinds(outs, OUT_DRAW)]


def test_big_hit_draws_one_more_card_from_the_deck_above_and_the_left_player_discards():
    """Rulebook: "You now draw one more card than usual, and all cards must be from the
    deck one higher than the highest numbered deck shown on your club card. ... hand them
    to the player to your left. They discard one of the shot cards. Of the cards that
    remain, you choose one to play." """
    g, outs = _big_hit(club("8 Iron"), {"3": [face("3", "SSS"), face("3", "SSSS")]})
    assert _decks(outs) == ["3", "3"]
    d = g.pending()
    assert d.kind == DISCARD_FOR_HITTER and d.players == (1,) and d.player == 0
    assert g.choices(0) == [] and g.choices(1) == [(DISCARD, 0), (DISCARD, 1)]
    err = raises(IllegalMove, g.apply, (DISCARD, 0), 0)
    assert str(err) == "player 2, to the left of player 1, discards for the big hit"
    outs = g.apply((DISCARD, 1), 1)
    assert one(outs, OUT_DISCARDED)[1:] == (1, 1, d.piles[1][0])
    d = g.pending()  # one card left: it is the hitter's without asking
    assert d.kind == HIT_DIRECTION and SHOT_LIST[d.shot].id == face("3", "SSS")
    play(g, (AIM, E))


def test_big_hit_with_a_two_deck_club_draws_two_cards_from_deck_five():
    """Rulebook: "If your club allows you to draw from shot decks #3 and #4, then you draw
    two cards from shot deck #5. You may not draw two cards from shot deck #4." """
    g, outs = _big_hit(club("3 Iron"), {"5": [face("5", "SSSSS"), face("5", "SSSSL")]})
    assert _decks(outs) == ["5", "5"]
    assert g.pending().kind == DISCARD_FOR_HITTER


def test_big_hit_with_a_two_card_club_draws_three():
    """Rulebook: "If your club card allows you to draw 2 cards then you must draw 3 cards.
    In this case the other player will discard 1 and you will pick from the remaining 2." """
    tops = {"3": [face("3", "SSS"), face("3", "SSSS"), face("3", "SSL")]}
    g, outs = _big_hit(club("7 Iron"), tops)
    assert _decks(outs) == ["3", "3", "3"]
    g.apply((DISCARD, 0), 1)
    assert g.pending().kind == CHOOSE_CARD and g.choices() == [(KEEP, 1), (KEEP, 2)]
    assert "discarded by player 2" in str(raises(IllegalMove, g.apply, (KEEP, 0)))
    play(g, (KEEP, 2), (AIM, E))


def test_clubs_without_the_big_hit_icon_cannot_big_hit():
    """Rulebook: "Not every club allows you to attempt a big hit, for example, clubs that
    already draw from shot deck #5." Woods show no deck at all."""
    for name in ("Driver", "5 Wood"):
        g = new_game(make_course(ROWS, HOLE), [[club(name)]], "stroke")
        select(g, {0: club(name)})
        assert (PLAY,) in g.choices() and (BIG_HIT,) not in g.choices()
        err = raises(IllegalMove, g.apply, (BIG_HIT,))
        assert str(err) == "the %s cannot make a big hit" % name


def test_the_player_to_the_left_of_the_last_seat_is_the_first_seat():
    """Seating is a circle: the left neighbour of the last player is player 1."""
    hands = [[club("Driver")], [club("3 Wood")], [club("8 Iron")]]
    g = new_game(make_course(ROWS, HOLE), hands, "match",
                 {"3": [face("3", "SSS"), face("3", "SSSS")]})
    select(g, {0: club("Driver"), 1: club("3 Wood"), 2: club("8 Iron")})
    play(g, (BIG_HIT,))
    assert g.pending().players == (0,) and g.pending().player == 2


def test_solo_big_hit_discards_at_random():
    """Solo Chaos Golf rule, used for every one-player game: "If you want to do a Big Hit,
    shuffle the shot cards you have as options and discard one at random." """
    g, outs = _big_hit(club("8 Iron"), {"3": [face("3", "SSS"), face("3", "SSSS")]}, 1)
    assert one(outs, OUT_DISCARDED)[1] == 0
    assert g.pending().kind == HIT_DIRECTION


def test_super_cards_in_a_big_hit_play_as_usual():
    """Rulebook: "Any super, short, or reshuffle cards play as usual." The hitter may not
    stop following while fewer than two playable cards show: the neighbour must be left a
    card to discard and the hitter one to play."""
    tops = {"3": [face("3", special=cards.SUPER), face("3", "SSS")], "4": [face("4", "SSSS")]}
    g, outs = _big_hit(club("8 Iron"), tops)
    assert _decks(outs) == ["3", "3", "4"]  # the only legal step, taken without asking
    assert g.pending().kind == DISCARD_FOR_HITTER
    tops = {"3": [face("3", special=cards.SUPER), face("3", special=cards.SHORT)]}
    g, outs = _big_hit(club("8 Iron"), tops)
    assert g.pending().kind == FOLLOW_SPECIAL
    assert g.choices() == [(FOLLOW, 0), (FOLLOW, 1)]
    err = raises(IllegalMove, g.apply, (STOP,))
    assert "follow a special card" in str(err)
