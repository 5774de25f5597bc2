"""18 Holes on the OLED and the preview path: what each decision asks, and what the
selected choice would do, lit on the course before it is confirmed."""

from teebox.app.presenters.holes18.motion import golfer_label
from teebox.app.view import MARK_GREEN, MARK_HAZARD, MARK_OUT, MARK_PLAIN, MARK_TREE, MAX_PATH
from teebox.core import hexgrid, terrain
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18 import cards
from teebox.core.holes18.cards import shot_text
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, BUNKER, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, DECK, DECLARE_DIRECTION,
    DECLINE, DISCARD, DISCARD_FOR_HITTER, EXIT_BUNKER, EXTRA, FOLLOW_SPECIAL, GREEN,
    HIT_DIRECTION, KEEP, MOVE, OUT_OF_BOUNDS, OUTCOME, PLAY, POLICY_KINDS, RESET, SELECT_CLUB,
    STOP, WATER)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# The question code of an extra turn's club selection (Chaos Golf): SELECT_CLUB's code
# would not tell a player without a display that BACK may decline it.
CODE_EXTRA_TURN = const(12)
# The question code of a mode's or golfer's own decision (its kind is 64 and up: too
# many cells for the top edge).
CODE_POLICY = const(13)

# Actions on the CHOOSE_ACTION menu, in the order holding OK steps through them
# (the LED-only strip shows the slot: 1 play, 2 big hit, 3 exit bunker, 4 reset).
ACTIONS = (PLAY, BIG_HIT, EXIT_BUNKER, RESET)
ACTION_LABELS = ("Play club", "Big hit", "Exit bunker", "Reset hand")

# Decisions answered with a direction button (no option list).
DIRECTION_KINDS = (DECLARE_DIRECTION, HIT_DIRECTION)


def policy_of(game, seat, code):
    """The policy whose choice ``(EXTRA, code)`` is: the mode's, an expansion module's (the
    wind's), else ``seat``'s golfer."""
    if code in game.mode.extras:
        return game.mode
    for x in game.added:
        if code in x.extras:
            return x
    return game.players[seat].rules


class Screen:
    """The prompts and the preview of one table's 18 Holes game (``table``: the shell;
    ``motion``: its animations, for the flight in the air; ``golfers``: the golfer
    cards' :class:`~teebox.app.presenters.holes18.golfer_cards.GolferCards` of a game
    that plays them, else None)."""

    def __init__(self, table, motion):
        self.t = table
        self.motion = motion
        self.golfers = None
        self.greens = None  # the putting's (putting.py) in a game reading the greens
        # The cells of a path, filled and handed to the view at once (which copies them):
        # the flights' scratch list serves, as one did for both before the presenters.
        self._path = motion.path
        self._marks = bytearray(MAX_PATH)

    # ------------------------------------------------------------ preview

    def preview(self):
        """Light what the selected choice would do: the path, its hazards, the landing."""
        t = self.t
        g = t.game
        d = t.d
        v = t.view
        v.clear_path()
        v.cursor = -1
        c = t.selected()
        k = d.kind
        if c is None or k == SELECT_CLUB or c[0] == EXTRA:
            return None
        res = None
        p = g.players[d.player] if d.player >= 0 else None
        if c[0] == MOVE or (c[0] == AIM and k == HIT_DIRECTION) or c[0] == OUTCOME:
            res = g.preview(c, t.acting())
        elif c[0] == AIM:
            # Declared before the draw: the direction itself, two cells for a chip.
            steps = 1 if d.action == EXIT_BUNKER else cards.CHIP_STEPS
            n = 0
            for h in hexgrid.straight(p.q, p.r, c[1], steps):
                cell = t.cell(h[0], h[1])
                if cell >= 0:
                    self._path[n] = cell
                    self._marks[n] = MARK_PLAIN
                    n += 1
            v.set_path(self._path, self._marks, n)
            v.cursor = self._path[0] if n else -1
            return None
        elif c[0] == KEEP or c[0] == DISCARD:
            shot = d.piles[c[1]][-1]
            if g.shot_list[shot].outcomes:
                aim = d.declared if d.declared >= 0 else self._toward_green(p)
                res = g.simulate_shot(shot, 0, aim)
        if res is not None:
            self._light(res, p)
        return res

    def _light(self, res, p):
        t = self.t
        path, land, outcome, hit_tree = res
        n = min(len(path), MAX_PATH)
        eff = t.game.effects
        for i in range(n):
            h = path[i]
            self._path[i] = t.cell(h[0], h[1])
            landing = eff.landing(t.course.terrain(h[0], h[1]))
            self._marks[i] = MARK_HAZARD if landing == WATER or landing == BUNKER else MARK_PLAIN
        if outcome == OUT_OF_BOUNDS and n == 0:
            self._path[0] = t.cell(p.q, p.r)
            n = 1
        if n:
            last = n - 1
            if outcome == OUT_OF_BOUNDS:
                self._marks[last] = MARK_OUT
            elif outcome == GREEN:
                self._marks[last] = MARK_GREEN
            elif hit_tree:
                self._marks[last] = MARK_TREE
        t.view.set_path(self._path, self._marks, n)
        if t.selected()[0] == MOVE:
            t.view.cursor = t.cell(land[0], land[1])

    def _toward_green(self, p):
        """The direction whose neighbour is nearest the player's target green."""
        g = self.t.game
        crs = self.t.course
        holes = g.mode.targets(g, p)
        if not holes:
            return 0
        # Each hole looked up once, the neighbours stepped to in place: the lowest
        # direction of the nearest (neighbour, green) pair, as the nearest green per
        # direction compared (a hole's record and a neighbour are new tuples: asked per
        # direction, ~0.6 KB a preview).
        best = 0
        far = -1
        for h in holes:
            hole = crs.hole(h)
            for d in range(6):
                dist = hexgrid.distance(p.q + hexgrid.DQ[d], p.r + hexgrid.DR[d],
                                        hole[3], hole[4])
                if far < 0 or dist < far or (dist == far and d < best):
                    far = dist
                    best = d
        return best

    # ------------------------------------------------------------ prompts

    def show(self):
        """Write the display form and the LED-only form of the decision now; the text."""
        t = self.t
        g = t.game
        d = t.d
        pr = t.play_prompt
        k = d.kind
        res = self.preview()
        # (Chaos Teams: "P1 red golfer 2", so the team aims the golfer it nominated.)
        who = golfer_label(g, d.player, t.label(d.player)) if d.player >= 0 else ""
        gc = self.golfers
        if self.greens is not None and self.greens.show(pr):
            pass  # putting, or an action card shown to its player (putting.py)
        elif k == SELECT_CLUB and gc is not None and gc.showing and gc.peeker() >= 0:
            # The private card, while its player holds OK: the LEDs say no more than
            # the usual prompt (the seats still to choose).
            pr.set(gc.private_text(), k, -1, 0, -1, bytes(d.waiting))
        elif k == SELECT_CLUB:
            self._select_club(g, d, pr)
        elif k == CHOOSE_ACTION:
            self._choose_action(g, d, pr, who, res)
        elif k in DIRECTION_KINDS:
            c = t.choice
            if k == HIT_DIRECTION:
                ask = "Aim %s" % (shot_text(g.shot_list[d.shot]) if d.shot >= 0
                                   else t.clubs[d.club].name)
            elif d.action == EXIT_BUNKER:
                ask = "Exit bunker to?"
            else:
                ask = "Chip: say where"
            aim = ("> %s%s" % (DIR_NAMES[c[1]], self._landing_text(res))) if c else "> pick a dir"
            pr.set("%s\n%s\n%s\nOK: confirm\nBACK: undo" % (who, ask, aim), k, d.player)
        elif k >= POLICY_KINDS:
            self._policy_decision(g, d, pr)
        else:
            seat = d.players[0]
            pr.set("%s\n%s\n> %s%s\n</>: other\nOK: confirm"
                   % (t.label(seat), self._list_title(k),
                      self._option_text(t.opts[t.sel]), self._landing_text(res)),
                   k, seat, len(t.opts), t.sel)
        return pr.text

    def _choose_action(self, g, d, pr, who, res):
        # The action menu: its actions, a golfer's own (Slick Rikesh B's discarded
        # clubs) after them; the player's golfer card and its power under the club.
        t = self.t
        club = t.clubs[d.club]
        c = t.selected()
        extra = [o for o in t.opts if o[0] == EXTRA]
        slot = -1
        if c is None:
            what = "Pick: dir/hold"
        elif c[0] == MOVE:
            what = "Move %s" % DIR_NAMES[c[1]]
        elif c[0] == EXTRA:
            # A mode's own offer (Chaos Teams: the other golfer, lit where it stands) or
            # the golfer's (Slick Rikesh B: another player's discarded club).
            x = policy_of(g, d.player, c[1])
            what = x.choice_text(g, c[1])
            at = x.choice_cell(g, c[1])
            if at is not None:
                t.view.cursor = t.cell(at[0], at[1])
            slot = len(ACTIONS) + extra.index(c)
        else:
            what = ACTION_LABELS[ACTIONS.index(c[0])]
            slot = ACTIONS.index(c[0])
        # Golfers on holes of their own: the hole (whose green counts) instead of "turn";
        # a team's: the golfer its turn moves (``who`` names it).
        if g.mode.spread:
            head = "%s H%d" % (who, g.players[d.player].hole)
        elif g.mode.mover(g, d.player):
            head = who
        else:
            head = who + " turn"
        card = self.golfers.line(d.player) if self.golfers is not None else ""
        for x in g.added:  # the wind this shot plays, if not the hole's (Wendy B's)
            words = x.turn_text(g, d.player)
            if words:
                card = card + " " + words if card else words
        pr.set("%s\n%s%s (%d)\n> %s%s\nDir: move 1\nHold OK: action\nOK: do it"
               % (head, card + "\n" if card else "", club.name, club.initiative, what,
                  self._landing_text(res)),
               CHOOSE_ACTION, d.player, len(ACTIONS) + len(extra), slot)

    def _policy_decision(self, g, d, pr):
        # A mode's or golfer's own decision: its choices as an option list, in its words;
        # the hex the selected one is about blinks (Skins: the green for a 5). A secret
        # one (Kelly Golf's target, Bunjil B's card) stays hidden until its player peeks.
        t = self.t
        seat = d.players[0]
        x = policy_of(g, seat, t.opts[0][1])
        if t.sel < 0:
            pr.set("%s: secret\n%s\nOthers look away\nOK: peek"
                   % (t.label(seat), x.decision_text(g, d.kind)), CODE_POLICY, seat)
            return
        code = t.opts[t.sel][1]
        at = x.choice_cell(g, code)
        if at is not None:
            t.view.cursor = t.cell(at[0], at[1])
        res = x.choice_landing(g, code)
        if res is not None:
            self._light(res, g.players[seat])  # the flight as this choice leaves it (the wind)
        secret = d.kind in x.secret_kinds
        card = self.golfers.card_text(seat) if secret and self.golfers is not None else ""
        pr.set("%s\n%s\n%s> %s\n</>: other\nOK: confirm%s"
               % (t.label(seat), x.decision_text(g, d.kind), card + "\n" if card else "",
                  x.choice_text(g, code), "\nBACK: hide" if secret else ""),
               CODE_POLICY, seat, len(t.opts), t.sel)

    def _select_club(self, g, d, pr):
        t = self.t
        if not g.mode.roams and not g.mode.spread:
            hole = g.players[d.players[0]].hole
            head = "Hole %d round %d" % (hole, g.round)
            for x in g.added:  # the wind: "H3 R2 wind NE"
                words = x.status_text(g)
                if words:
                    head = "H%d R%d %s" % (hole, g.round, words)
            worth = g.mode.green_tokens(hole)
            if worth:
                head += "\nGreen: %d pts" % worth  # the tokens lying there (a jackpot too)
        else:
            # The holes in any order, or each golfer its own; a mode's own state instead
            # when it has one (Solo Chaos Golf: the card and marker, the opponents' points).
            head = g.mode.status(g) or "Round %d" % g.round
        code = CODE_EXTRA_TURN if d.extra else d.kind
        if t.sel >= 0:
            s = t.opt_seats[t.sel]
            c = t.opts[t.sel]
            if c[0] == DECLINE:
                ask = "Skip %s\nextra turn?\nOK: skip" % t.label(s)
            elif c[0] == EXTRA:
                # A golfer's power (Bunjil's look at a deck): which deck is no secret.
                ask = "%s %s:\n%s?\n</>: other\nOK: yes" % (
                    t.label(s), g.players[s].rules.title,
                    policy_of(g, s, c[1]).choice_text(g, c[1]))
            else:
                ask = "Reset %s\nhand? (a club\ncan't be used)\nOK: reset" % t.label(s)
            pr.set("%s\n%s\nBACK: no" % (head, ask), code, s, len(t.opts), t.sel)
            return
        if (RESET,) in t.opts:
            offer = "\nOK: reset offer"
        elif self.greens is not None and self.greens.offer():
            offer = self.greens.offer()
        elif [c for c in t.opts if c[0] == EXTRA]:
            offer = "\nOK: golfer power"
        else:
            offer = ""
        if (DECLINE,) in t.opts:
            offer += "\nBACK: skip it"
        # Which powers are ready; instead, while a player may look at its private card
        # again, how (the display has 8 lines).
        ready = ""
        if self.golfers is not None:
            peeker = self.golfers.peeker()
            ready = self.golfers.ready() if peeker < 0 else "P%d hold OK: card" % (peeker + 1)
        if ready:
            offer = "\n" + ready + offer
        what = "Extra turn" if d.extra else "Waiting"
        if g.mode.spread:
            # Each golfer with the hole it plays: "P1@3 P2@5".
            # (loops: a comprehension would make ``g`` a cell at every call)
            parts = []
            for s in d.waiting:
                parts.append("P%d@%d" % (s + 1, g.players[s].hole))
            waiting = " ".join(parts)
        elif d.extra:
            # The golfer that earned it: a team's names the one on the tee box.
            parts = []
            for s in d.waiting:
                parts.append(golfer_label(g, s, "P%d" % (s + 1)))
            waiting = " ".join(parts)
        else:
            waiting = " ".join(["P%d" % (s + 1) for s in d.waiting])
        # A card shown face up (Bunjil B) stays in everyone's sight while clubs are chosen.
        shown = self.golfers.shown() if self.golfers is not None else ""
        pr.set("%s\nLay your club\n%s\n%s:\n%s%s"
               % (head, shown or "on the reader", what, waiting, offer), code, -1, 0, -1,
               bytes(d.waiting))

    def _list_title(self, k):
        if k == CHOOSE_DECK:
            return "Which deck?"
        if k == FOLLOW_SPECIAL:
            return "Follow a card?"
        if k == DISCARD_FOR_HITTER:
            return "Throw away one\nof P%d's cards" % (self.t.d.player + 1)
        if k == CHOOSE_CARD:
            return "Play which card?"
        return "Which way? (wild)"

    def _option_text(self, c):
        t = self.t
        v = c[0]
        if v == EXTRA:  # a golfer's own (Lucky's redraw)
            return policy_of(t.game, t.d.players[0], c[1]).choice_text(t.game, c[1])
        if v == STOP:
            return "Stop, play"
        if v == DECK:
            return cards.deck_name(c[1])
        if v == OUTCOME:
            return "way %d: %s" % (c[1] + 1, t.game.shot_list[t.d.shot].outcomes[c[1]][0])
        shot = t.game.shot_list[t.d.piles[c[1]][-1]]
        return "%d: %s" % (c[1] + 1, shot_text(shot))

    def _landing_text(self, res):
        if res is None:
            return ""
        kind = self.t.course.terrain(res[1][0], res[1][1])
        if res[2] == OUT_OF_BOUNDS:
            return "\n=out of bounds"
        if res[2] == GREEN:
            return "\n=the green!"
        if res[3]:
            return "\n=tree, %s" % terrain.NAMES[kind]
        return "\n=%s" % terrain.NAMES[kind]
