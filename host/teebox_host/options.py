"""A game's rule variations as the host's commands take them: ``--option NAME=VALUE``
(the game's ``OPTIONS``, its values written as the table's setup shows them), and the
data of the expansion modules chosen with ``--expansion``."""

from teebox import shipped
from teebox.core import games
from teebox_host.course_cmd import _fail


def module_data(expansions):
    """The shipped data of the 18 Holes expansion modules a game plays, as ``engine.Game``
    takes it (``greens=``: Reading the Greens' dice and green cards, ``wind=``: the wind
    cards); empty for a game without them."""
    data = {}
    if "greens" in expansions:
        data["greens"] = shipped.load_default_greens()
    if "wind" in expansions:
        data["wind"] = shipped.load_default_wind()
    return data


def game_options(game_name, texts, skip=()):
    """``{name: value}`` of ``--option NAME=VALUE`` texts for the game's ``OPTIONS``
    (their rule variations; not those in ``skip``, which other options set); exits 1
    naming the option and what it may be."""
    opts = [o for o in games.load(game_name).OPTIONS if o[0] not in skip]
    chosen = {}
    for text in texts:
        name, _eq, value = text.partition("=")
        found = [o for o in opts if o[0] == name.strip().lower()]
        if not found:
            _fail("--option %s: %s has no option %r (use one of: %s)" % (
                text, games.get(game_name).title, name, ", ".join([o[0] for o in opts])))
        values = dict([(games.value_text(v), v) for v in found[0][2]])
        if value.strip().lower() not in values:
            _fail("--option %s: %s is one of: %s" % (text, found[0][0], ", ".join(values)))
        chosen[found[0][0]] = values[value.strip().lower()]
    return chosen
