"""`teebox demo --expansion` and `teebox replay`: the expansion modules a game plays are
chosen on the command line, kept in the saved log and named again by the replay."""

import typer
from typer.testing import CliRunner

from teebox.core.holes18 import gamelog
from teebox_host import play_cmd

runner = CliRunner()
app = typer.Typer()
app.command("demo")(play_cmd.demo)
app.command("replay")(play_cmd.replay)


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_demo_plays_the_chosen_modules_and_its_log_replays_them(tmp_path):
    """Booklet: "You may play either of them or both in the same game." """
    log = tmp_path / "game.tbgl"
    result = invoke("demo", "--expansion", "coast, Greens,wind", "--mode", "stroke",
                    "--seed", 2, "--save-log", log)
    assert result.exit_code == 0, result.output
    assert "Expansion: Reading the Greens, Taming the Wind, Coastlines\n" in result.stdout
    saved = gamelog.load(log.read_bytes())[0]
    assert saved.setup.expansions == ("greens", "wind", "coast")
    again = invoke("replay", log)
    assert again.exit_code == 0, again.output
    assert "Expansion: Reading the Greens, Taming the Wind, Coastlines\n" in again.stdout


def test_the_coastline_course_plays_the_coastlines_without_asking():
    """Booklet: the Coastlines tiles are shuffled "in with your existing tiles": their
    hazards' rules come with them (RULES-NOTES E-C1); other courses name no module."""
    result = invoke("demo", "--course", "coastline", "--seed", 3)
    assert result.exit_code == 0, result.output
    assert "Expansion: Coastlines\n" in result.stdout
    plain = invoke("demo", "--seed", 3)
    assert plain.exit_code == 0 and "Expansion" not in plain.stdout


def test_an_unknown_module_is_refused_with_the_names_to_use():
    result = invoke("demo", "--expansion", "greens,moon")
    assert result.exit_code == 1
    assert "--expansion greens,moon: unknown expansion module 'moon' (use: greens, wind, " \
           "coast)" in result.output
