# Card bindings: which RFID tag is stuck on which club card, kept on the board's store.
# Runs under CPython and inside MicroPython.
from teebox.app.bindings import Bindings, demo_uid
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.hal.store import SimStore
from teebox import shipped

CLUBS = shipped.load_default_clubs()
TAG_A = bytes.fromhex("04a1b2c3d4e5f6")
TAG_B = bytes.fromhex("deadbeef")


def _club(cid):
    for i in range(len(CLUBS)):
        if CLUBS[i].id == cid:
            return i
    raise AssertionError(cid)


def test_a_bound_tag_is_found_and_kept_across_a_reboot():
    store = SimStore()
    b = Bindings(store, CLUBS, club_tags)
    assert b.piece_of(TAG_A) == -1 and b.count() == 0
    driver = _club("driver-34")
    b.bind(TAG_A, driver)
    b.save()
    again = Bindings(store.reboot(), CLUBS, club_tags)
    assert again.piece_of(TAG_A) == driver
    assert again.uid_of(driver) == TAG_A
    assert again.count() == 1
    assert again.problems == []


def test_the_store_file_names_clubs_by_id_one_card_a_line():
    store = SimStore()
    b = Bindings(store, CLUBS, club_tags)
    b.bind(TAG_B, _club("7-iron-14"))
    b.bind(TAG_A, _club("lob-wedge-1"))
    b.save()
    # Data order (the lob wedge comes first), UID in lower-case hex.
    assert store.read(club_tags.FILE) == b"04a1b2c3d4e5f6 lob-wedge-1\ndeadbeef 7-iron-14\n"


def test_a_tag_means_one_club_and_a_club_has_one_tag():
    b = Bindings(SimStore(), CLUBS, club_tags)
    iron, wedge = _club("7-iron-14"), _club("sand-wedge-7")
    assert b.bind(TAG_A, iron) == -1
    # The same tag learned for another club: it leaves the first one.
    assert b.bind(TAG_A, wedge) == iron
    assert b.piece_of(TAG_A) == wedge and b.uid_of(iron) is None
    # A club given a new tag (sticker replaced) forgets the old one.
    b.bind(TAG_B, wedge)
    assert b.piece_of(TAG_A) == -1 and b.piece_of(TAG_B) == wedge
    assert b.missing([iron, wedge]) == [iron]
    b.unbind(wedge)
    assert b.piece_of(TAG_B) == -1 and b.count() == 0


def test_unusable_lines_are_reported_and_the_rest_loads():
    store = SimStore()
    store.write_atomic(club_tags.FILE, b"04a1b2c3d4e5f6 driver-34\nzz driver-34\n"
                             b"deadbeef no-such-club\n0102 lob-wedge-1\njunk\n")
    b = Bindings(store, CLUBS, club_tags)
    assert b.piece_of(TAG_A) == _club("driver-34")
    assert b.count() == 1
    assert b.problems == [
        "cards line 2: 'zz' is not a 4, 7 or 10 byte UID",
        "cards line 3: no club 'no-such-club' in the card data",
        "cards line 4: '0102' is not a 4, 7 or 10 byte UID",
        "cards line 5: expected 'UID CLUB-ID', got 'junk'",
    ]


def test_a_torn_bindings_file_loads_as_no_cards():
    store = SimStore()
    b = Bindings(store, CLUBS, club_tags)
    b.bind(TAG_A, 0)
    b.save()
    store.flash["cards"][3] ^= 0xFF  # flash damaged: the trailer's CRC no longer matches
    assert Bindings(store, CLUBS, club_tags).count() == 0


def test_saving_is_atomic_across_a_power_cut():
    store = SimStore()
    first = Bindings(store, CLUBS, club_tags)
    first.bind(TAG_A, 0)
    first.save()

    def learn_more(s):
        b = Bindings(s, CLUBS, club_tags)
        b.bind(TAG_B, 1)
        b.save()
    for completed, board in store.every_cut(learn_more):
        board.recover()
        after = Bindings(board, CLUBS, club_tags)
        # Either the old list or the new one, never a torn one.
        assert after.piece_of(TAG_A) == 0
        if completed:
            assert after.piece_of(TAG_B) == 1
        else:
            assert after.count() in (1, 2)


def test_demo_cards_give_every_club_its_own_simulator_tag():
    store = SimStore()
    Bindings(store, CLUBS, club_tags).bind_demo_tags()
    b = Bindings(store, CLUBS, club_tags)
    assert b.count() == len(CLUBS)
    assert len(set([demo_uid(c, club_tags.DEMO_KIND) for c in range(len(CLUBS))])) == len(CLUBS)
    for c in range(len(CLUBS)):
        assert b.piece_of(demo_uid(c, club_tags.DEMO_KIND)) == c
        assert len(demo_uid(c, club_tags.DEMO_KIND)) == 7 and demo_uid(c, club_tags.DEMO_KIND)[0] == 0x04
