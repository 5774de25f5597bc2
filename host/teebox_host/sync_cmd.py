"""`teebox sync` and the board side of `teebox course`: push, pull, delete, list --board.

Sync greets the board (HELLO, with LIST_GAMES right behind it: a board of another
protocol version answers HELLO and acts on nothing behind it; the clock is set only once
the versions agree), then takes every finished game waiting on it, checks it, stores it
in the score history and only then tells the board it may delete it:

1. fetch the game record (docs/protocol.md, FETCH_GAME: every chunk's request at
   once, and the next games' while this one goes through the next steps);
2. replay its game log with this laptop's rules core (the game the record names,
   found in the registry: 18 Holes, Play Nine, ...) and compare every per-hole
   score and the final standings with what the board recorded;
3. store it (``ScoreDB.add_game``: a game already stored is not stored twice), or with
   ``--to URL`` send its record to a club's score server (``club_client``), which
   replays and stores it the same way;
4. acknowledge it (ACK_GAME): the board deletes it.

A game that fails a step stays on the board and is reported (board, game
number, what differs). Syncing again is always safe.
"""

import contextlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from teebox import palette
from teebox.core.wire import gamerecord
from teebox.core import course as course_mod
from teebox_host import scoredb
from teebox_host.club_client import URL_HELP, ClubError, ClubServer
from teebox_host.course_cmd import builtins_by_hash
from teebox_host.render import count
from teebox_host.link import PORT_HELP, BoardRefused, LineError, Link, LinkError
from teebox_host.scoredb import GameConflict, GameResult, ScoreDB, ScoreDBError
from teebox import shipped

AHEAD = 2  # games asked for beyond the one being fetched: the line never waits for a request
DB_HELP = scoredb.DB_HELP


def _fail(message):
    typer.echo(message, err=True)
    raise typer.Exit(1)


def colour_name(rgb):
    """How the score history names a seat colour: the palette's name, else #rrggbb."""
    for i in range(len(palette.PLAYER_NAMES)):
        if tuple(palette.PLAYERS[3 * i:3 * i + 3]) == tuple(rgb):
            return palette.PLAYER_NAMES[i]
    return "#%02x%02x%02x" % tuple(rgb)


def _who(rec, seat):
    return f"player {seat + 1} ({rec.players[seat][0]})"


def replay_data(courses, clubs=None, shots=None):
    """What a game may need to replay (``gamerecord.replay``): ``courses`` (a function from
    a course hash to the course or None), the card data (default: the shipped files) and
    the expansion's shipped data (Reading the Greens' dice and green cards, the wind
    cards), whichever game and modules the log played."""
    return {"courses": courses,
            "clubs": clubs if clubs is not None else shipped.load_default_clubs(),
            "shots": shots if shots is not None else shipped.load_default_shots(),
            "greens": shipped.load_default_greens(), "wind": shipped.load_default_wind()}


def verify(rec, data):
    """What differs between a game record and the replay of its log (empty: all agree).

    ``data`` is what the record's game may need to replay (``gamerecord.replay``):
    for 18 Holes the courses by hash (``Courses.find``), the card data and the expansion
    modules' data (:func:`replay_data`)."""
    return checked(rec, data)[0]


def checked(rec, data):
    """``(diffs, game)``: what :func:`verify` says of a record, and the game its log
    rebuilt (None when it does not replay), which :func:`to_result` reads."""
    try:
        game, holes = rec.replay(data)
    except LookupError:
        return [f"its course {rec.course_name!r} ({rec.course_hash.hex()}) is neither built in "
                "here nor on the board: push that course to the board and sync again"], None
    except ValueError as exc:
        return [f"its game log does not replay: {exc}"], None
    return _differences(rec, game, holes), game


def _differences(rec, game, holes):
    # What differs between the record and the game its log rebuilt, with its score sheet.
    rules = gamerecord.face(rec.game)
    setup = game.setup
    diffs = []
    for what, board, replay in (("mode", rec.mode, rules.mode_of(setup)),
                                ("seed", rec.seed, setup.seed),
                                ("players", len(rec.players), setup.players),
                                ("course", rec.course_hash, rules.course(game)[0])):
        if board != replay:
            diffs.append(f"{what}: the record says {board!r}, the game log {replay!r}")
    if diffs:
        return diffs
    if not game.over:
        return ["the game log stops before the end of the game"]
    by_hole = {h[0]: h for h in rec.holes}
    for number, par, scores in holes:
        mine = by_hole.pop(number, None)
        if mine is None:
            diffs.append(f"hole {number} is missing from the record")
            continue
        if mine[1] != par:
            diffs.append(f"hole {number}: par {mine[1]} on the board, {par} on the course")
        for seat in range(len(scores)):
            if mine[2][seat] != scores[seat]:
                diffs.append(f"hole {number}, {_who(rec, seat)}: the board says "
                             f"{mine[2][seat]}, the replay {scores[seat]}")
    for number in sorted(by_hole):
        diffs.append(f"hole {number} is in the record but not on the course")
    if tuple(rec.standings) != tuple(game.standings()):
        diffs.append(f"standings: the board says {list(rec.standings)}, the replay "
                     f"{list(game.standings())}")
    return diffs


def longest_cards(game):
    """``(drive, putt, target)``: the seat holding 18 Holes' LONGEST DRIVE card at the end
    of ``game`` and the one holding Reading the Greens' LONGEST PUTT card, with the target
    that putt was sunk from (-1: nobody; 0: no target), what the score history keeps
    besides the scores. A game without these cards (Play Nine, Domino Golf): nobody."""
    for module in getattr(game, "added", ()):
        held = getattr(module, "longest", None)  # (the greens module's putting.LongestPutt)
        if held is not None and held.holder >= 0:
            return game.longest_drive, held.holder, held.target
    return getattr(game, "longest_drive", -1), -1, 0


def to_result(rec, game=None):
    """The score history's GameResult for a verified record. Only an exact finish time
    is kept: a lower bound (the board was switched off since its clock was last set)
    is stored as unknown, 0. ``game``: the game its log rebuilt (:func:`checked`), whose
    longest drive and putt cards are kept (without it: not known, kept as nobody's)."""
    exact = rec.time_kind == gamerecord.TIME_EXACT
    rules = gamerecord.face(rec.game)
    drive, putt, target = longest_cards(game) if game is not None else (-1, -1, 0)
    return GameResult(
        board_id=rec.board_id, game_number=rec.number,
        finished_at=rec.finished_at if exact else 0,
        game=rec.game, mode=rec.mode, course_hash=rec.course_hash.hex(),
        course_name=rec.course_name,
        seed=rec.seed, log=rec.log,
        players=[(seat, name, colour_name(rgb)) for seat, (name, rgb) in enumerate(rec.players)],
        holes=[(number, par, list(scores)) for number, par, scores in rec.holes],
        standings=[tuple(row) for row in rec.standings],
        bots=[seat for seat in range(len(rec.bots)) if rec.bots[seat]],
        golfers=rules.golfers(rec.log), longest_drive=drive,
        longest_putt=(putt, target) if putt >= 0 else ())


class Courses:
    """Courses by content hash: the built-in ones here, else pulled from the board."""

    def __init__(self, link):
        self.link = link
        self._by_hash = {}
        self._builtins = builtins_by_hash()  # compiled as records ask: most play one course
        self._board = None

    def find(self, content_hash):
        """The Course with this hash, or None if neither here nor on the board."""
        content_hash = bytes(content_hash)
        if content_hash not in self._by_hash:
            for h, crs in self._builtins:
                self._by_hash[h] = crs
                if h == content_hash:
                    break
        if content_hash not in self._by_hash:
            if self._board is None:
                self._board = self.link.list_courses()
            for entry in self._board:
                if entry.hash == content_hash:
                    c = course_mod.load(self.link.pull_course(entry.name))
                    self._by_hash[content_hash] = c
                    break
        return self._by_hash.get(content_hash)


@dataclass
class SyncReport:
    """What one sync did: game numbers stored, already stored, and kept (with reasons)."""

    board_id: str = ""
    stored: list = field(default_factory=list)
    duplicates: list = field(default_factory=list)
    kept: list = field(default_factory=list)   # (number, [reasons])
    not_before: list = field(default_factory=list)  # (number, time): finished then or later
    acking: Optional[int] = None  # the game stored whose ACK is on its way (None: none)

    def so_far(self, waiting):
        """What happened to each game, for a sync the line cut short (``waiting``: the
        game numbers the board listed)."""
        done = self.stored + self.duplicates
        left = [n for n in waiting if n not in done and n != self.acking]
        parts = []
        if done:
            one = len(done) == 1
            parts.append(f"{_games(done)} {'is' if one else 'are'} stored in the score history "
                         f"and the board let {'it' if one else 'them'} go")
        if self.acking is not None:
            parts.append(f"game {self.acking} is stored in the score history; the board may "
                         "have let it go already: the next sync finishes the job")
        if left:
            parts.append(f"{_games(left)} {'is' if len(left) == 1 else 'are'} still on the "
                         "board")
        return "; ".join(parts)


def _games(numbers):
    return ("game " if len(numbers) == 1 else "games ") + ", ".join(str(n) for n in numbers)


def sync_games(link, db, progress=None, clubs=None, shots=None):
    """Sync every waiting game from ``link`` into ``db``; returns a SyncReport.

    ``progress(number, done, total)`` hears each fetched chunk. LinkError if the
    line fails (what was acknowledged before stays done; the rest stays on the board):
    its message ends with what happened to each game.
    """
    # The list goes right behind HELLO, not a round trip after it: it only reads, and a
    # board of another protocol version acts on nothing after this HELLO (OTHER_VERSION).
    hello = link.send_hello()
    listing = link.send_list()
    try:
        info = link.hello(sent=hello)
    except LinkError:
        link.forget(listing)
        raise
    # The clock changes the board: sent once the versions agree, its reply taken later.
    clock = link.send_clock()
    report = SyncReport(info.board_id)
    listed = link.list_games(listing)
    waiting = [number for number, _size in listed]
    asked = []  # the FETCH_GAME requests of each game asked for ahead, in order
    try:
        _ask_ahead(link, listed, 0, asked)
        # What the replays need (``verify``), loaded while the first games come down.
        replay = replay_data(Courses(link).find, clubs, shots) if listed else {}
        link.set_clock(sent=clock)
        for i, number in enumerate(waiting):
            data = link.fetch_game(number, (lambda d, t: progress(number, d, t))
                                   if progress else None, asked.pop(0))
            # The next AHEAD games come down the line, back to back, while this one is
            # checked and stored.
            _ask_ahead(link, listed, i + 1, asked)
            reasons = _sync_one(link, db, replay, number, data, report)
            if reasons:
                report.kept.append((number, reasons))
    except (LinkError, ClubError) as exc:
        exc.args = (f"{str(exc).rstrip('.')}. So far: {report.so_far(waiting)}.",)
        raise
    return report


def _ask_ahead(link, listed, first, asked):
    """Send the FETCH_GAME requests of the games ``listed[first:first + 1 + AHEAD]``
    (``(number, size)`` pairs) not yet in ``asked`` (the requests of game ``first`` and
    on, in order). A game whose requests the line failed to send gets None: the game
    before is still checked and stored, and the next request says what happened."""
    for number, size in listed[first + len(asked):first + 1 + AHEAD]:
        try:
            asked.append(link.send_fetch(number, size))
        except LineError:
            asked.append(None)


def _sync_one(link, db, replay, number, data, report):
    """Verify (``replay``: what ``verify`` needs), store and acknowledge game ``number``
    (its record ``data``, fetched); the reasons it was kept, if it was."""
    try:
        rec = gamerecord.decode(data)
    except gamerecord.RecordError as exc:
        return [str(exc)]
    if rec.number != number or rec.board_id != report.board_id:
        return [f"the record is game {rec.number} of board {rec.board_id}, not game {number} "
                f"of board {report.board_id}"]
    diffs, game = checked(rec, replay)
    if diffs:
        return diffs
    try:
        # A club server replays the record itself; a score store takes the checked game.
        added = (db.add_record(data) if isinstance(db, ClubServer)
                 else db.add_game(to_result(rec, game)))
    except (GameConflict, ScoreDBError) as exc:
        return [str(exc)]
    # Stored: only now may the board forget it.
    report.acking = number
    link.ack_game(number)
    report.acking = None
    (report.stored if added else report.duplicates).append(number)
    if rec.time_kind == gamerecord.TIME_NOT_BEFORE:
        report.not_before.append((number, rec.finished_at))
    return []


def when(seconds):
    """A finish time as the score history prints it (local time), or "unknown"."""
    if not seconds:
        return "unknown"
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


def _progress():
    return Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(),
                    transient=True)


def sync(port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP),
         db: Optional[str] = typer.Option(None, "--db", metavar="PATH|URL", help=DB_HELP),
         to: Optional[str] = typer.Option(None, "--to", metavar="URL", help=URL_HELP),
         token_file: Optional[Path] = typer.Option(
             None, "--token-file", metavar="FILE",
             help="The club server's access token (its first line), for --to.")):
    """Copy the finished games from the board into the score history.

    Each game is checked by replaying it first; the board deletes a game only
    once it is stored: in the score file (--db), or on a club's score server
    (--to http://HOST:PORT/, which replays it too; several tables may sync into it at
    once, and a game sent twice is stored once)."""
    console = Console()
    if to is not None and db is not None:
        _fail("give the score file (--db) or the club server (--to), not both")
    if token_file is not None and to is None:
        _fail("--token-file goes with --to (the club server's token)")
    store: contextlib.AbstractContextManager
    try:
        if to is not None:
            from teebox_host.web.serve_cmd import read_token
            store = contextlib.nullcontext(ClubServer(
                to, read_token(token_file) if token_file is not None else None))
        else:
            store = ScoreDB(scoredb.location(db) if db else ScoreDB.default_path())
    except (ScoreDBError, ClubError) as exc:
        _fail(str(exc))
    tasks = {}
    with store as target, _progress() as bar:
        def progress(number, done, total):
            if number not in tasks:
                tasks[number] = bar.add_task(f"game {number}", total=total)
            bar.update(tasks[number], completed=done)

        try:
            with Link(port) as link:
                report = sync_games(link, target, progress)
        except (LinkError, ClubError) as exc:
            _fail(f"sync stopped: {exc}")
    _summary(console, report)
    if report.kept:
        raise typer.Exit(1)


def _summary(console, report):
    def numbers(ns):
        return ", ".join(str(n) for n in ns)

    board = f"board {report.board_id}"
    if not (report.stored or report.duplicates or report.kept):
        console.print(f"{board}: no finished games waiting.")
    if report.stored:
        console.print(f"{board}: stored {len(report.stored)} game"
                      f"{'' if len(report.stored) == 1 else 's'} ({numbers(report.stored)}).")
    if report.duplicates:
        console.print(f"{board}: games {numbers(report.duplicates)} were stored already; the "
                      "board has now let them go.")
    for number, t in report.not_before:
        typer.echo(f"{board}, game {number}: finished after {when(t)} (the board was "
                   "switched off since its clock was last set), so the score history keeps "
                   "it without a time.")
    for number, reasons in report.kept:
        typer.echo(f"{board}, game {number}: kept on the board, not stored:", err=True)
        for r in reasons:
            typer.echo(f"  {r}", err=True)


# ---------------------------------------------------------------- teebox course ... --board


def _course_binary(ref):
    """``(name, binary)`` for a .course file, a compiled .tbc file or a built-in name."""
    path = Path(ref)
    name = path.stem.lower().replace(" ", "-")
    if path.suffix == ".tbc" or (path.is_file() and path.read_bytes()[:4] == course_mod.MAGIC):
        data = path.read_bytes()
        try:
            course_mod.load(data)
        except course_mod.CourseError as exc:
            _fail(f"{path}: {exc}")
        return name, data
    if path.is_file() or ref.endswith(".course"):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            _fail(f"cannot read {path}: {exc}")
        src, problems = course_mod.check(text)
        errors = [p for p in problems if p.error]
        if errors:
            for p in errors:
                typer.echo(p.format(str(path)), err=True)
            _fail(f"{path}: course refused ({count(len(errors), 'error')}): fix it and push again "
                  "(see 'teebox course check').")
        return name, course_mod.encode(src)
    if ref in shipped.builtin_names():
        return ref, course_mod.compile_source(shipped.builtin_source(ref))
    _fail(f"no course file or built-in course {ref!r} (built-in: "
          f"{', '.join(shipped.builtin_names())}).")


def _connect(port):
    try:
        link = Link(port)
        link.hello()
        return link
    except LinkError as exc:
        _fail(str(exc))


def push(ref: str = typer.Argument(..., metavar="FILE|NAME",
                                   help="A .course file, a compiled .tbc file or a built-in name."),
         name: Optional[str] = typer.Option(None, "--name", help="Store it under this name "
                                            "on the board (default: the file's name)."),
         port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
    """Install a course on the board (checked there; a bad one leaves the old one)."""
    stem, data = _course_binary(ref)
    name = name or stem
    link = _connect(port)
    with link, _progress() as bar:
        task = bar.add_task(f"course {name}", total=len(data))
        try:
            content_hash = link.push_course(
                name, data, lambda done, total: bar.update(task, completed=done))
        except LinkError as exc:
            _fail(f"course {name!r} not installed: {exc}")
    typer.echo(f"installed course {name!r} on board {link.info.board_id} "
               f"({len(data)} bytes, hash {content_hash.hex()})")


def pull(name: str = typer.Argument(..., help="The course's name on the board."),
         output: Optional[Path] = typer.Option(None, "-o", "--output", metavar="FILE",
                                               help="Where to write it: a file, or a folder "
                                                    "to write NAME.tbc in (default: NAME.tbc "
                                                    "here)."),
         port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
    """Copy a course from the board as a compiled .tbc file."""
    path = output or Path(f"{name}.tbc")
    if path.is_dir():
        path = path / f"{name}.tbc"
    if not path.parent.is_dir():
        _fail(f"-o {output}: there is no folder {path.parent}: make it first, or give "
              "another place")
    link = _connect(port)
    with link:
        try:
            data = link.pull_course(name)
        except LinkError as exc:
            _fail(str(exc))
    try:
        c = course_mod.load(data)
    except course_mod.CourseError as exc:
        _fail(f"the board sent a damaged course {name!r}: {exc}")
    try:
        path.write_bytes(data)
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")
    typer.echo(f"wrote {path}: {c.name!r}, {count(c.hole_count, 'hole')}, hash {c.hash_hex()}")


def delete(name: str = typer.Argument(..., help="The course's name on the board."),
           port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
    """Delete a course stored on the board (a built-in one it shadowed comes back)."""
    link = _connect(port)
    board = f"board {link.info.board_id}"
    with link:
        try:
            entry = next((e for e in link.list_courses() if e.name == name), None)
            if entry is not None and not entry.stored:
                _fail(f"{name!r} is a built-in course: it cannot be deleted, as it is part of "
                      f"the firmware of {board}; only courses pushed to the board can be (see "
                      "'teebox course list --board').")
            gone = link.delete_course(name)
        except BoardRefused as exc:
            _fail(f"course {name!r} not deleted: {exc.detail}")  # the board's words say why
        except LinkError as exc:
            _fail(f"course {name!r} not deleted: {exc}")
    if not gone:
        _fail(f"{board} has no stored course {name!r}: nothing deleted "
              "(see 'teebox course list --board').")
    back = (f"; the built-in course {name!r} it stood in for is back" if entry is not None
            and entry.builtin else "")
    typer.echo(f"deleted course {name!r} from {board}{back}")


def list_board(port):
    """Print the courses on the board."""
    link = _connect(port)
    with link:
        try:
            entries = link.list_courses()
        except LinkError as exc:
            _fail(str(exc))
    table = Table("Name", "Course", "Holes", "Hash", "Kept as",
                  title=f"Courses on board {link.info.board_id}")
    for e in entries:
        kind = "stored" + (" (over a built-in)" if e.builtin else "") if e.stored else "built-in"
        table.add_row(Text(e.name), Text(e.title), str(e.holes), e.hash.hex(), kind)
    Console().print(table)


def add_course_commands(course_app, local_list):
    """Register ``push``, ``pull``, ``delete`` and ``list --board`` on the `teebox course` app.

    ``local_list`` is the existing `course list` function (the built-in courses);
    the new ``list`` calls it unless ``--board`` is given.
    """
    if any(c.name == "push" for c in course_app.registered_commands):
        return  # registered already
    course_app.command("push")(push)
    course_app.command("pull")(pull)
    course_app.command("delete")(delete)
    course_app.registered_commands = [c for c in course_app.registered_commands
                                      if c.name != "list"]

    @course_app.command("list")
    def list_courses(board: bool = typer.Option(False, "--board",
                                                help="List the courses on the board instead."),
                     port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
        """List the built-in courses, or with --board the courses on the board."""
        if board:
            list_board(port)
        else:
            local_list()
