"""The games Teebox plays, and how to load one: importing this module imports none.

Each entry names a game, its title and player counts (all the table needs for its
first menu); :func:`load` imports the game's module only when the game is chosen,
so the board holds the table shell and the one game in play; :func:`unload` lets go of
a game's code once it is over (the next game imports what it needs again). A game
module has:

* ``MODES``: ``((name, title, (fewest, most players)), ...)``, its ways to play;
* ``OPTIONS``: ``((name, title, values, default), ...)``, its rule variations;
* ``STEPS``: the setup fields the table asks for, in order;
* ``skipped(mode)``: the steps of ``STEPS`` a mode does not ask (18 Holes' golfer
  cards where its rulebook skips them);
* ``DATA_FILES``: the files under ``teebox/data`` it reads;
* ``Setup``: its setup class (everything the game needs, seed included);
* ``new(setup, data=None)``: the rules object (``teebox.core.contract``);
* ``bot(seed)`` and ``random_bot(seed)``: players for empty seats;
* ``play_game(game, bots)``: plays a game to the end;
* ``records``: how records, the journal and the score history read and replay its
  games (the face is listed in ``teebox/core/holes18/records.py``).
"""

def value_text(v):
    """A game option's value as the table and the host write it ("yes", "no", a tuple
    of names joined by "+" or "none" when empty, or the value)."""
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if isinstance(v, tuple):
        return "+".join(v) if v else "none"
    return str(v)


class Entry:
    """One game: ``name`` (as logs and settings write it), ``title``, ``players``
    (fewest, most) and ``module``, the dotted name :meth:`load` imports."""

    def __init__(self, name, title, players, module):
        self.name = name
        self.title = title
        self.players = players
        self.module = module

    def load(self):
        """The game's module (imported on first use)."""
        mod = __import__(self.module)
        for part in self.module.split(".")[1:]:
            mod = getattr(mod, part)
        return mod

    @property
    def package(self):
        """The dotted name of the game's own package (everything only it imports)."""
        return self.module[:self.module.rfind(".")]

    def __repr__(self):
        return "<game %s>" % self.name


GAMES = (
    Entry("18-holes", "18 Holes", (1, 5), "teebox.core.holes18.game"),
    Entry("play-nine", "Play Nine", (2, 5), "teebox.core.playnine.game"),
    Entry("domino-golf", "Domino Golf", (2, 5), "teebox.core.dominogolf.game"),
)


# The table's tools that run on their own, never beside a game, and are let go of once
# done: the course generator (with its tile set), the wiring self-test, card learning.
TOOLS = (
    "teebox.core.coursegen",
    "teebox.core.coursegen_tiles",
    "teebox.app.selftest",
    "teebox.app.card_learning",
)


def names():
    """The names of every game, in menu order."""
    return tuple([g.name for g in GAMES])


def get(name):
    """The :class:`Entry` of a game; ValueError naming the known games if unknown."""
    for g in GAMES:
        if g.name == name:
            return g
    raise ValueError("unknown game %r (Teebox plays: %s)" % (name, ", ".join(names())))


def load(name):
    """The module of game ``name`` (see the module docstring for what it holds)."""
    return get(name).load()


def default_mode(name):
    """The way to play game ``name`` starts with: its first ``MODES`` entry (what the
    table's setup offers first), or ``""`` for a game with one way to play."""
    modes = load(name).MODES
    return modes[0][0] if modes else ""
