"""Keeping a club's score history from the web: renaming a player and deleting a stored
game, the writes besides the games sent from the browser table (``table.py``).

* ``POST /api/players/rename`` with ``{"old": "Red", "new": "Alice"}``: as
  ``teebox scores rename`` (merges into ``new`` when that name has games);
* ``DELETE /api/games/{board}/{number}``: removes one stored game (a game synced by
  mistake, or one to make room for a board whose numbers restarted).

Both are refused without the server's token when it has one, and when it listens
beyond this computer without one (``table.write_refused``). A malformed request gets
a 4xx whose JSON ``error`` says why.
"""

import json

from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse
from starlette.routing import Route

from teebox_host import scoredb
from teebox_host.scoredb import ScoreDB, ScoreDBError, UnknownPlayer
from teebox_host.web import whole_number
from teebox_host.web.table import write_refused

MAX_BODY = 4096   # two names


def _error(status, reason):
    return JSONResponse({"error": reason}, status_code=status)


def _rename(db, old, new):
    if not scoredb.exists(db):
        return _error(404, "no games are stored yet, so there is no player to rename")
    try:
        with ScoreDB(db) as store:
            games = store.rename_player(old, new)
    except UnknownPlayer as exc:
        return _error(404, str(exc))
    except ScoreDBError as exc:   # an empty or unsafe name, or two people of one game
        return _error(409, str(exc))
    return JSONResponse({"games": games,
                         "message": f"{old} is {new.strip()} now ({games} games)"})


async def rename(request):
    """Rename a player in every game: ``{"old": name, "new": name}``."""
    refused = write_refused(request)
    if refused is not None:
        return refused
    body = await request.body()
    if len(body) > MAX_BODY:
        return _error(413, f"a rename is at most {MAX_BODY} bytes")
    try:
        data = json.loads(body)
    except ValueError:
        return _error(400, 'the body must be JSON: {"old": "Red", "new": "Alice"}')
    if not isinstance(data, dict) or not all(
            isinstance(data.get(k), str) and data[k].strip() for k in ("old", "new")):
        return _error(400, 'give "old" and "new" as names, like {"old": "Red", '
                           '"new": "Alice"}')
    return await run_in_threadpool(_rename, request.app.state.db, data["old"], data["new"])


def _delete(db, board, number):
    if not scoredb.exists(db):
        return False
    with ScoreDB(db) as store:
        return store.delete_game(board, number)


async def delete_game(request):
    """Remove one stored game: ``DELETE /api/games/{board}/{number}``."""
    refused = write_refused(request)
    if refused is not None:
        return refused
    board = request.path_params["board"]
    text = request.path_params["number"]
    if not whole_number(text) or len(text) > 10:
        return _error(400, f"a game is named by its board and its number, like "
                           f"/api/games/0123abcd/7 (got number {text[:40]!r})")
    if not await run_in_threadpool(_delete, request.app.state.db, board, int(text)):
        return _error(404, f"no game #{int(text)} of board {board[:40]} is stored")
    return JSONResponse({"deleted": True, "board": board, "game": int(text)})


ROUTES = [Route("/api/players/rename", rename, methods=["POST"]),
          Route("/api/games/{board}/{number}", delete_game, methods=["DELETE"])]
