"""Reading the Greens on the table: the action cards laid in secret, the putting dice
chosen with the buttons, the sides of the green, and the green, the golfers on it and the
dice on the LEDs and the OLED. The 18 Holes presenter imports this module only for a game
that plays the module (``docs/table-guide.md``, "Reading the Greens").

The action card (PUTT or CHANGE POSITION) is chosen in secret with the buttons, as a
secret decision is (the expansion's action cards carry no tag the reader knows): at club
selection OK shows the first player's cards on the green to that player alone (the others
look away), right/left step, OK lays the card shown, which the table acknowledges in the
seat's colour saying only who chose; BACK hides them again.

Which dice to roll is a picker, not a list (up to 639 ways): right/left move over the seven
dice, the pool dice of the others and ROLL; OK picks or unpicks the die shown (one pool
die at most) or, on ROLL, putts; holding OK putts too; BACK unpicks all.
"""

from teebox.app.prompt import step_index
from teebox.core import hexgrid
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18.expansions import greens
from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER, NO_TARGET, SIDES
from teebox.core.holes18.expansions.greens_play import (
    ACE_DICE, ACTION, GAP_SIDE, GreensPlay, KEEP, KINDS, MALLET, NEW_SIDE, OUT_ACE_ROLL,
    OUT_ACTIONS, OUT_CHANGED, OUT_LONGEST_PUTT, OUT_MALLET_ROLL, OUT_ON_GREEN, OUT_POOL, OUT_PUTT,
    OUT_RETRIEVED,
    PUTT_DICE, ROLL, SIDE)
from teebox.core.holes18.expansions.putting import (
    CENTRE, CHANGE, OFF, PUTT, SUNK, putt_args, putt_code)
from teebox.core.holes18.policy import LAID
from teebox.core.holes18.protocol import EXTRA, OUT_TURN, SELECT_CLUB

CODE_PUTT = 14   # the LED-only question code of a putting decision (13 + 1: after a policy's)
_DIE = "WYYOORR"  # each die's colour letter (greens.json's set: white, yellow, orange, red)
_DICE_KINDS = (PUTT_DICE, ACE_DICE)
_FACE_LEVEL = 28  # LED brightness per pip (a face of 9: 252 of 255)
_OUTCOMES = ("short", "long", "by the cup", "SUNK", "flag stops it")  # putting.SHORT ...


def _colour(target):
    # The die colour (0 white ... 3 red) a side's target reads as on the LEDs: "the darker
    # the red the higher the numbers" (a die's faces: white 1-3 ... red 5-9).
    return 0 if target < 20 else 1 if target < 28 else 2 if target < 36 else 3


class GreensTable:
    """The putting of one table's game (``table``: the shell): ``x`` the game's
    :class:`~teebox.core.holes18.expansions.greens_play.GreensPlay`."""

    def __init__(self, table):
        self.t = table
        self.x = [m for m in table.game.added if isinstance(m, GreensPlay)][0]
        self.mask = 0         # the picker: own dice picked (a bit each)
        self.borrow = -1      # the pool die picked: its owner, or -1
        self.cur = 0          # the picker's item: a die 0-6, a lender, then ROLL
        self.lenders = []     # the seats whose pool die may be picked now
        self.flags = 0        # the last putt's dice that threw flags (a bit a die)
        self.putter = -1      # whose dice the LEDs show when nobody putts now

    # ------------------------------------------------------------ decisions

    def is_action(self, choice):
        """Whether ``choice`` lays an action card (chosen in secret, like a club)."""
        return choice[0] == EXTRA and ACTION <= choice[1] < SIDE

    def picking(self):
        """Whether the dice picker answers the decision now (not a tap-in's one choice)."""
        t = self.t
        return t.d.kind in _DICE_KINDS and not t.opts

    def enter(self):
        """Set up a putting decision (True) or leave the decision to the presenter."""
        t = self.t
        k = t.d.kind
        if k not in KINDS:
            return False
        seat = t.d.players[0]
        g = self._green(seat)
        if k == PUTT_DICE and g.side[seat] == CENTRE:
            t.opts = [(EXTRA, ROLL)]  # beside the cup: tap it in
            t.sel = 0
        elif k in _DICE_KINDS:
            self.mask = 0
            self.borrow = -1
            self.cur = 0 if g.pool[seat] != 0 else 1
            self.lenders = [] if k == ACE_DICE else [
                s for s in range(len(g.pool)) if s != seat and g.pool[s] >= 0]
        else:
            t.opts = t.game.choices(seat)
            t.sel = 0
        return True

    def _picked(self):
        # (roll, borrow) the picker shows: a bot's planned choice, else the player's picks.
        c = self.t.choice
        if c is not None:
            return putt_args(c[1] - ROLL)
        return (tuple([i for i in range(DICE_PER_PLAYER) if self.mask >> i & 1]),
                self.borrow)

    def on_dir(self, d):
        """Right/left: the next or previous die, pool die, ROLL."""
        self.cur = step_index(self.cur, DICE_PER_PLAYER + len(self.lenders) + 1, d)
        self._cursor()
        self.t.show_decision()

    def on_ok(self):
        """Pick or unpick the die shown; on ROLL, putt."""
        t = self.t
        seat = t.d.players[0]
        if self.cur < DICE_PER_PLAYER:
            if self._green(seat).pool[seat] == self.cur:
                t.refuse("'Once a die is in the dice pool it is never re-rolled for this "
                         "green'")
                return
            self.mask ^= 1 << self.cur
        elif self.cur < DICE_PER_PLAYER + len(self.lenders):
            lender = self.lenders[self.cur - DICE_PER_PLAYER]
            self.borrow = -1 if self.borrow == lender else lender
        else:
            self.roll()
            return
        t.show_decision()

    def roll(self):
        """Putt with the dice picked (or say why not)."""
        t = self.t
        seat = t.d.players[0]
        roll, borrow = self._picked()
        why = None
        if t.d.kind == PUTT_DICE:
            why = self._green(seat).putt_reason(seat, roll, borrow)
        elif not roll:
            why = "roll at least one of your dice"
        if why:
            t.refuse(why)
            return
        t.apply((EXTRA, ROLL + putt_code(roll, borrow)), seat)

    def on_back(self):
        """Unpick every die."""
        self.mask = 0
        self.borrow = -1

    # ------------------------------------------------------------ the display

    def offer(self):
        """What OK offers at club selection: a player on the green's action card."""
        for c in self.t.opts:
            if self.is_action(c):
                return "\nOK: action card"
        return None

    def show(self, pr):
        """Write a putting decision's prompt (True), or leave it to the screen (False)."""
        t = self.t
        d = t.d
        k = d.kind
        if k == SELECT_CLUB:
            return t.sel >= 0 and self.is_action(t.opts[t.sel]) and self._action(pr)
        if k not in KINDS:
            return False
        seat = d.players[0]
        g = self._green(seat)
        head = "P%d %s" % (seat + 1, self._where(seat))  # (one line: "P1 putt 24 SW")
        if k in _DICE_KINDS and not t.opts:
            self._cursor()
            roll, borrow = self._picked()
            n = DICE_PER_PLAYER + len(self.lenders)
            if self.cur < DICE_PER_PLAYER:
                item = "die %d %s%s" % (self.cur + 1, _DIE[self.cur],
                                        " pool" if g.pool[seat] == self.cur else "")
            elif self.cur < n:
                lender = self.lenders[self.cur - DICE_PER_PLAYER]
                item = "P%d's pool %d" % (lender + 1, g.values[lender][g.pool[lender]])
            else:
                item = "ROLL"
            ask = "Hole-in-one? %d" % (g.putters[seat].goal(g.card.highest() + 1, False)) \
                if k == ACE_DICE else "Roll which dice?"
            # The others' pool dice, as they lie in the pool: "Pool P2:7 P3:5".
            pool = "".join([" P%d:%d" % (s + 1, g.values[s][g.pool[s]]) for s in self.lenders])
            pr.set("%s\n%s\n%s\n%s%s\n%s> %s\n</>:die OK:pick\nHold OK: roll"
                   % (head, ask, _DIE, self._dice(g, seat, roll),
                      " +P%d" % (borrow + 1) if borrow >= 0 else "",
                      "Pool" + pool + "\n" if pool else "", item),
                   CODE_PUTT, seat, n + 1, self.cur)
            return True
        code = t.selected()[1]
        if k == NEW_SIDE or k == GAP_SIDE:
            side = code - SIDE
            target = g.putters[seat].target(g.card, side, False)
            hole = t.game.players[seat].hole
            what = "side %s: %s" % (self._dir(hole, side), "no putt" if target == NO_TARGET
                                     else "putt %d" % target)
            t.view.cursor = self._side_cell(hole, side)
        elif k == PUTT_DICE:
            what = "tap it in"
        elif code == KEEP:
            what = "keep the roll"
        else:
            die = code - MALLET
            what = "re-roll die %d %s%d" % (die + 1, _DIE[die], g.values[seat][die])
        pr.set("%s\n%s\n> %s\n</>: other\nOK: confirm"
               % (head, self.x.decision_text(t.game, k), what),
               CODE_PUTT, seat, len(t.opts), t.sel)
        return True

    def _action(self, pr):
        # An action card shown to its player alone, at club selection.
        t = self.t
        s = t.opt_seats[t.sel]
        c = t.opts[t.sel]
        pr.set("%s: secret\nOthers look away\n%s\n%s\n> %s\n</>:other OK:lay\nBACK: hide"
               % (t.label(s), self._where(s), self._card(s), "PUTT" if c[1] - ACTION == PUTT
                  else "CHANGE POSITION"), SELECT_CLUB, s, len(t.opts), t.sel)
        return True

    def _card(self, seat):
        # The green card's targets by the hex direction each side faces (two lines of the
        # display): "E24 NE- NW31 W38 SW- SE29" ("-": no target from that side).
        g = self._green(seat)
        turn = greens.card_turn(self.t.course, self.t.game.players[seat].hole)
        out = []
        for d in range(SIDES):
            target = g.putters[seat].target(g.card, (d - turn) % SIDES, False)
            out.append(DIR_NAMES[d] + ("-" if target == NO_TARGET else str(target)))
        return " ".join(out)

    def _green(self, seat):
        # The green ``seat`` putts on (its hole's: Golf Racing has several in play).
        return self.x.green_of(self.t.game, seat)

    def _where(self, seat):
        # Where a golfer lies on the green: "putt 24 SW", "by the cup".
        g = self._green(seat)
        side = g.side[seat] if g is not None else OFF
        if side == CENTRE:
            return "by the cup"
        if side == OFF:
            return ""
        target = g.target(seat)
        return "%s %s" % ("putt %d" % target if target != NO_TARGET else "no putt",
                          self._dir(self.t.game.players[seat].hole, side))

    def _dir(self, hole, side):
        # The hex direction a side of ``hole``'s green card faces on the course.
        return DIR_NAMES[(greens.card_turn(self.t.course, hole) + side) % SIDES]

    def _dice(self, g, seat, roll):
        # A seat's dice under their letters: a face lying kept, '*' to roll, 'P' in the pool,
        # '.' not rolled.
        out = ""
        for i in range(DICE_PER_PLAYER):
            if i in roll:
                out += "*"
            elif g.pool[seat] == i:
                out += "P"
            else:
                v = g.values[seat][i]
                out += str(v) if 0 < v < 10 else "." if not v else "+"
        return out

    def _side_cell(self, hole, side):
        # The cell beside ``hole``'s green on the side ``side`` of its card.
        gq, gr = self.t.course.hole(hole)[3:]
        q, r = hexgrid.neighbour(gq, gr, (greens.card_turn(self.t.course, hole) + side) % SIDES)
        return self.t.cell(q, r)

    def _cursor(self):
        # The picker's die blinks where the LEDs show it (a pool die or ROLL: the golfer).
        v = self.t.view
        seat = self.t.d.players[0]
        at = SIDES + self.cur if self.cur < DICE_PER_PLAYER + len(self.lenders) else -1
        v.cursor = v.green[at] if 0 <= at < v.green_len else v.golfer[seat]

    # ------------------------------------------------------------ outputs and LEDs

    def outputs(self, outs):
        """Say what happened on the green (in front of the motion's note)."""
        t = self.t
        words = []
        for o in outs:
            k = o[0]
            if k == OUT_ACE_ROLL:
                # The roll for a hole-in-one is in or not ("beside the cup" means nothing
                # from the tee), one line: "P1 ace 39/34 out".
                self.putter = o[1]
                words.append("P%d ace %d/%d %s" % (o[1] + 1, o[4], o[2],
                                                   "IN" if o[6] == SUNK else "out"))
            elif k == OUT_PUTT or k == OUT_MALLET_ROLL:
                seat, target, throws, total, flags, outcome = o[1:]
                self.putter = seat
                self.flags = 0
                for die, _face, n in throws:
                    if n:
                        self.flags |= 1 << die
                # Two lines of the display: "P1 rolled 27/26" (after the Mallet Putter's
                # re-roll "P1 mallet 27/26": 16 columns) / "1 flag, by cup".
                words.append("P%d %s %d/%d\n%s%s" % (
                    seat + 1, "rolled" if k == OUT_PUTT else "mallet", total, target,
                    "%d flag%s, " % (flags, "s" if flags > 1 else "") if flags else "",
                    _OUTCOMES[outcome]))
            elif k == OUT_ON_GREEN:
                words.append("P%d %s" % (o[1] + 1, self._where(o[1])))
            elif k == OUT_ACTIONS:
                words.append(" ".join(["P%d %s" % (s + 1, "PUTT" if a == PUTT else "MOVE")
                                       for s, a in o[1]]))
            elif k == OUT_POOL and not words:  # (after a putt: its dice show the pool)
                words.append("P%d pools a %d" % (o[1] + 1, o[3]))
            elif k == OUT_CHANGED:
                words.append("P%d to %s" % (o[1] + 1, self._where(o[1])))
            elif k == OUT_RETRIEVED:  # (Golf Racing: a racer's die left on a green)
                words.append("P%d's die back" % (o[1] + 1))
            elif k == OUT_LONGEST_PUTT:
                words.append("P%d longest putt" % (o[1] + 1))
            elif k == OUT_TURN and o[2] == LAID:
                # A putting turn lays no club: its action card says what it is.
                words.append("P%d %s" % (o[1] + 1, "putts" if self.x.laid[o[1]] != CHANGE
                                         else "moves"))
        if words:
            t.note = "\n".join(words) + ("\n" + t.note if t.note else "")

    def sync(self, v):
        """A green in play on the LEDs: its sides in the colour of their targets, the
        dice of the player putting (or the last to putt) as they lie, then the pool; every
        golfer on a green at its side (beside the cup: on the green). The green shown is
        the putting player's (Golf Racing has several in play), else the last putter's,
        else the first golfer's on one."""
        t = self.t
        game = t.game
        v.green_len = 0
        v.green_blink = 0
        if game.over:
            return
        d = t.d
        seat = d.players[0] if d is not None and d.kind in KINDS else self.putter
        for p in game.players:
            g = self._green(p.seat)
            if g is None or g.side[p.seat] == OFF:
                continue
            if seat < 0:
                seat = p.seat
            if g.side[p.seat] != CENTRE and p.seat not in g.sunk:
                v.golfer[p.seat] = self._side_cell(p.hole, g.side[p.seat])
        g = self._green(seat) if seat >= 0 else None
        if g is None:
            return
        hole = game.players[seat].hole
        for s in range(SIDES):
            v.green[s] = self._side_cell(hole, s)
            target = g.card.targets[s]
            v.green_ink[s] = _colour(target)
            v.green_level[s] = 0 if target == NO_TARGET else 255
        # The dice around the sides, a ring two hexes out: own dice in their colours (the
        # pool die in the seat's), then the other players' pool dice in theirs, brighter
        # the higher.
        gq, gr = t.course.hole(hole)[3:]
        q, r = hexgrid.neighbour(*hexgrid.neighbour(gq, gr, 4), 4)
        dice = [(seat, i) for i in range(DICE_PER_PLAYER)] + [
            (s, g.pool[s]) for s in range(len(g.pool)) if s != seat and g.pool[s] >= 0]
        n = SIDES
        for i in range(len(dice)):
            q, r = hexgrid.neighbour(q, r, i // 2 % SIDES)
            owner, die = dice[i]
            face = g.values[owner][die]
            v.green[n] = t.cell(q, r)
            v.green_ink[n] = 4 + owner if owner != seat or g.pool[owner] == die else \
                g.greens.set[die]
            v.green_level[n] = min(255, 60 + _FACE_LEVEL * face) if face else 20
            if owner == self.putter and self.flags >> die & 1:
                v.green_blink |= 1 << n
            n += 1
        v.green_len = n
