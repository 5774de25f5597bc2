"""The score history holds games of every kind: each stored with its game and mode,
ranked per game, mode and course (or layout), and the 18 Holes history stored
before games were data migrates whole (tests/fixtures/legacy: written by 15b2cf0)."""

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from teebox import shipped
from teebox.core import games
from teebox.core.wire import gamerecord
from teebox_host import scoredb, sync_cmd
from teebox_host.scoredb import ScoreDB, ScoreDBError

from pg_server import postgres, store_at  # noqa: F401 (fixtures: a file and a server)

HERE = Path(__file__).resolve().parent
LEGACY = HERE / "fixtures" / "legacy"
FACTS = json.loads((HERE / "firmware" / "legacy" / "facts.json").read_text())
PEOPLE = [("Ann", (1, 1, 1)), ("Bo", (2, 2, 2)), ("Cy", (3, 3, 3))]


@pytest.fixture
def legacy(tmp_path):
    """A copy of the schema 2 score file (18 Holes only, no game column)."""
    path = tmp_path / "scores.sqlite3"
    shutil.copy(LEGACY / "scores-v2.sqlite3", path)
    return path


def test_a_score_file_from_before_games_were_data_keeps_the_same_games(legacy):
    with ScoreDB(legacy) as db:
        assert db.schema_version() == scoredb.SCHEMA_VERSION == 5
        stored = {g.game_number: g for g in db.games()}
        assert sorted(stored) == [11, 12, 13] and {g.game for g in stored.values()} == {
            "18-holes"}
        data = {"courses": lambda h: shipped.load_builtin("starter"),
                "clubs": shipped.load_default_clubs(), "shots": shipped.load_default_shots()}
        for name, want in FACTS["records"].items():
            number = want["seed"]  # the fixtures numbered each game by its seed
            r = db.game("b0a7d", number)
            assert (r.game, r.mode) == ("18-holes", want["mode"])
            assert [[h, p, s] for h, p, s in r.holes] == want["holes"], name
            assert sorted(r.standings) == sorted(tuple(s) for s in want["standings"])
            game, _holes = gamerecord.replay(r.game, r.log, data)
            assert game.state_digest() == want["digest"], name
        # Stroke Play's bests still rank fewest strokes first, bots left out.
        board = db.leaderboard(stored[11].course_hash, "stroke")
        assert [(row.player, row.total) for row in board] == [("Ann", 15), ("Cy", 18)]


def test_a_laptops_old_history_copies_whole_into_a_club_server(legacy, store_at):
    # The schema 2 file migrates on opening, then every game moves into the club's
    # store (a new file, then a PostgreSQL server) exactly as it was: the same export.
    from test_scores_cmd import scores
    club = str(store_at)
    shown = scores("--db", str(legacy), "copy", "--to", club)
    assert shown.exit_code == 0, shown.output
    assert "Copied 3 games to " in shown.output and "(0 there already)" in shown.output
    with ScoreDB(legacy) as laptop, ScoreDB(store_at) as server:
        assert server.export_text("json") == laptop.export_text("json")
        assert server.export_text("csv") == laptop.export_text("csv")
        assert laptop.copy_to(server) == (0, 3, [])   # copied again: nothing doubles
        # A game under a stored number with another log stays as it was, said so.
        mine, theirs = laptop.game("b0a7d", 11), laptop.game("b0a7d", 11)
        mine.board_id = theirs.board_id = "other"
        theirs.log += b"!"
        laptop.add_game(mine)
        server.add_game(theirs)
    shown = scores("--db", str(legacy), "copy", "--to", club)
    assert shown.exit_code == 1
    assert "not copied: board other game 11 is stored already with a different game log" \
        in shown.output


def test_the_exports_of_a_migrated_file_are_the_old_ones_with_the_game_added(legacy):
    with ScoreDB(legacy) as db:
        rows = list(csv.DictReader(io.StringIO(db.export_text("csv"))))
        exported = json.loads(db.export_text("json"))
    old_rows = list(csv.DictReader(io.StringIO((LEGACY / "scores-v2.csv").read_text())))
    # (and a column for what Kelly Golf's, Solo Chaos Golf's and Play Nine's standings
    # count, blank for these; and the longest drive and putt cards, which the history did
    # not keep then: read as not held; and no golfer cards, no expansion modules)
    assert rows == [dict(r, game="18-holes", targets="", rank_beaten="", playoff_wins="",
                         longest_drive="0", longest_putt="", golfer="", golfer_side="",
                         modules="") for r in old_rows]
    assert list(rows[0])[5:7] == ["game", "mode"]
    old = json.loads((LEGACY / "scores-v2.json").read_text())
    assert exported == [dict(g, game="18-holes", modules=[], players=[
        dict(p, longest_drive=False, longest_putt=None, golfer=None, golfer_side=None)
        for p in g["players"]]) for g in old]


def _play_nine_record(seed, number, holes=9):
    play_nine = games.load("play-nine")
    game = play_nine.new(play_nine.Setup(3, seed, holes, True))
    play_nine.play_game(game, [play_nine.bot(seed + s) for s in range(3)])
    return gamerecord.decode(gamerecord.encode(game, "b0a7d", number, 0, PEOPLE,
                                               name="play-nine"))


def test_play_nine_games_are_ranked_lowest_first_per_layout_apart_from_18_holes(legacy):
    recs = [_play_nine_record(seed, 20 + seed) for seed in (1, 2, 3)]
    short = _play_nine_record(4, 30, holes=2)
    with ScoreDB(legacy) as db:
        for rec in recs + [short]:
            assert sync_cmd.verify(rec, {}) == []
            assert db.add_game(sync_cmd.to_result(rec)) is True
        nine = recs[0].course_hash.hex()
        assert nine != short.course_hash.hex()  # 2 holes and 9 holes are not compared
        board = db.leaderboard(nine, "", game="play-nine")
        # "The player with the lowest total score wins": each player's lowest total.
        best = {}
        for rec in recs:
            for _place, seat, total, _tiebreak in rec.standings:
                best[PEOPLE[seat][0]] = min(total, best.get(PEOPLE[seat][0], total))
        assert [(r.player, r.total) for r in board] == sorted(best.items(),
                                                               key=lambda kv: kv[1])
        assert [r.games for r in board] == [3, 3, 3]
        assert db.leaderboard(nine, "", game="18-holes") == []
        assert sorted(db.ways()) == [("18-holes", "chaos"), ("18-holes", "stableford"),
                                     ("18-holes", "stroke"), ("play-nine", "")]
        bests = db.personal_bests("Ann")
        assert [(b.game, b.course_name, b.mode) for b in bests] == [
            ("18-holes", "Starter Course", "chaos"), ("18-holes", "Starter Course", "stableford"),
            ("18-holes", "Starter Course", "stroke"), ("play-nine", "2 holes", ""),
            ("play-nine", "9 holes", "")]
        assert db.personal_bests("Ann")[-1].total == best["Ann"]
        assert [g.game for g in db.games(limit=2, game="play-nine")] == ["play-nine"] * 2


@pytest.mark.parametrize("change, message", [
    (dict(game="go-fish"), "game must be the name of a game Teebox plays (18-holes, "
                           "play-nine, domino-golf), not 'go-fish'"),
    (dict(mode="stroke"), "mode 'stroke' is not a way to play play-nine ('')"),
    (dict(game="18-holes"), "mode '' is not a way to play 18-holes ('match' or 'stroke'"),
])
def test_a_game_or_mode_the_registry_does_not_know_is_refused(tmp_path, change, message):
    result = sync_cmd.to_result(_play_nine_record(5, 1))
    for key, value in change.items():
        setattr(result, key, value)
    with ScoreDB(tmp_path / "s.db") as db, pytest.raises(ScoreDBError) as err:
        db.add_game(result)
    assert message in str(err.value)


def test_play_nine_keeps_its_playoff_wins_in_columns_of_their_own(store_at):
    # "Ties may be decided by a sudden death playoff": a Play Nine standings row counts
    # how many tied players each beat in it. Play Nine has no hole-in-ones to count (its
    # Hole-in-One cards are worth -5), so its playoff wins are never shown as such.
    from teebox_host.scores_cmd import app
    from typer.testing import CliRunner
    rec = _play_nine_record(10, 1, holes=1)  # Ann and Bo tie on 5; Bo wins the playoff
    assert [(PEOPLE[r[1]][0], r[2], r[3]) for r in rec.standings] == [
        ("Bo", 5, 1), ("Ann", 5, 0), ("Cy", 12, 0)]
    path = store_at  # a file, or the club's server (--db postgresql://...)
    with ScoreDB(path) as db:
        assert db.add_game(sync_cmd.to_result(rec)) is True
        assert scoredb.count_field("", "play-nine") == ("playoff_wins", "Playoff wins")
        assert scoredb.count_field("stroke") == ("hole_in_ones", "Holes in one")
        rows = {r["player"]: r for r in csv.DictReader(io.StringIO(db.export_text("csv")))}
        assert (rows["Bo"]["playoff_wins"], rows["Bo"]["hole_in_ones"]) == ("1", "")
        seats = {p["name"]: p for p in json.loads(db.export_text("json"))[0]["players"]}
        assert seats["Bo"]["playoff_wins"] == 1 and "hole_in_ones" not in seats["Bo"]
        # (Play Nine has no longest drive or putt card: blank, and no such key)
        assert (rows["Bo"]["longest_drive"], rows["Bo"]["longest_putt"]) == ("", "")
        assert "longest_drive" not in seats["Bo"] and "longest_putt" not in seats["Bo"]
    out = CliRunner().invoke(app, ["leaderboard", "--game", "play-nine", "--db", str(path)],
                             env={"COLUMNS": "200"}).output
    assert "Playoff wins" in out and "Holes in one" not in out
    table = [[c.strip() for c in line.split("│")[1:5]] for line in out.splitlines()
             if line.startswith("│")]
    # (the playoff decides the tie: Bo ranks first on the same 5 points)
    assert table == [["1", "Bo", "5", "1"], ["2", "Ann", "5", "0"], ["3", "Cy", "12", "0"]]
