"""What the per-mode score-history tests share: a bot game made into a game record, the
game its log rebuilds (sync's verification), and `teebox replay`'s text of a record."""

from rich.console import Console

from teebox import shipped
from teebox.core import games
from teebox.core.holes18 import bots, engine
from teebox.core.wire import gamerecord
from teebox_host import replay_cmd

PEOPLE = [("Ann", (1, 1, 1)), ("Bo", (2, 2, 2)), ("Cy", (3, 3, 3))]


def bot_record(course, mode, players, seed, number, bot_seeds=None):
    """A SensibleBot game of ``mode`` played to the end, and its record bytes (board
    "b0a7d", game ``number``); the bots' seeds are ``seed * 4 + seat`` unless given."""
    game = engine.Game(course, shipped.load_default_clubs(), shipped.load_default_shots(),
                       engine.Setup(players, mode, seed=seed))
    seeds = bot_seeds or [seed * 4 + s for s in range(players)]
    bots.play_game(game, [bots.SensibleBot(s) for s in seeds])
    return game, gamerecord.encode(game, "b0a7d", number, 1700000000 + number,
                                   PEOPLE[:players])


def gamerecord_replay(rec, found):
    """The game a record's log rebuilds (what sync's verification replays)."""
    return games.load("18-holes").records.replay(rec.log, found)


def replay_text(path, data):
    """What `teebox replay` prints for the record ``data`` saved at ``path``."""
    path.write_bytes(data)
    console = Console(width=200, record=True)
    replay_cmd.replay_bytes(console, path, data)
    return console.export_text()
