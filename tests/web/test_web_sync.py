"""Tables syncing into a club's score server over HTTP (issue 14: "several tables sync
into one server ... anything that writes (sync, rename, delete) needs a token when it
listens beyond localhost"): `teebox sync --to URL` sends each checked game to `teebox
serve`, which replays and stores it once; two tables at once lose and duplicate
nothing, a game sent again is not stored twice, and without the token, or with the
server away, every game stays on the board. The store is a SQLite file and a real
PostgreSQL server (pg_server.py)."""

import sys
import threading
from pathlib import Path

import pytest

from teebox.core import course as course_mod
from teebox.core.holes18 import engine
from teebox.core.wire import gamerecord
from teebox_host.club_client import ClubError, ClubServer
from teebox_host.link import Link
from teebox_host.scoredb import ScoreDB, ScoreDBError
from teebox_host.sync_cmd import sync_games
from teebox_host.virtual_board import VirtualBoard
from teebox_host.web.app import create_app
from web_kit import Server

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from link_fakes import teebox  # noqa: E402 (puts tests/firmware on the path)
from link_kit import CLUBS, MINI, SHOTS, bot_list, each_input  # noqa: E402
from pg_server import postgres, store_at  # noqa: E402,F401 (fixtures)

TOKEN = "club-token-0123456789abcdef"


@pytest.fixture
def club(store_at, tmp_path):
    """The club's server as it runs beyond its own computer: writes need the token."""
    token_file = tmp_path / "club-token"
    token_file.write_text(TOKEN + "\n")
    with Server(create_app(store_at, writable=False, token=TOKEN)) as server:
        server.db = store_at
        server.token_file = token_file
        yield server


def waiting(vb):
    with Link(vb.port) as link:
        return link.hello().games_waiting


def test_two_tables_sync_into_the_club_server_at_once_and_again(club):
    with VirtualBoard(games=3) as one, VirtualBoard(games=2) as two:
        reports = [None, None]
        start = threading.Barrier(2)

        def sync(i, vb):
            start.wait()
            with Link(vb.port) as link:
                reports[i] = sync_games(link, ClubServer(club.url, TOKEN))

        threads = [threading.Thread(target=sync, args=(i, vb)) for i, vb in enumerate((one, two))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert [sorted(r.stored) for r in reports] == [[1, 2, 3], [1, 2]]
        assert [r.kept for r in reports] == [[], []]
        assert waiting(one) == waiting(two) == 0
        # A game the server has, still on a board (its acknowledgement lost): sent again,
        # it is "stored already" and the board lets it go.
        mode, players = one.demo_games()[0]
        one.play(mode, players, seed=9)
        with Link(one.port) as link:
            record = link.fetch_game(4)
        assert ClubServer(club.url, TOKEN).add_record(record) is True
        result = teebox("sync", "--port", one.port, "--to", club.url + "/",
                        "--token-file", club.token_file)
        assert result.exit_code == 0, result.output
        assert "were stored already" in result.output
        result = teebox("sync", "--port", one.port, "--to", club.url,
                        "--token-file", club.token_file)
        assert "no finished games waiting" in result.output
        ids = {one.board_id: 4, two.board_id: 2}
    with ScoreDB(club.db) as store:
        assert store.count_games() == 6
        assert sorted((g.board_id, g.game_number) for g in store.games()) == sorted(
            (board, n) for board, last in ids.items() for n in range(1, last + 1))


def test_without_the_token_or_the_server_every_game_stays_on_the_board(club, tmp_path):
    wrong = tmp_path / "wrong-token"
    wrong.write_text("not-the-club-token-at-all\n")
    with VirtualBoard(games=2) as vb:
        result = teebox("sync", "--port", vb.port, "--to", club.url)
        assert result.exit_code == 1
        assert "refuses games from here" in result.output and "--token-file" in result.output
        result = teebox("sync", "--port", vb.port, "--to", club.url, "--token-file", wrong)
        assert result.exit_code == 1 and "the access token is not this server's" in result.output
        result = teebox("sync", "--port", vb.port, "--to", "http://127.0.0.1:9/",
                        "--token-file", club.token_file)
        assert result.exit_code == 1 and "cannot reach the club server" in result.output
        assert "games 1, 2 are still on the board" in result.output
        assert waiting(vb) == 2
    with ScoreDB(club.db) as store:
        assert store.count_games() == 0


@pytest.mark.parametrize("args, reason", [
    (["--to", "postgresql://club/teebox"], "is not a web address"),
    (["--to", "http://x/", "--db", "scores.sqlite3"], "not both"),
    (["--token-file", "club-token"], "--token-file goes with --to"),
    (["--db", "http://club:8018/"], "with 'teebox sync --to http://club:8018/'"),
])
def test_sync_options_that_do_not_go_together_are_refused(args, reason):
    result = teebox("sync", "--port", "/dev/null", *args)
    assert result.exit_code == 1 and reason in result.output


def test_the_server_refuses_what_is_not_a_record_saying_why(club):
    server = ClubServer(club.url, TOKEN)
    with pytest.raises(ScoreDBError, match="the club server refused it: not a game record"):
        server.add_record(b"hello")
    with pytest.raises(ClubError, match="refuses games from here"):
        ClubServer(club.url, None).add_record(b"hello")


@pytest.mark.parametrize("body, headers, status, reason", [
    (b"", {"Authorization": f"Bearer {TOKEN}"}, 400, "the body is empty"),
    (b"x" * (64 * 1024 + 1), {"Authorization": f"Bearer {TOKEN}"}, 413, "at most 65536 bytes"),
    (b"TBGR", {}, 401, "Authorization: Bearer"),
    (b"TBGR", {"Authorization": "Basic abc"}, 401, "Authorization: Bearer"),
    (b"TBGR", {"Authorization": "Bearer wrong"}, 403, "not this server's"),
])
def test_a_bad_sync_request_gets_a_4xx_with_a_reason_and_writes_nothing(tmp_path, body, headers,
                                                                        status, reason):
    from starlette.testclient import TestClient
    db = tmp_path / "club.sqlite3"
    client = TestClient(create_app(db, writable=False, token=TOKEN),
                        raise_server_exceptions=False)
    r = client.post("/api/records", content=body, headers=headers)
    assert r.status_code == status and reason in r.json()["error"]
    assert not db.exists()
    # a server beyond its computer with no token takes nothing at all
    r = TestClient(create_app(db, writable=False)).post("/api/records", content=b"TBGR")
    assert r.status_code == 403 and "without an access token" in r.json()["error"]


def test_a_game_on_a_course_the_server_lacks_is_refused_saying_so(club):
    # The server replays each game on its own courses: a game on a course pushed to a
    # board only is refused there (and `teebox sync --to` keeps it on the board).
    mini = course_mod.load(course_mod.compile_source(MINI))
    game = engine.Game(mini, CLUBS, SHOTS, engine.Setup(2, "stroke", 3, "first-game"))
    for _ in each_input(game, bot_list(2, 3)):
        pass
    record = gamerecord.encode(game, "5eed0001", 1, 1767225600)
    with pytest.raises(ScoreDBError, match="the club server refused it: the record does not "
                                           "replay"):
        ClubServer(club.url, TOKEN).add_record(record)
    with ScoreDB(club.db) as store:
        assert store.count_games() == 0
