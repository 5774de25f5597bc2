"""`teebox replay` of a game record, or of a saved log of any game.

A game record (``.tbgr``: a board's finished game, ``core/wire/gamerecord.py``)
names its game; a saved log starts with its game's log magic. Either is replayed
by its game's rules (found in the registry, ``teebox.core.games``), checked as
``teebox sync`` checks a record before storing it, and printed as a scorecard:
the score of each seat on each hole, the standings and the state digest.
(`teebox replay` of an 18 Holes log draws its richer hole-by-hole card itself:
``play_cmd.replay``.)
"""

from rich.table import Table
from rich.text import Text

from teebox import shipped
from teebox.core import course as course_mod, games, scoring
from teebox.core.wire import gamerecord
from teebox_host import render, sync_cmd
from teebox_host.course_cmd import _fail


def handles(data):
    """True if ``data`` is a game record, or a saved log of a game of the registry."""
    return data[:len(gamerecord.MAGIC)] == gamerecord.MAGIC or _log_game(data) is not None


def _log_game(data):
    """The registry name of the game whose saved log ``data`` is, or None."""
    for name in games.names():
        magic = games.load(name).records.LOG_MAGIC
        if data[:len(magic)] == magic:
            return name
    return None


def replay_data(extra=None):
    """What a game may need to replay: the built-in courses by hash (and ``extra``, a
    course given with --course), the shipped card data and the expansion's data
    (``sync_cmd.replay_data``)."""
    by_hash = {}
    for name in shipped.builtin_names():
        try:
            c = shipped.load_builtin(name)
        except course_mod.CourseError:
            continue  # a broken built-in cannot be the one; 'teebox course list' reports it
        by_hash[bytes(c.hash)] = c
    if extra is not None:
        by_hash[bytes(extra.hash)] = extra
    return sync_cmd.replay_data(lambda h: by_hash.get(bytes(h)))


def replay_bytes(out, path, data, extra=None):
    """Replay a record or another game's log read from ``path`` and print it to the rich
    console ``out``; exit 1 saying what is wrong if it cannot be replayed or checked."""
    found = replay_data(extra)
    if data[:len(gamerecord.MAGIC)] == gamerecord.MAGIC:
        try:
            rec = gamerecord.decode(data)
        except gamerecord.RecordError as exc:
            _fail(f"{path}: {exc}")
        diffs = sync_cmd.verify(rec, found)
        if diffs:
            _fail(f"{path}: the record and the replay of its game log differ: "
                  + "; ".join(diffs))
        name, log, players = rec.game, rec.log, [p[0] for p in rec.players]
        where = rec.course_name
    else:
        name, log, players = _log_game(data), data, None
        where = None
    rules = games.load(name).records
    try:
        game, holes = rules.replay(log, found)
    except LookupError as exc:
        _fail(f"{path}: the game was played on {exc}, which is not built in here: give that "
              "course with --course NAME|FILE")
    except ValueError as exc:
        _fail(f"{path}: corrupt game log: {exc}")
    if not game.over:
        _fail(f"{path}: the game log stops before the end of the game "
              f"({len(game.inputs)} inputs)")
    mode = rules.mode_of(game.setup)
    facts = rules.mode_facts(mode)
    where = where or rules.course(game)[1]
    players = players or ["player %d" % (s + 1) for s in range(game.setup.players)]
    out.print(Text(f"Replay of {path}", style="bold"), soft_wrap=True)
    out.print(Text(f"{facts.title}, {render.count(len(players), 'player')}, {where}, "
                   f"seed {game.setup.seed}",
                   style="bold"))
    others = opponents(game)
    out.print(card(holes, game.standings(), players, facts, others, rules.score_name))
    out.print(Text(f"{facts.unit} per hole; {'lowest' if facts.lower_wins else 'highest'} "
                   "total wins", style="dim"))
    if others:
        out.print(Text(facts.legend, style="dim"))
    for place, who, total in places(game.standings(), players, others):
        out.print(f"{place}. {who}: {render.amount(total, facts.unit)}")
    for line in held(game, players):
        out.print(line)
    out.print("State digest %s" % game.state_digest(), soft_wrap=True)


def held(game, players):
    """What a game's longest drive and putt cards say at its end, a line each ("Longest
    drive: Ann", "Longest putt: Bo, sunk from target 29"): none for a game without them,
    the putt only with Reading the Greens."""
    if not hasattr(game, "longest_drive"):  # (18 Holes' cards: other games have none)
        return []
    drive, putt, target = sync_cmd.longest_cards(game)
    lines = [f"Longest drive: {players[drive] if drive >= 0 else 'nobody'}"]
    if "greens" in game.expansions:
        lines.append(f"Longest putt: {players[putt]}, sunk from target {target}" if putt >= 0
                     else "Longest putt: nobody sank a putt in a single roll")
    return lines


def opponents(game):
    """The automated opponents that are no seats, of a game that has them (Solo Chaos
    Golf: its mode's ``opponents``, ``(name, points, (hole, token kind)...)`` each, as the
    table showed them); none for any other game."""
    mode = getattr(game, "mode", None)
    if mode is None or not hasattr(mode, "opponents"):
        return ()
    return mode.opponents(game)


def places(standings, players, others=()):
    """``(place, name, total)`` of every player, and of every automated opponent placed
    among them by its points (as the table's final card places them), best first."""
    rows = [(place, players[seat], total) for place, seat, total, _t in standings]
    everyone = [row[2] for row in rows] + [points for _n, points, _t in others]
    rows += [(scoring.place_among(points, everyone), name, points)
             for name, points, _tokens in others]
    return sorted(rows, key=lambda row: row[0])


def card(holes, standings, players, facts, others=(), score_name=None):
    """The per-hole table of a game: a row per hole (with its par when the game has
    one), a column per player, the totals in the footer; then a column per automated
    opponent (Solo Chaos Golf's: the points of the tokens it took on each green, named
    by the game's ``score_name``, and its total)."""
    totals = {seat: total for _place, seat, total, _t in standings}
    pars = any(par for _h, par, _s in holes)
    table = Table(title="Scorecard", show_footer=True, title_justify="left")
    table.add_column("Hole", footer="Total", justify="right")
    if pars:
        table.add_column("Par", footer=str(sum(p for _h, p, _s in holes)), justify="right")
    for seat in range(len(players)):
        table.add_column(players[seat], footer=str(totals[seat]), justify="right")
    for name, points, _tokens in others:
        table.add_column(name, footer=str(points), justify="right")
    for hole, par, scores in holes:
        table.add_row(str(hole), *([str(par)] if pars else []), *[str(s) for s in scores],
                      *[_took(tokens, hole, score_name) for _n, _p, tokens in others])
    return table


def _took(tokens, hole, score_name):
    # An opponent's cell: "5" for the 5-point token it took on this green ("" for none).
    return " ".join(score_name(kind).split("-point")[0] for h, kind in tokens if h == hole)
