"""`teebox serve`: the web companion on http://127.0.0.1:8018/ (score history, live table,
the table in the browser).

As in every other command, ``--port`` is the board's serial port (here: the board the
live table follows); the page's own TCP port is ``--http-port``."""

from pathlib import Path
from typing import Optional

import typer

from teebox_host import scoredb
from teebox_host.scoredb import ScoreDB, ScoreDBError

DEFAULT_PORT = 8018
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
MIN_TOKEN = 16


def _fail(message):
    typer.echo(message, err=True)
    raise typer.Exit(1)


def _check_db(path):
    """Refuse a file that is not a score file (or a server not reached) now, not at the
    first page."""
    if not scoredb.exists(path):
        return
    try:
        ScoreDB(path).close()
    except ScoreDBError as exc:
        _fail(str(exc))


def read_token(path):
    """The access token in the file ``path`` (its first line); exit 1 saying why when it
    cannot be read or is too short to keep anyone out."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read the token file {path}: {exc}")
    token = lines[0].strip() if lines else ""
    if len(token) < MIN_TOKEN:
        _fail(f"the token in {path} has {len(token)} characters: give at least {MIN_TOKEN} "
              f"(e.g. python3 -c 'import secrets; print(secrets.token_urlsafe())' > {path})")
    return token


def _start_board(games, bots, pace, sync_db=None):
    """A CPython virtual board in this process and its :class:`LiveBoard`, started."""
    from teebox_host.virtual_board import VirtualBoard, VirtualBoardError
    from teebox_host.web.live import LiveBoard
    typer.echo("starting a virtual board ...", err=True)
    vb = VirtualBoard(games=games, progress=lambda text: typer.echo("  " + text, err=True))
    try:
        port = vb.start()
    except VirtualBoardError as exc:
        _fail(str(exc))
    live = LiveBoard(vb, bots=bots, pace=pace, sync_db=sync_db)
    live.start()
    typer.echo(f"virtual board {vb.board_id} on {port}" + (
        ": its finished games go into the score history" if sync_db is not None else
        " (this page follows it there; --sync stores its finished games)"))
    return vb, live


def _watch_board(port, sync_db=None):
    """The :class:`LiveBoard` of the board on serial ``port`` (None: the one on USB),
    started: it keeps trying while the board is away."""
    from teebox_host.link import LinkError, find_port
    from teebox_host.web.live import LiveBoard
    if port is None:
        try:
            port = find_port()
        except LinkError as exc:
            _fail(f"no board to watch live: {exc}")
    elif port.isdigit():
        _fail(f"--port is the board's serial port (as in 'teebox sync'), not {port}: give "
              f"the page's TCP port as --http-port {port}")
    live = LiveBoard(port=port, sync_db=sync_db)
    live.start()
    typer.echo(f"following the board on {port} live (it may be plugged in later)", err=True)
    return live


def serve(db: Optional[str] = typer.Option(None, "--db", metavar="PATH|URL",
                                           help=scoredb.DB_HELP),
          host: str = typer.Option("127.0.0.1", "--host",
                                   help="Address to listen on (default: this computer only)."),
          token_file: Optional[Path] = typer.Option(
              None, "--token-file", metavar="FILE",
              help="A file holding the access token that games sent to the score history "
                   "must carry (Authorization: Bearer); needed for writes when --host "
                   "listens beyond this computer."),
          http_port: int = typer.Option(DEFAULT_PORT, "--http-port", min=1, max=65535,
                                        help="TCP port of the page."),
          port: Optional[str] = typer.Option(
              None, "--port", "-p",
              help="Show the board on this serial port live, e.g. /dev/ttyACM0 or a "
                   "virtual board's port from 'teebox board --virtual'."),
          board: bool = typer.Option(False, "--board",
                                     help="Show the one MicroPython board on USB live "
                                          "(as --port finds it in other commands)."),
          virtual: bool = typer.Option(False, "--virtual",
                                       help="Start a virtual board and show it live."),
          bots: bool = typer.Option(False, "--bots",
                                    help="The virtual board's bots play on, so there is "
                                         "always a game to watch (implies --virtual)."),
          pace: float = typer.Option(1.5, "--pace", min=0.05, metavar="SECONDS",
                                     help="Seconds between the bots' choices."),
          sync: bool = typer.Option(False, "--sync",
                                    help="Store the board's finished games in the score "
                                         "history as they finish (as 'teebox sync' does, "
                                         "over the same line)."),
          games: int = typer.Option(0, "--games", min=0,
                                    help="Bot games the virtual board finishes first "
                                         "(waiting there to be synced: --sync).")):
    """Open the web companion: score history, plots, live table, table in the browser.

    The history with its plots and replays, the live table of a board (--port, or
    --virtual for a virtual one), and the table itself running in the browser. With
    --db postgresql://... it shows a club's score server, which every table syncs into
    (teebox sync --db, or --to this page's address); writes need --token-file's token
    when --host listens beyond this computer."""
    import uvicorn

    from teebox_host.web.app import create_app
    path = scoredb.location(db) if db else ScoreDB.default_path()
    token = read_token(token_file) if token_file is not None else None
    _check_db(path)
    vb = live = None
    if (virtual or bots) and (port or board):
        _fail("show either a board (--port / --board) or a virtual one (--virtual), not both")
    if sync and not (virtual or bots or port or board):
        _fail("--sync stores a board's games: give the board (--port, --board or --virtual)")
    sync_db = path if sync else None
    if virtual or bots:
        vb, live = _start_board(games, bots, pace, sync_db)
    elif port or board:
        live = _watch_board(port, sync_db)
    local = host in LOCAL_HOSTS
    if not local:
        typer.echo(f"listening on {host}: anyone who can reach this computer can read the "
                   f"score history; " + ("games sent to it need the access token"
                                        if token else "it takes no games (no --token-file)"),
                   err=True)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"Teebox web companion on http://{shown}:{http_port}/ (scores: "
               f"{scoredb.shown(path)}). Ctrl-C stops it.")
    try:
        uvicorn.run(create_app(path, live, writable=local, token=token), host=host, port=http_port,
                    log_level="warning", timeout_graceful_shutdown=1)
    finally:
        if live is not None:
            live.stop()
        if vb is not None:
            vb.stop()
