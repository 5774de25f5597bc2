# A whole game of Domino Golf: the set-up (the double-12 set, the greens, the tee, the
# gods of golf), the hole layouts, the order of play, groups of holes with new golf
# bags, the playoff, the log and its replay, records and the journal, and the digest of
# a bot game that must be the same under CPython and inside MicroPython.
from fwtest import raises

from dominogolf_kit import D, game, gods, outs_of, play
from teebox.app.gamejournal import GameJournal, resume
from teebox.app.shelf import Shelf
from teebox.core import games
from teebox.core.dominogolf import bot, dominoes, inputs, log, records, rules
from teebox.core.dominogolf.protocol import (
    DRAWN, GODS, IN_ROUGH, KEEP_SHOT, LUCK, MULLIGAN, OUT_BAGS, OUT_FIRST, OUT_GAME_OVER,
    OUT_GREEN_DOUBLE, OUT_HOLE, OUT_PENALTY, OUT_PLAYOFF, OUT_REFILL, OUT_SCORED, PLAY, TAKE_ONE,
    WATER)
from teebox.core.wire import gamerecord
from teebox.core.wire.events import EV_SCORED
from teebox.hal.store import SimStore

# The digest of the 5-player bot game below, pinned: CPython and MicroPython must
# both reach it (integers only, one Rng, no dict order in the state).
BOT_GAME_DIGEST = "b711be2cbbd9ac0ea5461387a455e1a6095d42400d2dc0bdd659dbae67569619"
BAG0 = [D(1, 2), D(1, 3), D(1, 4), D(1, 5), D(1, 6)]
BAG1 = [D(2, 3), D(2, 4), D(2, 5), D(2, 6), D(2, 7)]


def _bot_game(players=5, seed=2026, holes=18, **options):
    g = rules.Game(rules.Setup(players, seed, holes, **options))
    outs = list(g.initial_outputs)
    bots = [bot.SensibleBot(s) if s % 2 == 0 else bot.RandomBot(seed + s)
            for s in range(players)]
    while not g.over:
        seat = g.pending().player
        outs += g.apply(bots[seat].choose(g, seat), seat)
    return g, outs


def test_the_double_12_set_has_91_dominoes_each_pair_once():
    # "Double-12 domino set"
    seen = [dominoes.ends(d) for d in dominoes.full_set()]
    assert len(seen) == dominoes.COUNT == 91 and len(set(seen)) == 91
    assert sorted(seen) == [(a, b) for a in range(13) for b in range(a, 13)]
    assert [dominoes.of(b, a) for a, b in seen] == dominoes.full_set()
    assert dominoes.name(D(5, 10)) == "5/10" and dominoes.pips(D(5, 10)) == 15
    assert [d for d in dominoes.full_set() if dominoes.is_double(d)] == [D(n, n) for n in range(13)]
    assert "numbers 0 to 12" in raises(ValueError, dominoes.of, 3, 13).args[0]


def test_setup_chooses_18_greens_a_tee_and_the_gods_of_golf_and_five_dominoes_each():
    # "Randomly choose 18 of these and keep them face-down off to the side; these will
    # be the 18 "greens" ... The remaining dominoes form "the gods of golf" pool. Take
    # one of the gods of golf dominoes to use as the "tee" throughout the game ... Flip
    # one of the 18 greens face-up ... Each player randomly chooses five dominoes from
    # the gods of golf pool"
    g = rules.Game(rules.Setup(4, 5))  # (no double among its greens)
    assert len(g.greens) == 17 and g.hole == 1 and g.layout[-1] not in g.greens
    assert [len(b) for b in g.bags] == [5, 5, 5, 5]
    assert (OUT_FIRST, g.first) in g.initial_outputs and g.order[0] == g.first
    chosen = [g.layout[-1]] + g.greens
    tee = g.tee
    outs = []
    while not g.over:
        seat = g.pending().player
        outs += g.apply(bot.SensibleBot().choose(g, seat), seat)
        assert g.tee == tee and tee not in g.pool and tee not in g.removed
    # The greens turn up in the order chosen, each hole's par from its green.
    greens = [o[3][-1] for o in outs_of(outs, OUT_HOLE)][:17]
    assert outs_of(outs, OUT_GREEN_DOUBLE) == [] and greens == chosen[1:]
    assert g.pars[:18] == [rules.shots.par_of(d) for d in chosen]


def test_a_double_turned_up_as_a_green_is_replaced_from_the_gods_of_golf():
    # "If it is a double, choose another from the gods of golf pool, then mix the
    # double back into the gods of golf dominoes. Repeat as necessary until a
    # non-double is chosen."
    g = game([BAG0, BAG1], [D(4, 4)], [D(6, 6), D(0, 9)])
    outs = g.initial_outputs
    assert outs_of(outs, OUT_GREEN_DOUBLE) == [(OUT_GREEN_DOUBLE, D(4, 4)),
                                               (OUT_GREEN_DOUBLE, D(6, 6))]
    assert g.layout == [D(0, 9)] and g.par == 3
    assert D(4, 4) in g.pool and D(6, 6) in g.pool


def test_par_four_and_five_holes_lay_out_an_approach_and_a_lay_up_higher_number_away():
    # "If the hole is a Par 4, draw a domino from the pool and place it between the
    # "green" and the tee ... the "approach" domino ... If the hole is a Par 5, draw an
    # approach domino as above, then another domino from the gods of golf; place this
    # between the approach domino and the tee ... the "lay-up" domino."
    g = game([BAG0, BAG1], [D(3, 10)], [D(5, 8)])
    assert g.par == 4 and g.layout == [D(5, 8), D(3, 10)]
    g = game([BAG0, BAG1], [D(7, 11)], [D(5, 8), D(0, 12)])
    assert g.par == 5 and g.layout == [D(0, 12), D(5, 8), D(7, 11)]
    hole = outs_of(g.initial_outputs, OUT_HOLE)[0]
    assert hole[1:4] == (1, 5, (D(0, 12), D(5, 8), D(7, 11)))
    assert g.pending().target == D(0, 12) and g.pending().station == 0


def test_a_double_lay_up_is_water_too():
    # "When a double is drawn for an approach or lay-up domino, it means there is a
    # water hazard at that location instead of a tree."
    g = game([BAG0, BAG1], [D(7, 11)], [D(5, 8), D(3, 3), D(0, 5), D(0, 6)])
    outs = play(g, D(1, 6))  # 7 pips: more than 6, no 3
    assert outs_of(outs, OUT_PENALTY) == [(OUT_PENALTY, 0, D(0, 5)), (OUT_PENALTY, 0, D(0, 6))]
    assert g.last[2] == WATER and g.lie[0] == IN_ROUGH and g.strokes[0] == 3


def test_players_tee_off_clockwise_and_the_best_score_tees_off_first_next_hole():
    # "Choose a start player randomly." "All other players, going clockwise around the
    # table, play a domino just like the first player." "Play then begins on the hole
    # with the player who had the best score on the preceding hole. If there's a tie,
    # the player who last teed off first does so again."
    bags = [[D(0, 12), D(10, 12), D(3, 4), D(3, 5), D(3, 6)],
            [D(4, 6), D(5, 6), D(5, 7), D(5, 8), D(5, 9)],
            [D(9, 12), D(10, 11), D(6, 7), D(6, 8), D(6, 9)]]
    g = game(bags, [D(0, 9), D(1, 10), D(2, 11)], first=1)
    assert g.order == (1, 2, 0)
    play(g, D(4, 6))     # seat 1: sand, 5
    play(g, D(9, 12))    # seat 2: birdie, 2
    play(g, D(0, 12))    # seat 0: par, 3
    assert g.hole == 2 and g.order == (2, 0, 1)
    play(g, D(10, 11))   # seat 2: birdie
    play(g, D(10, 12))   # seat 0: birdie too
    play(g, D(5, 6))     # seat 1: 11 pips, 11 on the green: bogey
    assert g.scores == [[3, 2], [5, 4], [2, 2]] and g.order == (2, 0, 1)


def _groups(outs):
    # (hole the bags are for, group, holes, size) of each OUT_BAGS
    found = []
    hole = 1
    for o in outs:
        if o[0] == OUT_HOLE:
            hole = o[1] + 1
        elif o[0] == OUT_BAGS:
            found.append((hole,) + o[1:])
    return found


def test_golf_bags_last_for_groups_of_3_3_3_4_and_5_holes():
    # "Make three groups of 3 dominoes, one group of 4, and one group of 5." "These
    # five dominoes will comprise the player's "golf bag" for the first three holes."
    # "After the third hole is played, any remaining dominoes in players' hands are
    # discarded ... five new dominoes are chosen randomly from the gods of golf by each
    # player ... After nine holes ... five new dominoes, but this time they will be used
    # for the next four holes (instead of three). Draw six dominoes for the last five
    # holes."
    g = rules.Game(rules.Setup(3, 11))
    outs = list(g.initial_outputs)
    checked = 0
    while not g.over:
        seat = g.pending().player
        before = [list(b) for b in g.bags]
        now = g.apply(bot.SensibleBot().choose(g, seat), seat)
        outs += now
        for o in outs_of(now, OUT_BAGS):
            assert [len(b) for b in g.bags] == [o[3]] * 3
            if not outs_of(now, OUT_REFILL):  # the discards are not drawn again
                old = [d for b in before for d in b]
                assert [d for b in g.bags for d in b if d in old] == []
                assert [d for d in old if d not in g.removed] == []
                checked += 1
    assert checked == 3  # (the fourth new bags came after the pool was restored)
    assert _groups(outs)[:5] == [(1, 1, 3, 5), (4, 2, 3, 5), (7, 3, 3, 5), (10, 4, 4, 5),
                                 (14, 5, 5, 6)]
    assert len(g.pars) >= 18 and len(g.scores[0]) == 18


def test_a_shorter_game_plays_whole_groups_of_holes():
    g, outs = _bot_game(2, 5, holes=9)
    assert len(g.scores[0]) == len(g.scores[1]) == 9
    assert [o[1:] for o in outs_of(outs, OUT_BAGS)][:3] == [(1, 3, 5), (2, 3, 5), (3, 3, 5)]
    assert "3, 6, 9, 13, 18" in raises(ValueError, rules.Setup, 2, 1, 10).args[0]


def _tied_to_a_playoff():
    # Two players, three par-3 holes and a playoff, every shot a gods-of-golf pick
    # stacked so both birdie every hole until the eighth, which seat 0 birdies and seat 1
    # pars. Greens 0/4 ... 0/11; seat 0's picks 1/high, seat 1's 2/high.
    greens = [D(0, h + 3) for h in range(1, 9)]
    bag = [[D(3, 5), D(3, 6), D(3, 7), D(3, 8), D(3, 9)],
           [D(3, 10), D(3, 11), D(3, 12), D(4, 5), D(4, 6)]]
    playoff_bags = [D(4, 7), D(4, 8), D(4, 9), D(4, 10), D(4, 11),
                    D(4, 12), D(5, 6), D(5, 7), D(5, 8), D(5, 9)]
    again = [D(5, 10), D(5, 11), D(5, 12), D(6, 7), D(6, 8),
             D(6, 9), D(6, 10), D(6, 11), D(6, 12), D(7, 8)]
    draws = []
    for h in range(1, 9):
        hi = h + 3
        if h == 4:
            draws += playoff_bags
        if h == 8:
            draws += again
        if h > 3:
            draws.append(greens[h - 1])
        draws += [D(1, hi), D(2, hi) if h < 8 else D(0, 12)]
    g = game(bag, greens[:3], draws)
    return g


def test_a_tie_after_the_last_hole_is_played_off_hole_by_hole_with_new_bags_every_four():
    # "In case of a tie after 18 holes, the tied players will play additional holes, one
    # at a time, until the tie is broken. They each discard any unplayed dominoes and get
    # five new ones for four holes; repeat this as necessary."
    g = _tied_to_a_playoff()
    outs = list(g.initial_outputs)
    while not g.over:
        outs += gods(g)
    assert outs_of(outs, OUT_PLAYOFF) == [(OUT_PLAYOFF, (0, 1))]
    assert _groups(outs) == [(1, 1, 3, 5), (4, 2, 4, 5), (8, 3, 4, 5)]
    assert g.scores == [[2, 2, 2], [2, 2, 2]] and g.totals == [6, 6]
    assert g.playoff_scores == [[2, 2, 2, 2, 2], [2, 2, 2, 2, 3]]
    assert g.standings() == ((1, 0, 6, 1), (2, 1, 6, 0))
    assert outs[-1] == (OUT_GAME_OVER, g.standings()) and g.hole == 8
    assert records.score_sheet(g) == [(1, 3, (2, 2)), (2, 3, (2, 2)), (3, 3, (2, 2))]


def test_a_bot_game_reaches_the_same_digest_under_cpython_and_micropython():
    g, outs = _bot_game()
    assert g.over and len(g.scores[0]) == 18
    assert g.state_digest() == BOT_GAME_DIGEST


def test_every_hole_scores_its_par_and_each_players_strokes():
    # "After all players have finished the hole, tally their scores on a scoresheet."
    # "After all 18 holes have been played, the lowest score wins."
    g, outs = _bot_game(3, 9)
    scored = outs_of(outs, OUT_SCORED)
    assert len([o for o in scored if o[2] <= 18]) == 3 * 18
    for seat, hole, strokes, par, total in [o[1:] for o in scored if o[2] <= 18]:
        assert g.scores[seat][hole - 1] == strokes and g.pars[hole - 1] == par
        assert total == sum(g.scores[seat][:hole])
    assert [row[2] for row in g.standings()] == sorted(g.totals)
    assert g.standings()[0][1] in [s for s in range(3) if g.totals[s] == min(g.totals)]


def test_the_log_replays_to_the_same_game():
    g, _ = _bot_game(3, seed=77, holes=6, mulligan=True, change_luck=True)
    data = log.encode(log.of(g))
    start = len(data) - 2 * len(g.inputs)
    assert start <= 12 and data[start:] == bytes(g.inputs.data)  # two bytes an input
    back = log.decode(data)
    assert back == log.of(g) and back.setup.key() == (3, 77, 6, 1, 1, 0)
    assert back.inputs[:3] == g.inputs[:3] and back.inputs[-1] == g.inputs[-1]
    again = log.replay(back)
    assert again.state_digest() == g.state_digest() and again.standings() == g.standings()


def test_every_choice_is_two_bytes_of_the_log_and_reads_back():
    every = [(PLAY, D(5, 10)), (GODS,), (LUCK, D(12, 12), 4), (TAKE_ONE, D(0, 0)),
             (KEEP_SHOT,), (MULLIGAN,), (DRAWN, D(6, 9))]
    kept = inputs.Inputs()
    for seat in range(5):
        for choice in every:
            data = inputs.pack(seat, choice)
            assert len(data) == 2 and inputs.unpack(data, 0) == (seat, choice)
            kept.append((seat, choice))
    assert len(kept) == 35 and kept[-1] == (4, (DRAWN, D(6, 9))) and kept[2] == (0, every[2])
    assert list(kept) == [(s, c) for s in range(5) for c in every]
    assert "not a Domino Golf choice" in raises(ValueError, inputs.pack, 0, (PLAY,)).args[0]
    assert "not in a double-12 set" in raises(ValueError, inputs.unpack, b"\x08\x5b", 0).args[0]


def test_a_damaged_log_is_refused_with_where_and_why():
    g, _ = _bot_game(2, seed=3, holes=3)
    data = bytearray(log.encode(log.of(g)))
    assert "not a Domino Golf game log" in raises(ValueError, log.decode, b"TBP9\x01").args[0]
    assert "version 7" in raises(ValueError, log.decode, b"TBDG\x07").args[0]
    start = len(data) - 2 * len(g.inputs)
    bad = bytearray(data)
    bad[start + 2] = 2 << 3 | 4             # seat 5 at a table of two
    assert "byte %d" % (start + 2) in raises(ValueError, log.decode, bytes(bad)).args[0]
    assert "ends inside an input" in raises(ValueError, log.decode, bytes(data[:-1])).args[0]
    bad = bytearray(data)
    bad[start] = 5 << 3 | g.inputs[0][0]    # keeping a shot nobody took
    assert "input 1 (player %d keep) cannot be replayed" % (g.inputs[0][0] + 1) in raises(
        ValueError, log.replay, log.decode(bytes(bad))).args[0]


def test_a_game_is_a_record_its_replay_checks_with_par_per_hole():
    g, _ = _bot_game(4, seed=31, holes=9)
    rec = gamerecord.decode(gamerecord.encode(g, "ab", 5, 0, name="domino-golf"))
    assert (rec.game, rec.mode, rec.course_name) == ("domino-golf", "", "9 holes")
    again, holes = rec.replay()
    assert again.state_digest() == g.state_digest()
    assert rec.holes == holes and len(holes) == 9 and rec.standings == g.standings()
    assert [h[1] for h in holes] == g.pars[:9] and set(g.pars) <= set((3, 4, 5))
    for place, seat, total, _tiebreak in rec.standings:
        assert sum([h[2][seat] for h in holes]) == total


def test_a_game_resumes_from_its_journal_and_is_shelved_as_domino_golf():
    store = SimStore()
    events = []
    gj = GameJournal(store, board="b0a7d", listener=events.append)
    entry = games.load("domino-golf")
    g = entry.new(entry.Setup(3, 41, 3, True, True))
    bots = [entry.bot(0), entry.random_bot(1), entry.bot(2)]
    number = gj.start(g, game_name="domino-golf")
    resumed = 0
    while not g.over:
        seat = g.pending().player
        choice = bots[seat].choose(g, seat)
        g.apply(choice, seat)
        gj.record(seat, choice)
        if not g.over and gj.journal.pending() == 0 and resumed < 10:
            back = resume(store.reboot(), None, None, None, board="b0a7d")
            assert back.game_name == "domino-golf" and back.number == number
            assert back.game.state_digest() == g.state_digest()
            resumed += 1
    assert resumed == 10
    rec = gamerecord.decode(Shelf(store).read(number))
    assert (rec.game, rec.course_name) == ("domino-golf", "3 holes")
    assert rec.replay()[0].state_digest() == g.state_digest()
    # Each seat's running total after each hole reached the scoreboard, as they holed out.
    scored = [(e[1], e[2], e[4]) for e in events if e[0] == EV_SCORED]
    assert sorted(scored) == [(s, h + 1, sum(g.scores[s][:h + 1]))
                              for s in range(3) for h in range(3)]
