"""Solo Chaos Golf: Chaos Golf for one player against three automated opponents.

Rulebook: "Chaos Golf against three fast scoring opponents. Three opposing golfers
score if you let them. You need to out-score them before they acquire six greens
each." "Use the rules for Chaos Golf except when in conflict with the rules below."
Setup: "Shuffle the pink 1-point tokens and put them in three stacks of six tokens
each." "Skip golfer cards." "Skip the draft. Pick the clubs you think will win. With
the remaining clubs, shuffle and deal 5 to each AI face down." "Build a deck of Solo
Chaos Golf cards based on the difficulty you want. You need at least six green icons
in the pack." Play: "Reveal the top 1-point token for each opponent. This hole is the
one they score at the next combined scoring phase." "At the end of every turn marked
by the combined scoring icon, perform the combined scoring phase." "After the scoring
phase, move the solo turn marker one space to the right." "Fast travel is permitted
if you land on a tee box. Take your extra turn after your opponents have their turns
and the scoring of any greens." "When you or an opponent scores the last 5-point
token, end the game after that round."

The opponents are no seats: they are this mode's state (their stacks of hole tokens,
their face-down clubs, their points). One round is one turn of the solo turn marker.
Setting up asks the mode's own decisions before the clubs (as Skins' 5s): the deck's
rank (:data:`DECK_RANK`, the course's solo par first) and, when the rank allows more
than one, how many combined scoring rounds the deck holds (:data:`COMBINED_ROUNDS`, the
rulebook's variation: "You can have more than six combined scoring rounds"). In a
combined round the player may look at an opponent's top club after laying theirs
(:data:`PEEK_CLUB`). Interpretations: RULES-NOTES.md, "Solo Chaos Golf" (S1...).
"""

from teebox.core import scoring
from teebox.core.holes18 import cards
from teebox.core.holes18.modes.chaos import ChaosGolf
from teebox.core.holes18.protocol import (
    OUT_REACHED, POLICY_KINDS, POLICY_OUTPUTS, TOKEN_2, TOKEN_5)
from teebox.core.holes18.rounds import NEXT_TURN

DECK_RANK = POLICY_KINDS            # the deck's rank: (EXTRA, RANK + rank)
COMBINED_ROUNDS = POLICY_KINDS + 1  # combined rounds in the deck: (EXTRA, COMBINED + n)
PEEK_CLUB = POLICY_KINDS + 2        # (EXTRA, PLAY_ON) or (EXTRA, PEEK + opponent)

PLAY_ON = 1      # no (more) peeking: play the turn
PEEK = 2         # PEEK + k: turn opponent k's top club face up
COMBINED = 16    # COMBINED + n: a deck with n combined scoring rounds
RANK = 32        # RANK + r: a deck of rank r
MAX_COMBINED = 12
MAX_RANK = 95    # (RANK + MAX_RANK < 128: golfers' codes start there)

OPPONENTS = 3
STACK = 6        # "three stacks of six tokens each"
DEFAULT_RANK = 17  # a course without a solo par: the rulebook's example deck
NO_CLUB = 99     # the player's initiative in a round it laid no club (it missed the turn)

# The mode's own outputs (the table notes them: output_text).
OUT_OPP_SCORED = POLICY_OUTPUTS      # (k, opponent, hole, kind, points)
OUT_OPP_TARGET = POLICY_OUTPUTS + 1  # (k, opponent, hole): its next token revealed (0: none)
OUT_OPP_CLUB = POLICY_OUTPUTS + 2    # (k, opponent, club, peeked): its top club turned up
OUT_SOLO_CARD = POLICY_OUTPUTS + 3   # (k, card index in the deck): a new card revealed


def reachable(solo, most=MAX_COMBINED):
    """Per number of combined rounds ``n`` (0..``most``): a bit mask of the deck ranks
    some set of the ``solo`` cards (``cards.load_solo``) with exactly ``n`` reaches."""
    reach = [0] * (most + 1)
    reach[0] = 1
    for _cid, value, rounds in solo:
        c = rounds.count("C")
        for n in range(most - c, -1, -1):
            if reach[n]:
                reach[n + c] |= reach[n] << value
    return reach


def ranks(mask):
    """The ranks a :func:`reachable` mask holds, lowest first."""
    return [r for r in range(MAX_RANK + 1) if mask >> r & 1]


def build_deck(solo, order, rank, combined):
    """The cards (indices into ``solo``, in ``order``'s order) of a deck of ``rank`` with
    exactly ``combined`` combined rounds, taking each card of the shuffled ``order`` when
    a deck can still be finished with the cards after it; None if none can be built."""
    after = [None] * (len(order) + 1)
    after[len(order)] = reachable((), combined)
    for i in range(len(order) - 1, -1, -1):
        after[i] = list(after[i + 1])
        _cid, value, rounds = solo[order[i]]
        c = rounds.count("C")
        for n in range(combined - c, -1, -1):
            after[i][n + c] |= after[i + 1][n] << value
    if not after[0][combined] >> rank & 1:
        return None
    deck = []
    for i in range(len(order)):
        _cid, value, rounds = solo[order[i]]
        c = rounds.count("C")
        if c <= combined and value <= rank and after[i + 1][combined - c] >> (rank - value) & 1:
            deck.append(order[i])
            combined -= c
            rank -= value
    return deck


class SoloChaos(ChaosGolf):
    """Solo Chaos Golf. The deck: ``deck`` (card indices into ``solo``), ``card`` (the
    revealed one) and ``spot`` (the turn marker on it). Per opponent ``k``: ``stacks[k]``
    its face-down hole tokens (top last), ``target[k]`` the revealed one (0: none left),
    ``clubs[k]`` / ``spent[k]`` its face-down clubs (top last) and those turned over,
    ``shown[k]`` whether its top club was peeked at, ``points[k]`` / ``won[k]`` its points
    and ``(hole, kind)`` tokens, ``greens[k]`` the tokens it has used."""

    name = "solo-chaos"
    title = "Solo Chaos Golf"
    players = (1, 1)
    legend = "5: 5-point token, 2: 2-point token (the opponents' in their own columns)"
    count_key = "rank_beaten"   # the deck's rank when the player out-scored all three
    count_title = "Rank beaten"
    golfer_cards = False  # "Skip golfer cards."
    extras = range(1, 128)  # type: ignore[assignment]  # (Skins: any container serves)

    def __init__(self):
        ChaosGolf.__init__(self)
        self.solo = ()
        self.rank = 0
        self.combined = cards.SOLO_MIN_COMBINED
        self.deck = []
        self.card = self.spot = 0
        self.stacks = [[] for _ in range(OPPONENTS)]
        self.target = bytearray(OPPONENTS)
        self.clubs = [[] for _ in range(OPPONENTS)]
        self.spent = [[] for _ in range(OPPONENTS)]
        self.shown = bytearray(OPPONENTS)
        self.points = [0] * OPPONENTS
        self.won = [[] for _ in range(OPPONENTS)]
        self.greens = bytearray(OPPONENTS)
        self.initiative = NO_CLUB  # the player's club this round
        self.pending = 0           # a green reached in a combined turn, scored in the phase
        self.pending_ace = False   # ... with a hole-in-one
        self.peeked_round = 0      # the round the peek was offered (once a round)
        self.phase_round = 0       # the round whose combined phase was played

    # ------------------------------------------------------------ setup

    def before_hands(self, game, outs):
        """No golfer cards; then the deck: its rank, then (when the rank allows several)
        how many combined rounds it holds, both asked before the clubs."""
        if [p for p in game.players if p.golfer_choice is not None]:
            raise ValueError("Solo Chaos Golf: \"Skip golfer cards. Your automated "
                             "opponents won't use them either.\"")
        self.solo = game.shots.get(cards.SOLO, ())
        if not self.solo:
            raise ValueError("Solo Chaos Golf needs the solo cards (solo.json: "
                             "shipped.load_default_shots() carries them)")
        game.ask(DECK_RANK, 0)

    def _masks(self):
        return reachable(self.solo)[cards.SOLO_MIN_COMBINED:]

    def rank_choices(self, game):
        """The ranks a deck can have, the course's solo par (or the nearest rank to it)
        first, then the others lowest first."""
        masks = self._masks()
        every = 0
        for m in masks:
            every |= m
        out = ranks(every)
        par = game.course.solo_par or DEFAULT_RANK
        best = min(out, key=lambda r: (abs(r - par), r))
        out.remove(best)
        return [best] + out

    def combined_choices(self):
        """The numbers of combined rounds a deck of the chosen rank can hold, fewest first."""
        masks = self._masks()
        return [cards.SOLO_MIN_COMBINED + i for i in range(len(masks))
                if masks[i] >> self.rank & 1]

    def extra_choices(self, game, seat, kind):
        """The ranks, the combined rounds, or the peeks (play on first)."""
        if kind == DECK_RANK:
            return [RANK + r for r in self.rank_choices(game)]
        if kind == COMBINED_ROUNDS:
            return [COMBINED + n for n in self.combined_choices()]
        if kind == PEEK_CLUB:
            return [PLAY_ON] + [PEEK + k for k in range(OPPONENTS)
                                if self.target[k] and not self.shown[k]]
        return ()

    def extra_apply(self, game, seat, code, outs):
        """Take a setup answer (the deal goes on after the last), or peek, or play on."""
        if code >= RANK:
            self.rank = code - RANK
            game.resume()
            more = self.combined_choices()
            self.combined = more[0]
            if len(more) > 1:
                game.ask(COMBINED_ROUNDS, 0)
        elif code >= COMBINED:
            self.combined = code - COMBINED
            game.resume()
        elif code == PLAY_ON:
            game.resume()
        else:
            # "you may reveal the club card of an opponent to see their initiative"
            k = code - PEEK
            self.shown[k] = 1
            outs.append((OUT_OPP_CLUB, k, self._top(game, k), 1))

    def start(self, game, outs):
        """The deck built to the chosen rank; the opponents' tokens and clubs dealt from
        what the player did not pick; the first tokens and the first card revealed."""
        ChaosGolf.start(self, game, outs)
        order = list(range(len(self.solo)))
        game.rng.shuffle(order)
        self.deck = build_deck(self.solo, order, self.rank, self.combined)
        n = game.course.hole_count
        # One token per hole; a course of fewer than 18 holes repeats its tokens (S2).
        bag = []
        while len(bag) < OPPONENTS * STACK:
            bag.extend(range(1, n + 1))
        game.rng.shuffle(bag)
        p = game.players[0]
        mine = p.hand + p.discards
        used = [id(c) for c in cards.clubs_for(game.clubs, 1)]
        pool = [i for i in range(len(game.clubs))
                if id(game.clubs[i]) in used and i not in mine]
        game.rng.shuffle(pool)
        each = cards.HAND_SIZE
        for k in range(OPPONENTS):
            self.stacks[k] = bag[k * STACK:(k + 1) * STACK]
            self.clubs[k] = pool[k * each:(k + 1) * each]
            self._reveal_token(k, outs)
        outs.append((OUT_SOLO_CARD, 0))

    def _reveal_token(self, k, outs):
        stack = self.stacks[k]
        self.target[k] = stack.pop() if stack else 0
        outs.append((OUT_OPP_TARGET, k, self.target[k]))

    # ------------------------------------------------------------ the turn marker

    def symbol(self):
        """The symbol under the solo turn marker: ``"P"`` player only, ``"C"`` combined."""
        return self.solo[self.deck[self.card]][2][self.spot]

    def combined_round(self):
        """Whether this round ends with the combined scoring phase."""
        return self.symbol() == "C"

    def _last_spot(self):
        return self.card == len(self.deck) - 1 and self.spot == len(
            self.solo[self.deck[self.card]][2]) - 1

    def between_turns(self, game, outs):
        """In a combined round: once the club is laid, the offer to peek; once the
        player's turn is over, the combined scoring phase (before any extra turn)."""
        if game.over or game.stage != NEXT_TURN or game.in_extra:
            return False
        if not self.combined_round():
            return False
        if game.order_pos == 0 and self.peeked_round != game.round:
            self.peeked_round = game.round
            self.initiative = game.clubs[game.players[0].chosen].initiative
            if len(self.extra_choices(game, 0, PEEK_CLUB)) > 1:
                game.ask(PEEK_CLUB, 0)
                return True
        elif game.order_pos >= len(game.order) and self.phase_round != game.round:
            self._phase(game, outs)
        return False

    def end_of_round(self, game, outs):
        """The phase of a combined round the player sat out; the end after the last
        5-point token, the opponents' last token or the deck's last turn; else the
        marker moves one space right (a new card when this one is done)."""
        if self.combined_round() and self.phase_round != game.round:
            self.initiative = NO_CLUB
            self._phase(game, outs)
        if not any(self.five) or not any(self.target) or self._last_spot():
            game.finish(outs)
            return
        self.spot += 1
        if self.spot == len(self.solo[self.deck[self.card]][2]):
            self.card += 1
            self.spot = 0
            outs.append((OUT_SOLO_CARD, self.card))

    # ------------------------------------------------------------ scoring

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """A green reached in a combined round's turn waits for the phase ("before you
        score any greens"); any other scores at once, as in Chaos Golf."""
        if self.combined_round() and not game.in_extra and self.phase_round != game.round:
            outs.append((OUT_REACHED, p.seat, hole))
            self.pending = hole
            self.pending_ace = hole_in_one
            return
        ChaosGolf.on_reach(self, game, p, hole, hole_in_one, outs)

    def _phase(self, game, outs):
        # The combined scoring phase: each opponent scores its revealed green, contended
        # when the player stands on it and could still take a token there.
        self.phase_round = game.round
        p = game.players[0]
        at = game.course.green_hole(p.q, p.r)
        for k in range(OPPONENTS):
            hole = self.target[k]
            if not hole:
                continue
            if hole == at and self._may_take(hole, 1):
                club = self._top(game, k)
                self.clubs[k].pop()
                self.spent[k].append(club)
                outs.append((OUT_OPP_CLUB, k, club, 0))
                self.shown[k] = 0
                if game.clubs[club].initiative < self.initiative:
                    self._take(game, k + 2, hole, outs)
                    self._take(game, 1, hole, outs)
                else:
                    self._take(game, 1, hole, outs)
                    self._take(game, k + 2, hole, outs)
                if hole == self.pending:
                    self._pending_ace(game, outs)
            else:
                self._take(game, k + 2, hole, outs)
            self.greens[k] += 1
            self._reveal_token(k, outs)
        if self.pending:
            self._take(game, 1, self.pending, outs)
            self._pending_ace(game, outs)

    def _pending_ace(self, game, outs):
        # The green reached in the turn is scored: its hole-in-one token too, if it was one.
        self.award_hole_in_ones(game, self.pending, ((0, self.pending_ace),), outs)
        self.pending = 0

    def _top(self, game, k):
        # Opponent k's top club; an empty stack is its turned clubs shuffled (S5).
        if not self.clubs[k]:
            self.clubs[k] = self.spent[k]
            self.spent[k] = []
            game.rng.shuffle(self.clubs[k])
        return self.clubs[k][-1]

    def _may_take(self, hole, who):
        return self.five[hole] or (self.two[hole] and self.five_taker[hole] != who)

    def _take(self, game, who, hole, outs):
        # ``who``: 1 the player, k + 2 opponent k; the largest token it may take there.
        if not self._may_take(hole, who):
            return
        if self.five[hole]:
            self.five[hole] = 0
            self.five_taker[hole] = who
            kind, points = TOKEN_5, 5
        else:
            self.two[hole] = 0
            kind, points = TOKEN_2, 2
        if who == 1:
            game.award(game.players[0], hole, kind, points, outs)
            return
        k = who - 2
        self.points[k] += points
        self.won[k].append((hole, kind))
        outs.append((OUT_OPP_SCORED, k, hole, kind, points))

    def standings(self, game):
        """One row, the player's: placed after every opponent with more points (equal
        points share the place: no tie-break); the count is the deck's rank when the
        player out-scored all three, else 0."""
        score = game.players[0].score
        place = scoring.place_among(score, self.points)
        beaten = self.rank if score > max(self.points) else 0
        return ((place, 0, score, beaten),)

    # ------------------------------------------------------------ bots and the table

    def green_tokens(self, hole):
        """The tokens on a green (none before the deck is chosen and they are laid)."""
        return ChaosGolf.green_tokens(self, hole) if hole < len(self.five) else 0

    def aims(self, game, p):
        """A bot heads for the greens that still hold a 5-point token."""
        fives = tuple([h for h in range(1, len(self.five)) if self.five[h]])
        return fives or self.targets(game, p)

    def bot_choice(self, game, seat, legal):
        """A bot plays the course's solo par with six combined rounds, and plays on
        without peeking (its club is laid: the peek changes nothing it does)."""
        return legal[0]

    def decision_text(self, game, kind):
        """The setup questions and the peek."""
        if kind == DECK_RANK:
            return "Solo deck rank?"
        if kind == COMBINED_ROUNDS:
            return "Combined rounds?"
        return "Peek at a club?"

    def choice_text(self, game, code):
        """``"rank 17 (par)"``, ``"6 combined"``, ``"play on"``, ``"AI 2: green 7"`` or,
        once peeked, ``"AI 2: 7 Iron 15"``."""
        if code >= RANK:
            par = game.course.solo_par
            return "rank %d%s" % (code - RANK, " (par)" if code - RANK == par else "")
        if code >= COMBINED:
            return "%d combined" % (code - COMBINED)
        if code == PLAY_ON:
            return "play on"
        k = code - PEEK
        return "AI %d: green %d" % (k + 1, self.target[k])

    def choice_cell(self, game, code):
        """A peek lights the opponent's green."""
        if PEEK <= code < COMBINED:
            h = game.course.hole(self.target[code - PEEK])
            return (h[3], h[4])
        return None

    def markers(self, game):
        """The opponents' golfers for the LEDs, each on the green it scores next (None
        once its tokens are used)."""
        out = []
        for k in range(OPPONENTS):
            h = game.course.hole(self.target[k]) if self.target[k] else None
            out.append((h[3], h[4]) if h else None)
        return out

    def status(self, game):
        """One display line: the card, the symbols with the marker, the opponents'
        points: ``"C2/5 p[C]p 5 2 7"``."""
        if not self.deck:
            return ""
        rounds = self.solo[self.deck[self.card]][2].lower()
        s = self.spot
        return "C%d/%d %s[%s]%s\nAI %d %d %d" % (
            self.card + 1, len(self.deck), rounds[:s], rounds[s].upper(), rounds[s + 1:],
            self.points[0], self.points[1], self.points[2])

    def output_text(self, game, out):
        """The table's note for one of this mode's outputs (None: no note)."""
        k = out[0]
        if k == OUT_OPP_SCORED:
            return "AI %d scores %d on %d" % (out[1] + 1, out[4], out[2])
        if k == OUT_OPP_CLUB:
            club = game.clubs[out[2]]
            return "AI %d: %s %d" % (out[1] + 1, club.name, club.initiative)
        if k == OUT_SOLO_CARD and out[1]:
            return "Solo card %d" % (out[1] + 1)  # (the first is on the display at once)
        return None

    def opponents(self, game):
        """The three opponents for scorecards: ``("AI 1", points, tokens)``..."""
        return tuple([("AI %d" % (k + 1), self.points[k], tuple(self.won[k]))
                      for k in range(OPPONENTS)])

    def state_ints(self, out):
        """Append the tokens, the deck and marker, and every opponent's state."""
        ChaosGolf.state_ints(self, out)
        out.extend((self.rank, self.combined, self.card, self.spot, self.initiative,
                    self.pending, int(self.pending_ace), self.peeked_round, self.phase_round))
        out.append(len(self.deck))
        out.extend(self.deck)
        out.extend(self.target)
        out.extend(self.shown)
        out.extend(self.greens)
        out.extend(self.points)
        for seq in self.stacks + self.clubs + self.spent:
            out.append(len(seq))
            out.extend(seq)
        for won in self.won:
            out.append(len(won))
            for hole, kind in won:
                out.extend((hole, kind))
