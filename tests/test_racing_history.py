"""Golf Racing from a board's game record to the score history: the record verifies by
replaying its log, `teebox replay` prints the greens each racer reached, and the
history ranks racers by greens reached (the mode's own unit, from the game's records
face: no score-store code knows the mode)."""

from typer.testing import CliRunner

from teebox import shipped
from teebox.core.wire import gamerecord
from teebox_host import replay_cmd, sync_cmd
from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app

from history_kit import PEOPLE, bot_record, replay_text

STARTER = shipped.load_builtin("starter")


def _record(seed, number, mode="racing"):
    return bot_record(STARTER, mode, 3, seed, number)


def test_a_golf_racing_record_replays_and_ranks_racers_by_greens_reached(tmp_path):
    """Rulebook (Golf Racing): "The first player to reach the 18th green ... wins";
    "In this mode the entire course is the scoring track": a racer's total is the
    greens it reached, the most first."""
    game, data = _record(5, 1)
    rec = gamerecord.decode(data)
    found = replay_cmd.replay_data()
    assert sync_cmd.verify(rec, found) == []
    assert rec.mode == "racing"
    # Per hole, 1 for each racer that reached that green; the totals are the standings.
    for seat in range(3):
        reached = [scores[seat] for _hole, _par, scores in rec.holes]
        greens = game.players[seat].score
        assert reached == [1] * greens + [0] * (STARTER.hole_count - greens)
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as db:
        assert db.add_game(sync_cmd.to_result(rec)) is True
        assert db.add_game(sync_cmd.to_result(gamerecord.decode(_record(6, 2)[1]))) is True
    out = CliRunner().invoke(app, ["leaderboard", "--mode", "racing", "--db", str(path)],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "Golf Racing, most greens win" in out.output
    assert "Greens" in out.output and "Holes in one" in out.output
    assert f"│ {STARTER.hole_count} " in out.output.split("Greens", 1)[1]  # a winner's total


def test_teebox_replay_of_a_golf_racing_record_counts_greens(tmp_path):
    game, data = _record(5, 1)
    path = tmp_path / "race.tbgr"
    text = replay_text(path, data)
    assert "Golf Racing, 3 players, Starter Course" in text
    assert "greens per hole; highest total wins" in text
    for place, seat, total, _hio in game.standings():
        assert f"{place}. {PEOPLE[seat][0]}: {total} greens" in text
    assert "State digest " + game.state_digest() in text


def test_teebox_replay_says_1_point_for_a_total_of_one(tmp_path):
    # Counts in words (issue 15): a Match Play total of one is "1 point".
    game, data = next((g, d) for g, d in (_record(seed, 1, "match") for seed in range(1, 40))
                      if 1 in [row[2] for row in g.standings()])
    path = tmp_path / "match.tbgr"
    text = replay_text(path, data)
    place, seat = next((p, s) for p, s, total, _hio in game.standings() if total == 1)
    assert f"{place}. {PEOPLE[seat][0]}: 1 point\n" in text
    assert "1 points" not in text
