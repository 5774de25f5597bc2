"""A throwaway PostgreSQL server for the score store's tests: its own data folder,
listening only on a unix socket in that folder, stopped (and deleted) after the tests.

PostgreSQL refuses to run as root (CI runs as root), so there the server runs as the
``postgres`` user the Debian package creates, else as ``nobody``; the tests connect
over the socket as the database superuser ``teebox`` (trust authentication: nothing
but this process's user can reach the folder's socket).
"""

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

# Debian keeps the server's programs out of PATH: /usr/lib/postgresql/<major>/bin.
_BIN_DIRS = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                   key=lambda d: int(Path(d).parent.name), reverse=True)
PORT = 5432  # only names the socket file; nothing listens on TCP


def bin_dir():
    """The folder of initdb and pg_ctl, or None when PostgreSQL is not installed."""
    for d in _BIN_DIRS + [os.path.dirname(shutil.which("pg_ctl") or "")]:
        if d and os.access(os.path.join(d, "initdb"), os.X_OK):
            return d
    return None


def _server_user():
    """Who runs the server: this user, or when that is root one PostgreSQL accepts."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root with neither a postgres nor a nobody user to "
                       "start PostgreSQL as")


class PostgresServer:
    """One server in a fresh temporary folder: :meth:`start`, :meth:`new_database`,
    :meth:`stop`."""

    def __init__(self, bin_path):
        self.bin = bin_path
        self.user = _server_user()
        self.root = Path(tempfile.mkdtemp(prefix="teebox-pg-"))
        self.data = self.root / "data"
        self._databases = 0
        if self.user is not None:
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)

    def _run(self, *args):
        command = [os.path.join(self.bin, args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user.pw_name, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root,
                              timeout=120)
        if done.returncode:
            raise RuntimeError("%s failed: %s%s" % (args[0], done.stdout, done.stderr))

    def start(self):
        """initdb and start the server; returns self."""
        self._run("initdb", "-D", str(self.data), "-U", "teebox", "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        options = "-k %s -c listen_addresses='' -p %d -c fsync=off" % (self.root, PORT)
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.root / "server.log"), "-w", "start")
        return self

    def url(self, database="postgres"):
        """The URL of one database, over the folder's socket."""
        return "postgresql://teebox@/%s?host=%s&port=%d" % (database, self.root, PORT)

    def new_database(self):
        """A new empty database's URL (one a test, so no test sees another's games)."""
        import sqlalchemy as sa
        self._databases += 1
        name = "scores_%d" % self._databases
        engine = sa.create_engine(self.url().replace("postgresql:", "postgresql+psycopg:"),
                                  isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.exec_driver_sql("CREATE DATABASE %s" % name)
        engine.dispose()
        return self.url(name)

    def stop(self):
        """Stop the server at once and delete its folder (once: again does nothing)."""
        if not self.root.exists():
            return
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres():
    """A running throwaway PostgreSQL server (one a test worker). Without PostgreSQL the
    tests using it are skipped, except in CI (``$CI`` set), where .ci/run installs it."""
    path = bin_dir()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but PostgreSQL's initdb is not installed (.ci/run "
                        "installs the postgresql package)")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql): the score "
                    "store's PostgreSQL tests need initdb and pg_ctl")
    server = PostgresServer(path).start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request, tmp_path):
    """Where a test's score store lives: a new SQLite file, then a new database on the
    throwaway PostgreSQL server (the same tests for both)."""
    if request.param == "sqlite":
        return tmp_path / "store.sqlite3"
    return request.getfixturevalue("postgres").new_database()
