"""Game modes of 18 Holes as policy objects the engine asks at fixed points.

Every mode is "Match Play except ...", so every mode class derives from
:class:`teebox.core.holes18.modes.match.MatchPlay` and overrides only its hooks (see
``docs/engine-api.md``, "Modes"). ``NAMES`` holds the mode names in the order
their codes are written into game logs: never reorder, only append.
"""

NAMES = ("match", "stroke", "stableford", "chaos", "racing", "skins", "kelly", "teams",
         "solo-chaos")


def code(name):
    """The log code of a mode name; ValueError naming the known modes if unknown."""
    for i in range(len(NAMES)):
        if NAMES[i] == name:
            return i
    raise ValueError("unknown game mode %r (use one of: %s)" % (name, ", ".join(NAMES)))


def make(name):
    """A fresh mode object for a mode name."""
    code(name)
    if name == "match":
        from teebox.core.holes18.modes.match import MatchPlay
        return MatchPlay()
    if name == "stroke":
        from teebox.core.holes18.modes.stroke import StrokePlay
        return StrokePlay()
    if name == "stableford":
        from teebox.core.holes18.modes.stableford import Stableford
        return Stableford()
    if name == "chaos":
        from teebox.core.holes18.modes.chaos import ChaosGolf
        return ChaosGolf()
    if name == "racing":
        from teebox.core.holes18.modes.racing import GolfRacing
        return GolfRacing()
    if name == "skins":
        from teebox.core.holes18.modes.skins import Skins
        return Skins()
    if name == "teams":
        from teebox.core.holes18.modes.teams import ChaosTeams
        return ChaosTeams()
    if name == "kelly":
        from teebox.core.holes18.modes.kelly import KellyGolf
        return KellyGolf()
    from teebox.core.holes18.modes.solo import SoloChaos
    return SoloChaos()
