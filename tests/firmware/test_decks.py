# Shot decks on the table. Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.core.holes18 import cards
from teebox.core.holes18.decks import DeckEmpty, ShotDecks
from teebox.core.rng import Rng
from teebox import shipped

SHOTS = shipped.load_default_shots()


def _table(seed=1):
    return ShotDecks(SHOTS, Rng(seed))


def _ids(shots):
    return [s.id for s in shots]


def test_every_deck_starts_full_with_no_discards():
    table = _table()
    for deck in cards.DECKS:
        assert table.remaining(deck) == len(SHOTS[deck])
        assert table.discarded(deck) == 0


def test_the_same_seed_deals_the_same_order_and_another_seed_does_not():
    # Game = seed + event log: the board and the host must draw the same cards.
    a, b, c = _table(42), _table(42), _table(43)
    order_a = _ids(a.draw("3") for _ in range(18))
    order_b = _ids(b.draw("3") for _ in range(18))
    order_c = _ids(c.draw("3") for _ in range(18))
    assert order_a == order_b
    assert order_a != order_c
    assert sorted(order_a) == sorted(_ids(SHOTS["3"]))


def test_peek_shows_the_card_draw_will_give_without_taking_it():
    table = _table(5)
    top = table.peek("4")
    assert table.remaining("4") == 16
    assert table.draw("4") is top


def test_an_empty_deck_is_rebuilt_from_its_discards():
    # Rulebook: "If the deck is empty whenever you go to draw, shuffle the discard
    # pile and turn over to form a new deck."
    table = _table(7)
    drawn = [table.draw("C") for _ in range(12)]
    assert table.remaining("C") == 0
    for shot in drawn:
        table.discard(shot)
    assert table.discarded("C") == 12
    again = table.draw("C")
    assert again in drawn
    assert table.remaining("C") == 11 and table.discarded("C") == 0


def test_cards_drawn_this_turn_stay_out_of_the_reshuffle():
    # Rulebook: "Do not shuffle cards you drawn this turn into the new deck."
    table = _table(8)
    earlier = [table.draw("5") for _ in range(10)]
    for shot in earlier:
        table.discard(shot)
    this_turn = [table.draw("5"), table.draw("5")]  # drawn, not yet discarded
    assert table.remaining("5") == 0
    rebuilt = [table.draw("5") for _ in range(10)]
    assert sorted(_ids(rebuilt)) == sorted(_ids(earlier))
    for shot in this_turn:
        assert shot not in rebuilt


def test_a_deck_with_nothing_left_anywhere_raises_deck_empty():
    table = _table(9)
    held = [table.draw("2") for _ in range(16)]
    err = raises(DeckEmpty, table.draw, "2")
    assert "shot deck 2 is empty" in str(err)
    raises(DeckEmpty, table.peek, "2")
    table.discard(held[0])
    assert table.draw("2") is held[0]


def test_shuffle_card_puts_the_discards_back_in():
    # Rulebook: "When you draw a shuffle card, put all current discards from this
    # shot deck back in and shuffle them. [...] Cards that you have drawn so far
    # this turn [...] are not put back into the deck."
    table = _table(10)
    gone = [table.draw("3") for _ in range(6)]
    for shot in gone[:5]:
        table.discard(shot)
    held = gone[5]  # e.g. the shuffle card itself, still on the table
    assert table.shuffle_discards("3") == 5
    assert table.remaining("3") == 17 and table.discarded("3") == 0
    rest = [table.draw("3") for _ in range(17)]
    assert held not in rest
    assert sorted(_ids(rest + [held])) == sorted(_ids(SHOTS["3"]))


def test_shuffle_card_with_no_discard_pile_changes_nothing():
    # Rulebook: "If you draw a shuffle card and there is no discard pile, you do not
    # need to shuffle the deck. You still need to draw a replacement card."
    table = _table(11)
    shuffle_card = table.draw("4")
    top = table.peek("4")
    assert table.shuffle_discards("4") == 0
    assert table.peek("4") is top
    assert table.draw("4") is top
    assert shuffle_card is not top


def test_a_shuffle_does_not_disturb_other_decks():
    table = _table(12)
    for shot in [table.draw("2") for _ in range(3)]:
        table.discard(shot)
    top_c = table.peek("C")
    table.shuffle_discards("2")
    assert table.peek("C") is top_c


def test_discarding_twice_or_a_card_still_in_the_deck_is_refused():
    table = _table(13)
    shot = table.draw("C")
    table.discard(shot)
    assert "already on the discard pile" in str(raises(ValueError, table.discard, shot))
    still = table.peek("C")
    assert "still in deck C" in str(raises(ValueError, table.discard, still))


def test_unknown_deck_names_are_refused():
    table = _table(14)
    err = raises(ValueError, table.draw, "6")
    assert "unknown shot deck '6'" in str(err)
    raises(ValueError, table.remaining, "c")
    partial = ShotDecks({"C": SHOTS["C"]}, Rng(1))
    assert "not on the table" in str(raises(ValueError, partial.draw, "2"))


def test_a_card_shown_face_up_stays_known_until_drawn_or_shuffled_in():
    # Bunjil B: "return the card to the top of the shot deck, face up for all players
    # to see". It lies there until it is drawn, or until a shuffle card puts the
    # discards back in and shuffles the deck it lies on.
    table = _table(12)
    assert table.shown("3") is None
    top = table.peek("3")
    table.show("3")
    assert table.shown("3") is top and table.shown("2") is None
    table.draw("2")  # another deck: still face up
    assert table.shown("3") is top
    assert table.draw("3") is top and table.shown("3") is None
    table.show("3")
    assert table.shuffle_discards("3") == 0  # nothing to shuffle: it stays on top
    assert table.shown("3") is table.peek("3")
    table.discard(top)
    assert table.shuffle_discards("3") == 1
    assert table.shown("3") is None
