"""The hands of clubs an 18 Holes game starts with: the first game's lettered hands,
hands given in the setup, or the rulebook's draft (every pick a decision).

A part of :class:`~teebox.core.holes18.engine.Game` (its state lives there).
"""

from teebox.core.holes18 import cards
from teebox.core.holes18.protocol import DRAFT_PICK, OUT_PASS
from teebox.core.holes18.setup import player_name


class Hands:
    """Dealing the clubs: :class:`~teebox.core.holes18.engine.Game` inherits these steps."""

    def _first_game_hands(self):
        out = []
        for i in range(len(self.players)):
            letter = cards.HANDS[i]
            out.append([c for c in range(len(self.clubs))
                        if self.clubs[c].hand == letter and not self.clubs[c].expansion])
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
        pool = [index[id(c)] for c in cards.clubs_for(self.clubs, n)]
        self.rng.shuffle(pool)
        each = len(pool) // n
        self.packets = [sorted(pool[i * each:(i + 1) * each]) for i in range(n)]
        self.picks = [-1] * n
        self.pick_round = 1
        self.stage = DRAFT_PICK
        self.acting = self.seats()

    def _draft_done(self, outs):
        n = len(self.players)
        for s in range(n):
            self.players[s].hand.append(self.picks[s])
            self.players[s].hand.sort()
            self.packets[s].remove(self.picks[s])
        self.picks = [-1] * n
        if len(self.players[0].hand) >= self.players[0].rules.hand_limit():
            self.packets = []
            self.picks = []
            self._start_play(outs)
            return
        # Everyone passes what is left to the player on their left (seat + 1).
        self.packets = [self.packets[(s - 1) % n] for s in range(n)]
        outs.append((OUT_PASS, self.pick_round))
        self.pick_round += 1

