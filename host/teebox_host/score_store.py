"""Where the score history lives and how its schema is kept: SQLAlchemy Core over an
embedded SQLite file (the default) or a club's PostgreSQL server (``postgresql://...``).

* :func:`location` turns a ``--db`` value into a file path or a server URL.
* :data:`metadata` is the schema of the newest version, one definition for both
  databases; a new store is created from it.
* :data:`MIGRATIONS` carry stores of older schema versions forward, one version at a
  time inside the store's write lock (SQLite files of versions 1 and 2 exist; a
  PostgreSQL store is never older than version 3).
* :class:`Store` hands out read connections and write transactions. Writers are
  serialised (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: a transaction-scoped advisory
  lock), so the duplicate check and the inserts of one game never interleave with
  another table's sync: concurrent syncs neither lose nor duplicate a game.
"""

import re
import sqlite3
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import BigInteger, Column, ForeignKey, Index, Integer, LargeBinary, Table, Text
from sqlalchemy.pool import StaticPool

from teebox_host.score_records import LEGACY_GAME, ScoreDBError, clean

SCHEMA_VERSION = 5
ENV_VAR = "TEEBOX_SCORES"

# Any constant: the key of the one advisory lock every Teebox writer takes on PostgreSQL.
_WRITE_LOCK = 0x7EEB0C5

metadata = sa.MetaData()

Table("schema_version", metadata, Column("version", Integer, nullable=False))
Table("boards", metadata,
      Column("id", Integer, primary_key=True),
      Column("board_id", Text, nullable=False, unique=True),
      Column("first_synced", BigInteger, nullable=False),
      Column("last_synced", BigInteger, nullable=False))
Table("courses", metadata,
      Column("id", Integer, primary_key=True),
      Column("hash", Text, sa.CheckConstraint("length(hash) = 16"), nullable=False,
             unique=True),
      Column("name", Text, nullable=False))
_players = Table("players", metadata,
                 Column("id", Integer, primary_key=True),
                 Column("name", Text, nullable=False))
# Names are unique regardless of case (version 1 SQLite files: COLLATE NOCASE).
Index("players_by_name", sa.func.lower(_players.c.name), unique=True)
_games = Table("games", metadata,
               Column("id", Integer, primary_key=True),
               Column("board", Integer, ForeignKey("boards.id"), nullable=False),
               Column("game_number", BigInteger, nullable=False),
               Column("mode", Text, nullable=False),
               Column("course", Integer, ForeignKey("courses.id"), nullable=False),
               Column("seed", BigInteger, nullable=False),
               Column("log", LargeBinary, nullable=False),
               Column("finished_at", BigInteger, nullable=False),
               Column("synced_at", BigInteger, nullable=False),
               Column("game", Text, nullable=False),  # (every game stored says which)
               sa.UniqueConstraint("board", "game_number"))
Index("games_by_course_mode", _games.c.course, _games.c.mode)
Index("games_by_game", _games.c.game, _games.c.course, _games.c.mode)
_seats = Table("game_players", metadata,
               Column("game", Integer, ForeignKey("games.id", ondelete="CASCADE"),
                      primary_key=True),
               Column("seat", Integer, primary_key=True),
               Column("player", Integer, ForeignKey("players.id"), nullable=False),
               Column("colour", Text, nullable=False),
               Column("total", Integer, nullable=False),
               Column("place", Integer, nullable=False),
               # what the game's standings count (score_records.count_field)
               Column("hole_in_ones", Integer, nullable=False),
               # a seat the table's bot played: kept, left out of bests (not a person)
               Column("bot", Integer, nullable=False, server_default="0"),
               # its golfer card and side (18 Holes), "" for none: leaderboards filter by it
               Column("golfer", Text, nullable=False, server_default=""),
               Column("side", Text, nullable=False, server_default=""),
               # the longest drive card held at the end (1), and the target of the longest
               # putt card held at the end (Reading the Greens; 0: not held)
               Column("longest_drive", Integer, nullable=False, server_default="0"),
               Column("longest_putt", Integer, nullable=False, server_default="0"))
Index("game_players_by_player", _seats.c.player)
Table("hole_scores", metadata,
      Column("game", Integer, primary_key=True),
      Column("seat", Integer, primary_key=True),
      Column("hole", Integer, primary_key=True),
      Column("par", Integer, nullable=False),
      Column("score", Integer, nullable=False),
      sa.ForeignKeyConstraint(["game", "seat"], ["game_players.game", "game_players.seat"],
                              ondelete="CASCADE"))

# Version N-1 to N, statement by statement (only SQLite files are older than 3). Games
# stored before version 3 are of the game every record before games were data is
# (``score_records.LEGACY_GAME``, the wire's fact); before version 4 were played without golfer cards (the table had none); before
# version 5 the longest drive and putt cards were not kept (they read as not held).
MIGRATIONS = {
    2: ["ALTER TABLE game_players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0"],
    3: ["ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '%s'" % LEGACY_GAME,
        "CREATE INDEX games_by_game ON games(game, course, mode)"],
    4: ["ALTER TABLE game_players ADD COLUMN golfer TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE game_players ADD COLUMN side TEXT NOT NULL DEFAULT ''"],
    5: ["ALTER TABLE game_players ADD COLUMN longest_drive INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE game_players ADD COLUMN longest_putt INTEGER NOT NULL DEFAULT 0"],
}

# clean() on PostgreSQL: score_records.clean in SQL (the same characters, shown as
# U+FFFD), so that names stored before they were cleaned read the same on both.
_PG_CLEAN = (r"CREATE OR REPLACE FUNCTION clean(t text) RETURNS text LANGUAGE sql IMMUTABLE "
             r"AS $$ SELECT regexp_replace(t, '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f"
             r"\u2028-\u202e\u2066-\u2069]', chr(65533), 'g') $$")


def is_url(db):
    """True when ``db`` names a database server (``postgresql://...``), not a file."""
    return isinstance(db, str) and "://" in db


def location(text):
    """A ``--db`` value as ScoreDB takes it: a server URL as it is, else a file path."""
    return text if is_url(text) else Path(text).expanduser()


def exists(db):
    """Whether the store is there to be read (a server always is; a file may not be)."""
    return is_url(db) or str(db) == ":memory:" or Path(db).exists()


def shown(db):
    """The store as messages name it: a server URL without its password."""
    if is_url(db):
        try:
            return sa.make_url(db).render_as_string(hide_password=True)
        except sa.exc.ArgumentError:
            return "the given database URL"
    return str(db)


def _sqlite_engine(path):
    def connect():
        # Autocommit at the driver: transactions are begun by the "begin" hook below.
        con = sqlite3.connect(str(path), isolation_level=None, timeout=10,
                              check_same_thread=False)
        con.execute("PRAGMA foreign_keys = ON")
        # A commit appends to the write-ahead log and syncs it once (FULL: a game stored is
        # on the disk before the board is told it may delete it, power cut or not); the
        # default rollback journal synced three times, 15 of a stored game's 20 ms. Readers
        # (`teebox serve`) no longer wait for a sync's write either. The file must be on a
        # local disk (SQLite's WAL needs shared memory): a score history shared over the
        # network is a club's PostgreSQL server.
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("PRAGMA synchronous = FULL")
        # clean(): names as they may be shown, also those stored before they were cleaned.
        con.create_function("clean", 1, clean, deterministic=True)
        return con

    memory = str(path) == ":memory:"
    engine = sa.create_engine("sqlite://", creator=connect,
                              poolclass=StaticPool if memory else sa.pool.QueuePool)

    @sa.event.listens_for(engine, "begin")
    def begin(conn):
        # A writer takes the write lock at once, so its duplicate check holds until commit.
        write = conn.get_execution_options().get("teebox_write")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _server_engine(db):
    try:
        url = sa.make_url(db)
    except sa.exc.ArgumentError:
        raise ScoreDBError("%r is not a database URL: give a file, or a PostgreSQL server "
                           "as postgresql://user:password@host/database" % shown(db)) from None
    if url.get_backend_name() in ("http", "https"):
        raise ScoreDBError("%s is a web address: a board's games go to a club's 'teebox "
                           "serve' with 'teebox sync --to %s'; --db takes a file or a "
                           "PostgreSQL server (postgresql://user@host/database)"
                           % (shown(db), shown(db)))
    if url.get_backend_name() != "postgresql":
        raise ScoreDBError("%s: a score server is PostgreSQL (postgresql://user@host/"
                           "database); other databases are files" % shown(db))
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    return sa.create_engine(url, pool_pre_ping=True)


class Store:
    """The connections of one score store (a SQLite file or a PostgreSQL database)."""

    def __init__(self, db):
        self.db = db
        self.engine = _server_engine(db) if is_url(db) else _sqlite_engine(db)
        self.server = self.engine.dialect.name == "postgresql"

    @contextmanager
    def read(self):
        """A connection for reading, its statements seeing one state of the store."""
        with self.engine.connect() as conn:
            yield Session(conn)

    @contextmanager
    def write(self):
        """A write transaction, the only writer of the store until it commits (or rolls
        back on an exception)."""
        with self.engine.connect() as conn:
            conn.execution_options(teebox_write=True)
            with conn.begin():
                if self.server:
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"),
                                 {"k": _WRITE_LOCK})
                yield Session(conn)

    def close(self):
        """Close every pooled connection."""
        self.engine.dispose()

    def migrate(self):
        """Create the schema or carry it forward to :data:`SCHEMA_VERSION`; ScoreDBError
        for a store a newer teebox wrote."""
        if self._current():
            return   # the usual case: no write lock taken just to open the store
        with self.write() as db:
            conn = db.conn
            if self.server:
                conn.exec_driver_sql(_PG_CLEAN)
            if not sa.inspect(conn).has_table("schema_version"):
                metadata.create_all(conn)
                conn.execute(sa.text("INSERT INTO schema_version (version) VALUES (:v)"),
                             {"v": SCHEMA_VERSION})
                return
            version = db.scalar("SELECT version FROM schema_version") or 0
            if version > SCHEMA_VERSION:
                raise ScoreDBError(
                    "%s was written by a newer teebox (score schema %d; this teebox knows up "
                    "to %d): update teebox to read it." % (shown(self.db), version,
                                                            SCHEMA_VERSION))
            if version == 0:  # a store whose creation never finished: nothing in it
                metadata.create_all(conn)
            for v in range(version + 1, SCHEMA_VERSION + 1) if version else ():
                for statement in MIGRATIONS[v]:
                    conn.exec_driver_sql(statement)
            conn.execute(sa.text("DELETE FROM schema_version"))
            conn.execute(sa.text("INSERT INTO schema_version (version) VALUES (:v)"),
                         {"v": SCHEMA_VERSION})


    def _current(self):
        """Whether the store is at :data:`SCHEMA_VERSION` already (read, not locked)."""
        with self.read() as db:
            if not sa.inspect(db.conn).has_table("schema_version"):
                return False
            return db.scalar("SELECT version FROM schema_version") == SCHEMA_VERSION


_QMARK = re.compile(r"\?")


class Session:
    """One connection's statements, written with ``?`` placeholders as plain SQL that
    SQLite and PostgreSQL both read."""

    def __init__(self, conn):
        self.conn = conn

    def execute(self, sql, args=()):
        """Run ``sql`` with ``args`` for its ``?`` in order; the result's rows."""
        count = iter(range(len(args) + 1))
        named = _QMARK.sub(lambda _m: ":p%d" % next(count), sql)
        return self.conn.execute(sa.text(named), {"p%d" % i: v for i, v in enumerate(args)})

    def execute_many(self, sql, rows):
        """Run ``sql`` once for each tuple of ``rows`` (``?`` placeholders), in one call to
        the driver: a game's 90 hole scores are one statement, not 90."""
        count = iter(range(len(rows[0]) + 1 if rows else 1))
        named = _QMARK.sub(lambda _m: ":p%d" % next(count), sql)
        self.conn.execute(sa.text(named), [{"p%d" % i: v for i, v in enumerate(row)}
                                           for row in rows])

    def scalar(self, sql, args=()):
        """The first column of the first row, or None."""
        row = self.execute(sql, args).fetchone()
        return None if row is None else row[0]
