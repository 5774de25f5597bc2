"""A stored game's replay in a real headless Chromium: the board is drawn, the golfers
step through the game with the buttons and the arrow keys, on a phone's width."""

from teebox_host.scoredb import ScoreDB
from teebox_host.web.app import create_app
from test_web_e2e import PHONE, Server, browser, new_page, shot  # noqa: F401 (fixture)
from web_kit import DAY, T0, played


def golfers(page):
    return page.eval_on_selector_all(
        "#replay circle.golfer", "dots => dots.map(d => [d.dataset.seat, d.getAttribute('cx'), "
                                 "d.getAttribute('cy')].join(' '))")


def test_a_stored_game_replays_step_by_step_on_its_board(browser, tmp_path):  # noqa: F811
    db = tmp_path / "scores.sqlite3"
    game, result = played("18-holes", "stroke", 3, 1)
    with ScoreDB(db, clock=lambda: T0 + 100 * DAY) as store:
        store.add_game(result)
    with Server(create_app(db)) as server:
        page = new_page(browser, PHONE)
        page.goto(server.url + "/")
        page.locator("#recent a[href='/game/5eed0001/1']").click()
        page.wait_for_url("**/game/5eed0001/1")
        assert page.locator("#replay polygon.cell").count() == \
            game.course.width * game.course.height
        assert page.locator("#caption").text_content() == "Hole 1: everyone on the tee"
        start = golfers(page)
        assert sorted(g.split()[0] for g in start) == ["1", "2"]
        page.locator("#next").click()
        assert page.locator("#caption").text_content().startswith("Hole 1, round 1:")
        assert golfers(page) != start           # a golfer moved
        page.keyboard.press("ArrowLeft")         # and back again
        assert golfers(page) == start
        page.keyboard.press("End")
        assert page.locator("#caption").text_content().endswith("game over")
        steps = page.evaluate(
            "JSON.parse(document.getElementById('frames').textContent).frames.length")
        assert page.locator("#step").text_content() == f"step {steps} of {steps}"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(page, "web-replay.png")
        page.close()
