# A bad course on flash, or anything else going wrong in a frame, never stops the table:
# the error is on the display, the start menu is back, the flash is as it was.
# Runs under CPython and inside MicroPython.
import table_kit as K
from link_kit import CLUBS, CRAFTED, SHOTS, crafted, play

from teebox.app import board, boot, link_server
from teebox.app import table as T
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.gamejournal import GameJournal
from teebox.app.view import FLASH_REFUSED
from teebox.core import course
from teebox.core.holes18 import engine

from test_boot import _play_until, _power_on


def _board_with(store_files):
    # A board after power-on whose flash holds a finished game and ``store_files``.
    hw = board.build(K.table_profile(), sim=True)
    Bindings(hw.store, K.CLUBS, club_tags).bind_demo_tags()
    play(GameJournal(hw.store), seed=3)
    for name in store_files:
        hw.store.write_atomic(name, store_files[name])
    return boot.start(hw, link_server.pipe()[0])


def _flash(store):
    # Every file's bytes as they lie on flash (journal logs are not sealed: read_at).
    return dict([(n, bytes(store.read_at(n, 0, store.size(n)))) for n in store.names()])


def _show_course(loop, name):
    # The start menu's New game, then W until the course is ``name`` and it settled.
    play_line = K.runner_player(loop)
    play_line("press OK 3")
    for _ in range(len(loop.table.setup.course_names)):
        if loop.table.setup.course == name:
            break
        play_line("press W")
    assert loop.table.setup.course == name
    play_line("wait 400")


def test_a_bad_course_on_flash_is_refused_on_the_display_and_nothing_is_lost():
    """Issue 15: a course with a terrain byte out of range stopped the main loop when
    the players looked at it; one without holes never ended. Each says why, at once."""
    for change, reason in CRAFTED[:2]:
        loop = _board_with({"course-aaa": crafted(change)})
        before = _flash(loop.hw.store)
        _show_course(loop, "aaa")
        t = loop.table
        assert t.phase == T.PH_SETUP and t.game is None
        assert K.words(t).startswith("NO: course aaa cannot be used: " + reason), K.words(t)
        assert t.view.flash == FLASH_REFUSED and t.course.name != "Mini Links"
        loop.step()
        assert "cannot be used" in loop.hw.display.screen()  # it reached the OLED
        assert _flash(loop.hw.store) == before
        assert loop.journal.shelf.numbers() == [1]


def test_a_fault_in_a_frame_brings_the_start_menu_back_and_the_game_stays_journalled():
    loop, _ = _power_on()
    _play_until(loop, 6)
    loop.journal.flush()
    digest = loop.table.game.state_digest()
    before = _flash(loop.hw.store)

    def broken(now):
        raise ValueError("a test fault")
    loop.renderer.compose = broken
    loop.step()  # the frame fails: the loop goes on
    del loop.renderer.compose
    t = loop.table
    assert t.phase == T.PH_SETUP and t.game is None
    assert K.words(t).startswith("NO: ValueError: a test fault")
    for _ in range(4):
        loop.step()
    assert loop.hw.display.screen().startswith("NO: ValueError")
    assert _flash(loop.hw.store) == before
    again, _ = _power_on(loop.hw.store)  # the game comes back at the next power-on
    assert again.table.game is not None and again.table.game.state_digest() == digest


def test_a_game_journalled_on_a_bad_course_is_not_resumed_and_says_why():
    """A game begun on a course installed before the board checked what courses mean:
    the table starts in its start menu and says what is wrong with that course."""
    bad = crafted(CRAFTED[0][0])  # a terrain byte out of range, away from the hole
    hw = board.build(K.table_profile(), sim=True)
    Bindings(hw.store, K.CLUBS, club_tags).bind_demo_tags()
    hw.store.write_atomic("course-aaa", bad)
    game = engine.Game(course.load(bad), CLUBS, SHOTS, engine.Setup(2, "stroke", 5,
                                                                    "first-game"))
    GameJournal(hw.store).start(game)
    loop = boot.start(hw, link_server.pipe()[0])
    t = loop.table
    assert t.game is None and t.phase == T.PH_SETUP
    why = "the game in progress cannot be resumed: course 'aaa' cannot be used: "
    assert K.words(t).startswith("NO: " + why + "cell (1,1): terrain byte 200"), K.words(t)
    loop.step()
    assert loop.hw.display.screen().startswith("NO: the game in\nprogress cannot")  # OLED
    assert loop.journal.game is None  # let go: the next game starts afresh
