# Bag registration: after a physical draft each player scans the five clubs in their bag.
# Runs under CPython and inside MicroPython.
import table_kit as K
from teebox.app import table as T
from teebox.app.view import FLASH_ACK, FLASH_NONE, FLASH_REFUSED
from teebox.core.holes18 import cards
from teebox.hal.display import NullDisplay

P1_BAG = ("lob-wedge-1", "9-iron-3", "6-iron-12", "3-iron-27", "driver-34")
P2_BAG = ("3-hybrid-2", "5-hybrid-4", "sand-wedge-7", "7-iron-14", "5-wood-20")


def _registering(players=2, seat_readers=False, display=None):
    t = K.new_table(display=display, seat_readers=seat_readers)
    d = K.Direct(t)
    # New game, match, starter, N players, seats, bags, no golfer cards, start.
    K.lines(d, "press OK 4", "press E %d" % (players - 2) if players > 2 else "wait 0",
            "press OK 2", "press E", "press OK 5")
    assert t.phase == T.PH_REGISTER
    return t, d


def _index(cid):
    for i in range(len(K.CLUBS)):
        if K.CLUBS[i].id == cid:
            return i
    raise AssertionError(cid)


def _bags(t):
    return [list(h) for h in t.flow.hands]


def test_each_player_is_asked_in_their_colour_for_five_clubs():
    t, d = _registering(display=NullDisplay())
    assert t.prompt.seat == 0 and t.prompt.count == 5 and t.prompt.index == -1
    for cid in P1_BAG[:3]:
        K.scan(t, cid)
        assert t.view.flash == FLASH_ACK and t.view.flash_seat == 0
    assert t.prompt.seat == 0 and t.prompt.index == 2  # three of five lit
    for cid in P1_BAG[3:]:
        K.scan(t, cid)
    assert t.prompt.seat == 1 and t.prompt.index == -1  # now P2, in yellow


def test_the_display_counts_the_clubs_scanned():
    t, d = _registering()
    K.scan(t, "lob-wedge-1")
    assert "P1 red:" in K.screen(t) and "1/5 clubs" in K.screen(t)
    assert "Lob Wedge in" in K.screen(t)


def test_unknown_and_duplicate_cards_blink_red_and_change_nothing():
    t, d = _registering()
    K.scan(t, "lob-wedge-1")
    before = _bags(t)
    t.view.flash = FLASH_NONE
    K.lines(d, "scan 04ffffffffffff")
    assert t.view.flash == FLASH_REFUSED and _bags(t) == before
    assert "Unknown card" in K.screen(t)
    t.view.flash = FLASH_NONE
    K.scan(t, "lob-wedge-1")
    assert t.view.flash == FLASH_REFUSED and _bags(t) == before
    assert "already in P1's bag" in K.words(t)


def test_clubs_a_draft_of_this_size_does_not_deal_are_refused():
    t, d = _registering(players=2)
    K.scan(t, "8-hybrid-6")  # marked 3+: not in a two-player draft
    assert t.view.flash == FLASH_REFUSED and _bags(t) == [[], []]
    assert "not used with 2 players" in K.words(t)
    K.scan(t, "3-hybrid-wind")  # an expansion club: not dealt without the expansion
    assert _bags(t) == [[], []]


def test_back_takes_the_last_club_out_and_then_leaves():
    t, d = _registering()
    K.scan(t, "lob-wedge-1")
    K.scan(t, "9-iron-3")
    K.lines(d, "press BACK")
    assert _bags(t) == [[_index("lob-wedge-1")], []]
    K.scan(t, "9-iron-3")  # it may be scanned again
    assert _bags(t) == [[_index("lob-wedge-1"), _index("9-iron-3")], []]
    K.lines(d, "press BACK 2", "press BACK")
    assert t.phase == T.PH_SETUP and "9 Start?" in K.screen(t)  # the step before


def test_ok_starts_the_game_with_the_scanned_hands_once_every_bag_is_full():
    t, d = _registering()
    for cid in P1_BAG + P2_BAG[:4]:
        K.scan(t, cid)
    K.lines(d, "press OK")
    assert t.phase == T.PH_REGISTER  # P2's bag is one short
    K.scan(t, P2_BAG[4])
    assert "Bags ready" in K.screen(t)
    K.lines(d, "press OK")
    assert t.phase == T.PH_PLAY
    g = t.game
    assert g.setup.hands == (tuple([_index(c) for c in P1_BAG]),
                             tuple([_index(c) for c in P2_BAG]))
    assert g.players[0].hand == sorted([_index(c) for c in P1_BAG])
    assert g.players[1].hand == sorted([_index(c) for c in P2_BAG])


def test_with_a_reader_per_seat_each_player_scans_on_their_own_reader():
    t, d = _registering(seat_readers=True)
    K.scan(t, P2_BAG[0], seat=1)
    K.scan(t, P1_BAG[0], seat=0)
    K.scan(t, P2_BAG[1], seat=1)
    assert _bags(t) == [[_index(P1_BAG[0])], [_index(P2_BAG[0]), _index(P2_BAG[1])]]
    for cid in P2_BAG[2:]:
        K.scan(t, cid, seat=1)
    t.view.flash = FLASH_NONE
    K.scan(t, P1_BAG[1], seat=1)  # P2's bag is full: not taken for P2
    assert t.view.flash == FLASH_REFUSED and len(t.flow.hands[1]) == cards.HAND_SIZE
