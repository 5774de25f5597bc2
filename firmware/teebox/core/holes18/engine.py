"""The 18 Holes rules engine: one game, driven one decision at a time.

``Game(course, clubs, shots, setup)`` deals the clubs, places the golfers and
then waits. ``pending()`` says what it waits for, ``choices(player)`` lists the
legal choices, ``apply(choice, player)`` takes one and returns the outputs
(what happened, for the LEDs and the display) or raises :class:`IllegalMove`
with a reason a player understands. Buttons, RFID scans, bots, tests and
replays all go through these three calls; the vocabulary is in
:mod:`teebox.core.holes18.protocol`, the full contract in ``docs/engine-api.md``.

Pure and deterministic: no I/O, no clock, integers only; every random event
comes from one seeded :class:`~teebox.core.rng.Rng`, so the same setup and the
same inputs give the same game on the board and on the host.
"""

import binascii
import hashlib

from teebox.core import hexgrid, terrain, varint
from teebox.core.holes18 import cards, flight, modes
from teebox.core.holes18.decks import ShotDecks
from teebox.core.holes18.inputlog import InputLog
from teebox.core.holes18.player import GOLFERS, PlayerState
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECISION_NAMES,
    DECK, DECLARE_DIRECTION, DECLINE, DISCARD, DISCARD_FOR_HITTER, DRAFT_PICK, EXIT_BUNKER,
    EXTRA, FOLLOW, FOLLOW_SPECIAL, GAME_OVER, GREEN, HIT_DIRECTION, KEEP, MOVE, NORMAL,
    OUT_BUNKER, OUT_CHOSEN, OUT_CLUB_DISCARDED, OUT_CLUB_RETURNED, OUT_DECLARE, OUT_DECLINED,
    OUT_DISCARDED, OUT_DRAW, OUT_EXTRA_TURN, OUT_FLIGHT, OUT_GAME_OVER, OUT_HAND_RESET,
    OUT_KEPT, OUT_LONGEST_DRIVE, OUT_MISS_TURN, OUT_MOVE, OUT_NEXT_HOLE, OUT_NO_SHOT,
    OUT_OF_BOUNDS, OUT_ORDER, OUT_PASS, OUT_REVEAL, OUT_SCORED, OUT_SHUFFLE, OUT_TURN, OUTCOME,
    PICK, PLAY, POLICY_KINDS, RESET, RESET_ACTION, RESET_EMPTY, RESET_UNUSABLE, SELECT,
    SELECT_CLUB, STOP, VERB_ARITY, WATER)
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FIRST_GAME = "first-game"
DRAFT = "draft"
HAND_KINDS = (FIRST_GAME, DRAFT)  # log codes 0, 1; explicit hands are code 2
MAX_PLAYERS = const(5)

# Steps the engine runs by itself between decisions (never returned by pending()).
_BEGIN_ROUND = const(101)
_NEXT_TURN = const(102)
_END_TURN = const(103)
_END_ROUND = const(104)

# Card-handling decisions with a single legal choice are taken without asking.
_AUTO = (FOLLOW_SPECIAL, CHOOSE_CARD, CHOOSE_OUTCOME)
_FOLLOWED = (cards.SUPER, cards.SHORT, cards.SHUFFLE)


from teebox.core.contract import IllegalMove, as_choice  # shared by every game


def player_name(seat):
    """How messages name a seat: ``"player 1"`` for seat 0."""
    return "player %d" % (seat + 1)


class Setup:
    """How a game starts. Checked on creation; ValueError says what is wrong.

    * ``players``: 1 to 5, in seating order (seat ``i``'s left neighbour is ``i + 1``);
    * ``mode``: a name from :data:`teebox.core.holes18.modes.NAMES`;
    * ``seed``: a non-negative whole number: the shuffles of this game;
    * ``hands``: ``"first-game"`` (hand letters A..E to players 1..5), ``"draft"``
      (the rulebook's draft, every pick a decision), or one list of clubs per
      player (club ids such as ``"driver-34"`` or indices into the club list);
    * ``golfers``: None, or per player None or ``(name, side)`` with a name from
      :data:`teebox.core.holes18.player.GOLFERS` and side ``"A"``/``"B"`` (stored only:
      golfer abilities are not played yet);
    * ``teams``: None, or per player None or a team number 0..4 (stored only);
    * ``expansions``: must be empty for now (no expansion rules yet).
    """

    def __init__(self, players, mode="match", seed=0, hands=FIRST_GAME, golfers=None,
                 teams=None, expansions=()):
        if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise ValueError("players must be a whole number from 1 to %d, not %r"
                             % (MAX_PLAYERS, players))
        modes.code(mode)
        if type(seed) is not int or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        if hands not in HAND_KINDS:
            hands = _explicit_hands(hands, players)
        if golfers is not None:
            golfers = _per_player(golfers, players, "golfers", _golfer)
        if teams is not None:
            teams = _per_player(teams, players, "teams", _team)
        if expansions:
            raise ValueError("the %r expansion is not supported yet" % (expansions[0],))
        self.players = players
        self.mode = mode
        self.seed = seed
        self.hands = hands
        self.golfers = golfers
        self.teams = teams
        self.expansions = ()

    def __repr__(self):
        return "Setup(%d, %r, seed=%d, hands=%r)" % (self.players, self.mode, self.seed,
                                                     self.hands)


def _explicit_hands(hands, players):
    if not isinstance(hands, (list, tuple)):
        raise ValueError("hands must be %r, %r or one list of clubs per player, not %r"
                         % (FIRST_GAME, DRAFT, hands))
    if len(hands) != players:
        raise ValueError("hands lists %d hands for %d players" % (len(hands), players))
    out = []
    for i in range(players):
        hand = hands[i]
        if not isinstance(hand, (list, tuple)) or not 1 <= len(hand) <= cards.HAND_SIZE:
            raise ValueError("hand of %s must list 1 to %d clubs, not %r"
                             % (player_name(i), cards.HAND_SIZE, hand))
        out.append(tuple(hand))
    return tuple(out)


def _per_player(values, players, what, check):
    if not isinstance(values, (list, tuple)) or len(values) != players:
        raise ValueError("%s must list one entry per player (%d), not %r"
                         % (what, players, values))
    return tuple([check(values[i], i) for i in range(players)])


def _golfer(value, seat):
    if value is None:
        return None
    if (not isinstance(value, (list, tuple)) or len(value) != 2 or value[0] not in GOLFERS
            or value[1] not in ("A", "B")):
        raise ValueError("golfer of %s must be None or (name, 'A' or 'B') with a name from: %s;"
                         " not %r" % (player_name(seat), ", ".join(GOLFERS), value))
    return (value[0], value[1])


def _team(value, seat):
    if value is not None and (type(value) is not int or not 0 <= value < MAX_PLAYERS):
        raise ValueError("team of %s must be None or 0 to %d, not %r"
                         % (player_name(seat), MAX_PLAYERS - 1, value))
    return value


class Decision:
    """What the engine waits for: the result of :meth:`Game.pending`.

    ``kind`` (a decision kind), ``players`` (seats that may act now),
    ``waiting`` (simultaneous decisions: seats that have not chosen yet),
    ``player`` (whose turn it is, -1 outside turns), ``club`` (that turn's club
    index), ``deck`` (index into ``cards.DECKS`` being drawn from, -1), ``piles``
    (drawn cards: a tuple per pile of shot indices, top last), ``action`` (the turn's
    action verb PLAY / BIG_HIT / EXIT_BUNKER once chosen, else 0), ``declared`` (the
    direction announced before the draw, -1), ``shot`` (the card being played,
    -1), ``direction`` (the hit direction once chosen, -1), ``discarded`` (the
    pile the left neighbour threw away, -1), ``extra`` (an extra turn: its
    SELECT_CLUB also accepts ``(DECLINE,)``, since an extra turn may be refused).
    """

    def __init__(self, kind, players, waiting=(), player=-1, club=-1, deck=-1, piles=(),
                 action=0, declared=-1, shot=-1, direction=-1, discarded=-1, extra=False):
        self.kind = kind
        self.action = action
        self.players = players
        self.waiting = waiting
        self.player = player
        self.club = club
        self.deck = deck
        self.piles = piles
        self.declared = declared
        self.shot = shot
        self.direction = direction
        self.discarded = discarded
        self.extra = extra

    def __repr__(self):
        return "<Decision %s players=%r>" % (_decision_name(self.kind), self.players)


def _deck_index(name):
    for i in range(len(cards.DECKS)):
        if cards.DECKS[i] == name:
            return i
    return -1


class Game:
    """One game of 18 Holes (see the module docstring and ``docs/engine-api.md``).

    ``course`` is a :class:`~teebox.core.course.Course`; ``clubs`` the club cards
    (a list of :class:`~teebox.core.holes18.cards.Club`, e.g. ``shipped.load_default_clubs()``:
    choices and outputs name clubs by their index in it); ``shots`` the shot decks
    (``shipped.load_default_shots()``: shots are named by their index in
    ``shot_list``, deck C first); ``setup`` a :class:`Setup`. ``rng`` replaces
    the seeded generator (tests stack the decks with it). ``golfers``, if given,
    is called ``golfers(seat, golfer_choice)`` for each player's
    :class:`~teebox.core.holes18.player.Golfer` (where golfer modules plug in).
    """

    def __init__(self, course, clubs, shots, setup, rng=None, golfers=None):
        self.course = course
        self.clubs = tuple(clubs)
        self.shots = shots
        self.shot_list = tuple([s for d in cards.DECKS for s in shots.get(d, ())])
        self._shot_at = {}
        for i in range(len(self.shot_list)):
            self._shot_at[self.shot_list[i].id] = i
        self.mode = modes.make(setup.mode)
        lo, hi = self.mode.players
        if not lo <= setup.players <= hi:
            raise ValueError("%s is played by %d to %d players, not %d"
                             % (self.mode.title, lo, hi, setup.players))
        self.rng = rng if rng is not None else Rng(setup.seed)
        self.decks = ShotDecks(shots, self.rng)
        self.effects = flight.BASE_EFFECTS
        n = setup.players
        self.players = [PlayerState(i, setup.golfers[i] if setup.golfers else None,
                                    setup.teams[i] if setup.teams else None)
                        for i in range(n)]
        if golfers is not None:
            for p in self.players:
                p.rules = golfers(p.seat, p.golfer_choice)
        # The policies that add choices, per seat (empty in the base game: no cost).
        self._extras = [tuple([x for x in (self.mode, p.rules) if x.extras])
                        for p in self.players]
        self._asked = None          # (stage, acting) a policy's own decision returns to
        self.inputs = InputLog()    # (seat, choice) of every choice applied: the game log
        self.round = 0
        self.over = False
        self.longest_drive = -1     # seat holding the longest drive card
        self.draw_crc = 0           # running CRC of every card drawn (for the digest)
        self.acting = ()
        self.selecting = []
        self.order = []
        self.order_pos = 0
        self.round_keys = {}
        self.extra_queue = []
        self.in_extra = False
        self.packets = []
        self.picks = []
        self.pick_round = 0
        self._clear_turn()
        self.stage = _BEGIN_ROUND
        hands = setup.hands
        if hands not in HAND_KINDS:
            hands = self._resolve_hands(hands)
        # The setup as the log keeps it: explicit hands as club indices.
        self.setup = Setup(n, setup.mode, setup.seed, hands, setup.golfers, setup.teams)
        outs = []
        if hands == DRAFT:
            self._deal_draft()
        else:
            if hands == FIRST_GAME:
                hands = self._first_game_hands()
            for i in range(n):
                self.players[i].hand = sorted(hands[i])
            self._start_play(outs)
        self.initial_outputs = outs  # what happened before the first decision

    # ------------------------------------------------------------ public API

    def pending(self):
        """The :class:`Decision` the engine waits for."""
        st = self.stage
        if st in (DRAFT_PICK, SELECT_CLUB):
            chosen = self.picks if st == DRAFT_PICK else [p.chosen for p in self.players]
            waiting = tuple([s for s in self.acting if chosen[s] < 0])
            return Decision(st, self.acting, waiting, extra=self.in_extra)
        if st == GAME_OVER:
            return Decision(GAME_OVER, ())
        return Decision(st, self.acting, self.acting, self.t_player, self.t_club,
                        _deck_index(self.t_deck), tuple([tuple(p) for p in self.t_piles]),
                        self.t_action, self.t_declared, self.t_card, self.t_dir, self.t_discarded,
                        self.in_extra)

    def choices(self, player=None):
        """The legal choices for ``player`` now (a list of tuples); empty if it may not act.

        ``player`` may be omitted when exactly one player may act.
        """
        seat = self._seat(player)
        if seat not in self.acting:
            return []
        return [c for c in self._candidates(seat) if self._reason(c, seat) is None]

    def apply(self, choice, player=None):
        """Apply one choice for ``player``; returns the list of outputs.

        Raises :class:`IllegalMove` (nothing changes) if the choice is not legal.
        """
        if self.stage == GAME_OVER:
            raise IllegalMove("the game is over")
        seat = self._seat(player)
        choice = _as_choice(choice)
        if seat not in self.acting:
            raise IllegalMove(self._not_your_turn(seat))
        why = self._reason(choice, seat)
        if why is not None:
            raise IllegalMove(why)
        self.inputs.append((seat, choice))
        outs = []
        self._do(choice, seat, outs)
        self._advance(outs)
        return outs

    def preview(self, choice, player=None):
        """Where a MOVE or AIM/OUTCOME choice would put the ball, without playing it.

        Returns ``(path, (q, r), outcome, hit_tree)`` as in OUT_FLIGHT, or None
        for choices that do not decide a landing yet. For a wild card aimed with
        AIM, the first outcome that stays in bounds is shown: when it is the only
        one, the engine plays it without asking.
        """
        seat = self._seat(player)
        choice = _as_choice(choice)
        if seat not in self.acting or self._reason(choice, seat) is not None:
            return None
        verb = choice[0]
        if verb == MOVE:
            return self.simulate_move(choice[1])
        if verb == AIM and self.stage == HIT_DIRECTION:
            first = self._legal_outcomes(choice[1])[0] if self.t_card >= 0 else 0
            return self.simulate_shot(self.t_card, first, choice[1])
        if verb == OUTCOME:
            return self.simulate_shot(self.t_card, choice[1], self.t_dir)
        return None

    def simulate_shot(self, shot, outcome, direction):
        """Where the current turn's ball would land with card ``shot`` (-1 for a wood).

        Read-only; uses the turn's player, club and lie. Returns
        ``(path, (q, r), outcome, hit_tree)`` with GREEN for a green that scores.
        """
        p = self._turn_player()
        return self._classify(p, self._flight(p, shot, outcome, direction))

    def simulate_move(self, direction):
        """Where moving the current turn's golfer one hex would put it (read-only)."""
        p = self._turn_player()
        return self._classify(p, self._step(p, direction))

    def _turn_player(self):
        if self.t_player < 0:
            raise ValueError("no turn is being played: nothing to simulate")
        return self.players[self.t_player]

    def standings(self):
        """Places as a tuple of ``(place, seat, score, hole_in_ones)``, best first (ties share)."""
        return self.mode.standings(self)

    def state_digest(self):
        """A hex SHA-256 of the whole game state: equal after an exact replay."""
        out = [self.stage, self.round, int(self.over), self.longest_drive, self.draw_crc,
               self.order_pos, int(self.in_extra), self.pick_round]
        out.extend(self.rng.getstate())
        for d in cards.DECKS:
            if d in self.shots:
                out.extend((self.decks.remaining(d), self.decks.discarded(d)))
        for seq in (self.acting, self.selecting, self.order, self.extra_queue, self.picks):
            out.append(len(seq))
            out.extend(seq)
        for seat in sorted(self.round_keys):
            out.append(seat)
            out.extend(self.round_keys[seat])
        for packet in self.packets:
            out.append(len(packet))
            out.extend(packet)
        out.extend((self.t_player, self.t_club, self.t_action, _deck_index(self.t_deck),
                    self.t_declared, self.t_card, self.t_pile, self.t_dir, self.t_outcome,
                    self.t_discarded, int(self.t_out), int(self.t_moved), self.t_held))
        for pile in self.t_piles:
            out.append(len(pile))
            out.extend(pile)
        for p in self.players:
            p.state_ints(out)
            p.rules.state_ints(out)
        self.mode.state_ints(out)
        if self._asked is not None:
            out.append(self._asked[0])
            out.extend(self._asked[1])
        return binascii.hexlify(hashlib.sha256(varint.pack(out)).digest()).decode()

    def seats(self):
        """All seats, ``(0, ..., n - 1)``."""
        return tuple(range(len(self.players)))

    def left_of(self, seat):
        """The seat to a player's left (who discards for their big hit)."""
        return (seat + 1) % len(self.players)

    def usable(self, seat, club):
        """Whether a club in hand can be played where the golfer stands (Driver: tee boxes)."""
        p = self.players[seat]
        return not self.clubs[club].tee_only or self.course.terrain(p.q, p.r) == terrain.TEE

    def lie(self, seat, club=-1):
        """How a shot by ``seat`` plays from where it stands (``flight.LIE_*``).

        With ``club`` given, the Sand Wedge's bunker-as-rough power applies.
        """
        p = self.players[seat]
        lie = self.effects.lie(self.course.terrain(p.q, p.r))
        if lie == flight.LIE_BUNKER and club >= 0 and self.clubs[club].sand_as_rough:
            return flight.LIE_ROUGH
        return lie

    # ------------------------------------------------------------ hooks for modes

    def tee_off(self, seats, hole, outs):
        """Put these golfers on the tee of ``hole`` with hazard effects cleared."""
        par, tq, tr, gq, gr = self.course.hole(hole)
        for s in seats:
            self.players[s].new_hole(hole, tq, tr)
        outs.append((OUT_NEXT_HOLE, tuple(seats), hole, tq, tr))

    def next_hole(self, outs):
        """Everyone to the next tee together, or the game ends after the last hole."""
        hole = self.players[0].hole + 1
        if hole > self.course.hole_count:
            self.finish(outs)
        else:
            self.tee_off(self.seats(), hole, outs)

    def award(self, p, hole, kind, points, outs):
        """Score ``points`` of ``kind`` (a flag, token, strokes...) for ``hole``."""
        p.score += points
        p.tokens.append((hole, kind))
        outs.append((OUT_SCORED, p.seat, hole, kind, points))

    def finish(self, outs):
        """End the game now and announce the standings."""
        self.over = True
        self.stage = GAME_OVER
        self.acting = ()
        outs.append((OUT_GAME_OVER, self.standings()))

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

    def ask(self, kind, seat):
        """Wait for a policy's own decision ``kind`` (``protocol.POLICY_KINDS`` and up)
        by ``seat``: its choices are the policies' EXTRA choices. The handler of one
        of them calls :meth:`resume` to go back to where the game was."""
        if kind < POLICY_KINDS:
            raise ValueError("a policy's decision kind is %d or more, not %d"
                             % (POLICY_KINDS, kind))
        self._asked = (self.stage, self.acting)
        self.stage = kind
        self.acting = (seat,)

    def resume(self):
        """Back to the decision the game waited for before :meth:`ask`."""
        self.stage, self.acting = self._asked
        self._asked = None

    # ------------------------------------------------------------ hands

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

    def _start_play(self, outs):
        self.mode.start(self, outs)
        self.stage = _BEGIN_ROUND
        self._advance(outs)

    # ------------------------------------------------------------ the round

    def _advance(self, outs):
        # Run the engine's own steps until a player must decide.
        while True:
            st = self.stage
            if st == _BEGIN_ROUND:
                self._begin_round(outs)
            elif st == _NEXT_TURN:
                self._next_turn(outs)
            elif st == _END_TURN:
                self._end_turn(outs)
            elif st == _END_ROUND:
                self.mode.end_of_round(self, outs)
                if not self.over:
                    self.stage = _BEGIN_ROUND
            elif st in _AUTO:
                seat = self.acting[0]
                legal = self.choices(seat)
                if len(legal) != 1:
                    return
                self._do(legal[0], seat, outs)
            elif st == DISCARD_FOR_HITTER and len(self.players) == 1:
                # Solo: "shuffle the shot cards you have as options and discard one at random".
                self._discard_pile(self.rng.below(len(self.t_piles)), self.t_player, outs)
            else:
                return

    def _begin_round(self, outs):
        self.round += 1
        for p in self.players:
            if not p.hand and p.reset_hand():
                outs.append((OUT_HAND_RESET, p.seat, RESET_EMPTY))
        selecting = []
        for p in self.players:
            if not self.mode.takes_part(self, p):
                continue
            if p.miss_turn:
                # "On your next turn, stand your golfer up and skip the round."
                p.miss_turn = False
                p.missed += 1
                outs.append((OUT_MISS_TURN, p.seat))
                continue
            selecting.append(p.seat)
        self.order = []
        self.order_pos = 0
        self.round_keys = {}
        self.extra_queue = []
        self.in_extra = False
        if not selecting:
            self.stage = _END_ROUND
            return
        self._ask_selection(selecting)

    def _ask_selection(self, seats):
        self.selecting = list(seats)
        self.acting = tuple(seats)
        self.stage = SELECT_CLUB

    def _reveal(self, outs):
        shown = []
        for s in self.selecting:
            p = self.players[s]
            p.hand.remove(p.chosen)
            shown.append((s, p.chosen))
        outs.append((OUT_REVEAL, tuple(shown)))
        if self.in_extra:
            self._start_turn(self.selecting[0], outs)
            return
        for s in self.selecting:
            p = self.players[s]
            self.round_keys[s] = p.rules.initiative_key(self.clubs[p.chosen], s)
        self.order = sorted(self.selecting, key=lambda s: self.round_keys[s])
        outs.append((OUT_ORDER, tuple(self.order)))
        self.stage = _NEXT_TURN

    def _next_turn(self, outs):
        if self.order_pos < len(self.order):
            self.order_pos += 1
            self._start_turn(self.order[self.order_pos - 1], outs)
            return
        # Extra turns (Chaos Golf fast travel) follow the round, in initiative order.
        while self.extra_queue:
            s = self.extra_queue.pop(0)
            if self.players[s].hand:  # "If you have no clubs in your hand ... no additional turns"
                self.in_extra = True
                outs.append((OUT_EXTRA_TURN, s))
                self._ask_selection((s,))
                return
        self.stage = _END_ROUND

    def _clear_turn(self):
        self.t_player = -1
        self.t_club = -1
        self.t_action = 0
        self.t_deck = ""
        self.t_declared = -1
        self.t_piles = []
        self.t_discarded = -1
        self.t_pile = -1
        self.t_card = -1
        self.t_dir = -1
        self.t_outcome = -1
        self.t_out = False
        self.t_moved = False
        self.t_held = -1

    def _start_turn(self, seat, outs):
        self._clear_turn()
        p = self.players[seat]
        p.turns += 1
        self.t_player = seat
        self.t_club = p.chosen
        self.acting = (seat,)
        self.stage = CHOOSE_ACTION
        outs.append((OUT_TURN, seat, p.chosen, int(self.in_extra)))

    def _end_turn(self, outs):
        seat = self.t_player
        p = self.players[seat]
        for pile in self.t_piles:
            for shot in pile:
                if shot != self.t_held:
                    self.decks.discard(self.shot_list[shot])
        club = self.t_club
        if self.t_out or p.rules.keeps_club(self.clubs[club]):
            # "When you are out-of-bounds ... Return your club to your hand."
            p.hand.append(club)
            p.hand.sort()
            outs.append((OUT_CLUB_RETURNED, seat, club))
        else:
            p.discards.append(club)
            p.discards.sort()
            outs.append((OUT_CLUB_DISCARDED, seat, club))
        p.chosen = -1
        if self.mode.extra_turn(self, p, self.t_moved):
            if self.in_extra:
                self.extra_queue.insert(0, seat)  # an extra turn chains straight on
            else:
                self._queue_extra(seat)
        self.stage = _NEXT_TURN

    def _queue_extra(self, seat):
        key = self.round_keys[seat]
        i = 0
        while i < len(self.extra_queue) and self.round_keys[self.extra_queue[i]] < key:
            i += 1
        self.extra_queue.insert(i, seat)

    # ------------------------------------------------------------ legality

    def _seat(self, player):
        if player is None:
            if len(self.acting) == 1:
                return self.acting[0]
            if not self.acting:
                raise IllegalMove("nobody can choose now: the game is over")
            raise IllegalMove("say which player is choosing: %s may choose now"
                              % ", ".join([player_name(s) for s in self.acting]))
        if type(player) is not int or not 0 <= player < len(self.players):
            raise IllegalMove("there is no player %r at this table of %d"
                              % (player, len(self.players)))
        return player

    def _not_your_turn(self, seat):
        if self.stage in (SELECT_CLUB, DRAFT_PICK):
            return "%s is not choosing now" % player_name(seat)
        if self.stage == DISCARD_FOR_HITTER:
            return "%s, to the left of %s, discards for the big hit" % (
                player_name(self.acting[0]), player_name(self.t_player))
        return "it is %s's turn" % player_name(self.acting[0])

    def _candidates(self, seat):
        out = self._rule_candidates(seat)
        for x in self._extras[seat]:
            for code in x.extra_choices(self, seat, self.stage):
                out.append((EXTRA, code))
        return out

    def _rule_candidates(self, seat):
        st = self.stage
        if st >= POLICY_KINDS:
            return []  # a policy's own decision: only its EXTRA choices
        six = range(6)
        if st == DRAFT_PICK:
            return [(PICK, c) for c in self.packets[seat]]
        if st == SELECT_CLUB:
            return [(SELECT, c) for c in self.players[seat].hand] + [(RESET,), (DECLINE,)]
        if st == CHOOSE_ACTION:
            return [(MOVE, d) for d in six] + [(PLAY,), (BIG_HIT,), (EXIT_BUNKER,), (RESET,)]
        if st == CHOOSE_DECK:
            return [(DECK, i) for i in range(len(cards.DECKS))]
        if st in (DECLARE_DIRECTION, HIT_DIRECTION):
            return [(AIM, d) for d in six]
        n = range(len(self.t_piles))
        if st == FOLLOW_SPECIAL:
            return [(FOLLOW, i) for i in n] + [(STOP,)]
        if st == DISCARD_FOR_HITTER:
            return [(DISCARD, i) for i in n]
        if st == CHOOSE_CARD:
            return [(KEEP, i) for i in n]
        return [(OUTCOME, i) for i in range(len(self.shot_list[self.t_card].outcomes))]

    def _reason(self, choice, seat):
        # None if the choice is legal now, else why not (for the player).
        verb = choice[0]
        st = self.stage
        if verb == EXTRA:
            return self._why_extra(choice[1], seat)
        expect = _VERBS.get(st, ())
        if verb not in expect:
            return "that is not a choice now: the game waits for %s (%s)" % (
                _decision_name(st), ", ".join([_VERB_WORDS[v] for v in expect]) or "EXTRA")
        if verb == PICK:
            return self._why_pick(choice[1], seat)
        if verb == SELECT:
            return self._why_select(choice[1], seat)
        if verb == RESET:
            return self._why_reset(seat) if st == SELECT_CLUB else None
        if verb == DECLINE:
            if not self.in_extra:
                return "only an extra turn (Chaos Golf fast travel) may be declined: choose a club"
            return None
        if verb == MOVE:
            return self._why_move(choice[1], seat)
        if verb in (PLAY, BIG_HIT, EXIT_BUNKER):
            return self._why_action(verb, seat)
        if verb == DECK:
            return self._why_deck(choice[1])
        if verb == AIM:
            return None if 0 <= choice[1] < 6 else "a direction is a number from 0 to 5"
        if verb == OUTCOME:
            return self._why_outcome(choice[1])
        return self._why_pile(verb, choice)

    def _policy_of(self, code, seat):
        # The policy that handles (EXTRA, code) for ``seat``, or None.
        for x in self._extras[seat]:
            if code in x.extras:
                return x
        return None

    def _why_extra(self, code, seat):
        x = self._policy_of(code, seat)
        if x is None or code not in x.extra_choices(self, seat, self.stage):
            return "that is not a choice now: the game waits for %s" % _decision_name(self.stage)
        return x.extra_reason(self, seat, code)

    def _club_name(self, club):
        return self.clubs[club].name

    def _why_pick(self, club, seat):
        if club not in self.packets[seat]:
            return "that club is not among the cards you are picking from"
        return None

    def _why_select(self, club, seat):
        p = self.players[seat]
        if club in p.hand:
            return None
        if 0 <= club < len(self.clubs):
            if club in p.discards:
                return ("the %s is on your discard pile: play your other clubs first"
                        % self._club_name(club))
            return "the %s is not in your hand" % self._club_name(club)
        return "there is no club number %d" % club

    def _why_reset(self, seat):
        p = self.players[seat]
        if not [c for c in p.hand if not self.usable(seat, c)]:
            return ("you may reset your hand before choosing only when a club in it cannot "
                    "be used (like the Driver off a tee box)")
        if not p.discards:
            return "your discard pile is empty: there is nothing to take back"
        return None

    def _why_move(self, d, seat):
        if not 0 <= d < 6:
            return "a direction is a number from 0 to 5"
        if self.lie(seat) == flight.LIE_BUNKER:
            return "you are in a bunker: exit it or reset your hand (no moving one hex)"
        p = self.players[seat]
        q, r = hexgrid.neighbour(p.q, p.r, d)
        kind = self.course.terrain(q, r)
        if kind == terrain.OFF:
            return "you cannot move off the course"
        if not terrain.standable(kind):
            return "you cannot move onto the %s" % terrain.NAMES[kind]
        return None

    def _why_action(self, verb, seat):
        club = self.t_club
        c = self.clubs[club]
        if not self.usable(seat, club):
            return "the %s can only be played from a tee box" % c.name
        in_bunker = self.lie(seat) == flight.LIE_BUNKER
        if verb == EXIT_BUNKER:
            if not in_bunker:
                return "you are not in a bunker"
            if not c.decks:
                return "the %s shows no shot deck, so it cannot get you out of a bunker" % c.name
            return self._short_of(c.decks, 1)
        if in_bunker and self.lie(seat, club) == flight.LIE_BUNKER:
            return "you are in a bunker: exit it or reset your hand"
        if verb == BIG_HIT:
            if c.big_hit_deck() is None:
                return "the %s cannot make a big hit" % c.name
            return self._short_of((c.big_hit_deck(),), c.big_hit_count())
        return self._short_of(c.decks, c.count) if c.decks else None

    def _why_deck(self, i):
        c = self.clubs[self.t_club]
        if 0 <= i < len(cards.DECKS) and cards.DECKS[i] in c.decks:
            return self._short_of((cards.DECKS[i],),
                                  1 if self.t_action == EXIT_BUNKER else c.count)
        return "the %s draws from deck %s" % (c.name, " or ".join(c.decks))

    def _available(self, deck):
        # Cards a draw from ``deck`` can still get: its draw pile and its discards (the
        # cards out on the table this turn and a kept longest drive are in neither).
        if deck not in self.shots:
            return 0
        return self.decks.remaining(deck) + self.decks.discarded(deck)

    def _short_of(self, decks, count):
        # None if one of ``decks`` can give ``count`` cards, else why not (the first deck).
        for d in decks:
            if self._available(d) >= count:
                return None
        have = self._available(decks[0])
        return ("deck %s has %d card%s left to draw (the others are out on the table) and "
                "this needs %d: choose another action" % (decks[0], have,
                                                        "" if have == 1 else "s", count))

    def _followable(self, pile):
        # Whether the top card of ``pile`` is a super/short/shuffle card whose deck can
        # still give a card (a deck out of cards cannot be followed into).
        top = self.shot_list[pile[-1]]
        if top.special not in _FOLLOWED:
            return False
        return self._available(top.deck if top.special == cards.SHUFFLE else top.special_deck) > 0

    def _why_pile(self, verb, choice):
        if verb == STOP:
            if self._playable_count() < self._needed_playable():
                return "no card you could play would be left: follow a special card first"
            return None
        i = choice[1]
        if not 0 <= i < len(self.t_piles):
            return "there is no card %d: %d cards are showing" % (i, len(self.t_piles))
        top = self.shot_list[self.t_piles[i][-1]]
        if verb == FOLLOW:
            if top.special not in _FOLLOWED:
                return "that card is not a super, short or shuffle card"
            if not self._followable(self.t_piles[i]):
                return "the deck that card sends to has no card left: every card is out"
            return None
        if verb == KEEP:
            if i == self.t_discarded:
                return "that card was discarded by %s" % player_name(self.left_of(self.t_player))
            if not top.outcomes:
                return ("a %s card has no flight path: choose a card you can play"
                        % cards.SPECIAL_NAMES[top.special])
        return None

    def _why_outcome(self, i):
        if i not in self._legal_outcomes():
            if 0 <= i < len(self.shot_list[self.t_card].outcomes):
                return ("that outcome goes out of bounds: with a wild card you must take an "
                        "outcome that stays in play")
            return "this card has no outcome %d" % i
        return None

    def _playable_count(self):
        return len([1 for pile in self.t_piles if self.shot_list[pile[-1]].outcomes])

    def _needed_playable(self):
        # A big hit must leave a playable card after the left neighbour discards one.
        return 2 if self.t_action == BIG_HIT else 1

    def _legal_outcomes(self, direction=-1):
        # "If one of the options is out-of-bounds, then you must take the only option
        # that remains in play." ``direction``: the one being previewed, else the turn's.
        p = self.players[self.t_player]
        if direction < 0:
            direction = self.t_dir
        n = len(self.shot_list[self.t_card].outcomes)
        stay = [i for i in range(n)
                if self._flight(p, self.t_card, i, direction)[2] != OUT_OF_BOUNDS]
        return stay if stay else list(range(n))

    # ------------------------------------------------------------ doing

    def _do(self, choice, seat, outs):
        verb = choice[0]
        if verb == PICK:
            self.picks[seat] = choice[1]
            outs.append((OUT_CHOSEN, seat))
            if min(self.picks) >= 0:
                self._draft_done(outs)
        elif verb == SELECT:
            self.players[seat].chosen = choice[1]
            outs.append((OUT_CHOSEN, seat))
            if min([self.players[s].chosen for s in self.selecting]) >= 0:
                self._reveal(outs)
        elif verb == RESET:
            self.players[seat].reset_hand()
            if self.stage == SELECT_CLUB:
                outs.append((OUT_HAND_RESET, seat, RESET_UNUSABLE))
            else:
                outs.append((OUT_HAND_RESET, seat, RESET_ACTION))
                self.stage = _END_TURN
        elif verb == EXTRA:
            self._policy_of(choice[1], seat).extra_apply(self, seat, choice[1], outs)
        elif verb == DECLINE:
            # "you may take an extra turn": no club is spent, and this player's extra
            # turns end for the round (the seat is no longer queued).
            outs.append((OUT_DECLINED, seat))
            self.stage = _NEXT_TURN
        elif verb == MOVE:
            p = self.players[seat]
            res = self._land(p, self._step(p, choice[1]), 0, outs, OUT_MOVE)
            self.t_moved = res
            self.stage = _END_TURN
        elif verb in (PLAY, BIG_HIT, EXIT_BUNKER):
            self._action(verb, outs)
        elif verb == DECK:
            self.t_deck = cards.DECKS[choice[1]]
            self._after_deck(outs)
        elif verb == AIM:
            if self.stage == DECLARE_DIRECTION:
                self.t_declared = choice[1]
                outs.append((OUT_DECLARE, seat, choice[1]))
                self._after_declare(outs)
            else:
                self.t_dir = choice[1]
                self._after_direction(outs)
        elif verb == FOLLOW:
            self._follow(choice[1], outs)
            self._after_draw(outs)
        elif verb == STOP:
            self._after_follow(outs)
        elif verb == DISCARD:
            self._discard_pile(choice[1], seat, outs)
        elif verb == KEEP:
            self.t_pile = choice[1]
            self.t_card = self.t_piles[choice[1]][-1]
            outs.append((OUT_KEPT, self.t_player, choice[1], self.t_card))
            if self.t_declared >= 0:
                self.t_dir = self.t_declared
                self._after_direction(outs)
            else:
                self.stage = HIT_DIRECTION
        else:  # OUTCOME
            self.t_outcome = choice[1]
            self._hit(outs)

    def _action(self, verb, outs):
        self.t_action = verb
        c = self.clubs[self.t_club]
        if verb == BIG_HIT:
            self.t_deck = c.big_hit_deck()
            self._draw_cards(outs)
        elif c.kind == "fixed":
            self.stage = HIT_DIRECTION  # a wood: no card, straight line
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
        self.stage = _END_TURN

    def _draw(self, deck, pile, outs):
        shot = self._shot_at[self.decks.draw(deck).id]
        self.draw_crc = binascii.crc32(bytes((shot,)), self.draw_crc)
        outs.append((OUT_DRAW, self.t_player, pile, shot))
        return shot

    def _draw_cards(self, outs):
        c = self.clubs[self.t_club]
        count = c.big_hit_count() if self.t_action == BIG_HIT else c.count
        self.t_piles = [[self._draw(self.t_deck, i, outs)] for i in range(count)]
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
            outs.append((OUT_SHUFFLE, _deck_index(deck), self.decks.shuffle_discards(deck)))
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
            self.stage = _END_TURN
        elif self.t_action == BIG_HIT and playable >= 2:
            self.stage = DISCARD_FOR_HITTER
            self.acting = (self.left_of(self.t_player),)
        else:
            self.stage = CHOOSE_CARD

    def _discard_pile(self, pile, by, outs):
        self.t_discarded = pile
        outs.append((OUT_DISCARDED, by, pile, self.t_piles[pile][-1]))
        self.acting = (self.t_player,)
        self.stage = CHOOSE_CARD

    def _after_direction(self, outs):
        if self.t_card >= 0 and len(self.shot_list[self.t_card].outcomes) > 1:
            self.stage = CHOOSE_OUTCOME
            return
        self.t_outcome = 0
        self._hit(outs)

    def _hit(self, outs):
        seat = self.t_player
        p = self.players[seat]
        res = self._flight(p, self.t_card, self.t_outcome, self.t_dir)
        tee_hole = self.course.tee_hole(p.q, p.r)
        self.t_moved = self._land(p, res, tee_hole, outs, OUT_FLIGHT)
        card = self.shot_list[self.t_card] if self.t_card >= 0 else None
        if card is not None and card.special == cards.LONGEST_DRIVE and res[2] != OUT_OF_BOUNDS:
            # "When you draw and play this shot card, keep the longest drive card."
            self.longest_drive = seat
            self.t_held = self.t_card
            outs.append((OUT_LONGEST_DRIVE, seat))
        self.stage = _END_TURN

    # ------------------------------------------------------------ movement

    def _flight(self, p, shot, outcome, direction):
        # The raw flight of a card (or a wood when shot < 0) from p's position.
        lie = self.lie(p.seat, self.t_club)
        c = self.clubs[self.t_club]
        if shot < 0:
            steps = flight.wood_steps(c, lie)
            chip = False
        else:
            card = self.shot_list[shot]
            steps = flight.shot_steps(card.outcomes[outcome], lie, c.no_rough_penalty)
            chip = card.deck == "C"  # a super out of the chip deck loses the fly-over
        hexes = flight.path_hexes(p.q, p.r, direction, steps)
        return self.effects.fly(self.course, p.q, p.r, hexes, chip)

    def _step(self, p, direction):
        q, r = hexgrid.neighbour(p.q, p.r, direction)
        return self.effects.fly(self.course, p.q, p.r, [(q, r)])

    def _classify(self, p, res):
        # The outcome a player sees: water a golfer ignores is nothing; a scoring green is GREEN.
        path, land, outcome, hit_tree = res
        if outcome == WATER and not p.rules.water_applies(self.course.terrain(land[0], land[1])):
            outcome = NORMAL
        if outcome == NORMAL:
            hole = self.course.green_hole(land[0], land[1])
            if hole and hole in self.mode.targets(self, p):
                outcome = GREEN
        return path, land, outcome, hit_tree

    def _land(self, p, res, tee_hole, outs, kind):
        # Move the golfer as ``res`` says and apply what the landing cell does.
        # ``tee_hole``: the hole whose tee box the shot was hit from (0: not a hit
        # from a tee box). Returns whether the golfer moved.
        path, land, outcome, hit_tree = self._classify(p, res)
        start = p.position()
        if kind == OUT_MOVE:
            outs.append((OUT_MOVE, p.seat, land, outcome))
        else:
            outs.append((OUT_FLIGHT, p.seat, path, land, outcome, int(hit_tree)))
        if outcome == OUT_OF_BOUNDS:
            # "your golfer remains where they hit the shot. Return your club to your hand"
            self.t_out = True
            p.out += 1
            self.mode.on_out_of_bounds(self, p, outs)
            return False
        p.q, p.r = land
        if outcome == WATER:
            p.water += 1
            self.mode.on_water(self, p, outs)
        elif outcome == GREEN:
            hole = self.course.green_hole(land[0], land[1])
            self.mode.on_reach(self, p, hole, self.mode.hole_in_one(self, p, hole, tee_hole),
                               outs)
        return land != start


# Verbs each decision accepts, and how messages call them.
_VERBS = {
    DRAFT_PICK: (PICK,),
    SELECT_CLUB: (SELECT, RESET, DECLINE),
    CHOOSE_ACTION: (MOVE, PLAY, BIG_HIT, EXIT_BUNKER, RESET),
    CHOOSE_DECK: (DECK,),
    DECLARE_DIRECTION: (AIM,),
    HIT_DIRECTION: (AIM,),
    FOLLOW_SPECIAL: (FOLLOW, STOP),
    DISCARD_FOR_HITTER: (DISCARD,),
    CHOOSE_CARD: (KEEP,),
    CHOOSE_OUTCOME: (OUTCOME,),
}
_VERB_WORDS = ("", "PICK", "SELECT", "RESET", "MOVE", "PLAY", "BIG_HIT", "EXIT_BUNKER", "DECK",
               "AIM", "FOLLOW", "STOP", "DISCARD", "KEEP", "OUTCOME", "DECLINE", "EXTRA")


def _decision_name(kind):
    if kind < len(DECISION_NAMES):
        return DECISION_NAMES[kind]
    return "decision %d of a mode or golfer" % kind


def _as_choice(choice):
    # A choice as a tuple of ints with the verb's number of arguments.
    return as_choice(choice, VERB_ARITY, _VERB_WORDS, "(MOVE, 2)")
