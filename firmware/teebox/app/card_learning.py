"""Card learning (start menu, "Learn cards"): the table learns which NFC tag is stuck on
which piece of every set of tagged pieces the games play with (``app/presenters``
``TAG_SETS``: 18 Holes' club cards, Domino Golf's dominoes), once, so it knows no game
(``docs/table-guide.md``, "For makers: learning the cards").

Imported only when the players choose it, with the sets it walks: a board that plays
only games without cards never loads either (``app/table_cards.py``).
"""

from teebox.app import presenters
from teebox.app.bindings import Bindings
from teebox.app.prompt import R_ACK, R_CHANGED, R_EXIT, R_NONE, R_REFUSED, Prompt, step_index
from teebox.core.hexgrid import E

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# Card learning question codes
L_CARD = const(1)
L_REBIND = const(2)


class CardLearning:
    """Card learning: scan each physical piece once, walking a set's pieces in data order,
    each set of ``presenters.TAG_SETS`` in turn (hold OK), its first set first.
    ``bindings`` are the tags of the table's own cards (``CardKeeper.bindings``): the set
    kept in their file learns into them, so the game that plays them sees what is
    learned; every other set's tags are read from the same store.

    The display names the piece; the LED-only form shows its initiative (a club's, or
    a piece's place in its set) as that many lit cells. A scanned tag is bound and
    saved at once (store ``write_atomic``). A tag already bound to another piece (of
    any set: a sticker means one piece) asks first: OK moves it to this piece, BACK
    keeps it where it was. The direction buttons skip to the next or previous piece;
    holding OK goes to the next set; BACK (with no question open) leaves.
    """

    def __init__(self, bindings):
        self.sets = []    # each set's Bindings
        self.titles = []
        self.labels = []
        for title, module in presenters.TAG_SETS:
            mod = presenters.tag_set(module)
            self.sets.append(bindings if mod.FILE == bindings.name else Bindings(
                bindings.store, mod.pieces(), mod))
            self.titles.append(title)
            self.labels.append(mod.label)
        self.at = 0              # the set walked now
        self.prompt = Prompt()
        missing = self.sets[0].missing()
        self.piece = missing[0] if missing else 0  # the piece shown, of the set walked
        self.pending = None   # (uid, set, piece) of a tag bound elsewhere, waiting for OK / BACK
        self.note = ""
        self._show()

    @property
    def bindings(self):
        """The tags of the set walked now."""
        return self.sets[self.at]

    @property
    def pieces(self):
        """The pieces of the set walked now."""
        return self.sets[self.at].pieces

    def on_dir(self, d):
        """Skip to the next (right-hand buttons) or previous piece."""
        if self.pending is not None:
            return R_NONE
        self.piece = step_index(self.piece, len(self.pieces), d)
        self.note = ""
        self._show()
        return R_CHANGED

    def on_more(self):
        """Holding OK goes to the next set of pieces (its first piece without a tag);
        with one set alone, it skips to the next piece, like E."""
        if len(self.sets) == 1:
            return self.on_dir(E)
        if self.pending is not None:
            return R_NONE
        self.at = (self.at + 1) % len(self.sets)
        missing = self.bindings.missing()
        self.piece = missing[0] if missing else 0
        self.note = ""
        self._show()
        return R_CHANGED

    def on_ok(self):
        """Confirm moving a tag to this piece (only while asked)."""
        if self.pending is None:
            return R_NONE
        uid, at, before = self.pending
        self.pending = None
        if at != self.at:
            self.sets[at].unbind(before)
            self.sets[at].save()
        self.bindings.bind(uid, self.piece)
        self.bindings.save()
        self._advance("Moved from %s" % self.sets[at].pieces[before].name)
        return R_ACK

    def on_back(self):
        """Keep the tag where it was (while asked), else leave card learning."""
        if self.pending is not None:
            self.pending = None
            self.note = "Kept as before"
            self._show()
            return R_REFUSED
        return R_EXIT

    def on_scan(self, seat, uid):
        """Bind the scanned tag to the piece shown (asking first if it means another)."""
        if self.pending is not None:
            return R_REFUSED
        if self.bindings.piece_of(uid) == self.piece:
            self._advance("Already learned")
            return R_ACK
        for at in range(len(self.sets)):
            bound = self.sets[at].piece_of(uid)
            if bound >= 0:
                self.pending = (bytes(uid), at, bound)
                self._show()
                return R_CHANGED
        self.bindings.bind(uid, self.piece)
        self.bindings.save()
        self._advance("Learned")
        return R_ACK

    def _advance(self, note):
        self.note = note
        self.piece = (self.piece + 1) % len(self.pieces)
        self._show()

    def _show(self):
        c = self.pieces[self.piece]
        label = self.labels[self.at]
        p = self.prompt
        count = c.initiative
        if self.pending is not None:
            _uid, at, before = self.pending
            p.set("Card is the\n%s\nMake it %s?\nOK: yes\nBACK: no"
                  % (self.labels[at](self.sets[at].pieces[before]), label(c)),
                  L_REBIND, -1, count, count - 1)
            return
        tag = "has a card" if self.bindings.uid_of(self.piece) is not None else "no card yet"
        extra = " (%s)" % c.expansion if c.expansion else ""
        more = ""
        if len(self.sets) > 1:
            more = "\nHold OK: " + self.titles[(self.at + 1) % len(self.sets)].lower()
        head = "Learn" if self.at == 0 else self.titles[self.at]
        p.set("%s %d/%d%s\nScan the card:\n%s\n%s\n%s\n</>: skip%s\nBACK: done"
              % (head, self.piece + 1, len(self.pieces), extra, label(c), tag, self.note, more),
              L_CARD, -1, count, count - 1)
