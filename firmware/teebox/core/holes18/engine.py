"""The 18 Holes rules engine: one game, driven one decision at a time.

``Game(course, clubs, shots, setup)`` deals the clubs, places the golfers and
then waits. ``pending()`` says what it waits for, ``choices(player)`` lists the
legal choices, ``apply(choice, player)`` takes one and returns the outputs
(what happened, for the LEDs and the display) or raises :class:`IllegalMove`
with a reason a player understands. Buttons, RFID scans, bots, tests and
replays all go through these three calls; the vocabulary is in
:mod:`teebox.core.holes18.protocol`, the full contract in ``docs/engine-api.md``.

The rules are split by what they hold, each a part :class:`Game` inherits:

* :mod:`~teebox.core.holes18.setup`: how a game starts (:class:`Setup`);
* :mod:`~teebox.core.holes18.hands`: the first game's hands and the draft;
* :mod:`~teebox.core.holes18.rounds`: round and turn flow, and the services modes call;
* :mod:`~teebox.core.holes18.shots`: shot resolution (actions, drawing, the hit);
* :mod:`~teebox.core.holes18.movement`: lies, flights and landings;
* :mod:`~teebox.core.holes18.legality`: the choices offered and the reasons for refusals.

Modes (:mod:`~teebox.core.holes18.modes`), golfers
(:class:`~teebox.core.holes18.player.Golfer`) and the flight effects (wind,
dice: ``effects``, :mod:`~teebox.core.holes18.flight`) plug in as policies the
engine asks at fixed points; it never compares their names.

Pure and deterministic: no I/O, no clock, integers only; every random event
comes from one seeded :class:`~teebox.core.rng.Rng`, so the same setup and the
same inputs give the same game on the board and on the host.
"""

from teebox.core.contract import IllegalMove  # noqa: F401  (re-exported: part of the face)
from teebox.core.contract import Rules, digest
from teebox.core.holes18 import cards, flight, modes
from teebox.core.holes18.decks import ShotDecks
from teebox.core.holes18.golfers import make as make_golfer
from teebox.core.holes18.hands import Hands
from teebox.core.holes18.inputlog import InputLog
from teebox.core.holes18.legality import ACTION_VERBS, SIMULTANEOUS, Legality, decision_name
from teebox.core.holes18.movement import Movement
from teebox.core.holes18.player import PlayerState
from teebox.core.holes18.protocol import (
    AIM, DECK, DECLARE_DIRECTION, DECLINE, DISCARD, DRAFT_PICK, EXTRA,
    FOLLOW, GAME_OVER, HIT_DIRECTION, KEEP, MOVE, OUT_CHOSEN, OUT_DECLARE, OUT_DECLINED,
    OUT_HAND_RESET, OUT_KEPT, OUT_MOVE, OUTCOME, PICK, RESET, RESET_ACTION,
    RESET_UNUSABLE, SELECT, SELECT_CLUB, STOP)
from teebox.core.holes18.rounds import DEAL, END_TURN, NEXT_TURN, RoundFlow
from teebox.core.holes18.setup import (  # noqa: F401  (re-exported: the engine's face)
    BOUNDS, DRAFT, FIRST_GAME, HAND_KINDS, HIT_THROUGH, MAX_PLAYERS, STRICT, Setup,
    played_expansions, player_name)
from teebox.core.holes18.shots import ShotPlay
from teebox.core.rng import Rng


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

    # The fields a decision leaves as they are here: an attribute is set only when it
    # differs (MicroPython grows an object's attribute table one prime size at a time,
    # each old table garbage: all thirteen set made ~380 bytes a decision, and the table
    # asks twice a turn).
    player = -1
    club = -1
    deck = -1
    piles = ()
    action = 0
    declared = -1
    shot = -1
    direction = -1
    discarded = -1
    extra = False

    def __init__(self, kind, players, waiting=(), player=-1, club=-1, deck=-1, piles=(),
                 action=0, declared=-1, shot=-1, direction=-1, discarded=-1, extra=False):
        self.kind = kind
        self.players = players
        self.waiting = waiting
        if player != -1:
            self.player = player
        if club != -1:
            self.club = club
        if deck != -1:
            self.deck = deck
        if piles:
            self.piles = piles
        if action:
            self.action = action
        if declared != -1:
            self.declared = declared
        if shot != -1:
            self.shot = shot
        if direction != -1:
            self.direction = direction
        if discarded != -1:
            self.discarded = discarded
        if extra:
            self.extra = extra

    def __repr__(self):
        return "<Decision %s players=%r>" % (decision_name(self.kind), self.players)


def _module(game, name):
    # The rules of an expansion module (a policy.Module), or None while it has none here.
    if name == "greens":
        from teebox.core.holes18.expansions.greens_play import GreensPlay
        return GreensPlay(game)
    if name == "wind":
        from teebox.core.holes18.expansions.wind import Wind
        return Wind(game)
    return None


def _how_many(lo, hi):
    # "3 to 5 players", or "1 player" for a mode of one count (Solo Chaos Golf).
    if lo == hi:
        return "%d player%s" % (lo, "" if lo == 1 else "s")
    return "%d to %d players" % (lo, hi)


class Game(Rules, Hands, RoundFlow, ShotPlay, Movement, Legality):
    """One game of 18 Holes (see the module docstring and ``docs/engine-api.md``).

    ``course`` is a :class:`~teebox.core.course.Course`; ``clubs`` the club cards
    (a list of :class:`~teebox.core.holes18.cards.Club`, e.g. ``shipped.load_default_clubs()``:
    choices and outputs name clubs by their index in it); ``shots`` the shot decks
    (``shipped.load_default_shots()``: shots are named by their index in
    ``shot_list``, deck C first); ``setup`` a :class:`Setup`. ``rng`` replaces
    the seeded generator (tests stack the decks with it). ``golfers``, if given,
    is called ``golfers(seat, golfer_choice)`` for each player's
    :class:`~teebox.core.holes18.player.Golfer`; by default the golfer cards of the setup
    (:func:`teebox.core.holes18.golfers.make`). ``greens``: the putting dice and green cards
    (``shipped.load_default_greens()``), needed when the setup plays Reading the Greens;
    ``wind``: the wind cards (``shipped.load_default_wind()``), needed when it plays Taming
    the Wind.
    """

    def __init__(self, course, clubs, shots, setup, rng=None, golfers=None, greens=None,
                 wind=None):
        # The decision pending, kept from the first pending() after a choice to the next
        # choice (None: not asked yet); none is kept while the game changes (_changing).
        self._decided = None
        self._changing = True
        self.course = course
        self.green_cards = greens  # the putting dice and green cards (Reading the Greens)
        self.wind_cards = wind  # the wind deck's cards (Taming the Wind), as loaded
        self.clubs = tuple(clubs)
        self.shots = shots
        self.shot_list = tuple([s for d in cards.DECKS for s in shots.get(d, ())])
        self._shot_at = {}
        for i in range(len(self.shot_list)):
            self._shot_at[self.shot_list[i].id] = i
        self.mode = modes.make(setup.mode)
        lo, hi = self.mode.players
        if not lo <= setup.players <= hi:
            raise ValueError("%s is played by %s, not %d"
                             % (self.mode.title, _how_many(lo, hi), setup.players))
        self.rng = rng if rng is not None else Rng(setup.seed)
        self.decks = ShotDecks(shots, self.rng)
        self.effects = (flight.BASE_EFFECTS if setup.bounds == STRICT
                        else flight.HIT_THROUGH_EFFECTS)
        self.expansions = played_expansions(setup, course)  # the modules this game plays
        if "coast" in self.expansions:
            from teebox.core.holes18.expansions import coast  # only where coastline lies
            self.effects = (coast.EFFECTS if setup.bounds == STRICT
                            else coast.HIT_THROUGH_EFFECTS)
        n = setup.players
        self.players = [PlayerState(i, setup.golfers[i] if setup.golfers else None,
                                    setup.teams[i] if setup.teams else None)
                        for i in range(n)]
        if golfers is None:
            golfers = make_golfer
        for p in self.players:
            if p.golfer_choice is not None or golfers is not make_golfer:
                p.rules = golfers(p.seat, p.golfer_choice)
        # The expansion modules' own rules (policy.Module), after the shot decks'
        # shuffles so a game without them deals as before.
        self.added = tuple([m for m in [_module(self, e) for e in setup.expansions]
                            if m is not None])
        # The policies that add choices, per seat (empty in the base game: no cost).
        self._extras = [tuple([x for x in (self.mode, p.rules) + self.added if x.extras])
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
        hands = setup.hands
        if hands not in HAND_KINDS:
            hands = self._resolve_hands(hands)
        # The setup as the log keeps it: explicit hands as club indices, the modules
        # played (a coastline course's "coast" included: records say what was played).
        self.setup = Setup(n, setup.mode, setup.seed, hands, setup.golfers, setup.teams,
                           self.expansions, setup.bounds)
        self._hands = hands
        outs = []
        # A mode's own setup comes before the clubs are dealt (Skins: "Do this before
        # club selection"); it may ask decisions of its own, and the deal waits for them.
        self.stage = DEAL
        self.mode.before_hands(self, outs)
        self._advance(outs)
        self.initial_outputs = outs  # what happened before the first decision
        self._changing = False

    def _deal(self, outs):
        # The DEAL step: the draft, or the hands as set up, then play.
        hands = self._hands
        if hands == DRAFT:
            self._deal_draft()
            return
        if hands == FIRST_GAME:
            hands = self._first_game_hands()
        for i in range(len(self.players)):
            self.players[i].hand = sorted(hands[i])
        self._start_play(outs)

    # ------------------------------------------------------------ public API
    # choices() and apply() come from contract.Rules.

    def pending(self):
        """The :class:`Decision` the engine waits for: the same object until the next
        choice (the journal and the table both ask after every choice; a Decision made
        twice was garbage inside every turn)."""
        if self._decided is not None:
            return self._decided
        d = self._decide()
        if not self._changing:
            self._decided = d
        return d

    def _decide(self):
        st = self.stage
        if st in SIMULTANEOUS:
            # (a loop: comprehensions would close over the game, garbage at every turn)
            waiting = []
            for s in self.acting:
                if (self.picks[s] if st == DRAFT_PICK else self.players[s].chosen) == -1:
                    waiting.append(s)
            return Decision(st, self.acting, tuple(waiting), extra=self.in_extra)
        if st == GAME_OVER:
            return Decision(GAME_OVER, ())
        piles = ()
        if self.t_piles:  # (a loop: a comprehension is a function made at every call)
            piles = []
            for p in self.t_piles:
                piles.append(tuple(p))
            piles = tuple(piles)
        return Decision(st, self.acting, self.acting, self.t_player, self.t_club,
                        cards.deck_index(self.t_deck), piles,
                        self.t_action, self.t_declared, self.t_card, self.t_dir, self.t_discarded,
                        self.in_extra)

    def preview(self, choice, player=None):
        """Where a MOVE or AIM/OUTCOME choice would put the ball, without playing it.

        Returns ``(path, (q, r), outcome, hit_tree)`` as in OUT_FLIGHT, or None
        for choices that do not decide a landing yet. For a wild card aimed with
        AIM, the first outcome that stays in bounds is shown: when it is the only
        one, the engine plays it without asking.
        """
        legal = self._legal(choice, player)
        if legal is None:
            return None
        choice = legal[1]
        verb = choice[0]
        if verb == MOVE:
            return self.simulate_move(choice[1])
        if verb == AIM and self.stage == HIT_DIRECTION:
            first = self._legal_outcomes(choice[1])[0] if self.t_card >= 0 else 0
            return self.simulate_shot(self.t_card, first, choice[1])
        if verb == OUTCOME:
            return self.simulate_shot(self.t_card, choice[1], self.t_dir)
        return None

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
                if self.decks.shown(d) is not None:
                    # A card face up (Bunjil's B-side) counted only then: a game without one
                    # digests as before, so records and journals written earlier still agree.
                    out.append(255)
        for seq in (self.acting, self.selecting, self.order, self.extra_queue, self.picks):
            out.append(len(seq))
            out.extend(seq)
        for seat in sorted(self.round_keys):
            out.append(seat)
            out.extend(self.round_keys[seat])
        for packet in self.packets:
            out.append(len(packet))
            out.extend(packet)
        out.extend((self.t_player, self.t_club, self.t_action, cards.deck_index(self.t_deck),
                    self.t_declared, self.t_card, self.t_pile, self.t_dir, self.t_outcome,
                    self.t_discarded, int(self.t_out), int(self.t_moved), self.t_held))
        for pile in self.t_piles:
            out.append(len(pile))
            out.extend(pile)
        for p in self.players:
            p.state_ints(out)
            p.rules.state_ints(out)
        self.mode.state_ints(out)
        for x in self.added:
            x.state_ints(out)
        if self._asked is not None:
            out.append(self._asked[0])
            out.extend(self._asked[1])
        return digest(out)

    # ------------------------------------------------------------ doing

    def _acting(self):
        return self.acting

    def _play(self, choice, seat, outs):
        self._decided = None
        self._changing = True
        self._do(choice, seat, outs)
        self._advance(outs)
        self._changing = False

    def _do(self, choice, seat, outs):
        verb = choice[0]
        if verb == PICK:
            self.picks[seat] = choice[1]
            outs.append((OUT_CHOSEN, seat))
            # (a loop: a comprehension would make the game a cell at every choice)
            for s in self.acting:
                if self.picks[s] == -1:
                    break
            else:
                self._draft_done(outs)
        elif verb == SELECT:
            self.lay_card(seat, choice[1], outs)
        elif verb == RESET:
            self.players[seat].reset_hand()
            if self.stage == SELECT_CLUB:
                outs.append((OUT_HAND_RESET, seat, RESET_UNUSABLE))
            else:
                outs.append((OUT_HAND_RESET, seat, RESET_ACTION))
                self.stage = END_TURN
        elif verb == EXTRA:
            self._policy_of(choice[1], seat).extra_apply(self, seat, choice[1], outs)
        elif verb == DECLINE:
            # "you may take an extra turn": no club is spent, and this player's extra
            # turns end for the round (the seat is no longer queued).
            outs.append((OUT_DECLINED, seat))
            self.stage = NEXT_TURN
        elif verb == MOVE:
            p = self.players[seat]
            res = self._land(p, self._step(p, choice[1]), 0, outs, OUT_MOVE)
            self.t_moved = res
            self.stage = END_TURN
        elif verb in ACTION_VERBS:
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

