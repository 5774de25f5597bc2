"""`teebox demo --game play-nine`: a bot game of Play Nine in the terminal."""

import typer
from typer.testing import CliRunner

from teebox.core.playnine import log
from teebox_host import play_cmd

runner = CliRunner()
app = typer.Typer()
app.command("demo")(play_cmd.demo)
app.command("replay")(play_cmd.replay)


def invoke(*args):
    return runner.invoke(app, ["demo", "--game", "play-nine"] + [str(a) for a in args])


def test_the_demo_plays_nine_holes_and_its_saved_log_replays_to_the_printed_scores(tmp_path):
    path = tmp_path / "game.tbp9"
    result = invoke("--players", 3, "--seed", 4, "--save-log", path)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Teebox demo: Play Nine, 3 players, seed 4" in text
    assert [("Hole %d, dealt by" % h) in text for h in range(1, 10)] == [True] * 9
    game = log.replay(log.decode(path.read_bytes()))
    assert game.over
    for place, seat, total, _ in game.standings():  # each scorecard row: player ... total place
        row = [line for line in text.splitlines() if "│ player %d " % (seat + 1) in line][0]
        cells = [c.strip() for c in row.split("│") if c.strip()]
        assert cells[-2:] == [str(total), str(place)]
        assert cells[1:10] == [str(s) for s in game.scores[seat]]
    assert "Game log saved to %s" % path in text.replace("\n", "")


def test_random_bots_play_too():
    result = invoke("--players", 5, "--seed", 1, "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "Scorecard" in result.stdout


def test_bad_options_say_what_to_change():
    cases = [(("--players", 1), "--players 1: Play Nine is played by 2 to 5 players"),
             (("--bots", "clever"), "--bots clever: use one of: sensible, random"),
             (("--seed", -2), "--seed -2: the seed must be 0 or more")]
    for args, message in cases:
        result = invoke(*args)
        assert result.exit_code == 1 and message in result.output
    result = runner.invoke(app, ["demo", "--game", "golf"])
    assert result.exit_code == 1
    assert "--game golf: unknown game (use one of: 18-holes, play-nine, domino-golf)" in result.output


def test_teebox_replay_of_the_demos_saved_log_prints_the_same_game(tmp_path):
    path = tmp_path / "game.tbp9"
    assert invoke("--players", 4, "--seed", 9, "--save-log", path).exit_code == 0
    game = log.replay(log.decode(path.read_bytes()))
    result = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Play Nine, 4 players, 9 holes, seed 9" in text
    assert "State digest " + game.state_digest() in text
    for place, seat, total, _t in game.standings():
        assert "%d. player %d: %d points" % (place, seat + 1, total) in text
    rows = [ln for ln in text.splitlines() if ln.startswith("│") and "│ Total" not in ln]
    assert [[c.strip() for c in r.split("│")[1:-1]] for r in rows][:9] == [
        [str(h + 1)] + [str(game.scores[s][h]) for s in range(4)] for h in range(9)]


def test_teebox_replay_refuses_a_play_nine_log_cut_short(tmp_path):
    path = tmp_path / "game.tbp9"
    assert invoke("--players", 2, "--seed", 3, "--save-log", path).exit_code == 0
    game = log.replay(log.decode(path.read_bytes()))
    short = tmp_path / "short.tbp9"
    short.write_bytes(log.encode(log.GameLog(game.setup, game.inputs[:30])))
    result = runner.invoke(app, ["replay", str(short)])
    assert result.exit_code == 1
    assert "the game log stops before the end of the game (30 inputs)" in result.output


def test_the_demo_takes_the_games_variations_as_options(tmp_path):
    # Play Nine's setup options (its holes, its sudden-death playoff) as the table asks
    # them: a two-hole game without the playoff, kept in its saved log.
    path = tmp_path / "short.tbp9"
    result = invoke("--players", 2, "--seed", 3, "--option", "holes=2", "--option",
                    "playoff=no", "--save-log", path)
    assert result.exit_code == 0, result.output
    assert "Hole 2, dealt by" in result.stdout and "Hole 3, dealt by" not in result.stdout
    game = log.replay(log.decode(path.read_bytes()))
    assert game.over and game.setup.holes == 2 and game.setup.playoff is False
    refused = invoke("--option", "holes=20")
    assert refused.exit_code == 1 and "--option holes=20: holes is one of: 1, 2" in (
        refused.output)
