"""`teebox scores`: the score history on this laptop (games synced from the table).

Leaderboards and personal bests compare games of the same game, on the same
course layout (the course's content hash; Play Nine: its number of holes) and
mode only: the mode says whether the lowest total wins (Stroke Play, Play Nine)
or the highest (the points modes).
"""

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from teebox_host import scoredb
from teebox_host.cli import lower
from teebox_host.render import amount, count
from teebox_host.scoredb import ScoreDB, ScoreDBError

app = typer.Typer(
    help="Your score history: recent games, leaderboards per course, personal bests, "
         "export. Games get here with 'teebox sync'.",
    invoke_without_command=True,
    add_completion=False,
)

DB_HELP = scoredb.DB_HELP


def _db_option():
    return typer.Option(None, "--db", metavar="PATH|URL", help=DB_HELP)


def _fail(message):
    """Print ``message`` to stderr and stop with exit code 1."""
    typer.echo(message, err=True)
    raise typer.Exit(1)


def _open(ctx, db):
    """The score file named by ``--db`` (here or before the subcommand), or None if empty.

    An absent file is not created just to be read: it simply has no games yet.
    """
    given = db or (ctx.obj if isinstance(ctx.obj, str) else None)
    path = scoredb.location(given) if given else ScoreDB.default_path()
    if not scoredb.exists(path):
        _say_empty(path)
        return None
    try:
        store = ScoreDB(path)
    except ScoreDBError as exc:
        _fail(str(exc))
    if store.count_games() == 0:
        _say_empty(path)
        store.close()
        return None
    return store


def _say_empty(path):
    typer.echo(f"No games stored yet (score file: {scoredb.shown(path)}). Finish a game on "
               f"the table, connect the table with USB and run 'teebox sync' to copy its "
               f"games here.")


def _unit(mode, game=scoredb.LEGACY_GAME):
    return scoredb.unit(mode, game).capitalize()


def _ordinal(n):
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _game(board_id, number):
    return f"{board_id} #{number}"


def _print(table):
    # Names from boards are text: "[red]" or ":smile:" in one is printed as it is.
    Console(markup=False, emoji=False).print(table)


def _run(ctx, db, show):
    """Open the score file and call ``show(store)``; turn store errors into exit 1."""
    store = _open(ctx, db)
    if store is None:
        return
    try:
        show(store)
    except ScoreDBError as exc:
        _fail(str(exc))
    finally:
        store.close()


@app.callback(invoke_without_command=True)
def recent(ctx: typer.Context, db: Optional[str] = _db_option(),
           limit: int = typer.Option(20, "--limit", "-n", help="How many games to show.")):
    """The most recent games (or a subcommand: leaderboard, best, history, export, rename)."""
    ctx.obj = db
    if ctx.invoked_subcommand is not None:
        return

    def show(store):
        table = Table("When", "Course", "Mode", "Results", "Game",
                      title=f"Recent games ({store.count_games()} stored)")
        for g in store.games(limit=limit):
            results = "  ".join(
                f"{s.place}. {s.name}{' (bot)' if s.bot else ''}"
                f"{f' [{_card(s.golfer, s.side)}]' if s.golfer else ''} {s.total}"
                + (f" ({scoredb.to_par(g.mode, s.total, g.par, g.game)})"
                   if scoredb.to_par(g.mode, s.total, g.par, g.game) else "")
                + (f" + {_held(s)}" if _held(s) else "")
                for s in g.seats)
            way = scoredb.mode_title(g.mode, g.game)
            if g.modules:
                way += " + " + ", ".join(g.modules)
            table.add_row(scoredb.when(g.finished_at, g.synced_at), g.course_name, way, results,
                          _game(g.board_id, g.game_number))
        _print(table)

    _run(ctx, db, show)


def _held(seat):
    """The cards a seat (or a history entry) held at the end of its game ("longest drive,
    longest putt 29": the putt's target), "" for none."""
    return ", ".join((["longest drive"] if seat.longest_drive else []) + (
        [f"longest putt {seat.longest_putt}"] if seat.longest_putt else []))


def _pick_courses(store, ref):
    """The courses a --course value means; exit 1 naming the played courses if none."""
    if ref is None:
        return store.courses()
    found = store.find_courses(ref)
    if not found:
        played = ", ".join(f"{name} ({h})" for h, name, _n in store.courses())
        _fail(f"no games on a course called {ref!r}: give a course name or its 16-digit "
              f"hash (courses played: {played}).")
    return found


def _mode_names():
    """Every game's modes by name, for help texts (a game with one way to play has none)."""
    return sorted(set(m for _g, m in scoredb.known_modes() if m))


def _check_mode(store, mode):
    if mode is None:
        return
    known = set(_mode_names()) | set(m for m in store.modes() if m)
    if mode not in known:
        _fail(f"unknown mode {mode!r} (use one of: {', '.join(sorted(known))}).")


def _golfer_option():
    return typer.Option(None, "--golfer", metavar="NAME", callback=lower,
                        help="Only the games played with this golfer card (18 Holes), e.g. "
                             "bunjil.")


def _check_golfer(store, golfer):
    if golfer is not None and golfer not in store.golfers():
        played = ", ".join(store.golfers()) or "none yet"
        _fail(f"no games stored with golfer card {golfer!r} (golfer cards played: {played}).")


def _card(golfer, side):
    """A seat's golfer card as the tables show it ("bunjil A"), "" for none."""
    return f"{golfer} {side}" if golfer else ""


def _check_game(game):
    if game is not None and game not in scoredb.registry.names():
        _fail(f"unknown game {game!r} (use one of: {', '.join(scoredb.registry.names())}).")


@app.command()
def leaderboard(ctx: typer.Context,
                course: Optional[str] = typer.Option(None, "--course", metavar="NAME|HASH",
                                                     help="One course: its name, part of it, "
                                                          "or its content hash."),
                mode: Optional[str] = typer.Option(None, "--mode", metavar="MODE", callback=lower,
                                                   help="One mode: "
                                                        + ", ".join(_mode_names()) + "."),
                game: Optional[str] = typer.Option(None, "--game", metavar="GAME",
                                                   callback=lower,
                                                   help="One game: "
                                                        + ", ".join(scoredb.registry.names())
                                                        + "."),
                limit: int = typer.Option(10, "--limit", "-n", help="Players per table."),
                golfer: Optional[str] = _golfer_option(),
                db: Optional[str] = _db_option()):
    """Each player's best result per game, course layout and mode, best first."""
    def show(store):
        _check_mode(store, mode)
        _check_game(game)
        _check_golfer(store, golfer)
        shown = 0
        for chash, name, _n in _pick_courses(store, course):
            for g, m in store.ways(chash):
                if (mode is not None and m != mode) or (game is not None and g != game):
                    continue
                lowest = scoredb.lower_wins(m, g)
                unit = _unit(m, g)
                rows = store.leaderboard(chash, m, limit, g, golfer)
                if golfer is not None and not rows:
                    continue  # nobody played that card in this way
                strokes = lowest and any(r.par for r in rows)  # a score against par
                order = f"{'fewest' if lowest else 'most'} {unit.lower()} win"
                table = Table("#", "Player", unit, *(["To par"] if strokes else []),
                              scoredb.count_field(m, g)[1], "Games", "When", "Game",
                              title=f"{name} ({chash}): {scoredb.mode_title(m, g)}"
                                    f"{f' with {golfer}' if golfer else ''}, {order}")
                for r in rows:
                    par = [scoredb.to_par(m, r.total, r.par, g)] if strokes else []
                    table.add_row(str(r.rank), r.player, str(r.total), *par,
                                  str(r.hole_in_ones), str(r.games),
                                  scoredb.when(r.finished_at, r.synced_at),
                                  _game(r.board_id, r.game_number))
                _print(table)
                shown += 1
        if not shown:
            what = ""
            if mode or game:
                what = scoredb.mode_title(mode or "", game or scoredb.LEGACY_GAME) + " "
            typer.echo(f"No {what}games stored"
                       + (f" on {course!r}" if course else "") + " yet.")

    _run(ctx, db, show)


@app.command()
def best(ctx: typer.Context, player: str = typer.Argument(..., help="The player's name."),
         db: Optional[str] = _db_option()):
    """A player's personal best on every course layout and mode they played."""
    def show(store):
        rows = store.personal_bests(player)
        table = Table("Course", "Hash", "Mode", "Best", "To par", "Games", "When", "Game",
                      title=f"Personal bests of {store.player_name(player)}")
        for b in rows:
            table.add_row(b.course_name, b.course_hash, scoredb.mode_title(b.mode, b.game),
                          amount(b.total, _unit(b.mode, b.game).lower()),
                          scoredb.to_par(b.mode, b.total, b.par, b.game),
                          str(b.games), scoredb.when(b.finished_at, b.synced_at),
                          _game(b.board_id, b.game_number))
        _print(table)

    _run(ctx, db, show)


@app.command()
def history(ctx: typer.Context, player: str = typer.Argument(..., help="The player's name."),
            golfer: Optional[str] = _golfer_option(),
            db: Optional[str] = _db_option()):
    """Every game a player played, newest first: place, score, golfer card, cards held."""
    def show(store):
        _check_golfer(store, golfer)
        rows = store.history(player, golfer)
        table = Table("When", "Course", "Mode", "Place", "Score", "To par", "Colour", "Golfer",
                      "Cards held", "Game", title=f"Games of {store.player_name(player)}"
                                    f"{f' with {golfer}' if golfer else ''} ({len(rows)})")
        for h in rows:
            place = f"{_ordinal(h.place)} of {h.players}" if h.players > 1 else "solo"
            table.add_row(scoredb.when(h.finished_at, h.synced_at), h.course_name,
                          scoredb.mode_title(h.mode, h.game), place,
                          amount(h.total, _unit(h.mode, h.game).lower()),
                          scoredb.to_par(h.mode, h.total, h.par, h.game),
                          h.colour, _card(h.golfer, h.side), _held(h),
                          _game(h.board_id, h.game_number))
        _print(table)

    _run(ctx, db, show)


@app.command()
def export(ctx: typer.Context,
           fmt: Optional[str] = typer.Option(None, "--format", "-f", metavar="csv|json",
                                             callback=lower,
                                             help="Output format (default: from the -o "
                                                  "file's suffix, else csv)."),
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                                 help="Write here instead of to the screen."),
           db: Optional[str] = _db_option()):
    """Every stored game as CSV (one row per player) or JSON (one object per game)."""
    if fmt is None:
        fmt = output.suffix[1:].lower() if output and output.suffix[1:].lower() in \
            scoredb.EXPORT_FORMATS else "csv"
    if fmt not in scoredb.EXPORT_FORMATS:
        _fail(f"unknown format {fmt!r}: use --format csv or --format json.")

    def show(store):
        text = store.export_text(fmt)
        if output is None:
            sys.stdout.write(text)
            return
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            _fail(f"cannot write {output}: {exc.strerror or exc}")
        typer.echo(f"Exported {count(store.count_games(), 'game')} as {fmt.upper()} to {output}.")

    _run(ctx, db, show)


@app.command()
def rename(ctx: typer.Context, old: str = typer.Argument(..., help="The name now, e.g. Red."),
           new: str = typer.Argument(..., help="The new name, e.g. Alice."),
           db: Optional[str] = _db_option()):
    """Give a player a new name in every game (merges into NEW if NEW has games already).

    Boards name players by colour: rename "Red" to the person after each sync.
    """
    def show(store):
        merging = any(p.lower() == new.strip().lower() != old.strip().lower()
                      for p in store.players())
        games = store.rename_player(old, new)
        verb = "Merged" if merging else "Renamed"
        joint = "into" if merging else "to"
        typer.echo(f"{verb} {old} {joint} {new.strip()} ({count(games, 'game')}).")

    _run(ctx, db, show)


@app.command()
def copy(ctx: typer.Context,
         to: str = typer.Option(..., "--to", metavar="PATH|URL",
                                help="The store to copy into: a club's score server "
                                     "(postgresql://user:password@host/database) or a file."),
         db: Optional[str] = _db_option()):
    """Copy every game of this score history into another store, e.g. a club's server.

    Games there already are left as they are; the same game number with another game
    there is reported and left alone.
    """
    def show(store):
        with ScoreDB(scoredb.location(to)) as target:
            stored, already, conflicts = store.copy_to(target)
        typer.echo(f"Copied {count(stored, 'game')} to {scoredb.shown(target.path)} "
                   f"({already} there already).")
        for message in conflicts:
            typer.echo(f"not copied: {message}", err=True)
        if conflicts:
            raise typer.Exit(1)

    _run(ctx, db, show)
