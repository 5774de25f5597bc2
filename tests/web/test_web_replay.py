"""A stored game's page (score sheet, standings, its replay on the drawn board) and a
course's heatmap of where balls landed, both from replaying real synced games."""

import json
import re

import pytest
from starlette.testclient import TestClient

from teebox.core import hexgrid
from teebox.core.holes18 import engine
from teebox.core.holes18.protocol import OUT_FLIGHT, OUT_OF_BOUNDS
from teebox_host.scoredb import ScoreDB
from teebox_host.web.app import create_app
from web_kit import T0, DAY, played


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """Two 18 Holes games and a Play Nine game, synced into a fresh score file."""
    path = tmp_path_factory.mktemp("replay") / "scores.sqlite3"
    games = [played("18-holes", "stroke", 3, 1), played("18-holes", "match", 4, 2),
             played("play-nine", "", 5, 3)]
    with ScoreDB(path, clock=lambda: T0 + 100 * DAY) as store:
        for _game, result in games:
            store.add_game(result)
    return path, games


@pytest.fixture
def client(stored):
    return TestClient(create_app(stored[0]))


def frames(html):
    return json.loads(re.search(r'<script type="application/json" id="frames">(.*?)</script>',
                                html, re.S).group(1))


def test_a_game_opens_with_its_score_sheet_and_a_replay_that_follows_every_golfer(
        client, stored):
    game, result = stored[1][0]
    r = client.get("/game/5eed0001/1")
    assert r.status_code == 200
    html = r.text
    assert "Stroke Play on" in html and result.course_name in html
    # the score sheet: a row per hole with each player's strokes
    for hole, par, scores in result.holes:
        assert f"<td>{hole}</td><td>{par}</td>" + "".join(f"<td>{s}</td>" for s in scores) in html
    data = frames(html)
    assert data["colours"][0] == "#ff0000"  # red: the first seat's colour on the table
    steps = data["frames"]
    # a step per golfer move: the first has both golfers on hole 1's tee, the last ends it
    assert steps[0]["caption"] == "Hole 1: everyone on the tee"
    assert sorted(s for seats in steps[0]["golfers"].values() for s in seats) == [1, 2]
    assert steps[-1]["caption"].endswith("game over")
    assert 100 < len(steps) < len(game.inputs)
    moved = [a for a, b in zip(steps, steps[1:]) if a["golfers"] != b["golfers"]]
    assert len(moved) >= len(steps) - 2  # every step but the last shows a golfer moving
    cells = html.count('<polygon class="cell"')
    assert cells == game.course.width * game.course.height


def test_a_game_without_a_board_shows_its_sheet_and_says_so(client, stored):
    _game, result = stored[1][2]
    r = client.get("/game/5eed0001/3")
    assert r.status_code == 200
    assert "Play Nine" in r.text and "no board to draw" in r.text
    assert 'id="frames"' not in r.text
    assert len(result.holes) == 9 and r.text.count("<tr><td>") >= 9


def test_unknown_or_malformed_games_get_a_4xx_with_a_reason(client):
    r = client.get("/game/5eed0001/99")
    assert r.status_code == 404 and "no game #99 of board 5eed0001 is stored" in r.text
    r = client.get("/game/5eed0001/seven")
    assert r.status_code == 400 and "named by its board and its number" in r.text


def test_a_course_heatmap_counts_every_ball_that_came_down(client, stored):
    games = [g for g, r in stored[1] if r.game == "18-holes"]
    course = games[0].course
    # Counted here from the rules' own outputs: every ball flight of both games (one
    # out of bounds from the tee box's edge, with no hex flown on the course, has
    # nowhere on the board to come down).
    expected = 0
    for g in games:
        again = engine.Game(g.course, g.clubs, g.shots, g.setup)
        for seat, choice in g.inputs:
            expected += sum(1 for o in again.apply(choice, seat) if o[0] == OUT_FLIGHT
                            and (o[4] != OUT_OF_BOUNDS or o[2]))
    r = client.get("/course/" + course.hash_hex())
    assert r.status_code == 200
    counts = [int(n) for n in re.findall(r'<polygon class="heat" data-count="(\d+)"', r.text)]
    assert sum(counts) == expected > 50
    assert f"{expected} shots of 2 games replayed" in r.text
    assert len(counts) > 10  # spread over the course, not piled on one hex


def test_recent_games_link_to_their_pages(client):
    html = client.get("/").text
    for n in (1, 2, 3):
        assert f'href="/game/5eed0001/{n}"' in html


def test_every_game_gets_its_own_leaderboard_ranked_as_that_game_ranks(client):
    html = client.get("/").text
    start = html.index('<section id="leaderboards">')
    boards = html[start:html.index("</section>", start)]
    nine = boards[boards.index(": Play Nine"):]
    # Play Nine: the lowest total wins, counted in points, no par to play against
    assert nine.index("fewest points win") < nine.index("</table>")
    assert "To par" not in nine[:nine.index("</table>")]
    stroke = boards[boards.index(": Stroke Play"):]
    assert stroke.index("fewest strokes win") < stroke.index("To par") < stroke.index("</table>")
    assert "most points win" in boards[boards.index(": Match Play"):]


def test_a_solo_chaos_golf_replay_follows_the_opponents_as_the_table_showed_them(tmp_path):
    """Rulebook (Solo Chaos Golf): "Reveal the top 1-point token for each opponent. This
    hole is the one they score at the next combined scoring phase." The table's LEDs put
    each opponent on that green; the stored game's replay draws them there too, after the
    player, by name and in the colours the LEDs gave them."""
    game, result = played("18-holes", "solo-chaos", 2, 1, players=1)
    path = tmp_path / "scores.sqlite3"
    with ScoreDB(path, clock=lambda: T0 + 100 * DAY) as store:
        store.add_game(result)
    html = TestClient(create_app(path)).get("/game/5eed0001/1").text
    data = frames(html)
    assert len(data["colours"]) == 4   # the player, then AI 1, AI 2, AI 3
    steps = data["frames"]
    # (the tokens are revealed once the deck is chosen: the first frames have the player)
    shown = [step for step in steps
             if sorted(s for seats in step["golfers"].values() for s in seats) == [1, 2, 3, 4]]
    assert shown
    width = game.course.width
    greens = set()
    for h in range(1, game.course.hole_count + 1):
        col, row = hexgrid.to_offset(*game.course.hole(h)[3:5])
        greens.add(row * width + col)
    for step in shown:
        assert all(int(cell) in greens for cell, seats in step["golfers"].items()
                   if set(seats) & {2, 3, 4})   # each opponent on a green
    assert any("AI " in step["caption"] for step in steps)   # they move on, by name
