"""`teebox board`: a board's status over the link, and a virtual board to try things on.

* `teebox board status [--port P]`: protocol and firmware versions, board id,
  games waiting, the game being played.
* `teebox board watch [--port P]`: the live event stream, one line per event
  (a game starting, golfers on a new tee, scores, the final standings) until
  the game is over or Ctrl-C.
* `teebox board test [--port P] [--wait S]`: the table's wiring self-test,
  step by step, with what to look at on the table (``app/selftest.py``).
* `teebox board repl [--port P]`: the board hands the USB line back to the
  MicroPython REPL, so mpremote can connect.
* `teebox board --virtual [--micropython] [--games N] [--game GAME]`: start a
  simulated board on a pseudo-terminal and print its port (its bots play GAME);
  `teebox sync --port PORT` and `teebox course ... --port PORT` talk to it as to a
  real board. Ctrl-C stops it.
"""

import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from teebox.core import games
from teebox.core.wire import commands as proto
from teebox.core.wire import gamerecord
from teebox.core.wire.events import EV_GAME_OVER, EV_HOLE, EV_SCORED, EV_STARTED
from teebox import palette
from teebox_host.cli import lower
from teebox_host.link import Link, LinkError, parse_event
from teebox_host.sync_cmd import PORT_HELP
from teebox_host.virtual_board import VirtualBoard, VirtualBoardError

app = typer.Typer(help="A board's status over USB, or a virtual board to try sync on.",
                  invoke_without_command=True, add_completion=False)


def _fail(message):
    typer.echo(message, err=True)
    raise typer.Exit(1)


@app.callback()
def board(ctx: typer.Context,
          virtual: bool = typer.Option(False, "--virtual",
                                       help="Start a virtual board and print its port."),
          micropython: bool = typer.Option(False, "--micropython",
                                           help="Run the virtual board's firmware inside "
                                                "MicroPython (WebAssembly)."),
          games: int = typer.Option(0, "--games", min=0,
                                    help="Bot games the virtual board's table plays "
                                         "(through its buttons and card reader) before "
                                         "its port opens."),
          game: Optional[str] = typer.Option(
              None, "--game", metavar="GAME", callback=lower,
              help="The game the virtual board's bots play (%s; default %s)."
                   % (", ".join(games.names()), games.names()[0])),
          store: Optional[Path] = typer.Option(None, "--store", metavar="DIR",
                                               help="Keep the virtual board's flash in this "
                                                    "folder (CPython board only)."),
          baud: Optional[int] = typer.Option(None, "--baud",
                                             help="Throttle the virtual line to this speed.")):
    """A board's status, or a virtual board."""
    if ctx.invoked_subcommand is not None:
        return
    if not virtual:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)
    if micropython and store is not None:
        _fail("--store works with the CPython virtual board only (the MicroPython one keeps "
              "its flash in memory)")
    title = "" if game is None else " of " + _game_title(game)
    kind = "MicroPython" if micropython else "CPython"
    # Progress goes to stderr: the first line on stdout stays the one naming the port.
    typer.echo(f"starting a {kind} virtual board" + (
        f"; its bots play {games} game{'' if games == 1 else 's'}{title} first"
        if games else "") + " ...", err=True)
    vb = VirtualBoard(micropython=micropython, games=games, store_dir=store, baud=baud,
                      progress=lambda text: typer.echo("  " + text, err=True), game=game)
    try:
        port = vb.start()
    except VirtualBoardError as exc:
        _fail(str(exc))
    typer.echo(f"virtual board {vb.board_id} ({kind}) on {port} with {games} finished "
               f"game{'' if games == 1 else 's'}")
    typer.echo(f"try: teebox board status --port {port}   teebox sync --port {port}   "
               f"teebox serve --port {port}")
    typer.echo("Ctrl-C stops it.")
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        vb.stop()


def _game_title(name):
    """The title of game ``name`` (--game); exit 1 naming the games if there is none."""
    try:
        return games.get(name).title
    except ValueError as exc:
        _fail(f"--game {name}: {exc}")


def _when(seconds):
    if not seconds:
        return "not set"
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


@app.command()
def status(port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
    """Versions, board id, games waiting and the game being played."""
    try:
        with Link(port) as link:
            info = link.hello()
    except LinkError as exc:
        _fail(str(exc))
    table = Table(show_header=False, title=f"Teebox board on {link.port}")
    table.add_row("Board id", Text(info.board_id))  # the board's words: text, not markup
    table.add_row("Firmware", Text(info.firmware))
    table.add_row("Link protocol", str(info.protocol))
    table.add_row("Games waiting to sync", str(info.games_waiting))
    table.add_row("Last game number", str(info.last_game))
    table.add_row("Board clock", _when(info.clock))
    g = info.game
    table.add_row("Game in progress", "none" if g is None else Text(
                  f"game {g.number}: {g.mode}, {g.players} players, hole {g.hole}, "
                  f"round {g.round}, {g.inputs} choices"))
    Console().print(table)


def _seat(seat):
    names = palette.PLAYER_NAMES
    return names[seat].capitalize() if seat < len(names) else f"player {seat + 1}"


def _face(game):
    """The records face of ``game`` (``teebox.core.wire.gamerecord``), None for a game
    this teebox does not know."""
    try:
        return gamerecord.face(game)
    except gamerecord.RecordError:
        return None


def _facts(game, mode):
    """What ``game`` says of its ``mode`` (title, what standings count), or None for a
    game this teebox does not know. A mode it does not know (a caller that follows no
    STARTED event) reads as the game's first: its modes count standings alike."""
    face = _face(game)
    if face is None:
        return None
    try:
        return face.mode_facts(mode)
    except ValueError:
        ways = games.load(game).MODES
        return face.mode_facts(ways[0][0]) if ways else None


def describe_event(ev, game=gamerecord.LEGACY_GAME, mode=""):
    """One line for a live event (a ``link.Event``), as a scoreboard would say it.

    ``game`` and ``mode`` are those of the game followed (a STARTED event names its
    own): the game's records face says what its scores and standings count."""
    if ev.kind == EV_STARTED:
        facts = _facts(ev.game, ev.mode)
        title = facts.title if facts is not None else (ev.mode or ev.game)
        return f"game {ev.number} started: {title}, {ev.players} players"
    if ev.kind == EV_HOLE:
        return f"{_seat(ev.seat)} tees off on hole {ev.hole}"
    if ev.kind == EV_SCORED:
        face = _face(game)
        what = face.score_name(ev.score_kind) if face is not None else "points"
        return f"hole {ev.hole}: {_seat(ev.seat)} scores ({what}), total {ev.total}"
    if ev.kind == EV_GAME_OVER:
        facts = _facts(game, mode)
        counted = facts.count_title.lower() if facts is not None else "tie-break"
        rows = ", ".join(f"{place}. {_seat(seat)} {score}" + (
            f" ({counted}: {count})" if count else "")
            for place, seat, score, count in ev.standings)
        return f"game {ev.number} over: {rows}"
    return f"event {ev.kind} (this teebox does not know it: update it)"


@app.command()
def watch(port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
    """Follow the game on the table live, until it is over (or Ctrl-C)."""
    try:
        with Link(port) as link:
            info = link.hello()
            link.events_on()
            typer.echo(f"watching board {info.board_id} on {link.port} (Ctrl-C stops)")
            typer.echo(_playing(info.game))
            try:
                _follow(link, info.game)
            except KeyboardInterrupt:
                pass
            link.events_on(False)
    except LinkError as exc:
        _fail(str(exc))


def _playing(game):
    """What the table is doing as a watch starts: a game in progress, or none yet."""
    if game is None:
        return "no game in progress: waiting for one to start on the table"
    return (f"game {game.number} in progress: {game.mode}, {game.players} players, hole "
            f"{game.hole}; following it from here")


def _follow(link, playing=None):
    # ``playing``: the game in progress as the watch began (its game and mode say what
    # its events count, until a STARTED event names the next one).
    game, mode = (playing.game, playing.mode) if playing is not None else (
        gamerecord.LEGACY_GAME, "")
    while True:
        payload = link.next_event(timeout=1.0)
        if payload is None:
            continue
        ev = parse_event(payload)
        if ev.kind == EV_STARTED:
            game, mode = ev.game, ev.mode
        typer.echo(describe_event(ev, game, mode))
        if ev.kind == EV_GAME_OVER:
            return


# What the maker looks at during each self-test step (TEST_* codes).
TEST_GUIDE = {
    proto.TEST_CORNERS: "one LED at a time lights at each end of each row, from the top. "
                        "Each should sit at the edge of the table, row 0 at the top; if not, "
                        "correct grid and leds.start/leds.chain in the profile "
                        "(hardware/README.md, \"Checking the wiring\").",
    proto.TEST_COLOURS: "every LED turns red, then green, then blue. Another colour means "
                        "leds.order is wrong; a dark or odd LED is a bad joint.",
    proto.TEST_WALK: "a dot runs along row 0 west to east, row 1 back, and so on. Where it "
                     "jumps, the chain is wired differently from the profile's leds.chain.",
    proto.TEST_DISPLAY: "the OLED shows a pattern: 0-F along the top, 7-8 along the bottom, "
                        "row numbers down both sides.",
    proto.TEST_POWER: "every LED full white, dimmed to the supply's budget: the supply must "
                      "not brown out (the board would restart).",
    proto.TEST_READER: "lay any card on a reader: its raw UID appears here.",
    proto.TEST_BUTTONS: "press each button once: the OLED names it. Hold BACK to stop.",
    proto.TEST_DONE: "the table goes back to its start menu.",
}


@app.command()
def test(port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP),
         wait: int = typer.Option(20, "--wait", min=0, max=255,
                                  help="Seconds the table waits for a card and for the "
                                       "buttons (0 skips both)."),
         speed: int = typer.Option(1, "--speed", min=1, max=50,
                                   help="Run the timed LED steps this many times faster.")):
    """Check the table's wiring step by step: LEDs, OLED, card reader and buttons.

    The steps: LEDs, colours, chain order, OLED, power limit, card reader and buttons.
    Exits 1 if a step found a fault."""
    problems = 0
    try:
        with Link(port) as link:
            info = link.hello()
            typer.echo(f"self-test of board {info.board_id} on {link.port}: watch the table")
            running, _step, total, lines = link.self_test(True, wait, speed)
            seen = shown = 0
            while True:
                for step, text in lines:
                    k = step & ~proto.TEST_PROBLEM
                    if k != shown:
                        shown = k
                        name = proto.TEST_STEP_NAMES[k] if k < len(proto.TEST_STEP_NAMES) \
                            else f"step {k}"
                        typer.echo(f"{name}: {TEST_GUIDE.get(k, '')}")
                    if step & proto.TEST_PROBLEM:
                        problems += 1
                    typer.echo(f"  {'PROBLEM: ' if step & proto.TEST_PROBLEM else ''}{text}")
                seen += len(lines)
                if not running and seen >= total:
                    break
                if seen >= total:
                    time.sleep(0.2)
                running, _step, total, lines = link.self_test(first=seen)
    except LinkError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        _fail("stopped watching: the table finishes its self-test (hold BACK to stop it)")
    if problems:
        _fail(f"{problems} problem{'' if problems == 1 else 's'} found: see above")
    typer.echo("no problems found")


@app.command()
def repl(port: Optional[str] = typer.Option(None, "--port", "-p", help=PORT_HELP)):
    """Hand the USB line back to the board's MicroPython REPL (for mpremote)."""
    try:
        with Link(port) as link:
            info = link.hello()
            link.to_repl()
    except LinkError as exc:
        _fail(str(exc))
    typer.echo(f"board {info.board_id} on {link.port} gave the line back to the MicroPython "
               f"REPL: Ctrl-C works again, so `mpremote connect {link.port}` gets in (its "
               "Ctrl-C stops the table). Power the board off and on for the table and its "
               "link again.")
