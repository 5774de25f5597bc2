"""A score history the web companion's tests fill, and what its plots must show; the app
served on a loopback port."""

import socket
import threading
import time

import uvicorn

from teebox.core.wire import gamerecord
from teebox_host import replay_cmd, sync_cmd
from teebox_host.scoredb import GameResult, ScoreDB
from tools.bench import record_size

HILLS = "0123456789abcdef"     # a 3-hole course, pars 4 3 5
HILLS_PARS = (4, 3, 5)
LINKS = "fedcba9876543210"     # a 2-hole course, pars 3 4
LINKS_PARS = (3, 4)
DAY = 86400
T0 = 1767225600                # 2026-01-01 00:00 UTC
COLOURS = ("red", "yellow", "white", "magenta", "violet")

# (game number, mode, course hash, course name, pars, {player: per-hole scores}, bot names).
# Stroke Play as people: Alice games 1 2 4, Bob 1 2 5, Eve 5 (7 points against par);
# Hills' holes: 2 people x 3 holes in games 1 and 2, Alice's 3 in game 4 (15 points).
GAMES = (
    (1, "stroke", HILLS, "Hills", HILLS_PARS, {"Alice": [5, 3, 6], "Bob": [4, 4, 5]}, ()),
    (2, "stroke", HILLS, "Hills", HILLS_PARS, {"Alice": [4, 3, 5], "Bob": [6, 4, 6]}, ()),
    (3, "match", HILLS, "Hills", HILLS_PARS, {"Alice": [1, 0, 1], "Bob": [0, 1, 0]}, ()),
    (4, "stroke", HILLS, "Hills", HILLS_PARS, {"Alice": [3, 3, 4], "Robo": [5, 5, 5]},
     ("Robo",)),
    (5, "stroke", LINKS, "Links", LINKS_PARS, {"Bob": [3, 5], "<b>Eve</b>": [4, 4]}, ()),
)


def result(number, mode, chash, cname, pars, scores, bots):
    """One finished game as a board hands it over (places by total, as the mode ranks)."""
    names = list(scores)
    sign = 1 if mode == "stroke" else -1
    ranked = sorted(range(len(names)), key=lambda s: sign * sum(scores[names[s]]))
    standings = [(place + 1, seat, sum(scores[names[seat]]), 0)
                 for place, seat in enumerate(ranked)]
    return GameResult("table-1", number, T0 + number * DAY, mode, chash, cname, number,
                      b"TBGL" + bytes([number]), [(s, n, COLOURS[s]) for s, n in enumerate(names)],
                      [(h + 1, pars[h], [scores[n][h] for n in names]) for h in range(len(pars))],
                      standings, [s for s, n in enumerate(names) if n in bots])


def fill(path):
    """Store :data:`GAMES` in the score file ``path``."""
    with ScoreDB(path, clock=lambda: T0 + 100 * DAY) as store:
        for game in GAMES:
            store.add_game(result(*game))



def played(name, mode, seed, number, players=2):
    """A game played to its end by its bots (18 Holes on the championship course), as
    ``teebox sync`` stores it: its record made, checked by replay and turned into the
    score history's GameResult."""
    game = record_size.played(name, mode, seed, players)
    rec = gamerecord.decode(gamerecord.encode(game, "5eed0001", number, T0 + number * DAY,
                                              name=name))
    assert sync_cmd.verify(rec, replay_cmd.replay_data()) == []
    return game, sync_cmd.to_result(rec)


class Server:
    """The app under uvicorn on a free loopback port, in a thread."""

    def __init__(self, app):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = "http://127.0.0.1:%d" % self.sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning",
                                                    timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
