"""Game modes of 18 Holes as policy objects the engine asks at fixed points.

Every mode is "Match Play except ...", so every mode class derives from
:class:`teebox.core.holes18.modes.match.MatchPlay` and overrides only its hooks (see
``docs/engine-api.md``, "Modes"). A new mode adds its module and one entry to ``MODES``.
Importing this package imports no mode: the table's setup menu, the host and the game
registry read the modes' facts here, and :func:`make` imports only the module of the
mode a game plays (on a Pico every mode's code at once would not leave a game room).
"""

# Per mode: its name, title, (fewest, most players), whether golfer cards are played,
# whether golfers roam (play the holes in any order, the first to land on a green scoring
# it: the Chaos Golf modes) (the class's own ``name``, ``title``, ``players``,
# ``golfer_cards`` and ``roams``: tests/firmware/test_games.py keeps them equal), and its
# module and class. In the order their codes are written into game logs: never reorder,
# only append.
MODES = (
    ("match", "Match Play", (2, 5), True, False, "teebox.core.holes18.modes.match",
     "MatchPlay"),
    ("stroke", "Stroke Play", (1, 5), True, False, "teebox.core.holes18.modes.stroke",
     "StrokePlay"),
    ("stableford", "Stableford", (1, 5), True, False, "teebox.core.holes18.modes.stableford",
     "Stableford"),
    ("chaos", "Chaos Golf", (3, 5), True, True, "teebox.core.holes18.modes.chaos",
     "ChaosGolf"),
    ("racing", "Golf Racing", (2, 5), True, False, "teebox.core.holes18.modes.racing",
     "GolfRacing"),
    ("skins", "Skins", (2, 5), True, False, "teebox.core.holes18.modes.skins", "Skins"),
    ("kelly", "Kelly Golf", (2, 5), True, True, "teebox.core.holes18.modes.kelly",
     "KellyGolf"),
    ("teams", "Chaos Teams", (2, 2), True, True, "teebox.core.holes18.modes.teams",
     "ChaosTeams"),
    ("solo-chaos", "Solo Chaos Golf", (1, 1), False, True, "teebox.core.holes18.modes.solo",
     "SoloChaos"),
)
NAMES = tuple([m[0] for m in MODES])


def code(name):
    """The log code of a mode name; ValueError naming the known modes if unknown."""
    for i in range(len(NAMES)):
        if NAMES[i] == name:
            return i
    raise ValueError("unknown game mode %r (use one of: %s)" % (name, ", ".join(NAMES)))


def title(name):
    """A mode's title, without importing its module; ValueError if unknown."""
    return MODES[code(name)][1]


def players(name):
    """A mode's (fewest, most) players, without importing its module; ValueError if unknown."""
    return MODES[code(name)][2]


def golfer_cards(name):
    """Whether a mode is played with golfer cards, without importing its module."""
    return MODES[code(name)][3]


def roams(name):
    """Whether a mode's golfers roam: any hole in any order, the first to land on a green
    scoring it (the Chaos Golf modes), without importing its module."""
    return MODES[code(name)][4]


def make(name):
    """A fresh mode object for a mode name (imports that mode's module alone)."""
    module, cls = MODES[code(name)][5:]
    mod = __import__(module)
    for part in module.split(".")[1:]:
        mod = getattr(mod, part)
    return getattr(mod, cls)()
