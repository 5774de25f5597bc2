"""`teebox demo --game domino-golf`: a bot game of Domino Golf in the terminal, and
`teebox replay` of its saved log."""

import typer
from typer.testing import CliRunner

from teebox.core.dominogolf import log
from teebox_host import play_cmd

runner = CliRunner()
app = typer.Typer()
app.command("demo")(play_cmd.demo)
app.command("replay")(play_cmd.replay)


def invoke(*args):
    return runner.invoke(app, ["demo", "--game", "domino-golf"] + [str(a) for a in args],
                         env={"COLUMNS": "120"})


def _cells(row):
    return [c.strip() for c in row.split("│") if c.strip()]


def test_the_demo_plays_18_holes_against_par_and_its_saved_log_replays_to_the_printed_scores(
        tmp_path):
    path = tmp_path / "game.tbdg"
    result = invoke("--players", 3, "--seed", 4, "--save-log", path)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Teebox demo: Domino Golf, 3 players, 18 holes, seed 4" in text
    game = log.replay(log.decode(path.read_bytes()))
    assert game.over
    # Every hole laid out with its par, "Par 3 ... Par 4 ... Par 5".
    for h in range(18):
        assert "Hole %d, par %d: " % (h + 1, game.pars[h]) in text
    # The scorecard: a row per hole, its par and each player's strokes.
    rows = [ln for ln in text.splitlines() if ln.startswith("│")]
    for h in range(18):
        assert _cells(rows[h]) == [str(h + 1), str(game.pars[h])] + [
            str(game.scores[s][h]) for s in range(3)]
    par = sum(game.pars[:18])
    for place, seat, total, _ in game.standings():
        diff = total - par
        assert "%d. player %d: %d strokes (%s)" % (
            place, seat + 1, total, "E" if diff == 0 else "%+d" % diff) in text
    assert "Game log saved to %s" % path in text.replace("\n", "")
    # teebox replay of the saved log: the same game, hole by hole with its par.
    again = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    assert "Domino Golf, 3 players, 18 holes, seed 4" in again.stdout
    assert "State digest " + game.state_digest() in again.stdout
    rows = [ln for ln in again.stdout.splitlines() if ln.startswith("│")
            and "│ Total" not in ln]
    assert [_cells(r) for r in rows][:18] == [
        [str(h + 1), str(game.pars[h])] + [str(game.scores[s][h]) for s in range(3)]
        for h in range(18)]


def test_random_bots_play_too():
    result = invoke("--players", 5, "--seed", 1, "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "Scorecard" in result.stdout


def test_bad_options_say_what_to_change():
    result = invoke("--players", 1)
    assert result.exit_code == 1
    assert "--players 1: Domino Golf is played by 2 to 5 players" in result.output
