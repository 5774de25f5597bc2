# Card learning at the table: scan each club card once to bind its tag to the club.
# Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app import table as T
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.view import FLASH_ACK, FLASH_NONE, FLASH_REFUSED
from teebox.hal.display import NullDisplay
from teebox.hal.store import SimStore

TAG1 = "04000000000001"
TAG2 = "04000000000002"


def _learning(learned=False, display=None):
    t = K.new_table(display=display, learned=learned)
    d = K.Direct(t)
    K.lines(d, "press E", "press OK")
    assert t.phase == T.PH_LEARN
    return t, d


def _tag(hex_uid):
    return bytes.fromhex(hex_uid)


def test_learning_walks_the_clubs_in_data_order_naming_each():
    t, d = _learning()
    s = K.screen(t)
    assert "Learn 1/39" in s and "Lob Wedge (1)" in s and "no card yet" in s
    K.lines(d, "press E")
    assert "3 Hybrid (2)" in K.screen(t)
    K.lines(d, "press W", "press W")
    assert "Gap Wedge (36)" in K.screen(t) and "(greens)" in K.screen(t)  # wraps to the last


def test_the_led_only_form_shows_the_clubs_initiative_as_lit_cells():
    t, d = _learning(display=NullDisplay())
    K.lines(d, "press E 4")  # the 8 Hybrid, initiative 5
    p = t.prompt
    assert p.count == 5 and p.index == 4 and p.code == 1


def test_a_scanned_tag_is_bound_saved_and_the_next_club_comes_up():
    t, d = _learning()
    K.lines(d, "scan " + TAG1)
    assert t.view.flash == FLASH_ACK
    assert t.bindings.piece_of(_tag(TAG1)) == 0
    # Saved on the board's store at once: a board booting now knows the card.
    assert Bindings(t.bindings.store.reboot(), K.CLUBS, club_tags).piece_of(_tag(TAG1)) == 0
    s = K.screen(t)
    assert "Learned" in s and "3 Hybrid (2)" in s


def test_cards_learned_are_known_after_a_reboot():
    t, d = _learning()
    K.lines(d, "scan " + TAG1, "scan " + TAG2, "press BACK")
    assert t.phase == T.PH_SETUP and "Cards 2/34" in K.screen(t)
    again = K.new_table(learned=False, store=t.bindings.store.reboot())
    assert "Cards 2/34" in K.screen(again)
    assert again.bindings.piece_of(_tag(TAG2)) == 1


def test_learning_starts_at_the_first_club_without_a_card():
    t, d = _learning()
    K.lines(d, "scan " + TAG1, "scan " + TAG2, "press BACK", "press OK")
    assert "Learn 3/39" in K.screen(t) and "9 Iron (3)" in K.screen(t)


def test_rescanning_the_same_card_for_its_club_changes_nothing():
    t, d = _learning()
    K.lines(d, "scan " + TAG1, "press W")
    before = t.bindings.store.read("cards")
    K.lines(d, "scan " + TAG1)
    assert "Already learned" in K.screen(t)
    assert t.bindings.store.read("cards") == before


def test_a_card_bound_to_another_club_asks_first_and_ok_moves_it():
    t, d = _learning()
    K.lines(d, "scan " + TAG1)            # the Lob Wedge's card
    K.lines(d, "scan " + TAG1)            # now shown: the 3 Hybrid
    s = K.screen(t)
    assert "Card is the" in s and "Lob Wedge (1)" in s and "Make it 3 Hybrid" in s
    assert t.bindings.piece_of(_tag(TAG1)) == 0  # nothing changed yet
    assert t.prompt.code == 2
    K.lines(d, "scan " + TAG2)  # no other card is taken while asking
    assert t.view.flash == FLASH_REFUSED and t.bindings.piece_of(_tag(TAG2)) == -1
    K.lines(d, "press OK")
    assert t.bindings.piece_of(_tag(TAG1)) == 1
    assert t.bindings.uid_of(0) is None
    assert Bindings(t.bindings.store.reboot(), K.CLUBS, club_tags).piece_of(_tag(TAG1)) == 1
    assert "Moved from Lob Wedge" in K.words(t)


def test_back_refuses_moving_a_card_to_another_club():
    t, d = _learning()
    K.lines(d, "scan " + TAG1, "scan " + TAG1)
    before = t.bindings.store.read("cards")
    t.view.flash = FLASH_NONE
    K.lines(d, "press BACK")
    assert t.view.flash == FLASH_REFUSED
    assert t.bindings.piece_of(_tag(TAG1)) == 0
    assert t.bindings.store.read("cards") == before
    assert "Kept as before" in K.screen(t) and t.phase == T.PH_LEARN


def test_back_leaves_learning_for_the_start_menu():
    t, d = _learning(learned=True)
    K.lines(d, "press BACK")
    assert t.phase == T.PH_SETUP and "TEEBOX" in K.screen(t) and "Cards 34/34" in K.screen(t)


def test_card_lines_that_cannot_be_read_are_reported_at_the_start_menu():
    store = SimStore()
    store.write_atomic("cards", b"04a1b2c3d4e5f6 driver-34\ndeadbeef no-such-club\n")
    t = K.new_table(learned=False, store=store)
    s = K.words(t)
    assert s.startswith("NO: 1 learned card could not be read: learn again")
    assert "Cards 1/34" in s
    K.lines(K.Direct(t), "press E")
    assert not K.words(t).startswith("NO:")  # said once


def _board_table(store):
    # A table as the board makes one (app/boot.py): no card data handed to it.
    from teebox.app.view import View
    from teebox.hal.clock import SimClock
    from teebox.hal.display import SimDisplay
    return T.Table(SimClock(), View(24 * 16), SimDisplay(), store)


def test_the_start_menu_counts_the_cards_once_card_learning_has_read_them():
    # The club cards are 18 Holes' (the table deals Play Nine itself): a board reads them
    # when a player needs them, so at power-on the start menu counts none.
    store = SimStore()
    Bindings(store, K.CLUBS, club_tags).bind_demo_tags()
    t = _board_table(store)
    assert "TEEBOX" in K.screen(t) and "Cards" not in K.screen(t)
    d = K.Direct(t)
    K.lines(d, "press E", "press OK")
    assert t.phase == T.PH_LEARN and "Learn 1/39" in K.screen(t) and "has a card" in K.screen(t)
    K.lines(d, "press BACK")
    assert "Cards 34/34" in K.screen(t)


def test_18_holes_last_check_and_the_start_menu_after_it_say_to_learn_missing_cards():
    t = _board_table(SimStore())  # a new board: no card learned
    d = K.Direct(t)
    K.lines(d, "seed 3", "press OK 10")  # pressing OK through the setup: 18 Holes
    s = K.screen(t)  # the last check says what a player must do before playing
    assert "Start?" in s and "Cards 0/34" in s and "Learn cards 1st" in s
    K.lines(d, "press OK")
    assert t.game_name == "18-holes" and t.bindings.count() == 0
    K.lines(d, "hold BACK", "press OK")  # quit the game
    s = K.screen(t)
    assert "TEEBOX" in s and "Cards 0/34" in s and "Learn cards 1st" in s
