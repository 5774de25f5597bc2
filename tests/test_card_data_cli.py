"""`teebox data check`: validates the shipped or edited card files and prints every problem."""

import json

import pytest
from typer.testing import CliRunner

from teebox_host.data_cmd import app
from teebox import shipped

runner = CliRunner()


def _shipped(name):
    return json.loads(open(shipped.data_path(name), encoding="utf-8").read())


@pytest.fixture
def clubs_file(tmp_path):
    """A writable copy of the shipped clubs.json: (path, data)."""
    path = tmp_path / "clubs.json"
    return path, _shipped("clubs.json")


def _write(path, data):
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return str(path)


def test_the_shipped_files_pass_with_a_summary():
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "clubs.json: OK, 34 base club cards (20 with 1-2 players, 24 with 3-4 players, " \
           "34 with 5 players) and 5 expansion cards" in result.output
    assert "shots.json: OK, 74 shot cards (C: 12, 2: 16, 3: 18, 4: 16, 5: 12)" in result.output
    assert "wind.json: OK, 22 wind cards (3 calm, 18 windy, 1 strong)" in result.output
    assert "greens.json: OK, 36 green cards (12/14/10 easy/medium/hard) and 7 putting dice a " \
           "player" in result.output


def test_an_edited_greens_file_is_checked_and_every_problem_named(tmp_path):
    data = _shipped("greens.json")
    data["greens"][5]["targets"][0] = None
    name = _write(tmp_path / "greens.json", data)
    result = runner.invoke(app, ["check", "--greens", name])
    assert result.exit_code == 1
    assert f"{name}: card G06: side 0 (where the fairway comes in) needs a target" \
        in result.output.splitlines()


def test_an_edited_wind_deck_names_the_card_and_the_fix(tmp_path):
    """Taming the Wind: "When the STRONG WIND card is played, flip the tile over while
    maintaining the orientation": a strong card given a direction is refused."""
    data = _shipped("wind.json")
    data["cards"][18]["direction"] = "TR"
    result = runner.invoke(app, ["check", "--wind", _write(tmp_path / "wind.json", data)])
    assert result.exit_code == 1
    assert ("wind.json: card strong-wind: only a windy card shows a direction: remove "
            "'direction' from this strong card") in result.output


def test_counts_of_one_are_in_the_singular(clubs_file):
    path, data = clubs_file
    # The greens expansion's mallet putter is the one expansion card left.
    data["clubs"] = [c for c in data["clubs"]
                     if c.get("expansion") is None or c["id"] == "mallet-putter"]
    result = runner.invoke(app, ["check", "--clubs", _write(path, data)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].endswith(") and 1 expansion card")


def test_every_problem_in_an_edited_file_is_printed_and_the_exit_code_is_1(clubs_file):
    path, data = clubs_file
    for club in data["clubs"]:
        if club["id"] == "5-wood-20":
            club["initiative"] = 12
        if club["id"] == "driver-34":
            club["big_hit"] = True
    name = _write(path, data)
    result = runner.invoke(app, ["check", "--clubs", name])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{name}: card 5-wood-20: initiative 12 is also on card 6-iron-12: base cards need " \
           "unique initiatives (they decide the play order)" in lines
    assert f"{name}: card driver-34: a club that draws from deck 5 cannot big hit " \
           "(there is no deck above 5)" in lines
    assert f"{name}: 2 problems" in lines
    # The other file is still checked and reported.
    assert any(line.endswith("shots.json: OK, 74 shot cards (C: 12, 2: 16, 3: 18, 4: 16, 5: 12)")
               for line in lines)


def test_both_files_can_be_given_and_both_are_reported(tmp_path, clubs_file):
    path, data = clubs_file
    shots = _shipped("shots.json")
    shots["decks"]["4"][0]["outcomes"][0]["rough"] = "SX"
    shots_name = _write(tmp_path / "shots.json", shots)
    result = runner.invoke(app, ["check", "--clubs", _write(path, data), "--shots", shots_name])
    assert result.exit_code == 1
    assert f"{path}: OK" in result.output
    assert f"{shots_name}: card 4-01: rough path 'SX' has a step that is not S, L or R" \
        in result.output


def test_a_deck_too_small_for_a_draw_is_named_with_what_it_holds_and_needs(tmp_path):
    shots = _shipped("shots.json")
    decks = shots["decks"]
    while len(decks["4"]) > 2:  # the total stays 74: only deck 4 is too small
        decks["3"].append(decks["4"].pop())
    name = _write(tmp_path / "shots.json", shots)
    result = runner.invoke(app, ["check", "--shots", name])
    assert result.exit_code == 1
    assert f"{name}: deck 4: holds 2 cards but a draw can need 3 (a two-card club's big " \
           "hit draws 3): add cards to it" in result.output.splitlines()


@pytest.mark.parametrize("text, where, what", [
    ('{\n  "about": [],\n  "clubs": [\n    {"id": "x" "name": "y"}\n  ]\n}\n',
     "line 4, column 16", "expected ',' or '}'"),
    ('{"about": [], "clubs": [1, 2,]}', "line 1, column 30",
     "a ',' before ']' (remove the trailing comma)"),
    ('{"about": [], "clubs": []', "line 1, column 26", "expected ',' or '}'"),
    ('{"about": [], "clubs": [] } x', "line 1, column 29", "unexpected text after the end"),
    ('{"about": [1.], "clubs": []}', "line 1, column 12", "malformed number"),
])
def test_bad_json_is_reported_with_line_and_column(tmp_path, text, where, what):
    path = tmp_path / "clubs.json"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", "--clubs", str(path)])
    assert result.exit_code == 1
    assert f"{path}: {where}: not valid JSON: {what}" in result.output


def test_deeply_nested_json_is_a_clear_error_not_a_traceback(tmp_path):
    """Issue 15: `teebox data check` of a deeply nested file ended in RecursionError."""
    path = tmp_path / "shots.json"
    path.write_text('{"decks": %s}' % ("[" * 100000 + "]" * 100000), encoding="utf-8")
    result = runner.invoke(app, ["check", "--shots", str(path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert f"{path}: lists [...] and objects {{...}} are nested more than 16 deep" \
        in result.output
    assert f"{path}: 1 problem" in result.output


def test_a_missing_file_is_named(tmp_path):
    missing = tmp_path / "nope.json"
    result = runner.invoke(app, ["check", "--shots", str(missing)])
    assert result.exit_code == 1
    assert f"{missing}: cannot read: No such file or directory" in result.output


def test_a_file_that_is_not_text_is_named(tmp_path):
    path = tmp_path / "clubs.json"
    path.write_bytes(b'{"about": ["\xff"]}')
    result = runner.invoke(app, ["check", "--clubs", str(path)])
    assert result.exit_code == 1
    assert f"{path}: not UTF-8 text (byte 12)" in result.output


def test_the_board_and_the_host_read_the_shipped_files_alike(micropython):
    # The same loader runs on the board: it must find the files next to the package
    # and read the same cards as CPython does.
    code = ("from teebox import shipped\n"
            "from teebox.core.holes18 import cards\n"
            "c = shipped.load_default_clubs()\n"
            "s = shipped.load_default_shots()\n"
            "print(len(c), ' '.join(str(len(s[d])) for d in cards.DECKS))\n"
            "print(shipped.data_path('clubs.json'))\n"
            "print(','.join(x.id for x in s['4']))\n")
    res = micropython.run(code=code)
    assert res.returncode == 0, res.stderr
    lines = res.output.splitlines()
    assert lines[0] == "39 12 16 18 16 12"
    assert lines[1] == "/fw/teebox/data/clubs.json"
    assert lines[2] == ",".join(x.id for x in shipped.load_default_shots()["4"])


def test_the_solo_chaos_golf_cards_are_checked_with_the_others(tmp_path):
    """Rulebook: "In the top right corner of each solo chaos golf card is the difficulty
    score for the card." "At the bottom of each card is a little flag indicator that tells
    you how many combined scoring rounds are on this card." "Every Solo Chaos Golf deck
    needs at least six combined scoring rounds." The shipped 24 cards pass with a
    summary; an edited file has every problem named by card and field."""
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "solo.json: OK, 24 Solo Chaos Golf cards (32 combined scoring rounds, " \
           "difficulty 1 to 10)" in result.output
    data = _shipped("solo.json")
    data["cards"][0]["rounds"] = "PPX"
    data["cards"][1]["difficulty"] = 0
    data["cards"][2]["id"] = data["cards"][3]["id"]
    data["cards"].pop()
    name = _write(tmp_path / "solo.json", data)
    result = runner.invoke(app, ["check", "--solo", name])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{name}: card solo-01: field 'rounds' must be 1 to 6 symbols, each P (player " \
           "only scoring) or C (combined scoring), not 'PPX'" in lines
    assert f"{name}: card solo-02: field 'difficulty' must be 1 to 20, not 0" in lines
    assert f"{name}: card solo-04: id is used by two cards (#3 and #4)" in lines
    assert f"{name}: 23 Solo Chaos Golf cards; the box holds 24" in lines
    data = _shipped("solo.json")
    for card in data["cards"]:
        card["rounds"] = "P"
    result = runner.invoke(app, ["check", "--solo", _write(tmp_path / "p.json", data)])
    assert "no deck reaches the 6 every Solo Chaos Golf deck needs" in result.output
