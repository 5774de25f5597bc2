"""Chaos Teams: two teams of two golfers, one hand of five clubs each, a flag on each green.

Rulebook: "A two-player variant of Chaos Golf. Each team has two golfers and five
clubs. They nominate which golfer they are moving after they have drawn their shot
card." "Use the rules for Chaos Golf except when in conflict with the rules below."
Setup: "Place only one flag on each green." Game play: "When a golfer lands on a tee
box, that golfer must be the one that receives the additional turn." Scoring: "One
point for each flag claimed." "The game ends when all flags are claimed or one team
has scored 10 flags. The team with the highest score wins."

A team is a seat: its hand, its turn, its score. Its two golfers take turns at being
the one the engine moves (``PlayerState.q, r``); the other stands at ``other[seat]``
(:meth:`partner`). ``(EXTRA, GOLFER + g)`` makes golfer ``g`` (0 or 1: golfer 1 or 2)
the one the turn moves: offered when the turn's action is chosen (a one-hex move or a
bunker exit draws no card: the golfer is named first) and asked as the mode's own
decision :data:`NOMINATE` once the cards are drawn, when both golfers could take the
shot and stand apart (RULES-NOTES, "Chaos Teams").
"""

from teebox.core import hexgrid
from teebox.core.holes18 import flight
from teebox.core.holes18.modes.chaos import ChaosGolf
from teebox.core.holes18.protocol import (
    CHOOSE_ACTION, EXTRA, FLAG, GREEN, NORMAL, OUT_OF_BOUNDS, OUT_REACHED, POLICY_KINDS)

NOMINATE = POLICY_KINDS  # decision: which golfer hits the cards just drawn
GOLFER = 104             # (EXTRA, GOLFER + g): golfer g (0: golfer 1, 1: golfer 2) moves
WIN_FLAGS = 10           # "or one team has scored 10 flags"


class ChaosTeams(ChaosGolf):
    """Chaos Teams. ``flag[h]`` is 1 while hole ``h``'s flag is on its green; per team
    (seat): ``moving[seat]`` which golfer the engine moves now (0 or 1), ``other[seat]``
    where the other one stands ``[q, r]``; ``named`` is 1 once this turn's golfer is
    nominated (asked once a turn)."""

    name = "teams"
    title = "Chaos Teams"
    players = (2, 2)
    unit = "flags"
    legend = "F: a flag claimed (1 point)"
    extras = (GOLFER, GOLFER + 1)

    def __init__(self):
        ChaosGolf.__init__(self)
        self.flag = self.moving = bytearray()  # (each replaced by start())
        self.other = []
        self.named = 0
        self._walk = None  # a bot's (flags left, walk table): worked out again on a claim

    def start(self, game, outs):
        """A flag on every green; both golfers of both teams on the first tee."""
        n = game.course.hole_count
        self.flag = bytearray(b"\x01" * (n + 1))
        self.flag[0] = 0
        self.moving = bytearray(len(game.players))
        game.tee_off(game.seats(), 1, outs)
        self.other = [[p.q, p.r] for p in game.players]

    # ------------------------------------------------------------ the two golfers

    def partner(self, game, p):
        """Where ``p``'s other golfer stands (None before the golfers are on the first tee:
        the draft)."""
        if not self.other:
            return None
        o = self.other[p.seat]
        return (o[0], o[1])

    def golfer_at(self, game, seat, g):
        """The hex ``(q, r)`` of team ``seat``'s golfer ``g`` (0 or 1)."""
        p = game.players[seat]
        if self.moving[seat] == g:
            return (p.q, p.r)
        o = self.other[seat]
        return (o[0], o[1])

    def _swap(self, p):
        # The other golfer becomes the one the engine moves.
        o = self.other[p.seat]
        p.q, p.r, o[0], o[1] = o[0], o[1], p.q, p.r
        self.moving[p.seat] ^= 1

    def _bind(self, game, seat, g):
        if self.moving[seat] != g:
            self._swap(game.players[seat])

    def before_shot(self, game, outs):
        """Once a turn, after the draw: the team nominates which golfer hits, when both
        could take the shot from where they stand and they stand apart. Not in an extra
        turn: the golfer that landed on the tee box takes it."""
        if self.named or game.in_extra:
            return
        self.named = 1
        seat = game.t_player
        if self.golfer_at(game, seat, 0) == self.golfer_at(game, seat, 1):
            return  # side by side: either hits the same shot
        if self._shot_reason(game, seat, 1 - self.moving[seat]) is None:
            game.ask(NOMINATE, seat)

    def _shot_reason(self, game, seat, g):
        # None if golfer g may hit this turn's shot from where it stands, else why not.
        was = self.moving[seat]
        self._bind(game, seat, g)
        club = game.clubs[game.t_club]
        why = None
        if not game.usable(seat, game.t_club):
            why = "golfer %d is not on a tee box: the %s plays from tee boxes" % (g + 1,
                                                                                 club.name)
        elif game.lie(seat, game.t_club) == flight.LIE_BUNKER:
            why = "golfer %d is in a bunker: it can only exit it" % (g + 1)
        self._bind(game, seat, was)
        return why

    def extra_choices(self, game, seat, kind):
        """The golfer to nominate after the draw; before the action (not in an extra
        turn: its golfer is fixed), switching to the other golfer."""
        if kind == NOMINATE:
            return self.extras
        if (kind == CHOOSE_ACTION and not game.in_extra
                and self.golfer_at(game, seat, 0) != self.golfer_at(game, seat, 1)):
            return (GOLFER + 1 - self.moving[seat],)
        return ()

    def extra_reason(self, game, seat, code):
        """A nominated golfer must be able to take the shot drawn."""
        if game.stage == NOMINATE:
            return self._shot_reason(game, seat, code - GOLFER)
        return None

    def extra_apply(self, game, seat, code, outs):
        """That golfer is the one the turn moves (after the draw: the game goes on)."""
        self._bind(game, seat, code - GOLFER)
        if game.stage == NOMINATE:
            game.resume()

    def decision_text(self, game, kind):
        """The team is asked which golfer hits the cards drawn."""
        return "Which golfer hits?"

    def choice_text(self, game, code):
        """``"golfer 2, 4 to flag"``: the golfer and how far it is from the nearest flag;
        on the action menu, ``"Use golfer 2"``."""
        g = code - GOLFER
        if game.stage == CHOOSE_ACTION:
            return "Use golfer %d" % (g + 1)
        q, r = self.golfer_at(game, game.acting[0], g)
        return "golfer %d, %d to flag" % (g + 1, self._to_flag(game, q, r))

    def mover(self, game, seat):
        """Which of team ``seat``'s golfers its turns move now, ``"golfer 2"``: the one
        its last turn moved until it nominates again, so the table's notes and the round
        lines name the golfer that landed (on a green: the flag it claimed)."""
        return "golfer %d" % (self.moving[seat] + 1)

    def choice_cell(self, game, code):
        """Where that golfer stands (lit while it is selected)."""
        return self.golfer_at(game, game.acting[0], code - GOLFER)

    def _to_flag(self, game, q, r):
        # Hexes from (q, r) to the nearest green still holding its flag (0: none left).
        best = 0
        for h in range(1, len(self.flag)):
            if self.flag[h]:
                hole = game.course.hole(h)
                d = hexgrid.distance(q, r, hole[3], hole[4])
                if not best or d < best:
                    best = d
        return best

    def bot_choice(self, game, seat, legal):
        """A bot nominates the golfer whose best shot with the cards drawn lands nearest a
        flag (on one: it claims it), as a golfer would walk there; before the action, it
        switches to the golfer nearer a flag, counting a bunker as a turn lost."""
        walk = self._bot_walk(game)
        if game.stage == CHOOSE_ACTION:
            return self._bot_switch(game, seat, legal, walk)
        was = self.moving[seat]
        best = None
        for c in legal:
            self._bind(game, seat, c[1] - GOLFER)
            cost = self._shot_cost(game, seat, walk)
            if best is None or cost < best[0]:
                best = (cost, c)
        self._bind(game, seat, was)
        return best[1]

    def _bot_walk(self, game):
        # Hexes walked from each cell to the nearest flag (bots.walk_distances): the
        # nearest flag as the crow flies can lie across out of bounds, and a golfer
        # heading for it from a pocket of the course never got out (seeds 90, 149).
        # The same until a flag is claimed: kept, not walked again at every decision.
        w = self._walk
        if w is None or w[0] != self.flag:
            from teebox.core.holes18.bots import walk_distances  # only when a bot plays
            holes = self.targets(game, None)
            w = self._walk = (bytearray(self.flag), walk_distances(
                game.course, [game.course.hole(h)[3:5] for h in holes]))
        return w[1]

    def _bot_switch(self, game, seat, legal, walk):
        switch = [c for c in legal if c[0] == EXTRA and c[1] in self.extras]
        p = game.players[seat]
        o = self.partner(game, p)
        if switch and self._bot_rank(game, o, walk) < self._bot_rank(game, (p.q, p.r), walk):
            return switch[0]
        return None

    def _bot_rank(self, game, at, walk):
        # Lower is a better golfer to act with before the draw: one hex from a flag (a step
        # claims it), else the nearer a flag, a bunker's exit costing a turn (two hexes).
        # Never switching to a golfer in a bunker left it there for the whole game while
        # the other one wandered (seed 149: one hex from a flag all along).
        sand = game.effects.lie(game.course.terrain(at[0], at[1])) == flight.LIE_BUNKER
        far = self._walked(game, walk, at[0], at[1])
        return (int(sand or far != 1), far + 2 * int(sand))

    def _walked(self, game, walk, q, r):
        # Hexes walked from (q, r) to the nearest flag; as the crow flies where no walk leads.
        c = game.course
        if hexgrid.in_grid(q, r, c.width, c.height):
            d = walk[hexgrid.cell_index(q, r, c.width)]
            if d < 255:
                return d
        return self._to_flag(game, q, r)

    def _shot_cost(self, game, seat, walk):
        # The best landing the golfer the engine moves now could make with the cards out
        # (a wood: its six flights): 0 on a flag, else tenths of a hex from the nearest
        # flag, hazards costing more.
        d = game.pending()
        shots = [pile[-1] for pile in d.piles
                 if game.shot_list[pile[-1]].outcomes] if d.piles else [-1]
        best = None
        for shot in shots:
            n = len(game.shot_list[shot].outcomes) if shot >= 0 else 1
            for aim in range(6):
                for i in range(n):
                    cost = self._landing_cost(game, game.simulate_shot(shot, i, aim), walk)
                    if best is None or cost < best:
                        best = cost
        return best

    def _landing_cost(self, game, res, walk):
        outcome = res[2]
        if outcome == GREEN:
            return 0  # a flag claimed
        cost = 10 * self._walked(game, walk, res[1][0], res[1][1]) + 10
        if outcome == OUT_OF_BOUNDS:
            cost += 30  # a lost turn
        elif outcome != NORMAL:
            cost += 20  # water or a bunker
        return cost

    # ------------------------------------------------------------ flags

    def green_tokens(self, hole):
        """A green's flag, lit like the smallest token (2, silver) while it is there."""
        return 2 * self.flag[hole]

    def targets(self, game, p):
        """Any green that still has its flag."""
        return tuple([h for h in range(1, len(self.flag)) if self.flag[h]])

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """The golfer's team takes the flag at once: one point."""
        outs.append((OUT_REACHED, p.seat, hole))
        self.flag[hole] = 0
        game.award(p, hole, FLAG, 1, outs)
        self.award_hole_in_ones(game, hole, ((p.seat, hole_in_one),), outs)

    def extra_turn(self, game, p, moved):
        """Fast travel as in Chaos Golf, for the golfer that landed on the tee box (the
        turn is over: the next one nominates again)."""
        self.named = 0
        return ChaosGolf.extra_turn(self, game, p, moved)

    def between_turns(self, game, outs):
        """The game ends once every flag is claimed or a team has 10 (True: it did)."""
        if any(self.flag) and max([p.score for p in game.players]) < WIN_FLAGS:
            return False
        game.finish(outs)
        return True

    def end_of_round(self, game, outs):
        """Nothing waits for the round's end: the game ends after the turn that did it."""

    def state_ints(self, out):
        """Append the flags, which golfer each team moves, where the others stand, and
        whether this turn's golfer is nominated."""
        out.extend(self.flag)
        out.extend(self.moving)
        for o in self.other:
            out.extend(o)
        out.append(self.named)
