"""18 Holes on the table: its presenter (``presenter.py``) and the flows and parts it
uses, the tags of its club cards (``tags.py``) and, host-side, its autoplay
(``presenter_autoplay.py``).

At a table the rulebook's draft is the players' own: they draft the real club cards and
then scan their bags in (``bags.py``), so the setup asks the game's hands option with
that draft in place of the one the rules deal (``app/presenters``, ``SETUP_OPTIONS``).
Imported while 18 Holes is set up: it imports nothing."""

FIRST_GAME = "first-game"  # the first game's hands (as the rules name them)
BAG = "bag"  # hands from a physical draft, scanned in (bag registration)
SETUP_OPTIONS = (("hands", "Hands", (FIRST_GAME, BAG), FIRST_GAME,
                  ("First game\nA-E card letters", "Scan bags\nafter a draft")),)
