"""What every game's rules object shares with the table, whichever game it is.

A game (see :mod:`teebox.core.games`) returns from ``new(setup, data)`` a rules
object with ``pending()`` (a :class:`Decision`), ``choices(player)``,
``apply(choice, player)`` (outputs, or :class:`IllegalMove` with a reason and
nothing changed), ``preview(choice, player)``, ``standings()``,
``state_digest()``, ``inputs``, ``over`` and ``initial_outputs``. This module
holds the few pieces of that face that are the same in every game, so the
table, the host and the bots can handle any game without importing one.
"""

import binascii
import hashlib

from teebox.core import varint
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

GAME_OVER = const(11)  # the decision kind when nothing is left to decide (as in 18 Holes)


class IllegalMove(ValueError):
    """A choice the rules do not allow now; the message says why, for the player."""

    index = -1  # which input of a replayed log it refused, when a replay knows


class Decision:
    """What a game waits for: ``kind`` (the game's decision kind), ``players``
    (seats that may act now), ``waiting`` (seats that have not chosen yet in a
    simultaneous decision; else the same as ``players``) and ``player`` (whose
    turn it is, -1 outside turns). Games add their own fields."""

    def __init__(self, kind, players, waiting=(), player=-1):
        self.kind = kind
        self.players = players
        self.waiting = waiting
        self.player = player

    def __repr__(self):
        return "<Decision %d players=%r>" % (self.kind, self.players)


class RandomBot:
    """A player for any game choosing uniformly among the legal choices (a fuzzer)."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, game, seat):
        """A random legal choice for ``seat``."""
        return self.rng.choice(game.choices(seat))


class Rules:
    """The skeleton every game's rules object shares: who may choose, the legal choices,
    and applying one with a reason on refusal (nothing changes then).

    A game subclasses it and provides ``setup.players``, ``over``, ``inputs`` (a list
    of ``(seat, choice)``) and these steps:

    * ``_acting()``: the seats that may act now (empty when the game is over);
    * ``_as_choice(choice)``: the choice as a tuple of ints, or IllegalMove (see
      :func:`as_choice`);
    * ``_candidates(seat)``: every choice worth checking for ``seat`` now;
    * ``_reason(choice, seat)``: None if the choice is legal now, else why not;
    * ``_not_acting(seat)``: why ``seat`` may not act now;
    * ``_play(choice, seat, outs)``: carry a legal choice out, appending the outputs.
    """

    def choices(self, player=None):
        """The legal choices for ``player`` now (a list of tuples); empty if it may not act.

        ``player`` may be omitted when exactly one player may act.
        """
        seat = self._seat(player)
        if seat not in self._acting():
            return []
        # A loop, not a comprehension: on MicroPython that would close over the game and
        # the seat (two cells and a closure a call: the table asks every player's choices
        # at each decision, a hole's end allocating most; see docs/performance.md, "Heap").
        out = []
        for c in self._candidates(seat):
            if self._reason(c, seat) is None:
                out.append(c)
        return out

    def apply(self, choice, player=None):
        """Apply one choice for ``player``; returns the list of outputs.

        Raises :class:`IllegalMove` (nothing changes) if the choice is not legal.
        """
        if self.over:
            raise IllegalMove("the game is over")
        seat = self._seat(player)
        choice = self._as_choice(choice)
        if seat not in self._acting():
            raise IllegalMove(self._not_acting(seat))
        why = self._reason(choice, seat)
        if why is not None:
            raise IllegalMove(why)
        self.inputs.append((seat, choice))
        outs = []
        self._play(choice, seat, outs)
        return outs

    def _legal(self, choice, player):
        # ``(seat, choice)`` normalised if ``choice`` is legal for ``player`` now, else
        # None (what a preview needs: it never raises on a choice that is not legal).
        seat = self._seat(player)
        choice = self._as_choice(choice)
        if seat not in self._acting() or self._reason(choice, seat) is not None:
            return None
        return seat, choice

    def _seat(self, player):
        return seat_of(player, self._acting(), self.setup.players)


def replay(game, inputs, refused):
    """``game`` after applying every ``(seat, choice)`` of ``inputs`` in turn (a game log
    replayed). An input the rules refuse raises ValueError with the message
    ``refused(i, seat, choice, exc)`` (``i`` counts from 0), so a log names its inputs
    its own way."""
    for i in range(len(inputs)):
        seat, choice = inputs[i]
        try:
            game.apply(choice, seat)
        except IllegalMove as exc:
            raise ValueError(refused(i, seat, choice, exc))
    return game


def seat_name(seat):
    """How messages name a seat to the players: ``"player 1"`` for seat 0."""
    return "player %d" % (seat + 1)


def seat_of(player, acting, players):
    """The seat a choice is for: ``player``, or the only seat in ``acting`` when it is
    None. IllegalMove saying why when that cannot be told, or no such seat sits at a
    table of ``players``."""
    if player is None:
        if len(acting) == 1:
            return acting[0]
        if not acting:
            raise IllegalMove("nobody can choose now: the game is over")
        raise IllegalMove("say which player is choosing: %s may choose now"
                          % ", ".join([seat_name(s) for s in acting]))
    if type(player) is not int or not 0 <= player < players:
        raise IllegalMove("there is no player %r at this table of %d" % (player, players))
    return player


def as_choice(choice, arity, verbs, example):
    """``choice`` as a tuple of ints whose verb takes ``arity[verb]`` ints (``verbs``
    names them); IllegalMove saying what is wrong, showing ``example``, otherwise."""
    if isinstance(choice, list):
        choice = tuple(choice)
    if not isinstance(choice, tuple) or not choice or [x for x in choice if type(x) is not int]:
        raise IllegalMove("a choice is a tuple of whole numbers, verb first, like %s; not %r"
                          % (example, choice))
    verb = choice[0]
    if not 0 < verb < len(arity):
        raise IllegalMove("unknown choice verb %d" % verb)
    if len(choice) != 1 + arity[verb]:
        raise IllegalMove("%s takes %d number(s) after the verb, not %d"
                          % (verbs[verb], arity[verb], len(choice) - 1))
    return choice


def digest(ints):
    """The hex SHA-256 of a list of ints packed as varints (a game's state digest)."""
    return binascii.hexlify(hashlib.sha256(varint.pack(ints)).digest()).decode()


def play_game(game, bots, limit=20000):
    """Play ``game`` to the end, ``bots[seat].choose(game, seat)`` choosing for each seat.

    Works for every game. Returns the final standings; RuntimeError if it takes
    more than ``limit`` choices (a bot that cannot finish).
    """
    for _ in range(limit):
        if game.over:
            return game.standings()
        d = game.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        game.apply(bots[seat].choose(game, seat), seat)
    raise RuntimeError("the game did not finish within %d choices" % limit)


class GameLog:
    """A game as its ``setup`` (the game's own Setup) and its ``inputs`` (a list of
    ``(seat, choice)``): what a game's log module encodes (Play Nine, Domino Golf)."""

    def __init__(self, setup, inputs):
        self.setup = setup
        self.inputs = list(inputs)

    def __eq__(self, other):
        return (isinstance(other, GameLog) and self.setup == other.setup
                and self.inputs == other.inputs)

    def __ne__(self, other):  # MicroPython does not derive != from ==
        return not self.__eq__(other)


class OneMode:
    """The mode half of a game's ``records`` face for a game with one way to play (mode
    ``""``, code 0, no expansion modules); ``facts``: its Facts class, whose ``title``
    names the game in errors. A records module binds these methods as its functions."""

    def __init__(self, facts):
        self.facts = facts

    def score_name(self, kind):
        """What a live score event counts: the game's one unit."""
        return self.facts.unit

    def mode_of(self, setup):
        """The one way to play: ``""``."""
        return ""

    def _one(self, mode):
        if mode:
            raise ValueError("%s has no mode %r (it has one way to play)"
                             % (self.facts.title, mode))

    def mode_facts(self, mode):
        """The Facts; ValueError for a mode the game does not have."""
        self._one(mode)
        return self.facts

    def mode_code(self, mode):
        """0, its one way to play (ValueError for another)."""
        self._one(mode)
        return 0

    def modules_of(self, log):
        """No expansion modules: an empty tuple."""
        return ()

    def mode_named(self, code):
        """``""`` for 0 (ValueError otherwise)."""
        if code:
            raise ValueError("unknown %s mode code %d" % (self.facts.title, code))
        return ""
