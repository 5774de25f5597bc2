"""18 Holes as game records, the board's journal and the host's score history see it.

Every game's ``records`` module has this face, so the code that writes records
and journals, syncs them and ranks them (``core/wire/gamerecord.py``,
``app/gamejournal.py``, the host's sync, scores and replay) finds a game through
the registry (:mod:`teebox.core.games`) and imports no game package itself:

* ``mode_of(setup)``: the way to play as data (a name);
* ``mode_facts(mode)``: what scorecards and the score history show of it: an object
  with ``title``, ``lower_wins`` (the lowest total wins), ``unit`` (what a total
  counts, a plural noun), ``legend`` (what a hole's cell shows),
  ``scored_per_hole`` (every seat scores a number on every hole), and what the
  fourth number of a standings row counts: ``count_key`` (its name in exports:
  ``hole_in_ones``, ``playoff_wins``) and ``count_title`` (its column's title);
* ``score_name(kind)``: what a live SCORED event's score kind counts ("flag",
  "strokes", "points");
* ``LOG_MAGIC``: the first bytes of its game logs (a saved log says which game it is);
* ``mode_code(mode)`` / ``mode_named(code)``: the mode's number in live events;
* ``modules_of(log)``: the titles of the expansion modules the game of these log bytes
  played (``("Coastlines",)``; empty for none), what the score history shows;
* ``log(game, inputs=True)``: the game log bytes (setup and inputs; the setup only
  with ``inputs=False``); ``input_bytes(seat, choice)``: what one input adds to
  them (the journal appends these after its header);
* ``replay(log, data)``: ``(game, holes)``, the game the log bytes rebuild and
  its score sheet ``[(hole, par, (score of each seat, ...)), ...]``; ValueError
  naming what cannot be replayed, LookupError when ``data`` lacks the course the game
  was played on (``data``: ``"courses"``, a function from a course hash to the
  course or None, the card data ``"clubs"`` and ``"shots"``, and for a game with
  an expansion module its data, ``"greens"`` and ``"wind"``: a game whose module's
  data is missing is a ValueError naming it);
* ``data_of(game)``: the ``data`` that replays ``game``'s own log;
* ``golfers(log)``: ``(seat, golfer, side)`` of each seat that played a golfer card,
  read from log bytes (a game without golfer cards: none), for the score history;
* ``course(game)``: ``(8-byte hash, name)`` of its course (or layout: games
  without a course name their layout), what bests are compared on;
* ``progress(game)``: ``(hole, round)`` as the link reports a game in play;
* ``safe_point(game)``: ``(key, waiting)``; the journal writes its inputs when
  the key changes or ``waiting`` grows (flash writes pause the table);
* ``scoreboard(game, seen)``: ``(events, seen)``, the live events
  (``core/wire/events.py``) since ``seen`` (None: nothing yet, no events).
"""

from teebox.core.holes18 import gamelog, modes
from teebox.core.holes18.protocol import (DRAFT_PICK, OUT_SCORED, POLICY_KINDS, SCORE_NAMES,
                                         SELECT_CLUB)
from teebox.core.holes18.setup import expansion_titles
from teebox.core.wire.events import EV_HOLE, EV_SCORED

LOG_MAGIC = gamelog.MAGIC
# (made once: a tuple of imported names is built at every use, and the journal asks at
# every choice)
_SIMULTANEOUS = (SELECT_CLUB, DRAFT_PICK)


def score_name(kind):
    """What a live SCORED event's score kind counts (``protocol.SCORE_NAMES``); "points"
    for a kind this firmware does not know."""
    return SCORE_NAMES[kind] if 0 < kind < len(SCORE_NAMES) else "points"


def mode_of(setup):
    """The mode of a game's setup (a name of ``modes.NAMES``)."""
    return setup.mode


def mode_facts(mode):
    """The mode object (its class attributes are the facts); ValueError if unknown."""
    return modes.make(mode)


def mode_code(mode):
    """A mode's number (its log code: written by records before version 4)."""
    return modes.code(mode)


def modules_of(log):
    """The titles of the expansion modules a game log's setup names; ValueError for
    bytes that are not an 18 Holes log."""
    return expansion_titles(gamelog.decode(log).setup.expansions)


def mode_named(code):
    """The mode of a number :func:`mode_code` gave; ValueError if there is none."""
    if not 0 <= code < len(modes.NAMES):
        raise ValueError("unknown 18 Holes mode code %d" % code)
    return modes.NAMES[code]


def log(game, inputs=True):
    """The game's log bytes (without its inputs when ``inputs`` is false)."""
    out = gamelog.of(game)
    if not inputs:
        out.inputs = []
    return gamelog.encode(out)


def input_bytes(seat, choice):
    """The bytes one input adds to a log."""
    return gamelog.encode_input(seat, choice)


def replay(data, found):
    """``(game, holes)`` rebuilt from log bytes ``data`` (see the module docstring)."""
    played = gamelog.decode(data)
    course = found["courses"](played.course_hash)
    if course is None:
        raise LookupError("course %s" % bytes(played.course_hash).hex())
    # (a module whose data is missing refuses the game: its ValueError names the data)
    game = gamelog.replay(gamelog.GameLog(played.setup, played.course_hash, played.cards_crc,
                                          []), course, found["clubs"], found["shots"],
                          _module_data(found, "wind", played.setup),
                          _module_data(found, "greens", played.setup))
    n = played.setup.players
    table = [[0] * n for _ in range(course.hole_count)]
    for i in range(len(played.inputs)):
        seat, choice = played.inputs[i]
        try:
            outs = game.apply(choice, seat)
        except ValueError as exc:
            raise ValueError("game log input %d (player %d, %r) is illegal: %s"
                             % (i, seat + 1, choice, exc))
        for out in outs:
            if out[0] == OUT_SCORED and 1 <= out[2] <= course.hole_count:
                table[out[2] - 1][out[1]] += out[4]
    holes = [(h + 1, course.hole(h + 1)[0], tuple(table[h])) for h in range(course.hole_count)]
    return game, holes


def _module_data(found, name, setup):
    # A module's data from ``found`` if the game played it (None: not given; a data
    # mapping without the key is the same, not a missing course).
    if name in setup.expansions:
        try:
            return found[name]
        except KeyError:
            pass
    return None


def golfers(data):
    """``[(seat, golfer name, side)]`` of the seats with a golfer card, from log bytes."""
    cards = gamelog.decode(data).setup.golfers or ()
    return [(s, cards[s][0], cards[s][1]) for s in range(len(cards)) if cards[s] is not None]


def data_of(game):
    """The data ``game`` is played with, as :func:`replay` takes it."""
    return {"courses": lambda h: game.course, "clubs": game.clubs, "shots": game.shots,
            "greens": game.green_cards, "wind": game.wind_cards}


def course(game):
    """``(8-byte content hash, name)`` of the game's course."""
    return bytes(game.course.hash), game.course.name


def progress(game):
    """``(hole, round)``: the furthest hole a golfer stands on, and the round."""
    return max([p.hole for p in game.players]), game.round


def safe_point(game):
    """``(key, waiting)``: another player's decision, a new round or a throw of the game's
    seeded dice or shuffle changes the key; a simultaneous choice (clubs, draft) starting
    afresh grows ``waiting``.

    A decision a policy asks of a player other than the turn's (``Game.ask``: a Skins
    player's 5 or a Kelly Golf target, before the first round or between turns) is its
    decider's, as a turn is the turn player's: the journal writes what came before as
    the decision passes to that player, and its answer as it passes on, whatever the
    mode. A choice that throws the dice (a putt of Reading the Greens, its Mallet Putter)
    or draws at random is written as soon as it is made, before the player sees what came
    of it and decides on: a game resumed after a power cut has that throw, never a new
    one (the player would otherwise roll again, other dice perhaps)."""
    d = game.pending()
    waiting = len(d.waiting) if d.kind in _SIMULTANEOUS else 0
    player = d.player
    if d.kind >= POLICY_KINDS and d.players[0] != player:
        player = d.players[0]
    return (player, game.round, game.rng.getstate()), waiting


def scoreboard(game, seen):
    """``(events, seen)``: tokens won and golfers on a new tee since ``seen``. A mode's
    automated opponents (Solo Chaos Golf's ``opponents``) score as the seats after the
    players', so a watcher of the link follows them too."""
    others = game.mode.opponents(game) if hasattr(game.mode, "opponents") else ()
    if seen is not None and _unchanged(game, seen, others):
        return (), seen  # (the journal asks at every input: nothing made when nothing new)
    events = []
    now = [(p.hole, len(p.tokens)) for p in game.players]
    for _name, _points, won in others:
        now.append((0, len(won)))
    if seen is not None:
        for p in game.players:
            hole, ntok = seen[p.seat]
            for i in range(ntok, len(p.tokens)):
                h, kind = p.tokens[i]
                events.append((EV_SCORED, p.seat, h, kind, p.score))
            if p.hole != hole:
                events.append((EV_HOLE, p.seat, p.hole))
        seat = len(game.players)
        for _name, points, won in others:
            for i in range(seen[seat][1], len(won)):
                events.append((EV_SCORED, seat, won[i][0], won[i][1], points))
            seat += 1
    return events, now


def _unchanged(game, seen, others):
    # Whether no golfer has a token or a tee and no opponent a token that ``seen`` lacks.
    for p in game.players:
        hole, ntok = seen[p.seat]
        if p.hole != hole or len(p.tokens) != ntok:
            return False
    seat = len(game.players)
    for _name, _points, won in others:
        if len(won) != seen[seat][1]:
            return False
        seat += 1
    return True
