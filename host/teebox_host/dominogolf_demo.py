"""`teebox demo --game domino-golf`: a whole game of Domino Golf played by bots, shown in
the terminal hole by hole (the dominoes laid out, every shot and where it went, the
scores against par) with the final scorecard."""

from rich.console import Group
from rich.table import Table
from rich.text import Text

from teebox.core import games
from teebox.core.dominogolf.board import station_name
from teebox.core.scoring import to_par
from teebox.core.dominogolf import dominoes, log
from teebox.core.dominogolf.protocol import (FROM_GODS, FROM_LUCK, OUT_CHECK, OUT_FIRST,
                                             OUT_HOLE, OUT_LUCK, OUT_MULLIGAN, OUT_PLAYOFF,
                                             OUT_SCORED, OUT_SHOT, RESULT_NAMES)

NAME = "domino-golf"


def players_for(players):
    """The player count to use (2 by default); ValueError saying the range if refused."""
    lo, hi = games.get(NAME).players
    players = lo if players is None else players
    if not lo <= players <= hi:
        raise ValueError("--players %d: Domino Golf is played by %d to %d players"
                         % (players, lo, hi))
    return players


def play(players, seed, bot_kind, out, limit, options=None):
    """Play the game with ``bot_kind`` bots ("sensible" or "random"), printing each hole;
    returns the game. ``options``: ``{name: value}`` of the game's ``OPTIONS`` (its
    variations: holes, mulligan, change of luck). RuntimeError past ``limit`` choices."""
    mod = games.load(NAME)
    game = mod.new(mod.Setup(players, seed, **(options or {})))
    make = mod.bot if bot_kind == "sensible" else mod.random_bot
    bots = [make(seed * 8 + seat + 1) for seat in range(players)]
    out.print(Text("Teebox demo: Domino Golf, %d players, %d holes, seed %d"
                   % (players, game.setup.holes, seed), style="bold"))
    out.print("%s bots" % bot_kind.capitalize())
    follow(game.initial_outputs, out)
    for _ in range(limit):
        if game.over:
            return game
        seat = game.pending().player
        follow(game.apply(bots[seat].choose(game, seat), seat), out)
    raise RuntimeError("the game did not finish within %d choices" % limit)


def follow(outs, out):
    """Print what the outputs of one choice say happened (a golf bag's dominoes stay
    unnamed until played, as at the table)."""
    for o in outs:
        kind = o[0]
        if kind == OUT_FIRST:
            out.print("Player %d tees off first (chosen at random)." % (o[1] + 1))
        elif kind == OUT_HOLE:
            layout = o[3]
            out.print()
            out.print(Text("Hole %d, par %d: " % (o[1], o[2]) + ", ".join(
                ["%s %s%s" % (station_name(layout, k), dominoes.name(layout[k]),
                              " (water)" if k < len(layout) - 1 and
                              dominoes.is_double(layout[k]) else "")
                 for k in range(len(layout))]), style="bold"))
        elif kind == OUT_SHOT:
            how = {FROM_GODS: " from the gods of golf", FROM_LUCK: " taken by luck"}
            out.print("  player %d plays %s%s: %s" % (o[1] + 1, dominoes.name(o[2]),
                                                      how.get(o[3], ""), RESULT_NAMES[o[4]]))
        elif kind == OUT_CHECK:
            out.print("  player %d picks %s: %s" % (o[1] + 1, dominoes.name(o[2]),
                                                    "it goes in!" if o[3] else "no luck"))
        elif kind == OUT_LUCK:
            out.print("  player %d shows the %s: player %d's golf bag turns face up"
                      % (o[1] + 1, dominoes.name(o[2]), o[3] + 1))
        elif kind == OUT_MULLIGAN:
            out.print("  player %d takes a mulligan" % (o[1] + 1))
        elif kind == OUT_SCORED:
            out.print("  player %d down in %d (par %d), total %d" % (o[1] + 1, o[3], o[4], o[5]))
        elif kind == OUT_PLAYOFF:
            out.print(Text("Tied: players %s play on, a hole at a time"
                           % ", ".join([str(s + 1) for s in o[1]]), style="bold"))


def final_view(game):
    """The scorecard: a row per hole with its par and each player's strokes (a playoff's
    holes below, in italics), the totals and how far from par, then the places."""
    holes = game.setup.holes
    n = game.setup.players
    pars = game.pars[:holes]
    table = Table(title="Scorecard (strokes; lowest wins)", show_footer=True)
    table.add_column("Hole", footer="Total", justify="right")
    table.add_column("Par", footer=str(sum(pars)), justify="right")
    for seat in range(n):
        total = game.totals[seat]
        table.add_column("player %d" % (seat + 1), justify="right",
                         footer="%d (%s)" % (total, to_par(total - sum(pars))))
    for h in range(holes):
        table.add_row(str(h + 1), str(pars[h]), *[str(game.scores[s][h]) for s in range(n)])
    for k in range(max([len(p) for p in game.playoff_scores])):
        table.add_row("P%d" % (k + 1), str(game.pars[holes + k]), *[
            str(p[k]) if k < len(p) else "" for p in game.playoff_scores], style="italic")
    places = Text()
    for place, seat, total, _tiebreak in game.standings():
        places.append("%s%d. player %d: %d strokes (%s)" % (
            "\n" if len(places) else "", place, seat + 1, total,
            to_par(total - sum(pars))))
    return Group(table, places)


def encoded_log(game):
    """The game log's bytes."""
    return log.encode(log.of(game))
