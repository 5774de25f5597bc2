"""Chaos Teams from a board's game record to the score history: the record (which keeps
every nomination as the inputs that made it) verifies by replaying its log, `teebox
replay` of the record prints the flags of each round, and the history ranks the teams
by flags with the mode's own columns (all from the mode's facts: no score-store code
knows the mode)."""

from typer.testing import CliRunner

from teebox import shipped
from teebox.core.holes18.modes.teams import GOLFER
from teebox.core.holes18.protocol import EXTRA
from teebox.core.wire import gamerecord
from teebox_host import replay_cmd, sync_cmd
from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app

from history_kit import PEOPLE, bot_record, gamerecord_replay, replay_text

CHAOS = shipped.load_builtin("chaos")


def _record(seed, number):
    return bot_record(CHAOS, "teams", 2, seed, number)


def test_a_chaos_teams_record_keeps_the_nominations_replays_and_ranks_by_flags(tmp_path):
    """Rulebook (Chaos Teams): "One point for each flag claimed." "The team with the
    highest score wins." The synced record replays to the same game, every golfer
    nominated included; the history's leaderboard counts flags."""
    game, data = _record(5, 1)
    rec = gamerecord.decode(data)
    found = replay_cmd.replay_data()
    assert sync_cmd.verify(rec, found) == []
    assert rec.mode == "teams"
    again, _holes = gamerecord_replay(rec, found)
    named = [i for i in game.inputs if i[1][0] == EXTRA and i[1][1] >= GOLFER]
    assert named and [i for i in again.inputs if i[1][0] == EXTRA] == named
    assert again.state_digest() == game.state_digest()
    for seat in range(2):
        assert sum(scores[seat] for _hole, _par, scores in rec.holes) == \
            game.players[seat].score
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as db:
        assert db.add_game(sync_cmd.to_result(rec)) is True
        assert db.add_game(sync_cmd.to_result(gamerecord.decode(_record(6, 2)[1]))) is True
    out = CliRunner().invoke(app, ["leaderboard", "--mode", "teams", "--db", str(path)],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "Chaos Teams, most flags win" in out.output
    assert "Flags" in out.output and "Holes in one" in out.output
    assert "Ann" in out.output and "Bo" in out.output


def test_a_record_whose_nomination_was_changed_fails_verification():
    """Sync's replay verification recomputes the game: a record whose scores do not
    follow from its log (here, its flags counted for the other team) is refused."""
    game, data = _record(5, 1)
    rec = gamerecord.decode(data)
    rec.holes = [(hole, par, list(reversed(scores))) for hole, par, scores in rec.holes]
    assert sync_cmd.verify(rec, replay_cmd.replay_data()) != []



def test_teebox_replay_of_a_chaos_teams_record_counts_flags(tmp_path):
    game, data = _record(5, 1)
    path = tmp_path / "teams.tbgr"
    text = replay_text(path, data)
    assert "Chaos Teams, 2 players, Chaos Meadow" in text
    for place, seat, total, _hio in game.standings():
        assert f"{place}. {PEOPLE[seat][0]}: {total} flag" in text
    assert "State digest " + game.state_digest() in text
