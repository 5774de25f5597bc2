"""Card learning (start menu, "Learn cards"): the table learns which NFC tag is stuck on
which club card, once (``docs/table-guide.md``, "For makers: learning the cards").

Imported only when the players choose it, with the club cards it walks: a board that
plays only games without cards never loads either (``app/table_cards.py``).
"""

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
    """Card learning: scan each physical club card once, walking the clubs in data order.

    The display names the club; the LED-only form shows its initiative as that
    many lit cells. A scanned tag is bound and saved at once (store
    ``write_atomic``). A tag already bound to another club asks first: OK moves
    it to this club, BACK keeps it where it was. The direction buttons skip to
    the next or previous club; BACK (with no question open) leaves.
    """

    def __init__(self, bindings, clubs):
        self.bindings = bindings
        self.clubs = clubs
        self.prompt = Prompt()
        missing = bindings.missing()
        self.club = missing[0] if missing else 0
        self.pending = None   # a tag bound to another club, waiting for OK / BACK
        self.note = ""
        self._show()

    def on_dir(self, d):
        """Skip to the next (right-hand buttons) or previous club."""
        if self.pending is not None:
            return R_NONE
        self.club = step_index(self.club, len(self.clubs), d)
        self.note = ""
        self._show()
        return R_CHANGED

    def on_more(self):
        """Holding OK skips to the next club, like E."""
        return self.on_dir(E)

    def on_ok(self):
        """Confirm moving a tag to this club (only while asked)."""
        if self.pending is None:
            return R_NONE
        uid = self.pending
        self.pending = None
        before = self.bindings.bind(uid, self.club)
        self.bindings.save()
        self._advance("Moved from %s" % self.clubs[before].name)
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
        """Bind the scanned tag to the club shown (asking first if it means another club)."""
        if self.pending is not None:
            return R_REFUSED
        bound = self.bindings.club_of(uid)
        if bound == self.club:
            self._advance("Already learned")
            return R_ACK
        if bound >= 0:
            self.pending = bytes(uid)
            self._show()
            return R_CHANGED
        self.bindings.bind(uid, self.club)
        self.bindings.save()
        self._advance("Learned")
        return R_ACK

    def _advance(self, note):
        self.note = note
        self.club = (self.club + 1) % len(self.clubs)
        self._show()

    def _show(self):
        c = self.clubs[self.club]
        p = self.prompt
        if self.pending is not None:
            other = self.clubs[self.bindings.club_of(self.pending)]
            p.set("Card is the\n%s (%d)\nMake it %s\n(%d)?\nOK: yes\nBACK: no"
                  % (other.name, other.initiative, c.name, c.initiative),
                  L_REBIND, -1, c.initiative, c.initiative - 1)
            return
        tag = "has a card" if self.bindings.uid_of(self.club) is not None else "no card yet"
        extra = " (%s)" % c.expansion if c.expansion else ""
        p.set("Learn %d/%d%s\nScan the card:\n%s (%d)\n%s\n%s\n</>: skip\nBACK: done"
              % (self.club + 1, len(self.clubs), extra, c.name, c.initiative, tag, self.note),
              L_CARD, -1, c.initiative, c.initiative - 1)
