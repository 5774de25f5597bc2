"""Domino Golf, golf with a double-12 domino set: its rules, bots and log.

The public shape (kept stable: the table, the logs and the host read it):

* ``dominoes``: a domino is an int 0..90 (``dominoes.of(low, high)``, ``ends(d)``,
  ``pips(d)``, ``name(d)`` like ``"5/10"``); the set is generated in code.
* ``protocol``: decision kinds ``SHOT`` (your stroke: ``(PLAY, d)`` a domino of your
  golf bag, ``(GODS,)`` a random pick from the gods of golf, ``(LUCK, double, seat)``
  change of luck), ``TAKE`` (``(TAKE_ONE, d)`` a domino of the pointed-at player's
  bag), ``KEEP`` (mulligan: ``(KEEP_SHOT,)`` or ``(MULLIGAN,)``), ``GAME_OVER``; the
  shot results, the lies and the ``OUT_*`` outputs.
* ``rules``: ``Setup`` and ``Game`` (state to read: ``layout``, ``par``, ``hole``,
  ``bags``, ``lie``, ``station``, ``strokes``, ``played``, ``penalty``, ``scores``,
  ``pars``, ``totals``, ``order``, ``turn``, ``pool``, ``removed``, ``greens``, ``tee``,
  ``last``); ``holes`` (the part of ``Game`` that sets holes up), ``shots`` (what a
  domino does), ``inputs`` (two bytes an input).
* ``board``: where a hole lies on the hexes (the table's LEDs and the host's web board).
* ``bot``, ``log``, ``records``, ``game`` (what the registry loads).

Everything is in ``docs/engine-api.md``, "Domino Golf"; the readings of the rulebook
in ``RULES-NOTES.md``, "Domino Golf".
"""
