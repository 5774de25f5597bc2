# A whole game of Play Nine: nine holes, the deal passing left, the winner, the
# sudden-death playoff, the log and its replay, and the digest of a bot game that
# must be the same under CPython and inside MicroPython.
from fwtest import raises

from playnine_kit import deal_top, finish_hole, play_out, stacked
from teebox.core.playnine import bot, log, rules
from teebox.core.playnine.protocol import (OUT_DEAL, OUT_GAME_OVER, OUT_PLAYOFF, OUT_SCORED,
                                           OUT_TURN)
from teebox.core.playnine.scoring import hole_score

# Dealt grids (no matching columns) scoring 10, 10, 10, 20, 28, 30 and 32.
TEN = [0, 1, 2, 3, 4, 0, 0, 0]
TEN_TOO = [1, 1, 1, 1, 2, 2, 2, 0]
TEN_THREE = [6, 4, -5, 5, 3, 2, 0, -5]
TWENTY = [5, 5, 5, 5, 6, -5, -5, 4]
P28 = [0, 1, 2, 3, 4, 5, 6, 7]
P30 = [1, 0, 3, 2, 5, 4, 7, 8]
P32 = [3, 2, 1, 0, 7, 6, 5, 8]
# The digest of the 5-player bot game below, pinned: CPython and MicroPython must
# both reach it (integers only, one Rng, no dict order in the state).
BOT_GAME_DIGEST = "2883456a7ef767e3a9a1bd5e408376cba9ad417d7331236bdd525fc141204f05"


def _bot_game(players=5, seed=2026, holes=9):
    g = rules.Game(rules.Setup(players, seed, holes))
    outs = play_out(g, [bot.SensibleBot(i) for i in range(players)])
    return g, outs


def test_nine_holes_each_dealt_by_the_player_left_of_the_last_dealer():
    """'Cards are shuffled and dealt, by the player to the left of the last dealer, for
    the next hole. All players tee off. The player to the left of the dealer starts
    play.' 'Play continues for nine holes.'"""
    g, outs = _bot_game(3, seed=5)
    deals = [o for o in outs if o[0] == OUT_DEAL]
    assert [o[1] for o in deals] == list(range(1, 10))
    first = deals[0][2]
    assert [o[2] for o in deals] == [(first + h) % 3 for h in range(9)]
    for k in range(9):  # the first turn after each deal is the dealer's left neighbour's
        after = outs[outs.index(deals[k]):]
        assert [o for o in after if o[0] == OUT_TURN][0][1] == (deals[k][2] + 1) % 3
    assert [len(s) for s in g.scores] == [9, 9, 9]


def test_after_the_last_hole_the_lowest_total_wins():
    """'After the last hole, scores for all nine holes are tallied and the lowest overall
    score wins.'"""
    g, outs = _bot_game(4, seed=8)
    assert g.over and g.pending().players == () and g.choices(0) == []
    assert "the game is over" in raises(rules.IllegalMove, g.apply, (2, 0), 0).args[0]
    assert g.totals == [sum(s) for s in g.scores]
    scored = [o for o in outs if o[0] == OUT_SCORED]
    assert len(scored) == 36 and [o[4] for o in scored[-4:]] == g.totals
    table = g.standings()
    assert [row[2] for row in table] == sorted(g.totals)
    assert table[0][1] == g.totals.index(min(g.totals)) and table[0][0] == 1
    assert outs[-1] == (OUT_GAME_OVER, table)


def test_a_tie_for_the_lowest_score_goes_to_a_sudden_death_playoff():
    """'Ties may be decided by a sudden death playoff.' Only the tied players play the
    playoff holes; the deal still passes left (RULES-NOTES, Play Nine)."""
    playoff = deal_top([P28, P30, []], 9, dealer=0)
    g = stacked([TEN, TEN_TOO, TWENTY], later=[playoff])
    outs = finish_hole(g)
    assert g.totals == [10, 10, 20]
    assert outs[-2:] == [(OUT_PLAYOFF, (0, 1)), (OUT_DEAL, 2, 0, (0, 1), 9)]
    assert g.grids[2] == [] and g.pending().waiting == (0, 1)
    assert "not in the playoff" in raises(rules.IllegalMove, g.apply, (1, 0), 2).args[0]
    outs = finish_hole(g)
    assert g.over and g.totals == [10, 10, 20] and g.playoff_scores == [[28], [30], []]
    assert g.standings() == ((1, 0, 10, 1), (2, 1, 10, 0), (3, 2, 20, 0))


def test_a_playoff_goes_on_until_one_player_is_lowest_and_ranks_those_knocked_out():
    # Three tied; the first playoff hole knocks out seat 2, the second decides.
    first = deal_top([P28, [1, 0, 3, 2, 5, 4, 6, 7], P32], 9, dealer=0)
    second = deal_top([P28, P30, []], 9, dealer=1)
    g = stacked([TEN, TEN_TOO, TEN_THREE], later=[first, second])
    finish_hole(g)
    outs = finish_hole(g)
    assert outs[-2:] == [(OUT_PLAYOFF, (0, 1)), (OUT_DEAL, 3, 1, (0, 1), 9)]
    finish_hole(g)
    assert g.standings() == ((1, 0, 10, 2), (2, 1, 10, 1), (3, 2, 10, 0))


def test_without_the_playoff_tied_players_share_the_win():
    g = stacked([TEN, TEN_TOO, TWENTY], playoff=False)
    outs = finish_hole(g)
    assert g.over and OUT_PLAYOFF not in [o[0] for o in outs]
    assert g.standings() == ((1, 0, 10, 0), (1, 1, 10, 0), (3, 2, 20, 0))


def test_hole_scores_are_the_scores_of_the_grids_as_they_end():
    g = stacked([TEN, TWENTY])
    outs = finish_hole(g)
    assert [o[3] for o in outs if o[0] == OUT_SCORED] == [hole_score(TEN), hole_score(TWENTY)]


def test_a_bot_game_reaches_the_same_digest_under_cpython_and_micropython():
    g, _ = _bot_game()
    assert g.over and len(g.scores[0]) == 9
    assert g.state_digest() == BOT_GAME_DIGEST


def test_the_log_replays_to_the_same_game():
    g, _ = _bot_game(3, seed=77, holes=2)
    data = log.encode(log.of(g))
    start = len(data) - len(g.inputs)
    assert start <= 10 and data[start:] == bytes(g.inputs.data)  # a byte an input
    back = log.decode(data)
    assert back == log.of(g) and back.setup.key() == (3, 77, 2, 1)
    assert back.inputs[:3] == g.inputs[:3] and back.inputs[-1] == g.inputs[-1]
    again = log.replay(back)
    assert again.state_digest() == g.state_digest() and again.standings() == g.standings()


def test_a_damaged_log_is_refused_with_where_and_why():
    g, _ = _bot_game(2, seed=3, holes=1)
    data = bytearray(log.encode(log.of(g)))
    assert "not a Play Nine game log" in raises(ValueError, log.decode, b"TBGL\x01").args[0]
    assert "version 7" in raises(ValueError, log.decode, b"TBP9\x07").args[0]
    start = len(data) - len(g.inputs)
    bad = bytearray(data)
    bad[start + 2] = 26 << 3 | 4            # seat 5 at a table of two
    assert "byte %d" % (start + 2) in raises(ValueError, log.decode, bytes(bad)).args[0]
    bad = bytearray(data)
    bad[start] = 24 << 3                    # a draw before teeing off
    assert "input 1 (player 1 draw) cannot be replayed" in raises(
        ValueError, log.replay, log.decode(bytes(bad))).args[0]
