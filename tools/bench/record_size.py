"""Game record sizes of every game and mode, over many seeds, against the 2 KB goal.

For each game of the registry and each of its modes, plays ``--seeds`` games of
5 players (or the most a mode allows) with the game's own bots (18 Holes on the 18-hole championship course,
Play Nine its nine holes), writes each as the board shelves it
(``core/wire/gamerecord.py``) and prints the median and the largest record, and how
much of it is the game log. The goal (issue 16): at most 2 KB for 5 players and 18
holes in every mode. A record's size is the same in every interpreter, so this runs
in CPython only.

    python -m tools.bench.record_size [--seeds N]
"""

from teebox import shipped
from teebox.core import games
from teebox.core.wire import gamerecord
from tools.bench import common

GOAL = 2048
PLAYERS = 5


def _data(entry):
    """What a game of ``entry`` is played with: 18 Holes a course and its cards."""
    if not entry.DATA_FILES:
        return None
    return {"course": shipped.load_builtin("championship"),
            "clubs": shipped.load_default_clubs(), "shots": shipped.load_default_shots()}


def _setup(entry, mode, seed, players):
    if entry.MODES:
        return entry.Setup(players, mode, seed)
    return entry.Setup(players, seed)


def played(name, mode, seed, players=PLAYERS):
    """A game of ``name`` in ``mode`` ("" for a game with one way to play) played to its
    end by the game's own bots: ``players``, or the most the mode allows (Chaos Teams:
    two teams; Solo Chaos Golf: one)."""
    entry = games.load(name)
    for m in entry.MODES:
        if m[0] == mode:
            players = min(players, m[2][1])
    game = entry.new(_setup(entry, mode, seed, players), _data(entry))
    entry.play_game(game, [entry.bot(seed * 8 + s) for s in range(players)])
    return game


def sizes(name, mode, seeds):
    """``[(record bytes, log bytes), ...]`` of ``seeds`` bot games of one game and mode."""
    out = []
    for seed in range(1, seeds + 1):
        record = gamerecord.encode(played(name, mode, seed), "e6614c311b2c9a2f", seed,
                                   1790000000, name=name)
        out.append((len(record), len(gamerecord.decode(record).log)))
    return out


def main():
    args = common.options(__doc__, seeds=(20, "games of each game and mode"))
    print("Game record sizes, %d players, %d seeds each (goal: at most %d bytes)"
          % (PLAYERS, args.seeds, GOAL))
    print("%-10s %-11s %8s %8s %10s  %s" % ("game", "mode", "median", "max", "log (max)",
                                           "verdict"))
    for name in games.names():
        entry = games.load(name)
        for mode in [m[0] for m in entry.MODES] or [""]:
            got = sorted(sizes(name, mode, args.seeds))
            median = got[len(got) // 2][0]
            top = got[-1]
            print("%-10s %-11s %8d %8d %10d  %s" % (
                name, mode or "-", median, top[0], top[1],
                "meets the goal" if top[0] <= GOAL else "over by %d" % (top[0] - GOAL)))


if __name__ == "__main__":
    main()
