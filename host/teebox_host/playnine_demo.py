"""`teebox demo --game play-nine`: a whole game of Play Nine played by bots, shown in
the terminal hole by hole (every grid as it was scored) with the final scorecard."""

from rich.table import Table
from rich.text import Text

from teebox.core import games
from teebox.core.playnine import log, scoring
from teebox.core.playnine.protocol import (OUT_DEAL, OUT_DEALER, OUT_PLAYOFF, OUT_REPLACED,
                                           OUT_SCORED, OUT_TURNED)

NAME = "play-nine"


def players_for(players):
    """The player count to use (2 by default); ValueError saying the range if refused."""
    lo, hi = games.get(NAME).players
    players = lo if players is None else players
    if not lo <= players <= hi:
        raise ValueError("--players %d: Play Nine is played by %d to %d players"
                         % (players, lo, hi))
    return players


def play(players, seed, bot_kind, out, limit, options=None):
    """Play the game with ``bot_kind`` bots ("sensible" or "random"), printing each hole;
    returns the game. ``options``: ``{name: value}`` of the game's ``OPTIONS`` (its
    variations: holes, playoff). RuntimeError past ``limit`` choices."""
    mod = games.load(NAME)
    game = mod.new(mod.Setup(players, seed, **(options or {})))
    make = mod.bot if bot_kind == "sensible" else mod.random_bot
    bots = [make(seed * 8 + seat + 1) for seat in range(players)]
    out.print(Text("Teebox demo: Play Nine, %d players, seed %d" % (players, seed),
                   style="bold"))
    out.print("%s bots" % bot_kind.capitalize())
    grids = _Grids(players, out)
    grids.follow(game.initial_outputs)
    for _ in range(limit):
        if game.over:
            return game
        seat = game.pending().waiting[0]
        grids.follow(game.apply(bots[seat].choose(game, seat), seat))
    raise RuntimeError("the game did not finish within %d choices" % limit)


class _Grids:
    """Every grid rebuilt from the outputs (cards reach the table face up), printed as
    each hole is scored."""

    def __init__(self, players, out):
        self.out = out
        self.cards = [[None] * 8 for _ in range(players)]

    def follow(self, outs):
        for o in outs:
            kind = o[0]
            if kind == OUT_DEALER:
                self.out.print("Player %d deals the first hole (lowest card)." % (o[1] + 1))
            elif kind == OUT_DEAL:
                self.cards = [[None] * 8 for _ in self.cards]
                self.out.print()
                self.out.print(Text("Hole %d, dealt by player %d" % (o[1], o[2] + 1),
                                    style="bold"))
            elif kind in (OUT_TURNED, OUT_REPLACED):
                self.cards[o[1]][o[2]] = o[3]
            elif kind == OUT_SCORED:
                self._show(o[1], o[3], o[4])
            elif kind == OUT_PLAYOFF:
                self.out.print(Text("Tied: sudden-death playoff for players %s"
                                    % ", ".join([str(s + 1) for s in o[1]]), style="bold"))

    def _show(self, seat, score, total):
        grid = self.cards[seat]
        matched = scoring.matched_columns(grid)
        rows = []
        for row in (grid[:4], grid[4:]):
            rows.append(" ".join([("[%3d]" if c in matched else " %3d ") % row[c]
                                  for c in range(4)]))
        self.out.print("  player %d  %s   %3d strokes (total %d)" % (seat + 1, rows[0], score,
                                                                     total))
        self.out.print("            %s" % rows[1])


def final_view(game):
    """The scorecard: every hole, the playoff, totals and places."""
    holes = game.setup.holes
    table = Table(title="Scorecard (lowest wins; [ ] marks a matching column)")
    table.add_column("Player")
    for h in range(1, holes + 1):
        table.add_column(str(h), justify="right")
    playoff = any(game.playoff_scores)
    if playoff:
        table.add_column("Playoff", justify="right")
    table.add_column("Total", justify="right")
    table.add_column("Place", justify="right")
    for place, seat, total, _tiebreak in game.standings():
        row = ["player %d" % (seat + 1)] + [str(s) for s in game.scores[seat]]
        if playoff:
            row.append(" ".join([str(s) for s in game.playoff_scores[seat]]) or "-")
        table.add_row(*(row + [str(total), str(place)]))
    return table


def encoded_log(game):
    """The game log's bytes."""
    return log.encode(log.of(game))
