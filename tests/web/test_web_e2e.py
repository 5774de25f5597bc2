"""`teebox serve` in a real headless Chromium (Debian's, driven by Playwright): the
history's plots render with a point per game, on a phone's width too, and the live
page follows a virtual board's LED frames.

Set ``TEEBOX_WEB_SHOTS=docs`` to write the README's screenshots there.
"""

import os
import sys
from pathlib import Path

import pytest

from teebox_host.virtual_board import VirtualBoard
from teebox_host.web.app import create_app
from teebox_host.web.live import LiveBoard
from web_kit import HILLS, Server, fill

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from link_fakes import record_frames  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# No network here but loopback: Chromium must not try to reach anything else.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1100, "height": 900}
WAIT_MS = 60000   # generous: the machine may be busy (never a measure of speed)


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        why = f"{CHROMIUM} is missing: install Debian's chromium (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def new_page(browser, viewport):
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(WAIT_MS)
    page.set_default_navigation_timeout(WAIT_MS)
    return page


def shot(page, name):
    """Keep a screenshot for the README when TEEBOX_WEB_SHOTS names a folder."""
    folder = os.environ.get("TEEBOX_WEB_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def test_history_plots_a_point_per_game_and_fits_a_phone(browser, tmp_path):
    db = tmp_path / "scores.sqlite3"
    fill(db)
    with Server(create_app(db)) as server:
        page = new_page(browser, PHONE)
        page.goto(server.url + "/")
        points = page.locator("#par-plot svg.plot circle.point")
        # Alice 3, Bob 3, Eve 1 Stroke Play games (web_kit.GAMES)
        assert points.count() == 7
        box = page.locator("#par-plot svg.plot").bounding_box()
        assert box is not None and 300 < box["width"] <= PHONE["width"]
        for i in range(points.count()):
            dot = points.nth(i).bounding_box()
            assert dot is not None and dot["x"] >= box["x"] and dot["y"] >= box["y"]
        # nothing sticks out sideways: wide tables scroll inside their box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.get_by_role("link", name="Alice").first.click()
        page.wait_for_url("**/player/Alice")
        assert page.locator("#par-plot circle.point").count() == 3
        page.goto(f"{server.url}/course/{HILLS}")
        assert page.locator("#hole-plot circle.point").count() == 15
        page.close()
        page = new_page(browser, LAPTOP)
        page.goto(server.url + "/")
        shot(page, "web-history.png")
        page.goto(f"{server.url}/course/{HILLS}")
        shot(page, "web-course.png")
        page.close()


@pytest.fixture
def board():
    vb = VirtualBoard()
    vb.start()
    live = LiveBoard(vb)
    live.start()
    yield live
    live.stop()
    vb.stop()


def fills(page):
    return page.eval_on_selector_all("#board polygon.cell",
                                     "cells => cells.map(c => c.getAttribute('fill'))")


def drawn(page):
    """``(the picture's id, its cells)`` as the page shows them, read at once."""
    return page.evaluate("""() => {
        const svg = document.getElementById('board');
        return [Number(svg.dataset.ledFrame),
                [...svg.querySelectorAll('polygon.cell')].map(c => c.getAttribute('fill'))];
    }""")


def test_the_live_page_draws_a_board_on_a_serial_port_move_by_move(browser, tmp_path):
    # The page follows the board's port alone, as `teebox serve --port` follows a real
    # board: every picture it draws is the board's LED frame when that picture came.
    with VirtualBoard() as vb:
        frames = record_frames(vb)
        watcher = LiveBoard(port=vb.port)
        with Server(create_app(tmp_path / "scores.sqlite3", watcher)) as server:
            watcher.start()
            try:
                page = new_page(browser, PHONE)
                page.goto(server.url + "/live")
                page.wait_for_selector("#board[data-led-frame]", timeout=WAIT_MS)
                frame, cells = drawn(page)
                assert cells == frames[frame]
                mode, players = vb.demo_games()[0]
                for move in range(1, 7):
                    vb.play(mode, players, seed=5, inputs=move)
                    after = vb.table.loop.led_view().id
                    page.wait_for_function("n => Number(document.getElementById('board')"
                                           ".dataset.ledFrame) >= n", arg=after,
                                           timeout=WAIT_MS)
                    frame, cells = drawn(page)
                    assert cells == frames[frame], f"after move {move}"
                assert page.locator("#status").text_content().startswith("Live")
                # the game's events make its live scorecard: a row a player
                page.wait_for_selector("#scorecard:not([hidden]) tbody tr", timeout=WAIT_MS)
                assert page.locator("#scorecard tbody tr").count() == players
                assert page.locator("#oled").is_hidden()   # a board on a port has no OLED text
                page.close()
            finally:
                watcher.stop()


def test_the_live_page_says_the_cable_is_out_and_comes_back_with_the_board(browser, tmp_path):
    cable = tmp_path / "ttyTEEBOX"   # the board's port, as it is named again when plugged in
    watcher = LiveBoard(port=str(cable))
    with Server(create_app(tmp_path / "scores.sqlite3", watcher)) as server, \
            VirtualBoard() as first:
        watcher.start()
        try:
            page = new_page(browser, PHONE)
            page.goto(server.url + "/live")
            page.wait_for_function("document.getElementById('status').textContent"
                                   ".includes('not answering')", timeout=WAIT_MS)
            frames = record_frames(first)
            cable.symlink_to(first.port)   # plugged in
            page.wait_for_selector("#board[data-led-frame]:not(.stale)", timeout=WAIT_MS)
            frame, cells = drawn(page)
            assert cells == frames[frame]
            first.drop_line()              # pulled out: the last picture stays, greyed
            page.wait_for_selector("#board.stale", timeout=WAIT_MS)
            assert "not answering" in page.locator("#status").text_content()
            with VirtualBoard() as second:
                frames = record_frames(second)
                cable.unlink()
                cable.symlink_to(second.port)   # plugged in again
                page.wait_for_selector("#board:not(.stale)", timeout=WAIT_MS)
                page.wait_for_function(
                    "id => document.getElementById('events').textContent.includes(id)",
                    arg=second.board_id, timeout=WAIT_MS)
                mode, players = second.demo_games()[0]
                second.play(mode, players, seed=5, inputs=1)
                after = second.table.loop.led_view().id
                page.wait_for_function("n => Number(document.getElementById('board')"
                                       ".dataset.ledFrame) >= n", arg=after, timeout=WAIT_MS)
                frame, cells = drawn(page)
                assert cells == frames[frame]
            page.close()
        finally:
            watcher.stop()


def test_live_page_draws_the_board_from_its_led_frame_and_follows_it(browser, board, tmp_path):
    with Server(create_app(tmp_path / "scores.sqlite3", board)) as server:
        page = new_page(browser, PHONE)
        page.goto(server.url + "/live")
        page.wait_for_selector("#board[data-frames]", timeout=WAIT_MS)
        snap = board.snapshot()
        assert page.locator("#board polygon.cell").count() == snap["width"] * snap["height"]
        # the start menu stands still: the page shows the LED frame as it is
        assert fills(page) == snap["cells"]
        page.wait_for_function("document.getElementById('events').textContent"
                               ".includes('watching board')", timeout=WAIT_MS)
        before = fills(page)
        board.vb.play("stroke", 2, seed=1, inputs=1)  # a game starts, the bots make a choice
        page.wait_for_function("before => [...document.querySelectorAll('#board polygon.cell')]"
                               ".some((c, i) => c.getAttribute('fill') !== before[i])",
                               arg=before, timeout=WAIT_MS)
        assert page.locator("#board text.golfer").count() >= 1
        page.wait_for_function("document.getElementById('events').textContent"
                               ".includes('game 1 started')", timeout=WAIT_MS)
        page.close()
        page = new_page(browser, LAPTOP)
        page.goto(server.url + "/live")
        page.wait_for_selector("#board text.golfer", timeout=WAIT_MS)
        shot(page, "web-live.png")
        page.close()


def test_a_new_course_is_drawn_and_its_options_change_it(browser, tmp_path):
    with Server(create_app(tmp_path / "scores.sqlite3")) as server:
        page = new_page(browser, PHONE)
        page.goto(server.url + "/new-course")     # no seed: one is picked, the address keeps it
        page.wait_for_url("**/new-course?holes=18&difficulty=normal&seed=*")
        assert page.locator("#course svg.hexes polygon.cell").count() == 24 * 16
        assert page.locator("#course svg.hexes text.mark").count() == 18
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.select_option("select[name=holes]", "9")
        page.select_option("select[name=difficulty]", "relaxed")
        page.fill("input[name=seed]", "42")
        page.get_by_role("button", name="Show").click()
        page.wait_for_url("**/new-course?holes=9&difficulty=relaxed&seed=42")
        assert page.locator("#course svg.hexes text.mark").count() == 9
        assert page.locator("#holes tbody tr").count() == 9
        page.close()
        page = new_page(browser, LAPTOP)
        page.goto(server.url + "/new-course?holes=9&difficulty=relaxed&seed=42")
        shot(page, "web-newcourse.png")
        page.close()
