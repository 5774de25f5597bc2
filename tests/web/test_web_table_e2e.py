"""The table in the browser, in a real headless Chromium (Debian's, driven by Playwright):
the firmware boots in the page's MicroPython WebAssembly runtime, a game is set up and a
hole played with clicks on the page's buttons and card box, and a finished game sent from
the page appears in the score history.

The clicks are scripted: the bots of ``app/script.py`` (the page's ``teeboxTable`` hook)
say which button or card a player would use next, and the test clicks it as a player
would. Set ``TEEBOX_WEB_SHOTS=docs`` to write the README's screenshot there.
"""

import re

from test_web_e2e import LAPTOP, PHONE, Server, browser, new_page, shot  # noqa: F401 (fixture)

from teebox_host.scoredb import ScoreDB
from teebox_host.web.app import create_app

SEED = 4
HOLD_MS = 1200     # a hold: the buttons report a long press after 800 ms of the table's clock


def open_table(browser, url, viewport=LAPTOP):
    page = new_page(browser, viewport)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/table")
    page.wait_for_function("window.teeboxTable && window.teeboxTable.ready")
    return page, errors


def oled(page):
    return page.locator("#oled").text_content()


def golfers(page):
    """The golfers drawn on the board: [(seat numbers, x, y)]."""
    return page.eval_on_selector_all(
        "#board text.golfer",
        "ts => ts.map(t => [t.textContent, t.getAttribute('x'), t.getAttribute('y')])")


def click_line(page, line):
    """Do what a script line says with the page's buttons and card box, as a player."""
    words = line.split()
    if words[0] == "press":
        for _ in range(int(words[2]) if len(words) > 2 else 1):
            page.click(f'.pad [aria-label="{words[1]}"]')
    elif words[0] == "hold":
        page.hover(f'.pad [aria-label="{words[1]}"]')
        page.mouse.down()
        page.wait_for_timeout(HOLD_MS)
        page.mouse.up()
    elif words[0] == "scan":
        page.click(f'#cards button[data-id="{words[1].split(":", 1)[1]}"]')
    elif words[0] == "wait":
        page.wait_for_timeout(int(words[1]))
    else:  # the next game's shuffle: the page has no button for it
        assert words[0] == "seed"
        assert page.evaluate("line => teeboxTable.runScript(line)", line) == ""
    page.wait_for_function("!teeboxTable.busy()")


def bot_lines(page, mode, players):
    return page.evaluate("([m, p, s]) => teeboxTable.botLines(m, 'starter', p, s)",
                         [mode, players, SEED])


def test_the_browser_table_sets_up_a_game_and_plays_a_hole_with_clicks(browser, tmp_path):
    with Server(create_app(tmp_path / "scores.sqlite3")) as server:
        page, errors = open_table(browser, server.url)
        assert page.locator("#board polygon.cell").count() == 24 * 16
        assert "> New game" in oled(page)
        seen = set()
        # setup: every step the display asks, answered with clicks
        while page.evaluate("teeboxTable.snapshot.title").find("hole 1") < 0:
            for line in bot_lines(page, "stroke", 1):
                click_line(page, line)
            seen.add(oled(page).split("\n")[0])
            assert len(seen) < 20, "the setup did not end"
        assert {"Game", "1 Game mode", "2 Course", "3 Players"} <= seen
        assert page.locator("#title").text_content() == "Starter Course \u00b7 hole 1 \u00b7 round 1"
        tee = golfers(page)
        assert [g[0] for g in tee] == ["1"]          # P1 stands on the first tee
        hand = page.locator("#cards .hand").first
        assert hand.locator("h3").text_content() == "P1 red"
        assert hand.locator("button.card").count() == 5
        # hole 1: clubs laid from the card box, aims and moves with the buttons
        spots = [tee[0]]
        assert "Lay your club" in oled(page)
        for _ in range(40):
            if "hole 2" in page.locator("#title").text_content():
                break
            for line in bot_lines(page, "stroke", 1):
                click_line(page, line)
            now = golfers(page)
            if now and now[0] != spots[-1]:
                spots.append(now[0])
        else:
            raise AssertionError("hole 1 did not end within 40 decisions")
        assert len(spots) >= 2 and spots[1] != tee[0]   # the ball flew, the golfer followed
        assert oled(page).startswith("Hole 2")
        # the clubs played so far are struck through in P1's hand
        played = hand.locator("button.card.played")
        assert played.count() >= 1
        assert re.search(r"Starter Course \u00b7 hole 2 \u00b7 round \d+",
                         page.locator("#title").text_content())
        shot(page, "web-table.png")
        assert errors == []
        page.close()


def test_a_game_finished_in_the_browser_is_sent_to_the_score_history(browser, tmp_path):
    db = tmp_path / "scores.sqlite3"
    with Server(create_app(db)) as server:
        page, errors = open_table(browser, server.url, PHONE)
        # nothing sticks out sideways on a phone
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.locator("#send").is_disabled()
        # the bots play a whole game at once through the page's script hook
        page.evaluate("""([m, p, s]) => {
            for (let i = 0; i < 5000; i++) {
                const lines = teeboxTable.botLines(m, 'starter', p, s);
                if (!lines.length) return;
                const said = teeboxTable.runScript(lines.join('\\n'));
                if (said) throw new Error(said);
            }
        }""", ["stroke", 2, SEED])
        page.wait_for_function("teeboxTable.snapshot.over")
        assert "1 finished game waiting" in page.locator("#waiting").text_content()
        page.click("#send")
        page.wait_for_selector("#sent a")
        assert "is in the score history" in page.locator("#sent").text_content()
        page.wait_for_function("teeboxTable.snapshot.waiting.length === 0")
        page.click("#sent a")
        page.wait_for_url(server.url + "/")
        recent = page.locator("#recent tbody tr")
        assert recent.count() == 1
        assert "Starter Course" in recent.text_content()
        assert "Red" in recent.text_content() and "Yellow" in recent.text_content()
        assert errors == []
        page.close()
    with ScoreDB(db) as store:
        assert store.count_games() == 1
