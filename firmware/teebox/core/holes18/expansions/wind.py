"""*Taming the Wind* (18 Holes expansion): the wind deck, the wind on each shot, and the
longest drive card in the wind. A :class:`~teebox.core.holes18.policy.Module` the engine
asks at the start of each hole, before each flight and after it.

Booklet, "TAMING THE WIND": "When the wind is blowing it will push your ball around. As
a professional golfer you have some skill here and get to decide WHEN to apply the
winds effect, but it **must** be applied at some point in the balls flight."

* "AT THE START OF EACH HOLE ... Reveal the next WIND CARD" (:meth:`Wind.new_hole`);
* "When playing a club in WINDY or STRONG WIND conditions you **must** move your golfer
  **one** hex in the DIRECTION the wind is blowing. In a STRONG WIND, you **MUST** move
  your golfer **two** hexes": the player chooses the hex of the flight the wind blows the
  ball from (decision :data:`WIND`, choices ``(EXTRA, GUST + i)``: from the ``i``-th hex
  flown, 0 the first); the rest of the flight follows one hex over. A choice that is the
  only one is taken without asking;
* "you **cannot** apply the wind when adjacent to a tree hazard that blocks the
  direction of the wind. If the entire flight of the ball is protected by trees the wind
  has no effect";
* not when moving one hex, exiting a bunker or chipping (the engine asks
  :meth:`Wind.hold_flight` for shots and woods only; chips are skipped here);
* the wind hybrids: "When the conditions are WINDY you play as though it were CALM.
  When there is a STRONG WIND you play as though it is WINDY";
* the longest drive card (:meth:`Wind.drive`).

Every card comes from the game's seeded Rng and is part of the state, so a replay of the
log (a journal after a power cut) finds the same wind without drawing anew.
"""

from teebox.core import hexgrid
from teebox.core.holes18.cards import LONGEST_DRIVE
from teebox.core.holes18.expansions.winddata import CALM, STRENGTHS, WINDY, deck_for
from teebox.core.holes18.policy import Module
from teebox.core.holes18.protocol import (
    OUT_GUST, OUT_LONGEST_DRIVE, OUT_OF_BOUNDS, OUT_WIND, POLICY_KINDS)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

WIND = POLICY_KINDS + 48   # where in the flight the wind blows the ball (turn player)
# Codes of the modules' choices start at 240: modes use codes under 128 (Solo Chaos Golf
# all of them), golfers 128 to 223.
IGNORE = const(240)        # (EXTRA, IGNORE): Wendy A treats the WINDY condition as CALM
GUST = const(241)          # (EXTRA, GUST + i): the wind blows from the i-th hex flown
MAX_HEXES = const(15)      # a flight (and its gusts) is at most this long
LONG = const(6)            # "The wind allows a drive to go 6, 7 or 8 hexes"


class Wind(Module):
    """The wind of one game: its deck, the hole's card and the flight being blown."""

    extras = (IGNORE,) + tuple(range(GUST, GUST + MAX_HEXES))

    def __init__(self, game):
        cards = game.wind_cards
        if cards is None:
            raise ValueError("a game with the wind module needs the wind deck: "
                             "Game(..., wind=shipped.load_default_wind())")
        self.cards = tuple(cards)
        self.rng = game.rng
        self.deck = deck_for(self.cards, game.course.wind)   # draw pile, top last
        self.rng.shuffle(self.deck)
        self.used = []       # cards drawn before the hole's
        self.card = None     # the hole's wind card (None before the first tee)
        # The tile stands as a player first puts it down: a strong wind before any
        # windy card blows that way (RULES-NOTES E-W3).
        self.tile = hexgrid.DIRECTIONS[self.rng.below(6)]
        self.last = None     # the last WINDY / STRONG condition drawn: (strength, direction)
        self._clear_flight()
        self.best = 0        # the longest drive so far, in hexes
        self.claim = -1      # who hit it
        self.card_out = False  # the longest drive card has been drawn and played (revealed)

    def _clear_flight(self):
        self.hexes = []      # the flight being blown, from the golfer
        self.start = (0, 0)
        self.left = 0        # gusts still to apply
        self.toward = -1     # the direction they blow
        self.optional = False

    # -------------------------------------------------------------- the hole's card

    def condition(self):
        """``(strength, direction)`` of the hole's wind card (calm before the first hole)."""
        if self.card is None:
            return CALM, self.tile
        return self.card.strength, self.tile

    def new_hole(self, game, seats, hole, outs):
        """ "When players arrive at a new tee box. Reveal the next WIND CARD." An empty deck
        takes its used cards back, shuffled (RULES-NOTES E-W2)."""
        if self.card is not None:
            self.used.append(self.card)
        if not self.deck:
            self.deck = self.used
            self.used = []
            self.rng.shuffle(self.deck)
        self.card = self.deck.pop()
        if self.card.strength == WINDY:
            self.tile = self.card.direction  # "rotate the WIND TILE to match"
        if self.card.strength != CALM:
            self.last = (self.card.strength, self.tile)
        outs.append((OUT_WIND, self.card.strength, self.tile))

    def arrow(self, game):
        """The wind tile on the board: 3 hexes toward the wind, 5 in a strong wind."""
        strength, toward = self.condition()
        if strength == CALM:
            return None
        return toward, 3 if strength == WINDY else 5

    def status_text(self, game):
        """ "calm", "wind NE" or "gale NE" (a strong wind) for the hole's heading."""
        return _words(*self.condition())

    def turn_text(self, game, seat):
        """The wind ``seat``'s shot with its club plays when it is not the hole's: Wendy B's
        previous wind on a calm hole, a wind hybrid's calmer one ("calm", "wind NE")."""
        strength, toward, _optional = self.played(game, seat)
        words = _words(strength, toward)
        return "" if words == self.status_text(game) else words

    # -------------------------------------------------------------- a shot in the wind

    def played(self, game, seat):
        """``(gusts, direction, optional)`` of the wind on ``seat``'s shot with its club now:
        the golfer's condition, then the club's power."""
        p = game.players[seat]
        strength, toward = self.condition()
        # On a calm hole the last condition drawn is the previous one (Wendy's B-side).
        strength, toward = p.rules.wind(game, seat, strength, toward, self.last)
        if game.clubs[game.t_club].wind_hybrid and strength > CALM:
            strength -= 1  # the wind hybrids play one strength calmer
        return strength, toward, p.rules.may_ignore_wind(strength)

    def hold_flight(self, game, hexes, chip, outs):
        """Blow the turn's flight: ask where, or land it at once when there is no choice."""
        if chip:
            return False  # "The wind does not apply when you are chipping."
        gusts, toward, optional = self.played(game, game.t_player)
        if gusts == CALM:
            return False
        p = game.players[game.t_player]
        self.hexes = list(hexes)
        self.start = (p.q, p.r)
        self.left = gusts
        self.toward = toward
        self.optional = optional
        self._proceed(game, outs)
        return True

    def gusts(self, game):
        """The hexes of the flight (indices) the wind may blow the ball from now: those the
        ball reaches whose neighbour downwind is not a tree."""
        return gusts(game, self.start, self.hexes, self.toward)

    def blown(self, i):
        """The flight with the wind blowing the ball one hex from its ``i``-th hex."""
        return blown(self.hexes, i, self.toward)

    def _blow(self, game, i, outs):
        new = blown(self.hexes, i, self.toward)
        outs.append((OUT_GUST, game.t_player, new[i], new[i + 1]))
        self.hexes = new
        self.left -= 1

    def _proceed(self, game, outs):
        # Apply the gusts that leave no choice; ask when one does; land when done.
        asked = game.stage == WIND
        while self.left > 0:
            legal = self.gusts(game)
            if not legal:
                break  # "If the entire flight of the ball is protected by trees ..."
            if len(legal) > 1 or self.optional:
                if not asked:
                    game.ask(WIND, game.t_player)
                return
            self._blow(game, legal[0], outs)
        if asked:
            game.resume()
        res = game.effects.fly(game.course, self.start[0], self.start[1], self.hexes)
        self._clear_flight()
        game.land_hit(res, outs)

    # -------------------------------------------------------------- the decision

    def extra_choices(self, game, seat, kind):
        """At :data:`WIND`, the turn player's gust hexes (and IGNORE for Wendy A)."""
        if kind != WIND or seat != game.t_player:
            return ()
        codes = [GUST + i for i in self.gusts(game)]
        if self.optional:
            codes.append(IGNORE)
        return codes

    def extra_apply(self, game, seat, code, outs):
        """Blow the ball from the chosen hex (or ignore the wind), then go on."""
        if code == IGNORE:
            self.left = 0
            self.optional = False
        else:
            self._blow(game, code - GUST, outs)
            self.optional = False  # a wind she chose to apply is applied
        self._proceed(game, outs)

    def landings(self, game, hexes, chip):
        """Every landing the turn's player may end with in this wind (any hexes to blow
        from; a wind it may ignore, also as hit), or None when no wind blows the shot."""
        gusts_, toward, optional = self.played(game, game.t_player)
        if chip or gusts_ == CALM:
            return None
        p = game.players[game.t_player]
        start = (p.q, p.r)
        flights = [list(hexes)]
        for _ in range(gusts_):
            more = []
            for h in flights:
                legal = gusts(game, start, h, toward)
                more.extend([blown(h, i, toward) for i in legal] if legal else [h])
            flights = more
        if optional:
            flights.append(list(hexes))
        return [game._classify(p, game.effects.fly(game.course, start[0], start[1], h))
                for h in flights]

    def choice_landing(self, game, code):
        """Where the ball ends with this choice (the gust's flight; IGNORE: as hit)."""
        if code != IGNORE and not GUST <= code < GUST + MAX_HEXES:
            return None
        hexes = self.hexes if code == IGNORE else self.blown(code - GUST)
        return game._classify(game.players[game.t_player],
                              game.effects.fly(game.course, self.start[0], self.start[1],
                                               hexes))

    def choice_cell(self, game, code):
        """The hex of the flight the wind blows the ball from."""
        if GUST <= code < GUST + MAX_HEXES and code - GUST < len(self.hexes):
            return tuple(self.hexes[code - GUST])
        return None

    def decision_text(self, game, kind):
        """Which hex of the flight the wind blows the ball from, the wind named as it
        plays for this shot (Wendy B's on a calm hole, a hybrid's calmer one)."""
        return "Wind %s %s: blown from which hex? (%d to go)" % (
            STRENGTHS[self.played(game, game.t_player)[0]], hexgrid.DIR_NAMES[self.toward],
            self.left)

    def choice_text(self, game, code):
        """A gust hex by its place in the flight, or ignoring the wind."""
        if code == IGNORE:
            return "ignore the wind"
        return "from flight hex %d" % (code - GUST + 1)

    # -------------------------------------------------------------- the longest drive

    def drive(self, game, seat, res, card, outs):
        """ "The wind allows a drive to go 6, 7 or 8 hexes. If you hit 7 or 8 hexes then you
        may take LONGEST DRIVE CARD from whoever holds it now. You need to have hit further
        than them to take the card from them. If you hit 6 and the LONGEST DRIVE CARD has
        not been revealed yet, you claim it when it is revealed - the player who drew the
        card still gets to move 6." Hexes hit: the hexes the ball flew, the wind's
        included (RULES-NOTES E-W5)."""
        if res[2] != OUT_OF_BOUNDS:
            hexes = len(res[0])
            if hexes >= LONG and hexes > self.best:
                self.best = hexes
                self.claim = seat
            if card is not None and card.special == LONGEST_DRIVE:
                self.card_out = True
                game.t_held = game.t_card  # out of the deck, whoever holds it
        if self.card_out and self.claim >= 0 and game.longest_drive != self.claim:
            game.longest_drive = self.claim
            outs.append((OUT_LONGEST_DRIVE, self.claim))
        return True

    # -------------------------------------------------------------- state

    def state_ints(self, out):
        """The wind deck, the hole's card, the tile, a flight being blown, the drive."""
        for pile in (self.deck, self.used):
            out.append(len(pile))
            out.extend([self.cards.index(c) for c in pile])
        out.append(-1 if self.card is None else self.cards.index(self.card))
        out.extend((self.tile, self.left, self.toward, int(self.optional), self.best,
                    self.claim, int(self.card_out)))
        out.extend(self.last if self.last is not None else (-1, -1))
        out.extend(self.start)
        for h in self.hexes:
            out.extend(h)



def _words(strength, toward):
    # "calm", "wind NE" or "gale NE": a wind in a few words for the display.
    if strength == CALM:
        return "calm"
    return "%s %s" % ("wind" if strength == WINDY else "gale", hexgrid.DIR_NAMES[toward])


def gusts(game, start, hexes, toward):
    """The indices of the hexes of a flight from ``start`` over ``hexes`` the wind blowing
    ``toward`` may blow the ball from: those the ball reaches whose neighbour downwind is
    not a tree ("you cannot apply the wind when adjacent to a tree hazard that blocks the
    direction of the wind")."""
    path = game.effects.fly(game.course, start[0], start[1], hexes)[0]
    out = []
    for i in range(min(len(path), MAX_HEXES)):
        q, r = hexgrid.neighbour(path[i][0], path[i][1], toward)
        if not game.effects.stops_flight(game.course.terrain(q, r)):
            out.append(i)
    return out


def blown(hexes, i, toward):
    """The flight ``hexes`` with the wind blowing the ball one hex ``toward`` from its
    ``i``-th hex: the rest of the flight follows one hex over."""
    return (hexes[:i + 1] + [hexgrid.neighbour(hexes[i][0], hexes[i][1], toward)]
            + [hexgrid.neighbour(x[0], x[1], toward) for x in hexes[i + 1:]])
