"""Which piece of a set of tagged pieces each RFID tag is stuck on: tag UID -> piece,
kept on the board.

Every physical piece (a club card, a domino of a real set) carries one NFC sticker. The
table learns the stickers once (card learning, ``app/card_learning.py``) and keeps the
pairs of each set in its store file (written with ``write_atomic``, so a power cut
leaves the old list or the new one, never half of one). The file is text, one piece a
line, ``UID-HEX PIECE-ID``, e.g. ``04a1b2c3d4e5f6 driver-34``: pieces are saved by id
rather than by their index in the set's data, so a maker who edits that data keeps the
pieces already learned.

A set is a ``TAG_SETS`` module (``app/presenters``): its ``FILE``, ``NOUN``, ``KNOWN``
and ``DEMO_KIND`` say where its tags are kept, how a problem names a piece and the set,
and how its simulated tags read.

A tag means one piece and a piece has one tag: binding a tag to a piece takes it off any
piece it meant before, and a piece that gets a new tag forgets its old one (a sticker
replaced).
"""


def demo_uid(piece, kind):
    """The made-up 7-byte UID of piece ``piece``'s tag on a simulated table, ``kind``
    the set's ``DEMO_KIND`` (its 4th byte).

    The simulator and tests lay these instead of real stickers; they look
    like NTAG213 UIDs (manufacturer byte 0x04).
    """
    return bytes((0x04, 0x7E, 0xEB, kind, 0x5A, piece >> 8, piece & 0xFF))


class Bindings:
    """The tag -> piece pairs of one set on one board, loaded from ``store`` at creation.

    ``pieces`` is the set's data (``tagset.pieces()``, each with an ``id``); pieces are
    named by their index in it. ``tagset`` is the set's ``TAG_SETS`` module.
    ``problems`` lists the lines of the stored file that could not be used (an id the
    set's data no longer has, a bad UID): those lines are dropped, the rest still load.
    """

    def __init__(self, store, pieces, tagset):
        self.store = store
        self.pieces = pieces
        self.name = tagset.FILE
        self.noun = tagset.NOUN
        self.known = tagset.KNOWN
        self.kind = tagset.DEMO_KIND
        self.problems = []
        self._piece_of = {}                 # uid bytes -> piece index
        self._uid_of = [None] * len(pieces)  # piece index -> uid bytes
        data = store.read(self.name) if store is not None else None
        if data:
            self._parse(data.decode())

    def _parse(self, text):
        index = {}
        for i in range(len(self.pieces)):
            index[self.pieces[i].id] = i
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
            piece = index.get(parts[1], -1)
            if piece < 0:
                self.problems.append("%s: no %s %r in %s" % (where, self.noun, parts[1],
                                                             self.known))
                continue
            self._set(uid, piece)

    def piece_of(self, uid):
        """The index of the piece with this tag, or -1 for a tag not learned."""
        return self._piece_of.get(bytes(uid), -1)

    def uid_of(self, piece):
        """The tag UID (bytes) learned for piece ``piece``, or None."""
        return self._uid_of[piece]

    def count(self):
        """How many pieces have a tag."""
        return len(self._piece_of)

    def missing(self, pieces=None):
        """The piece indexes (of ``pieces``, default all) that have no tag yet."""
        if pieces is None:
            pieces = range(len(self.pieces))
        return [p for p in pieces if self._uid_of[p] is None]

    def bind(self, uid, piece):
        """Bind tag ``uid`` to ``piece``; returns the piece it meant before (-1: none).

        Not saved until :meth:`save`.
        """
        uid = bytes(uid)
        before = self._piece_of.get(uid, -1)
        if before >= 0:
            self._uid_of[before] = None
        self._set(uid, piece)
        return before

    def _set(self, uid, piece):
        old = self._uid_of[piece]
        if old is not None and old != uid:
            del self._piece_of[old]
        self._piece_of[uid] = piece
        self._uid_of[piece] = uid

    def unbind(self, piece):
        """Forget piece ``piece``'s tag (nothing happens if it has none)."""
        uid = self._uid_of[piece]
        if uid is not None:
            del self._piece_of[uid]
            self._uid_of[piece] = None

    def text(self):
        """The bindings as the store file holds them, in the set's data order."""
        out = []
        for p in range(len(self.pieces)):
            uid = self._uid_of[p]
            if uid is not None:
                out.append("%s %s\n" % (uid.hex(), self.pieces[p].id))
        return "".join(out)

    def save(self):
        """Write the bindings to the store, all or nothing (``write_atomic``)."""
        self.store.write_atomic(self.name, self.text().encode())

    def bind_demo_tags(self):
        """Give every piece its simulator tag (:func:`demo_uid`, of the set's kind) and
        save: a simulated table's pieces come learned."""
        for p in range(len(self.pieces)):
            self.bind(demo_uid(p, self.kind), p)
        self.save()
