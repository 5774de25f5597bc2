# Domino Golf bots for empty seats: they play sensibly and finish games.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from dominogolf_kit import D, game
from teebox.core.dominogolf import bot, dominoes, rules
from teebox.core.dominogolf.protocol import GODS, KEEP, KEEP_SHOT, LUCK, MULLIGAN, PLAY, TAKE_ONE

BAG1 = [D(3, 4), D(3, 5), D(6, 12), D(1, 7), D(0, 8)]


def _choice(bag, greens=(D(3, 10),), draws=(D(2, 6),), **options):
    g = game([bag, BAG1], list(greens), list(draws), **options)
    return g, bot.SensibleBot().choose(g, 0)


def test_the_bot_plays_a_domino_that_reaches_the_fairway():
    _, c = _choice([D(4, 5), D(6, 11), D(1, 5), D(0, 3), D(8, 9)])
    assert c == (PLAY, D(6, 11))


def test_the_bot_keeps_a_double_when_another_domino_does_as_well():
    _, c = _choice([D(6, 6), D(6, 11), D(1, 5), D(0, 3), D(8, 9)])
    assert c == (PLAY, D(6, 11))


def test_the_bot_goes_with_the_gods_of_golf_when_nothing_in_its_bag_fits():
    # "If a player does not have a domino in hand that he wishes to play, a random
    # domino from the gods of golf pool may be chosen instead"
    _, c = _choice([D(7, 9), D(8, 11), D(9, 12), D(7, 12), D(10, 11)])
    assert c == (GODS,)


def test_the_bot_plays_its_double_for_a_hole_in_one():
    # A double matching the green's higher number from the tee of a par 3 "may go into
    # the hole for a hole-in-one": better than a birdie with any other domino.
    _, c = _choice([D(9, 12), D(9, 9), D(1, 5), D(0, 3), D(8, 10)], greens=[D(0, 9)], draws=())
    assert c == (PLAY, D(9, 9))


def test_the_bot_takes_its_mulligan_on_a_gods_of_golf_pick_that_hit_a_tree():
    bag = [D(7, 9), D(8, 11), D(9, 12), D(7, 12), D(10, 11)]
    g = game([bag, BAG1], [D(3, 10)], [D(2, 6), D(5, 9), D(0, 1)], mulligan=True)
    sensible = bot.SensibleBot()
    g.apply(sensible.choose(g, 0), 0)
    assert g.pending().kind == KEEP and sensible.choose(g, 0) == (MULLIGAN,)
    g.apply((MULLIGAN,), 0)
    assert g.bags[0] == bag and g.pending().player == 0
    g2 = game([[D(4, 5), D(0, 3), D(1, 5), D(8, 9), D(7, 11)], BAG1], [D(3, 10)],
              [D(2, 6), D(0, 1)], mulligan=True)
    g2.apply((PLAY, D(4, 5)), 0)                     # a tree from the bag: it stands
    assert sensible.choose(g2, 0) == (KEEP_SHOT,)


def test_the_bot_takes_the_best_domino_after_a_change_of_luck():
    g = game([[D(2, 2), D(7, 9), D(8, 11), D(9, 12), D(10, 11)], BAG1], [D(3, 10)], [D(2, 6)],
             change_luck=True)
    g.apply((LUCK, D(2, 2), 1), 0)
    assert bot.SensibleBot().choose(g, 0) == (TAKE_ONE, D(6, 12))


def test_the_sensible_bot_beats_a_random_one():
    wins = 0
    for seed in (1, 2, 3, 4, 5):
        g = rules.Game(rules.Setup(2, seed, holes=9))
        bot.play_game(g, [bot.SensibleBot(seed), bot.RandomBot(seed)])
        wins += g.totals[0] < g.totals[1]
    assert wins >= 4


def test_play_game_plays_to_the_end_or_says_the_bots_could_not_finish():
    g = rules.Game(rules.Setup(5, 9, holes=3, mulligan=True, change_luck=True))
    table = bot.play_game(g, [bot.RandomBot(s) for s in range(5)])
    assert g.over and len(table) == 5
    g = rules.Game(rules.Setup(2, 9, holes=3))
    assert "did not finish within 3 choices" in str(
        raises(RuntimeError, bot.play_game, g, [bot.SensibleBot(), bot.SensibleBot()], 3))


def _real_like(g):
    # A real-set game at the same tee as digital game ``g``: the hole's dominoes
    # scanned as they lie in ``g`` (green first), None if the seat to shoot differs.
    from teebox.core.dominogolf.protocol import DRAWN
    r = rules.Game(rules.Setup(g.setup.players, g.setup.seed, g.setup.holes, real_set=True))
    for d in reversed(g.layout):
        r.apply((DRAWN, d), r.turn)
    return r if r.turn == g.turn and r.layout == g.layout else None


def test_handed_a_real_sets_bag_in_hand_the_bot_plays_it_as_it_would_a_dealt_one():
    # A person's autoplayer holds a real set's golf bag (the rules see it face down): the
    # bot given it chooses as it does with the table's own dealt bag.
    checked = 0
    for seed in range(40):
        g = rules.Game(rules.Setup(2, seed, 3))
        if [d for d in g.layout if dominoes.is_double(d)]:
            continue
        r = _real_like(g)
        if r is None:
            continue
        seat = g.turn
        want = bot.SensibleBot().choose(g, seat)
        assert bot.SensibleBot().choose(r, seat, list(g.bags[seat])) == want
        assert bot.SensibleBot().choose(r, seat) == (GODS,)  # without it: the gods of golf
        checked += 1
    assert checked >= 5
