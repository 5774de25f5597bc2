# Tagged dominoes played on the table's reader as players play them: each domino is laid
# on the MFRC522 (the fake chip: 7-byte NTAG213 UIDs, woken by WUPA), read by the real
# driver in the table's main loop, and lifted again (reader_kit.py); the buttons are
# pressed through the loop too. A real set (the setup's "Tagged dominoes") and the
# table's own set with tags. Runs under CPython and inside MicroPython.
import reader_kit as R
import table_kit as K
from teebox.app import script
from teebox.app import table as T
from teebox.app.bindings import Bindings, demo_uid
from teebox.app.presenters.dominogolf import tags
from teebox.app.view import FLASH_REFUSED
from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.board import HoleMap
from teebox.core.dominogolf.protocol import (
    DRAW, DRAWN, GODS, IN_FAIRWAY, LUCK, PLAY, SHOT, TAKE, TAKE_ONE)

UNKNOWN = bytes.fromhex("04000000000099")  # a sticker the table never learned


def _reading_table(seed=3, real_set=True, bot_seats=(), tag_file=None, **options):
    # A 2-player game of 3 holes with a real set (or the table's own one), set up with
    # the buttons on a table whose dominoes are learned (their simulator tags, or the
    # ``tag_file`` text); then the fake chip reads.
    loop = K.sim_app()
    b = Bindings(loop.hw.store, tags.pieces(), tags)
    b.bind_demo_tags()
    if tag_file is not None:
        loop.hw.store.write_atomic(tags.FILE, tag_file(b.text()))
    run = script.Runner(loop)
    opts = {"holes": 3, "real_set": real_set}
    opts.update(options)
    auto = script.Autoplayer(K.CLUBS, players=2, seed=seed, game="domino-golf",
                             options=opts, bot_seats=bot_seats)
    while loop.table.game is None:
        for text in auto.next_lines(loop.table):
            run.step(script.parse_line(text, 1, K.CLUBS))
    return R.ReadingTable(loop=loop)


def _do(r, *texts):
    # Script lines (presses, waits) through the loop.
    run = script.Runner(r.loop)
    for text in texts:
        run.step(script.parse_line(text, 1, K.CLUBS))


def _domino(low, high):
    return demo_uid(dominoes.of(low, high), tags.DEMO_KIND)


def _refused(r, uid):
    # Lay ``uid``: the board blinks red and the game is exactly as it was; the reason.
    t = r.loop.table
    digest = t.game.state_digest()
    inputs = len(t.game.inputs)
    said = []
    refuse = t.refuse

    def noted(why):
        said.append(why)
        refuse(why)
    t.refuse = noted
    r.put(uid)
    t.refuse = refuse
    assert len(said) == 1 and t.view.flash == FLASH_REFUSED, said
    assert t.game.state_digest() == digest and len(t.game.inputs) == inputs
    return said[0]


# ---------------------------------------------------------------- a real set


def test_the_dominoes_turned_up_are_laid_on_the_reader_and_a_face_up_one_blinks():
    # "Flip one of the 18 greens face-up"; "If the hole is a Par 4, draw a domino from
    # the pool and place it between the green and the tee": the players do, and scan.
    r = _reading_table()
    t = r.loop.table
    g = t.game
    assert g.setup.real_set and t.d.kind == DRAW and g.layout == []
    assert "Turn the green up from the greens: scan it" in K.words(t)
    assert t.view.cursor == HoleMap(t.width, t.height, [0]).spots(1)[0]  # where it goes
    wakes = r.chip.sent["WUPA"]
    why = _refused(r, UNKNOWN)  # an unknown sticker changes nothing
    assert "unknown tag" in why
    r.put(_domino(3, 9))  # the green: a par 4, its approach next
    assert g.inputs[-1][1] == (DRAWN, dominoes.of(3, 9)) and g.layout == [dominoes.of(3, 9)]
    assert "Turn the approach" in K.words(t)
    assert t.view.cursor == HoleMap(t.width, t.height, [0, 0]).spots(1)[0]
    why = _refused(r, _domino(3, 9))  # scanned again: it lies face up already
    assert "3/9 lies face up already" in why
    n = len(g.inputs)
    _do(r, "press OK")  # no button names a domino
    assert len(g.inputs) == n and t.view.flash == FLASH_REFUSED
    r.put(_domino(2, 8))
    assert t.d.kind == SHOT and g.layout == [dominoes.of(2, 8), dominoes.of(3, 9)]
    assert "Lay a bag domino or OK: > Gods of golf" in K.words(t)
    assert r.chip.sent["WUPA"] > wakes
    assert len([e for e in r.events if e[0] == "scan"]) == 4  # each domino laid, read once


def test_a_domino_of_the_bag_laid_on_the_reader_is_played_and_a_gods_pick_scanned():
    # "the player chooses a domino from his golf bag and plays it face-up"; "a random
    # domino from the gods of golf pool may be chosen instead; once picked, this domino
    # must be played"
    r = _reading_table()
    t = r.loop.table
    g = t.game
    r.put(_domino(3, 9))
    r.put(_domino(2, 8))
    seat = t.d.player
    n = len(g.bags[seat])
    assert "Others look away" not in K.words(t)  # nothing to peek at: the bag is in hand
    r.put(_domino(8, 11))  # from the hand: the approach's higher number, the fairway
    assert g.inputs[-1] == (seat, (PLAY, dominoes.of(8, 11))) and g.lie[seat] == IN_FAIRWAY
    assert t.view.golfer[seat] == t.presenter.map.spots(1)[0]  # the marker on the fairway
    # "draw a replacement domino and add it to your hand": face down, unscanned.
    assert len(g.bags[seat]) == n
    why = _refused(r, _domino(8, 11))  # played, face up: in nobody's bag
    assert "8/11 lies face up already" in why
    other = t.d.player
    assert other != seat
    _do(r, "press OK")  # the gods of golf: draw one and scan it
    assert t.d.kind == DRAW and t.d.player == other and g.inputs[-1] == (other, (GODS,))
    assert "Draw a gods of golf domino: scan it" in K.words(t)
    assert t.view.cursor == t.presenter.map.spots(1)[0]  # aimed at the approach
    r.put(_domino(1, 5))
    assert g.played[other] == [dominoes.of(1, 5)] and g.last[1] == 1  # FROM_GODS


def test_a_bots_gods_of_golf_pick_waits_for_a_person_to_scan_it():
    r = _reading_table(bot_seats=(1,))
    t = r.loop.table
    g = t.game
    r.put(_domino(0, 5))  # a par 3: tee off
    if t.d.player == 0:
        r.put(_domino(0, 6))
    _do(r, "wait %d" % (2 * T.BOT_MS))  # the bot goes with the gods of golf: its bag is
    assert t.d.kind == DRAW and t.d.player == 1 and g.inputs[-1] == (1, (GODS,))  # unseen
    _do(r, "wait %d" % (2 * T.BOT_MS))
    assert t.d.kind == DRAW  # it waits for the scan
    r.put(_domino(2, 5))  # a 5: "one-putts for a birdie"
    assert g.inputs[-1] == (1, (DRAWN, dominoes.of(2, 5))) and g.scores[1] == [2]


def test_a_change_of_luck_scans_the_double_shown_and_the_domino_taken():
    # "he shows the double to all players and removes it from play, and then points to
    # another player. This player must temporarily turn all the dominoes in his golf bag
    # face-up. Then the player who had the double takes one of the other player's
    # dominoes of his choice ... and must play it immediately himself."
    r = _reading_table(change_luck=True)
    t = r.loop.table
    g = t.game
    r.put(_domino(0, 5))
    seat = t.d.player
    other = 1 - seat
    _do(r, "press E")
    assert "> Luck at P%d" % (other + 1) in K.words(t)
    _do(r, "press OK")
    assert "Show a double: scan it (at P%d)" % (other + 1) in K.words(t)
    _refused(r, _domino(0, 5))  # the green: face up, and no double
    r.put(_domino(6, 6))
    assert t.d.kind == TAKE and g.inputs[-1] == (seat, (LUCK, dominoes.of(6, 6), other))
    assert "P%d's bag face up: scan the one you take" % (other + 1) in K.words(t)
    r.put(_domino(2, 5))
    assert g.inputs[-1] == (seat, (TAKE_ONE, dominoes.of(2, 5))) and g.last[:2] == (
        dominoes.of(2, 5), 2)  # FROM_LUCK
    assert len(g.bags[other]) == 4 and len(g.bags[seat]) == 4


# ---------------------------------------------------------------- the table's own set


def test_a_bag_domino_laid_is_played_and_one_the_bag_does_not_hold_blinks():
    # A table that deals the dominoes itself still takes one laid from a tagged set:
    # no peek, nothing on the display names it first.
    r = _reading_table(real_set=False)
    t = r.loop.table
    g = t.game
    seat = t.d.player
    assert "unknown tag" in _refused(r, UNKNOWN)
    other = [x for x in range(dominoes.COUNT) if x not in g.bags[seat]][0]
    why = _refused(r, demo_uid(other, tags.DEMO_KIND))
    assert "holds no %s" % dominoes.name(other) in why
    x = g.bags[seat][0]
    r.put(demo_uid(x, tags.DEMO_KIND))
    assert g.inputs == [(seat, (PLAY, x))] and x in g.played[seat]


def test_a_domino_laid_for_a_bot_blinks():
    r = _reading_table(real_set=False, bot_seats=(1,))
    t = r.loop.table
    while not t.is_bot(t.d.player):  # the person's shots: a domino of the bag laid
        r.put(demo_uid(t.game.bags[t.d.player][0], tags.DEMO_KIND))
    assert "is a bot" in _refused(r, demo_uid(t.game.bags[t.d.player][0], tags.DEMO_KIND))


def test_a_club_card_on_the_reader_is_not_a_domino():
    r = _reading_table(real_set=False)
    assert "unknown tag" in _refused(r, r.uid("club:driver-34"))


def test_a_damaged_line_of_the_domino_tags_is_reported_naming_dominoes():
    r = _reading_table(real_set=False, tag_file=lambda text: (
        text.encode() + b"04a1b2c3d4e5f6 domino-5-13\n"))
    t = r.loop.table
    seat = t.d.player
    x = t.game.bags[seat][0]
    why = _refused(r, demo_uid(x, tags.DEMO_KIND))
    assert "dominoes line 92: no domino 'domino-5-13' in a double-12 set" in why
    r.put(demo_uid(x, tags.DEMO_KIND))  # said once; the next scan plays
    assert t.game.inputs == [(seat, (PLAY, x))]


def test_dominoes_learned_after_a_game_are_known_to_the_next_one():
    # A table keeps its presenter from game to game (where the board does not shed it):
    # a new sticker learned between games (card learning rewrites the tag file) is a
    # domino in the next game, not an unknown tag.
    r = _reading_table(real_set=False)
    t = r.loop.table
    seat = t.d.player
    x = t.game.bags[seat][0]
    assert "unknown tag" in _refused(r, UNKNOWN)  # the tags are read as it is laid
    text = t.store.read(tags.FILE).decode()
    old = "".join("%02x" % b for b in demo_uid(x, tags.DEMO_KIND))
    assert old in text
    t.store.write_atomic(tags.FILE, text.replace(old, UNKNOWN.hex()).encode())
    t.presenter.begin(t.game)  # the next game starts on the same presenter
    r.put(UNKNOWN)
    assert t.game.inputs == [(seat, (PLAY, x))]
