"""Club cards and shot cards of 18 Holes: the data model, loaders and validators.

The card faces live in editable JSON files (``teebox/data/clubs.json`` and
``teebox/data/shots.json``, described in ``docs/card-data.md``). The loaders
check every card and raise :class:`CardDataError` listing *all* problems, each
naming the file, the card and the field, so a maker matching a printing can fix
a file in one pass.
"""

from teebox.core import jsondata
from teebox.core.holes18.expansions import NAMES as MODULES

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

DECKS = ("C", "2", "3", "4", "5")

# Bunker outcome icons, in the rulebook's left-to-right order.
STAY = const(0)
LEFT = const(1)
TARGET = const(2)
RIGHT = const(3)
BUNKER_NAMES = ("stay", "left", "target", "right")

# Special shot cards.
NONE = const(0)
SUPER = const(1)
SHORT = const(2)
SHUFFLE = const(3)
FOLLOWED = (SUPER, SHORT, SHUFFLE)  # specials a player follows into another deck
LONGEST_DRIVE = const(4)
SPECIAL_NAMES = ("", "super", "short", "shuffle", "longest_drive")

POWERS = ("tee_only", "no_rough_penalty", "sand_as_rough", "no_declare",
          "wind_hybrid", "putter", "choose_green_side")
EXPANSIONS = ("greens", "wind")  # the modules that bring club cards
HANDS = "ABCDE"
PLAYER_MARKS = (1, 3, 5)

BASE_CLUBS = const(34)
BASE_SHOTS = const(74)
HAND_SIZE = const(5)
MAX_COUNT = const(2)  # cards a club draws at once (a big hit draws one more)
MAX_PLAYERS = const(5)
# Solo Chaos Golf: you pick five clubs and deal five to each of three opponents.
SOLO_CLUBS = const(20)
# The Solo Chaos Golf deck (``solo.json``): the key of the shot-deck mapping that carries
# it (``shipped.load_default_shots``), the box's 24 cards, their symbols and bounds.
SOLO = "solo"
BASE_SOLO = const(24)
SOLO_SYMBOLS = "PC"        # P: player only scoring, C: combined scoring (both score)
SOLO_MIN_COMBINED = const(6)  # "Every Solo Chaos Golf deck needs at least six combined"
MAX_SOLO_ROUNDS = const(6)
MAX_DIFFICULTY = const(20)
MAX_FLIGHT = const(5)  # hexes; only the longest drive card flies further
LONGEST_DRIVE_PATH = "SSSSSS"
CHIP_STEPS = const(2)
MAX_OUTCOMES = const(3)

_ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"


def deck_above(name):
    """The next deck up (``"C"`` -> ``"2"`` ... ``"4"`` -> ``"5"``), or None above deck 5."""
    i = _deck_index(name)
    return DECKS[i + 1] if i + 1 < len(DECKS) else None


def deck_name(i):
    """Shot deck ``i`` (index into ``DECKS``) as the display names it: ``"chip deck"`` or
    ``"deck 3"``."""
    return "chip deck" if DECKS[i] == "C" else "deck " + DECKS[i]


def shot_text(shot):
    """A shot card as the display shows it: ``"SSL"``, ``"wild 3"``, ``"super>4"``."""
    if shot.special == SUPER or shot.special == SHORT:
        return "%s>%s" % (SPECIAL_NAMES[shot.special], shot.special_deck)
    if shot.special == SHUFFLE:
        return "shuffle"
    if not shot.outcomes:
        return "-"
    if len(shot.outcomes) > 1:
        return "wild %d" % len(shot.outcomes)
    return shot.outcomes[0][0]


def deck_index(name):
    """The index of shot deck ``name`` in ``DECKS``, or -1 for none (no deck drawn yet)."""
    return DECKS.index(name) if name in DECKS else -1  # (DECKS is a tuple: "" is not in it)


def _deck_index(name):
    i = deck_index(name)
    if i >= 0:
        return i
    raise ValueError("unknown shot deck %r (use one of: %s)" % (name, " ".join(DECKS)))


class CardDataError(Exception):
    """A card file is not usable; ``problems`` lists every problem found, one line each."""

    def __init__(self, problems):
        super().__init__("\n".join(problems))
        self.problems = list(problems)


def _set_off_defaults(card, fields):
    # Set each ``(name, value)`` on ``card`` only where it differs from its class's
    # default: MicroPython grows an object's attribute table one size at a time, and the
    # table keeps the cards all game (see Club).
    cls = type(card)
    for name, value in fields:
        if value != getattr(cls, name):
            setattr(card, name, value)


class Club:
    """One club card.

    ``kind`` is ``"draw"`` (draw ``count`` cards from one of ``decks``) or
    ``"fixed"`` (woods: move ``distance`` hexes straight, ``rough_distance``
    from the rough). ``players`` is the mark: 1 (always), 3 (3+) or 5 (5+);
    ``hand`` the first-game hand letter or ``""``; ``expansion`` is ``""``,
    ``"greens"`` or ``"wind"``; ``powers`` the tuple of power names, also
    readable as the boolean properties below.
    """

    # The fields most cards leave as they are here: an attribute is set only when it
    # differs (MicroPython keeps an object's attributes in a table grown one size at a
    # time; with all fourteen set each card's table took 144 bytes, ~3.5 KB of live heap
    # for the 39 clubs, which the table keeps the whole game).
    kind = "draw"
    decks = ()
    count = 0
    distance = 0
    rough_distance = 0
    big_hit = True
    players = 1
    hand = ""
    powers = ()
    wedge = False
    expansion = ""

    def __init__(self, id, name, initiative, kind, decks, count, distance, rough_distance,
                 big_hit, players, hand, powers, wedge, expansion):
        self.id = id
        self.name = name
        self.initiative = initiative
        _set_off_defaults(self, (("kind", kind), ("decks", decks), ("count", count),
                                 ("distance", distance), ("rough_distance", rough_distance),
                                 ("big_hit", big_hit), ("players", players), ("hand", hand),
                                 ("powers", powers), ("wedge", wedge),
                                 ("expansion", expansion)))

    # Powers are read through properties: no per-card storage on the board.
    @property
    def tee_only(self):
        """Driver: only from a tee box."""
        return "tee_only" in self.powers

    @property
    def no_rough_penalty(self):
        """Hybrids: the rough costs no distance."""
        return "no_rough_penalty" in self.powers

    @property
    def sand_as_rough(self):
        """Sand Wedge: a bunker plays as rough."""
        return "sand_as_rough" in self.powers

    @property
    def no_declare(self):
        """Lob Wedge: chips without declaring the direction first."""
        return "no_declare" in self.powers

    @property
    def wind_hybrid(self):
        """Taming the Wind hybrids: WINDY plays as CALM, STRONG as WINDY."""
        return "wind_hybrid" in self.powers

    @property
    def putter(self):
        """Mallet Putter: discard from the hand to re-roll one putting die."""
        return "putter" in self.powers

    @property
    def choose_green_side(self):
        """Gap Wedge: pick the side of the green to putt from."""
        return "choose_green_side" in self.powers

    @property
    def chips(self):
        """Draws from deck C: chip rules (declare first, fly over trees) apply to those draws."""
        return "C" in self.decks

    def big_hit_deck(self):
        """The deck a big hit draws from: one above the club's highest deck; None if not allowed."""
        if not self.big_hit or not self.decks:
            return None
        top = 0
        for d in self.decks:
            top = max(top, _deck_index(d))
        return deck_above(DECKS[top])

    def big_hit_count(self):
        """How many cards a big hit draws: one more than usual."""
        return self.count + 1

    def __repr__(self):
        return "<Club %s %s #%d>" % (self.id, self.name, self.initiative)


class Shot:
    """One shot card: ``outcomes`` is a tuple of ``(path, rough)`` pairs (several on a wild card)."""

    # As a club's: the fields most cards leave as they are, set only when they differ
    # (seven attributes took a 64-byte table a card, four or fewer take 32 bytes).
    bunker = TARGET
    special = NONE
    special_deck = None
    wild = False

    def __init__(self, id, deck, outcomes, bunker, special, special_deck, wild):
        self.id = id
        self.deck = deck
        self.outcomes = outcomes
        _set_off_defaults(self, (("bunker", bunker), ("special", special),
                                 ("special_deck", special_deck), ("wild", wild)))

    def __repr__(self):
        return "<Shot %s>" % self.id


# ---------------------------------------------------------------- file access

# ---------------------------------------------------------------- checking helpers

class _Problems:
    """Collects problems as ``file: where: what`` lines."""

    def __init__(self, name):
        self.name = name
        self.lines = []

    def add(self, where, what):
        if where:
            self.lines.append("%s: %s: %s" % (self.name, where, what))
        else:
            self.lines.append("%s: %s" % (self.name, what))

    def raise_if_any(self):
        if self.lines:
            raise CardDataError(self.lines)


_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true or false",
               list: "a list", dict: "an object"}


def _typed(value, kind):
    # type() rather than isinstance(): JSON true is not a number (CPython's bool is an int).
    return type(value) is kind


def _field(p, where, obj, key, kind):
    """obj[key] if present and of the right type; otherwise note the problem and return None."""
    if key not in obj:
        return None  # reported by _keys
    value = obj[key]
    if not _typed(value, kind):
        p.add(where, "field '%s' must be %s, not %s" % (key, _TYPE_NAMES[kind], _show(value)))
        return None
    return value


def _show(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return repr(value)


def _keys(p, where, obj, required, optional=()):
    """Report missing and unknown keys of a JSON object; False if ``obj`` is not an object."""
    if not _typed(obj, dict):
        p.add(where, "must be an object {...}, not %s" % _show(obj))
        return False
    for key in required:
        if key not in obj:
            p.add(where, "missing field '%s'" % key)
    allowed = tuple(required) + tuple(optional)
    for key in sorted(obj):
        if key not in allowed:
            p.add(where, "unknown field '%s' (allowed: %s)" % (key, ", ".join(allowed)))
    return True


def _card_label(raw, index, within=""):
    """How a problem names a card: its id, or its position when the id is unusable."""
    if _typed(raw, dict) and _typed(raw.get("id"), str) and raw.get("id"):
        return "card " + raw["id"]
    return "%scard #%d" % (within, index + 1)


def _check_about(p, data):
    about = data.get("about")
    if about is None:
        return
    if not _typed(about, list) or not all(_typed(s, str) for s in about):
        p.add("", "'about' must be a list of text lines")


def _parse(text, name):
    """Parse JSON text; a syntax error becomes a CardDataError naming line and column."""
    if not _typed(text, str):
        raise CardDataError(["%s: expected text, not %s" % (name, type(text).__name__)])
    try:
        return jsondata.loads(text)
    except jsondata.TooDeep as exc:
        raise CardDataError(["%s: %s" % (name, exc)]) from None
    except ValueError as exc:
        # Only now walk the text to say where: scanning every file on the board at
        # start-up would cost about half a second. (MicroPython's parser also lets
        # a missing or trailing comma through; `teebox data check` on CPython does not.)
        where = _json_error(text)
        if where is None:
            raise CardDataError(["%s: not valid JSON (%s)" % (name, exc)])
    pos, what = where
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    raise CardDataError(["%s: line %d, column %d: not valid JSON: %s" % (name, line, col, what)])


# ---------------------------------------------------------------- strict JSON check
# json.loads says *that* the text is bad (MicroPython not even where), so a small
# scanner walks the text to find the first error and say what was expected.

class _Bad(Exception):
    def __init__(self, pos, what):
        super().__init__(what)
        self.pos = pos
        self.what = what


def _json_error(text):
    """(position, reason) of the first JSON syntax error in ``text``, or None if it is valid."""
    try:
        end = _jvalue(text, 0)
        end = _jspace(text, end)
        if end < len(text):
            raise _Bad(end, "unexpected text after the end of the data")
    except _Bad as bad:
        return bad.pos, bad.what
    except RuntimeError:  # recursion limit: no card file nests this deep
        return 0, "the data is nested too deeply"
    return None


def _jspace(t, i):
    while i < len(t) and t[i] in " \t\r\n":
        i += 1
    return i


def _jvalue(t, i):
    i = _jspace(t, i)
    if i >= len(t):
        raise _Bad(i, "the text ends where a value should be")
    c = t[i]
    if c == "{":
        return _jcontainer(t, i, "}")
    if c == "[":
        return _jcontainer(t, i, "]")
    if c == '"':
        return _jstring(t, i)
    for word in ("true", "false", "null"):
        if t.startswith(word, i):
            return i + len(word)
    if c == "-" or "0" <= c <= "9":
        return _jnumber(t, i)
    raise _Bad(i, "unexpected %r (a value is a string in double quotes, a number, "
                  "true, false, null, [...] or {...})" % c)


def _jcontainer(t, i, close):
    i = _jspace(t, i + 1)
    if i < len(t) and t[i] == close:
        return i + 1
    while True:
        i = _jspace(t, i)
        if close == "}":
            if i < len(t) and t[i] == "}":
                raise _Bad(i, "a ',' before '}' (remove the trailing comma)")
            if i >= len(t) or t[i] != '"':
                raise _Bad(i, 'expected a "key" in double quotes')
            i = _jspace(t, _jstring(t, i))
            if i >= len(t) or t[i] != ":":
                raise _Bad(i, "expected ':' after the key")
            i += 1
        elif i < len(t) and t[i] == "]":
            raise _Bad(i, "a ',' before ']' (remove the trailing comma)")
        i = _jspace(t, _jvalue(t, i))
        if i < len(t) and t[i] == ",":
            i += 1
        elif i < len(t) and t[i] == close:
            return i + 1
        else:
            raise _Bad(i, "expected ',' or '%s'" % close)


def _jstring(t, i):
    start = i
    i += 1
    while i < len(t):
        c = t[i]
        if c == '"':
            return i + 1
        if c == "\\":
            if i + 1 >= len(t) or t[i + 1] not in '"\\/bfnrtu':
                raise _Bad(i, "bad escape in a string")
            if t[i + 1] == "u":
                code = t[i + 2:i + 6]
                if len(code) != 4 or any(h not in "0123456789abcdefABCDEF" for h in code):
                    raise _Bad(i, "\\u must be followed by four hex digits")
                i += 6
            else:
                i += 2
            continue
        if c < " ":
            raise _Bad(i, "a line break or tab inside a string (missing '\"'?)")
        i += 1
    raise _Bad(start, "a string is never closed")


def _jnumber(t, i):
    # -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    start = i
    if t[i] == "-":
        i += 1
    if i < len(t) and t[i] == "0":
        i += 1
    else:
        i = _jdigits(t, i, start)
    if i < len(t) and t[i] == ".":
        i = _jdigits(t, i + 1, start)
    if i < len(t) and t[i] in "eE":
        i += 1
        if i < len(t) and t[i] in "+-":
            i += 1
        i = _jdigits(t, i, start)
    return i


def _jdigits(t, i, start):
    first = i
    while i < len(t) and "0" <= t[i] <= "9":
        i += 1
    if i == first:
        raise _Bad(start, "malformed number")
    return i


# ---------------------------------------------------------------- paths

def _check_path(p, where, label, path):
    """Report a path that is not text made of S, L and R; True if it is good."""
    if not _typed(path, str) or not path:
        p.add(where, "%s must be text of S, L and R steps, not %s" % (label, _show(path)))
        return False
    for step in path:
        if step not in "SLR":
            p.add(where, "%s %r has a step that is not S, L or R" % (label, path))
            return False
    return True


def _one_step_less(path, rough):
    # The rough marker lies along the same shape, one hex short: some single step left out.
    for i in range(len(path)):
        if path[:i] + path[i + 1:] == rough:
            return True
    return False


# ---------------------------------------------------------------- clubs

_CLUB_FIELDS = ("id", "name", "initiative", "action", "big_hit", "players", "hand", "powers",
                "wedge")


def load_clubs(text, name="clubs.json"):
    """Parse and validate club cards; a list of :class:`Club` in file order.

    Raises :class:`CardDataError` listing every problem found.
    """
    data = _parse(text, name)
    p = _Problems(name)
    if not _keys(p, "", data, ("about", "clubs")):
        p.raise_if_any()
    _check_about(p, data)
    raw_clubs = data.get("clubs")
    if not _typed(raw_clubs, list):
        if "clubs" in data:
            p.add("", "'clubs' must be a list of club cards")
        p.raise_if_any()
    clubs = []
    shared = {}  # one tuple per distinct decks or powers: the table keeps the cards all game
    for index in range(len(raw_clubs)):
        club = _club(p, raw_clubs[index], index, shared)
        if club is not None:
            clubs.append(club)
    if len(clubs) == len(raw_clubs):  # cross-card checks need every card readable
        _check_club_set(p, clubs)
    p.raise_if_any()
    return clubs


def _club(p, raw, index, shared):
    where = _card_label(raw, index)
    if not _keys(p, where, raw, _CLUB_FIELDS, ("expansion",)):
        return None
    cid = _field(p, where, raw, "id", str)
    if cid is not None:
        if not cid or any(ch not in _ID_CHARS for ch in cid):
            p.add(where, "id %r may use only a-z, 0-9 and '-'" % cid)
    cname = _field(p, where, raw, "name", str)
    if cname is not None and not cname.strip():
        p.add(where, "name must not be empty")
    initiative = _field(p, where, raw, "initiative", int)
    if initiative is not None and not 1 <= initiative <= 99:
        p.add(where, "initiative %d must be from 1 to 99" % initiative)
    big_hit = _field(p, where, raw, "big_hit", bool)
    players = _field(p, where, raw, "players", int)
    if players is not None and players not in PLAYER_MARKS:
        p.add(where, "players must be 1 (always used), 3 (3+ mark) or 5 (5+ mark), not %d"
              % players)
    hand = _field(p, where, raw, "hand", str)
    if hand is not None and hand != "" and (len(hand) != 1 or hand not in HANDS):
        p.add(where, "hand must be one of A, B, C, D, E or \"\", not %r" % hand)
    wedge = _field(p, where, raw, "wedge", bool)
    powers = _club_powers(p, where, raw)
    powers = shared.setdefault(powers, powers)
    expansion = ""
    if "expansion" in raw:
        expansion = _field(p, where, raw, "expansion", str)
        if expansion is not None and expansion not in EXPANSIONS:
            p.add(where, "expansion must be one of: %s, not %r" % (", ".join(EXPANSIONS), expansion))
    action = _club_action(p, where, raw.get("action"), big_hit)
    if None in (cid, cname, initiative, big_hit, players, hand, wedge, expansion, action):
        return None  # a field is missing or mistyped (reported): no card to check further
    kind, decks, count, distance, rough = action
    decks = shared.setdefault(decks, decks)
    return Club(cid, cname, initiative, kind, decks, count, distance, rough, big_hit, players,
                hand, powers, wedge, expansion)


def _club_powers(p, where, raw):
    powers = _field(p, where, raw, "powers", list)
    if powers is None:
        return ()
    for power in powers:
        if not _typed(power, str) or power not in POWERS:
            p.add(where, "unknown power %s (use: %s)" % (_show(power), ", ".join(POWERS)))
        elif powers.count(power) > 1:
            p.add(where, "power '%s' is listed twice" % power)
            break
    return tuple(powers)


def _club_action(p, where, action, big_hit):
    """Check a club's action; (kind, decks, count, distance, rough) or None."""
    if action is None:
        return None  # reported as a missing field
    if not _typed(action, dict):
        p.add(where, "field 'action' must be an object {...}, not %s" % _show(action))
        return None
    kind = action.get("type")
    if kind == "draw":
        return _draw_action(p, where, action, big_hit)
    if kind == "fixed":
        return _fixed_action(p, where, action, big_hit)
    p.add(where, "action type must be \"draw\" (shot decks) or \"fixed\" (woods), not %s"
          % _show(kind))
    return None


def _draw_action(p, where, action, big_hit):
    before = len(p.lines)
    _keys(p, where + ": action", action, ("type", "decks", "count"))
    decks = _field(p, where, action, "decks", list)
    count = _field(p, where, action, "count", int)
    if decks is not None:
        if not 1 <= len(decks) <= 2:
            p.add(where, "action draws from one deck or a choice of two, not %d" % len(decks))
        for d in decks:
            if not _typed(d, str) or d not in DECKS:
                p.add(where, "unknown deck %s (use one of: %s)" % (_show(d), " ".join(DECKS)))
    if len(p.lines) > before:
        return None  # no usable action: shape, types or deck names are wrong
    if len(decks) == 2 and decks[0] == decks[1]:
        p.add(where, "action names deck %s twice" % decks[0])
    if not 1 <= count <= MAX_COUNT:
        p.add(where, "action count must be 1 or 2 cards, not %d" % count)
    elif count == 2 and len(decks) == 2:
        p.add(where, "a club with a choice of two decks draws 1 card, not 2")
    if big_hit and "5" in decks:
        p.add(where, "a club that draws from deck 5 cannot big hit (there is no deck above 5)")
    return "draw", tuple(decks), count, 0, 0


def _fixed_action(p, where, action, big_hit):
    before = len(p.lines)
    _keys(p, where + ": action", action, ("type", "distance", "rough"))
    distance = _field(p, where, action, "distance", int)
    rough = _field(p, where, action, "rough", int)
    if len(p.lines) > before:
        return None
    if not 2 <= distance <= MAX_FLIGHT:
        p.add(where, "fixed distance %d must be from 2 to %d hexes" % (distance, MAX_FLIGHT))
    elif rough != distance - 1:
        p.add(where, "rough distance %d must be one hex less than the distance %d"
              % (rough, distance))
    if big_hit:
        p.add(where, "a fixed-distance club shows no shot deck, so it cannot big hit")
    return "fixed", (), 0, distance, rough


def _check_club_set(p, clubs):
    """Checks across cards: ids, initiatives, expansion links, counts, hands, player marks."""
    seen = {}
    for c in clubs:
        if c.id in seen:
            p.add("card " + c.id, "id is used by two cards")
        seen[c.id] = c
    base = [c for c in clubs if not c.expansion]
    by_initiative = {}
    for c in base:
        other = by_initiative.get(c.initiative)
        if other is not None:
            p.add("card " + c.id, "initiative %d is also on card %s: base cards need unique "
                  "initiatives (they decide the play order)" % (c.initiative, other.id))
        else:
            by_initiative[c.initiative] = c
    _check_expansion_clubs(p, clubs, by_initiative)
    if len(base) != BASE_CLUBS:
        p.add("", "the base game has %d club cards; 18 Holes has %d" % (len(base), BASE_CLUBS))
    for letter in HANDS:
        n = len([c for c in base if c.hand == letter])
        if n != HAND_SIZE:
            p.add("", "first-game hand %s has %d cards; each hand A to E needs %d"
                  % (letter, n, HAND_SIZE))
    _check_player_marks(p, base)


def _check_expansion_clubs(p, clubs, by_initiative):
    replaced = {}
    for c in clubs:
        where = "card " + c.id
        if c.wind_hybrid and c.expansion != "wind":
            p.add(where, "power 'wind_hybrid' belongs on the wind expansion's hybrids only")
        if c.expansion == "wind":
            if not c.wind_hybrid:
                p.add(where, "a wind expansion hybrid needs the power 'wind_hybrid'")
            # Taming the Wind: the wind hybrids replace the base hybrids with the same initiative.
            old = by_initiative.get(c.initiative)
            if old is None or not old.no_rough_penalty:
                p.add(where, "a wind hybrid replaces the base hybrid with the same initiative, "
                      "but no base hybrid has initiative %d" % c.initiative)
                continue
            if c.no_rough_penalty:
                p.add(where, "a wind hybrid loses the no-rough-penalty power")
            if c.initiative in replaced:
                p.add(where, "card %s already replaces %s" % (replaced[c.initiative], old.id))
            replaced[c.initiative] = c.id
            if c.players != old.players or c.hand != old.hand:
                p.add(where, "players and hand must match the replaced card %s (%d, %r)"
                      % (old.id, old.players, old.hand))
        elif c.expansion:
            if c.initiative in by_initiative:
                p.add(where, "initiative %d is also on base card %s: an added club needs its "
                      "own initiative" % (c.initiative, by_initiative[c.initiative].id))
            if c.hand:
                p.add(where, "an expansion club is in no first-game hand (hand must be \"\")")


def in_play(cards, players):
    """How many of ``cards`` the 3+ / 5+ marks leave in play for ``players`` players."""
    return len([c for c in cards if c.players <= players])


def _check_player_marks(p, base):
    # The marks exist so the deal comes out even. Solo and two-player games use the
    # unmarked cards, 3-4 players add the 3+ cards, 5 players use everything.
    solo = in_play(base, 1)
    if solo < SOLO_CLUBS:
        p.add("", "only %d club cards without a 3+ / 5+ mark; Solo Chaos Golf needs %d "
              "(your 5 and 5 for each of three opponents)" % (solo, SOLO_CLUBS))
    for players in range(2, MAX_PLAYERS + 1):
        n = in_play(base, players)
        each, spare = n // players, n % players
        if each < HAND_SIZE:
            p.add("", "with %d players only %d club cards are in play: each player needs at "
                  "least %d" % (players, n, HAND_SIZE))
        elif spare and players < MAX_PLAYERS:
            p.add("", "with %d players %d club cards are in play: that does not deal evenly "
                  "(%d each, %d left over); change the 3+ / 5+ marks"
                  % (players, n, each, spare))


def clubs_for(clubs, players, expansions=()):
    """The club cards used with ``players`` players and the given expansions.

    Base cards minus those marked 3+ (fewer than 3 players) or 5+ (fewer than 5);
    expansion cards only when their expansion is on. The wind hybrids take the
    place of the base hybrids with the same initiative.
    """
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError("18 Holes is played by 1 to %d players, not %d" % (MAX_PLAYERS, players))
    for e in expansions:
        if e not in MODULES:
            raise ValueError("unknown expansion module %r (use: %s)" % (e, ", ".join(MODULES)))
    swap = {}
    if "wind" in expansions:
        for c in clubs:
            if c.expansion == "wind":
                swap[c.initiative] = c
    out = []
    for c in clubs:
        if c.expansion or c.players > players:
            continue
        out.append(swap.get(c.initiative, c))
    for c in clubs:
        if c.expansion in expansions and c.expansion != "wind" and c.players <= players:
            out.append(c)
    return out


# ---------------------------------------------------------------- shots

def load_shots(text, name="shots.json"):
    """Parse and validate the shot decks; a dict deck name -> list of :class:`Shot`.

    Raises :class:`CardDataError` listing every problem found.
    """
    data = _parse(text, name)
    p = _Problems(name)
    if not _keys(p, "", data, ("about", "decks")):
        p.raise_if_any()
    _check_about(p, data)
    raw_decks = data.get("decks")
    if not _typed(raw_decks, dict):
        if "decks" in data:
            p.add("", "'decks' must be an object of deck name -> list of cards")
        p.raise_if_any()
    for key in sorted(raw_decks):
        if key not in DECKS:
            p.add("", "unknown deck %r (the decks are: %s)" % (key, " ".join(DECKS)))
    decks = {}
    ids = {}
    # One object per distinct path, (path, rough) pair and card's outcomes (74 cards
    # show 34): saves heap on the board, where the table keeps the cards all game.
    paths = {}
    total = 0
    for deck in DECKS:
        raw = raw_decks.get(deck)
        if raw is None:
            p.add("", "deck %s is missing" % deck)
            continue
        if not _typed(raw, list):
            p.add("deck " + deck, "must be a list of cards")
            continue
        shots = []
        for index in range(len(raw)):
            shot = _shot(p, raw[index], index, deck, paths)
            if shot is not None:
                if shot.id in ids:
                    p.add("card " + shot.id, "id is used by two cards (decks %s and %s)"
                          % (ids[shot.id], deck))
                ids[shot.id] = deck
                shots.append(shot)
        total += len(raw)
        decks[deck] = shots
    if total != BASE_SHOTS:
        p.add("", "the decks hold %d shot cards; 18 Holes has %d (%s)" % (
            total, BASE_SHOTS,
            ", ".join("%s: %d" % (d, len(raw_decks[d])) for d in DECKS
                      if _typed(raw_decks.get(d), list))))
    longest = [s.id for d in decks for s in decks[d] if s.special == LONGEST_DRIVE]
    if len(longest) != 1:
        p.add("", "there must be exactly one longest drive card, found %d" % len(longest))
    for deck in DECKS:
        if deck in decks:
            _check_deck_size(p, deck, decks[deck])
    p.raise_if_any()
    return decks


def load_solo(text, name="solo.json"):
    """Parse and validate the Solo Chaos Golf cards: a tuple of ``(id, difficulty,
    rounds)``, ``rounds`` a text of :data:`SOLO_SYMBOLS` (``"PPCP"``: three player-only
    scoring rounds and a combined one, in the card's order). Raises
    :class:`CardDataError` listing every problem found."""
    data = _parse(text, name)
    p = _Problems(name)
    if not _keys(p, "", data, ("about", "cards")):
        p.raise_if_any()
    _check_about(p, data)
    raw = data.get("cards")
    if not _typed(raw, list):
        if "cards" in data:
            p.add("", "'cards' must be a list of Solo Chaos Golf cards")
        p.raise_if_any()
    out = []
    ids = {}
    for index in range(len(raw)):
        card = raw[index]
        where = _card_label(card, index)
        if not _keys(p, where, card, ("id", "difficulty", "rounds")):
            continue
        cid = _field(p, where, card, "id", str)
        value = _field(p, where, card, "difficulty", int)
        rounds = _field(p, where, card, "rounds", str)
        if value is not None and not 1 <= value <= MAX_DIFFICULTY:
            p.add(where, "field 'difficulty' must be 1 to %d, not %d" % (MAX_DIFFICULTY, value))
            value = None
        if rounds is not None and (not 1 <= len(rounds) <= MAX_SOLO_ROUNDS or
                                   [c for c in rounds if c not in SOLO_SYMBOLS]):
            p.add(where, "field 'rounds' must be 1 to %d symbols, each P (player only "
                  "scoring) or C (combined scoring), not %r" % (MAX_SOLO_ROUNDS, rounds))
            rounds = None
        if cid is not None:
            if cid in ids:
                p.add(where, "id is used by two cards (#%d and #%d)" % (ids[cid], index + 1))
            ids[cid] = index + 1
        if None not in (cid, value, rounds):
            out.append((cid, value, rounds))
    if len(raw) != BASE_SOLO:
        p.add("", "%d Solo Chaos Golf cards; the box holds %d" % (len(raw), BASE_SOLO))
    combined = sum([r.count("C") for _i, _v, r in out])
    if len(out) == len(raw) and combined < SOLO_MIN_COMBINED:
        p.add("", "the cards show %d combined scoring rounds in all: no deck reaches the %d "
              "every Solo Chaos Golf deck needs" % (combined, SOLO_MIN_COMBINED))
    p.raise_if_any()
    return tuple(out)


def _check_deck_size(p, deck, shots):
    # A deck must hold the largest draw a turn can start with: a two-card club's big
    # hit draws 3 from any deck above C (chips draw at most 2), and the longest drive
    # card leaves its deck for good once a player keeps it.
    need = MAX_COUNT if deck == "C" else MAX_COUNT + 1
    why = "a two-card club draws 2" if deck == "C" else "a two-card club's big hit draws 3"
    if [s for s in shots if s.special == LONGEST_DRIVE]:
        need += 1
        why += ", and the longest drive card in it may be kept out"
    if len(shots) < need:
        p.add("deck " + deck, "holds %d card%s but a draw can need %d (%s): add cards to it"
              % (len(shots), "" if len(shots) == 1 else "s", need, why))


def _shot(p, raw, index, deck, paths):
    where = _card_label(raw, index, "deck %s, " % deck)
    if not _keys(p, where, raw, ("id", "outcomes", "bunker"), ("special", "wild")):
        return None
    sid = _field(p, where, raw, "id", str)
    if sid is not None and not sid:
        p.add(where, "id must not be empty")
    bunker = _field(p, where, raw, "bunker", str)
    if bunker is not None and bunker not in BUNKER_NAMES:
        p.add(where, "bunker outcome must be one of: %s, not %r" % (", ".join(BUNKER_NAMES), bunker))
    wild = False
    if "wild" in raw:
        wild = _field(p, where, raw, "wild", bool)
    special, special_deck = _shot_special(p, where, raw.get("special"), deck)
    outcomes = _shot_outcomes(p, where, raw.get("outcomes"), deck, special, wild, paths)
    if sid is None:
        return None
    # Built even when a field is wrong (reported above), so the checks across cards
    # still see its id and kind; load_shots refuses the file in that case anyway.
    return Shot(sid, deck, outcomes, _index_of(BUNKER_NAMES, bunker), special, special_deck,
                wild)


def _index_of(names, name):
    for i in range(len(names)):
        if names[i] == name:
            return i
    return -1


def _shot_special(p, where, raw, deck):
    """Check a card's special; (special constant, deck or None)."""
    if raw is None:
        return NONE, None
    if not _keys(p, where + ": special", raw, ("type",), ("deck",)):
        return NONE, None
    kind = raw.get("type")
    special = _index_of(SPECIAL_NAMES, kind)
    if special <= NONE:
        p.add(where, "special type must be one of: %s, not %s"
              % (", ".join(SPECIAL_NAMES[1:]), _show(kind)))
        return NONE, None
    target = raw.get("deck")
    if special not in (SUPER, SHORT):
        if "deck" in raw:
            p.add(where, "a %s card names no deck" % kind)
        return special, None
    if target is None:
        p.add(where, "a %s card must name the deck to draw from next" % kind)
        return special, None
    if not _typed(target, str) or target not in DECKS:
        p.add(where, "%s sends to unknown deck %s (use one of: %s)"
              % (kind, _show(target), " ".join(DECKS)))
        return special, None
    up = _deck_index(target) - _deck_index(deck)
    if special == SUPER and up <= 0:
        p.add(where, "a super card sends to a higher deck than %s, not %s" % (deck, target))
    if special == SHORT and up >= 0:
        p.add(where, "a short card sends to a lower deck than %s, not %s" % (deck, target))
    if special == SHORT and target == "C":
        # A chip needs its direction declared before the draw, which a short cannot give.
        p.add(where, "a short card cannot send to the chip deck")
    return special, target


def _shot_outcomes(p, where, raw, deck, special, wild, paths):
    """Check a card's flight paths; a tuple of (path, rough) pairs."""
    if raw is None:
        return ()  # reported as a missing field
    if not _typed(raw, list):
        p.add(where, "field 'outcomes' must be a list, not %s" % _show(raw))
        return ()
    if special in (SUPER, SHORT, SHUFFLE):
        if raw:
            p.add(where, "a %s card has no flight path (outcomes must be [])"
                  % SPECIAL_NAMES[special])
        if wild:
            p.add(where, "a %s card cannot be wild" % SPECIAL_NAMES[special])
        return ()
    if not raw:
        p.add(where, "needs a flight path in 'outcomes'")
        return ()
    if wild and not 2 <= len(raw) <= MAX_OUTCOMES:
        p.add(where, "a wild card offers 2 or 3 outcomes, not %d" % len(raw))
    elif not wild and len(raw) > 1:
        p.add(where, "%d outcomes but not marked \"wild\": true" % len(raw))
    out = []
    for i in range(len(raw)):
        label = "outcome %d" % (i + 1) if len(raw) > 1 else ""
        pair = _outcome(p, where, raw[i], deck, special, label)
        if pair is not None:
            path, rough = pair
            pair = (paths.setdefault(path, path), paths.setdefault(rough, rough))
            out.append(paths.setdefault(pair, pair))
    outcomes = tuple(out)
    return paths.setdefault(outcomes, outcomes)


def _outcome(p, where, raw, deck, special, label):
    at = where + (": " + label if label else "")
    if not _keys(p, at, raw, ("path",), ("rough",)):
        return None
    path = raw.get("path")
    rough = raw.get("rough")
    if not _check_path(p, at, "flight path", path):
        return None
    if deck == "C":
        if len(path) != CHIP_STEPS:
            p.add(at, "chip path %r must be exactly %d hexes" % (path, CHIP_STEPS))
        if rough is not None:
            p.add(at, "chip cards have no rough landing (rough must be null)")
        return path, None
    if rough is None:
        p.add(at, "missing rough path (where the ball lands from the rough)")
        return None
    if not _check_path(p, at, "rough path", rough):
        return None
    if special == LONGEST_DRIVE:
        if path != LONGEST_DRIVE_PATH or rough != LONGEST_DRIVE_PATH[1:]:
            p.add(at, "the longest drive flies %s (rough %s), not %s (rough %s)"
                  % (LONGEST_DRIVE_PATH, LONGEST_DRIVE_PATH[1:], path, rough))
        return path, rough
    if len(path) > MAX_FLIGHT:
        p.add(at, "flight path %r is %d hexes: only the longest drive card flies more than %d"
              % (path, len(path), MAX_FLIGHT))
    if len(rough) != len(path) - 1:
        p.add(at, "rough path %r must be exactly one hex shorter than the flight path %r"
              % (rough, path))
    elif not _one_step_less(path, rough):
        p.add(at, "rough path %r is not the flight path %r with one step left out"
              % (rough, path))
    return path, rough
