"""The table in the browser: the routes that give the page its runtime and firmware, and
take the games finished on it into the score history.

* ``/table``: the page (``templates/table.html``, ``static/table.js``; ``app.py``
  serves it);
* ``/table/runtime/micropython.mjs`` and ``.wasm``: the MicroPython WebAssembly runtime
  the firmware tests run in (``teebox_host/micropython``, installed by ``npm ci`` there:
  the README's test command, or ``.ci/run``), served from its ``node_modules``;
* ``/table/firmware.json``: the firmware's files (``teebox/**.py`` and its data files),
  the page's own MicroPython module (``mp/webtable.py``) and the board profile, as
  ``{"files": {path: text}, "profile": text, "runtime": version}``;
* ``POST /table/records``: one finished game's record (``core/wire/gamerecord.py``
  bytes, as the board shelves it), checked by replaying its log and stored exactly as
  ``teebox sync`` stores a board's (``sync_cmd.verify``, ``to_result``,
  ``ScoreDB.add_game``). A server started with a token (``teebox serve --token-file``)
  takes a write only with ``Authorization: Bearer <token>``; one listening beyond this
  computer without a token takes none (:func:`write_refused`);
* ``POST /api/records``: the same, for the tables of a club (``teebox sync --to URL``,
  ``club_client.py``).
"""

import hmac
from pathlib import Path

import teebox
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Route

from teebox.core.wire import gamerecord
from teebox_host import micropython as mpy
from teebox_host import profiles, sync_cmd
from teebox_host.scoredb import GameConflict, ScoreDB, ScoreDBError
from teebox_host.web import whole_number

HERE = Path(__file__).parent
PAGE_MODULE = HERE / "mp" / "webtable.py"
RUNTIME_FILES = {"micropython.mjs": "text/javascript", "micropython.wasm": "application/wasm"}
FIRMWARE_SUFFIXES = (".py", ".json", ".course")
MAX_RECORD = 64 * 1024   # a 5-player, 18-hole record is about 2 KB


def runtime_dir():
    """The installed runtime's folder, or None when ``npm ci`` has not installed it."""
    where = mpy.runner_path().parent / "node_modules" / mpy.PACKAGE
    return where if (where / "micropython.mjs").is_file() else None


def runtime_missing():
    """Why the page cannot run the firmware ("" when it can): what to install."""
    if runtime_dir() is not None:
        return ""
    return ("The MicroPython WebAssembly runtime is not installed. Install it once with "
            f"'npm ci' in {mpy.runner_path().parent} (the README's test command does it "
            "too), then reload this page.")


def firmware_bundle():
    """The firmware's files, the page's module and the default board profile (see the
    module's docstring)."""
    root = Path(teebox.__file__).resolve().parent
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in FIRMWARE_SUFFIXES and "__pycache__" not in path.parts:
            files["teebox/" + path.relative_to(root).as_posix()] = path.read_text(encoding="utf-8")
    files["webtable.py"] = PAGE_MODULE.read_text(encoding="utf-8")
    return {"files": files, "profile": profiles.find().read_text(encoding="utf-8"),
            "runtime": mpy.runtime_version()}


async def runtime(request):
    """One file of the MicroPython WebAssembly runtime."""
    name = request.path_params["name"]
    where = runtime_dir()
    if name not in RUNTIME_FILES:
        raise HTTPException(404, f"the runtime has no file {name!r} (it has "
                                 f"{', '.join(RUNTIME_FILES)})")
    if where is None:
        raise HTTPException(404, runtime_missing())
    return FileResponse(where / name, media_type=RUNTIME_FILES[name])


async def firmware(request):
    """The firmware bundle (made once per server)."""
    state = request.app.state
    if state.bundle is None:
        state.bundle = await run_in_threadpool(firmware_bundle)
    return JSONResponse(state.bundle)


class _NoBoard:
    """No board to pull courses from: a record finds its course among the built-in ones."""

    def list_courses(self):
        return []


def store_record(db, data):
    """Check the record ``data`` by replaying it and store it in the score file ``db``,
    as ``teebox sync`` does. Returns ``(status, answer)``: 200 (stored, or stored
    before), 400 (not a game record), 409 (its number is stored with another game) or
    422 (its log does not replay to what it says), the answer saying why."""
    try:
        rec = gamerecord.decode(data)
    except gamerecord.RecordError as exc:
        return 400, {"error": f"not a game record: {exc}"}
    diffs, game = sync_cmd.checked(rec, sync_cmd.replay_data(sync_cmd.Courses(_NoBoard()).find))
    if diffs:
        return 422, {"error": "the record does not replay to what it says: " + "; ".join(diffs)}
    try:
        with ScoreDB(db) as store:
            added = store.add_game(sync_cmd.to_result(rec, game))
    except GameConflict as exc:
        return 409, {"error": str(exc)}
    except ScoreDBError as exc:
        return 500, {"error": str(exc)}
    what = f"game {rec.number} of board {rec.board_id}"
    return 200, {"stored": added, "board": rec.board_id, "game": rec.number,
                 "message": f"{what} is in the score history" if added
                 else f"{what} was in the score history already"}


def write_refused(request):
    """Why a request may not write to the score history (None: it may), as a JSON
    answer: 401 without the server's token, 403 with a wrong one or when the server
    listens beyond this computer with no token at all."""
    state = request.app.state
    if state.token is None:
        if state.writable:
            return None
        return JSONResponse({"error": "this server listens beyond this computer without an "
                                      "access token, so it writes nothing (no games, "
                                      "renames or deletions): start it with --token-file, "
                                      "or without --host"}, status_code=403)
    given = request.headers.get("authorization", "")
    scheme, _, token = given.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return JSONResponse({"error": "this server writes (games, renames, deletions) only "
                                      "with its access token: send 'Authorization: Bearer "
                                      "<token>'"},
                            status_code=401, headers={"WWW-Authenticate": "Bearer"})
    if not hmac.compare_digest(token.strip().encode(), state.token.encode()):
        return JSONResponse({"error": "the access token is not this server's"},
                            status_code=403)
    return None


async def records(request):
    """Take one finished game's record into the score history (see :func:`store_record`)."""
    refused = write_refused(request)
    if refused is not None:
        return refused
    size = request.headers.get("content-length")
    if size is not None and (not whole_number(size) or int(size) > MAX_RECORD):
        return JSONResponse({"error": f"a game record is at most {MAX_RECORD} bytes"},
                            status_code=413)
    data = await request.body()
    if len(data) > MAX_RECORD:
        return JSONResponse({"error": f"a game record is at most {MAX_RECORD} bytes"},
                            status_code=413)
    if not data:
        return JSONResponse({"error": "the body is empty: send the game record's bytes"},
                            status_code=400)
    status, answer = await run_in_threadpool(store_record, request.app.state.db, data)
    return JSONResponse(answer, status_code=status)


ROUTES = [Route("/table/runtime/{name}", runtime),
          Route("/table/firmware.json", firmware),
          Route("/table/records", records, methods=["POST"]),
          # The same for the tables of a club: `teebox sync --to URL` (``club_client``).
          Route("/api/records", records, methods=["POST"])]
