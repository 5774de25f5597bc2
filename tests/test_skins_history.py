"""Skins from a board's game record to the score history: the record verifies by
replaying its log (the 5s placed before the deal included), `teebox replay` prints the
tokens each player won, and the history ranks players by points with the elimination's
holes as the tie-break column (the mode's own facts, from the game's records face: no
score-store code knows the mode)."""

from typer.testing import CliRunner

from teebox import shipped
from teebox.core.holes18.protocol import EXTRA
from teebox.core.wire import gamerecord
from teebox_host import replay_cmd, sync_cmd
from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app

from history_kit import PEOPLE, bot_record, replay_text

STARTER = shipped.load_builtin("starter")


def _record(seed, number):
    return bot_record(STARTER, "skins", 3, seed, number)


def test_a_skins_record_replays_and_ranks_players_by_the_points_of_their_tokens(tmp_path):
    """Rulebook (Skins): "The player with the most points wins. Greens are worth 1, 2 or 5
    points based on the value of the token on it." Per hole, the points each player
    claimed on that green (a jackpot counts where it was claimed); the totals are the
    standings."""
    game, data = _record(5, 1)
    rec = gamerecord.decode(data)
    assert sync_cmd.verify(rec, replay_cmd.replay_data()) == []
    assert rec.mode == "skins"
    assert [choice[0] for _seat, choice in list(game.inputs)[:3]] == [EXTRA] * 3
    for seat in range(3):
        assert sum([scores[seat] for _hole, _par, scores in rec.holes]) == \
            game.players[seat].score
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as db:
        assert db.add_game(sync_cmd.to_result(rec)) is True
        assert db.add_game(sync_cmd.to_result(gamerecord.decode(_record(6, 2)[1]))) is True
    out = CliRunner().invoke(app, ["leaderboard", "--mode", "skins", "--db", str(path)],
                             env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert "Skins, most points win" in out.output
    assert "Points" in out.output and "Playoff wins" in out.output
    best = max([p.score for p in game.players])
    assert f"│ {best} " in out.output.split("Points", 1)[1]


def test_teebox_replay_of_a_skins_record_counts_points(tmp_path):
    game, data = _record(5, 1)
    path = tmp_path / "skins.tbgr"
    text = replay_text(path, data)
    assert "Skins, 3 players, Starter Course" in text
    for place, seat, total, _wins in game.standings():
        assert f"{place}. {PEOPLE[seat][0]}: {total} points" in text
    assert "State digest " + game.state_digest() in text
