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
    result = invoke("demo", "--expansion", "coast, Wind", "--mode", "stroke",
                    "--seed", 2, "--save-log", log)
    assert result.exit_code == 0, result.output
    assert "Expansion: Taming the Wind, Coastlines\n" in result.stdout
    saved = gamelog.load(log.read_bytes())[0]
    assert saved.setup.expansions == ("wind", "coast")
    again = invoke("replay", log)
    assert again.exit_code == 0, again.output
    assert "Expansion: Taming the Wind, Coastlines\n" in again.stdout


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


def test_course_show_says_the_coastline_terrain_plays_the_coastlines_rules():
    """Booklet, HAZARDS: "even Hybrid clubs get no advantage", "you may only by CHIPPING
    or MOVE ONE", "step back along your flight path": `teebox course show` says so."""
    from rich.console import Console

    from teebox import shipped
    from teebox_host import render

    def shown(name):
        console = Console(width=200, record=True)
        console.print(render.course_view(shipped.load_builtin(name)))
        return console.export_text()

    text = shown("coastline")
    assert "fescue" in text and "gorse" in text and "ocean" in text
    assert "play by the Coastlines rules of the 18 Holes expansion" in text
    assert "Coastlines" not in shown("starter")


def test_the_score_history_says_which_modules_a_game_played(tmp_path):
    """Booklet: "You may play either of them or both in the same game": a synced game's
    row in `teebox scores` names the modules its log says it played."""
    from teebox import shipped
    from teebox.core.holes18 import bots, engine
    from teebox.core.wire import gamerecord
    from teebox_host import sync_cmd
    from teebox_host.scoredb import ScoreDB
    from teebox_host.scores_cmd import app as scores_app

    clubs, shots = shipped.load_default_clubs(), shipped.load_default_shots()
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path, clock=lambda: 1700000000) as store:
        for number, (name, modules) in enumerate((("coastline", ()), ("starter", ("wind",)),
                                                 ("nine", ()))):
            g = engine.Game(shipped.load_builtin(name), clubs, shots,
                            engine.Setup(2, "stroke", number, expansions=modules),
                            wind=shipped.load_default_wind())
            bots.play_game(g, [bots.SensibleBot(number), bots.SensibleBot(number + 1)])
            rec = gamerecord.decode(gamerecord.encode(g, "e6614c311b2c9a2f", number + 1,
                                                      1700000000 - number))
            store.add_game(sync_cmd.to_result(rec))
        assert [g.modules for g in store.games()] == [("Coastlines",), ("Taming the Wind",),
                                                      ()]
    out = runner.invoke(scores_app, ["--db", str(path)], env={"COLUMNS": "200"}).output
    assert "Stroke Play + Coastlines" in out and "Stroke Play + Taming the Wind" in out
    assert out.count("Stroke Play") == 3


def test_demo_deals_peter_and_wendy_at_random_only_with_their_modules():
    """Reading the Greens: "Include PETER as a potential golfer players may choose"; Taming
    the Wind: "Add WENDY to the set of available golfers". `teebox demo --golfers random`
    deals from the base game's eight, and those two with their modules."""
    def dealt(modules):
        return set([name for seed in range(40)
                    for name, _side in play_cmd._golfer_choices("random", 5, seed, modules)])

    base = dealt(())
    assert len(base) == 8 and not {"peter", "wendy"} & base
    assert dealt(("greens",)) == base | {"peter"}
    assert dealt(("wind",)) == base | {"wendy"}
    # Seed 5 deals Wendy B to P1 and Peter A to P4: the demo plays them to the end.
    shown = invoke("demo", "--expansion", "greens,wind", "--golfers", "random", "--players", 5,
                   "--seed", 5)
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.output.split())
    assert "player 1 wendy (B-side)" in said and "player 4 peter (A-side)" in said, said
