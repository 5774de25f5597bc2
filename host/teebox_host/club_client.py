"""A club's score server reached over HTTP: where `teebox sync --to URL` sends a table's
finished games (the server is `teebox serve` on the club's computer, see
``web/table.py``, ``POST /api/records``).

Each game goes as its record, the bytes the board shelved; the server replays its log
as `teebox sync` does and stores it once (a game sent again is "stored already", never
a second copy), so a sync cut short is simply run again. A server that cannot be
reached, or that refuses the token, stops the sync (:class:`ClubError`): the games stay
on the board. A game the server refuses stays on the board with its reason.
"""

import json
import urllib.error
import urllib.request

from teebox_host.scoredb import GameConflict, ScoreDBError

TIMEOUT_S = 30
URL_HELP = ("A club's score server to send the games to, e.g. http://club-server:8018/ "
            "('teebox serve' there), instead of a score file.")


class ClubError(Exception):
    """The club server takes no games from here (unreachable, or the token refused); the
    message says what to do."""


class ClubServer:
    """The score server at ``url`` (http or https), writing with the access ``token``
    (None: a server that takes games without one, on its own computer)."""

    def __init__(self, url, token=None, timeout=TIMEOUT_S):
        if not url.startswith(("http://", "https://")):
            raise ClubError(f"{url} is not a web address: give the club server as "
                            "http://HOST:PORT/ (a database URL goes with --db)")
        self.url = url.rstrip("/")
        self.path = self.url   # (named as a score store is, in reports)
        self.token = token
        self.timeout = timeout

    def add_record(self, data):
        """Send one finished game's record: True if the server stored it now, False if it
        had it already. GameConflict (its number holds another game there) or
        ScoreDBError (the server refuses it, saying why): keep it on the board;
        ClubError: stop syncing."""
        request = urllib.request.Request(
            self.url + "/api/records", data=bytes(data), method="POST",
            headers={"Content-Type": "application/octet-stream",
                     **({"Authorization": f"Bearer {self.token}"} if self.token else {})})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as r:
                return bool(json.loads(r.read())["stored"])
        except urllib.error.HTTPError as exc:
            status, reason = exc.code, _reason(exc)
        except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
            why = getattr(exc, "reason", None) or exc
            raise ClubError(f"cannot reach the club server at {self.url} ({why}): is "
                            "'teebox serve' running there, and the address right?") from None
        if status in (401, 403):
            raise ClubError(f"the club server at {self.url} refuses games from here: "
                            f"{reason}. Give its access token with --token-file.")
        if status == 409:
            raise GameConflict(f"the club server has another game under this number: {reason}")
        if status in (400, 413, 422):
            raise ScoreDBError(f"the club server refused it: {reason}")
        raise ClubError(f"the club server at {self.url} failed ({status}): {reason}")


def _reason(exc):
    """The ``error`` a server's JSON answer gives, else its text."""
    try:
        text = exc.read().decode(errors="replace")
    except OSError:
        return exc.reason
    try:
        return json.loads(text)["error"]
    except (ValueError, KeyError, TypeError):
        return text.strip()[:300] or exc.reason
