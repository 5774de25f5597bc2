"""Shot resolution in 18 Holes: the action a club makes, drawing and following shot
cards, the big hit's discard, the card kept, the outcome of a wild card, and the hit
itself (the flight and the landing are in :mod:`~teebox.core.holes18.movement`).

A part of :class:`~teebox.core.holes18.engine.Game` (its state lives there).
"""

import binascii

from teebox.core import hexgrid
from teebox.core.holes18 import cards
from teebox.core.holes18.protocol import (
    BIG_HIT, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECLARE_DIRECTION, DISCARD_FOR_HITTER,
    EXIT_BUNKER, FOLLOW_SPECIAL, HIT_DIRECTION, OUT_BUNKER, OUT_DISCARDED, OUT_DRAW, OUT_FLIGHT,
    OUT_LONGEST_DRIVE, OUT_NO_SHOT, OUT_OF_BOUNDS, OUT_SHUFFLE)
from teebox.core.holes18.rounds import END_TURN

_ONE = bytearray(1)  # a drawn card's number, as the draws' checksum reads it


class ShotPlay:
    """Playing a club's shot: :class:`~teebox.core.holes18.engine.Game` inherits these."""

    def redraw_reason(self, pile):
        """None if :meth:`redraw` may redraw ``pile`` now, else why not (for the player)."""
        if not 0 <= pile < len(self.t_piles):
            return "there is no drawn card %d to redraw" % (pile + 1)
        deck = self.shot_list[self.t_piles[pile][-1]].deck
        if not self._available(deck):
            return "deck %s has no card left to draw" % deck
        return None

    def redraw(self, pile, outs):
        """Draw a new card onto ``pile`` from the deck of its top card (Lucky's power):
        the old one stays underneath and is discarded with the pile. Check
        :meth:`redraw_reason` first."""
        deck = self.shot_list[self.t_piles[pile][-1]].deck
        self.t_piles[pile].append(self._draw(deck, pile, outs))
        self._settle(outs)

    def _available(self, deck):
        # Cards a draw from ``deck`` can still get: its draw pile and its discards (the
        # cards out on the table this turn and a kept longest drive are in neither).
        if deck not in self.shots:
            return 0
        return self.decks.remaining(deck) + self.decks.discarded(deck)

    def _followable(self, pile):
        # Whether the top card of ``pile`` is a super/short/shuffle card whose deck can
        # still give a card (a deck out of cards cannot be followed into).
        top = self.shot_list[pile[-1]]
        if top.special not in cards.FOLLOWED:
            return False
        return self._available(top.deck if top.special == cards.SHUFFLE else top.special_deck) > 0

    def _playable_count(self):
        # A loop: a comprehension would make the game a cell, a closure and a list at
        # every call (several a shot: the draw settled, each pile's check).
        n = 0
        for pile in self.t_piles:
            if self.shot_list[pile[-1]].outcomes:
                n += 1
        return n

    def _needed_playable(self):
        # A big hit must leave a playable card after the left neighbour discards one.
        return 2 if self.t_action == BIG_HIT else 1

    def _legal_outcomes(self, direction=-1):
        # "If one of the options is out-of-bounds, then you must take the only option
        # that remains in play." ``direction``: the one being previewed, else the turn's.
        p = self.players[self.t_player]
        if direction < 0:
            direction = self.t_dir
        # Kept for the turn: the legal choices ask this once per outcome offered, and
        # each answer flies every outcome of the card.
        key = (self.t_card, direction, p.q, p.r)
        if key != self._stay_key:
            n = len(self.shot_list[self.t_card].outcomes)
            # (a loop: a comprehension would make the game, the player and the direction
            # cells at every call, the cached ones too)
            stay = []
            for i in range(n):
                if self._flight(p, self.t_card, i, direction)[2] != OUT_OF_BOUNDS:
                    stay.append(i)
            self._stay = stay if stay else list(range(n))
            self._stay_key = key
        return self._stay

    def _action(self, verb, outs):
        self.t_action = verb
        c = self.clubs[self.t_club]
        if verb == BIG_HIT:
            self.t_deck = c.big_hit_deck()
            self._draw_cards(outs)
        elif c.kind == "fixed":
            self._shot_ready(HIT_DIRECTION, outs)  # a wood: no card, straight line
        elif len(c.decks) == 2:
            self.stage = CHOOSE_DECK
        else:
            self.t_deck = c.decks[0]
            self._after_deck(outs)

    def _after_deck(self, outs):
        c = self.clubs[self.t_club]
        if self.t_action == EXIT_BUNKER or (self.t_deck == "C" and not c.no_declare):
            self.stage = DECLARE_DIRECTION  # chips and bunker exits announce the direction first
        else:
            self._draw_cards(outs)

    def _after_declare(self, outs):
        if self.t_action != EXIT_BUNKER:
            self._draw_cards(outs)
            return
        # Exit bunker: one card, read only its bunker icon.
        seat = self.t_player
        p = self.players[seat]
        shot = self._draw(self.t_deck, 0, outs)
        self.t_piles = [[shot]]
        icon = self.shot_list[shot].bunker
        outs.append((OUT_BUNKER, seat, icon))
        hexes = []
        if icon != cards.STAY:
            d = self.t_declared
            if icon == cards.LEFT:
                d = hexgrid.turn_left(d)
            elif icon == cards.RIGHT:
                d = hexgrid.turn_right(d)
            hexes = [hexgrid.neighbour(p.q, p.r, d)]
        res = self.effects.fly(self.course, p.q, p.r, hexes)
        self.t_moved = self._land(p, res, 0, outs, OUT_FLIGHT)
        self.stage = END_TURN

    def _draw(self, deck, pile, outs):
        shot = -1
        if self.t_player >= 0:  # a card the player's golfer holds for this deck (Bunjil)
            shot = self.players[self.t_player].rules.take_held(self, self.t_player, deck)
        if shot < 0:
            shot = self._shot_at[self.decks.draw(deck).id]
        _ONE[0] = shot  # (one byte reused: bytes((shot,)) made a tuple and a bytes a card)
        self.draw_crc = binascii.crc32(_ONE, self.draw_crc)
        outs.append((OUT_DRAW, self.t_player, pile, shot))
        return shot

    def _draw_cards(self, outs):
        c = self.clubs[self.t_club]
        count = c.big_hit_count() if self.t_action == BIG_HIT else c.count
        piles = []  # (a loop, not a comprehension closing over the game: see above)
        for i in range(count):
            piles.append([self._draw(self.t_deck, i, outs)])
        self.t_piles = piles
        self._settle(outs)

    def _settle(self, outs):
        if len(self.t_piles) == 1:
            # One card: super, short and shuffle cards must be followed.
            while self._followable(self.t_piles[0]):
                self._follow(0, outs)
        self._after_draw(outs)

    def _follow(self, pile, outs):
        top = self.shot_list[self.t_piles[pile][-1]]
        deck = top.special_deck
        if top.special == cards.SHUFFLE:
            deck = top.deck
            outs.append((OUT_SHUFFLE, cards.deck_index(deck), self.decks.shuffle_discards(deck)))
        self.t_piles[pile].append(self._draw(deck, pile, outs))

    def _after_draw(self, outs):
        for pile in self.t_piles:
            if self._followable(pile):
                self.stage = FOLLOW_SPECIAL
                return
        self._after_follow(outs)

    def _after_follow(self, outs):
        playable = self._playable_count()
        if not playable:
            # Only a special card whose deck ran out is showing: the shot is lost, the
            # golfer stays and the turn ends as usual (RULES-NOTES, "decks run out").
            outs.append((OUT_NO_SHOT, self.t_player))
            self.stage = END_TURN
        elif self.t_action == BIG_HIT and playable >= 2 and self.t_discarded < 0:
            # (a redraw after the discard, Lucky's, does not ask for another discard)
            self.stage = DISCARD_FOR_HITTER
            self.acting = (self.left_of(self.t_player),)
        else:
            self._shot_ready(CHOOSE_CARD, outs)

    def _discard_pile(self, pile, by, outs):
        self.t_discarded = pile
        outs.append((OUT_DISCARDED, by, pile, self.t_piles[pile][-1]))
        self.acting = (self.t_player,)
        self._shot_ready(CHOOSE_CARD, outs)

    def _shot_ready(self, stage, outs):
        # The cards are drawn (a wood draws none): the card or the aim is next, but a mode
        # may ask first which of the player's golfers hits (Chaos Teams: Mode.before_shot).
        self.stage = stage
        self.mode.before_shot(self, outs)

    def _after_direction(self, outs):
        if self.t_card >= 0 and len(self.shot_list[self.t_card].outcomes) > 1:
            self.stage = CHOOSE_OUTCOME
            return
        self.t_outcome = 0
        self._hit(outs)

    def _hit(self, outs):
        p = self.players[self.t_player]
        hexes, chip = self._flight_hexes(p, self.t_card, self.t_outcome, self.t_dir)
        for x in self.added:
            if x.hold_flight(self, hexes, chip, outs):
                return  # a module's decision first (where the wind blows): it lands the ball
        self.land_hit(self.effects.fly(self.course, p.q, p.r, hexes, chip), outs)

    def land_hit(self, res, outs):
        """Finish the turn's shot with the flight ``res`` (``(path, (q, r), outcome,
        hit_tree)`` as ``flight.fly`` gives it): land the ball, the longest drive card,
        end the turn. For a module holding the flight (``policy.Module.hold_flight``)."""
        seat = self.t_player
        p = self.players[seat]
        tee_hole = self.course.tee_hole(p.q, p.r)
        self.t_moved = self._land(p, res, tee_hole, outs, OUT_FLIGHT)
        card = self.shot_list[self.t_card] if self.t_card >= 0 else None
        self.stage = END_TURN
        for x in self.added:
            if x.drive(self, seat, res, card, outs):
                return
        if card is not None and card.special == cards.LONGEST_DRIVE and res[2] != OUT_OF_BOUNDS:
            # "When you draw and play this shot card, keep the longest drive card."
            self.longest_drive = seat
            self.t_held = self.t_card
            outs.append((OUT_LONGEST_DRIVE, seat))
