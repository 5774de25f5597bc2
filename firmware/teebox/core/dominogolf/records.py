"""Domino Golf as game records, the board's journal and the host's score history see it.

The same face as every game's ``records`` module (the list is in
``teebox/core/holes18/records.py``). Domino Golf has one way to play (its mode is
``""``; the mulligan and the change of luck are options) and no course: every game
turns up its own greens, so its layout is the number of holes and bests compare games
of as many holes. Its score sheet is the regular holes with their par; a playoff
decides only places (the standings' tiebreak).
"""

import hashlib

from teebox.core.contract import OneMode
from teebox.core.dominogolf import inputs as input_codes
from teebox.core.dominogolf import log as gamelog
from teebox.core.wire.events import EV_HOLE, EV_SCORED
LOG_MAGIC = gamelog.MAGIC


class Facts:
    """What scorecards and the score history show of Domino Golf's one way to play."""

    title = "Domino Golf"
    lower_wins = True  # "After all 18 holes have been played, the lowest score wins."
    unit = "strokes"
    legend = "strokes per hole"
    scored_per_hole = True
    # A standings row's fourth number: how many tied players each beat in the playoff.
    count_key = "playoff_wins"
    count_title = "Playoff wins"


# The mode functions of the face: one way to play (teebox.core.contract.OneMode).
_ONE = OneMode(Facts)
score_name = _ONE.score_name
mode_of = _ONE.mode_of
mode_facts = _ONE.mode_facts
mode_code = _ONE.mode_code
modules_of = _ONE.modules_of
mode_named = _ONE.mode_named


def log(game, inputs=True):
    """The game's log bytes (without its inputs when ``inputs`` is false)."""
    return gamelog.encode(gamelog.GameLog(game.setup, game.inputs if inputs else ()))


def input_bytes(seat, choice):
    """The bytes one input adds to a log."""
    return input_codes.pack(seat, choice)


def score_sheet(game):
    """``[(hole, par, (strokes of each seat, ...)), ...]``: every regular hole everyone
    has finished."""
    n = game.setup.players
    done = min(len(game.pars), game.setup.holes)
    return [(h + 1, game.pars[h], tuple([game.scores[s][h] for s in range(n)]))
            for h in range(done)]


def replay(data, found=None):
    """``(game, holes)`` rebuilt from log bytes (it needs no data: ``found`` is unused)."""
    game = gamelog.replay(gamelog.decode(data))
    return game, score_sheet(game)


def golfers(data):
    """None played: Domino Golf has no golfer cards."""
    return []


def data_of(game):
    """None: Domino Golf replays from its log alone."""
    return None


def course(game):
    """``(8-byte key, name)`` of the game's layout, e.g. "18 holes"."""
    name = "%d holes" % game.setup.holes
    return hashlib.sha256(b"domino-golf/" + name.encode()).digest()[:8], name


def progress(game):
    """``(hole, shots taken on it)``."""
    return game.hole, sum([game.station[s] for s in game.playing])


def safe_point(game):
    """``(key, waiting)``: the key changes when the turn passes or a hole begins (a
    change of luck's take and a mulligan's keep are written with the next); nobody
    chooses at once (waiting 0)."""
    d = game.pending()
    return (d.player, game.hole), 0


def scoreboard(game, seen):
    """``(events, seen)``: each seat's strokes of every hole holed out since ``seen``,
    and the hole begun."""
    events = []
    now = (game.hole, [len(s) for s in game.scores])
    if seen is not None:
        for s in range(game.setup.players):
            for h in range(seen[1][s], now[1][s]):
                events.append((EV_SCORED, s, h + 1, 0, sum(game.scores[s][:h + 1])))
        if now[0] != seen[0]:
            events += [(EV_HOLE, s, game.hole) for s in game.playing]
    return events, now
