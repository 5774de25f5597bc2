# A real (tagged) domino set played on the table's reader as players play it: each
# domino is laid on the MFRC522 (the fake chip: 7-byte NTAG213 UIDs, woken by WUPA),
# read by the real driver in the table's main loop, and lifted again (reader_kit.py).
# Runs under CPython and inside MicroPython.
import reader_kit as R
import table_kit as K
from teebox.app import script
from teebox.app.bindings import Bindings, demo_uid
from teebox.app.presenters.dominogolf import tags
from teebox.app.view import FLASH_REFUSED
from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.protocol import DRAW, DRAWN, IN_FAIRWAY, PLAY, SHOT

UNKNOWN = bytes.fromhex("04000000000099")  # a sticker the table never learned


def _reading_table(seed=3, real_set=True):
    # A 2-player game of 3 holes with a real set (or the table's digital one), set up with the buttons on a table
    # whose dominoes are learned (their simulator tags); then the fake chip reads.
    loop = K.sim_app()
    Bindings(loop.hw.store, tags.pieces(), tags.FILE).bind_demo_cards(tags.DEMO_KIND)
    run = script.Runner(loop)
    auto = script.Autoplayer(K.CLUBS, players=2, seed=seed, game="domino-golf",
                             options={"holes": 3, "real_set": real_set})
    while loop.table.game is None:
        for text in auto.next_lines(loop.table):
            run.step(script.parse_line(text, 1, K.CLUBS))
    return R.ReadingTable(loop=loop)


def _domino(low, high):
    return demo_uid(dominoes.of(low, high), tags.DEMO_KIND)


def _refused(r, uid):
    # Lay ``uid``: the board blinks red and the game is exactly as it was.
    t = r.loop.table
    digest = t.game.state_digest()
    inputs = len(t.game.inputs)
    flashes = []
    refuse = t.refuse

    def noted(why):
        flashes.append(why)
        refuse(why)
    t.refuse = noted
    r.put(uid)
    t.refuse = refuse
    assert len(flashes) == 1 and t.view.flash == FLASH_REFUSED, flashes
    assert t.game.state_digest() == digest and len(t.game.inputs) == inputs
    return flashes[0]


def test_the_dominoes_turned_up_are_laid_on_the_reader_and_a_face_up_one_blinks():
    # "Flip one of the 18 greens face-up"; "If the hole is a Par 4, draw a domino from
    # the pool and place it between the green and the tee": the players do, and scan.
    r = _reading_table()
    t = r.loop.table
    g = t.game
    assert g.setup.real_set and t.d.kind == DRAW and g.layout == []
    assert "Turn the green up from the greens: scan it" in K.words(t)
    wakes = r.chip.sent["WUPA"]
    why = _refused(r, UNKNOWN)  # an unknown sticker changes nothing
    assert "unknown tag" in why
    r.put(_domino(3, 9))  # the green: a par 4
    assert g.inputs[-1][1] == (DRAWN, dominoes.of(3, 9)) and g.layout == [dominoes.of(3, 9)]
    assert "Turn the approach" in K.words(t)
    why = _refused(r, _domino(3, 9))  # scanned again: it lies face up already
    assert "3/9 lies face up already" in why
    r.put(_domino(2, 8))
    assert t.d.kind == SHOT and g.layout == [dominoes.of(2, 8), dominoes.of(3, 9)]
    assert r.chip.sent["WUPA"] > wakes
    assert len([e for e in r.events if e[0] == "scan"]) == 4  # each domino laid, read once


def test_a_domino_of_the_bag_laid_on_the_reader_is_played():
    # "the player chooses a domino from his golf bag and plays it face-up"
    r = _reading_table()
    t = r.loop.table
    g = t.game
    r.put(_domino(3, 9))
    r.put(_domino(2, 8))
    seat = t.d.player
    n = len(g.bags[seat])
    r.put(_domino(8, 11))  # from the hand: the approach's higher number, the fairway
    assert g.inputs[-1] == (seat, (PLAY, dominoes.of(8, 11))) and g.lie[seat] == IN_FAIRWAY
    assert t.view.golfer[seat] == t.presenter.map.spots(1)[0]  # the marker on the fairway
    # "replace it with a domino from the gods of golf": drawn face down, unscanned.
    assert len(g.bags[seat]) == n
    why = _refused(r, _domino(8, 11))  # played, face up: in nobody's bag
    assert "8/11 lies face up already" in why
    why = _refused(r, UNKNOWN)
    assert "unknown tag" in why and t.d.player != seat


def test_a_digital_sets_bag_domino_laid_on_the_reader_is_played_and_another_blinks():
    # A table that deals the dominoes itself still takes one laid from a tagged set.
    r = _reading_table(real_set=False)
    t = r.loop.table
    g = t.game
    seat = t.d.player
    other = [x for x in range(dominoes.COUNT) if x not in g.bags[seat]][0]
    why = _refused(r, demo_uid(other, tags.DEMO_KIND))
    assert "holds no %s" % dominoes.name(other) in why
    x = g.bags[seat][0]
    r.put(demo_uid(x, tags.DEMO_KIND))
    assert g.inputs == [(seat, (PLAY, x))] and x in g.played[seat]
