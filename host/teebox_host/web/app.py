"""The web companion's Starlette application: history pages, the live table, its stream.

Routes:

* ``/``: the history: recent games, leaderboards per course and mode, players and
  courses, score against par over time (``?limit=N`` recent games);
* ``/player/{name}``: one player's bests, games and score against par;
* ``/course/{hash}``: one course layout's leaderboards, strokes per hole and where
  balls landed (a heatmap from replaying its stored games);
* ``/game/{board}/{number}``: a stored game's score sheet and its replay, step by step
  on the drawn board;
* ``/new-course?holes=&difficulty=&seed=``: a generated course drawn before it goes to
  a board, ``/new-course/source?...`` its ``.course`` file (see ``newcourse.py``);
* ``/live``: the live table; ``/live/events``: its server-sent events (one JSON
  snapshot per change of the board, its cells the LED frame that came over the link,
  see ``live.LiveBoard.snapshot``);
* ``/table``: the table in the browser, the firmware running in the page on simulated
  hardware; ``/table/...``: its runtime, firmware and where it sends finished games
  (see ``table.py``);
* ``/api/...``: renaming a player, deleting a stored game (see ``admin.py``);
* ``/static/...``: the stylesheet and the pages' scripts.

A request the pages cannot answer gets a 4xx page saying why; a fault of the server
gets a 500 that says so, never a traceback.
"""

import asyncio
import json
import logging
import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import (HTMLResponse, PlainTextResponse, RedirectResponse,
                                 StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from teebox.core import coursegen
from teebox_host import scoredb
from teebox_host.scoredb import ScoreDB, ScoreDBError, UnknownPlayer
from teebox_host.web import admin, history, newcourse, table, whole_number

HERE = Path(__file__).parent
DEFAULT_LIMIT = 20
MAX_LIMIT = 500
FRAME_S = 0.1          # how often the live stream looks at the board
KEEPALIVE_S = 15.0     # an unchanged board still sends a comment this often
_HASH_RE = re.compile(r"^[0-9a-f]{16}$")

log = logging.getLogger("teebox.web")
_templates = Environment(loader=FileSystemLoader(str(HERE / "templates")),
                         autoescape=select_autoescape(["html"]))
_templates.globals.update(when=history.when, to_par=history.to_par, unit=history.unit,
                          mode_title=scoredb.mode_title, lower_wins=scoredb.lower_wins)


def _page(template, status=200, **context):
    return HTMLResponse(_templates.get_template(template).render(**context), status_code=status)


def _limit(request):
    """The ``?limit=`` of recent games, checked: 400 naming the allowed range."""
    text = request.query_params.get("limit")
    if text is None:
        return DEFAULT_LIMIT
    if not whole_number(text) or not 1 <= int(text) <= MAX_LIMIT:
        raise HTTPException(400, f"limit must be a whole number from 1 to {MAX_LIMIT} "
                                 f"(got {text!r})")
    return int(text)


def _golfer(request):
    """The golfer card the leaderboards are filtered by (``?golfer=NAME``), None: all."""
    return (request.query_params.get("golfer") or "").strip().lower() or None


def _read(request, read):
    """``read(store)`` on the score file, or None when no game is stored yet (an absent
    file is not created just to be read)."""
    path = request.app.state.db
    if not scoredb.exists(path):
        return None
    try:
        with ScoreDB(path) as store:
            return read(store) if store.count_games() else None
    except UnknownPlayer as exc:
        raise HTTPException(404, str(exc)) from None


def _empty(request):
    return _page("empty.html", path=scoredb.shown(request.app.state.db), page="history")


async def home(request):
    """The history: recent games, leaderboards, players, courses and the par plot."""
    limit = _limit(request)
    golfer = _golfer(request)
    data = await run_in_threadpool(_read, request,
                                   lambda store: history.overview(store, limit, golfer))
    if data is None:
        return _empty(request)
    return _page("history.html", page="history", limit=limit, **data)


async def player(request):
    """One player's personal bests, games and score against par."""
    name = request.path_params["name"]
    data = await run_in_threadpool(_read, request, lambda store: history.player(store, name))
    if data is None:
        return _empty(request)
    return _page("player.html", page="history", **data)


async def course(request):
    """One course layout's leaderboards and strokes per hole."""
    ref = request.path_params["hash"]
    if not _HASH_RE.match(ref):
        raise HTTPException(400, f"a course is named by its 16-digit content hash, like "
                                 f"0123456789abcdef (got {ref[:40]!r})")
    golfer = _golfer(request)
    data = await run_in_threadpool(_read, request,
                                   lambda store: history.course(store, ref, golfer))
    if data is None:
        raise HTTPException(404, f"no stored game was played on course {ref}")
    return _page("course.html", page="history", **data)


async def game(request):
    """A stored game: its score sheet, standings and its replay on the drawn board."""
    board = request.path_params["board"]
    text = request.path_params["number"]
    if not whole_number(text) or len(text) > 10:
        raise HTTPException(400, f"a game is named by its board and its number, like "
                                 f"/game/0123abcd/7 (got number {text[:40]!r})")
    number = int(text)
    data = await run_in_threadpool(_read, request,
                                   lambda store: history.game(store, board, number))
    if data is None:
        raise HTTPException(404, f"no game #{number} of board {board[:40]} is stored")
    return _page("game.html", page="history", **data)


async def new_course(request):
    """A generated course, drawn (a new seed picked, and moved to, when none is given)."""
    holes, difficulty, seed = newcourse.options(request.query_params)
    if seed is None:
        return RedirectResponse(newcourse.address(holes, difficulty, newcourse.new_seed()), 303)
    data = await run_in_threadpool(newcourse.preview, holes, difficulty, seed)
    return _page("newcourse.html", page="new-course", choices=coursegen.HOLE_CHOICES,
                 difficulties=coursegen.DIFFICULTIES,
                 source=newcourse.address(holes, difficulty, seed, "/source"), **data)


async def new_course_source(request):
    """A generated course as a ``.course`` file to download."""
    holes, difficulty, seed = newcourse.options(request.query_params)
    if seed is None:
        raise HTTPException(400, "give the course's seed (the course page's address has it)")
    text, name = await run_in_threadpool(newcourse.source_text, holes, difficulty, seed)
    return PlainTextResponse(text, headers={"Content-Disposition":
                                            f'attachment; filename="{name}"'})


async def live(request):
    """The live table's page (its script follows ``/live/events``)."""
    return _page("live.html", page="live", board=request.app.state.live is not None)


def _no_board():
    return HTTPException(404, "no board is being watched: start the server with the "
                              "board's serial port ('teebox serve --port /dev/ttyACM0') "
                              "or with 'teebox serve --virtual' for a virtual board")


async def live_events(request):
    """Server-sent events: a snapshot of the board each time it changes."""
    board = request.app.state.live
    if board is None:
        raise _no_board()

    async def stream():
        yield "retry: 1000\n\n"   # EventSource reconnects after a second when cut
        last = None
        quiet = 0.0
        while not board.closed:
            text = json.dumps(await run_in_threadpool(board.snapshot), separators=(",", ":"))
            if text != last:
                last = text
                quiet = 0.0
                yield f"data: {text}\n\n"
            elif quiet >= KEEPALIVE_S:
                quiet = 0.0
                yield ": still here\n\n"
            await asyncio.sleep(FRAME_S)
            quiet += FRAME_S

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


async def table_page(request):
    """The table in the browser (or what to install first)."""
    state = request.app.state
    return _page("table.html", page="table", missing=table.runtime_missing(),
                 writable=state.writable or state.token is not None,
                 token_needed=state.token is not None)


async def _http_error(request, exc):
    """A 4xx (or other HTTP error) as a short page with its reason."""
    if request.url.path.startswith(("/live/events", "/static/", "/table/", "/api/",
                                    "/new-course/")):
        return HTMLResponse(exc.detail, status_code=exc.status_code,
                            media_type="text/plain")
    return _page("error.html", status=exc.status_code, status_code=exc.status_code,
                 reason=exc.detail)


async def _server_error(request, exc):
    """A fault: logged here, a 500 without a traceback for the browser."""
    if isinstance(exc, ScoreDBError):
        reason = str(exc)
    else:
        log.exception("error serving %s", request.url.path)
        reason = "the server failed on this page; its log says why"
    return _page("error.html", status=500, status_code=500, reason=reason)


def create_app(db, live_board=None, writable=True, token=None):
    """The application over the score store ``db`` (a file's Path or a server's URL,
    see :class:`ScoreDB`) and the :class:`LiveBoard` ``live_board`` (None: no board to
    watch). ``writable`` False: games sent from the browser table are refused (a server
    listening beyond this computer); ``token``: they are taken only with this token
    (see ``table.write_refused``)."""
    app = Starlette(
        routes=[Route("/", home), Route("/player/{name}", player),
                Route("/course/{hash}", course), Route("/game/{board}/{number}", game),
                Route("/new-course", new_course),
                Route("/new-course/source", new_course_source),
                Route("/live", live), Route("/live/events", live_events),
                Route("/table", table_page), *table.ROUTES, *admin.ROUTES,
                Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")],
        exception_handlers={HTTPException: _http_error, Exception: _server_error})
    app.state.db = scoredb.location(str(db))
    app.state.live = live_board
    app.state.writable = writable
    app.state.token = token
    app.state.bundle = None   # the browser table's firmware, made on first request
    return app
