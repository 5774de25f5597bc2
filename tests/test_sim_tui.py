"""`teebox sim` in the terminal: the table app on simulated hardware, driven by keys.

The app runs headless (textual's ``run_test``); without ``realtime`` the
tests move the simulated clock themselves (``LiveTable.settle``), so a whole
game plays in seconds.
"""

import asyncio
import io
from contextlib import asynccontextmanager
import json
from pathlib import Path

import pytest
import typer
from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.widgets import Input, Static
from typer.testing import CliRunner

from teebox import profile as profile_mod
from teebox.app import script
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.bindings import demo_uid
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.palette import PLAYERS, TERRAIN, rgb
from teebox.core import hexgrid, terrain
from teebox.core.holes18.protocol import (
    CHOOSE_ACTION, CHOOSE_DECK, DISCARD_FOR_HITTER, FLAG, HIT_DIRECTION, OUT_FLIGHT, OUT_GUST,
    OUT_OF_BOUNDS, OUT_PENALTY, SELECT_CLUB, WATER)
from teebox.core.playnine import cards
from teebox.core.playnine.protocol import FROM_DECK, PLACE_CARD
from teebox.hal import buttons as B
from teebox.hal.store import FileStore
from teebox.app.presenters.holes18 import BAG
from teebox.app.presenters.holes18 import presenter_autoplay as holes18_autoplay
from teebox_host import datadir, sim_cmd, sim_tui, simfaces
from teebox_host.simfaces import holes18 as holes18_face

SIZE = (130, 42)
# The keys the tests press for each table button.
KEYS = {"E": "d", "NE": "e", "NW": "w", "W": "a", "SW": "z", "SE": "x", "OK": "enter",
        "BACK": "backspace"}


def run(coro):
    return asyncio.run(coro)


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """The user's data folder, where `teebox sim` keeps its board's store: a new one."""
    folder = tmp_path / "data"
    monkeypatch.setattr(datadir, "user_data_dir", lambda: folder)
    return folder


def widget_text(app, wid):
    """The plain text a panel of the table screen shows."""
    content = app.table_screen.panels[wid].content
    return content.plain if hasattr(content, "plain") else str(content)


def scorecard_text(app):
    """The scorecard panel as plain text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.table_screen.panels["scorecard"].content)
    return console.export_text()


def board_bg(text, col, row, width=24):
    """The background colour of board cell ``(col, row)`` in the board's rich Text."""
    offset = sum((r & 1) + 2 * width + 1 for r in range(row)) + (row & 1) + 2 * col
    style = text.get_style_at_offset(Console(), offset)
    return style.bgcolor.triplet if style.bgcolor is not None else None


def near(a, b, slack=16):
    """Colours equal but for the rounding of gamma at the profile's brightness cap."""
    return all(abs(x - y) <= slack for x, y in zip(a, b))


def first_cell(course, kind):
    """The axial ``(q, r)`` of the first cell of terrain ``kind``."""
    cells = [hexgrid.from_offset(col, row)
             for row in range(course.height) for col in range(course.width)]
    return next(cell for cell in cells if course.terrain(*cell) == kind)


def cell_of(course, q, r):
    return hexgrid.cell_index(q, r, course.width)


async def lay_card(pilot, typed):
    """Open the picker, type ``typed`` and lay the highlighted card."""
    await pilot.press("c")
    await pilot.press(*typed)
    await pilot.press("enter")


@asynccontextmanager
async def game_app(sim, size=SIZE):
    """The app on ``sim`` (the test moves its clock) after OK, so its game has begun:
    ``(app, pilot)``."""
    app = sim_tui.SimApp(sim, realtime=False)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        sim.settle()
        yield app, pilot


def key_presser(pilot, sim, app):
    """``await keys(*names)``: press keys, let the table take them in and redraw; returns
    the OLED's text."""
    async def keys(*names):
        await pilot.press(*names)
        sim.settle()
        app.redraw()
        await pilot.pause()
        return widget_text(app, "oled")
    return keys


async def lay_club(pilot, sim, club):
    """Lay club card ``club`` from the picker, typing the shortest part of its id that
    only it matches (as a player narrows the list down)."""
    cid = sim.clubs[club].id
    picker = sim_tui.CardPicker(sim.clubs, sim.card_groups())
    typed = next(cid[i:i + n] for n in range(1, len(cid) + 1) for i in range(len(cid) - n + 1)
                 if [m[1] for m in picker.matches(cid[i:i + n])] == [club])
    await lay_card(pilot, typed)


def started(seed=3, **setup):
    """A LiveTable whose setup waits at "Start?" (match play, starter, 2 players)."""
    sim = sim_tui.LiveTable(seed=seed)
    sim.prefill(**setup)
    return sim


# ---------------------------------------------------------------- the board


def test_board_cells_show_the_led_frame():
    sim = started()

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")   # Start? OK: the game begins
            sim.settle()
            app.redraw()
            await pilot.pause()
            text = app.table_screen.panels["board"].content
            crs = sim.table.course
            g = sim.table.game
            renderer = sim.loop.renderer
            _par, tq, tr, gq, gr = crs.hole(2)
            water = [c for c in range(crs.width * crs.height) if crs.cells()[c] == terrain.WATER]
            golfer = cell_of(crs, g.players[0].q, g.players[0].r)
            for cell in (cell_of(crs, tq, tr), cell_of(crs, gq, gr), water[0], golfer):
                col, row = cell % crs.width, cell // crs.width
                assert board_bg(text, col, row) == renderer.rgb_of_cell(cell) \
                    == sim.cell_rgb(col, row)
            # Terrain cells in their terrain colour, golfers in a seat colour (as near as
            # the strip's brightness steps give them back).
            col, row = water[0] % crs.width, water[0] // crs.width
            assert near(board_bg(text, col, row), rgb(TERRAIN, terrain.WATER))
            col, row = golfer % crs.width, golfer // crs.width
            assert [s for s in (0, 1) if near(board_bg(text, col, row), rgb(PLAYERS, s))]
            # Odd rows are pushed one character east, every cell is two characters.
            lines = text.plain.split("\n")
            assert len(lines) == 16
            assert all(len(line) == 48 + (i & 1) for i, line in enumerate(lines))
            # The golfers carry their seat numbers, tee boxes and greens their hole.
            def label(cell):
                col, row = cell % crs.width, cell // crs.width
                return lines[row][(row & 1) + 2 * col:(row & 1) + 2 * col + 2]
            assert label(golfer) == "12"
            # (T and G tell them from golfers: a legend under the board says so)
            assert label(cell_of(crs, tq, tr)) == "T2" and label(cell_of(crs, gq, gr)) == "G2"
            assert app.table_screen.panels["board"].border_subtitle == sim_tui.BOARD_LEGEND
            assert "1 2 golfers" in sim_tui.BOARD_LEGEND and "T1 G1 tee, green" in (
                sim_tui.BOARD_LEGEND)
            assert app.table_screen.panels["board"].border_title.startswith(
                "Starter Course \u00b7 hole 1 \u00b7 round 1")
    run(go())


def test_a_chaos_teams_board_numbers_both_golfers_of_each_team():
    """Chaos Teams: "Each team has two golfers": the simulator's board carries the team's
    number on both its golfers, the one its turn moves and the other."""
    sim = started(mode="teams", players=2)
    sim.press(B.OK)  # Start? OK: the game begins
    sim.settle()
    g = sim.table.game
    crs = sim.table.course
    _par, tq, tr, gq, gr = crs.hole(2)
    g.mode.other[0] = [tq, tr]  # test set-up only: team 1's other golfer on hole 2's tee
    sim.table.presenter.resumed()  # the LEDs as the game stands
    lines = sim_tui.board_text(sim).plain.split("\n")

    def label(q, r):
        cell = cell_of(crs, q, r)
        col, row = cell % crs.width, cell // crs.width
        return lines[row][(row & 1) + 2 * col:(row & 1) + 2 * col + 2]
    assert label(g.players[0].q, g.players[0].r) == "12"  # team 1's golfer and team 2's
    assert label(tq, tr) == " 1"


def test_board_follows_the_frame_as_it_changes():
    sim = started()

    async def go():
        async with game_app(sim) as (app, pilot):
            # Both lay a club: P1's turn, the active golfer pulses.
            await lay_card(pilot, "driver")
            await lay_card(pilot, "3 wood")
            sim.settle()
            assert sim.table.d.kind == CHOOSE_ACTION
            crs = sim.table.course
            p = sim.table.game.players[sim.table.d.player]
            cell = cell_of(crs, p.q, p.r)
            col, row = cell % crs.width, cell // crs.width
            seen = set()
            for _ in range(12):
                sim.advance(90)
                app.redraw()
                bg = board_bg(app.table_screen.panels["board"].content, col, row)
                assert bg == sim.cell_rgb(col, row)
                seen.add(bg)
            assert len(seen) > 2, "the active golfer's pulse should show on the board"
    run(go())


# ---------------------------------------------------------------- buttons


def test_a_bot_is_seated_with_the_keys_and_plays_its_own_turns():
    # Holding OK at the players step opens the bots step; a person alone then plays
    # Match Play against the bot, which chooses its club and plays without any key.
    sim = sim_tui.LiveTable(seed=5)

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            keys = key_presser(pilot, sim, app)
            await keys("enter", "enter", "enter", "enter")  # game, mode, course: defaults
            assert sim.table.setup.step == sf.S_PLAYERS
            await keys("l")                              # hold OK: which players are bots
            assert sim.table.setup.step == sf.S_BOTS
            assert "Setting up: bots" in widget_text(app, "status")
            await keys("e")                              # NE: player 2 becomes a bot
            assert "P2 yellow*" in widget_text(app, "oled")
            await keys("enter", "enter", "enter", "enter", "enter", "enter")  # seats, hands,
            # out of bounds, golfer cards, expansion, start?
            assert "Start?" in widget_text(app, "oled")
            await keys("enter")
            assert sim.table.game is not None
            await lay_card(pilot, ["D", "r", "i", "v", "e", "r"])  # P1 lays the Driver
            sim.settle()
            app.redraw()
            await pilot.pause()
            g = sim.table.game
            assert g.pending().kind != SELECT_CLUB       # the bot has chosen too
            sim.advance(3000)                            # the bot takes its turn unasked
            app.redraw()
            await pilot.pause()
            # This seed's bot goes first with a big hit: the person on its left (P1)
            # throws one of its cards away, and the status line names P1, not the bot.
            d = g.pending()
            assert d.kind == DISCARD_FOR_HITTER and d.player == 1 and d.players == (0,)
            assert widget_text(app, "status").startswith("P1 red: discard for hitter")
    run(go())


def test_keys_press_the_table_buttons():
    sim = sim_tui.LiveTable(seed=1)

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            keys = key_presser(pilot, sim, app)
            assert "TEEBOX" in widget_text(app, "oled")
            assert "18 Holes" in await keys("enter")              # OK: the game step
            assert "1 Game mode" in await keys("enter")           # OK: 18 Holes, its modes
            assert sim.table.setup.mode == "match"
            assert "Stroke Play" in await keys("d")               # E: the next mode
            assert sim.table.setup.mode == "stroke"
            assert sim.table.setup.mode == "stroke"
            await keys("a")                                        # W: back to match
            assert sim.table.setup.mode == "match"
            await keys("6", "9", "3")                              # keypad E, NE, SE
            assert sim.table.setup.mode_index == 3
            await keys("7", "4", "1")                              # keypad NW, W, SW
            assert sim.table.setup.mode_index == 0
            await keys("right", "left", "e", "x", "w", "z")
            assert sim.table.setup.mode_index == 0
            # A long OK is "more" (the next option here), not OK.
            await keys("l")
            assert sim.table.setup.step == sf.S_MODE and sim.table.setup.mode_index == 1
            assert sim.events[-1] == "hold OK"
            await keys("a")
            assert "2 Course" in await keys("space")
            assert "3 Players" in await keys("s")
            assert "2 Course" in await keys("backspace")          # BACK: a step back
            assert "1 Game mode" in await keys("escape")
            assert "Setting up: game mode" in widget_text(app, "status")
    run(go())


def test_long_back_offers_to_quit_a_game():
    sim = started()

    async def go():
        async with game_app(sim) as (app, pilot):
            assert sim.table.phase == T.PH_PLAY
            await pilot.press("b")
            sim.settle()
            assert "Quit this game?" in sim.hw.display.screen()
            await pilot.press("enter")
            sim.settle()
            assert sim.table.phase == T.PH_SETUP
    run(go())


def test_mid_game_stroke_standings_do_not_put_a_player_still_playing_first():
    sim = sim_tui.LiveTable(seed=2)
    auto = script.Autoplayer(sim.clubs, "stroke", "starter", 2, "first-game", 2, bot_seed=5)
    finished = []
    # Bots play until one player has holed out on hole 1 and the other has not.
    while len(finished) != 1:
        for text in auto.next_lines(sim.table):
            sim.do(text)
        sim.step(False)
        lines = sim.face.tally.holes.get(1) if sim.face else None
        finished = [s for s in range(2) if lines and lines[s].scores]
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(sim_tui.scorecard_view(sim))
    text = console.export_text()
    assert "Standings come once every player has finished a hole." in text
    assert "0 strokes" not in text
    # Both finished: the places compare the same holes.
    while len(finished) != 2:
        for text in auto.next_lines(sim.table):
            sim.do(text)
        sim.step(False)
        finished = [s for s in range(2) if sim.face.tally.holes[1][s].scores]
    console.print(sim_tui.scorecard_view(sim))
    strokes = [sim.face.tally.holes[1][s].points() for s in range(2)]
    best = strokes.index(min(strokes))
    assert "Standings after hole 1 (every player has finished it): 1. P%d" % (best + 1) in (
        console.export_text())


@pytest.mark.parametrize("mode, unit", [("match", "point"), ("racing", "green")])
def test_a_score_of_one_reads_in_the_singular_in_the_standings(mode, unit):
    # Counts in words (issue 15): "1 point", not "1 points"; Golf Racing counts greens.
    sim = sim_tui.LiveTable(seed=3)
    auto = script.Autoplayer(sim.clubs, mode, "starter", 2, "first-game", 3, bot_seed=1)
    while sim.table.game is None or 1 not in [row[2] for row in sim.table.game.standings()]:
        for text in auto.next_lines(sim.table):
            sim.do(text)
        sim.step(False)
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(sim_tui.scorecard_view(sim))
    console.print(sim_tui.standings_text(sim))
    text = console.export_text()
    assert " 1 %s" % unit in text
    assert "1 %ss" % unit not in text


def test_each_question_of_the_table_is_explained_in_a_line():
    sim = started()
    sim.press(B.OK)
    sim.settle()
    sim.do("scan club:6-iron-12")   # P1: decks 2 and 3
    sim.do("scan club:9-iron-3")    # P2: the chip deck, so P2 plays first
    sim.settle()
    sim.do("press OK")              # P2 plays the 9 Iron: a chip, direction first
    status = sim.status().plain
    assert "Chip or bunker exit: say the direction BEFORE the card is drawn" in status
    while sim.table.game.pending().player != 0:
        sim.do("press E")
        sim.do("press OK")
    sim.do("press OK")              # P1 plays the 6 Iron: which deck?
    assert sim.table.d.kind == CHOOSE_DECK
    status = sim.status().plain
    assert "Which deck?: the shot deck to draw from. Higher decks fly further" in status
    assert "This club: deck 2 or 3 (2-4 hexes)." in status
    sim.do("press OK")
    if sim.table.d.kind == HIT_DIRECTION:
        assert "S straight on, L and R bend left and right" in sim.status().plain


def test_a_driver_off_the_tee_is_not_offered_as_ok_and_ok_says_why():
    sim = started()
    sim.press(B.OK)
    sim.settle()
    for line in ("scan club:6-iron-12", "scan club:9-iron-3"):
        sim.do(line)
    while sim.table.game.pending().kind == CHOOSE_ACTION:   # everyone off the tee
        sim.do("press E")
        sim.do("press OK")
    for line in ("scan club:driver-34", "scan club:8-iron-10", "press E", "press OK"):
        sim.do(line)   # P2 moves first; then P1 with the Driver
    assert sim.table.d.player == 0 and sim.table.d.kind == CHOOSE_ACTION
    status = sim.status().plain
    assert "OK: play the club" not in status
    assert "The club cannot be played here (OK says why)" in status
    sim.do("press OK")
    assert sim.status().plain.startswith("NO: the Driver plays from a tee box only. "
                                         "Hold OK: reset hand; Dir: move 1\n")


def test_the_help_screen_has_the_keys_the_board_and_the_words_of_the_game():
    async def go():
        app = sim_tui.SimApp(sim_tui.LiveTable(), realtime=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, sim_tui.HelpScreen)
            text = app.screen.query_one("#help-text", Static).render().plain
            assert "c: lay a card" in text and "T1 G1      the tee box and the green" in text
            for word in ("Initiative", "Flight SSLR", "super>N, short>N", "Big hit", "Rough",
                         "Out of bounds"):
                assert word + ": " in text
            await pilot.press("escape")
            assert isinstance(app.screen, sim_tui.TableScreen)
    run(go())


def test_the_card_box_shows_each_clubs_decks_and_range():
    sim = started()
    picker = sim_tui.CardPicker(sim.clubs, sim.card_groups(), sim.reach)

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("c", *"driver")
            options = app.screen.query_one("#picker-list")
            shown = [options.get_option_at_index(i).prompt.plain
                     for i in range(options.option_count)]
            assert "   Driver (34)  deck 5 (5-6 hexes), draws 2, tee box only" in shown
    run(go())
    assert [m[1] for m in picker.matches("wood (20)")] == [19]
    assert sim_tui.club_reach(sim.clubs[19], sim.reach) == "3 hexes straight (rough: 2)"


@pytest.mark.parametrize("outcome, tree, penalty, words", [
    (0, 1, False, "P1 red: the ball flew 3 hexes, hit a tree and dropped one hex back, onto "
                  "the fairway."),
    (WATER, 0, False, "P1 red: the ball flew 3 hexes: in the water. The next turn is missed"),
    (WATER, 0, True, "in the water. +1 stroke instead of a missed turn"),
    (OUT_OF_BOUNDS, 0, True, ": out of bounds (off the course). The golfer stays where it hit "
                             "from and the club goes back to the hand, +1 stroke."),
])
def test_after_a_shot_the_status_says_where_the_ball_landed_and_why(outcome, tree, penalty,
                                                                     words):
    sim = started()
    crs = sim.table.course
    _par, tq, tr, _gq, _gr = crs.hole(1)
    fairway = first_cell(crs, terrain.FAIRWAY)
    outs = [(OUT_FLIGHT, 0, ((0, 0),) * 3, fairway, outcome, tree)]
    if penalty:
        outs.append((OUT_PENALTY, 0, 0))
    text = holes18_face.shot_report(outs, [(tq, tr)] * 2, crs, {0: sim.clubs[11]}).plain
    assert words in text


def test_a_shot_from_the_rough_says_it_flew_one_hex_less():
    sim = started()
    crs = sim.table.course
    rough = first_cell(crs, terrain.ROUGH)
    outs = [(OUT_FLIGHT, 1, ((0, 0),) * 2, rough, 0, 0)]
    iron = sim.clubs[11]   # 6 Iron: the rough costs it a hex
    text = holes18_face.shot_report(outs, [rough] * 2, crs, {1: iron}).plain
    assert text == ("P2 yellow: the ball flew 2 hexes from the rough (one hex less: the card's "
                    "rough mark), into the rough: the next shot flies one hex less.")
    hybrid = sim.clubs[4]  # 8 Hybrid: no rough penalty
    assert "from the rough" not in holes18_face.shot_report(outs, [rough] * 2, crs, {1: hybrid}).plain


def test_a_shot_the_wind_blew_says_so():
    """Taming the Wind: "you must move your golfer one hex in the DIRECTION the wind is
    blowing"; the status names the gust with the flight."""
    sim = started()
    crs = sim.table.course
    fairway = first_cell(crs, terrain.FAIRWAY)
    outs = [(OUT_GUST, 0, (3, 3), (4, 2)), (OUT_FLIGHT, 0, ((0, 0),) * 4, fairway, 0, 0)]
    text = holes18_face.shot_report(outs, [fairway] * 2, crs, {0: sim.clubs[19]}).plain
    assert text.startswith("P1 red: the ball flew 4 hexes, the wind blowing it one hex NE")


# ---------------------------------------------------------------- cards


def test_picking_a_card_lays_its_tag_on_the_reader():
    sim = started()

    async def go():
        async with game_app(sim) as (app, pilot):
            await pilot.press("c")
            picker = app.screen
            assert isinstance(picker, sim_tui.CardPicker)
            # Every card is offered, grouped by who holds it: P1's hand first.
            groups = sim.card_groups()
            assert [g[0] for g in groups] == [0, 1, -1]
            assert sum(len(g[1]) for g in groups) == len(sim.clubs)
            await pilot.press(*"driver")
            assert [m[1] for m in picker.matches("driver")] == [33]
            await pilot.press("enter")
            assert not isinstance(app.screen, sim_tui.CardPicker)
            sim.step()
            assert sim.hw.readers.uid == demo_uid(33, club_tags.DEMO_KIND)   # lying on the reader ...
            sim.settle()
            assert sim.hw.readers.uid is None           # ... and lifted again
            assert sim.table.game.players[0].chosen == 33
            app.redraw()
            status = widget_text(app, "status")
            assert "a card laid on the reader" in status
            assert "Driver" not in status and "Driver" not in sim.hw.display.screen()
            # Typing the id, or a name and initiative, finds one card; Escape lays none.
            await pilot.press("c")
            assert [m[1] for m in app.screen.matches("9 iron (3)")] == [2]
            assert [m[1] for m in app.screen.matches("9-iron-3")] == [2]
            await pilot.press("escape")
            sim.settle()
            assert sim.table.game.players[1].chosen == -1
            assert sim.hw.readers.uid is None and not sim.busy()
            # Down moves through the list: the second of P1's cards.
            await pilot.press("c", "down", "enter")
            sim.settle()
            hand = sorted(sim.table.game.players[0].hand)
            assert sim.table.game.players[0].chosen == hand[1]
    run(go())


def test_a_quick_double_enter_in_the_card_box_lays_one_card():
    sim = started()

    async def go():
        async with game_app(sim) as (app, pilot):
            await pilot.press("c", *"driver")
            # Two Enters typed faster than the card box closes: both reach it.
            field = app.screen.query_one(Input)
            await field.action_submit()
            await field.action_submit()
            await pilot.pause()
            assert app.is_running and isinstance(app.screen, sim_tui.TableScreen)
            sim.settle()
            assert sim.table.game.players[0].chosen == 33
            assert sim.events.count("a card laid on the reader") == 1
    run(go())


def test_bags_are_registered_by_picking_cards():
    sim = started(hands=BAG)
    bags = holes18_autoplay.deal_bags(sim.clubs, 2, 5)

    async def go():
        async with game_app(sim) as (app, pilot):
            assert sim.table.phase == T.PH_REGISTER
            for seat in (0, 1):
                for club in bags[seat]:
                    await lay_club(pilot, sim, club)
                    sim.settle()
            # The picker shows the bags as they fill.
            assert [g[1] for g in sim.card_groups()[:2]] == [bags[0], bags[1]]
            app.redraw()
            assert "Bags ready" in widget_text(app, "status")
            await pilot.press("enter")
            sim.settle()
            assert sim.table.phase == T.PH_PLAY
            assert [sorted(p.hand) for p in sim.table.game.players] == [sorted(b) for b in bags]
    run(go())


def test_a_new_board_learns_the_cards_from_the_picker():
    sim = sim_tui.LiveTable(blank_cards=True)

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            assert "Cards 0/34" in widget_text(app, "oled")
            await pilot.press("d", "enter")   # Learn cards
            sim.settle()
            assert sim.table.phase == T.PH_LEARN
            first = sim.table.flow.piece
            await lay_card(pilot, sim.clubs[first].id)
            sim.settle()
            assert sim.table.bindings.piece_of(demo_uid(first, club_tags.DEMO_KIND)) == first
            app.redraw()
            assert "Learned" in widget_text(app, "oled")
    run(go())


def test_check_wiring_runs_the_self_test_in_the_simulator():
    sim = sim_tui.LiveTable()

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("d", "d", "d", "enter")  # ... New course -> Check wiring
            sim.settle()
            assert sim.loop.selftest.running
            app.redraw()
            assert "row 0 west end" in widget_text(app, "oled")
            assert sim.status().plain.startswith("Checking the wiring: ")
    run(go())


# ---------------------------------------------------------------- a whole game


def test_a_whole_match_is_played_through_the_keys():
    sim = sim_tui.LiveTable(seed=1)
    auto = script.Autoplayer(sim.clubs, "match", "starter", 2, "first-game", seed=1)

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            checked = []

            def on_hole_2():
                if not checked and sim.table.game is not None \
                        and sim.table.game.players[0].hole == 2:
                    checked.append(True)
                    app.redraw()
                    the_card_shows_hole_1(app, sim)
            await play_out(pilot, sim, auto, 2000, on_hole_2)
            assert checked
            app.redraw()
            await pilot.pause()
            assert sim.table.phase == T.PH_OVER
            standings = sim.table.game.standings()
            assert sim.face.tally.game.standings() == standings
            card = scorecard_text(app)
            assert "Final scorecard: Match Play, Starter Course" in card
            assert "Final standings: 1. P%d" % (standings[0][1] + 1) in card
            assert "Game over" in widget_text(app, "oled")
            assert "Game over" in widget_text(app, "status")
            # OK on the table starts over; the last game's card stays on screen.
            await pilot.press("enter")
            sim.settle()
            app.redraw()
            assert sim.table.phase == T.PH_SETUP
            assert "Final scorecard" in scorecard_text(app)
    run(go())


def the_card_shows_hole_1(app, sim):
    # Hole 1 is played out: the live card shows the flag and the standings in order.
    card = scorecard_text(app).split("\n")
    flag = [s for s in (0, 1) if (FLAG, 1) in sim.face.tally.holes[1][s].scores]
    assert len(flag) == 1
    row = [line for line in card if line.strip().startswith("P%d " % (flag[0] + 1))][0]
    assert row.split()[2:4] == ["F", "1"]   # the flag on hole 1, a total of 1
    assert "Standings: 1. P%d" % (flag[0] + 1) in "\n".join(card)
    assert not [line for line in card if "Final" in line]


async def play_out(pilot, sim, auto, limit, each):
    """The autoplayer's lines through the keys until it has none (at most ``limit``
    rounds), its choices checked and ``each()`` called after every round."""
    for _ in range(limit):
        lines = auto.next_lines(sim.table)
        if not lines:
            return
        for text in lines:
            await play(pilot, sim, text)
            sim.settle()
        auto.check(sim.table)
        each()


async def play(pilot, sim, text):
    """One autoplayer line through the keys and the card picker."""
    words = text.split()
    if words[0] == "seed":
        assert int(words[1]) == 1   # the SimTable was made with this seed
    elif words[0] == "press":
        for _ in range(int(words[2]) if len(words) > 2 else 1):
            await pilot.press(KEYS[words[1]])
            sim.settle()   # (a key held down would queue only MAX_QUEUED presses)
    elif words[0] == "hold":
        await pilot.press("l")
    elif words[0] == "wait":
        sim.advance(int(words[1]))   # the table's bot decides meanwhile
    else:
        assert words[0] == "scan" and len(words) == 2, text
        cid = words[1][len(script.CLUB_PREFIX):]
        await lay_club(pilot, sim, [c.id for c in sim.clubs].index(cid))


def test_a_game_of_play_nine_is_played_through_the_keys_beside_a_bot():
    # Setup through the keys: Play Nine, two players of whom P2 is the table's bot, two
    # holes; then P1 plays every turn with the keys. What a player sees on the way:
    # whose turn it is, the card drawn, each player's running score per hole.
    sim = sim_tui.LiveTable(seed=1)
    auto = script.Autoplayer(sim.clubs, players=2, seed=1, bot_seed=3, bot_seats=(1,),
                             game="play-nine", options={"holes": 2})
    seen = {"drew": False, "now": False, "hole 1": False}

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            def each():
                app.redraw()
                look(app, sim, seen)
            await play_out(pilot, sim, auto, 3000, each)
            app.redraw()
            await pilot.pause()
            g = sim.table.game
            assert sim.table.game_name == "play-nine" and g.over and g.setup.holes == 2
            assert sim.table.phase == T.PH_OVER and g.setup.players == 2
            card = scorecard_text(app)
            assert "Final scorecard: Play Nine, 2 holes" in card
            for seat in range(2):   # each player's row: the two holes, then the total
                row = [ln for ln in card.split("\n") if ln.strip().startswith("P%d " % (seat + 1))]
                assert row[0].split()[-3:] == [str(g.scores[seat][0]), str(g.scores[seat][1]),
                                              str(g.totals[seat])]
            # "The player with the lowest total score wins"
            place, first, total, _t = g.standings()[0]
            assert "Final standings: 1. P%d" % (first + 1) in card
            assert "%d points" % total in card
            assert "Game over" in widget_text(app, "oled")
            assert "Game over" in widget_text(app, "status")
            assert seen == {"drew": True, "now": True, "hole 1": True}
    run(go())


def look(app, sim, seen):
    """What a Play Nine player sees now, checked against the game (``seen``: what was)."""
    g = sim.table.game
    if g is None or g.over:
        return
    d = g.pending()
    status = widget_text(app, "status")
    title = app.table_screen.panels["board"].border_title
    assert title.startswith("Play Nine \u00b7 hole %d of 2" % g.hole)
    assert "dim white: face down" in app.table_screen.panels["board"].border_subtitle
    if d.kind == PLACE_CARD:
        # Whose turn, the card drawn and where from (the OLED says it too).
        assert "P%d %s's turn" % (d.player + 1, ("red", "yellow*")[d.player]) in status
        assert "drew %s from the %s" % (cards.name(d.drawn), "deck" if d.source == FROM_DECK
                                        else "discard pile") in status
        assert "Drew %d" % d.drawn in widget_text(app, "oled")
        seen["drew"] = True
    card = scorecard_text(app)
    if g.hole <= 2 and "%d now" % g.hole in card:
        # The hole in play: each player's score as their face-up cards count.
        for seat in range(2):
            row = [ln for ln in card.split("\n") if ln.strip().startswith("P%d " % (seat + 1))]
            assert row[0].split()[-2] == str(g.shown_score(seat))
        seen["now"] = True
    if len(g.scores[0]) == 1:
        header = [ln for ln in card.split("\n") if ln.strip().startswith("Hole")][0]
        assert header.split()[1] == "1"
        seen["hole 1"] = True


def test_a_game_without_a_face_of_its_own_shows_its_records_facts():
    # What any game gives: the score sheet its records face replays, its standings and
    # mode facts, whose turn it is (Play Nine here, through the generic face).
    sim = sim_tui.LiveTable(seed=2)
    auto = script.Autoplayer(sim.clubs, players=3, seed=2, game="play-nine",
                             options={"holes": 3})
    while sim.table.game is None or len(sim.table.game.scores[0]) < 2:
        for text in auto.next_lines(sim.table):
            sim.do(text)
    g = sim.table.game
    face = simfaces.GameFace(sim, g, "play-nine")
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(face.scorecard())
    card = console.export_text()
    assert card.split("\n")[0].split() == ["Hole", "1", "2", "Total"]
    for seat in range(3):
        row = [ln for ln in card.split("\n") if ln.strip().startswith("P%d " % (seat + 1))][0]
        assert row.split()[2:] == [str(g.scores[seat][0]), str(g.scores[seat][1]),
                                   str(g.totals[seat])]
    assert "points per hole (matching columns cancel)" in card
    place, first, total, _t = g.standings()[0]
    assert "Standings: 1. P%d" % (first + 1) in card and "%d points" % total in card
    status = Text()
    face.status(status, g.pending())
    seats = [g.pending().player] if g.pending().player >= 0 else g.pending().waiting
    assert status.plain.startswith("P%d " % (seats[0] + 1)) and " to play." in status.plain
    assert sim_tui.board_title(sim).startswith("Play Nine")


# ---------------------------------------------------------------- real time, quitting


def test_the_timer_runs_the_table_in_real_time():
    # The real clock is a stand-in we move by hand: a loaded machine that delays the
    # timer must not make the test fail (no timed assertions), and a tick still has to
    # bring the table up to whatever real time says.
    real = [1000.0]
    sim = sim_tui.LiveTable()

    async def go():
        app = sim_tui.SimApp(sim, realtime=True, fps=30, now=lambda: real[0])
        async with app.run_test(size=SIZE) as pilot:
            t0 = sim.clock.ticks_ms()
            real[0] += 0.5
            app.tick()
            assert sim.clock.ticks_diff(sim.clock.ticks_ms(), t0) >= 500
            for _ in range(2):                     # New game, then the game: 18 Holes
                await pilot.press("enter")
                real[0] += 0.3
                app.tick()
                await pilot.pause()
            assert "Game mode" in widget_text(app, "oled")
            # Within a frame of real time: the table sleeps a frame at most ahead.
            assert 1100 <= sim.clock.ticks_diff(sim.clock.ticks_ms(), t0) <= 1100 + 50
    run(go())


def test_holding_ok_registers_as_soon_as_a_press_does():
    sim = sim_tui.LiveTable()
    first = sim.table.setup.start_choice
    sim.press(B.OK, long=True)   # at the start menu: the next option
    now = sim.clock.ticks_ms()
    shift = sim.catch_up(sim.clock.ticks_add(now, 3 * sim.loop.frame_ms))
    assert sim.table.setup.start_choice != first
    # The simulated clock ran ahead by the rest of the hold; the app's clock follows it.
    assert shift < 0
    assert sim.clock.ticks_diff(sim.clock.ticks_ms(), now) >= sim_tui.HOLD_MS


def test_q_asks_before_quitting():
    sim = sim_tui.LiveTable()

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("q")
            assert isinstance(app.screen, sim_tui.QuitScreen)
            await pilot.press("n")
            assert isinstance(app.screen, sim_tui.TableScreen)
            await pilot.press("q", "y")
            await pilot.pause()
            assert not app.is_running
    run(go())


def test_a_crash_exits_non_zero_and_the_next_start_carries_on_with_the_game(
        tmp_path, monkeypatch):
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    monkeypatch.setattr(sim_tui.SimApp, "run", lambda self: App.run(self, headless=True))
    played = []

    def crash(self, ms):
        # The game starts, both players lay a club, then the simulator fails.
        self.press(B.OK)
        self.settle()
        for p in self.table.game.players:
            self.lay(sorted(p.hand)[0])
        self.settle()
        played.append(list(self.table.game.inputs))
        raise RuntimeError("a defect in the simulator")
    monkeypatch.setattr(sim_tui.LiveTable, "catch_up", crash)
    res = _cli("--seed", 4, "--players", 2, "--store", tmp_path / "board")
    assert res.exit_code == 1
    assert "RuntimeError" in res.output
    assert "the game in progress is kept in %s" % (tmp_path / "board") in res.output
    assert len(played[0]) == 2
    # Started again, the table carries on with that game, as a board after a power cut.
    sim = sim_tui.LiveTable(store=FileStore(str(tmp_path / "board")))
    assert sim.table.phase == T.PH_PLAY
    assert list(sim.table.game.inputs) == played[0]


def test_the_store_of_teebox_sim_is_in_the_user_data_folder(monkeypatch, data_folder):
    calls = []
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    monkeypatch.setattr(sim_tui, "run", lambda *args: calls.append(args) or 0)
    assert _cli().exit_code == 0
    assert calls[-1][-3] == data_folder / "sim" / profile_mod.DEFAULT
    # A new board (--blank-cards) keeps its store in memory, unless given one.
    _cli("--blank-cards")
    assert calls[-1][-3] is None


def test_a_store_that_cannot_be_kept_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    _no_app(monkeypatch)
    (tmp_path / "a-file").write_text("")
    res = _cli("--store", tmp_path / "a-file" / "board")
    assert res.exit_code == 1
    assert "the simulated board's flash store cannot be kept there" in res.output


def test_quitting_keeps_the_game_when_the_store_is_kept(tmp_path):
    sim = sim_tui.LiveTable(store=FileStore(str(tmp_path)))

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("q")
            assert "A game in progress is kept" in str(app.screen.query_one("Label").render())
    run(go())


def test_ctrl_c_quits_at_once():
    async def go():
        app = sim_tui.SimApp(sim_tui.LiveTable(), realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("c")                 # even from the card picker
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert not app.is_running
    run(go())


# ---------------------------------------------------------------- options


def test_prefill_answers_the_setup_and_stops_at_start():
    sim = started(mode="stroke", course="nine", players=3)
    assert sim.table.phase == T.PH_SETUP and sim.table.setup.step == sf.S_CONFIRM
    screen = sim.hw.display.screen()
    assert "Stroke Play" in screen and "nine" in screen and "3 players" in screen
    assert sim.table.course.name == "The Nine"


@pytest.mark.parametrize("setup, message", [
    (dict(mode="snooker"), "--mode snooker: unknown game mode (use one of: match, stroke, "),
    (dict(mode="chaos", players=2), "--players 2: Chaos Golf is played by 3 to 5 players"),
    (dict(course="moon"), "--course moon: not on this table (courses: "),
    (dict(hands="deal"), "--hands deal: use one of: first-game, bag"),
])
def test_prefill_refuses_what_the_table_does_not_offer(setup, message):
    sim = sim_tui.LiveTable()
    with pytest.raises(ValueError) as exc:
        sim.prefill(**setup)
    assert str(exc.value).startswith(message)


# ---------------------------------------------------------------- the command


def _cli(*args):
    app = typer.Typer()
    app.command("sim")(sim_cmd.sim)
    return CliRunner().invoke(app, [str(a) for a in args])


def _no_app(monkeypatch):
    def refuse(self):
        raise AssertionError("the simulator app should not start")
    monkeypatch.setattr(sim_tui.SimApp, "run", refuse)


def test_teebox_sim_in_a_terminal_plays_the_table(monkeypatch):
    calls = []
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    monkeypatch.setattr(sim_tui, "run", lambda *args: calls.append(args))
    res = _cli("--mode", "stroke", "--players", 3, "--seed", 9, "--hands", "bag",
               "--blank-cards", "--course", "nine")
    assert res.exit_code == 0, res.output
    profile, *rest = calls[0]
    assert profile.name == profile_mod.load_named().name
    assert rest == [9, "stroke", "nine", 3, "bag", True, None, None, None]


def test_run_prefills_the_setup_only_when_asked(monkeypatch):
    apps = []
    monkeypatch.setattr(sim_tui.SimApp, "run", lambda self: apps.append(self))
    sim_tui.run()
    sim = apps[-1].sim
    assert sim.table.phase == T.PH_SETUP and sim.table.setup.step == sf.S_START
    assert sim.table.seed is None   # a random game
    sim_tui.run(seed=5, players=3)
    sim = apps[-1].sim
    assert sim.table.setup.step == sf.S_CONFIRM and sim.table.setup.players == 3
    assert sim.table.setup.mode == "match" and sim.table.setup.course == "starter"
    assert sim.table.seed == 5


def test_teebox_sim_game_play_nine_waits_at_start_with_play_nine_chosen(monkeypatch):
    apps = []
    monkeypatch.setattr(sim_tui.SimApp, "run", lambda self: apps.append(self))
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    res = _cli("--game", "play-nine", "--players", 3, "--seed", 4, "--blank-cards")
    assert res.exit_code == 0, res.output
    setup = apps[-1].sim.table.setup
    assert setup.step == sf.S_CONFIRM and setup.game == "play-nine" and setup.players == 3
    assert "Play Nine" in apps[-1].sim.hw.display.screen()
    sim_tui.run(game="18-holes")   # either game: the first mode of 18 Holes
    setup = apps[-1].sim.table.setup
    assert setup.step == sf.S_CONFIRM and setup.game == "18-holes" and setup.mode == "match"


def test_teebox_sim_names_a_bad_option(monkeypatch):
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    _no_app(monkeypatch)
    res = _cli("--players", 7)
    assert res.exit_code == 1
    assert "--players 7: Match Play is played by 2 to 5 players" in res.output


def test_teebox_sim_demo_still_runs_in_a_terminal(monkeypatch):
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    _no_app(monkeypatch)
    res = _cli("--demo", "--seed", 2)
    assert res.exit_code == 0, res.output
    assert "Teebox simulator demo" in res.output and "|Game over       |" in res.output


def test_a_table_with_a_reader_per_seat_and_no_display():
    d = json.loads((Path(profile_mod.profile_dir()) / "pico-24x16.json").read_text())
    d["readers"].append(dict(d["readers"][0], seat=1, cs=21))
    d["display"] = None
    sim = sim_tui.LiveTable(profile_mod.load(json.dumps(d)), seed=3)
    sim.prefill()

    async def go():
        app = sim_tui.SimApp(sim, realtime=False)
        async with app.run_test(size=SIZE) as pilot:
            assert "no display on this" in widget_text(app, "oled")
            # The LED-only prompt strip shows on the board's bottom edge, off the course.
            text = app.table_screen.panels["board"].content
            assert sim.table.course.terrain_at(0, 15) == terrain.OFF
            assert board_bg(text, 0, 15) == sim.cell_rgb(0, 15) != (0, 0, 0)
            await pilot.press("enter")
            sim.settle()
            # P2's card goes on P2's reader.
            club = sorted(sim.table.game.players[1].hand)[0]
            await lay_club(pilot, sim, club)
            sim.step()
            assert sim.reader(1).uid == demo_uid(club, club_tags.DEMO_KIND) and sim.reader(0).uid is None
            sim.settle()
            assert sim.table.game.players[1].chosen == club
    run(go())


def test_a_narrow_terminal_gets_the_keys_in_one_line():
    async def go():
        app = sim_tui.SimApp(sim_tui.LiveTable(), realtime=False)
        async with app.run_test(size=(80, 30)) as pilot:
            panels = app.table_screen.panels
            assert not panels["keys"].display and panels["keyline"].display
            await pilot.resize_terminal(*SIZE)
            assert panels["keys"].display and not panels["keyline"].display
    run(go())


def test_80x24_fits_every_panel_and_keeps_the_key_help():
    sim = started(mode="stroke", players=3)

    async def go():
        async with game_app(sim, (80, 24)) as (app, pilot):
            app.redraw()
            await pilot.pause()
            panels = app.table_screen.panels
            shown = [w for w in panels.values() if w.display]
            assert set(w.id for w in shown) == {"board", "oled", "standings", "status-low",
                                                "keyline"}
            for w in shown:   # nothing is cut: each panel lies inside the terminal
                r = w.region
                assert r.width > 0 and r.right <= 80 and r.bottom <= 24, w.id
            assert len(sim_tui.KEY_LINE) <= 78 and "?: help" in sim_tui.KEY_LINE
            assert "Round 1: waiting for" in widget_text(app, "status-low")
            assert "Standings come once every player" in widget_text(app, "standings")
            # The whole scorecard is a key away.
            await pilot.press("t")
            assert isinstance(app.screen, sim_tui.ScorecardScreen)
            await pilot.press("escape")
            assert isinstance(app.screen, sim_tui.TableScreen)
    run(go())


def test_a_terminal_below_80x24_is_asked_to_grow():
    async def go():
        app = sim_tui.SimApp(sim_tui.LiveTable(), realtime=False)
        async with app.run_test(size=(70, 20)) as pilot:
            panels = app.table_screen.panels
            top = app.table_screen.query_one("#top")   # the board and the OLED
            assert panels["too-small"].display and not top.display
            assert widget_text(app, "too-small") == (
                "Make the terminal at least 80x24 to play the table (it is 70x20 now).")
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not panels["too-small"].display and top.display
    run(go())


def test_a_key_held_down_queues_only_a_few_presses():
    sim = sim_tui.LiveTable()
    for _ in range(3):  # new game, the game, its mode
        sim.press(B.OK)
    sim.settle()
    setup = sim.table.setup
    assert setup.step == sf.S_COURSE
    first = setup.course_index
    taken = [sim.press(B.E) for _ in range(30)]   # keyboard auto-repeat: 30 presses at once
    assert taken == [True] * sim_tui.MAX_QUEUED + [False] * (30 - sim_tui.MAX_QUEUED)
    sim.settle()
    assert setup.course_index == (first + sim_tui.MAX_QUEUED) % len(setup.course_names)
    assert sim.press(B.E)   # room again


def test_the_card_key_is_offered_only_while_the_game_in_play_uses_cards():
    # Play Nine is played with the buttons alone: while it is in play the key help (the
    # Buttons panel, or the one-line help of a small terminal) offers no card key, and c
    # lays nothing. 18 Holes and the setup (card learning) offer it.
    async def go():
        for size, panel, card in ((SIZE, "keys", "c: lay a card"),
                                  ((80, 24), "keyline", "c: card")):
            for game, uses_cards in (("play-nine", False), ("18-holes", True)):
                sim = started(game=game, players=2)
                app = sim_tui.SimApp(sim, realtime=False)
                async with app.run_test(size=size) as pilot:
                    app.redraw()
                    await pilot.pause()
                    assert card in widget_text(app, panel)  # in the setup: card learning
                    await key_presser(pilot, sim, app)("enter")  # Start?
                    assert sim.table.game is not None and sim.table.game_name == game
                    assert (card in widget_text(app, panel)) is uses_cards, (game, panel)
                    assert "?: help" in widget_text(app, panel)
                    await pilot.press("c")
                    assert isinstance(app.screen, sim_tui.TableScreen) is not uses_cards
    run(go())


def test_teebox_sim_answers_a_games_options_in_its_setup(monkeypatch):
    # `teebox sim --game domino-golf --option real_set=yes`: the table's setup waits at
    # "Start?" with the option chosen, as a player would have chosen it.
    apps = []
    monkeypatch.setattr(sim_tui.SimApp, "run", lambda self: apps.append(self))
    sim_tui.run(seed=3, game="domino-golf", options={"real_set": True, "holes": 3})
    table = apps[0].sim.table
    assert table.setup.step == sf.S_CONFIRM
    assert table.setup.option("real_set") is True and table.setup.option("holes") == 3
    calls = []
    monkeypatch.setattr(sim_cmd, "_terminal", lambda: True)
    monkeypatch.setattr(sim_tui, "run", lambda *args: calls.append(args))
    assert _cli("--game", "domino-golf", "--option", "real_set=yes").exit_code == 0
    assert calls[-1][-2:] == ("domino-golf", {"real_set": True})
