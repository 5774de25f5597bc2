"""Every way to play 18 Holes, played to the end by sensible bots on every built-in
course, under CPython and inside MicroPython: the same games, to the same state digests.

``GAMES`` runs unchanged in both interpreters and prints one line per game (course,
mode, inputs, whether it is over, the standings and the state digest); the test
compares the two outputs line by line, so a rule that plays differently on the board
(integer maths, ordering, a missing feature of MicroPython) shows up by name. A new
mode in ``modes.NAMES`` is played here without a change to this file. Every other game
plays the rulebook's variation hitting through out of bounds (setup ``bounds``), so
each mode is played under both rules.
"""

import json

from teebox.core.holes18 import modes

GAMES = """
import json
from teebox.core.holes18 import bots, engine, modes
from teebox import shipped

clubs = shipped.load_default_clubs()
shots = shipped.load_default_shots()
names = shipped.builtin_names()
for c in range(len(names)):
    name = names[c]
    course = shipped.load_builtin(name)
    for i in range(len(modes.NAMES)):
        mode = modes.NAMES[i]
        lo, hi = modes.make(mode).players
        players = min(hi, max(lo, 3))
        g = engine.Game(course, clubs, shots, engine.Setup(players, mode, seed=11 + i,
                                                           bounds=engine.BOUNDS[(c + i) % 2]))
        table = bots.play_game(g, [bots.SensibleBot(7 * i + s) for s in range(players)])
        print(json.dumps([name, mode, course.hole_count, len(g.inputs), g.over,
                          [list(row) for row in table], g.state_digest()]))
"""


def _games(lines):
    return [json.loads(line) for line in lines.strip().splitlines()]


def _cpython():
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(GAMES, {})
    return _games(out.getvalue())


def test_every_mode_is_played_to_the_end_on_every_course_alike_inside_micropython(micropython):
    res = micropython.run(code=GAMES)
    assert res.returncode == 0, res.stderr
    board = _games(res.output)
    host = _cpython()
    assert [g[:2] for g in board] == [g[:2] for g in host]
    for on_board, on_host in zip(board, host):
        assert on_board == on_host, "%s / %s plays differently inside MicroPython" % tuple(
            on_host[:2])
    assert {g[1] for g in host} == set(modes.NAMES)
    assert all(g[4] for g in host), [g[:2] for g in host if not g[4]]


def test_the_golf_racing_winner_reached_every_green_on_every_course():
    """Rulebook (Golf Racing): "The first player to reach the 18th green after reaching
    each green in order wins." Each racer's score is the greens it reached; the winners
    reached the course's last green."""
    for name, mode, holes, _inputs, over, table, _digest in _cpython():
        if mode != "racing":
            continue
        assert over
        winners = [row for row in table if row[0] == 1]
        assert winners and all(row[2] == holes for row in winners), (name, table)


def test_every_kelly_golf_green_is_claimed_once_and_scores_three_two_or_one():
    """Rulebook (Kelly Golf): "3 points for each secret green claimed. 2 points for claiming
    the secret green of another player. 1 point for any other green." "The game ends
    immediately after a player scores the last green." On every course the bots claim
    every green exactly once, each for one of those three sums of tokens, and the scores
    are the sums; the targets are revealed once the game is over."""
    from teebox import shipped
    from teebox.core.holes18 import bots, engine
    from teebox.core.holes18.protocol import FLAG, TOKEN_1, TOKEN_2

    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    sums = {(TOKEN_1, TOKEN_2): 3, (FLAG, TOKEN_1): 2, (FLAG,): 1}
    for name in shipped.builtin_names():
        course = shipped.load_builtin(name)
        for players in (2, 5):
            g = engine.Game(course, clubs, shots, engine.Setup(players, "kelly", seed=players))
            bots.play_game(g, [bots.SensibleBot(s + 3) for s in range(players)])
            claimed = {}
            for p in g.players:
                for hole, kind in p.tokens:
                    claimed.setdefault(hole, []).append((p.seat, kind))
            assert sorted(claimed) == list(range(1, course.hole_count + 1)), name
            for hole, got in claimed.items():
                assert len({seat for seat, _kind in got}) == 1, (name, hole, got)
                assert tuple(sorted(kind for _seat, kind in got)) in sums, (name, hole, got)
            for p in g.players:
                assert p.score == sum(sums[tuple(sorted(k for s, k in got))]
                                      for got in claimed.values() if got[0][0] == p.seat)
            assert not any(g.mode.flag) and g.mode.revealed(g) == bytes(g.mode.target)


def test_a_skins_game_always_ends_with_one_winner_on_every_course():
    """Rulebook (Skins): "The player with the most points wins. Tie break using
    elimination rounds." The elimination leaves one player first on every course."""
    for name, mode, _holes, _inputs, over, table, _digest in _cpython():
        if mode != "skins":
            continue
        assert over
        winners = [row for row in table if row[0] == 1]
        assert len(winners) == 1, (name, table)


def test_every_solo_chaos_golf_game_ends_by_one_of_its_ends_at_the_solo_par():
    """Rulebook (Solo Chaos Golf): "When you or an opponent scores the last 5-point token,
    end the game after that round." "You need to out-score them before they acquire six
    greens each." On every course the bot's game is played with a deck of the course's
    solo par and ends after the last 5, the opponents' last tokens or the deck's last
    turn (RULES-NOTES S7); every green's 5 and 2 are on it or with one scorer."""
    from teebox import shipped
    from teebox.core.holes18 import bots, engine
    from teebox.core.holes18.protocol import TOKEN_5
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    for name in shipped.builtin_names():
        course = shipped.load_builtin(name)
        for seed in (1, 2):
            g = engine.Game(course, clubs, shots, engine.Setup(1, "solo-chaos", seed=seed))
            bots.play_game(g, [bots.SensibleBot(seed)])
            m = g.mode
            assert g.over and m.rank == course.solo_par, name
            last = m.card == len(m.deck) - 1 and m.spot == len(m.solo[m.deck[-1]][2]) - 1
            assert not any(m.five) or not any(m.target) or last, name
            fives = [h for won in [g.players[0].tokens] + m.won for h, k in won if k == TOKEN_5]
            assert sorted(fives + [h for h in range(len(m.five)) if m.five[h]]) == list(
                range(1, course.hole_count + 1)), name
