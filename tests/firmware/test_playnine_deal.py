# Play Nine setup: the dealer, the deal, the discard pile, the deal passing left.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from playnine_kit import StackedRng, deal_top, filler, stacked
from teebox.core.playnine import rules
from teebox.core.playnine.protocol import (DRAW, FLIP, FROM_DECK, OUT_CUT, OUT_DEAL,
                                           OUT_DEALER, TEE_OFF)


def _cut_outputs(game):
    return [o for o in game.initial_outputs if o[0] in (OUT_CUT, OUT_DEALER)]


def test_the_lowest_card_deals_and_the_player_to_the_dealers_left_starts():
    """'Players select a card, lowest card deals. ... Player seated to the dealer's
    left starts and play continues to pass clockwise.'"""
    g = rules.Game(rules.Setup(4), StackedRng([[7, 3, 11, 5]]))
    assert _cut_outputs(g) == [(OUT_CUT, 0, 7), (OUT_CUT, 1, 3), (OUT_CUT, 2, 11),
                               (OUT_CUT, 3, 5), (OUT_DEALER, 1)]
    assert g.dealer == 1
    for seat in range(4):
        g.apply((FLIP, 0), seat)
        g.apply((FLIP, 1), seat)
    assert g.pending().player == 2


def test_tied_low_cards_reselect_until_the_tie_is_broken():
    """'For ties, reselect until tie is broken.' Only the tied players select again."""
    g = rules.Game(rules.Setup(5), StackedRng([[2, 2, 9, 2, 4], [6, 6, 1], [8, 3]]))
    assert _cut_outputs(g) == [
        (OUT_CUT, 0, 2), (OUT_CUT, 1, 2), (OUT_CUT, 2, 9), (OUT_CUT, 3, 2), (OUT_CUT, 4, 4),
        (OUT_CUT, 0, 6), (OUT_CUT, 1, 6), (OUT_CUT, 3, 1),
        (OUT_DEALER, 3)]
    g = rules.Game(rules.Setup(2), StackedRng([[-5, -5], [5, 0]]))
    assert g.dealer == 1  # a Hole-in-One is the lowest card, and tied Hole-in-Ones redraw


def test_each_player_gets_eight_face_down_cards_in_two_rows_of_four():
    """'Deal each player eight cards, face down. Keeping cards face down, each player
    arranges cards into two rows of four cards across.' Cards go one at a time from the
    dealer's left and fill each grid's slots in the order dealt (RULES-NOTES, Play Nine)."""
    grids = [[0, 1, 2, 3, 4, 5, 6, 7], [12, 11, 10, 9, 8, 7, 6, 5], [-5, 0, 0, 1, 1, 2, 2, 3]]
    g = stacked(grids)
    assert g.grids == grids
    assert [list(u) for u in g.up] == [[0] * 8] * 3
    assert [g.shown(s) for s in range(3)] == [[None] * 8] * 3
    assert deal_top(grids, 6)[:3] == [0, 12, -5]  # dealer (seat 2) deals seat 0 first


def test_the_rest_is_the_deck_and_its_top_card_starts_the_discard_pile():
    """'Place remaining cards in a face-down stack in the center. Turn over top card to
    form a discard pile.'"""
    g = stacked(filler(2), discard=-5, deck=[4, 12])
    assert g.discard == [-5]
    assert len(g.deck) == 108 - 16 - 1
    assert g.deck[-2:] == [12, 4]  # top last
    deal = [o for o in g.initial_outputs if o[0] == OUT_DEAL]
    assert deal == [(OUT_DEAL, 1, 1, (0, 1), -5)]


def test_every_player_tees_off_by_turning_two_cards_in_any_order():
    """'All players tee off by turning over any two cards. The tee shot is the only time
    two cards are turned over.' Teeing off is simultaneous: nobody draws until everyone
    has turned two (RULES-NOTES, Play Nine)."""
    g = stacked([[1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 0, 1, 2, 3], filler(1)[0]])
    d = g.pending()
    assert d.kind == TEE_OFF and d.waiting == (0, 1, 2)
    assert g.apply((FLIP, 6), 1) == [(4, 1, 6, 2)]
    g.apply((FLIP, 3), 0)
    assert raises(rules.IllegalMove, g.apply, (FLIP, 6), 1).args[0] == (
        "that card is face up already: turn over a face-down card")
    assert "tee off first" in raises(rules.IllegalMove, g.apply, (DRAW, FROM_DECK), 0).args[0]
    g.apply((FLIP, 0), 1)
    assert g.pending().waiting == (0, 2)
    assert "teed off already" in raises(rules.IllegalMove, g.apply, (FLIP, 1), 1).args[0]
    g.apply((FLIP, 7), 0)
    assert g.pending().kind == TEE_OFF
    g.apply((FLIP, 7), 2)
    g.apply((FLIP, 1), 2)
    assert g.pending().kind != TEE_OFF and g.pending().player == 0
    assert g.shown(0) == [None, None, None, 4, None, None, None, 8]
    assert g.shown(1) == [9, None, None, None, None, None, 2, None]


def test_the_same_setup_deals_the_same_game_and_another_seed_another():
    a = rules.Game(rules.Setup(3, seed=21))
    b = rules.Game(rules.Setup(3, seed=21))
    c = rules.Game(rules.Setup(3, seed=22))
    assert a.grids == b.grids and a.state_digest() == b.state_digest()
    assert a.initial_outputs == b.initial_outputs
    assert a.state_digest() != c.state_digest()
    assert sorted(a.deck + a.discard + a.grids[0] + a.grids[1] + a.grids[2]) == sorted(
        rules.cards.deck())


def test_a_bad_setup_is_refused_with_what_to_change():
    assert "2 to 5 players, not 1" in raises(ValueError, rules.Setup, 1).args[0]
    assert "2 to 5 players, not 6" in raises(ValueError, rules.Setup, 6).args[0]
    assert "seed" in raises(ValueError, rules.Setup, 2, -1).args[0]
    assert "holes must be a whole number from 1 to 18" in raises(
        ValueError, rules.Setup, 2, 0, 0).args[0]
    assert "playoff" in raises(ValueError, rules.Setup, 2, 0, 9, "yes").args[0]

