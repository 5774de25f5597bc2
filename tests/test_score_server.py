"""A club's score server: several tables sync into one PostgreSQL store at once, and
nothing is lost or stored twice (a throwaway server the tests start, see pg_server.py)."""

import threading

from pg_server import PostgresServer, postgres, store_at  # noqa: F401 (fixtures)
from test_scoredb import make_result
from test_scores_cmd import scores

from teebox_host.link import Link
from teebox_host.scoredb import ScoreDB
from teebox_host.sync_cmd import sync_games
from teebox_host.virtual_board import VirtualBoard


def _at_once(jobs):
    """Run every job in its own thread, all released together; their results in order
    (a job's exception is raised here)."""
    start = threading.Barrier(len(jobs))
    results = [None] * len(jobs)
    errors = []

    def run(i, job):
        try:
            start.wait()
            results[i] = job()
        except BaseException as exc:  # handed to the test's thread below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def test_two_virtual_boards_syncing_into_one_server_at_once_lose_and_duplicate_nothing(
        postgres):
    url = postgres.new_database()
    with VirtualBoard() as one, VirtualBoard() as two:
        # The same colours on both tables: the same players and course, from two sides.
        played = {vb.board_id: [vb.play(players=2, seed=seed) for seed in (1, 2, 3)]
                  for vb in (one, two)}

        def sync(vb):
            with ScoreDB(url) as store, Link(vb.port) as link:
                return sync_games(link, store)

        reports = _at_once([lambda: sync(one), lambda: sync(two)])
    assert [sorted(r.stored) for r in reports] == [[1, 2, 3], [1, 2, 3]]
    assert [r.kept for r in reports] == [[], []]
    with ScoreDB(url) as store:
        assert store.count_games() == 6
        assert sorted((g.board_id, g.game_number) for g in store.games()) == sorted(
            (board, n) for board in played for n in (1, 2, 3))
        assert store.players() == ["Red", "Yellow"]   # one Red, however many tables
        for board, games in played.items():
            for number, game in enumerate(games, 1):
                stored = store.game(board, number)
                assert [s[2] for s in stored.standings] == [s[2] for s in game.standings()]
        assert sum(r.games for r in store.leaderboard(stored.course_hash, stored.mode)) == 12


def test_the_same_games_sent_twice_at_once_are_stored_once(store_at):
    # Two laptops syncing copies of the same games (and each some of its own) at once,
    # into a club's server (or two syncs into one file).
    url = store_at
    ScoreDB(url).close()
    shared = [make_result(n, {"Alice": [4, 3, n % 5], "Bob": [5, 3, 4]}) for n in range(1, 21)]
    own = [[make_result(n, {"Carol": [4, 4, 4]}, board=board) for n in range(1, 6)]
           for board in ("table-2", "table-3")]

    def send(games):
        with ScoreDB(url) as store:
            return [store.add_game(g) for g in games]

    added = _at_once([lambda: send(shared + own[0]), lambda: send(shared[::-1] + own[1])])
    # Each shared game was stored by exactly one of them; the other found it stored.
    by_number = {}
    for sent, flags in ((shared + own[0], added[0]), (shared[::-1] + own[1], added[1])):
        for g, flag in zip(sent, flags):
            by_number.setdefault((g.board_id, g.game_number), []).append(flag)
    assert all(sorted(flags) == [False, True] for key, flags in by_number.items()
               if key[0] == "table-1")
    with ScoreDB(url) as store:
        assert store.count_games() == 30
        assert store.players() == ["Alice", "Bob", "Carol"]
        assert store.history("Alice")[0].game_number == 20


def test_teebox_scores_reads_the_club_server(postgres):
    url = postgres.new_database()
    with ScoreDB(url) as store:
        store.add_game(make_result(1, {"Alice": [4, 3, 5]}, board="table-1"))
        store.add_game(make_result(1, {"Bob": [4, 4, 5]}, board="table-2"))
    shown = scores("--db", url, "leaderboard")
    assert shown.exit_code == 0, shown.output
    assert "Alice" in shown.output and "Bob" in shown.output


def test_an_unreachable_server_is_a_clear_error(postgres, tmp_path):
    url = "postgresql://teebox:hunter2@/nowhere?host=%s&port=5432" % tmp_path
    shown = scores("--db", url)
    assert shown.exit_code == 1
    assert "cannot reach the score server postgresql://teebox:***@/nowhere" in shown.output
    assert "hunter2" not in shown.output
    assert "Traceback" not in shown.output
    shown = scores("--db", "mysql://someone:secret@club/scores")
    assert shown.exit_code == 1 and "a score server is PostgreSQL" in shown.output
    assert "secret" not in shown.output


def test_the_page_shows_the_club_servers_leaderboards(postgres):
    from starlette.testclient import TestClient

    from teebox_host.web.app import create_app
    url = postgres.new_database()
    with ScoreDB(url) as store:
        store.add_game(make_result(1, {"Alice": [4, 3, 5]}, board="table-1"))
        store.add_game(make_result(1, {"Bob": [4, 4, 5]}, board="table-2"))
    client = TestClient(create_app(url))
    page = client.get("/").text
    board = page[page.index("Leaderboards"):]
    assert board.index("Alice") < board.index("Bob")   # 12 strokes before 13, both tables
    assert client.get("/player/alice").status_code == 200
    assert client.get("/game/table-2/1").status_code == 200


def test_a_server_that_stops_mid_sync_keeps_the_game_on_the_board_and_says_why(postgres):
    # A server of its own, stopped under the sync: the game is not acknowledged, so the
    # board keeps it for the next sync, and the player reads why instead of a traceback.
    server = PostgresServer(postgres.bin).start()
    try:
        url = server.new_database()
        with ScoreDB(url) as store, VirtualBoard() as vb:
            vb.play(players=2, seed=1)
            server.stop()
            with Link(vb.port) as link:
                report = sync_games(link, store)
            assert report.stored == [] and [n for n, _r in report.kept] == [1]
            reason = report.kept[0][1][0]
            assert reason.startswith("the score store postgresql://teebox@/scores_1")
            assert "nothing was stored by this step; try again" in reason
            with Link(vb.port) as link:
                assert [n for n, _size in link.list_games()] == [1]   # still waiting
    finally:
        server.stop()
