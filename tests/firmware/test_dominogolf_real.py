# Domino Golf with a real (tagged) set: every domino the players turn face up is an
# input, the face-down ones are counts, and a game so played keeps its log, replays and
# scores as a digital one. Runs under CPython and inside MicroPython.
from fwtest import raises

from dominogolf_kit import D, Mirror
from teebox.app.gamejournal import GameJournal, resume
from teebox.app.shelf import Shelf
from teebox.core.contract import IllegalMove
from teebox.core.dominogolf import bot, dominoes, log, records, rules
from teebox.core.dominogolf.protocol import (
    DRAW, DRAWN, FAIRWAY, FOR_APPROACH, FOR_CHECK, FOR_GODS, FOR_GREEN, FROM_GODS, GODS,
    HOLED, KEEP, KEEP_SHOT, OUT_CHECK, OUT_GREEN_DOUBLE, OUT_SHOT, PLAY, SHOT, TREE, UNSEEN)
from teebox.core.wire import gamerecord
from teebox.hal.store import SimStore


def _real(players=2, holes=3, **options):
    return rules.Game(rules.Setup(players, 5, holes, real_set=True, **options))


def _scan(g, d):
    return g.apply((DRAWN, d), g.pending().player)


def _shot(g, choice):
    seat = g.pending().player
    outs = g.apply(choice, seat)
    if g.pending().kind == KEEP:
        outs += g.apply((KEEP_SHOT,), seat)
    return outs


def _accounted(g):
    # Every domino once: those face up by name, the face-down ones as UNSEEN entries.
    every = g.greens + g.pool + [g.tee] + g.layout + g.removed + [g.held]
    for s in range(g.setup.players):
        every += g.bags[s] + g.played[s] + g.penalty[s]
    known = [d for d in every if d >= 0]
    assert len(every) - (g.held < 0) == dominoes.COUNT
    assert len(set(known)) == len(known)
    return len(every) - (g.held < 0) - len(known)  # the unseen


def test_a_real_set_turns_nothing_face_up_itself():
    # "Mix all the dominoes. Randomly choose 18 of these and keep them face-down ...
    # Take one of the gods of golf dominoes to use as the tee ... keep it face-down";
    # "Flip one of the 18 greens face-up": the players do, and scan it.
    g = _real(holes=3)
    assert g.greens == [UNSEEN] * 3 and g.tee == UNSEEN and g.layout == []
    assert g.bags == [[UNSEEN] * 5, [UNSEEN] * 5]  # "five dominoes ... arranges them secretly"
    assert len(g.pool) == dominoes.COUNT - 3 - 1 - 10 and _accounted(g) == dominoes.COUNT
    d = g.pending()
    assert d.kind == DRAW and d.draw == FOR_GREEN and d.player == g.first
    assert d.waiting == ()  # nobody chooses it: whoever drew scans it, for a bot too
    assert g.choices() == [(DRAWN, x) for x in range(dominoes.COUNT)]


def test_the_hole_is_laid_from_the_dominoes_scanned():
    # "If the hole is a Par 4, draw a domino from the pool and place it between the
    # "green" and the tee"
    g = _real()
    _scan(g, D(3, 9))  # lower number 3: "a Par 4"
    d = g.pending()
    assert d.kind == DRAW and d.draw == FOR_APPROACH and len(g.greens) == 2
    why = raises(IllegalMove, _scan, g, D(3, 9)).args[0]
    assert "3/9 lies face up already" in why
    pool = len(g.pool)
    _scan(g, D(2, 8))
    assert g.layout == [D(2, 8), D(3, 9)] and g.par == 4 and len(g.pool) == pool - 1
    d = g.pending()
    assert d.kind == SHOT and d.target == D(2, 8) and d.player == g.order[0]
    assert _accounted(g) == dominoes.COUNT - 2


def test_a_double_green_is_mixed_back_face_down_for_another():
    # "If it is a double, choose another from the gods of golf pool, then mix the
    # double back into the gods of golf dominoes."
    g = _real()
    pool = len(g.pool)
    outs = _scan(g, D(4, 4))
    assert (OUT_GREEN_DOUBLE, D(4, 4)) in outs and g.pending().draw == FOR_GREEN
    assert "4/4 lies face up" in raises(IllegalMove, _scan, g, D(4, 4)).args[0]
    _scan(g, D(0, 5))  # from the gods of golf: the double goes back in, face down
    assert g.layout == [D(0, 5)] and g.par == 3 and g.held == -1
    assert len(g.pool) == pool and len(g.greens) == 2 and g.pending().kind == SHOT
    assert _accounted(g) == dominoes.COUNT - 1


def test_a_gods_of_golf_pick_is_scanned_and_must_be_played():
    # "a random domino from the gods of golf pool may be chosen instead; once picked,
    # this domino must be played"
    g = _real()
    _scan(g, D(0, 5))
    seat = g.pending().player
    g.apply((GODS,), seat)
    d = g.pending()
    assert d.kind == DRAW and d.draw == FOR_GODS and d.player == seat and d.target == D(0, 5)
    assert "scan the gods of golf domino" in raises(IllegalMove, g.apply, (PLAY, D(1, 1)),
                                                    seat).args[0]
    outs = _scan(g, D(1, 5))
    shot = [o for o in outs if o[0] == OUT_SHOT][0]
    assert shot[1:4] == (seat, D(1, 5), FROM_GODS)
    assert g.played[seat] == [D(1, 5)] and len(g.bags[seat]) == 5  # no bag domino spent


def test_a_bag_domino_is_any_not_face_up_and_the_bags_are_counts():
    # "If either number on the played domino matches the higher number of the approach
    # domino, then the tee shot lands in the fairway ... draw a replacement domino";
    # "the tee shot hits a tree. Take a domino from the gods of golf and keep it
    # face-down next to your just-played domino"
    g = _real()
    _scan(g, D(3, 9))
    _scan(g, D(2, 8))
    first = g.pending().player
    why = raises(IllegalMove, g.apply, (PLAY, D(2, 8)), first).args[0]
    assert "2/8 lies face up already" in why
    outs = _shot(g, (PLAY, D(8, 11)))  # any domino not face up: the bag stays secret
    assert [o[4] for o in outs if o[0] == OUT_SHOT] == [FAIRWAY]
    assert g.bags[first] == [UNSEEN] * 5  # played one, drew a replacement face down
    other = g.pending().player
    outs = _shot(g, (PLAY, D(10, 12)))  # 22 pips, no 2 or 8: a tree
    assert [o[4] for o in outs if o[0] == OUT_SHOT] == [TREE]
    assert g.bags[other] == [UNSEEN] * 4 and g.penalty[other] == [UNSEEN]
    assert _accounted(g) == dominoes.COUNT - 4


def test_a_double_that_may_go_in_waits_for_its_pick():
    # "If you play a double domino from the tee domino on a Par 3 hole, and it matches
    # the number on the "green" domino which is farther from the tee, it may go into the
    # hole for a hole-in-one. Choose a random domino from the gods of golf. If either
    # number also matches ... the hole-in-one is made!"
    g = _real()
    _scan(g, D(1, 9))
    seat = g.pending().player
    g.apply((PLAY, D(9, 9)), seat)
    d = g.pending()
    assert d.kind == DRAW and d.draw == FOR_CHECK and d.player == seat
    assert "9/9 lies face up" in raises(IllegalMove, _scan, g, D(9, 9)).args[0]
    outs = _scan(g, D(5, 9))
    assert (OUT_CHECK, seat, D(5, 9), 1) in outs and g.last[2] == HOLED
    assert g.scores[seat] == [1] and D(5, 9) in g.removed


def test_a_game_with_a_real_set_scores_as_the_digital_game_whose_draws_it_scans():
    # The real-set game knows only what was scanned, yet every count (each bag, the
    # pool, the greens, the penalty and removed dominoes) and every score is the
    # digital game's; its log replays to the same state.
    for players, seed in ((3, 11), (5, 2)):
        m = Mirror(players, seed, 6, [bot.SensibleBot(s) for s in range(players)],
                   mulligan=True, change_luck=True)
        w, r = m.world, m.real
        while not r.over:
            m.step()
            unseen = _accounted(r)
            assert unseen >= len(r.greens) + 1 + sum([len(b) for b in r.bags])
            if m.faces:
                continue  # (the digital set turned up what is still to be scanned)
            for seq in ("pool", "greens", "removed"):
                assert len(getattr(r, seq)) == len(getattr(w, seq))
            for s in range(players):
                assert len(r.bags[s]) == len(w.bags[s]) and r.played[s] == w.played[s]
                assert len(r.penalty[s]) == len(w.penalty[s])
        assert w.over and r.scores == w.scores and r.standings() == w.standings()
        data = log.encode(log.of(r))
        again = log.replay(log.decode(data))
        assert again.state_digest() == r.state_digest() and again.setup.real_set
        assert records.replay(data)[1] == records.score_sheet(w)


def test_a_log_written_before_real_sets_still_replays():
    g = rules.Game(rules.Setup(2, 3, 3))
    bots = [bot.SensibleBot(0), bot.SensibleBot(1)]
    while not g.over:
        seat = g.pending().player
        g.apply(bots[seat].choose(g, seat), seat)
    data = log.encode(log.of(g))
    # Version 1: five setup numbers, no real set (each of these is one byte).
    old = data[:4] + b"\x01" + data[5:10] + data[11:]
    assert log.replay(log.decode(old)).state_digest() == g.state_digest()


def test_a_real_set_game_resumes_from_its_journal_and_is_shelved_as_played():
    # The scans are inputs like any other: the journal, the shelf and a replay of the
    # record rebuild the game as played, through the code every game shares.
    store = SimStore()
    gj = GameJournal(store, board="b0a7d")
    m = Mirror(3, 41, 3, [bot.SensibleBot(s) for s in range(3)], mulligan=True)
    g = m.real
    number = gj.start(g, game_name="domino-golf")
    resumed = 0
    while not g.over:
        n = len(g.inputs)
        m.step()
        gj.record(*g.inputs[n])
        if not g.over and gj.journal.pending() == 0 and resumed < 10:
            back = resume(store.reboot(), None, None, None, board="b0a7d")
            assert back.number == number and back.game.state_digest() == g.state_digest()
            resumed += 1
    assert resumed == 10 and g.scores == m.world.scores
    rec = gamerecord.decode(Shelf(store).read(number))
    assert rec.replay()[0].state_digest() == g.state_digest()
