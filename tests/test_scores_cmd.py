"""`teebox scores`: recent games, leaderboards, bests, history, export and rename."""

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app
from test_scoredb import NINE, STARTER, STARTER_EDITED, T0, fill, make_result

runner = CliRunner()


@pytest.fixture
def path(tmp_path):
    """A score file holding the history of test_scoredb.fill()."""
    p = tmp_path / "scores.sqlite3"
    with ScoreDB(p, clock=lambda: T0 + 100 * 86400) as store:
        fill(store)
    return p


def scores(*args, env=None):
    # A wide terminal so that rich does not wrap table cells.
    return runner.invoke(app, list(args), env=dict({"COLUMNS": "200"}, **(env or {})))


def order(text, *names):
    """Whether ``names`` appear in ``text`` in this order."""
    at = [text.index(n) for n in names]
    return at == sorted(at)


def test_recent_games_are_listed_newest_first_with_results(path):
    result = scores("--db", str(path))
    assert result.exit_code == 0, result.output
    assert "Recent games (5 stored)" in result.output
    assert order(result.output, "Nine Holes", "Match Play", "Stroke Play")
    assert "1. Carol 3  2. Alice 2  3. Bob 1" in result.output
    assert "1. Alice 12 (E)  2. Carol 16 (+4)" in result.output
    assert "table-1 #5" in result.output
    limited = scores("--db", str(path), "--limit", "1")
    assert "Nine Holes" in limited.output and "Match Play" not in limited.output


def test_an_empty_history_says_how_to_sync_and_creates_no_file(tmp_path):
    missing = tmp_path / "none.sqlite3"
    for args in ([], ["leaderboard"], ["history", "Alice"]):
        result = scores(*args, "--db", str(missing))
        assert result.exit_code == 0
        assert "No games stored yet" in result.output and "teebox sync" in result.output
    assert not missing.exists()
    ScoreDB(missing).close()
    assert "No games stored yet" in scores("--db", str(missing)).output


def test_the_score_file_comes_from_the_environment(path):
    result = scores(env={"TEEBOX_SCORES": str(path)})
    assert result.exit_code == 0 and "5 stored" in result.output


def test_db_may_also_be_given_before_the_subcommand(path):
    result = scores("--db", str(path), "best", "Bob")
    assert result.exit_code == 0 and "Personal bests of Bob" in result.output


def test_a_file_that_is_not_a_score_file_is_an_error(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all\n" * 100)
    result = scores("--db", str(junk))
    assert result.exit_code == 1 and "is not a Teebox score file" in result.output


def test_leaderboard_per_course_layout_and_mode(path):
    result = scores("leaderboard", "--db", str(path))
    assert result.exit_code == 0, result.output
    assert f"Starter Course ({STARTER}): Stroke Play, fewest strokes win" in result.output
    assert f"Starter Course ({STARTER}): Match Play, most points win" in result.output
    assert f"Starter Course ({STARTER_EDITED}): Stroke Play" in result.output
    assert f"Nine Holes ({NINE}): Stableford, most points win" in result.output


def test_leaderboard_for_one_course_and_mode_orders_by_the_mode(path):
    stroke = scores("leaderboard", "--course", STARTER, "--mode", "stroke", "--db", str(path))
    assert stroke.exit_code == 0
    assert order(stroke.output, "Alice", "Bob", "Carol")
    assert "To par" in stroke.output and "| E " in stroke.output.replace("│", "|")
    assert "Match Play" not in stroke.output and STARTER_EDITED not in stroke.output
    match = scores("leaderboard", "--course", "starter", "--mode", "match", "--db", str(path))
    assert match.exit_code == 0
    assert order(match.output, "Carol", "Alice", "Bob")
    assert "To par" not in match.output
    nine = scores("leaderboard", "--course", "nine holes", "--db", str(path))
    assert order(nine.output, "Alice", "Bob") and "Starter" not in nine.output


def test_leaderboard_for_an_unknown_course_or_mode_is_an_error(path):
    result = scores("leaderboard", "--course", "Pebble Beach", "--db", str(path))
    assert result.exit_code == 1
    assert "no games on a course called 'Pebble Beach'" in result.output
    assert f"Nine Holes ({NINE})" in result.output
    mode = scores("leaderboard", "--mode", "snooker", "--db", str(path))
    assert mode.exit_code == 1 and "unknown mode 'snooker'" in mode.output
    unplayed = scores("leaderboard", "--mode", "chaos", "--db", str(path))
    assert unplayed.exit_code == 0 and "No Chaos Golf games stored yet" in unplayed.output


def test_best_shows_each_course_and_mode(path):
    result = scores("best", "alice", "--db", str(path))
    assert result.exit_code == 0, result.output
    assert "Personal bests of Alice" in result.output
    assert "12 strokes" in result.output and "14 strokes" not in result.output
    assert "2 points" in result.output and "6 points" in result.output
    assert "Nine Holes" in result.output and STARTER in result.output


def test_history_lists_every_game_of_a_player(path):
    result = scores("history", "Carol", "--db", str(path))
    assert result.exit_code == 0, result.output
    assert "Games of Carol (3)" in result.output
    assert "1st of 3" in result.output and "2nd of 2" in result.output
    assert order(result.output, "table-1 #4", "table-1 #3", "table-1 #2")


def test_a_score_of_one_is_1_point_in_bests_and_history(path):
    # Bob won a single point in the Match Play game of the history (issue 15: counts in
    # words, "1 point").
    for command in ("best", "history"):
        result = scores(command, "Bob", "--db", str(path))
        assert result.exit_code == 0, result.output
        assert " 1 point " in result.output and "1 points" not in result.output
        assert "4 points" in result.output


def test_an_unknown_player_is_an_error(path):
    for command in ("best", "history"):
        result = scores(command, "Bobby", "--db", str(path))
        assert result.exit_code == 1
        assert "no games of a player named 'Bobby'" in result.output
        assert "did you mean Bob?" in result.output


def test_export_csv_to_the_screen(path):
    result = scores("export", "--format", "csv", "--db", str(path))
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert len(rows) == 11
    assert {r["player"] for r in rows} == {"Alice", "Bob", "Carol"}


def test_export_json_to_a_file_named_by_its_suffix(path, tmp_path):
    out = tmp_path / "history.json"
    result = scores("export", "-o", str(out), "--db", str(path))
    assert result.exit_code == 0
    assert f"Exported 5 games as JSON to {out}" in result.output
    games = json.loads(out.read_text())
    assert [g["game_number"] for g in games] == [1, 2, 3, 4, 5]


def test_export_of_one_game_says_1_game(tmp_path):
    p = tmp_path / "s.sqlite3"
    with ScoreDB(p) as store:
        store.add_game(make_result(1, {"Alice": [4, 3, 5]}))
    result = scores("export", "-o", str(tmp_path / "one.csv"), "--db", str(p))
    assert result.exit_code == 0, result.output
    assert f"Exported 1 game as CSV to {tmp_path / 'one.csv'}." in result.output


def test_export_refuses_an_unknown_format(path):
    result = scores("export", "--format", "xml", "--db", str(path))
    assert result.exit_code == 1 and "use --format csv or --format json" in result.output


def test_rename_and_merge(tmp_path):
    p = tmp_path / "s.sqlite3"
    with ScoreDB(p) as store:
        store.add_game(make_result(1, {"Alice": [4, 3, 5]}))
        store.add_game(make_result(2, {"Red": [4, 3, 4], "Blue": [5, 4, 5]}))
    renamed = scores("rename", "Blue", "Bob", "--db", str(p))
    assert renamed.exit_code == 0 and "Renamed Blue to Bob (1 game)." in renamed.output
    merged = scores("rename", "Red", "Alice", "--db", str(p))
    assert merged.exit_code == 0 and "Merged Red into Alice (1 game)." in merged.output
    assert "Games of Alice (2)" in scores("history", "Alice", "--db", str(p)).output
    unknown = scores("rename", "Red", "Carol", "--db", str(p))
    assert unknown.exit_code == 1 and "no games of a player named 'Red'" in unknown.output


def test_a_bot_is_listed_as_one_and_left_out_of_the_leaderboard(tmp_path):
    p = tmp_path / "scores.sqlite3"
    with ScoreDB(p, clock=lambda: T0) as store:
        r = make_result(1, {"Alice": [5, 4, 6], "Yellow": [3, 3, 4]})
        r.bots = [1]
        store.add_game(r)
    listed = scores("--db", str(p))
    assert "1. Yellow (bot) 10 (-2)  2. Alice 15 (+3)" in listed.output
    board = scores("--db", str(p), "leaderboard")
    assert board.exit_code == 0, board.output
    assert "Alice" in board.output and "Yellow" not in board.output


def test_mode_and_format_are_taken_in_any_case(path):
    board = scores("leaderboard", "--mode", "Stroke", "--db", str(path))
    assert board.exit_code == 0, board.output
    assert "Stroke Play, fewest strokes win" in board.output
    exported = scores("export", "--format", "JSON", "--db", str(path))
    assert exported.exit_code == 0, exported.output
    assert json.loads(exported.output)[0]["board_id"] == "table-1"


def test_names_are_printed_as_text_never_as_terminal_codes_or_markup(tmp_path):
    p = tmp_path / "s.sqlite3"
    with ScoreDB(p) as store:
        store.add_game(make_result(1, {"Ev\x1b[2Jil": [4, 3, 5], "[blink]Bob:smile:": [5, 3, 5]},
                                   course_name="Links\x1b]0;x\x07"))
    for args in ([], ["leaderboard"], ["history", "[blink]Bob:smile:"],
                 ["best", "[blink]bob:smile:"]):
        result = scores(*args, "--db", str(p))
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and "\x07" not in result.output, args
        assert "Links\ufffd]0;x\ufffd" in result.output
    assert "Ev\ufffd[2Jil" in scores("--db", str(p)).output
    assert "Personal bests of [blink]Bob:smile:" in scores("best", "[blink]Bob:smile:",
                                                            "--db", str(p)).output
    refused = scores("rename", "[blink]Bob:smile:", "Bo\x1bb", "--db", str(p))
    assert refused.exit_code == 1 and "holds U+001B" in refused.output


# ---------------------------------------------------------------- golfer cards

@pytest.fixture
def carded(tmp_path):
    """Stroke Play on the starter course with golfer cards: Alice plays Bunjil and then
    Lucky, Bob plays Lucky and then nothing."""
    p = tmp_path / "golfers.sqlite3"
    with ScoreDB(p, clock=lambda: T0 + 100 * 86400) as store:
        for number, scores_, cards in (
                (1, {"Alice": [5, 3, 6], "Bob": [4, 4, 5]}, [(0, "bunjil", "A"), (1, "lucky", "B")]),
                (2, {"Alice": [4, 3, 5], "Bob": [6, 3, 4]}, [(0, "lucky", "A")]),
                (3, {"Alice": [3, 3, 4], "Bob": [9, 9, 9]}, [(0, "bunjil", "B")])):
            r = make_result(number, scores_)
            r.golfers = cards
            store.add_game(r)
    return p


def test_a_leaderboard_by_golfer_card_ranks_only_the_games_played_with_it(carded):
    # Lucky: Alice's 12 (game 2, Lucky A) and Bob's 13 (game 1, Lucky B); Alice's best
    # overall (10, with Bunjil) and Bob's 13... without Lucky are not counted.
    result = scores("leaderboard", "--golfer", "Lucky", "--db", str(carded))
    assert result.exit_code == 0, result.output
    assert f"Starter Course ({STARTER}): Stroke Play with lucky, fewest strokes win" in result.output
    assert order(result.output, "Alice", "Bob") and " 12 " in result.output
    assert " 10 " not in result.output
    bunjil = scores("leaderboard", "--golfer", "bunjil", "--db", str(carded))
    assert " 10 " in bunjil.output and "Bob" not in bunjil.output
    everyone = scores("leaderboard", "--db", str(carded))
    assert " 10 " in everyone.output and "Bob" in everyone.output


def test_a_players_history_shows_and_filters_its_golfer_cards(carded):
    result = scores("history", "Alice", "--db", str(carded))
    assert result.exit_code == 0, result.output
    assert "bunjil B" in result.output and "lucky A" in result.output and "bunjil A" in result.output
    lucky = scores("history", "Alice", "--golfer", "lucky", "--db", str(carded))
    assert "Games of Alice with lucky (1)" in lucky.output
    assert "bunjil" not in lucky.output
    recent = scores("--db", str(carded))
    assert "Alice [bunjil B]" in recent.output and "Bob 27" in recent.output


def test_an_unknown_golfer_names_the_cards_played(carded):
    result = scores("leaderboard", "--golfer", "tiger", "--db", str(carded))
    assert result.exit_code == 1
    assert "no games stored with golfer card 'tiger'" in result.output
    assert "bunjil, lucky" in result.output
