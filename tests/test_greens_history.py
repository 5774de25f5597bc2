"""A game of Reading the Greens (alone and with Taming the Wind) on the host: `teebox demo`
and `teebox replay` show its putts, `teebox course rate` plays it, `teebox sync` checks its
record by replaying it (and refuses a tampered one), and the score history keeps who held
the longest putt and drive cards."""

import sqlite3

import typer
from link_fakes import board, teebox  # noqa: F401 (board is a fixture)
from rich.console import Console
from starlette.testclient import TestClient
from typer.testing import CliRunner

from teebox import shipped
from teebox.core.holes18 import bots, engine, gamelog
from teebox.core.holes18.expansions.greens_play import ROLL
from teebox.core.wire import gamerecord
from teebox_host import course_cmd, play_cmd, replay_cmd, score_store, sync_cmd
from teebox_host.scoredb import ScoreDB
from teebox_host.scores_cmd import app as scores_app
from teebox_host.web.app import create_app

runner = CliRunner()
app = typer.Typer()
app.command("demo")(play_cmd.demo)
app.command("replay")(play_cmd.replay)
app.add_typer(course_cmd.app, name="course")
STARTER = shipped.load_builtin("starter")
CLUBS, SHOTS = shipped.load_default_clubs(), shipped.load_default_shots()
GREENS, WIND = shipped.load_default_greens(), shipped.load_default_wind()
PEOPLE = [("Ann", (1, 1, 1)), ("Bo", (2, 2, 2))]
_GAMES = {}


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def greens_game(modules=("greens",), seed=1):
    """A drafted Match Play game with the modules, played to its end by bots (once)."""
    if (modules, seed) not in _GAMES:
        g = engine.Game(STARTER, CLUBS, SHOTS,
                        engine.Setup(2, "match", seed, engine.DRAFT, expansions=modules),
                        greens=GREENS, wind=WIND)
        bots.play_game(g, [bots.SensibleBot(seed), bots.SensibleBot(seed + 1)])
        _GAMES[(modules, seed)] = g
    return _GAMES[(modules, seed)]


def record(game, number=1):
    return gamerecord.decode(gamerecord.encode(game, "b0a7d", number, 1700000000 + number,
                                               PEOPLE))


# ---------------------------------------------------------------- demo and replay

def test_demo_and_replay_of_a_greens_game_show_every_putt_and_the_longest_putt(tmp_path):
    """Booklet, PUTTING: each hole's line says the putts and how they ended ("short", "sunk
    from" the target); the final card has the putts per hole and who holds the LONGEST
    PUTT card. `teebox replay` of the saved log shows the same putts."""
    log = tmp_path / "greens.tbgl"
    shown = invoke("demo", "--expansion", "greens,wind", "--mode", "match", "--seed", 10,
                   "--option", "hands=draft", "--save-log", log)
    assert shown.exit_code == 0, shown.output
    out = shown.stdout
    assert "Expansion: Reading the Greens, Taming the Wind\n" in out
    assert "3 putts (rolled 36 for 42: short; rolled 40 for 42: short; sunk from 42, " \
           "Mallet Putter re-roll)" in out
    assert "1 putt (sunk from 26)" in out
    assert "Longest putt: player 2 (target 34, hole 5)" in out
    putts = out[out.index("Putts"):out.index("Standings")]
    assert "3, in from 42" in putts and "2, in from 34" in putts
    again = invoke("replay", log)
    assert again.exit_code == 0, again.output
    assert again.stdout[again.stdout.index("Putts"):again.stdout.index("Standings")] == putts
    assert "Longest putt: player 2 (target 34, hole 5)" in again.stdout
    # A game without the module shows no putts.
    plain = invoke("demo", "--mode", "match", "--seed", 1)
    assert "putt" not in plain.stdout.lower()


def test_a_greens_demo_alone_plays_and_its_log_replays():
    shown = invoke("demo", "--expansion", "greens", "--mode", "match", "--seed", 2)
    assert shown.exit_code == 0, shown.output
    assert "Expansion: Reading the Greens\n" in shown.stdout
    assert " putt (" in shown.stdout and "Longest putt: " in shown.stdout


def test_course_rate_plays_reading_the_greens_and_counts_the_putts_per_green():
    """`teebox course rate --expansion greens`: how hard each green putts, to compare with
    the course without the module (which has no putts column)."""
    greens = invoke("course", "rate", "starter", "--mode", "match", "--rounds", 2,
                    "--expansion", "greens")
    assert greens.exit_code == 0, greens.output
    assert "with Reading the Greens" in greens.stdout and "Putts" in greens.stdout
    rows = [line for line in greens.stdout.splitlines() if line.startswith("│     ")]
    assert len(rows) == STARTER.hole_count
    assert all(float(row.split("│")[-2]) >= 1.0 for row in rows)
    both = invoke("course", "rate", "starter", "--mode", "match", "--rounds", 1,
                  "--expansion", "greens,wind")
    assert "with Reading the Greens, Taming the Wind" in both.stdout
    plain = invoke("course", "rate", "starter", "--mode", "match", "--rounds", 1)
    assert plain.exit_code == 0 and "Putts" not in plain.stdout
    # Stroke Play counts the putts as strokes: each hole's putts beside its strokes.
    stroke = invoke("course", "rate", "starter", "--rounds", 2, "--expansion", "greens")
    assert stroke.exit_code == 0, stroke.output
    head = [line for line in stroke.stdout.splitlines() if "┃  Hole" in line][0]
    assert [c.strip() for c in head.split("┃")[1:6]] == ["Hole", "Par", "Strokes", "vs par",
                                                          "Putts"]
    rows = [line.split("│") for line in stroke.stdout.splitlines()
            if line.startswith("│     ")]
    assert len(rows) == STARTER.hole_count
    assert all(1.0 <= float(r[5]) < float(r[3]) for r in rows)  # putts are some strokes
    chaos = invoke("course", "rate", "starter", "--mode", "chaos", "--rounds", 1,
                   "--expansion", "greens")
    assert chaos.exit_code == 1 and "Reading the Greens" in chaos.output


# ---------------------------------------------------------------- sync's check

def _found():
    return sync_cmd.replay_data(lambda h: STARTER if bytes(h) == bytes(STARTER.hash) else None)


def test_sync_accepts_a_greens_record_and_refuses_a_tampered_one():
    """The host stores a game only once its log replays to what the board says: a record
    whose scores were changed, or whose log rolls other dice, is refused."""
    for modules in (("greens",), ("greens", "wind")):
        rec = record(greens_game(modules))
        diffs, game = sync_cmd.checked(rec, _found())
        assert diffs == [] and game.over and game.setup.expansions == modules
        # The board claims player 1 took the flag of a hole player 2 won.
        h = next(i for i in range(len(rec.holes)) if rec.holes[i][2][1] > rec.holes[i][2][0])
        number, par, scores = rec.holes[h]
        rec.holes[h] = (number, par, (scores[1], scores[0]))
        assert any(d.startswith("hole %d, player 1 (Ann): the board says" % number)
                   for d in sync_cmd.verify(rec, _found()))
        # The log rolls one die fewer in a putt: the dice fall otherwise.
        rec = record(greens_game(modules))
        log = gamelog.decode(rec.log)
        k = next(i for i in range(len(log.inputs))
                 if log.inputs[i][1][0] == engine.EXTRA and log.inputs[i][1][1] > ROLL
                 and bin(log.inputs[i][1][1] & 0x7F).count("1") > 1)
        seat, (extra, code) = log.inputs[k]
        low = code & 0x7F
        log.inputs[k] = (seat, (extra, code & ~(low & -low)))
        rec.log = gamelog.encode(log)
        assert sync_cmd.verify(rec, _found()) != []


def test_a_greens_record_without_the_dice_and_green_cards_is_refused_by_name():
    rec = record(greens_game())
    found = _found()
    del found["greens"]
    diffs = sync_cmd.verify(rec, found)
    assert len(diffs) == 1 and "its game log does not replay" in diffs[0]
    assert "Reading the Greens" in diffs[0]


def test_teebox_replay_of_a_greens_record_names_the_card_holders(tmp_path):
    g = greens_game()
    data = gamerecord.encode(g, "b0a7d", 4, 1700000004, PEOPLE)
    path = tmp_path / "game.tbgr"
    path.write_bytes(data)
    console = Console(width=200, record=True)
    replay_cmd.replay_bytes(console, path, data)
    text = console.export_text()
    holder = PEOPLE[g.added[0].longest.holder][0]
    assert f"Longest putt: {holder}, sunk from target {g.added[0].longest.target}" in text
    assert "Longest drive: " in text


# ---------------------------------------------------------------- the score history

def test_the_score_history_keeps_the_longest_putt_and_drive_cards(tmp_path):
    """Booklet: the LONGEST PUTT card goes to a putt sunk in a single roll from a greater
    target; `teebox scores` shows who held it at the end (and the longest drive card),
    the game's page too, and a copy to another store keeps them."""
    path = tmp_path / "scores.sqlite3"
    games = [greens_game(("greens",)), greens_game(("greens", "wind"))]
    with ScoreDB(path, clock=lambda: 1700000100) as store:
        for number, g in enumerate(games, 1):
            rec = record(g, number)
            diffs, game = sync_cmd.checked(rec, _found())
            assert diffs == []
            store.add_game(sync_cmd.to_result(rec, game))
        for number, g in enumerate(games, 1):
            stored = store.game("b0a7d", number)
            putt = g.added[0].longest
            assert stored.longest_putt == (putt.holder, putt.target)
            assert stored.longest_drive == g.longest_drive
        seats = {s.name: s for s in store.games()[1].seats}  # the greens-alone game
        assert seats[PEOPLE[games[0].added[0].longest.holder][0]].longest_putt == \
            games[0].added[0].longest.target
        other = tmp_path / "copy.sqlite3"
        with ScoreDB(other) as copy:
            store.copy_to(copy)
            assert copy.game("b0a7d", 1) == store.game("b0a7d", 1)
    out = runner.invoke(scores_app, ["--db", str(path)], env={"COLUMNS": "250"}).output
    assert "Match Play + Reading the Greens, Taming the Wind" in out
    assert "longest putt %d" % games[0].added[0].longest.target in out
    if games[0].longest_drive >= 0:
        assert "longest drive" in out
    holder = PEOPLE[games[0].added[0].longest.holder][0]
    hist = runner.invoke(scores_app, ["--db", str(path), "history", holder],
                         env={"COLUMNS": "250"}).output
    assert "Cards held" in hist and "longest putt %d" % games[0].added[0].longest.target in hist
    page = TestClient(create_app(path)).get("/game/b0a7d/1").text
    assert 'id="frames"' in page  # the game's replay on its drawn board, putts and all
    holder = PEOPLE[games[0].added[0].longest.holder][0]
    assert f"Longest putt: {holder}, sunk from target {games[0].added[0].longest.target}." \
        in page


def test_the_exports_of_the_score_history_say_who_held_the_longest_drive_and_putt(tmp_path):
    """Booklet: "If you SUNK THE PUTT in a single roll of the dice claim the longest putt
    card if your target was greater than the current holder's" (and the LONGEST DRIVE
    card of the base game, which the wind lets a drive take): `teebox scores export`
    says, per player, whether it held the longest drive card at the end and the target
    of the longest putt card it held; a game without the greens holds no putt card."""
    import csv
    import io
    import json

    path = tmp_path / "scores.sqlite3"
    games = [greens_game(("greens",)), greens_game(("greens", "wind"))]
    # (Seed 1: P2 holds the drive card; seed 3 no longer gave him it once the bot's
    # wedge and bunker play changed, issue 11.)
    plain = engine.Game(STARTER, CLUBS, SHOTS, engine.Setup(2, "match", 1))
    bots.play_game(plain, [bots.SensibleBot(1), bots.SensibleBot(2)])
    with ScoreDB(path) as store:
        for number, g in enumerate(games + [plain], 1):
            rec = record(g, number)
            store.add_game(sync_cmd.to_result(rec, sync_cmd.checked(rec, _found())[1]))
    csv_text = runner.invoke(scores_app, ["--db", str(path), "export", "--format", "csv"])
    json_text = runner.invoke(scores_app, ["--db", str(path), "export", "--format", "json"])
    rows = list(csv.DictReader(io.StringIO(csv_text.output)))
    exported = json.loads(json_text.output)
    for number, g in enumerate(games + [plain], 1):
        putt = g.added[0].longest if g.added else None
        for seat, (name, _colour) in enumerate(PEOPLE):
            putt_target = putt.target if putt is not None and putt.holder == seat else None
            row = [r for r in rows if r["game_number"] == str(number)
                   and r["player"] == name][0]
            assert row["longest_drive"] == str(int(g.longest_drive == seat))
            assert row["longest_putt"] == ("" if putt_target is None else str(putt_target))
            player = exported[number - 1]["players"][seat]
            assert player["name"] == name
            assert player["longest_drive"] is (g.longest_drive == seat)
            assert player["longest_putt"] == putt_target
    # Someone held the putt card in each greens game, and nobody in the plain one, where
    # P2 held the drive card (nobody did in the greens games of these seeds).
    assert [len([r for r in rows if r["game_number"] == str(n) and r["longest_putt"]])
            for n in (1, 2, 3)] == [1, 1, 0]
    assert [(r["game_number"], r["player"]) for r in rows if r["longest_drive"] == "1"] == [
        ("3", "Bo")]


def test_a_score_file_of_schema_4_gains_the_card_columns_and_keeps_its_games(tmp_path):
    """Games stored before the cards were kept read as nobody holding them."""
    path = tmp_path / "old.sqlite3"
    with ScoreDB(path) as store:
        rec = record(greens_game())
        store.add_game(sync_cmd.to_result(rec, sync_cmd.checked(rec, _found())[1]))
    con = sqlite3.connect(path)  # back to schema 4: the two columns were not there
    con.execute("ALTER TABLE game_players DROP COLUMN longest_drive")
    con.execute("ALTER TABLE game_players DROP COLUMN longest_putt")
    con.execute("UPDATE schema_version SET version = 4")
    con.commit()
    con.close()
    with ScoreDB(path) as store:
        assert store.schema_version() == score_store.SCHEMA_VERSION == 5
        old = store.game("b0a7d", 1)
        assert (old.longest_drive, old.longest_putt) == (-1, ())
        assert [s.longest_putt for s in store.games()[0].seats] == [0, 0]
        assert len(old.holes) == STARTER.hole_count


def test_the_simulators_scorecard_follows_a_greens_game_putt_by_putt():
    """`teebox sim` keeps a shadow of the table's game for its scorecard: with Reading the
    Greens it replays the putts with the same dice and names the longest putt's holder."""
    from types import SimpleNamespace

    from teebox_host.simfaces import holes18 as holes18_face

    ref = greens_game(("greens", "wind"))
    game = engine.Game(STARTER, CLUBS, SHOTS, ref.setup, greens=GREENS, wind=WIND)
    face = holes18_face.Face(SimpleNamespace(table=SimpleNamespace(clubs=CLUBS, shots=SHOTS)),
                             game, "18-holes")
    for seat, choice in ref.inputs:
        game.apply(choice, seat)
        face.follow()
    assert face.shadow.state_digest() == ref.state_digest()
    held = ref.added[0].longest
    assert face.tally.longest_putt[:2] == (held.holder, held.target)
    assert [h[2] for h in face.sheet()] == [h[2] for h in gamerecord.decode(
        gamerecord.encode(ref, "b0a7d", 1, 0)).holes]


def test_a_roll_for_a_hole_in_one_is_told_apart_from_the_putts():
    """Booklet, REACHING THE GREEN: a tee shot onto the green rolls once for "the highest
    PUTT TARGET" plus 1; a roll that misses is said so on the hole's line and is no putt,
    and a golfer whose hole ended before a putt is on the green, not off it."""
    # Five players, seed 7: two tee shots of one round land on the green (two players,
    # seed 8 did until the bot's wedge and bunker play changed, issue 11; no seed of
    # 1-400 does that now).
    shown = invoke("demo", "--expansion", "greens", "--mode", "match", "--players", 5,
                   "--seed", 7)
    assert shown.exit_code == 0, shown.output
    out = shown.stdout
    assert "player 5: 1 turn, hole-in-one roll: 35 for 36, missed; the ball did not go in" \
        in " ".join(out.split())
    assert "HOLE-IN-ONE" in out and "Hole-in-ones: player 1 on hole" in out
    # (Seed 9; seed 2 until the bot's wedge and bunker play changed.)
    two = invoke("demo", "--expansion", "greens", "--mode", "match", "--seed", 9).stdout
    assert "2 turns, hole-in-one roll: 34 for 38, missed, 1 putt (sunk from 27)" in " ".join(
        two.split())


def test_every_mode_with_the_greens_shows_the_putts_and_names_the_longest_putts_hole():
    """Reading the Greens in the modes that play it (Golf Racing: each racer on its own
    green): each hole's lines say the putts, and the hole the longest putt card names is
    the one where its holder sank that putt."""
    import re

    for mode in ("stroke", "racing", "skins"):
        shown = invoke("demo", "--expansion", "greens,wind", "--mode", mode, "--seed", 3)
        assert shown.exit_code == 0, (mode, shown.output)
        text = " ".join(shown.stdout.split())
        who, target, hole = re.search(r"Longest putt: player (\d) \(target (\d+), hole (\d+)\)",
                                      text).groups()
        sections = re.split(r"(?= Hole \d+ \(par)", text)
        held = [s for s in sections if s.startswith(" Hole %s (" % hole)
                and re.search(r"%s player %s: [^;]*sunk from %s\)" % (who, who, target), s)]
        assert held, (mode, who, target, hole)


def test_teebox_sync_stores_a_greens_game_and_keeps_a_tampered_one_on_the_board(board, tmp_path):
    """`teebox sync` over the link: the host replays a greens game's record with the dice
    and green cards before storing it (with its longest putt), and a record whose scores
    its log does not confirm stays on the board."""
    good = greens_game(("greens", "wind"))
    bad = greens_game(("greens",))
    rec = record(bad)
    h = next(i for i in range(len(rec.holes)) if rec.holes[i][2][1] > rec.holes[i][2][0])
    holes = [tuple(x) for x in rec.holes]
    number, par, scores = holes[h]
    holes[h] = (number, par, (scores[1], scores[0]))
    with board.lock:
        board.recorder.shelf.put(1, gamerecord.encode(good, board.board_id, 1, 0))
        board.recorder.shelf.put(2, gamerecord.encode(bad, board.board_id, 2, 0, holes=holes))
    db_path = tmp_path / "s.db"
    result = teebox("sync", "--port", board.port, "--db", db_path)
    assert result.exit_code == 1
    assert "stored 1 game (1)." in result.output
    assert f"board {board.board_id}, game 2: kept on the board, not stored:" in result.output
    assert f"hole {number}, player 1 (" in result.output
    with ScoreDB(db_path) as db:
        stored = db.game(board.board_id, 1)
        assert stored.longest_putt == (good.added[0].longest.holder,
                                       good.added[0].longest.target)
        assert db.game(board.board_id, 2) is None
    assert board.recorder.shelf.numbers() == [2]


def test_the_cards_the_score_history_keeps_are_the_ones_held_at_the_end():
    """Booklet: "claim the longest putt card if your target was greater than the current
    holder's"; the holder and target at the end are kept, beside the longest drive card's
    holder; a game without the greens keeps no putt, and Play Nine no card at all."""
    from teebox.core import games

    g = greens_game(("greens", "wind"))
    assert sync_cmd.longest_cards(g) == (g.longest_drive, g.added[0].longest.holder,
                                         g.added[0].longest.target)
    assert g.added[0].longest.holder >= 0 and g.added[0].longest.target > 0
    # (Seed 1: P2 holds the drive card; seed 3 no longer gave him it once the bot's
    # wedge and bunker play changed, issue 11.)
    plain = engine.Game(STARTER, CLUBS, SHOTS, engine.Setup(2, "match", 1))
    bots.play_game(plain, [bots.SensibleBot(1), bots.SensibleBot(2)])
    assert sync_cmd.longest_cards(plain) == (plain.longest_drive, -1, 0)
    nine = games.load("play-nine")
    assert sync_cmd.longest_cards(nine.new(nine.Setup(3, 1, 2, True))) == (-1, -1, 0)


def test_a_greens_game_saved_mid_putt_replays_and_says_what_it_waits_for(tmp_path):
    """`teebox demo --stop-after N --save-log`: a game saved while a player is to roll
    replays to that point and names the decision in the module's words."""
    log = tmp_path / "mid.tbgl"
    # (After 47 inputs: 62 did until the bot's wedge and bunker play changed, issue 11.)
    shown = invoke("demo", "--expansion", "greens", "--mode", "stableford", "--seed", 4,
                   "--stop-after", 47, "--save-log", log)
    assert shown.exit_code == 0, shown.output
    again = invoke("replay", log)
    assert again.exit_code == 0, again.output
    assert 'round 9, waiting for "Roll which dice?" (player 2).' in " ".join(
        again.stdout.split())
    assert "Putts" in again.stdout and "Leading (game not finished)" in again.stdout


def test_the_simulator_says_what_each_putt_rolled_and_how_it_ended():
    """Booklet, PUTTING: "add them up": the shot panel of `teebox sim` shows the faces
    thrown, the total against the target, the flags, and whether the ball went in."""
    from teebox.core.holes18.expansions.greens_play import OUT_PUTT
    from teebox_host.simfaces.holes18 import shot_report

    ref = greens_game(("greens",))
    game = engine.Game(STARTER, CLUBS, SHOTS, ref.setup, greens=GREENS)
    said = []
    for seat, choice in ref.inputs:
        outs = game.apply(choice, seat)
        putts = [o for o in outs if o[0] == OUT_PUTT]
        if not putts or not putts[-1][3]:
            continue
        _k, who, target, throws, total, _flags, _outcome = putts[-1]
        text = shot_report(outs, [(0, 0)] * 2, STARTER, {}).plain
        assert text.startswith("P%d " % (who + 1)) and ": putted for %d, rolled %s: %d" % (
            target, " ".join(str(face) for _d, face, _f in throws), total) in text, text
        said.append(text)
    assert any(s.endswith(", in the cup!") for s in said)
    assert any(s.endswith(", short") for s in said)


def test_the_scorecard_counts_a_mallet_putters_re_roll_as_the_same_putt():
    """Mallet Putter: "you may discard it to re-roll ONE die from your putt. ... Using this
    club to re-roll one die isn't considered an additional stroke." The engine says the
    re-roll as its own output, and the scorecard (`teebox replay`, the web page) keeps one
    putt, the re-rolled one, and counts the re-roll."""
    import greens_kit as G
    from test_table_greens import mallet_putt
    from teebox.core.holes18.expansions import greens_play as gp
    from teebox.core.holes18.expansions.putting import putt_code
    from teebox.core.holes18.protocol import EXTRA
    from teebox_host import scorecard

    g, dice = mallet_putt()
    tally = scorecard.Tally(g)
    dice.load([(G.Y1, 2), (G.O1, 4), (G.R1, 9)])
    tally.feed(g.apply((EXTRA, gp.ROLL + putt_code([G.Y1, G.O1, G.R1], -1)), 0))
    dice.load([(G.O1, 7)])
    tally.feed(g.apply((EXTRA, gp.MALLET + G.O1), 0))
    line = tally.line(0)
    assert [p[1] for p in line.putts] == [18] and line.mallets == 1


# ---------------------------------------------------------------- hole-in-ones

def _hole_in_ones_shown(setup, bot_seeds):
    """Play ``setup`` on the starter course with SensibleBots at a table (the firmware's,
    fed each bot's choice as a player's): ``(game, the seat of each hole-in-one the
    table's display said (its OLED), (seat, outcome) of each roll for one the engine said, the
    number of putts and of Mallet Putter re-rolls the engine said)``."""
    import re

    import table_kit as K
    from teebox.core.holes18.expansions.greens_play import OUT_ACE_ROLL, OUT_MALLET_ROLL, OUT_PUTT
    game = engine.Game(STARTER, CLUBS, SHOTS, setup, greens=GREENS, wind=WIND)
    t = K.new_table(courses=K.Courses("starter", STARTER))
    t.load_course("starter")
    t.resume_game(game, bytes(range(setup.players)), bytes(setup.players), "18-holes")
    batches = []
    shown_by = t.presenter.outputs
    t.presenter.outputs = lambda outs: (batches.append(outs), shown_by(outs))
    seats = [bots.SensibleBot(s) for s in bot_seeds]
    shown = []
    while not game.over:
        d = game.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        t.apply(seats[seat].choose(game, seat), seat)
        shown += [int(s) - 1 for s in re.findall(r"P(\d) HOLE IN ONE", K.screen(t))]
    outs = [o for batch in batches for o in batch]
    return (game, shown, sorted([(o[1], o[6]) for o in outs if o[0] == OUT_ACE_ROLL]),
            (len([o for o in outs if o[0] == OUT_PUTT]),
             len([o for o in outs if o[0] == OUT_MALLET_ROLL])))


def test_the_record_replay_and_history_count_the_hole_in_ones_the_table_showed(tmp_path):
    """Booklet, REACHING THE GREEN: "If a player, from the tee box on their first shot of
    the hole, lands on the green ... find the highest PUTT TARGET and add 1 to it. If the
    player can roll this target in one roll of the dice, the ball goes in." The engine says
    which roll is that one (OUT_ACE_ROLL), and a hole-in-one is the roll that sinks: in
    `teebox demo`'s seed 243 game player 2's does, player 1's tee shot onto a green
    misses its roll (no hole-in-one, and the roll no putt). Without the greens (seed 2) a
    tee shot onto the green is the hole-in-one. The table's display, the synced record,
    the score history and the replay's scorecard count the same ones. (Seed 8 was such a
    game until the bot's wedge and bunker play changed, issue 11: of seeds 1-399 only
    243 has a roll that sinks and one that misses.)"""
    from teebox.core.holes18.expansions import putting
    from teebox_host import scorecard

    greens = engine.Setup(2, "match", 243, expansions=("greens",))
    plain = engine.Setup(2, "match", 2)
    played = [_hole_in_ones_shown(greens, (1945, 1946)), _hole_in_ones_shown(plain, (17, 18))]
    assert played[0][1:3] == ([1], [(0, putting.LONG), (1, putting.SUNK)])
    assert played[1][1:3] == ([0], [])
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as store:
        for number, (game, shown, rolls, putts) in enumerate(played, 1):
            rec = record(game, number)
            diffs, again = sync_cmd.checked(rec, _found())
            assert diffs == []
            assert [row[3] for row in sorted(rec.standings, key=lambda r: r[1])] == [
                shown.count(0), shown.count(1)]
            store.add_game(sync_cmd.to_result(rec, again))
            history = {s.seat: s.hole_in_ones for s in store.games()[0].seats}
            assert history == {0: shown.count(0), 1: shown.count(1)}
            tally = scorecard.tally_inputs(
                engine.Game(STARTER, CLUBS, SHOTS, game.setup, greens=GREENS, wind=WIND),
                gamelog.decode(rec.log).inputs)[0]
            assert [seat for seat, _hole in tally.hole_in_ones] == shown
            lines = [(s, line) for by_seat in tally.holes.values()
                     for s, line in enumerate(by_seat)]
            assert sorted([(s, ln.ace_roll[2]) for s, ln in lines
                           if ln.ace_roll is not None]) == rolls
            # (the rolls for a hole-in-one are no putts: the scorecard's putts are the
            # engine's, and its Mallet Putter re-rolls the engine's re-rolls)
            assert sum([len(ln.putts) for _s, ln in lines]) == putts[0]
            assert sum([ln.mallets for _s, ln in lines]) == putts[1]


def test_the_exports_say_each_players_golfer_card_and_the_modules_the_game_played(tmp_path):
    """Reading the Greens: "Include PETER as a potential golfer players may choose"; Taming
    the Wind: "Add WENDY to the set of available golfers". `teebox scores export` says per
    player the golfer card and side played (blank or null for none) and per game the
    expansion modules played, as the game's log says (the Coastlines of a course with
    coastline terrain too)."""
    import csv
    import io
    import json

    coastline = shipped.load_builtin("coastline")
    cards = engine.Game(STARTER, CLUBS, SHOTS, engine.Setup(
        2, "match", 5, engine.DRAFT, [("peter", "A"), ("wendy", "B")],
        expansions=("greens", "wind")), greens=GREENS, wind=WIND)
    plain = engine.Game(STARTER, CLUBS, SHOTS, engine.Setup(2, "match", 3))
    coast = engine.Game(coastline, CLUBS, SHOTS, engine.Setup(2, "stroke", 4, engine.DRAFT,
                                                              [None, ("bunjil", "B")]))
    found = sync_cmd.replay_data(lambda h: {bytes(STARTER.hash): STARTER, bytes(
        coastline.hash): coastline}.get(bytes(h)))
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path) as store:
        for number, g in enumerate((cards, plain, coast), 1):
            bots.play_game(g, [bots.SensibleBot(number), bots.SensibleBot(number + 7)])
            rec = record(g, number)
            store.add_game(sync_cmd.to_result(rec, sync_cmd.checked(rec, found)[1]))
    text = runner.invoke(scores_app, ["--db", str(path), "export", "--format", "csv"]).output
    rows = [(r["game_number"], r["player"], r["golfer"], r["golfer_side"], r["modules"])
            for r in csv.DictReader(io.StringIO(text))]
    assert rows == [
        ("1", "Ann", "peter", "A", "Reading the Greens; Taming the Wind"),
        ("1", "Bo", "wendy", "B", "Reading the Greens; Taming the Wind"),
        ("2", "Ann", "", "", ""), ("2", "Bo", "", "", ""),
        ("3", "Ann", "", "", "Coastlines"), ("3", "Bo", "bunjil", "B", "Coastlines")]
    exported = json.loads(runner.invoke(
        scores_app, ["--db", str(path), "export", "--format", "json"]).output)
    assert [g["modules"] for g in exported] == [
        ["Reading the Greens", "Taming the Wind"], [], ["Coastlines"]]
    assert [[(p["golfer"], p["golfer_side"]) for p in g["players"]] for g in exported] == [
        [("peter", "A"), ("wendy", "B")], [(None, None), (None, None)],
        [(None, None), ("bunjil", "B")]]
    # An empty history's CSV names the same columns (but the holes' scores).
    with ScoreDB(tmp_path / "empty.sqlite3") as empty:
        head = empty.export_text("csv").splitlines()[0].split(",")
    columns = list(csv.DictReader(io.StringIO(text)).fieldnames)
    assert head == columns[:columns.index("par") + 1]


def test_the_simulator_tells_a_roll_for_a_hole_in_one_from_a_putt():
    """Booklet, REACHING THE GREEN: "If the player can roll this target in one roll of the
    dice, the ball goes in" - or it does not: the shot panel of `teebox sim` says the roll
    was for a hole-in-one, and a roll that misses is missed (not "beside the cup")."""
    from teebox.core.holes18.expansions.greens_play import OUT_ACE_ROLL
    from teebox_host.simfaces.holes18 import shot_report

    ref = _hole_in_ones_shown(engine.Setup(2, "match", 243, expansions=("greens",)),
                              (1945, 1946))[0]
    game = engine.Game(STARTER, CLUBS, SHOTS, ref.setup, greens=GREENS)
    said = []
    for seat, choice in ref.inputs:
        outs = game.apply(choice, seat)
        for o in outs:
            if o[0] == OUT_ACE_ROLL:
                text = shot_report(outs, [(0, 0)] * 2, STARTER, {}).plain
                assert ": rolled for a hole-in-one, target %d, rolled " % o[2] in text, text
                said.append(text[:2] + text[text.rindex(", "):])
    assert sorted(said) == ["P1, missed", "P2, in the cup!"]
