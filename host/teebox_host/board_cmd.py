"""`teebox board`: a board's status over the link, and a virtual board to try things on.

* `teebox board status [--port P]`: protocol and firmware versions, board id,
  games waiting, the game being played.
* `teebox board watch [--port P]`: the live event stream, one line per event
  (a game starting, golfers on a new tee, scores, the final standings) until
  the game is over or Ctrl-C.
* `teebox board repl [--port P]`: the board hands the USB line back to the
  MicroPython REPL, so mpremote can connect.
* `teebox board --virtual [--micropython] [--games N]`: start a simulated board
  on a pseudo-terminal and print its port; `teebox sync --port PORT` and
  `teebox course ... --port PORT` talk to it as to a real board. Ctrl-C stops it.
"""

import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from teebox.core.wire.events import EV_GAME_OVER, EV_HOLE, EV_SCORED, EV_STARTED
from teebox import palette
from teebox.core import modes
from teebox.core.protocol import SCORE_NAMES
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
    kind = "MicroPython" if micropython else "CPython"
    # Progress goes to stderr: the first line on stdout stays the one naming the port.
    typer.echo(f"starting a {kind} virtual board" + (
        f"; its bots play {games} game{'' if games == 1 else 's'} first" if games else "")
        + " ...", err=True)
    vb = VirtualBoard(micropython=micropython, games=games, store_dir=store, baud=baud,
                      progress=lambda text: typer.echo("  " + text, err=True))
    try:
        port = vb.start()
    except VirtualBoardError as exc:
        _fail(str(exc))
    typer.echo(f"virtual board {vb.board_id} ({kind}) on {port} with {games} finished "
               f"game{'' if games == 1 else 's'}")
    typer.echo(f"try: teebox board status --port {port}   teebox sync --port {port}")
    typer.echo("Ctrl-C stops it.")
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        vb.stop()


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
    table.add_row("Board id", info.board_id)
    table.add_row("Firmware", info.firmware)
    table.add_row("Link protocol", str(info.protocol))
    table.add_row("Games waiting to sync", str(info.games_waiting))
    table.add_row("Last game number", str(info.last_game))
    table.add_row("Board clock", _when(info.clock))
    g = info.game
    table.add_row("Game in progress", "none" if g is None else
                  f"game {g.number}: {g.mode}, {g.players} players, hole {g.hole}, "
                  f"round {g.round}, {g.inputs} choices")
    Console().print(table)


def _seat(seat):
    names = palette.PLAYER_NAMES
    return names[seat].capitalize() if seat < len(names) else f"player {seat + 1}"


def describe_event(ev):
    """One line for a live event (a ``link.Event``), as a scoreboard would say it."""
    if ev.kind == EV_STARTED:
        title = modes.make(ev.mode).title if ev.mode in modes.NAMES else ev.mode
        return f"game {ev.number} started: {title}, {ev.players} players"
    if ev.kind == EV_HOLE:
        return f"{_seat(ev.seat)} tees off on hole {ev.hole}"
    if ev.kind == EV_SCORED:
        what = SCORE_NAMES[ev.score_kind] if ev.score_kind < len(SCORE_NAMES) else "points"
        return f"hole {ev.hole}: {_seat(ev.seat)} scores ({what}), total {ev.total}"
    if ev.kind == EV_GAME_OVER:
        rows = ", ".join(f"{place}. {_seat(seat)} {score}" + (
            f" ({hio} hole-in-one{'' if hio == 1 else 's'})" if hio else "")
            for place, seat, score, hio in ev.standings)
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
                _follow(link)
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


def _follow(link):
    while True:
        payload = link.next_event(timeout=1.0)
        if payload is None:
            continue
        ev = parse_event(payload)
        typer.echo(describe_event(ev))
        if ev.kind == EV_GAME_OVER:
            return


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
