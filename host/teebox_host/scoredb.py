"""The score history: every finished game synced from a table, in a SQLite file or on a
club's PostgreSQL server (``score_store``: the schema, its migrations, the connections).

"Keep a record of your scores. When you come to play the same course again, try
and beat your previous best." (18 Holes, Stroke Play). ``teebox sync`` stores each
game the board hands over with :meth:`ScoreDB.add_game`; ``teebox scores`` reads
leaderboards, personal bests and histories back.

Rules the store keeps:

* A game is identified by the board it was played on and that board's game
  number. Syncing the same game twice stores it once (``add_game`` returns
  False); the same number arriving with a *different* game log is a conflict
  and raises :class:`GameConflict` rather than silently keeping either.
* All rows of one game are written in one transaction: a failure part way
  leaves nothing behind.
* Several tables may sync into one store at once (a club's server): writers take
  the store's write lock in turn, so none loses or doubles another's game.
* Every game of the registry (``teebox.core.games``: 18 Holes, Play Nine, ...) is
  stored; a game carries its game's name and its mode as data.
* Scores are only comparable between games of the same game, on the same course
  *content hash* (see docs/course-format.md; a game without a course: the same
  layout, e.g. Play Nine's number of holes) and in the same mode. The mode says
  whether the lowest total is best (Stroke Play, Play Nine) or the highest.
* Each seat keeps its place, its total and what its game's standings count besides
  (``score_records.count_field``: 18 Holes hole-in-ones, Play Nine playoff wins),
  which leaderboards and exports name as the game does.
* Players are named by their colour on the board ("Red"); names are unique
  regardless of case, and :meth:`ScoreDB.rename_player` gives them a person's
  name on the laptop (merging into that person if the name is already used).
* Names are text to show, never to obey: a control character or bidirectional
  override from a board is stored as U+FFFD (files written before this rule are
  cleaned as they are read), a new name holding one is refused, and a CSV cell
  that a spreadsheet would take for a formula is written with a leading ``'``.
"""

import csv
import io
import json
import os
import re
import time
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

from teebox.core.course import unsafe_char
from teebox_host import datadir, score_store
from teebox_host.score_queries import ScoreQueries
from teebox_host.score_store import exists, is_url, location, shown  # noqa: F401 (for the commands)
from teebox_host.score_records import (  # noqa: F401 (the records' names, also found here)
    LEGACY_GAME, GameConflict, GameResult, HistoryEntry, LeaderboardRow, PersonalBest,
    ScoreDBError, SeatResult, StoredGame, UnknownPlayer, clean, count_field, count_keys,
    game_ref, iso_time, known_modes, lower_wins, mode_facts, mode_title, modules, registry,
    to_par, unit, when)

ENV_VAR = score_store.ENV_VAR
SCHEMA_VERSION = score_store.SCHEMA_VERSION
FILENAME = "scores.sqlite3"
DB_HELP = ("The score file, or a club's score server as postgresql://user:password@host/"
           "database (default: $%s, else your per-user data folder, teebox/%s)."
           % (ENV_VAR, FILENAME))
EXPORT_FORMATS = ("csv", "json")

_HASH_RE = re.compile(r"^[0-9a-f]{16}$")


class ScoreDB(ScoreQueries):
    """The score history in one SQLite file or on a club's PostgreSQL server (created
    and migrated on open, see :mod:`~teebox_host.score_store`): storing games here,
    reading them back in :class:`~teebox_host.score_queries.ScoreQueries`.

    ``path`` is a file path (``":memory:"`` for one in memory) or a server URL,
    ``postgresql://user:password@host/database``.
    """

    def __init__(self, path, clock=time.time):
        self.path = path if score_store.is_url(path) else Path(path)
        self._clock = clock
        if not score_store.is_url(path) and str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._store = score_store.Store(self.path)
        try:
            self._store.migrate()
        except sa.exc.OperationalError as exc:
            self._store.close()
            if self._store.server:
                raise ScoreDBError("cannot reach the score server %s (%s). Check the URL "
                                   "given with --db or %s." % (
                                       score_store.shown(path), _first_line(exc.orig),
                                       ENV_VAR)) from None
            raise self._not_ours(path, exc) from None
        except sa.exc.DatabaseError as exc:
            self._store.close()
            raise self._not_ours(path, exc) from None
        except BaseException:
            self._store.close()
            raise

    @staticmethod
    def _not_ours(path, exc):
        return ScoreDBError("%s is not a Teebox score file (%s says: %s). Give another "
                            "file with --db or %s." % (
                                score_store.shown(path),
                                "PostgreSQL" if score_store.is_url(path) else "SQLite",
                                _first_line(exc.orig), ENV_VAR))

    # ------------------------------------------------------------ file and schema

    @staticmethod
    def default_path():
        """Where scores live: ``$TEEBOX_SCORES``, else the per-user data folder.

        The data folder is platformdirs' ``user_data_dir("teebox")`` when
        platformdirs is installed (mpremote brings it), else ``$XDG_DATA_HOME``
        or ``~/.local/share``, then ``teebox/scores.sqlite3``. ``$TEEBOX_SCORES``
        may also be a PostgreSQL server's URL.
        """
        env = os.environ.get(ENV_VAR)
        if env:
            return score_store.location(env)
        return datadir.user_data_dir() / FILENAME

    def close(self):
        """Close the file (or the server's connections)."""
        self._store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _read(self):
        return self._answered(self._store.read())

    def _transaction(self):
        return self._answered(self._store.write())

    @contextmanager
    def _answered(self, session):
        # A server gone (or a file locked too long) mid-way: said plainly, never a
        # traceback; the transaction rolled back, so a game is stored whole or not at all.
        try:
            with session as db:
                yield db
        except sa.exc.OperationalError as exc:
            raise ScoreDBError("the score store %s failed (%s): nothing was stored by this "
                               "step; try again" % (score_store.shown(self.path),
                                                     _first_line(exc.orig))) from None

    def schema_version(self):
        """The schema version of the open store."""
        with self._read() as db:
            return db.scalar("SELECT version FROM schema_version") or 0

    # ------------------------------------------------------------ storing games

    def add_game(self, result, synced_at=None):
        """Store a finished game; True if stored, False if it was stored already.

        Raises :class:`GameConflict` when the board's game number is stored with a
        different log, and :class:`ScoreDBError` naming the field when the result
        is malformed. Everything is written in one transaction. ``synced_at``: when
        the game was first synced (a copied game keeps it), else now.
        """
        r = _checked(result)
        where = game_ref(r.board_id, r.game_number)
        now = int(self._clock()) if synced_at is None else int(synced_at)
        with self._transaction() as db:
            row = db.execute(
                "SELECT g.log FROM games g JOIN boards b ON b.id = g.board "
                "WHERE clean(b.board_id) = ? AND g.game_number = ?",
                (r.board_id, r.game_number)).fetchone()
            if row is not None:
                if bytes(row[0]) == r.log:
                    return False
                raise GameConflict(
                    "%s is stored already with a different game log (%d bytes stored, %d "
                    "bytes now): the board's game numbers restarted or the board ID is "
                    "shared. Nothing was changed; rename the board ID or remove the "
                    "stored game first." % (where, len(row[0]), len(r.log)))
            db.execute("INSERT INTO boards (board_id, first_synced, last_synced) "
                       "VALUES (?, ?, ?) ON CONFLICT (board_id) "
                       "DO UPDATE SET last_synced = excluded.last_synced",
                       (r.board_id, now, now))
            board = db.execute("SELECT id FROM boards WHERE board_id = ?",
                               (r.board_id,)).fetchone()[0]
            db.execute("INSERT INTO courses (hash, name) VALUES (?, ?) ON CONFLICT (hash) "
                       "DO UPDATE SET name = excluded.name", (r.course_hash, r.course_name))
            course = db.execute("SELECT id FROM courses WHERE hash = ?",
                                (r.course_hash,)).fetchone()[0]
            game = db.scalar(
                "INSERT INTO games (board, game_number, game, mode, course, seed, log, "
                "finished_at, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (board, r.game_number, r.game, r.mode, course, r.seed, r.log, r.finished_at,
                 now))
            standing = {seat: (place, score, hio) for place, seat, score, hio in r.standings}
            cards = {seat: (golfer, side) for seat, golfer, side in r.golfers}
            seated = []
            for seat, name, colour in r.players:
                # (names are unique in any case: the one conflict there can be)
                db.execute("INSERT INTO players (name) VALUES (?) ON CONFLICT DO NOTHING",
                           (name,))
                player = db.scalar("SELECT id FROM players WHERE lower(name) = lower(?)",
                                   (name,))
                place, total, hio = standing[seat]
                golfer, side = cards.get(seat, ("", ""))
                putt = r.longest_putt[1] if r.longest_putt and r.longest_putt[0] == seat else 0
                seated.append((game, seat, player, colour, total, place, hio,
                               int(seat in r.bots), golfer, side, int(seat == r.longest_drive),
                               putt))
            # The rows of the seats and of the hole scores each go in one call: the time
            # of a sync's last game is spent here, not on the line.
            db.execute_many("INSERT INTO game_players (game, seat, player, colour, total, "
                            "place, hole_in_ones, bot, golfer, side, longest_drive, "
                            "longest_putt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", seated)
            scores = [(game, seat, number, par, score) for number, par, row in r.holes
                      for (seat, _name, _colour), score in zip(r.players, row)]
            if scores:
                db.execute_many("INSERT INTO hole_scores (game, seat, hole, par, score) "
                                "VALUES (?, ?, ?, ?, ?)", scores)
        return True

    def rename_player(self, old, new):
        """Rename a player everywhere; merges into ``new`` if that name is used already.

        Returns the number of games that changed. Raises :class:`UnknownPlayer` for
        an unknown ``old`` and :class:`ScoreDBError` when both names played in the
        same game (a merge would seat one person twice).
        """
        new = new.strip() if isinstance(new, str) else new
        if not new:
            raise ScoreDBError("the new name is empty: give the player's name, e.g. Alice")
        bad = unsafe_char(new)
        if bad:
            raise ScoreDBError("the new name %r holds %s (character %d), a control or "
                               "bidirectional character: give the name in plain text"
                               % (new, bad[1], bad[0]))
        with self._transaction() as db:
            old_id, old_name = self._player(old, db)
            games = db.execute("SELECT COUNT(*) FROM game_players WHERE player = ?",
                               (old_id,)).fetchone()[0]
            row = db.execute("SELECT id, name FROM players WHERE lower(name) = lower(?)",
                             (new,)).fetchone()
            if row is None or row[0] == old_id:
                db.execute("UPDATE players SET name = ? WHERE id = ?", (new, old_id))
                return games
            new_id, new_name = row
            shared = db.execute(
                "SELECT clean(b.board_id), g.game_number FROM game_players a "
                "JOIN game_players c ON c.game = a.game AND c.player = ? "
                "JOIN games g ON g.id = a.game JOIN boards b ON b.id = g.board "
                "WHERE a.player = ? ORDER BY g.id LIMIT 1", (new_id, old_id)).fetchone()
            if shared:
                raise ScoreDBError(
                    "%s and %s both played %s: they are two people, so %s cannot be merged "
                    "into %s. Pick another name." % (old_name, new_name,
                                                     game_ref(*shared), old_name, new_name))
            db.execute("UPDATE game_players SET player = ? WHERE player = ?", (new_id, old_id))
            db.execute("DELETE FROM players WHERE id = ?", (old_id,))
            return games

    def delete_game(self, board_id, game_number):
        """Remove a stored game with its seats and scores (its players and course stay);
        True if it was stored, False if not."""
        with self._transaction() as db:
            game = db.scalar("SELECT g.id FROM games g JOIN boards b ON b.id = g.board "
                             "WHERE clean(b.board_id) = ? AND g.game_number = ?",
                             (clean(board_id), game_number))
            if game is None:
                return False
            for table in ("hole_scores", "game_players", "games"):
                db.execute("DELETE FROM %s WHERE %s = ?"
                           % (table, "id" if table == "games" else "game"), (game,))
            return True

    def copy_to(self, other):
        """Copy every game into the store ``other`` (a laptop's file into a club's server),
        oldest first, each with its sync time and its players' names as they are here.

        Returns ``(stored, already, conflicts)``: how many games were stored, how many
        were there already, and the :class:`GameConflict` message of each game stored
        there with another log (left as it was there).
        """
        stored = already = 0
        conflicts = []
        for g in reversed(self.games()):
            try:
                if other.add_game(self.game(g.board_id, g.game_number), synced_at=g.synced_at):
                    stored += 1
                else:
                    already += 1
            except GameConflict as exc:
                conflicts.append(str(exc))
        return stored, already, conflicts

    # ------------------------------------------------------------ export

    def export(self, fmt):
        """Rows for an export, oldest game first.

        ``"csv"``: one flat dict per seat of every game (the same keys in every
        row; per-hole scores in ``h1``..``hN``, blank past a game's last hole).
        ``"json"``: one nested dict per game with its holes, pars, seats and the
        game log as hex.

        Both say each seat's golfer card (``golfer``, ``golfer_side``: blank or null for
        none) and the expansion modules the game played (``modules``: their titles, as
        its log says through its game's records face; CSV: joined by ``"; "``).
        """
        if fmt not in EXPORT_FORMATS:
            raise ScoreDBError("unknown export format %r (use %s)"
                               % (fmt, " or ".join(EXPORT_FORMATS)))
        refs = [(g.board_id, g.game_number, g.synced_at) for g in reversed(self.games())]
        results = [(self.game(board, number), synced) for board, number, synced in refs]
        if fmt == "json":
            return [_json_game(r, synced) for r, synced in results]
        return _csv_rows(results)

    def export_text(self, fmt):
        """The whole history as CSV or JSON text (see :meth:`export`)."""
        return _export_text(self.export(fmt), fmt)


def _csv_rows(results):
    # One flat row per seat of every game (see ScoreDB.export): what the standings count
    # has a column per kind (hole_in_ones, playoff_wins), blank for the other games.
    most = max((len(r.holes) for r, _s in results), default=0)
    counts = dict.fromkeys(count_keys(), "")
    rows = []
    for r, synced in results:
        place = {seat: (pl, score, hio) for pl, seat, score, hio in r.standings}
        played = "; ".join(modules(r.game, r.log))
        for i, (seat, name, colour) in enumerate(r.players):
            pl, total, hio = place[seat]
            row = {"board_id": r.board_id, "game_number": r.game_number,
                   "finished_at": r.finished_at, "finished": iso_time(r.finished_at),
                   "synced_at": synced, "game": r.game, "mode": r.mode,
                   "course_hash": r.course_hash,
                   "course_name": r.course_name, "seed": r.seed, "seat": seat,
                   "player": name, "colour": colour, "bot": int(seat in r.bots),
                   "place": pl, "total": total}
            row.update(counts)
            row[count_field(r.mode, r.game)[0]] = hio
            row.update(_cards_held(r, seat, ""))
            row.update(_golfer_card(r, seat, ""))
            row["modules"] = played
            row["par"] = sum(h[1] for h in r.holes)
            for n in range(most):
                row["h%d" % (n + 1)] = r.holes[n][2][i] if n < len(r.holes) else ""
            rows.append(row)
    return rows


def _export_text(rows, fmt):
    # Export rows as JSON, or as CSV with every cell safe from spreadsheet formulas.
    if fmt == "json":
        return json.dumps(rows, indent=2) + "\n"
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: _csv_text(v) for k, v in row.items()} for row in rows)
    else:
        out.write(",".join(list(_CSV_HEADER) + count_keys() + list(_CARDS) + list(_GOLFER)
                           + ["modules", "par"]) + "\n")
    return out.getvalue()


_CSV_HEADER = ("board_id", "game_number", "finished_at", "finished", "synced_at", "game", "mode",
               "course_hash", "course_name", "seed", "seat", "player", "colour", "bot",
               "place", "total")  # then count_keys(), _CARDS, _GOLFER, "modules", "par"
_CARDS = ("longest_drive", "longest_putt")  # 18 Holes' cards held at the end (_cards_held)
_GOLFER = ("golfer", "golfer_side")  # a seat's golfer card and its side (_golfer_card)


def _golfer_card(r, seat, none):
    """The golfer card ``seat`` played in ``r`` and its side (the record's ``golfers``),
    both ``none`` for a seat that played none."""
    for s, golfer, side in r.golfers:
        if s == seat:
            return {"golfer": golfer, "golfer_side": side}
    return dict.fromkeys(_GOLFER, none)


def _cards_held(r, seat, none):
    """The LONGEST DRIVE and LONGEST PUTT cards ``seat`` held at the end of ``r``:
    ``longest_drive`` 1 or 0, ``longest_putt`` the target of the putt that took the card
    (Reading the Greens), ``none`` when it did not hold it; both ``none`` in a game
    without the cards (not 18 Holes)."""
    if r.game != LEGACY_GAME:
        return dict.fromkeys(_CARDS, none)
    putt = r.longest_putt[1] if r.longest_putt and r.longest_putt[0] == seat else none
    return {"longest_drive": int(seat == r.longest_drive), "longest_putt": putt}


def _csv_text(value):
    """A CSV cell a spreadsheet shows as text: a text starting with = + - or @ would be
    run as a formula, so it gets a leading ``'`` (numbers stay numbers)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def _json_game(r, synced_at):
    by_seat = {seat: (pl, score, hio) for pl, seat, score, hio in r.standings}
    counted = count_field(r.mode, r.game)[0]  # (hole_in_ones; Play Nine: playoff_wins)
    return {
        "board_id": r.board_id, "game_number": r.game_number,
        "finished_at": r.finished_at, "finished": iso_time(r.finished_at) or None,
        "synced_at": synced_at, "game": r.game, "mode": r.mode,
        "course": {"hash": r.course_hash, "name": r.course_name},
        "seed": r.seed, "log": r.log.hex(), "modules": list(modules(r.game, r.log)),
        "holes": [{"hole": n, "par": par} for n, par, _s in r.holes],
        "players": [{"seat": seat, "name": name, "colour": colour, "bot": seat in r.bots,
                     "place": by_seat[seat][0], "total": by_seat[seat][1],
                     counted: by_seat[seat][2],
                     **_json_cards(r, seat), **_golfer_card(r, seat, None),
                     "scores": [h[2][i] for h in r.holes]}
                    for i, (seat, name, colour) in enumerate(r.players)],
    }


def _json_cards(r, seat):
    # A seat's longest drive (true or false) and longest putt (the target, or null) in an
    # 18 Holes game; no such keys in other games, which have no such cards.
    if r.game != LEGACY_GAME:
        return {}
    held = _cards_held(r, seat, None)
    return {"longest_drive": bool(held["longest_drive"]), "longest_putt": held["longest_putt"]}


def _first_line(exc):
    """The first line of a driver's error (PostgreSQL adds hints on further lines)."""
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _checked(r):
    """A normalised copy of a GameResult; ScoreDBError naming the game and field if bad."""
    def bad(what):
        ref = (game_ref(r.board_id, r.game_number)
               if isinstance(r.board_id, str) and _is_int(r.game_number) else "game")
        raise ScoreDBError("%s: %s" % (ref, what))

    if not isinstance(r.board_id, str) or not r.board_id:
        bad("board_id must be a non-empty text, not %r" % (r.board_id,))
    for name in ("game_number", "finished_at", "seed"):
        v = getattr(r, name)
        if not _is_int(v) or v < 0:
            bad("%s must be a whole number 0 or more, not %r" % (name, v))
    if r.game not in registry.names():
        bad("game must be the name of a game Teebox plays (%s), not %r"
            % (", ".join(registry.names()), r.game))
    if not isinstance(r.mode, str) or mode_facts(r.mode, r.game) is None:
        ways = [m for g, m in known_modes() if g == r.game]
        bad("mode %r is not a way to play %s (%s)" % (r.mode, r.game, " or ".join(
            [repr(m) for m in ways])))
    chash = r.course_hash.lower() if isinstance(r.course_hash, str) else r.course_hash
    if not isinstance(chash, str) or not _HASH_RE.match(chash):
        bad("course_hash must be 16 hex digits, not %r" % (r.course_hash,))
    if not isinstance(r.course_name, str):
        bad("course_name must be a text, not %r" % (r.course_name,))
    if not isinstance(r.log, (bytes, bytearray)) or not r.log:
        bad("log must be the encoded game log (non-empty bytes)")
    players = [tuple(p) for p in r.players]
    if not players:
        bad("no players")
    seats = []
    for p in players:
        if (len(p) != 3 or not _is_int(p[0]) or p[0] < 0 or not isinstance(p[1], str)
                or not p[1].strip() or not isinstance(p[2], str)):
            bad("players: %r must be (seat, name, colour) with a seat number and a name" % (p,))
        if p[0] in seats:
            bad("players: seat %d is listed twice" % p[0])
        seats.append(p[0])
    names = [clean(p[1].strip()).lower() for p in players]
    for n in names:
        if names.count(n) > 1:
            bad("players: the name %r sits in two seats" % n)
    holes = [(h[0], h[1], list(h[2])) for h in r.holes]
    numbers = []
    for number, par, scores in holes:
        if not _is_int(number) or number < 1 or number in numbers:
            bad("holes: hole number %r is not a new number from 1 up" % (number,))
        numbers.append(number)
        if not _is_int(par) or par < 0:
            bad("holes: hole %d has par %r" % (number, par))
        if len(scores) != len(players) or not all(_is_int(s) for s in scores):
            bad("holes: hole %d needs one whole-number score per seat (%d), got %r"
                % (number, len(players), scores))
    standings = [tuple(s) for s in r.standings]
    ranked = []
    for s in standings:
        if len(s) != 4 or not all(_is_int(v) for v in s) or s[0] < 1 or s[3] < 0:
            bad("standings: %r must be (place, seat, score, count)" % (s,))
        if s[1] not in seats or s[1] in ranked:
            bad("standings: seat %r is not a seat of the game or is ranked twice" % (s[1],))
        ranked.append(s[1])
    if sorted(ranked) != sorted(seats):
        bad("standings: seats %s have no place" % sorted(set(seats) - set(ranked)))
    bots = list(r.bots)
    for b in bots:
        if b not in seats or bots.count(b) > 1:
            bad("bots: %r is not a seat of the game or is listed twice" % (b,))
    golfers = [tuple(g) for g in r.golfers]
    carded = []
    for g in golfers:
        if (len(g) != 3 or g[0] not in seats or g[0] in carded or not isinstance(g[1], str)
                or not g[1] or not isinstance(g[2], str)):
            bad("golfers: %r must be (seat, golfer, side), one per seat of the game" % (g,))
        carded.append(g[0])
    if not _is_int(r.longest_drive) or r.longest_drive != -1 and r.longest_drive not in seats:
        bad("longest_drive: %r is not a seat of the game (-1: nobody)" % (r.longest_drive,))
    putt = tuple(r.longest_putt)
    if putt and (len(putt) != 2 or putt[0] not in seats or not _is_int(putt[1])
                 or putt[1] < 1):
        bad("longest_putt: %r must be (seat, target), empty for nobody" % (r.longest_putt,))
    return GameResult(clean(r.board_id), r.game_number, r.finished_at, r.mode, chash,
                      clean(r.course_name), r.seed, bytes(r.log),
                      [(s, clean(n.strip()), clean(c)) for s, n, c in players], holes,
                      standings, bots, r.game,
                      [(s, clean(g).lower(), clean(side)) for s, g, side in golfers],
                      r.longest_drive, putt)
