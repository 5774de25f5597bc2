"""The score history: storing synced games once, leaderboards, bests, history, export."""

import csv
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from teebox_host import scoredb
from teebox_host.scoredb import GameConflict, GameResult, ScoreDB, ScoreDBError, UnknownPlayer

from pg_server import postgres, store_at  # noqa: F401 (fixtures: each test on both stores)

LEGACY = Path(__file__).parent / "fixtures" / "legacy"
STARTER = "0123456789abcdef"
STARTER_EDITED = "0123456789abcdee"  # the same name, another layout: not comparable
NINE = "fedcba9876543210"
COLOURS = ("red", "blue", "green", "yellow", "white")
DAY = 86400
T0 = 1767225600  # 2026-01-01 00:00 UTC


def make_result(number, scores, board="table-1", mode="stroke", course_hash=STARTER,
                course_name="Starter Course", finished_at=None, pars=(4, 3, 5), hio=None,
                log=None):
    """A hand-made finished game: ``scores`` maps each player (by seat) to per-hole scores.

    Standings follow the mode (fewest strokes or most points first), ties broken by
    more hole-in-ones and then shared, as the engine does.
    """
    names = list(scores)
    hio = hio or {}
    players = [(seat, name, COLOURS[seat]) for seat, name in enumerate(names)]
    holes = [(h + 1, pars[h], [scores[n][h] for n in names]) for h in range(len(pars))]
    sign = 1 if scoredb.lower_wins(mode) else -1
    keyed = sorted((sign * sum(scores[n]), -hio.get(n, 0), seat) for seat, n in enumerate(names))
    standings = []
    for i, (k, h, seat) in enumerate(keyed):
        place = standings[-1][0] if i and keyed[i - 1][:2] == (k, h) else i + 1
        standings.append((place, seat, sum(scores[names[seat]]), -h))
    log = log if log is not None else b"TBGL" + board.encode() + bytes([number % 256, 7])
    return GameResult(board, number, T0 + number * DAY if finished_at is None else finished_at,
                      mode, course_hash, course_name, 42 + number, log, players, holes,
                      standings)


@pytest.fixture
def db(store_at):
    store = ScoreDB(store_at, clock=lambda: T0 + 100 * DAY)
    yield store
    store.close()


def rows(store, sql, args=()):
    """The rows of a statement run on the store itself (SQLite or PostgreSQL)."""
    with store._transaction() as session:
        result = session.execute(sql, args)
        return [tuple(r) for r in result] if result.returns_rows else []


def fill(store):
    """A small history: stroke and match games on two courses and an edited layout."""
    store.add_game(make_result(1, {"Alice": [5, 3, 6], "Bob": [4, 4, 5]}))            # 14, 13
    store.add_game(make_result(2, {"Alice": [4, 3, 5], "Carol": [6, 4, 6]}))          # 12, 16
    store.add_game(make_result(3, {"Bob": [4, 3, 4], "Carol": [5, 3, 5]},
                               course_hash=STARTER_EDITED))                           # 11, 13
    store.add_game(make_result(4, {"Alice": [1, 0, 1], "Bob": [0, 1, 0], "Carol": [1, 1, 1]},
                               mode="match", hio={"Carol": 1}))                       # 2, 1, 3
    store.add_game(make_result(5, {"Alice": [2, 1, 3], "Bob": [3, 0, 1]}, mode="stableford",
                               course_hash=NINE, course_name="Nine Holes"))           # 6, 4


def test_a_new_file_gets_the_schema_and_keeps_games_when_reopened(tmp_path):
    path = tmp_path / "sub" / "scores.sqlite3"
    with ScoreDB(path) as store:
        assert store.schema_version() == scoredb.SCHEMA_VERSION
        tables = {r[0] for r in rows(store, "SELECT name FROM sqlite_master "
                                            "WHERE type = 'table'")}
        assert {"schema_version", "boards", "courses", "players", "games", "game_players",
                "hole_scores"} <= tables
        store.add_game(make_result(1, {"Alice": [4, 3, 5]}))
    with ScoreDB(path) as store:
        assert store.count_games() == 1
        assert rows(store, "SELECT COUNT(*) FROM schema_version") == [(1,)]


def test_a_stored_game_is_on_disk_before_add_game_returns(tmp_path):
    # The board deletes a game once `teebox sync` has stored it: the commit must be on the
    # disk, power cut or not. The file keeps a write-ahead log synced at every commit
    # (synchronous FULL), and another program (`teebox serve`) reads the game at once.
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as store:
        assert rows(store, "PRAGMA journal_mode") == [("wal",)]
        assert rows(store, "PRAGMA synchronous") == [(2,)]  # FULL
        store.add_game(make_result(1, {"Alice": [4, 3, 5], "Dora": [5, 3, 5]}))
        other = sqlite3.connect(path)
        assert other.execute("SELECT COUNT(*) FROM hole_scores").fetchone() == (6,)
        other.close()


def test_a_file_from_a_newer_teebox_is_refused(tmp_path):
    path = tmp_path / "scores.sqlite3"
    ScoreDB(path).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE schema_version SET version = 99")
    con.commit()
    con.close()
    with pytest.raises(ScoreDBError, match="newer teebox .score schema 99"):
        ScoreDB(path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 200)
    with pytest.raises(ScoreDBError, match="is not a Teebox score file"):
        ScoreDB(path)


def test_the_default_path_honours_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TEEBOX_SCORES", str(tmp_path / "mine.db"))
    assert ScoreDB.default_path() == tmp_path / "mine.db"
    monkeypatch.delenv("TEEBOX_SCORES")
    path = ScoreDB.default_path()
    assert path.name == "scores.sqlite3" and path.parent.name == "teebox"


def test_syncing_a_game_twice_stores_it_once(db):
    game = make_result(1, {"Alice": [4, 3, 5], "Bob": [5, 3, 5]})
    assert db.add_game(game) is True
    assert db.add_game(game) is False
    assert db.count_games() == 1
    assert rows(db, "SELECT COUNT(*) FROM hole_scores") == [(6,)]


def test_the_same_game_number_on_another_board_is_another_game(db):
    assert db.add_game(make_result(1, {"Alice": [4, 3, 5]}, board="table-1"))
    assert db.add_game(make_result(1, {"Alice": [4, 3, 5]}, board="table-2"))
    assert db.count_games() == 2


def test_a_different_game_under_a_stored_number_is_a_conflict(db):
    db.add_game(make_result(1, {"Alice": [4, 3, 5]}, log=b"TBGL first"))
    with pytest.raises(GameConflict) as err:
        db.add_game(make_result(1, {"Alice": [9, 9, 9]}, log=b"TBGL other"))
    assert "board table-1 game 1 is stored already with a different game log" in str(err.value)
    assert db.game("table-1", 1).log == b"TBGL first"
    assert db.personal_bests("Alice")[0].total == 12


def test_a_failure_part_way_through_a_game_leaves_nothing(db):
    # A fault on the third hole's scores, after the board, course, players and game rows.
    if db._store.server:
        rows(db, "CREATE FUNCTION fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                 "IF NEW.hole = 3 THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; "
                 "END $$")
        rows(db, "CREATE TRIGGER fault BEFORE INSERT ON hole_scores FOR EACH ROW "
                 "EXECUTE FUNCTION fault()")
    else:
        rows(db, "CREATE TRIGGER fault BEFORE INSERT ON hole_scores WHEN NEW.hole = 3 "
                 "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(sa.exc.DatabaseError, match="disk full"):
        db.add_game(make_result(1, {"Alice": [4, 3, 5], "Dora": [5, 3, 5]}))
    for table in ("boards", "courses", "players", "games", "game_players", "hole_scores"):
        assert rows(db, "SELECT COUNT(*) FROM %s" % table) == [(0,)], table
    rows(db, "DROP TRIGGER fault ON hole_scores" if db._store.server else "DROP TRIGGER fault")
    assert db.add_game(make_result(1, {"Alice": [4, 3, 5], "Dora": [5, 3, 5]})) is True


@pytest.mark.parametrize("change, message", [
    (dict(course_hash="starter"), "course_hash must be 16 hex digits"),
    (dict(holes=[(1, 4, [4])]), "hole 1 needs one whole-number score per seat (2)"),
    (dict(players=[(0, "Alice", "red"), (0, "Bob", "blue")]), "seat 0 is listed twice"),
    (dict(players=[(0, "Alice", "red"), (1, "alice", "blue")]), "sits in two seats"),
    (dict(standings=[(1, 0, 12, 0)]), "seats [1] have no place"),
    (dict(game_number=-1), "game_number must be a whole number 0 or more"),
    (dict(log=b""), "log must be the encoded game log"),
])
def test_a_malformed_result_is_refused_naming_the_field(db, change, message):
    game = make_result(1, {"Alice": [4, 3, 5], "Bob": [5, 3, 5]})
    for key, value in change.items():
        setattr(game, key, value)
    with pytest.raises(ScoreDBError) as err:
        db.add_game(game)
    assert message in str(err.value)
    assert db.count_games() == 0


def test_a_stored_game_reads_back_as_it_was_synced(db):
    game = make_result(7, {"Alice": [4, 3, 5], "Bob": [5, 3, 6]}, hio={"Bob": 1})
    db.add_game(game)
    assert db.game("table-1", 7) == game
    assert db.game("table-1", 8) is None


def test_stroke_play_leaderboard_is_lowest_first_and_per_course_hash(db):
    fill(db)
    rows = db.leaderboard(STARTER, "stroke")
    assert [(r.rank, r.player, r.total) for r in rows] == [
        (1, "Alice", 12), (2, "Bob", 13), (3, "Carol", 16)]
    alice = rows[0]
    assert alice.games == 2 and alice.game_number == 2 and alice.par == 12
    # Bob's 11 was on the edited layout: it counts there only.
    edited = db.leaderboard(STARTER_EDITED, "stroke")
    assert [(r.player, r.total) for r in edited] == [("Bob", 11), ("Carol", 13)]


def test_points_leaderboards_are_highest_first_and_per_mode(db):
    fill(db)
    match = db.leaderboard(STARTER, "match")
    assert [(r.player, r.total) for r in match] == [("Carol", 3), ("Alice", 2), ("Bob", 1)]
    assert match[0].hole_in_ones == 1
    stableford = db.leaderboard(NINE, "stableford")
    assert [(r.player, r.total) for r in stableford] == [("Alice", 6), ("Bob", 4)]
    assert db.leaderboard(NINE, "stroke") == []
    assert len(db.leaderboard(STARTER, "stroke", limit=2)) == 2


def test_leaderboard_ties_go_to_hole_in_ones_then_share_a_rank(db):
    db.add_game(make_result(1, {"Alice": [4, 3, 5], "Bob": [4, 3, 5], "Carol": [4, 3, 5]},
                            hio={"Carol": 1}))
    rows = db.leaderboard(STARTER, "stroke")
    assert [(r.rank, r.player) for r in rows] == [(1, "Carol"), (2, "Alice"), (2, "Bob")]


def test_personal_best_in_stroke_play_is_the_lowest_and_says_when(db):
    for number, strokes in ((1, [6, 4, 6]), (2, [4, 3, 5]), (3, [5, 3, 6])):
        db.add_game(make_result(number, {"Alice": strokes}))
    db.add_game(make_result(4, {"Alice": [0, 1, 1], "Bob": [1, 0, 0]}, mode="match"))
    db.add_game(make_result(5, {"Alice": [1, 1, 1], "Bob": [0, 0, 0]}, mode="match"))
    bests = {b.mode: b for b in db.personal_bests("alice")}
    assert set(bests) == {"stroke", "match"}
    assert (bests["stroke"].total, bests["stroke"].games, bests["stroke"].game_number) == (12, 3, 2)
    assert bests["stroke"].finished_at == T0 + 2 * DAY
    assert bests["stroke"].course_hash == STARTER and bests["stroke"].par == 12
    assert (bests["match"].total, bests["match"].game_number) == (3, 5)


def test_history_is_newest_first_with_place_and_score(db):
    fill(db)
    db.add_game(make_result(6, {"Alice": [5, 3, 5], "Bob": [4, 3, 4]}, finished_at=0))  # clock unset
    rows = db.history("Alice")
    # Game 6 has no board time: it sorts by its sync time (after every other game).
    assert [r.game_number for r in rows] == [6, 5, 4, 2, 1]
    latest = rows[0]
    assert (latest.place, latest.players, latest.total, latest.colour) == (2, 2, 13, "red")
    assert rows[1].mode == "stableford" and rows[1].place == 1
    assert rows[2].place == 2 and rows[2].players == 3


def test_recent_games_list_results_best_first(db):
    fill(db)
    games = db.games(limit=2)
    assert [g.game_number for g in games] == [5, 4]
    assert [(s.name, s.place, s.total) for s in games[1].seats] == [
        ("Carol", 1, 3), ("Alice", 2, 2), ("Bob", 3, 1)]
    assert [g.game_number for g in db.games(player="Carol")] == [4, 3, 2]
    assert [g.game_number for g in db.games(course_hash=STARTER, mode="stroke")] == [2, 1]


def test_an_unknown_player_is_a_clear_error_with_suggestions(db):
    fill(db)
    with pytest.raises(UnknownPlayer) as err:
        db.history("Alise")
    assert "no games of a player named 'Alise'" in str(err.value)
    assert "did you mean Alice? (players: Alice, Bob, Carol)" in str(err.value)
    assert db.player_name("alice") == "Alice"


def test_renaming_a_colour_to_a_person_renames_every_game(db):
    db.add_game(make_result(1, {"Red": [4, 3, 5], "Blue": [5, 3, 5]}))
    db.add_game(make_result(2, {"Red": [4, 3, 4]}))
    assert db.rename_player("red", "Alice") == 2
    assert db.players() == ["Alice", "Blue"]
    assert [r.game_number for r in db.history("Alice")] == [2, 1]
    with pytest.raises(UnknownPlayer):
        db.history("Red")


def test_renaming_into_an_existing_name_merges_the_games(db):
    db.add_game(make_result(1, {"Alice": [4, 3, 5]}))
    db.add_game(make_result(2, {"Red": [4, 3, 4], "Blue": [5, 4, 5]}))  # a later sync
    assert db.rename_player("Red", "Alice") == 1
    assert [r.game_number for r in db.history("Alice")] == [2, 1]
    assert db.personal_bests("Alice")[0].games == 2
    # Re-syncing a stored game changes nothing, even though Red is now Alice.
    assert db.add_game(make_result(2, {"Red": [4, 3, 4], "Blue": [5, 4, 5]})) is False
    assert db.players() == ["Alice", "Blue"]


def test_two_people_from_one_game_cannot_be_merged(db):
    db.add_game(make_result(1, {"Alice": [4, 3, 5], "Red": [5, 3, 5]}))
    with pytest.raises(ScoreDBError, match="Red and Alice both played board table-1 game 1"):
        db.rename_player("Red", "Alice")
    assert db.players() == ["Alice", "Red"]


def test_rename_refuses_an_unknown_player_and_an_empty_name(db):
    db.add_game(make_result(1, {"Red": [4, 3, 5]}))
    with pytest.raises(UnknownPlayer):
        db.rename_player("Green", "Alice")
    with pytest.raises(ScoreDBError, match="new name is empty"):
        db.rename_player("Red", "  ")


def test_csv_export_has_one_row_per_player_with_hole_scores(db):
    fill(db)
    db.add_game(make_result(6, {"Bob": [4, 3, 4, 5]}, pars=(4, 3, 4, 5), finished_at=0))
    rows = list(csv.DictReader(io.StringIO(db.export_text("csv"))))
    assert len(rows) == 2 + 2 + 2 + 3 + 2 + 1
    first = rows[0]
    assert (first["board_id"], first["game_number"], first["mode"], first["player"]) == (
        "table-1", "1", "stroke", "Alice")
    assert (first["place"], first["total"], first["par"], first["course_hash"]) == (
        "2", "14", "12", STARTER)
    assert (first["h1"], first["h2"], first["h3"], first["h4"]) == ("5", "3", "6", "")
    assert first["finished"] == "2026-01-02T00:00:00Z"
    last = rows[-1]
    assert (last["player"], last["h4"], last["finished_at"], last["finished"]) == ("Bob", "5", "0", "")


def test_json_export_holds_whole_games_with_their_logs(db):
    fill(db)
    games = json.loads(db.export_text("json"))
    assert [g["game_number"] for g in games] == [1, 2, 3, 4, 5]
    match = games[3]
    assert match["mode"] == "match" and match["course"] == {"hash": STARTER,
                                                          "name": "Starter Course"}
    assert match["holes"] == [{"hole": 1, "par": 4}, {"hole": 2, "par": 3}, {"hole": 3, "par": 5}]
    carol = [p for p in match["players"] if p["name"] == "Carol"][0]
    assert carol == {"seat": 2, "name": "Carol", "colour": "green", "bot": False, "place": 1,
                     "total": 3, "hole_in_ones": 1, "longest_drive": False,
                     "longest_putt": None, "golfer": None, "golfer_side": None,
                     "scores": [1, 1, 1]}
    assert match["modules"] == []
    assert bytes.fromhex(match["log"]) == db.game("table-1", 4).log


def test_export_of_an_empty_history_and_an_unknown_format(db):
    assert db.export_text("json") == "[]\n"
    assert db.export_text("csv").startswith("board_id,game_number,")
    with pytest.raises(ScoreDBError, match="unknown export format 'xml'"):
        db.export("xml")


def _with_bot(number, scores, bot_seat, **kw):
    r = make_result(number, scores, **kw)
    r.bots = [bot_seat]
    return r


def test_a_bot_is_kept_with_its_game_but_left_out_of_leaderboards_and_bests(db):
    # One person against a bot: the bot won, but a bot is not a person.
    db.add_game(_with_bot(1, {"Alice": [5, 4, 6], "Yellow": [3, 3, 4]}, 1))
    db.add_game(make_result(2, {"Bob": [5, 3, 5], "Carol": [6, 4, 6]}))
    board = db.leaderboard(STARTER, "stroke")
    assert [r.player for r in board] == ["Bob", "Alice", "Carol"]
    assert "Yellow" not in db.players()
    assert db.personal_bests("Yellow") == [] and db.history("Yellow") == []
    game = db.games(player="Alice")[0]
    assert [(s.name, s.bot) for s in game.seats] == [("Yellow", True), ("Alice", False)]
    assert db.game("table-1", 1).bots == [1]
    rows = list(csv.DictReader(io.StringIO(db.export_text("csv"))))
    assert [(r["player"], r["bot"]) for r in rows[:2]] == [("Alice", "0"), ("Yellow", "1")]


def test_a_bot_named_like_a_person_does_not_count_for_them(db):
    # The table names a bot by its seat colour; a person may have that name too.
    db.add_game(make_result(1, {"Red": [5, 4, 6], "Bob": [5, 3, 5]}))
    db.add_game(_with_bot(2, {"Ann": [6, 4, 6], "Red": [3, 3, 3]}, 1))
    assert [b.total for b in db.personal_bests("Red")] == [15]
    assert [h.game_number for h in db.history("Red")] == [1]


def test_bots_must_be_seats_of_the_game(db):
    with pytest.raises(ScoreDBError, match="bots: 4 is not a seat of the game"):
        db.add_game(_with_bot(1, {"Alice": [5, 4, 6], "Bob": [3, 3, 4]}, 4))


def test_a_version_1_score_file_gains_the_bot_column_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version (version) VALUES (1)")
    # the schema version 1 created (teebox 0.1's scoredb.py)
    con.executescript((LEGACY / "scores-v1.sql").read_text())
    con.commit()
    con.close()
    with ScoreDB(path) as store:
        store.add_game(make_result(1, {"Alice": [5, 4, 6]}))
    with ScoreDB(path) as store:
        assert store.schema_version() == scoredb.SCHEMA_VERSION
        assert [s.bot for s in store.games()[0].seats] == [False]


# ---------------------------------------------------------------- names are text

ESC_NAME = "Ev\x1b[2J\x1b]0;owned\x07e"      # clears the screen, retitles the terminal
BIDI_NAME = "Bob\u202eecilA"                  # shows as "BobAlice" reversed


def test_names_from_a_board_are_stored_without_control_or_bidirectional_characters(db):
    db.add_game(make_result(1, {ESC_NAME: [4, 3, 5], BIDI_NAME: [5, 3, 5]},
                            course_name="Links\x1b[5m", board="table\x00-1"))
    stored = [r[0] for r in rows(db, "SELECT name FROM players UNION ALL "
                                     "SELECT name FROM courses UNION ALL "
                                     "SELECT board_id FROM boards")]
    assert sorted(stored) == sorted(["Ev\ufffd[2J\ufffd]0;owned\ufffde", "Bob\ufffdecilA",
                                     "Links\ufffd[5m", "table\ufffd-1"])
    # The same game synced again is the same game.
    assert db.add_game(make_result(1, {ESC_NAME: [4, 3, 5], BIDI_NAME: [5, 3, 5]},
                                   course_name="Links\x1b[5m", board="table\x00-1")) is False


def test_a_score_file_with_such_names_from_before_still_opens_and_reads_clean(store_at):
    # Files written before names were cleaned hold them raw: every read cleans them
    # (also on a server a store holding them was copied to).
    with ScoreDB(store_at) as store:
        store.add_game(make_result(1, {"Red": [4, 3, 5], "Blue": [5, 3, 5]}))
        rows(store, "UPDATE players SET name = ? WHERE name = 'Red'", (ESC_NAME,))
        rows(store, "UPDATE courses SET name = ?", ("Links\x1b[5m",))
        rows(store, "UPDATE boards SET board_id = ?", ("table\x01-1",))
    shown = "Ev\ufffd[2J\ufffd]0;owned\ufffde"
    with ScoreDB(store_at) as store:
        game = store.games()[0]
        assert (game.board_id, game.course_name) == ("table\ufffd-1", "Links\ufffd[5m")
        assert [s.name for s in game.seats] == [shown, "Blue"]
        assert store.players() == ["Blue", shown]
        assert store.leaderboard(STARTER, "stroke")[0].player == shown
        assert store.history(shown)[0].course_name == "Links\ufffd[5m"
        assert store.personal_bests(shown)[0].course_name == "Links\ufffd[5m"
        assert store.courses() == [(STARTER, "Links\ufffd[5m", 1)]
        for fmt in ("csv", "json"):
            text = store.export_text(fmt)
            assert "\x1b" not in text and "\x00" not in text and shown in json.loads(
                store.export_text("json"))[0]["players"][0]["name"]
        assert store.rename_player(shown, "Alice") == 1
        assert store.players() == ["Alice", "Blue"]


def test_a_new_name_with_control_or_bidirectional_characters_is_refused(db):
    db.add_game(make_result(1, {"Red": [4, 3, 5]}))
    for new, char in (("Al\x1b[31mice", "U+001B"), ("Al\u202eice", "U+202E"),
                      ("Al\nice", "U+000A")):
        with pytest.raises(ScoreDBError, match=r"holds %s .*give the name in plain text"
                           % re.escape(char)):
            db.rename_player("Red", new)
    assert db.players() == ["Red"]


def test_csv_export_writes_names_a_spreadsheet_would_run_as_formulas_as_text(db):
    formulas = ["=HYPERLINK(\"http://x\")", "+1+2", "-3", "@SUM(A1)"]
    db.add_game(make_result(1, {n: [4, 3, 5] for n in formulas}, course_name="=cmd|' /C calc'!A0",
                            mode="stableford"))
    rows = list(csv.DictReader(io.StringIO(db.export_text("csv"))))
    assert [r["player"] for r in rows] == ["'" + n for n in formulas]
    assert rows[0]["course_name"] == "'=cmd|' /C calc'!A0"
    assert rows[0]["total"] == "12"  # numbers stay numbers
    # JSON is data, not a spreadsheet: names stay as they are.
    assert [p["name"] for p in json.loads(db.export_text("json"))[0]["players"]] == formulas
