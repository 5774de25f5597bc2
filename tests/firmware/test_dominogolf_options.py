# Domino Golf's variations, chosen at setup: the mulligan and the "Change of Luck" rule.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from dominogolf_kit import D, game, outs_of
from teebox.core.contract import IllegalMove
from teebox.core.dominogolf import rules
from teebox.core.dominogolf.protocol import (
    FAIRWAY, FROM_LUCK, GODS, IN_SAND, KEEP, KEEP_SHOT, LUCK, MULLIGAN, ON_TEE, OUT_DRAWN,
    OUT_LUCK, OUT_MULLIGAN, OUT_SHOT, OUT_TURN, PLAY, SHOT, TAKE, TAKE_ONE, TREE)

BAG0 = [D(4, 5), D(6, 11), D(2, 2), D(1, 5), D(0, 3)]
BAG1 = [D(3, 4), D(3, 6), D(6, 12), D(1, 7), D(0, 8)]
APPROACH = D(2, 6)   # hole 1: green 3/10, a par 4


def _par4(draws=(), **options):
    return game([BAG0, BAG1], [D(3, 10)], [APPROACH] + list(draws), **options)


def test_without_the_mulligan_every_shot_stands():
    g = _par4([D(0, 1)])
    assert rules.Setup(2).mulligan is False and g.mulligans == [0, 0]
    outs = g.apply((PLAY, D(4, 5)), 0)  # a tree
    assert g.last[2] == TREE and g.pending().kind == SHOT and g.pending().player == 1
    assert outs_of(outs, OUT_TURN) == [(OUT_TURN, 1, 0, ON_TEE)]


def test_a_mulligan_re_does_a_shot_once_a_game():
    # "Players may agree before the game to allow each other a "mulligan." This allows
    # each player to re-do a shot once per game."
    g = _par4([D(0, 1)], mulligan=True)
    assert g.mulligans == [1, 1]
    g.apply((PLAY, D(4, 5)), 0)                      # a tree: one chip domino
    d = g.pending()
    assert (d.kind, d.player, d.result, d.target) == (KEEP, 0, TREE, APPROACH)
    assert g.choices(0) == [(KEEP_SHOT,), (MULLIGAN,)]
    outs = g.apply((MULLIGAN,), 0)
    assert outs == [(OUT_MULLIGAN, 0), (OUT_TURN, 0, 0, ON_TEE)]
    assert D(4, 5) in g.bags[0] and len(g.bags[0]) == 5 and D(0, 1) in g.removed
    assert g.strokes[0] == 0 and g.lie[0] == ON_TEE and g.played[0] == g.penalty[0] == []
    assert g.mulligans[0] == 0 and g.pending().kind == SHOT
    g.apply((PLAY, D(1, 5)), 0)                      # sand this time, and it stands
    assert g.lie[0] == IN_SAND and g.pending().player == 1
    g.apply((PLAY, D(3, 4)), 1)                      # 7 pips, sand: seat 1 may mulligan
    assert g.pending().kind == KEEP and g.pending().player == 1
    g.apply((KEEP_SHOT,), 1)
    assert g.mulligans == [0, 1] and g.pending().kind == SHOT
    assert "no shot to keep" in str(raises(IllegalMove, _keep_again, g))


def _keep_again(g):
    g.apply((KEEP_SHOT,), g.pending().player)


def test_no_mulligan_is_offered_after_the_best_result():
    g = _par4([D(0, 1)], mulligan=True)
    outs = g.apply((PLAY, D(6, 11)), 0)              # the fairway, and a replacement
    assert outs_of(outs, OUT_DRAWN) and g.pending().kind == SHOT and g.pending().player == 1


def test_a_mulliganed_gods_of_golf_pick_is_removed_from_the_game():
    g = _par4([D(5, 9), D(0, 1), D(6, 7)], mulligan=True)
    g.apply((GODS,), 0)                              # 5/9: a tree, chip 0/1
    g.apply((MULLIGAN,), 0)
    assert D(5, 9) in g.removed and D(0, 1) in g.removed and g.bags[0] == BAG0
    outs = g.apply((GODS,), 0)
    assert outs_of(outs, OUT_SHOT)[0][2:5] == (D(6, 7), 1, FAIRWAY)


def test_without_the_change_of_luck_rule_a_double_is_only_a_domino():
    g = _par4()
    assert [c for c in g.choices(0) if c[0] == LUCK] == []
    assert "without the change of luck" in str(raises(IllegalMove, g.apply, (LUCK, D(2, 2), 1), 0))


def test_change_of_luck_plays_a_domino_taken_from_another_golf_bag():
    # "If a player holds any double in his "golf bag," he may use it on his turn to
    # "change his luck." To do this, he shows the double to all players and removes it
    # from play, and then points to another player. This player must temporarily turn
    # all the dominoes in his golf bag face-up. Then the player who had the double takes
    # one of the other player's dominoes of his choice (hopefully a good one) and must
    # play it immediately himself. Do not draw a replacement if you land in the fairway."
    g = _par4(change_luck=True)
    assert g.choices(0)[-1:] == [(LUCK, D(2, 2), 1)]
    outs = g.apply((LUCK, D(2, 2), 1), 0)
    assert outs == [(OUT_LUCK, 0, D(2, 2), 1)] and D(2, 2) in g.removed
    d = g.pending()
    assert (d.kind, d.player, d.source) == (TAKE, 0, 1)
    assert g.choices(0) == [(TAKE_ONE, x) for x in BAG1]
    assert g.preview((TAKE_ONE, D(6, 12)), 0) == FAIRWAY
    assert "golf bag holds no" in str(raises(IllegalMove, g.apply, (TAKE_ONE, D(4, 5)), 0))
    outs = g.apply((TAKE_ONE, D(6, 12)), 0)
    assert outs_of(outs, OUT_SHOT)[0][2:5] == (D(6, 12), FROM_LUCK, FAIRWAY)
    assert outs_of(outs, OUT_DRAWN) == [] and len(g.bags[0]) == 4 and len(g.bags[1]) == 4


def test_change_of_luck_needs_a_double_another_player_and_no_sand():
    g = _par4(change_luck=True)
    assert "showing a double" in str(raises(IllegalMove, g.apply, (LUCK, D(4, 5), 1), 0))
    assert "another player" in str(raises(IllegalMove, g.apply, (LUCK, D(2, 2), 0), 0))
    assert "another player" in str(raises(IllegalMove, g.apply, (LUCK, D(2, 2), 7), 0))
    g.apply((PLAY, D(1, 5)), 0)                      # sand
    g.apply((PLAY, D(3, 4)), 1)
    assert g.lie[0] == IN_SAND and g.choices(0) == [(GODS,)]
    assert "from the sand" in str(raises(IllegalMove, g.apply, (LUCK, D(2, 2), 1), 0))


def test_the_setup_names_what_is_wrong():
    assert "mulligan must be True or False" in raises(ValueError, rules.Setup, 2, 0, 18,
                                                      "yes").args[0]
    assert "2 to 5 players" in raises(ValueError, rules.Setup, 1).args[0]
    assert rules.Setup(3, 4, 9, True, True).key() == (3, 4, 9, 1, 1, 0)
