"""Everything the table needs at power-on, wired together.

``start(hw)`` recovers the flash store, resumes a game a power cut
interrupted (``gamejournal.resume``), hands every accepted choice to the game
journal (and tells it when the players quit a game, so it is gone for good),
starts the USB link server unless BACK is held at boot, and returns the
:class:`~teebox.app.loop.Loop` to run. ``main.py`` calls it on the board;
tests call it on simulated hardware with a pipe for the serial line.
"""

from teebox.app import gamejournal, link_server
from teebox.app.shelf import WallTime
from teebox.app.courses_store import CourseStore
from teebox.app.loop import Loop
from teebox.app.table import Table
from teebox.app.view import View


def start(hw, port=None, serve=True):
    """The loop of a table on ``hw`` (``board.build``), its game resumed if one was on.

    ``port`` is the serial line for the link server (default: the USB serial
    port, ``link_server.StreamPort()``). Returns the Loop; ``loop.link`` is the
    server (None when BACK was held at boot, or ``serve`` is False: the simulator has no
    USB line). A journalled game that cannot be resumed is let go, and the start menu
    says why (``loop.table.alert``).
    """
    p = hw.profile
    courses = CourseStore(hw.store, p.width, p.height)
    table = Table(hw.clock, View(p.width * p.height), hw.display, hw.store, p.width,
                  p.height, courses=courses, seat_readers=hw.seat_readers,
                  reader_seats=hw.reader_seats)
    wall = WallTime(hw.clock, hw.store)  # remembers the last time it was told
    try:
        # (the card data is read only if the journalled game needs it)
        recorder = gamejournal.resume(hw.store, wall=wall, data=table.replay_data(courses.find))
    except gamejournal.ResumeError as exc:
        # Say why on the display, then start afresh: the journal is of no use.
        recorder = gamejournal.GameJournal(hw.store, wall=wall)
        recorder.abandon()
        table.fail(str(exc))
    table.on_start = recorder.start
    table.inputs = recorder.record  # (before resuming: a bot may choose at once)
    table.on_quit = recorder.abandon  # a quit game must not come back at the next power-on
    if recorder.game is not None:
        table.resume_game(recorder.game, recorder.seats, recorder.bots, recorder.game_name)
    link = None
    if serve and not link_server.skip_at_boot(hw.buttons):
        if port is None:
            port = link_server.StreamPort()
        link = link_server.LinkServer(port, port, hw.store, clock=hw.clock, courses=courses,
                                      recorder=recorder, wall=wall)
        link.start()
    loop = Loop(hw, table, link=link)
    loop.journal = recorder
    return loop
