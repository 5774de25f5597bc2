# A game with Reading the Greens (alone and with Taming the Wind) goes through every path a
# finished or interrupted game goes through: its log and the log's replay, the record
# synced to the host, the table's journal after a power cut. Runs under CPython and inside
# MicroPython.
from fwtest import raises

import table_kit as K
from engine_kit import CLUBS, SHOTS
from teebox import shipped
from teebox.app import board, boot, link_server
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.gamejournal import GameJournal, ResumeError, resume
from teebox.app.table_cards import ReplayData
from teebox.core.holes18 import bots, gamelog, records
from teebox.core.holes18.engine import EXTRA, Game, Setup
from teebox.core.holes18.expansions.greens_play import MALLET, ROLL, USE_MALLET
from teebox.core.wire import gamerecord
from teebox.hal.store import SimStore

STARTER = shipped.load_builtin("starter")
GREENS = shipped.load_default_greens()
WIND = shipped.load_default_wind()
# Seeds whose drafted game has a Mallet Putter re-roll ("discard it to re-roll ONE die").
_SEEDS = {("greens",): 2, ("greens", "wind"): 2}
_PLAYED = {}


def _finished(modules):
    """A drafted Match Play game on the starter course played to its end by bots (played
    once per test run)."""
    if modules not in _PLAYED:
        seed = _SEEDS[modules]
        g = Game(STARTER, CLUBS, SHOTS, Setup(2, "match", seed, "draft", expansions=modules),
                 greens=GREENS, wind=WIND)
        bots.play_game(g, [bots.SensibleBot(seed + i) for i in range(2)])
        _PLAYED[modules] = g
    return _PLAYED[modules]


def _putts(game):
    """The indices of the inputs that threw putting dice (putts, Mallet re-rolls)."""
    return [i for i in range(len(game.inputs))
            if game.inputs[i][1][0] == EXTRA and (game.inputs[i][1][1] >= ROLL
                                                  or MALLET <= game.inputs[i][1][1] < MALLET + 7)]


def _data(**modules):
    data = {"courses": lambda h: STARTER if bytes(h) == bytes(STARTER.hash) else None,
            "clubs": CLUBS, "shots": SHOTS}
    data.update(modules)
    return data


def test_a_greens_log_replays_the_same_putts_with_the_dice_and_green_cards():
    """Booklet, Reading the Greens: the putts are thrown by the game's seeded dice, so the
    log replayed (the host's check, `teebox replay`) throws the same faces and ends the
    same game: the same flags, the same longest putt card."""
    for modules in (("greens",), ("greens", "wind")):
        g = _finished(modules)
        assert g.over and _putts(g)
        log = gamelog.decode(gamelog.encode(gamelog.of(g)))
        assert log.setup.expansions == modules
        again = gamelog.replay(log, STARTER, CLUBS, SHOTS, WIND if "wind" in modules else None,
                               GREENS)
        assert again.state_digest() == g.state_digest()
        assert again.standings() == g.standings()
        assert (again.added[0].longest.holder, again.added[0].longest.target) == (
            g.added[0].longest.holder, g.added[0].longest.target)


def test_a_greens_log_without_the_dice_and_green_cards_is_refused_by_name():
    """Like a wind game without its wind cards: the replay says which data it needs."""
    g = _finished(("greens", "wind"))
    log = gamelog.decode(gamelog.encode(gamelog.of(g)))
    err = str(raises(ValueError, gamelog.replay, log, STARTER, CLUBS, SHOTS, WIND))
    assert "Reading the Greens needs the putting dice and green cards" in err
    err = str(raises(ValueError, gamelog.replay, log, STARTER, CLUBS, SHOTS, None, GREENS))
    assert "the wind module needs the wind deck" in err
    # records.replay: data without the greens is a ValueError naming them, not a course
    # that is missing (a LookupError).
    data = records.log(g)
    err = str(raises(ValueError, records.replay, data, _data(wind=WIND)))
    assert "Reading the Greens" in err
    err = str(raises(ValueError, records.replay, data, _data(greens=None, wind=WIND)))
    assert "Reading the Greens" in err


def test_a_greens_record_carries_the_putts_through_sync_and_replay():
    """The record synced to the host holds the log; replayed with the shipped dice and green
    cards it scores every hole as the board did."""
    for modules in (("greens",), ("greens", "wind")):
        g = _finished(modules)
        assert records.data_of(g)["greens"] is GREENS
        rec = gamerecord.decode(gamerecord.encode(g, "e6614c311b2c9a2f", 3, 1700000000))
        game, holes = gamerecord.replay(rec.game, rec.log, _data(greens=GREENS, wind=WIND))
        assert game.setup.expansions == modules
        assert [tuple(h) for h in holes] == [tuple(h) for h in rec.holes]
        assert tuple(game.standings()) == tuple(rec.standings)
        assert game.state_digest() == g.state_digest()


class _Table:
    clubs = CLUBS
    shots = SHOTS


def test_the_table_reads_the_dice_and_green_cards_only_for_a_greens_game():
    """At power-on the table rebuilds a journalled game with its own data: a greens game
    gets the shipped dice and green cards."""
    found = ReplayData(_Table(), lambda h: STARTER)
    greens = found["greens"]
    assert len(greens.cards) == len(GREENS.cards) and greens.set == GREENS.set
    g = _finished(("greens",))
    game = records.replay(records.log(g), found)[0]
    assert game.state_digest() == g.state_digest()


def test_every_throw_of_the_putting_dice_is_on_flash_before_the_player_sees_it():
    """Booklet: "roll" the dice; the table never re-rolls on resume (RULES-NOTES E-G13). A
    putt is written as it is thrown, so a power cut while the player looks at the dice
    (deciding on the Mallet Putter, or on the next putt) comes back with the same faces:
    the player cannot roll again."""
    for modules in (("greens",), ("greens", "wind")):
        g = _finished(modules)
        store = SimStore()
        gj = GameJournal(store, board="b0a7d")
        game = Game(STARTER, CLUBS, SHOTS, g.setup, greens=GREENS, wind=WIND)
        gj.start(game)
        putts = _putts(g)
        mallets = 0
        checked = 0
        for i in range(len(g.inputs)):
            seat, choice = g.inputs[i]
            game.apply(choice, seat)
            gj.record(seat, choice)
            if i not in putts or game.over:
                continue
            assert gj.journal.pending() == 0, i  # written with the throw
            if game.pending().kind == USE_MALLET:
                mallets += 1
            if checked < 6 or game.pending().kind == USE_MALLET:
                back = resume(store.reboot(), data=_data(greens=GREENS, wind=WIND)).game
                assert back.inputs == game.inputs
                assert back.state_digest() == game.state_digest()
                green, was = back.added[0].green, game.added[0].green
                assert green.values == was.values and green.pool == was.pool
                assert back.pending().kind == game.pending().kind
                checked += 1
        assert checked >= 6 and mallets >= 1


def test_a_journalled_greens_game_without_its_data_cannot_resume_and_says_why():
    g = _finished(("greens",))
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    game = Game(STARTER, CLUBS, SHOTS, g.setup, greens=GREENS)
    gj.start(game)
    for seat, choice in g.inputs[:10]:
        game.apply(choice, seat)
        gj.record(seat, choice)
    gj.flush()
    err = str(raises(ResumeError, resume, store.reboot(), lambda h: STARTER, CLUBS, SHOTS))
    assert "Reading the Greens" in err


def test_a_table_cut_off_while_a_player_eyes_the_mallet_putter_powers_on_with_the_same_dice():
    """Booklet: the Mallet Putter: "discard it to re-roll ONE die from your putt". The power
    fails while the player looks at a putt that fell short; at power-on the table reads the
    dice and green cards itself and asks the same question of the same dice."""
    g = _finished(("greens",))
    hw = board.build(K.table_profile(1), sim=True)
    Bindings(hw.store, CLUBS, club_tags).bind_demo_tags()
    gj = GameJournal(hw.store)
    game = Game(STARTER, CLUBS, SHOTS, g.setup, greens=GREENS)
    gj.start(game)
    for seat, choice in g.inputs:
        game.apply(choice, seat)
        gj.record(seat, choice)
        if game.pending().kind == USE_MALLET:
            break
    assert game.pending().kind == USE_MALLET
    fresh = board.build(K.table_profile(1), sim=True)  # power on: only the flash survives
    fresh.store = hw.store.reboot()
    again = boot.start(fresh, link_server.pipe()[0]).table.game
    assert again is not None and again.inputs == game.inputs
    assert again.state_digest() == game.state_digest()
    assert again.pending().kind == USE_MALLET
    assert again.added[0].green.values == game.added[0].green.values
