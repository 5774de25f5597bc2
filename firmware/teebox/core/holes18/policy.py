"""Rule policies: what a game mode or a golfer card may add to the engine's decisions.

A mode (``modes.match.MatchPlay`` and its subclasses) and every player's golfer
(``player.Golfer``) are policies. Besides the hooks the engine asks at fixed
points, a policy may add choices of its own, all spelled ``(EXTRA, code)``
(``protocol.EXTRA``): the game log keeps them like any input, so a game with
a policy replays from its log. ``code`` is a whole number the policy chooses;
it lists every code it handles in ``extras`` (the engine skips policies
with none, so the base game pays nothing for the hook).

* at any decision (``Game.pending().kind``), ``extra_choices`` says which of
  its codes it offers the seat now; ``choices()`` lists the legal ones;
* ``extra_reason`` says why an offered code is not legal now (None: legal);
  ``apply()`` refuses it with that reason, changing nothing;
* ``extra_apply`` carries the choice out, through the engine's services
  (``Game.redraw``, ``Game.ask`` / ``Game.resume`` for a decision of its own,
  ``Game.award``...), appending what happened to ``outs``.

A golfer's choices are offered to its own seat only; a mode's to every seat. The table
asks a policy's own decision as an option list: ``decision_text``, ``choice_text`` and
``choice_cell`` say what it shows; a decision in ``secret_kinds`` shows its options to
the deciding player only, once it asks to peek (Kelly Golf's target); ``bot_choice`` is
what a sensible bot takes.
See ``docs/engine-api.md``, "Adding decisions".
"""


class Policy:
    """The hooks every policy has: by default it adds no choice."""

    extras = ()  # type: tuple[int, ...]  # the codes of the (EXTRA, code) choices it handles
    secret_kinds = ()  # type: tuple[int, ...]  # its own decisions only the decider may see

    def extra_choices(self, game, seat, kind):
        """The codes this policy offers ``seat`` at decision ``kind`` now."""
        return ()

    def extra_reason(self, game, seat, code):
        """None if ``(EXTRA, code)`` is legal for ``seat`` now, else why not (for the player)."""
        return None

    def extra_apply(self, game, seat, code, outs):
        """Carry out ``(EXTRA, code)`` for ``seat``; append the outputs to ``outs``."""

    def decision_text(self, game, kind):
        """How the table asks this policy's own decision ``kind`` (a short line or two)."""
        return "Choose"

    def choice_text(self, game, code):
        """How the table shows the choice ``(EXTRA, code)`` (one short line)."""
        return "option %d" % code

    def choice_cell(self, game, code):
        """The hex ``(q, r)`` the choice ``(EXTRA, code)`` is about, which the table lights
        while it is selected; None: no hex."""
        return None

    def choice_landing(self, game, code):
        """Where the ball would end with ``(EXTRA, code)`` (``(path, (q, r), outcome,
        hit_tree)``), for a choice that decides a landing; None otherwise (bots judge by it)."""
        return None

    def bot_choice(self, game, seat, legal):
        """What a sensible bot chooses among ``legal`` at this policy's own decision
        (``Game.ask``); None leaves it to the bot (the first legal choice)."""
        return None

    def state_ints(self, out):
        """Append the policy's own state as ints (for the state digest)."""


LAID = -2  # PlayerState.chosen of a seat that laid a module's own card, not a club


class Module(Policy):
    """An expansion module's rules (``Setup(expansions=...)``, ``Game.added``): a policy
    offering its choices to every seat, plus hooks at the points where an expansion
    changes the flow of a hole. The defaults play the base game:

    * ``new_hole``: golfers stand on a new tee (Reading the Greens reveals a green card);
    * ``on_green``: a golfer landed on a green it plays for, arriving from hex ``came``;
      True if the module plays the arrival (the mode's ``on_reach`` is then its to call);
    * ``select_reason``: whether a seat may lay a club face down now;
    * ``revealed``: the cards laid face down are revealed (the module shows its own);
    * ``order_key``: a seat's play order key this round, given the engine's;
    * ``start_turn``: a turn starts; the module may take it over (``Game.ask`` a decision
      of its own, ``Game.finish_turn()`` once done);
    * ``before_end_turn``: the turn ends; True if the module asks a decision first (its
      handler resumes and the turn then ends).

    A seat that laid one of a module's own cards in place of a club (``Game.lay_card``)
    has ``chosen == LAID``: no club is revealed, spent or returned for it.
    """

    def new_hole(self, game, seats, hole, outs):
        """Golfers ``seats`` have just been put on the tee of ``hole`` (``Game.tee_off``)."""

    def on_green(self, game, p, hole, came, hole_in_one, outs):
        """``p`` landed on the green of ``hole`` from hex ``came``; True if played here."""
        return False

    def select_reason(self, game, seat, club):
        """None if ``seat`` may lay ``club`` face down now, else why not."""
        return None

    def revealed(self, game, outs):
        """The cards laid face down this round are revealed."""

    def order_key(self, game, seat, key):
        """The play order key of ``seat`` this round (the engine's is ``key``)."""
        return key

    def start_turn(self, game, seat, outs):
        """A turn of ``seat`` starts (the module may take it over)."""

    def before_end_turn(self, game, seat, outs):
        """The turn of ``seat`` ends; True if a decision of the module's own comes first."""
        return False

    def hold_flight(self, game, hexes, chip, outs):
        """The turn's ball is about to fly over ``hexes`` (its path from the golfer,
        ``chip``: a chip-deck card). True if the module takes the flight over: it lands the
        ball itself with ``Game.land_hit``, at once or from the handler of a decision of its
        own (``Game.ask``)."""
        return False

    def landings(self, game, hexes, chip):
        """Every landing the turn's player could end with if its ball took this flight
        (``hexes``, ``chip`` as in :meth:`hold_flight`), as ``simulate_shot`` gives them,
        when the module changes a flight (the wind); None when it does not."""
        return None

    def arrow(self, game):
        """An arrow the table draws across the board, ``(direction, hexes long)``, or None
        (the wind's direction and strength)."""
        return None

    def status_text(self, game):
        """A few words the table's display adds to the hole's heading (at most 7
        characters: ``"wind NE"``), or ""."""
        return ""

    def turn_text(self, game, seat):
        """A few words the table's display adds to ``seat``'s turn when the module plays
        otherwise for it than :meth:`status_text` says of the hole (at most 7 characters:
        Wendy B's ``"wind NE"`` on a calm hole), or ""."""
        return ""

    def drive(self, game, seat, res, card, outs):
        """The turn's shot flew (``res`` as ``fly`` gives it, ``card`` the shot card or
        None for a wood). True if the module decided who holds the longest drive card
        (else the base rule: its player keeps it)."""
        return False
