# Play Nine hole scores: "Tallying Individual Scores" and "Shaving Off Strokes".
# Runs under CPython and inside MicroPython.
from teebox.core.playnine import cards
from teebox.core.playnine.scoring import hole_score, matched_columns

H = cards.HOLE_IN_ONE


def test_the_deck_holds_108_cards_eight_of_each_value_and_four_holes_in_one():
    """'Shuffle all cards (108 total). Card stroke values range from 0 (Mulligan) to 12
    (Out of Bounds) with eight of each card value. There are also four Hole-in-One
    cards valued at -5 strokes.'"""
    deck = cards.deck()
    assert len(deck) == 108 == cards.COUNT
    for v in range(13):
        assert deck.count(v) == 8
    assert deck.count(-5) == 4
    assert cards.name(0) == "Mulligan (0)" and cards.name(12) == "Out of Bounds (12)"
    assert cards.name(-5) == "Hole-in-One (-5)" and cards.name(7) == "7"


def test_strokes_are_the_face_values_and_a_hole_in_one_removes_five():
    """'Count strokes according to the face value of each card. (The negative value of
    the Hole-in-One card removes strokes from the score).'"""
    assert hole_score([1, 2, 3, 4, 5, 6, 7, 8]) == 36
    assert hole_score([H, 2, 3, 4, 5, 6, 7, 8]) == 30


def test_a_matching_column_cancels_out_for_zero_strokes():
    """'Same face cards in top row and directly below in bottom row cancel each other
    out for 0 strokes.'"""
    assert hole_score([9, 1, 2, 3, 9, 4, 5, 6]) == 21
    assert matched_columns([9, 1, 2, 3, 9, 4, 5, 6]) == (0,)
    # Alike in a row, or diagonally, is no match.
    assert hole_score([9, 9, 2, 3, 4, 5, 6, 7]) == 45
    assert hole_score([9, 1, 2, 3, 4, 9, 5, 6]) == 39


def test_matching_holes_in_one_do_not_cancel():
    """'Matching Hole-in-One cards do not cancel out the strokes; score each card at its
    face value of -5 strokes.'"""
    assert hole_score([H, 1, 2, 3, H, 1, 2, 3]) == -10


def test_matching_four_cards_cancel_plus_a_ten_stroke_bonus():
    """'Two same face cards in top row and two directly below in bottom row cancel each
    other out for no strokes, PLUS a -10 stroke bonus.'"""
    assert hole_score([4, 4, 1, 2, 4, 4, 3, 5]) == 11 - 10
    # The two columns need not be side by side (RULES-NOTES, Play Nine).
    assert hole_score([4, 1, 4, 2, 4, 3, 4, 5]) == 11 - 10


def test_matching_six_cards_cancel_plus_a_fifteen_stroke_bonus():
    """'Three same face cards in top row and three directly below in bottom row cancel
    each other out for no strokes, PLUS a -15 stroke bonus.'"""
    assert hole_score([11, 11, 11, 2, 11, 11, 11, 3]) == 5 - 15


def test_matching_eight_cards_cancel_plus_a_twenty_stroke_bonus():
    """'Four same face cards in top row and four directly below in bottom row cancel
    each other out for no strokes, PLUS a -20 stroke bonus.'"""
    assert hole_score([12] * 8) == -20


def test_four_holes_in_one_score_thirty_under():
    """'Two hole-in-one cards in top row and two directly below in bottom row score a
    -10 stroke bonus for a total of -30 strokes (-5 each card, plus bonus).'"""
    assert hole_score([H, H, 0, 1, H, H, 2, 3]) == -30 + 6


def test_two_pairs_of_different_values_each_cancel_without_a_bonus():
    # A bonus counts columns of one value (RULES-NOTES, Play Nine).
    assert hole_score([4, 6, 1, 2, 4, 6, 3, 5]) == 11
    assert hole_score([4, 6, 4, 6, 4, 6, 4, 6]) == -20


def test_face_down_cards_count_nothing_and_match_nothing_in_the_shown_score():
    # The running score a player shows during the hole.
    assert hole_score([None] * 8) == 0
    assert hole_score([5, None, None, None, None, None, None, 5]) == 10
    assert hole_score([5, None, None, None, 5, None, None, None]) == 0
    assert matched_columns([None, 1, 1, 1, None, 2, 2, 2]) == ()
