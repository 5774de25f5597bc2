"""What an expansion module may add to the engine: a :class:`Module` is a
:class:`~teebox.core.holes18.policy.Policy` (choices of its own, offered to every seat, and
decisions of its own) that the engine also asks at these points (``game.modules``, empty in
the base game, so the base game pays nothing):

* ``new_hole(game, hole, outs)``: the golfers stand on a new tee (a green card is revealed);
* ``on_green(game, p, hole, came, hole_in_one, outs)``: ``p`` landed on a green it plays
  for, arriving from hex ``came``; True if the module plays the arrival (no score for
  reaching the green: the mode's ``on_reach`` is the module's to call);
* ``select_reason(game, seat, club)``: None if ``seat`` may lay ``club`` face down now;
* ``revealed(game, outs)``: the cards laid face down are revealed (the module shows its own);
* ``order_key(game, seat, key)``: this round's play order key of ``seat``, given the
  engine's ``key``;
* ``start_turn(game, seat, outs)``: a turn starts; the module may take it over
  (``game.ask`` a decision of its own, ``game.finish_turn()`` when it is done);
* ``before_end_turn(game, seat, outs)``: the turn is ending; True if the module asked a
  decision first (its handler resumes, and the turn then ends).

A seat that laid one of a module's own cards in place of a club (``game.lay_card``) has
``chosen == LAID``: no club is revealed, spent or returned for it.
"""

from teebox.core.holes18.policy import Policy

LAID = -2   # PlayerState.chosen of a seat that laid a module's card, not a club


class Module(Policy):
    """The hooks every expansion module has: by default it changes nothing."""

    def new_hole(self, game, hole, outs):
        """The golfers stand on the tee of ``hole``."""

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
