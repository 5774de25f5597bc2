"""The running game's journal: what lets a game survive a power cut.

The game is its setup plus its inputs (``core/holes18/gamelog.py``), so the journal
(``app/journal.py``, CRC-checked records on the flash store) holds:

* record 0, the header: ``b"TBJH"``, version (2), u32 game number, the players
  block of ``app/gamerecord.py`` (names, colours), per player u8 reader seat (the
  profile seat of the reader the player sat at, chosen in setup) and u8 flags
  (bit 0: a bot), then the game log of no inputs (``gamelog.encode``: course
  hash, card CRC, mode, seed, hands, golfers). Version 1 headers (no seats
  and flags: players in seat order, no bots) are still read;
* one record per input, ``gamelog.encode_input(seat, choice)``, appended by
  :meth:`GameJournal.record` (the table's ``inputs`` hook, called after each
  applied choice). Its first byte is ``verb << 3 | seat`` with a verb of at
  least 1, so it is never 0;
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
from teebox.core.holes18 import gamelog, modes
from teebox.core.holes18.protocol import DRAFT_PICK, SELECT_CLUB
from teebox.core.wire import gamerecord
from teebox.core.wire.events import EV_GAME_OVER, EV_HOLE, EV_SCORED, EV_STARTED

JOURNAL = "game.jnl"
MAGIC = b"TBJH"
VERSION = 2
READS = (1, 2)  # header versions resume() reads
FLAG_BOT = 1    # bit of a player's flags byte: a bot plays that seat
_FINISH = b"\x00F"
PLAY_NINE = "play-nine"  # journalled with its own game log (magic b"TBP9"); not shelved yet



class ResumeError(Exception):
    """The journal holds a game this board cannot rebuild (the message says why)."""


def _log_module(game_name):
    # The game log format of a game (its magic tells them apart when resuming).
    if game_name == PLAY_NINE:
        from teebox.core.playnine import log
        return log
    return gamelog


def _header(game, players, number, seats, bots, game_name):
    out = bytearray(MAGIC)
    out.append(VERSION)
    out += struct.pack("<I", number)
    gamerecord.put_players(out, players)
    for i in range(len(players)):
        out.append(seats[i])
        out.append(FLAG_BOT if bots[i] else 0)
    logs = _log_module(game_name)
    log = logs.of(game)
    log.inputs = []
    out += logs.encode(log)
    return bytes(out)


def _read_header(payload):
    """``(number, players, seats, bots, log bytes)`` from a header record."""
    rd = gamerecord.Reader(payload, "journal header")
    if rd.take(4, "magic") != MAGIC:
        raise ResumeError("the journal does not start with a game header")
    version = rd.u8("version")
    if version not in READS:
        raise ResumeError("the journal was written by another firmware (header version %d, "
                          "this one reads %s)" % (version, " and ".join([str(v) for v in READS])))
    (number,) = rd.unpack("<I", "game number")
    players = gamerecord.get_players(rd)
    n = len(players)
    seats = bytearray(range(n))
    bots = bytearray(n)
    if version >= 2:
        for i in range(n):
            seats[i] = rd.u8("player %d seat" % (i + 1))
            bots[i] = rd.u8("player %d flags" % (i + 1)) & FLAG_BOT
    return number, players, bytes(seats), bytes(bots), payload[rd.pos:]


class GameJournal:
    """Journals one game at a time on ``store`` and shelves it when it is over.

    ``shelf`` (a ``Shelf``, default on the same store), ``wall`` (a
    ``WallTime`` for finish stamps; None: unknown), ``board`` (board id text;
    default ``board_id(store)``), ``listener`` (called with each event
    tuple, e.g. ``LinkServer.event``).

    Use: ``start(game, players, seats=..., bots=...)`` when a game begins
    (the table's ``on_start`` hook), ``record`` as the table's ``inputs`` hook,
    ``flush()`` whenever the app likes. ``game`` is the journalled game (None
    between games), ``number`` its game number, ``seats`` and ``bots`` each
    player's reader seat and bot flag (``bytes``).
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
        self.game_name = "18-holes"  # the registry name of the game journalled
        self.players = None
        self.seats = b""
        self.bots = b""
        self.number = 0
        self.last_finished = 0  # number of the last game shelved
        self._key = None
        self._waiting = 0
        self._seen = []

    def start(self, game, players=None, seats=None, bots=None, game_name="18-holes"):
        """Journal a new game (an engine Game before any input); returns its number.

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
        number = self.shelf.reserve()
        self.journal.reset(_header(game, players, number, seats, bots, game_name))
        self.game_name = game_name
        self._attach(game, players, number, seats, bots)
        mode = modes.code(game.setup.mode) if game_name != PLAY_NINE else 0
        self._emit((EV_STARTED, number, mode, game.setup.players))
        return number

    def record(self, seat, choice):
        """The table's ``inputs`` hook: journal one applied choice; write at safe
        points; shelve the game when it is over."""
        game = self.game
        if game is None:
            raise ValueError("no game is being journalled: call start(game) first")
        if self.game_name == PLAY_NINE:
            from teebox.core.playnine import inputs
            self.journal.append(bytes((inputs.pack(seat, choice),)))
        else:
            self.journal.append(gamelog.encode_input(seat, choice))
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
        if self.game_name == PLAY_NINE:  # (game records of Play Nine are not written yet)
            self.store.remove(self.name)
            self._emit((EV_GAME_OVER, self.number, game.standings()))
            self.game = None
            return self.number
        self.shelf.put(self.number, gamerecord.encode(game, self.board, self.number, t,
                                                   self.players, time_kind=kind,
                                                   bots=self.bots))
        # Only now that the record is on flash may the journal go.
        self.store.remove(self.name)
        self.last_finished = self.number
        self._emit((EV_GAME_OVER, self.number, game.standings()))
        self.game = None
        return self.number

    def _attach(self, game, players, number, seats, bots):
        self.game = game
        self.players = players
        self.seats = seats
        self.bots = bots
        self.number = number
        self._key, self._waiting = self._safe_point()
        self._seen = [(p.hole, len(p.tokens)) for p in getattr(game, "players", ())]

    def _safe_point(self):
        # Inputs are written when this key changes (another player's decision, a
        # new round) or a simultaneous decision starts afresh (its waiting list grows).
        game = self.game
        d = game.pending()
        if self.game_name == PLAY_NINE:
            return (d.player, game.hole), len(d.waiting)
        waiting = len(d.waiting) if d.kind in (SELECT_CLUB, DRAFT_PICK) else 0
        return (d.player, game.round), waiting

    def _scoreboard(self):
        """Events for what the last input changed: tokens won, golfers on a new tee."""
        if self.listener is None:
            return
        seen = self._seen
        for p in getattr(self.game, "players", ()):
            hole, ntok = seen[p.seat]
            for i in range(ntok, len(p.tokens)):
                h, kind = p.tokens[i]
                self._emit((EV_SCORED, p.seat, h, kind, p.score))
            if p.hole != hole:
                self._emit((EV_HOLE, p.seat, p.hole))
            seen[p.seat] = (p.hole, len(p.tokens))

    def _emit(self, event):
        if self.listener is not None:
            try:
                self.listener(event)
            except Exception:  # a scoreboard that went away must never stop the game
                pass


def resume(store, course_loader, clubs, shots, shelf=None, wall=None, board=None,
           name=JOURNAL, listener=None):
    """At boot: recover the store and the journal, and rebuild the game in progress.

    ``course_loader(hash)`` gives the :class:`~teebox.core.course.Course` with
    that 8-byte content hash, or None (e.g. ``CourseStore.find``). Returns a
    :class:`GameJournal`; its ``game`` is the game exactly as it stood after
    the last flushed input (None if there was none), ``seats`` and ``bots``
    where its players sat and which are bots (``Table.resume_game`` takes
    them). A game that had ended is shelved now (if the cut came before that)
    and ``game`` is None.

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
        number, players, seats, bots, log_head = header
        if log_head[:4] == b"TBP9":  # (Play Nine's log: no course, no cards)
            gj.game_name = PLAY_NINE
            logs = _log_module(PLAY_NINE)
            game = logs.replay(logs.decode(log_head + inputs))
        else:
            log = gamelog.decode(log_head + inputs)
            course = course_loader(log.course_hash)
            if course is None:
                raise ResumeError("game %d was played on course %s, which is not on this board"
                                  % (number, log.course_hash.hex()))
            game = gamelog.replay(log, course, clubs, shots)
    except ValueError as exc:
        raise ResumeError("the game in progress cannot be resumed: %s" % exc)
    gj._attach(game, players, number, seats, bots)
    if game.over:
        if finished is None:
            finished = gj._stamp()
        gj._shelve(*finished)
    return gj
