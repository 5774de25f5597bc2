"""The table's card data: the club cards and shot decks of 18 Holes, and which tag is
stuck on which club card (``app/bindings.py``), read only when something asks for them.

A board that plays only games without cards (Play Nine: the table deals it) never
reads ``clubs.json``, ``shots.json`` or the stored bindings, nor imports 18 Holes'
card module. The cards are read the first time they are asked for: the 18 Holes
presenter asks once 18 Holes is played (or resumed after a power cut), card learning
when the players choose "Learn cards", the simulator's scripts when they name a card.
From then on the start menu shows how many club cards have a tag
(``SetupFlow.count_cards``). :class:`CardKeeper` is a part of
:class:`~teebox.app.table.Table`.
"""

from teebox.app import presenters
from teebox.app.bindings import Bindings


class ReplayData:
    """What a journalled game is rebuilt with at power-on, as ``gamerecord.replay`` looks
    it up: ``["courses"]`` the board's course loader, ``["clubs"]`` and ``["shots"]``
    the table's card data, any other shipped data by its name (``shipped.load_default_``
    and the name: an expansion's, such as ``"greens"`` or ``"wind"``), each read only if
    the game asks for it."""

    def __init__(self, table, course_loader):
        self.table = table
        self.courses = course_loader

    def __getitem__(self, key):
        if key == "courses":
            return self.courses
        if key == "clubs" or key == "shots":
            return getattr(self.table, key)
        from teebox import shipped  # (only a game that asks: read the data then)
        load = getattr(shipped, "load_default_" + key, None)
        if load is None:
            raise KeyError(key)
        return load()


class CardKeeper:
    """The card data of :class:`~teebox.app.table.Table`: ``clubs``, ``shots`` and
    ``bindings``, read on first use (from the club cards and shot decks given to the
    table, else from the shipped files)."""

    def _init_cards(self, store, clubs, shots):
        # (called by Table.__init__ once the setup exists)
        self._store = store
        self._clubs = clubs
        self._shots = shots
        self._bindings = None
        if clubs is not None:
            self._read_cards()  # the cards are at hand: the start menu counts them at once

    @property
    def store(self):
        """The board's flash store (``hal.store``): where a game's presenter reads files
        of its own (the tags of a set of pieces other than the club cards)."""
        return self._store

    @property
    def clubs(self):
        """The club cards (``core/holes18/cards.py``), read on first use."""
        self._read_cards()
        return self._clubs

    @property
    def shots(self):
        """The shot decks, read on first use."""
        if self._shots is None:
            from teebox import shipped
            self._shots = shipped.load_default_shots()
        return self._shots

    @property
    def bindings(self):
        """Which tag is on which club card (:class:`~teebox.app.bindings.Bindings`),
        read with the club cards."""
        self._read_cards()
        return self._bindings

    def replay_data(self, course_loader):
        """The data a journalled game is rebuilt with (:class:`ReplayData`), the course
        found by ``course_loader(hash)``."""
        return ReplayData(self, course_loader)

    def _read_cards(self):
        # The club cards and their tags, read once; the start menu counts them from now.
        if self._bindings is not None:
            return
        if self._clubs is None:
            from teebox import shipped
            self._clubs = shipped.load_default_clubs()
        # The first set of tagged pieces is the table's own cards (``presenters.TAG_SETS``).
        self._bindings = Bindings(self._store, self._clubs,
                                  presenters.tag_set(presenters.TAG_SETS[0][1]))
        problems = len(self._bindings.problems)
        if problems:
            # Cards whose line was damaged (or whose club left the card data) must be
            # learned again; say so once.
            self.alert = "%d learned card%s could not be read: learn again" % (
                problems, "" if problems == 1 else "s")
        self.setup.count_cards(*self.card_count())
        if self.flow is self.setup:
            self.refresh()

    def card_count(self):
        """``(learned, needed)``: how many of the base game's club cards have a tag, of
        how many; ``(0, 0)`` before the cards are read."""
        if self._bindings is None:
            return 0, 0
        clubs = self._clubs
        base = [c for c in range(len(clubs)) if not clubs[c].expansion]
        return len(base) - len(self._bindings.missing(base)), len(base)
