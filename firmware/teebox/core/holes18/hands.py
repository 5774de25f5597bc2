"""The hands of clubs an 18 Holes game starts with: the first game's lettered hands,
hands given in the setup, or the rulebook's draft (every pick a decision).

A part of :class:`~teebox.core.holes18.engine.Game` (its state lives there).
"""

from teebox.core.holes18 import cards
from teebox.core.holes18.protocol import DRAFT_PICK, OUT_CHOSEN, OUT_PASS

PASSED = -2        # a pick that is a pass (Game.picks)
AFTER_DRAFT = -1   # Game.pick_round while a golfer picks from the cards left after the draft
from teebox.core.holes18.setup import player_name


class Hands:
    """Dealing the clubs: :class:`~teebox.core.holes18.engine.Game` inherits these steps."""

    def _first_game_hands(self):
        # The hands by letter from the cards in play with the modules (the wind hybrids
        # in place of the base hybrids they replace).
        pool = [id(c) for c in cards.clubs_for(self.clubs, cards.HAND_SIZE,
                                               self.setup.expansions)]
        out = []
        for i in range(len(self.players)):
            letter = cards.HANDS[i]
            out.append([c for c in range(len(self.clubs))
                        if self.clubs[c].hand == letter and id(self.clubs[c]) in pool])
        return out

    def _resolve_hands(self, hands):
        by_id = {}
        for i in range(len(self.clubs)):
            by_id[self.clubs[i].id] = i
        seen = {}
        out = []
        for seat in range(len(hands)):
            hand = []
            for c in hands[seat]:
                i = by_id.get(c, -1) if type(c) is str else c
                if type(i) is not int or not 0 <= i < len(self.clubs):
                    raise ValueError("hand of %s: unknown club %r" % (player_name(seat), c))
                if i in seen:
                    raise ValueError("hand of %s: the %s (%s) is already in the hand of %s"
                                     % (player_name(seat), self.clubs[i].name,
                                        self.clubs[i].id, player_name(seen[i])))
                seen[i] = seat
                hand.append(i)
            out.append(tuple(hand))
        return tuple(out)

    def _deal_draft(self):
        n = len(self.players)
        index = {}
        for i in range(len(self.clubs)):
            index[id(self.clubs[i])] = i
        # The expansion clubs of the modules played join the draft ("Add the MALLET PUTTER
        # and GAP WEDGE to the deck of available clubs").
        played = tuple([e for e in self.setup.expansions if e in cards.EXPANSIONS])
        pool = [index[id(c)] for c in cards.clubs_for(self.clubs, n, played)]
        for p in self.players:
            if p.rules.carries_driver():
                # Slugger: "Remove this card from the deck before the Club Draft and give it
                # to the player with Slugger" (from the box if the deck leaves it out).
                driver = [i for i in range(len(self.clubs))
                          if self.clubs[i].tee_only and not self.clubs[i].expansion][0]
                if driver in pool:
                    pool.remove(driver)
                p.hand.append(driver)
        self.picks = [-1] * n
        first = [p.seat for p in self.players if p.rules.picks_first()]
        self.stage = DRAFT_PICK
        if first:
            # Iron Jane "selects their clubs from the clubs available" before the draft.
            self.packets = [[] for _ in range(n)]
            self.packets[first[0]] = sorted(pool)
            self.pick_round = 0
            self.acting = (first[0],)
            return
        self._deal_packets(pool, self.seats())

    def _deal_packets(self, pool, seats):
        # "Deal the same number of cards to each player. Any remaining cards are not used."
        self.rng.shuffle(pool)
        each = len(pool) // len(seats)
        self.packets = [[] for _ in self.players]
        for i in range(len(seats)):
            self.packets[seats[i]] = sorted(pool[i * each:(i + 1) * each])
        self.pick_round = 1
        self.acting = self._draft_acting()

    def _draft_seats(self):
        # The seats the packets go round: everyone but a player who picked first.
        return tuple([p.seat for p in self.players if not p.rules.picks_first()])

    def _short(self, seat):
        p = self.players[seat]
        return len(p.hand) < p.rules.hand_limit()

    def _draft_acting(self):
        return tuple([s for s in self._draft_seats() if self._short(s) and self.packets[s]])

    def draft_pass(self, seat, outs):
        """``seat`` takes no club this draft round (a golfer's pass: The Shark's B-side with
        only wedges in front of it, Slick Rikesh's B-side waiting for a later round)."""
        self.picks[seat] = PASSED
        outs.append((OUT_CHOSEN, seat))
        if -1 not in [self.picks[s] for s in self.acting]:
            self._draft_done(outs)

    def draft_rounds_left(self, seat):
        """How many more draft rounds the other players of the draft need after this one."""
        need = [self.players[s].rules.hand_limit() - len(self.players[s].hand)
                for s in self._draft_seats()
                if s != seat and not self.players[s].rules.picks_after_draft()]
        return max(need + [1]) - 1

    def _draft_done(self, outs):
        n = len(self.players)
        for s in self.acting:
            if self.picks[s] >= 0:
                self.players[s].hand.append(self.picks[s])
                self.players[s].hand.sort()
                self.packets[s].remove(self.picks[s])
        self.picks = [-1] * n
        if self.pick_round == 0:
            seat = self.acting[0]
            if self._short(seat) and self._pickable(seat):
                return
            # "Shuffle the remaining cards and deal them to the other players."
            if self._draft_seats():
                self._deal_packets(self.packets[seat], self._draft_seats())
                if self.acting:
                    return
        elif self.pick_round > 0:
            seats = self._draft_seats()
            drafting = [s for s in seats if self._short(s)
                        and not self.players[s].rules.picks_after_draft()]
            if drafting:
                # Everyone passes what is left to the player on their left (seat + 1).
                was = list(self.packets)
                for i in range(len(seats)):
                    self.packets[seats[i]] = was[seats[i - 1]]
                outs.append((OUT_PASS, self.pick_round))
                self.pick_round += 1
                self.acting = self._draft_acting()
                if self.acting:
                    return
            late = [s for s in seats if self._short(s)]
            if late:
                # "The Shark can pick from the remaining cards after the draft."
                left = []
                for s in seats:
                    left += self.packets[s]
                    self.packets[s] = []
                self.packets[late[0]] = sorted(left)
                self.pick_round = AFTER_DRAFT
                self.acting = (late[0],)
        if self.acting and self._short(self.acting[0]) and self._pickable(self.acting[0]):
            return
        self.packets = []
        self.picks = []
        self._start_play(outs)

    def _pickable(self, seat):
        p = self.players[seat]
        return [c for c in self.packets[seat] if p.rules.pick_reason(self, seat, c) is None]
