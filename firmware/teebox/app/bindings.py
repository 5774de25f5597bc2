"""Which club card each RFID tag is stuck on: tag UID -> club, kept on the board.

Every physical club card carries one NFC sticker. The table learns the
stickers once (card learning, ``app/setup_flow.py``) and keeps the pairs in
the store file ``cards`` (written with ``write_atomic``, so a power cut
leaves the old list or the new one, never half of one). The file is text,
one card a line, ``UID-HEX CLUB-ID``, e.g. ``04a1b2c3d4e5f6 driver-34``:
clubs are saved by id rather than by their index in ``clubs.json``, so a
maker who edits the card data keeps the cards already learned.

A tag means one club and a club has one tag: binding a tag to a club takes
it off any club it meant before, and a club that gets a new tag forgets its
old one (a sticker replaced).
"""

FILE = "cards"
CLUB_KIND = 0x0C  # the 4th byte of a simulated club card's tag (other sets have their own)


def demo_uid(club, kind=CLUB_KIND):
    """The made-up 7-byte UID of club ``club``'s card on a simulated table (``kind``: of
    piece ``club`` of another set of tagged pieces, ``app/presenters`` ``TAG_SETS``).

    The simulator and tests lay these instead of real stickers; they look
    like NTAG213 UIDs (manufacturer byte 0x04).
    """
    return bytes((0x04, 0x7E, 0xEB, kind, 0x5A, club >> 8, club & 0xFF))


class Bindings:
    """The tag -> club pairs of one board, loaded from ``store`` at creation.

    ``clubs`` is the club card list (``shipped.load_default_clubs()``); clubs
    are named by their index in it. ``problems`` lists the lines of the
    stored file that could not be used (a club id the card data no longer
    has, a bad UID): those lines are dropped, the rest still load. ``noun`` names a
    piece in them (another set of tagged pieces: ``"domino"``), ``known`` where the
    pieces come from.
    """

    def __init__(self, store, clubs, name=FILE, noun="club", known="the card data"):
        self.store = store
        self.clubs = clubs
        self.name = name
        self.noun = noun
        self.known = known
        self.problems = []
        self._club_of = {}                 # uid bytes -> club index
        self._uid_of = [None] * len(clubs)  # club index -> uid bytes
        data = store.read(name) if store is not None else None
        if data:
            self._parse(data.decode())

    def _parse(self, text):
        index = {}
        for i in range(len(self.clubs)):
            index[self.clubs[i].id] = i
        lineno = 0
        for line in text.split("\n"):
            lineno += 1
            line = line.strip()
            if not line:
                continue
            parts = line.split()
            where = "%s line %d" % (self.name, lineno)
            if len(parts) != 2:
                self.problems.append("%s: expected 'UID %s-ID', got %r"
                                     % (where, self.noun.upper(), line))
                continue
            try:
                uid = bytes.fromhex(parts[0])
            except ValueError:
                uid = b""
            if len(uid) not in (4, 7, 10):
                self.problems.append("%s: %r is not a 4, 7 or 10 byte UID" % (where, parts[0]))
                continue
            club = index.get(parts[1], -1)
            if club < 0:
                self.problems.append("%s: no %s %r in %s" % (where, self.noun, parts[1],
                                                             self.known))
                continue
            self._set(uid, club)

    def club_of(self, uid):
        """The club index of the card with this tag, or -1 for a tag not learned."""
        return self._club_of.get(bytes(uid), -1)

    def uid_of(self, club):
        """The tag UID (bytes) learned for club ``club``, or None."""
        return self._uid_of[club]

    def count(self):
        """How many clubs have a tag."""
        return len(self._club_of)

    def missing(self, clubs=None):
        """The club indexes (of ``clubs``, default all) that have no tag yet."""
        if clubs is None:
            clubs = range(len(self.clubs))
        return [c for c in clubs if self._uid_of[c] is None]

    def bind(self, uid, club):
        """Bind tag ``uid`` to ``club``; returns the club it meant before (-1: none).

        Not saved until :meth:`save`.
        """
        uid = bytes(uid)
        before = self._club_of.get(uid, -1)
        if before >= 0:
            self._uid_of[before] = None
        self._set(uid, club)
        return before

    def _set(self, uid, club):
        old = self._uid_of[club]
        if old is not None and old != uid:
            del self._club_of[old]
        self._club_of[uid] = club
        self._uid_of[club] = uid

    def unbind(self, club):
        """Forget club ``club``'s tag (nothing happens if it has none)."""
        uid = self._uid_of[club]
        if uid is not None:
            del self._club_of[uid]
            self._uid_of[club] = None

    def text(self):
        """The bindings as the store file holds them, in club data order."""
        out = []
        for c in range(len(self.clubs)):
            uid = self._uid_of[c]
            if uid is not None:
                out.append("%s %s\n" % (uid.hex(), self.clubs[c].id))
        return "".join(out)

    def save(self):
        """Write the bindings to the store, all or nothing (``write_atomic``)."""
        self.store.write_atomic(self.name, self.text().encode())

    def bind_demo_cards(self, kind=CLUB_KIND):
        """Give every club its simulator tag (:func:`demo_uid`, of ``kind``) and save: a
        simulated table's cards come learned."""
        for c in range(len(self.clubs)):
            self.bind(demo_uid(c, kind), c)
        self.save()
