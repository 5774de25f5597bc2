"""Kelly Golf from a board's game record to the score history: the record (which keeps
the secret targets as the inputs that kept them) verifies by replaying its log, `teebox
replay` of the record prints the points of each green (the game's log, replayed by
`teebox replay` as a saved log, reveals the targets held at the end: tests/test_demo_cli.py),
and the history ranks
players by points with the mode's own column, own targets claimed (all from the mode's
facts: no score-store code knows the mode)."""

from typer.testing import CliRunner

from teebox import shipped
from teebox.core.holes18.protocol import EXTRA
from teebox.core.wire import gamerecord
from teebox_host import replay_cmd, sync_cmd
from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app

from history_kit import PEOPLE, bot_record, gamerecord_replay, replay_text

STARTER = shipped.load_builtin("starter")


def _record(seed, number):
    return bot_record(STARTER, "kelly", 3, seed, number)


def test_a_kelly_golf_record_keeps_the_targets_replays_and_ranks_by_points(tmp_path):
    """Rulebook (Kelly Golf): "Sum the value of your scored tokens. The flags are worth 1
    point. Highest score wins." The synced record replays to the same game, targets
    included; the history's leaderboard counts points, with a Targets column."""
    game, data = _record(5, 1)
    rec = gamerecord.decode(data)
    found = replay_cmd.replay_data()
    assert sync_cmd.verify(rec, found) == []
    assert rec.mode == "kelly"
    again, holes = gamerecord_replay(rec, found)
    assert bytes(again.mode.target) == bytes(game.mode.target)
    assert [i for i in again.inputs if i[1][0] == EXTRA] == [
        i for i in game.inputs if i[1][0] == EXTRA]
    for seat in range(3):
        assert sum(scores[seat] for _hole, _par, scores in rec.holes) == \
            game.players[seat].score
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as db:
        assert db.add_game(sync_cmd.to_result(rec)) is True
        assert db.add_game(sync_cmd.to_result(gamerecord.decode(_record(6, 2)[1]))) is True
    out = CliRunner().invoke(app, ["leaderboard", "--mode", "kelly", "--db", str(path)],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "Kelly Golf, most points win" in out.output
    assert "Points" in out.output and "Targets" in out.output



def test_teebox_replay_of_a_kelly_golf_record_counts_points_per_green(tmp_path):
    game, data = _record(5, 1)
    path = tmp_path / "kelly.tbgr"
    text = replay_text(path, data)
    assert "Kelly Golf, 3 players, Starter Course" in text
    assert "points per hole; highest total wins" in text
    for place, seat, total, _targets in game.standings():
        assert f"{place}. {PEOPLE[seat][0]}: {total} points" in text
    assert "State digest " + game.state_digest() in text
