"""Golden games: committed game logs replay to the committed scorecards, on CPython and
inside MicroPython alike.

``tests/golden/NAME.tbgl`` is a game log (``gamelog.encode``) of a bot game and
``tests/golden/NAME.json`` its expected final scorecard: every score in the order
it was scored (``[hole, seat, kind, points]``), hole-in-ones, the longest drive,
the standings and the engine's state digest. Both files are data; the test replays
the log under CPython and inside MicroPython and compares each result with the
JSON file (and with each other), so any change to the rules engine, the card data
or a built-in course that changes how these games play shows up here.

When such a change is intended, regenerate the files and review the diff:

    python tests/test_golden_game.py

It plays every game in ``GAMES`` again with its fixed seed and fixed SensibleBot
seeds, writes the log, replays it with ``SUMMARY`` (the same code the test runs)
and writes the JSON.
"""

import json
from pathlib import Path

import pytest

from teebox.core.holes18 import bots, engine, gamelog
from teebox.core.holes18.protocol import FLAG, GREEN_REACHED, STROKES, TOKEN_1
from teebox_host import scorecard
from teebox import shipped

GOLDEN = Path(__file__).resolve().parent / "golden"

# name: (course, mode, players, game seed, bot seeds)
GAMES = {
    "championship-match-3": ("championship", "match", 3, 18, (101, 102, 103)),
    "nine-stroke-3": ("nine", "stroke", 3, 9, (201, 202, 203)),
    "championship-racing-4": ("championship", "racing", 4, 27, (301, 302, 303, 304)),
}

# Runs unchanged under CPython and MicroPython: replays a log, collecting what the
# final scorecard shows, and checks the engine's own replay agrees.
SUMMARY = """
import json
from teebox.core import course
from teebox.core.holes18 import cards, engine, gamelog
from teebox.core.holes18.protocol import OUT_HOLE_IN_ONE, OUT_SCORED
from teebox import shipped


def golden_summary(name, data):
    crs = shipped.load_builtin(name)
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    log = gamelog.decode(data)
    game = engine.Game(crs, clubs, shots, log.setup)
    scored = []
    hole_in_ones = []
    for seat, choice in log.inputs:
        for out in game.apply(choice, seat):
            if out[0] == OUT_SCORED:
                scored.append([out[2], out[1], out[3], out[4]])
            elif out[0] == OUT_HOLE_IN_ONE:
                hole_in_ones.append([out[1], out[2]])
    digest = gamelog.replay(log, crs, clubs, shots).state_digest()
    assert digest == game.state_digest(), "two replays of one log differ"
    return {"course": crs.hash_hex(), "mode": log.setup.mode, "players": log.setup.players,
            "seed": log.setup.seed, "inputs": len(log.inputs), "over": game.over,
            "scored": scored, "hole_in_ones": hole_in_ones,
            "longest_drive": game.longest_drive,
            "standings": [list(row) for row in game.standings()], "digest": digest}
"""


def cpython_summary(name, data):
    """SUMMARY run under CPython, as JSON-shaped data."""
    scope = {}
    exec(SUMMARY, scope)
    return json.loads(json.dumps(scope["golden_summary"](name, data)))


def micropython_summary(micropython, name, data):
    """SUMMARY run inside MicroPython, with the log passed in as a hex literal."""
    code = SUMMARY + "\nprint(json.dumps(golden_summary(%r, bytes.fromhex(%r))))\n" % (
        name, data.hex())
    res = micropython.run(code=code)
    assert res.returncode == 0, res.stderr
    return json.loads(res.output)


def load(name):
    data = (GOLDEN / (name + ".tbgl")).read_bytes()
    expected = json.loads((GOLDEN / (name + ".json")).read_text())
    return GAMES[name][0], data, expected


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_log_replays_to_the_expected_scorecard_on_cpython(name):
    crs_name, data, expected = load(name)
    assert cpython_summary(crs_name, data) == expected


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_log_replays_to_the_expected_scorecard_inside_micropython(micropython, name):
    crs_name, data, expected = load(name)
    got = micropython_summary(micropython, crs_name, data)
    assert got == expected
    assert got == cpython_summary(crs_name, data)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_host_scorecard_of_a_golden_game_matches_the_expected_file(name):
    crs_name, data, expected = load(name)
    log = gamelog.decode(data)
    game = engine.Game(shipped.load_builtin(crs_name), shipped.load_default_clubs(),
                       shipped.load_default_shots(), log.setup)
    tally, _results = scorecard.tally_inputs(game, log.inputs)
    card = tally.card()
    assert card == {key: expected[key] for key in card}


def test_the_golden_match_play_game_follows_the_rules_of_the_card():
    _crs, _data, expected = load("championship-match-3")
    assert (expected["mode"], expected["players"], expected["over"]) == ("match", 3, True)
    holes = {}
    for hole, seat, kind, points in expected["scored"]:
        assert kind in (FLAG, TOKEN_1) and points == 1
        holes.setdefault(hole, []).append(kind)
    # Every hole was won by someone: one flag, and 1-point tokens for the others there too.
    assert sorted(holes) == list(range(1, 19))
    assert all(kinds[0] == FLAG and kinds.count(FLAG) == 1 for kinds in holes.values())
    _check_standings(expected)


def test_the_golden_stroke_play_game_scores_every_hole_for_everyone():
    _crs, _data, expected = load("nine-stroke-3")
    assert (expected["mode"], expected["players"], expected["over"]) == ("stroke", 3, True)
    per_seat = {}
    for hole, seat, kind, points in expected["scored"]:
        assert kind == STROKES and points >= 1
        per_seat.setdefault(seat, []).append(hole)
    assert {s: sorted(h) for s, h in per_seat.items()} == {s: list(range(1, 10)) for s in range(3)}
    _check_standings(expected)


def test_the_golden_golf_racing_game_reaches_every_green_in_order():
    """Rulebook (Golf Racing): "Players must visit every green in order. The first player
    to reach the 18th green wins." Each racer scores its greens one after another from
    the first; the winner's run ends on the 18th."""
    _crs, _data, expected = load("championship-racing-4")
    assert (expected["mode"], expected["players"], expected["over"]) == ("racing", 4, True)
    per_seat = {}
    for hole, seat, kind, points in expected["scored"]:
        assert kind == GREEN_REACHED and points == 1
        per_seat.setdefault(seat, []).append(hole)
    assert all(holes == list(range(1, len(holes) + 1)) for holes in per_seat.values())
    winners = [row[1] for row in expected["standings"] if row[0] == 1]
    assert winners and all(per_seat[s][-1] == 18 for s in winners)
    _check_standings(expected)


def _check_standings(expected):
    # The standings are the sum of what was scored, best first (lowest for Stroke Play).
    totals = [0] * expected["players"]
    for _hole, seat, _kind, points in expected["scored"]:
        totals[seat] += points
    rows = expected["standings"]
    assert sorted(row[1] for row in rows) == list(range(expected["players"]))
    for place, seat, score, _hio in rows:
        assert score == totals[seat]
    scores = [row[2] for row in rows]
    assert scores == sorted(scores, reverse=expected["mode"] != "stroke")


def _pretty(summary):
    # One key a line, and one row a line for the tables, so a diff shows what changed.
    items = []
    for key, value in summary.items():
        if isinstance(value, list) and value and isinstance(value[0], list):
            text = "[\n  " + ",\n  ".join(json.dumps(row) for row in value) + "\n ]"
        else:
            text = json.dumps(value)
        items.append(" %s: %s" % (json.dumps(key), text))
    return "{\n" + ",\n".join(items) + "\n}\n"


def write_golden():
    """Play every game in GAMES and write its log and expected scorecard."""
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    GOLDEN.mkdir(exist_ok=True)
    for name, (crs_name, mode, players, seed, bot_seeds) in sorted(GAMES.items()):
        game = engine.Game(shipped.load_builtin(crs_name), clubs, shots,
                           engine.Setup(players, mode, seed=seed))
        bots.play_game(game, [bots.SensibleBot(s) for s in bot_seeds])
        data = gamelog.encode(gamelog.of(game))
        (GOLDEN / (name + ".tbgl")).write_bytes(data)
        (GOLDEN / (name + ".json")).write_text(_pretty(cpython_summary(crs_name, data)))
        print("wrote %s.tbgl (%d bytes, %d inputs) and %s.json" % (
            name, len(data), len(game.inputs), name))


if __name__ == "__main__":
    write_golden()
