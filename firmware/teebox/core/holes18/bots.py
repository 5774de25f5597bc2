"""Computer players. They see what a player at the table sees and act through the
same three calls as everyone else: ``pending()``, ``choices()``, ``apply()``.

* :class:`RandomBot` picks any legal choice (its own seeded Rng): a fuzzer and
  a stand-in for an empty seat.
* :class:`SensibleBot` plays toward its target green (the mode's ``aims``: Kelly Golf's
  secret target): it judges each legal choice by where the ball would land one step
  ahead (distance to the nearest green it aims at, water, bunkers, rough, out of
  bounds), using only cards already drawn and the public make-up of the decks (never
  the order). It uses its golfer's powers (:mod:`~teebox.core.holes18.golfers`) where
  they help.

:func:`play_game` runs a whole game with one bot per seat.
"""

from teebox.core import hexgrid, terrain
from teebox.core.holes18 import cards, flight, golfers
from teebox.core.holes18.protocol import (
    BIG_HIT, BUNKER, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECLARE_DIRECTION,
    DECLINE, DISCARD_FOR_HITTER, DRAFT_PICK, EXIT_BUNKER, EXTRA, FOLLOW, GAME_OVER, GREEN,
    HIT_DIRECTION, KEEP, MOVE, NORMAL, OUT_OF_BOUNDS, PLAY, POLICY_KINDS, RESET, SELECT,
    SELECT_CLUB, STOP, WATER)
from teebox.core.rng import Rng

# Costs in tenths of a hex from the target green.
_ON_GREEN = -1000
_ON_THE_WAY = 15  # a scoring green other than the one aimed at (Kelly Golf: a flag)
_WATER = 25
_BUNKER = 15
_ROUGH = 4
_OUT = 30  # a lost turn, though the club comes back
_UNUSABLE = 10000
_WEDGE = 15  # a declared one-card chip is drafted as if a hex and a half nearer
_LOB = 10  # the Lob Wedge: aimed after the draw, but one card (see _wedge_cost)
_SAND = 5  # the Sand Wedge back, per bunker beside a green per hole (see _wedge_cost)
_DECLARED = 5  # a one-card chip aimed before the draw, played after the other chips
_FAR = 255  # a walk table's entry for a cell no walk leads from (or 255 hexes or more)


def walk_distances(course, greens):
    """The fewest one-hex moves from each cell of ``course`` to the nearest of ``greens``
    (axial pairs), walking only where a golfer may stand (and never into the ocean): a
    ``bytearray`` indexed like :meth:`Course.cells`, 255 where no walk leads.

    A bot judges landings by this, not by the straight hex distance: with every flag's
    green a target (Chaos Golf, Chaos Teams) the nearest green as the crow flies can lie
    across out of bounds, and a golfer in a pocket of the course then likes no landing
    better than where it stands and never leaves (generated courses, seeds 90 and 149)."""
    width = course.width
    height = course.height
    cells = course.cells()
    out = bytearray(b"\xff" * (width * height))
    ring = []
    for q, r in greens:
        if hexgrid.in_grid(q, r, width, height):
            i = hexgrid.cell_index(q, r, width)
            out[i] = 0
            ring.append(i)
    # Breadth first over plain int indices (no tuple per step), a ring at a time.
    d = 0
    while ring and d < _FAR - 1:
        d += 1
        ring = terrain.walk_ring(cells, width, height, ring, terrain.OCEAN, out, d)
    return out


class RandomBot:
    """Chooses uniformly among the legal choices."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, game, seat):
        """A random legal choice for ``seat``."""
        return self.rng.choice(game.choices(seat))


class SensibleBot:
    """Plays toward the nearest green it can score on; ``seed`` breaks ties."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)
        self._reach = {}
        self._walk = None  # (course, aims, walk_distances) for the greens last aimed at
        self._look = None  # Bunjil: (deck, cards left in it, its discards) when it looked

    def choose(self, game, seat):
        """The choice this bot makes for ``seat`` now."""
        d = game.pending()
        legal = game.choices(seat)
        kind = d.kind
        if kind in golfers.KINDS:
            return _golfer_decision(self, game, seat, d, legal)
        if kind >= POLICY_KINDS:
            # A mode's, golfer's or module's own decision: the policy that asked knows it
            # best; one whose choices decide a landing (the wind) is judged by the landing.
            for x in (game.mode, game.players[seat].rules) + game.added:
                if legal[0][1] not in x.extras:
                    continue  # not the policy that asked
                c = x.bot_choice(game, seat, legal)
                if c is not None:
                    return c
                if x.choice_landing(game, legal[0][1]) is not None:
                    return self._best(legal, lambda c: self._cost(
                        game, seat, x.choice_landing(game, c[1])))
            return legal[0]
        extras = [c for c in legal if c[0] == EXTRA]
        for x in game.added:
            if [c for c in extras if c[1] in x.extras]:
                # An expansion module's offer (the putt and change of position cards).
                mine = x.bot_choice(game, seat, legal)
                if mine is not None:
                    return mine
        if [c for c in extras if c[1] in game.mode.extras]:
            # The mode's own offer at one of the engine's decisions (Chaos Teams: the
            # other golfer before the action): the mode knows when it is worth it.
            mine = game.mode.bot_choice(game, seat, legal)
            if mine is not None:
                return mine
            legal = [c for c in legal if c[0] != EXTRA or c[1] not in game.mode.extras]
            extras = [c for c in legal if c[0] == EXTRA]
        if extras:
            rest = [c for c in legal if c[0] != EXTRA]
            power = _power(self, game, seat, d, rest, [c[1] for c in extras])
            if power is not None or not rest:
                return power if power is not None else extras[0]
            legal = rest
        if kind == DRAFT_PICK:
            if game.players[seat].rules.hand_limit() == 1:
                # One club for every lie (Slick Rikesh B): one with a deck, off any tee.
                legal = [c for c in legal if game.clubs[c[1]].decks
                         and not game.clubs[c[1]].tee_only] or legal
            return self._best(legal, lambda c: -self._draft_value(game, seat, c[1]))
        if kind == CHOOSE_ACTION:
            return self._action(game, seat, d, legal)
        if kind == DECLARE_DIRECTION:
            return self._best(legal, lambda c: self._declare_cost(game, seat, d, c[1]))
        if kind == HIT_DIRECTION:
            route = _route(game, seat, d.club, False) if d.shot < 0 else None
            if route is not None:
                return (legal[0][0], route[1])
            if d.shot < 0:
                # A fixed flight (no shot card) that goes out of bounds leaves the golfer
                # where it stands with the club back in hand (rulebook, OUT-OF-BOUNDS:
                # "Return your club to your hand; your turn is over"): the same choice next
                # turn, so a bot that prefers it once prefers it for ever (Stableford on
                # New 18-hole challenging #47, a lone 3 Wood 3 hexes from the flag). Any
                # flight that stays in play comes first.
                legal = [c for c in legal if not _surely_out(game, c[1])] or legal
            return self._best(legal, lambda c: self._aim_cost(game, seat, d.shot, c[1]))
        if kind == CHOOSE_OUTCOME:
            return self._best(legal, lambda c: self._shot_cost(
                game, seat, d.shot, c[1], d.direction))
        if kind in (CHOOSE_CARD, DISCARD_FOR_HITTER):
            # The hitter keeps the card that serves it best; its left neighbour throws
            # that same card away.
            return self._best(legal, lambda c: self._pile_cost(game, d.player, d, c[1]))
        if kind == CHOOSE_DECK:
            return self._best(legal, lambda c: self._deck_cost(game, seat, d.club, c[1]))
        if kind == SELECT_CLUB:
            return self._select(game, seat, legal)
        return self._follow(game, seat, d, legal)

    # -------------------------------------------------------------- judging landings

    def _best(self, legal, cost, tie=None):
        # The cheapest choice; of several as cheap, the least ``tie`` (if given), else any.
        best = None
        ties = []
        for c in legal:
            v = cost(c)
            if best is None or v < best:
                best = v
                ties = [c]
            elif v == best:
                ties.append(c)
        if len(ties) > 1 and tie is not None:
            return min(ties, key=tie)
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def _greens(self, game, seat):
        p = game.players[seat]
        return [game.course.hole(h)[3:5] for h in game.mode.aims(game, p)]

    def _distance(self, game, seat, q=None, r=None):
        # Hexes a golfer would walk from (q, r) (default: where ``seat`` stands) to the
        # nearest green it aims at; as the crow flies where no walk leads.
        p = game.players[seat]
        if q is None:
            q, r = p.q, p.r
        aims = game.mode.aims(game, p)
        if not aims:
            return 0
        w = self._walk
        if w is None or w[0] is not game.course or w[1] != aims:
            greens = [game.course.hole(h)[3:5] for h in aims]
            w = self._walk = (game.course, aims, walk_distances(game.course, greens))
        c = game.course
        if hexgrid.in_grid(q, r, c.width, c.height):
            d = w[2][hexgrid.cell_index(q, r, c.width)]
            if d < _FAR:
                return d
        return min([hexgrid.distance(q, r, g[0], g[1]) for g in self._greens(game, seat)])

    def _cost(self, game, seat, res):
        # How bad a landing is: tenths of a hex from the target plus hazard costs.
        path, land, outcome, hit_tree = res
        hole = game.course.green_hole(land[0], land[1])
        p = game.players[seat]
        if hole and outcome != OUT_OF_BOUNDS and hole in game.mode.aims(game, p):
            return _ON_GREEN
        cost = 10 * self._distance(game, seat, land[0], land[1])
        if hit_tree and land == (p.q, p.r):
            # Into a tree at once: the ball stays and the club is spent, a turn lost.
            # Judged as good as standing here, a wood that only flew into the tree beside
            # the golfer was played round after round (Slick Rikesh B's discarded 5 Wood,
            # The Nine, seed 80).
            return cost + _OUT
        if outcome == GREEN:
            return cost - _ON_THE_WAY  # a green that scores, though not the one aimed at
        if outcome == OUT_OF_BOUNDS:
            return cost + _OUT
        if outcome == WATER and p.rules.water_applies(game.course.terrain(land[0], land[1])):
            # (A wood's or chip's raw flight says WATER even for The Shark, who ignores it.)
            return cost + _WATER
        if outcome == BUNKER:
            return cost + _BUNKER
        if game.effects.lie(game.course.terrain(land[0], land[1])) == flight.LIE_ROUGH:
            cost += _ROUGH
        return cost

    def _aim_cost(self, game, seat, shot, direction):
        n = len(game.shot_list[shot].outcomes) if shot >= 0 else 1
        return min([self._shot_cost(game, seat, shot, i, direction) for i in range(n)])

    def _shot_cost(self, game, seat, shot, outcome, direction):
        # A module changing the flight (the wind) offers several landings: the best counts.
        for x in game.added:
            lands = x.landings(game, *game.shot_hexes(shot, outcome, direction))
            if lands:
                return min([self._cost(game, seat, res) for res in lands])
        return self._cost(game, seat, game.simulate_shot(shot, outcome, direction))

    def _pile_cost(self, game, hitter, d, pile):
        shot = d.piles[pile][-1]
        if not game.shot_list[shot].outcomes:
            return _UNUSABLE
        if d.declared >= 0:
            return self._aim_cost(game, hitter, shot, d.declared)
        return min([self._aim_cost(game, hitter, shot, a) for a in range(6)])

    def _declare_cost(self, game, seat, d, direction):
        # Before the draw: judge a chip by its straight two-hex flight, a bunker exit
        # by the target hex itself.
        return self._aimed_cost(game, seat, direction, d.action != EXIT_BUNKER)

    def _aimed_cost(self, game, seat, direction, chip):
        # A chip's straight two-hex flight toward ``direction``, or (not ``chip``) the
        # one hex of a bunker exit's target.
        p = game.players[seat]
        hexes = flight.path_hexes(p.q, p.r, direction, "SS" if chip else "S")
        return self._cost(game, seat, game.effects.fly(game.course, p.q, p.r, hexes, chip))

    def _exit_cost(self, game, seat):
        # The best target of an exit from the bunker where ``seat`` stands.
        return min([self._aimed_cost(game, seat, a, False) for a in range(6)])

    def _sand_cost(self, game, seat):
        # The best chip out of the bunker with the Sand Wedge ("you consider the bunker
        # as rough": a chip card flies its two hexes).
        return min([self._aimed_cost(game, seat, a, True) for a in range(6)])

    # -------------------------------------------------------------- clubs

    def _deck_reach(self, game, deck, lie):
        # Mean flight length of a deck's playable cards, in tenths of a hex.
        key = (deck, lie == flight.LIE_ROUGH)
        if key not in self._reach:
            total = 0
            n = 0
            for s in game.shots[deck]:
                for path, rough in s.outcomes:
                    use = rough if key[1] and rough is not None else path
                    total += len(use)
                    n += 1
            self._reach[key] = total * 10 // n if n else 0
        return self._reach[key]

    def _club_reach(self, game, club, lie):
        c = game.clubs[club]
        if c.kind == "fixed":
            return 10 * (c.rough_distance if lie == flight.LIE_ROUGH else c.distance)
        if c.no_rough_penalty:
            lie = flight.LIE_FAIRWAY
        return max([self._deck_reach(game, d, lie) for d in c.decks])

    def _draft_value(self, game, seat, club):
        # A spread of distances: the club farthest in reach from those already held, a
        # wedge less by what it does (_wedge_cost).
        c = game.clubs[club]
        reach = self._club_reach(game, club, flight.LIE_FAIRWAY)
        worse = _wedge_cost(game, c)
        g = game.players[seat].rules
        hand = game.players[seat].hand
        if not hand:
            return reach - worse
        if (g.picks_first() and len(hand) == g.hand_limit() - 1 and not c.tee_only
                and _mean_hole(game.course) > 50):
            # Iron Jane's last pick where holes pass a Driver shot: the longest off any
            # lie. The spread's in-between fifth club made her A-side harder than her
            # B-side's four (issue 11); a second long club does not, off short holes.
            return reach
        return min([abs(reach - self._club_reach(game, h, flight.LIE_FAIRWAY))
                    for h in hand]) - worse

    def _club_cost(self, game, seat, club):
        # How well a club suits the shot from where ``seat`` stands (lower is better).
        far = self._distance(game, seat) * 10
        lie = game.lie(seat)
        c = game.clubs[club]
        if not game.usable(seat, club):
            return _UNUSABLE
        if lie == flight.LIE_BUNKER:
            if not c.decks:
                return _UNUSABLE // 2  # a wood cannot get out of a bunker
            out = self._exit_cost(game, seat)
            if not c.sand_as_rough:
                return out
            chip = self._sand_cost(game, seat)
            return chip if chip < out else out + 1  # else kept for a bunker it chips out of
        reach = self._club_reach(game, club, lie)
        if far <= 10:
            return -reach  # next to the green: a step will do, spend a long club
        if c.kind == "fixed":
            return self._wood_cost(game, seat, club)  # no card to wait for: look
        over = reach - far
        cost = abs(over) + (5 if over > 10 else 0) + (_DECLARED if _declared(c) else 0)
        seen = _seen_cost(self, game, seat, club)
        if seen is None:
            return cost
        # Bunjil saw the card it would draw: that landing, or, with a second card or
        # another deck to draw instead, the better of the two.
        return min(seen, cost) if c.count > 1 or len(c.decks) > 1 else seen

    def _deck_cost(self, game, seat, club, deck):
        # How well deck ``deck`` (an index) of a two-deck club suits the shot from here:
        # the landing of a card Bunjil saw on it, else how far its mean flight is off.
        seen = _seen_cost(self, game, seat, club, cards.DECKS[deck])
        if seen is not None:
            return seen
        return abs(self._deck_reach(game, cards.DECKS[deck], game.lie(seat, club))
                   - self._distance(game, seat) * 10)

    def _select(self, game, seat, legal):
        p = game.players[seat]
        if (RESET,) in legal and len(p.hand) <= 2:
            return (RESET,)
        far = self._distance(game, seat) * 10

        def cost(choice):
            return self._club_cost(game, seat, choice[1]) if choice[0] == SELECT else _UNUSABLE
        tie = None
        if _known(self, game, seat):
            # A known card lies on top of a deck: of clubs as good, the one played first
            # (the lowest initiative) draws it before anyone else may.
            def tie(choice):
                return game.clubs[choice[1]].initiative if choice[0] == SELECT else _UNUSABLE
        best = self._best(legal, cost, tie)
        if (DECLINE,) in legal and not self._closer(game, seat, best, far, cost(best)):
            # An extra turn spends a club: not worth it unless that club gets closer
            # to a green that still scores.
            return (DECLINE,)
        return best

    def _closer(self, game, seat, choice, far, cost):
        # Whether the club ``choice`` (its ``cost`` as _select judges it) is expected to
        # land nearer a scoring green than ``far`` (tenths of a hex) from here.
        if choice[0] != SELECT or cost >= _UNUSABLE // 2 or not self._greens(game, seat):
            return False
        if far <= 10:
            return True  # next to a green: one step reaches it
        if game.clubs[choice[1]].kind == "fixed":
            return cost < far
        return abs(self._club_reach(game, choice[1], game.lie(seat)) - far) < far

    def _wood_cost(self, game, seat, club):
        # A wood flies a known straight line: the best of the six directions.
        p = game.players[seat]
        steps = flight.wood_steps(game.clubs[club], game.lie(seat, club))
        return min([self._cost(game, seat, game.effects.fly(
            game.course, p.q, p.r, flight.path_hexes(p.q, p.r, a, steps))) for a in range(6)])

    def _action(self, game, seat, d, legal):
        moves = [c for c in legal if c[0] == MOVE]
        for c in moves:
            if self._cost(game, seat, game.simulate_move(c[1])) == _ON_GREEN:
                return c
        lie = game.lie(seat)
        if lie == flight.LIE_BUNKER:
            # The Sand Wedge chips out as from the rough (4.D) where that lands better
            # than an exit's one hex (not beside the green: a chip flies two hexes).
            if (PLAY,) in legal and (EXIT_BUNKER,) in legal and self._exit_cost(
                    game, seat) <= self._sand_cost(game, seat):
                return (EXIT_BUNKER,)
            for verb in (PLAY, EXIT_BUNKER, RESET):
                if (verb,) in legal:
                    return (verb,)
        best_move = None
        if moves:
            best_move = self._best(
                moves, lambda c: self._cost(game, seat, game.simulate_move(c[1])))
        if (PLAY,) not in legal:
            return best_move or (RESET,)
        far = self._distance(game, seat) * 10
        reach = self._club_reach(game, d.club, game.lie(seat, d.club))
        if game.clubs[d.club].kind == "fixed":
            expect = self._wood_cost(game, seat, d.club)
        else:
            expect = abs(far - reach)
        route = _route(game, seat, d.club, True)
        if route is not None:
            return (MOVE, route[1]) if route[0] == MOVE else (PLAY,)
        # A club that never expires and nothing else in hand (Dorian A, a club that draws):
        # a step short of the green leaves the same choice next round, so play it.
        p = game.players[seat]
        alone = not p.hand and p.rules.keeps_club(game.clubs[d.club])
        if best_move is not None and far - 10 < expect and not alone and self._better(
                game, seat, best_move):
            return best_move
        if expect >= far + _OUT and (RESET,) in legal and game.clubs[d.club].kind == "fixed":
            # No flight beats going out of bounds, which gives the wood back for the same
            # round again (coastline, seed 84: a lone 3 Wood went out for ever): reset (4.E).
            return (RESET,)
        if (BIG_HIT,) in legal and far > reach + 15:
            return (BIG_HIT,)
        return (PLAY,)

    def _better(self, game, seat, move):
        # Whether a one-hex move ends somewhere better than here (nearer, or as near with a
        # better lie). Any step judged only against the other steps could be undone by
        # the step back next round (coastline, hole 5, by the water: a golfer alone on the
        # hole walked to and fro for ever); steps that must each do better cannot.
        p = game.players[seat]
        here = self._cost(game, seat, ((), (p.q, p.r), NORMAL, False))
        return self._cost(game, seat, game.simulate_move(move[1])) < here

    def _follow(self, game, seat, d, legal):
        best = min([self._pile_cost(game, seat, d, i) for i in range(len(d.piles))])
        if (STOP,) in legal and best <= 20:
            return (STOP,)
        follows = [c for c in legal if c[0] == FOLLOW]
        return follows[0] if follows else legal[0]


# SensibleBot's golfer powers (``bot``: the SensibleBot choosing), out of the class so it
# stays readable in one sitting.

def _seen_cost(bot, game, seat, club, deck=None, shots=None):
    # The best landing of a card known to lie on top of a deck ``club`` would draw from
    # (``deck``, if given), played with ``club`` from where ``seat`` stands; None when no
    # card is known there. Known (``shots`` unless given): the card its Bunjil saw (or
    # keeps), and any card shown face up to all (Bunjil's B-side). Judged by its landing,
    # not its length: a card of the right length that curves into a bunker is no good card.
    if shots is None:
        shots = _known(bot, game, seat)
    c = game.clubs[club]
    p = game.players[seat]
    best = None
    for shot in shots:
        card = game.shot_list[shot]
        if not card.outcomes or card.deck not in c.decks or deck not in (None, card.deck):
            continue
        lie = game.lie(seat, club)
        hybrid = c.no_rough_penalty and game.effects.hybrids_help(
            game.course.terrain(p.q, p.r))
        for o in card.outcomes:
            steps = flight.shot_steps(o, lie, hybrid)
            for a in range(6):
                cost = bot._cost(game, seat, game.effects.fly(
                    game.course, p.q, p.r, flight.path_hexes(p.q, p.r, a, steps),
                    card.deck == "C"))
                if best is None or cost < best:
                    best = cost
    return best


def _known(bot, game, seat):
    # The shot cards ``seat`` knows to come next: its Bunjil's (see _peeked), then the
    # top cards lying face up for all to see (``game.face_up``), each once.
    own = _peeked(bot, game, seat)
    out = [] if own is None else [own]
    for deck in cards.DECKS:
        shot = game.face_up(deck)
        if shot >= 0 and shot not in out:
            out.append(shot)
    return out


def _peeked(bot, game, seat):
    # The card this bot's Bunjil keeps for his next shot (B-side), or the one he saw
    # on this hole while it still lies on top of its deck; else None. Still on top:
    # nobody has drawn from that deck since he looked (the cards left in it are as
    # many, and no shuffle took its discards back). Taken as known for the rest of
    # the hole, a card drawn long since had the bot choose its club by a card it
    # would not draw.
    g = game.players[seat].rules
    if getattr(g, "shot", -1) < 0 or g.hole != game.players[seat].hole:
        return None
    if g.held >= 0:
        return g.held
    deck = cards.DECKS[g.deck]
    look = bot._look
    if look is None:
        # A bot made afresh for each choice (the table's: resumed after a power cut it
        # must choose as before) does not remember the deck as it was: the card seen
        # counts while it is the top card (wrong only if it was drawn and a shuffle
        # put it back on top within the hole).
        return g.shot if game.peek(deck) == g.shot else None
    if (look[0] != deck or game.decks.remaining(deck) != look[1]
            or game.decks.discarded(deck) < look[2]):
        return None
    return g.shot


def _power(bot, game, seat, d, rest, codes):
    # The golfer's power when it helps here, else None (play on as usual).
    if d.kind == SELECT_CLUB and rest:
        best = bot._select(game, seat, rest)
        c = game.clubs[best[1]] if best[0] == SELECT else None
        if c is not None and c.decks and bot._distance(game, seat) * 10 <= (
                bot._club_reach(game, best[1], game.lie(seat, best[1])) + 10):
            # Bunjil looks where he is about to draw (of two decks, the one he would
            # choose), once per hole: saved for a shot that may reach the green,
            # where the card decides it (looked at from every tee box, a card for
            # the Driver's two changed nothing measurable: issue 11).
            deck = min(range(len(cards.DECKS)), key=lambda i: _UNUSABLE if cards.DECKS[
                i] not in c.decks else bot._deck_cost(game, seat, best[1], i))
            code = golfers.DECK + deck
            # (a card lying face up there is known already: nothing to look at)
            if code in codes and game.face_up(cards.DECKS[deck]) < 0:
                name = cards.DECKS[deck]
                bot._look = (name, game.decks.remaining(name),
                              game.decks.discarded(name))
                return (EXTRA, code)
    if d.kind == CHOOSE_ACTION:
        own = bot._club_cost(game, seat, d.club)
        use = [c - golfers.CLUB for c in codes if c >= golfers.CLUB]
        if use:
            best = min(use, key=lambda c: bot._club_cost(game, seat, c))
            cost = bot._club_cost(game, seat, best)
            p = game.players[seat]  # (a wood must land nearer: Championship, seed 16)
            here = bot._cost(game, seat, ((), (p.q, p.r), NORMAL, False))
            if cost + 5 < own and (game.clubs[best].kind != "fixed" or cost < here):
                return (EXTRA, golfers.CLUB + best)  # Slick Rikesh B: a discarded club
    if d.kind == CHOOSE_CARD:
        piles = [c[1] for c in rest if c[0] == KEEP]
        redraw = [c - golfers.PILE for c in codes if golfers.PILE <= c < golfers.CLUB]
        if piles and redraw:
            best = min([bot._pile_cost(game, seat, d, i) for i in piles])
            if best >= bot._distance(game, seat) * 10:
                return (EXTRA, golfers.PILE + redraw[0])  # Lucky: no progress, redraw
    return None


def _golfer_decision(bot, game, seat, d, legal):
    # A golfer's own decision (golfers.NAME_CLUB, BORROW, PEEKED, LUCKY_DISCARD).
    codes = [c[1] for c in legal]
    clubs = [c - golfers.CLUB for c in codes if c >= golfers.CLUB]
    if d.kind == golfers.NAME_CLUB:
        # Dorian names his longest club that plays off any lie.
        usable = [c for c in clubs if not game.clubs[c].tee_only] or clubs
        best = max(usable, key=lambda c: bot._club_reach(game, c, flight.LIE_FAIRWAY))
        return (EXTRA, golfers.CLUB + best)
    if d.kind == golfers.LUCKY_DISCARD:
        # Lucky throws away the club least suited to where he stands.
        worst = max(clubs, key=lambda c: bot._club_cost(game, seat, c))
        return (EXTRA, golfers.CLUB + worst)
    if d.kind == golfers.BORROW:
        own = bot._club_cost(game, seat, game.players[seat].chosen)
        best = golfers.NO
        for code in codes:
            if code >= golfers.SEAT:
                cost = bot._club_cost(game, seat, game.players[code - golfers.SEAT].chosen)
                if cost + 5 < own:
                    own = cost
                    best = code
        return (EXTRA, best)
    if d.kind == golfers.PEEKED:
        # Bunjil B keeps the card when a club in hand that draws it would be his
        # choice with it; else he shows it (and leaves it on top, known to him too).
        p = game.players[seat]
        best = min(p.hand, key=lambda c: bot._club_cost(game, seat, c))
        seen = _peeked(bot, game, seat)
        keep = seen is not None and _seen_cost(bot, game, seat, best, None, (seen,)) is not None
        return (EXTRA, golfers.HOLD if keep and (EXTRA, golfers.HOLD) in legal
                else golfers.RETURN)
    return legal[0]


def _surely_out(game, direction):
    # Whether the turn's fixed flight in ``direction`` ends out of bounds however a module
    # (the wind) may blow it.
    for x in game.added:
        lands = x.landings(game, *game.shot_hexes(-1, 0, direction))
        if lands:
            return all([res[2] == OUT_OF_BOUNDS for res in lands])
    return game.simulate_shot(-1, 0, direction)[2] == OUT_OF_BOUNDS


def _route(game, seat, club, moves):
    # With nothing in hand but a wood that never expires (Dorian A, who may not reset
    # mid-hole), every round offers the same two things: one hex, or the wood's fixed
    # flight. Judging one round ahead can walk in a circle the wood's lattice never
    # leaves (coastline, seed 2802362490), so search the shortest sequence of steps and
    # flights to a green it aims at. Returns its first action, ``(MOVE or PLAY,
    # direction)``; None when the hand is not just such a wood or no sequence exists.
    # ``moves``: whether a step may come first (False once the wood is being aimed).
    p = game.players[seat]
    c = game.clubs[club]
    if p.hand or c.kind != "fixed" or not p.rules.keeps_club(c):
        return None
    aims = game.mode.aims(game, p)
    effects = game.course, game.effects
    first = {(p.q, p.r): None}
    frontier = [(p.q, p.r)]
    while frontier:
        nxt = []
        for q, r in frontier:
            flies = _playable(game, seat, club, q, r)
            for step in _route_steps(effects, c, q, r, moves or first[(q, r)], flies):
                act, land, outcome = step
                if land in first or outcome in (OUT_OF_BOUNDS, WATER, BUNKER):
                    continue
                how = first[(q, r)] or act
                if game.course.green_hole(land[0], land[1]) in aims:
                    return how
                first[land] = how
                nxt.append(land)
        frontier = nxt
    return None


def _playable(game, seat, club, q, r):
    # Whether ``seat`` could play ``club`` from (q, r) (coastlines: never a wood from
    # the gorse). Asked with the golfer set down there for the question only: a route
    # through a hex the wood cannot leave sent Dorian A to the gorse, a step back out
    # and the step in again, round after round (coastline, Stroke Play, seed 11).
    p = game.players[seat]
    was = p.q, p.r
    p.q, p.r = q, r
    why = game.effects.action_reason(game, seat, PLAY, club)
    p.q, p.r = was
    return why is None


def _route_steps(effects, club, q, r, moves, flies):
    # ``(action, landing, outcome)`` of the wood's six flights from (q, r) (when
    # ``flies``), and of the six one-hex steps when ``moves``.
    course, fx = effects
    steps = flight.wood_steps(club, fx.lie(course.terrain(q, r)))
    out = []
    for a in range(6):
        if flies:
            res = fx.fly(course, q, r, flight.path_hexes(q, r, a, steps))
            out.append(((PLAY, a), res[1], res[2]))
        if moves:
            res = fx.fly(course, q, r, [hexgrid.neighbour(q, r, a)])
            out.append(((MOVE, a), res[1], res[2]))
    return out


def _declared(club):
    # Whether every shot of ``club`` (off a bunker) is one chip card aimed before it is
    # drawn: 8 of the 12 chip cards curve off that aim (rulebook, CHIPPING: "You have to
    # declare the direction you're going to chip before you draw any cards"). Not the
    # Lob Wedge ("you do not need to declare the direction"), nor the 9 Iron (two cards
    # to choose from), nor the Pitching Wedge (deck 2 too).
    return club.decks == ("C",) and club.count == 1 and not club.no_declare


def _wedge_cost(game, club):
    # Tenths of a hex nearer the clubs held that a wedge is drafted as (0: not a wedge),
    # by what it does. A declared one-card chip plays worse than the 9 Iron of the same
    # reach (drafted like it, wedges cost the bot 0.07-0.11 strokes a hole: issue 11).
    # The Lob Wedge aims after the draw (CHIPPING: "you do not need to declare the
    # direction"), but draws one card where the 9 Iron chooses between two, and two for
    # a big hit where the 9 Iron has three: a smaller penalty than a declared chip's.
    # The Sand Wedge plays a bunker as rough (4.D: "You do not need to perform the exit
    # bunker action"), a chip of two hexes where an exit moves one: worth more the more
    # bunkers lie beside the course's greens, where approach shots land. Measured
    # (2026-11-27, 500 games without a card a course): drafted at 0 the Lob Wedge took
    # the bot 0.016-0.028 strokes a hole more on the starter course, The Nine and
    # coastline, and the Sand Wedge at 15 less 10 per bunker beside a green per hole up
    # to 0.029 more; at _LOB and _SAND no more than the old draft.
    if not club.wedge:
        return 0
    if club.no_declare:
        return _LOB
    if club.sand_as_rough:
        return max(0, _WEDGE - _SAND * _bunkers_by_greens(game.course) // 10)
    return _WEDGE


def _bunkers_by_greens(course):
    # Bunker hexes next to a green (1 hex away) per hole of ``course``, in tenths.
    n = course.hole_count
    found = 0
    for h in range(1, n + 1):
        hole = course.hole(h)
        for d in range(6):
            q, r = hexgrid.neighbour(hole[3], hole[4], d)
            if course.terrain(q, r) == terrain.BUNKER:
                found += 1
    return 10 * found // n if n else 0


def _mean_hole(course):
    # The mean straight distance from tee box to green of ``course``'s holes, in tenths
    # of a hex.
    n = course.hole_count
    total = 0
    for h in range(1, n + 1):
        hole = course.hole(h)
        total += hexgrid.distance(hole[1], hole[2], hole[3], hole[4])
    return 10 * total // n if n else 0


def play_game(game, bots, limit=20000):
    """Play ``game`` to the end with ``bots[seat]`` choosing for each seat.

    Returns the final standings. RuntimeError if it takes more than ``limit``
    choices (a bot that cannot finish).
    """
    for _ in range(limit):
        d = game.pending()
        if d.kind == GAME_OVER:
            return game.standings()
        seat = d.waiting[0] if d.waiting else d.players[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise RuntimeError("the game did not finish within %d choices" % limit)
