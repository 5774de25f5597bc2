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

A golfer's choices are offered to its own seat only; a mode's to every seat. A
display asks them with ``ask`` and names an option by ``extra_hole``; a decision in
``secret_kinds`` shows its choices to the deciding player only (Kelly Golf's target).
See ``docs/engine-api.md``, "Adding decisions".
"""


class Policy:
    """The hooks every policy has: by default it adds no choice."""

    extras = ()  # type: tuple[int, ...]  # the codes of the (EXTRA, code) choices it handles
    secret_kinds = ()  # type: tuple[int, ...]  # its own decisions only the decider may see
    ask = "Choose"  # how a display asks its own decisions

    def extra_choices(self, game, seat, kind):
        """The codes this policy offers ``seat`` at decision ``kind`` now."""
        return ()

    def extra_reason(self, game, seat, code):
        """None if ``(EXTRA, code)`` is legal for ``seat`` now, else why not (for the player)."""
        return None

    def extra_apply(self, game, seat, code, outs):
        """Carry out ``(EXTRA, code)`` for ``seat``; append the outputs to ``outs``."""

    def extra_hole(self, game, seat, code):
        """The hole whose green ``(EXTRA, code)`` is about for ``seat`` (a display names
        and lights it), or 0."""
        return 0

    def state_ints(self, out):
        """Append the policy's own state as ints (for the state digest)."""
