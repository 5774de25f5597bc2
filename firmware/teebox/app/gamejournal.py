"""The running game's journal: what lets a game survive a power cut.

A game is its setup plus its inputs (its log), whichever game it is, so the
journal (``app/journal.py``, CRC-checked records on the flash store) holds:

* record 0, the header: ``b"TBJH"``, version (3), u32 game number, the game's
  registry name (u8 length + UTF-8: ``teebox.core.games``), the players block of
  ``core/wire/gamerecord.py`` (names, colours), per player u8 reader seat (the
  profile seat of the reader the player sat at, chosen in setup) and u8 flags
  (bit 0: a bot), then the game log of no inputs (the game's ``records.log``:
  for 18 Holes course hash, card CRC, mode, seed, hands, golfers). Headers of
  version 1 and 2 (written before games were data) are 18 Holes games; version 1
  has no seats and flags (players in seat order, no bots);
* one record per input, the game's ``records.input_bytes(seat, choice)``,
  appended by :meth:`GameJournal.record` (the table's ``inputs`` hook, called
  after each applied choice). No game's input is 7 bytes starting with 0 (an 18
  Holes input never starts with 0, a Play Nine input is one byte), so the
  finish record below is never taken for an input;
* at the end, ``b"\\x00F"`` + u32 finish time + u8 time kind
  (``gamerecord.TIME_*``): the game is over.

A flash write pauses interrupts on the RP2040, so inputs are written at safe
points only, never per button press: when the pending decision passes to
another player, a new round or a new simultaneous choice begins, the game
ends, or the app calls :meth:`GameJournal.flush`. A power cut loses at most
the choices since the last safe point.

Finishing a game: the finish record is flushed, the game record is written
to the :class:`~teebox.app.shelf.Shelf` (atomically), and only then is the
journal removed. A cut anywhere in between leaves a finished journal, and
:func:`resume` writes the same record again (same number, same time) before
removing it: a finished game is never lost, and never shelved twice.
"""

import struct

from teebox.app.journal import Journal
from teebox.app.shelf import Shelf, board_id
from teebox.core.wire import gamerecord
from teebox.core.wire.events import EV_GAME_OVER, EV_STARTED

JOURNAL = "game.jnl"
MAGIC = b"TBJH"
VERSION = 3
READS = (1, 2, 3)  # header versions resume() reads
FLAG_BOT = 1    # bit of a player's flags byte: a bot plays that seat
_FINISH = b"\x00F"


class ResumeError(Exception):
    """The journal holds a game this board cannot rebuild (the message says why)."""


def _header(name, rules, game, players, number, seats, bots):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out += struct.pack("<I", number)
    out.append(len(name))
    out += name.encode()
    gamerecord.put_players(out, players)
    for i in range(len(players)):
        out.append(seats[i])
        out.append(FLAG_BOT if bots[i] else 0)
    out += rules.log(game, False)
    return bytes(out)


def _read_header(payload):
    """``(number, game name, players, seats, bots, log bytes)`` from a header record."""
    rd = gamerecord.Reader(payload, "journal header")
    if rd.take(4, "magic") != MAGIC:
        raise ResumeError("the journal does not start with a game header")
    version = rd.u8("version")
    if version not in READS:
        raise ResumeError("the journal was written by another firmware (header version %d, "
                          "this one reads versions %d to %d)" % (version, READS[0], READS[-1]))
    (number,) = rd.unpack("<I", "game number")
    name = rd.text("game name") if version >= 3 else gamerecord.LEGACY_GAME
    players = gamerecord.get_players(rd)
    n = len(players)
    seats = bytearray(range(n))
    bots = bytearray(n)
    if version >= 2:
        for i in range(n):
            seats[i] = rd.u8("player %d seat" % (i + 1))
            bots[i] = rd.u8("player %d flags" % (i + 1)) & FLAG_BOT
    return number, name, players, bytes(seats), bytes(bots), payload[rd.pos:]


class GameJournal:
    """Journals one game at a time on ``store`` and shelves it when it is over.

    ``shelf`` (a ``Shelf``, default on the same store), ``wall`` (a
    ``WallTime`` for finish stamps; None: unknown), ``board`` (board id text;
    default ``board_id(store)``), ``listener`` (called with each event
    tuple, e.g. ``LinkServer.event``).

    Use: ``start(game, players, seats=..., bots=..., game_name=...)`` when a
    game begins (the table's ``on_start`` hook; ``game_name`` is the game's registry
    name, e.g. ``"play-nine"``),
    ``record`` as the table's ``inputs`` hook, ``flush()`` whenever the app
    likes. ``game`` is the journalled game (None between games), ``game_name``
    its game's registry name, ``rules`` that game's ``records`` face, ``number``
    its game number, ``seats`` and ``bots`` each player's reader seat and bot
    flag (``bytes``).
    """

    def __init__(self, store, shelf=None, wall=None, board=None, name=JOURNAL, listener=None):
        self.store = store
        self.shelf = shelf if shelf is not None else Shelf(store)
        self.wall = wall
        self.board = board
        self.name = name
        self.listener = listener
        self.journal = Journal(store, name)
        self.game = None
        self.game_name = gamerecord.LEGACY_GAME
        self.rules = None
        self.players = None
        self.seats = b""
        self.bots = b""
        self.number = 0
        self.last_finished = 0  # number of the last game shelved
        self._key = None
        self._waiting = 0
        self._seen = []

    def start(self, game, players=None, seats=None, bots=None, game_name=gamerecord.LEGACY_GAME):
        """Journal a new game (a rules object of ``game_name``, the registry's name,
        before any input); returns its number.

        ``players``: ``[(name, (r, g, b)), ...]`` per seat (default: named by seat colour);
        ``seats``: the profile seat of each player's reader (default: player N at
        seat N); ``bots``: per player true for a bot (default: nobody).
        The header is on flash when this returns. A game still journalled is
        abandoned (an unfinished game the table walked away from).
        """
        if game.inputs:
            raise ValueError("start() the journal before the first choice of a game")
        n = game.setup.players
        if players is None:
            players = gamerecord.default_players(n)
        seats = bytes(range(n)) if seats is None else bytes(seats)
        bots = bytes(n) if bots is None else bytes([1 if b else 0 for b in bots])
        if len(seats) != n or len(bots) != n:
            raise ValueError("%d seats and %d bot flags for %d players: give one each"
                             % (len(seats), len(bots), n))
        rules = gamerecord.face(game_name)
        number = self.shelf.reserve()
        self.journal.reset(_header(game_name, rules, game, players, number, seats, bots))
        self._attach(game_name, game, players, number, seats, bots)
        mode = rules.mode_of(game.setup)
        self._emit((EV_STARTED, number, rules.mode_code(mode), game.setup.players, game_name,
                    mode))
        return number

    def record(self, seat, choice):
        """The table's ``inputs`` hook: journal one applied choice; write at safe
        points; shelve the game when it is over."""
        game = self.game
        if game is None:
            raise ValueError("no game is being journalled: call start(game) first")
        self.journal.append(self.rules.input_bytes(seat, choice))
        self._scoreboard()
        if game.over:
            self.finish()
            return
        key, waiting = self._safe_point()
        if key != self._key or waiting > self._waiting:
            self.flush()
        self._key = key
        self._waiting = waiting

    def flush(self):
        """Write the journalled inputs now (returns the bytes written)."""
        return self.journal.flush()

    def finish(self):
        """Shelve the finished game: stamp the finish time in the journal, write the
        game record, then remove the journal. Returns the game number."""
        t, kind = self._stamp()
        self.journal.append(_FINISH + struct.pack("<IB", t, kind))
        self.journal.flush()
        return self._shelve(t, kind)

    def abandon(self):
        """Forget the game in progress (it is not finished: nothing is shelved)."""
        self.store.remove(self.name)
        self.game = None

    def _stamp(self):
        return self.wall.stamp() if self.wall is not None else (0, gamerecord.TIME_UNKNOWN)

    def _shelve(self, t, kind):
        game = self.game
        if not game.over:
            raise ValueError("game %d is not over yet" % self.number)
        if self.board is None:
            self.board = board_id(self.store)
        self.shelf.put(self.number, gamerecord.encode(game, self.board, self.number, t,
                                                   self.players, time_kind=kind,
                                                   bots=self.bots, name=self.game_name))
        # Only now that the record is on flash may the journal go.
        self.store.remove(self.name)
        self.last_finished = self.number
        self._emit((EV_GAME_OVER, self.number, game.standings()))
        self.game = None
        return self.number

    def _attach(self, game_name, game, players, number, seats, bots):
        self.game_name = game_name
        self.rules = gamerecord.face(game_name)
        self.game = game
        self.players = players
        self.seats = seats
        self.bots = bots
        self.number = number
        self._key, self._waiting = self._safe_point()
        self._seen = self.rules.scoreboard(game, None)[1]

    def _safe_point(self):
        # Inputs are written when the game's key changes (another player's decision,
        # a new round) or a simultaneous decision starts afresh (its waiting list grows).
        return self.rules.safe_point(self.game)

    def _scoreboard(self):
        """Events for what the last input changed (the game says which: tokens won,
        golfers on a new tee, holes scored)."""
        if self.listener is None:
            return
        events, self._seen = self.rules.scoreboard(self.game, self._seen)
        for event in events:
            self._emit(event)

    def _emit(self, event):
        if self.listener is not None:
            try:
                self.listener(event)
            except Exception:  # a scoreboard that went away must never stop the game
                pass


def resume(store, course_loader=None, clubs=None, shots=None, shelf=None, wall=None, board=None,
           name=JOURNAL, listener=None, data=None):
    """At boot: recover the store and the journal, and rebuild the game in progress.

    Whatever game it is, the journal's header names it, and the game replays its
    log with the board's data: ``course_loader(hash)`` gives the
    :class:`~teebox.core.course.Course` with that 8-byte content hash, or None
    (e.g. ``CourseStore.find``), ``clubs`` and ``shots`` the card data (a game
    without a course or cards needs none of them); or ``data``, all of it as
    ``gamerecord.replay`` looks it up (``data["courses"]``, ``data["clubs"]``, ...:
    the table's ``replay_data``, which reads the cards only if the game asks for
    them). Returns a
    :class:`GameJournal`; its ``game`` is the game exactly as it stood after
    the last flushed input (None if there was none), ``game_name`` which game
    it is, ``seats`` and ``bots`` where its players sat and which are bots
    (``Table.resume_game`` takes them). A game that had ended is shelved now
    (if the cut came before that) and ``game`` is None.

    ResumeError if the journal holds a game this board cannot rebuild (its
    course is gone, another firmware wrote it): show the message, then
    ``GameJournal(store).abandon()`` lets the board start afresh.
    """
    store.recover()
    gj = GameJournal(store, shelf, wall, board, name, listener)
    gj.journal.recover()
    header = None
    inputs = bytearray()
    finished = None
    try:
        for payload in gj.journal.records():
            if header is None:
                header = _read_header(payload)
            elif payload[:2] == _FINISH and len(payload) == 7:
                finished = struct.unpack("<IB", payload[2:])
            else:
                inputs += payload
        if header is None:
            return gj
        number, game_name, players, seats, bots, log_head = header
        if data is None:
            data = {"courses": course_loader or (lambda h: None), "clubs": clubs,
                    "shots": shots, "greens": None, "wind": None}
        game = gamerecord.replay(game_name, log_head + inputs, data)[0]
    except LookupError as exc:
        raise ResumeError("game %d was played on %s, which is not on this board" % (number, exc))
    except ValueError as exc:
        raise ResumeError("the game in progress cannot be resumed: %s" % exc)
    gj._attach(game_name, game, players, number, seats, bots)
    if game.over:
        if finished is None:
            finished = gj._stamp()
        gj._shelve(*finished)
    return gj
