"""The 18 Holes expansion's modules, switched on per game by ``Setup(expansions=...)``.

``greens`` is Reading the Greens, ``wind`` Taming the Wind and ``coast`` the
Coastlines tile pack (fescue, gorse and ocean play by their own rules).
"""

from teebox.core.holes18 import modes

NAMES = ("greens", "wind", "coast")


def refusal(mode, names):
    """Why the mode ``mode`` is not played with the modules ``names``, or None (it is). Read
    from the modes' facts: no mode's module is imported.

    Booklet, "MULTIPLE WAYS TO PLAY": "Unless a mode is listed here, it is considered
    compatible with both reading the greens and taming the wind." "CHAOS GOLF MODES: The
    reading the greens expansion isn't compatible with the nature of chaos golf and the
    first player to reach the green scoring the points." The Chaos Golf modes are those
    whose golfers roam (RULES-NOTES E-G20).
    """
    if "greens" in names and modes.roams(mode):
        return ("Reading the Greens is not played in %s, a Chaos Golf mode: \"The reading the "
                "greens expansion isn't compatible with the nature of chaos golf and the "
                "first player to reach the green scoring the points\"" % modes.title(mode))
    return None
