"""Play Nine as game records, the board's journal and the host's score history see it.

The same face as every game's ``records`` module (the list is in
``teebox/core/holes18/records.py``). Play Nine has one way to play (its mode is
``""``) and no course: its layout is the number of holes, so bests compare
games of as many holes. Its score sheet is the regular holes; a sudden-death
playoff decides only places (the standings' tiebreak).
"""

import hashlib

from teebox.core.contract import OneMode
from teebox.core.playnine import inputs as input_codes
from teebox.core.playnine import log as gamelog
from teebox.core.playnine.protocol import TEE_OFF
from teebox.core.wire.events import EV_HOLE, EV_SCORED
LOG_MAGIC = gamelog.MAGIC


class Facts:
    """What scorecards and the score history show of Play Nine's one way to play."""

    title = "Play Nine"
    lower_wins = True  # "the player with the lowest total score wins"
    unit = "points"
    legend = "points per hole (matching columns cancel)"
    scored_per_hole = True
    # A standings row's fourth number: how many tied players each beat in the sudden-death
    # playoff ("Ties may be decided by a sudden death playoff"); Play Nine counts no
    # hole-in-ones (its Hole-in-One cards are only worth -5).
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
    """The byte one input adds to a log."""
    return bytes((input_codes.pack(seat, choice),))


def replay(data, found=None):
    """``(game, holes)`` rebuilt from log bytes (it needs no data: ``found`` is unused);
    ``holes`` has par 0: Play Nine has no par."""
    game = gamelog.replay(gamelog.decode(data))
    n = game.setup.players
    holes = [(h + 1, 0, tuple([game.scores[s][h] for s in range(n)]))
             for h in range(len(game.scores[0]))]
    return game, holes


def golfers(data):
    """None played: Play Nine has no golfer cards."""
    return []


def data_of(game):
    """None: Play Nine replays from its log alone."""
    return None


def course(game):
    """``(8-byte key, name)`` of the game's layout, e.g. "9 holes"."""
    name = "%d holes" % game.setup.holes
    return hashlib.sha256(b"play-nine/" + name.encode()).digest()[:8], name


def progress(game):
    """``(hole, turns this hole)``."""
    return game.hole, game.turns


def safe_point(game):
    """``(key, waiting)``: the key changes when the turn passes or a hole is dealt; the
    tee off (everyone turning two cards) grows ``waiting`` when it starts."""
    d = game.pending()
    return (d.player, game.hole), (len(d.waiting) if d.kind == TEE_OFF else 0)


def scoreboard(game, seen):
    """``(events, seen)``: each seat's score of every hole finished since ``seen``, and
    the hole dealt."""
    events = []
    now = (game.hole, [len(s) for s in game.scores])
    if seen is not None:
        for s in range(game.setup.players):
            for h in range(seen[1][s], now[1][s]):
                events.append((EV_SCORED, s, h + 1, 0, sum(game.scores[s][:h + 1])))
        if now[0] != seen[0]:
            events += [(EV_HOLE, s, game.hole) for s in game.playing]
    return events, now
