"""The data files shipped with the firmware: built-in courses and the card data.

Reading files is I/O, so it lives here rather than in the pure rules core:
``core/course.py`` and ``core/holes18/cards.py`` parse text, this module finds and
reads the files under ``teebox/data/``. Works on CPython and MicroPython
(which has ``os.listdir`` but no ``os.path``).
"""

import os

from teebox.core.course import BOARD_HEIGHT, BOARD_WIDTH, CourseError, Problem, from_source


def _parent(path):
    # The folder part of a path; works without os.path and with either slash.
    cut = max(path.rfind("/"), path.rfind("\\"))
    return path[:cut] if cut > 0 else "."


def data_path(filename):
    """Path of a shipped data file (``teebox/data/<filename>``), found from this module."""
    return _parent(__file__) + "/data/" + filename


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# The modules the club cards' objects come from (:func:`load_default_clubs`): the table
# keeps them (and the data, once read) when it lets go of a game's code after a game.
CARD_MODULES = ("teebox.core.holes18", "teebox.core.holes18.cards")


def load_default_clubs():
    """The club cards shipped with the firmware (18 Holes' data: its package is imported
    only now, so the course store and the link that read courses import no game)."""
    from teebox.core.holes18 import cards
    return cards.load_clubs(_read(data_path("clubs.json")))


def load_default_shots():
    """The shot decks shipped with the firmware (18 Holes' data, as the clubs), and under
    ``cards.SOLO`` the Solo Chaos Golf cards (``solo.json``): every game is made with
    the decks, so the solo deck reaches the mode that deals it without a data argument
    of its own."""
    from teebox.core.holes18 import cards
    decks = cards.load_shots(_read(data_path("shots.json")))
    decks[cards.SOLO] = cards.load_solo(_read(data_path("solo.json")))
    return decks


def load_default_greens():
    """The putting dice and green cards of Reading the Greens shipped with the firmware."""
    from teebox.core.holes18.expansions import greens_data
    return greens_data.load_greens(_read(data_path("greens.json")))


def load_default_wind():
    """The wind deck of Taming the Wind shipped with the firmware (``wind.json``)."""
    from teebox.core.holes18.expansions import winddata
    return winddata.load_wind(_read(data_path("wind.json")))


def load_default_tiles():
    """The tile set of generated courses shipped with the firmware (``core/coursegen_tiles``)."""
    from teebox.core import coursegen_tiles  # only a new course needs the tile set
    return coursegen_tiles.load_tiles(_read(data_path("tiles.json")))


def courses_dir():
    """The folder holding the built-in ``*.course`` files."""
    return data_path("courses")


def builtin_names():
    """Sorted names (file stems) of the built-in courses."""
    try:
        files = os.listdir(courses_dir())
    except OSError:
        return []
    return sorted([f[:-7] for f in files if f.endswith(".course") and len(f) > 7])


def builtin_source(name):
    """The text of a built-in course; CourseError naming the known ones if unknown."""
    names = builtin_names()
    if name not in names:
        raise CourseError([Problem(0, None, "unknown course %r (built-in courses: %s)"
                                   % (name, ", ".join(names) or "none"))])
    return _read(courses_dir() + "/" + name + ".course")


def load_builtin(name, width=BOARD_WIDTH, height=BOARD_HEIGHT):
    """Compile and load a built-in course for a ``width`` x ``height`` board."""
    text = builtin_source(name)
    try:
        return from_source(text, width, height)
    except CourseError as exc:
        raise CourseError(exc.problems, name + ".course")
