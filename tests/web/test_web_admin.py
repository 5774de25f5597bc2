"""Renaming a player and deleting a stored game over the web (``web/admin.py``), on a
score file and on a club's PostgreSQL server: nothing writes without the token when
the server has one, and a malformed request gets a 4xx with a reason."""

import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from teebox_host.scoredb import ScoreDB
from teebox_host.web.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from pg_server import postgres, store_at  # noqa: E402,F401 (fixtures: a file and a server)
from test_scoredb import make_result  # noqa: E402

TOKEN = "club-token-0123456789"
AS_CLUB = {"Authorization": "Bearer " + TOKEN}


@pytest.fixture
def club(store_at):
    """A club server's app over a store with two tables' games, and the store."""
    with ScoreDB(store_at) as store:
        store.add_game(make_result(1, {"Red": [4, 3, 5], "Alice": [5, 3, 5]}, board="table-1"))
        store.add_game(make_result(1, {"Red": [4, 4, 5]}, board="table-2"))
    return TestClient(create_app(store_at, writable=False, token=TOKEN)), store_at


def _players(store_at):
    with ScoreDB(store_at) as store:
        return store.players(), store.count_games()


@pytest.mark.parametrize("headers, status", [
    ({}, 401), ({"Authorization": "Bearer wrong-token-0000000"}, 403),
])
def test_nothing_is_renamed_or_deleted_without_the_token(club, headers, status):
    client, store_at = club
    got = client.post("/api/players/rename", json={"old": "Red", "new": "Bob"},
                      headers=headers)
    assert got.status_code == status and "token" in got.json()["error"]
    got = client.delete("/api/games/table-2/1", headers=headers)
    assert got.status_code == status and "token" in got.json()["error"]
    assert _players(store_at) == (["Alice", "Red"], 2)


def test_with_the_token_a_player_is_renamed_and_a_game_deleted(club):
    client, store_at = club
    got = client.post("/api/players/rename", json={"old": "red", "new": "Bob"},
                      headers=AS_CLUB)
    assert got.status_code == 200 and got.json()["games"] == 2
    got = client.delete("/api/games/table-2/1", headers=AS_CLUB)
    assert got.status_code == 200 and got.json()["deleted"] is True
    assert _players(store_at) == (["Alice", "Bob"], 1)
    with ScoreDB(store_at) as store:
        assert store.game("table-2", 1) is None and store.game("table-1", 1) is not None


@pytest.mark.parametrize("method, path, body, status, reason", [
    ("post", "/api/players/rename", b"Red -> Bob", 400, "the body must be JSON"),
    ("post", "/api/players/rename", b'["Red", "Bob"]', 400, 'give "old" and "new"'),
    ("post", "/api/players/rename", b'{"old": "Red", "new": "  "}', 400, 'give "old"'),
    ("post", "/api/players/rename", b'{"old": "Zed", "new": "Bob"}', 404, "no games of a "
                                                                         "player named 'Zed'"),
    ("post", "/api/players/rename", b'{"old": "Red", "new": "Alice"}', 409, "two people"),
    ("post", "/api/players/rename", b'{"old": "Red", "new": "B\\u202eob"}', 409,
     "a control or bidirectional character"),
    ("post", "/api/players/rename", b"x" * 5000, 413, "at most"),
    ("delete", "/api/games/table-1/one", None, 400, "named by its board and its number"),
    ("delete", "/api/games/table-9/1", None, 404, "no game #1 of board table-9"),
    ("get", "/api/players/rename", None, 405, "Method Not Allowed"),
])
def test_a_malformed_write_gets_a_4xx_with_a_reason_and_changes_nothing(
        club, method, path, body, status, reason):
    client, store_at = club
    kwargs = {"headers": AS_CLUB}
    if body is not None:
        kwargs["content"] = body
    got = getattr(client, method)(path, **kwargs)
    assert got.status_code == status
    json_answer = got.headers["content-type"].startswith("application/json")
    assert reason in (got.json()["error"] if json_answer else got.text)
    assert "Traceback" not in got.text
    assert _players(store_at) == (["Alice", "Red"], 2)


def test_beyond_this_computer_without_a_token_nothing_writes(club):
    _client, store_at = club
    client = TestClient(create_app(store_at, writable=False))
    got = client.delete("/api/games/table-2/1")
    assert got.status_code == 403 and "without an access token" in got.json()["error"]
    assert _players(store_at) == (["Alice", "Red"], 2)


def test_on_this_computer_alone_writes_need_no_token(club):
    _client, store_at = club
    client = TestClient(create_app(store_at))
    assert client.delete("/api/games/table-2/1").status_code == 200
    assert _players(store_at) == (["Alice", "Red"], 1)
