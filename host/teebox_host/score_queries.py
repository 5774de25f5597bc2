"""Reading the score history back: players, courses, games, leaderboards, personal
bests and histories (:class:`ScoreQueries`, the reading half of
:class:`~teebox_host.scoredb.ScoreDB`, which stores and migrates)."""

import difflib

from teebox_host.score_records import (
    LEGACY_GAME, GameResult, HistoryEntry, LeaderboardRow, PersonalBest, SeatResult, StoredGame,
    UnknownPlayer, best_key, clean, modules)


class ScoreQueries:
    """The reading half of :class:`~teebox_host.scoredb.ScoreDB` (its store's read
    connections come from ``_read()``: SQL that SQLite and PostgreSQL both read)."""

    def _read(self):
        raise NotImplementedError

    def _player(self, name, db=None):
        """``(id, name)`` of a player (the name as shown: cleaned), read in ``db`` if given;
        UnknownPlayer with suggestions if none."""
        if db is None:
            with self._read() as db:
                return self._player(name, db)
        row = db.execute("SELECT id, clean(name) FROM players WHERE name = ? "
                         "OR lower(clean(name)) = lower(?) ORDER BY name = ? DESC",
                         (name, name, name)).fetchone()
        if row is None:
            names = self.players()
            close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
            hint = (": did you mean %s?" % " or ".join(close)) if close else ""
            known = ", ".join(names) if names else "none yet"
            raise UnknownPlayer("no games of a player named %r%s (players: %s)"
                                % (name, hint, known))
        return tuple(row)

    def player_name(self, name):
        """A player's name as stored (names match in any case); UnknownPlayer if none."""
        return self._player(name)[1]

    def players(self):
        """Every player's name, alphabetically (the people: not the names only bots had)."""
        with self._read() as db:
            return [r[0] for r in db.execute(
                "SELECT clean(name) FROM players WHERE id IN (SELECT player FROM game_players "
                "WHERE bot = 0) ORDER BY lower(name), name")]

    def courses(self):
        """``(hash, name, games)`` of every course played, by name."""
        with self._read() as db:
            return [tuple(r) for r in db.execute(
                "SELECT c.hash, clean(c.name), COUNT(g.id) FROM courses c "
                "JOIN games g ON g.course = c.id "
                "GROUP BY c.id ORDER BY lower(c.name), c.hash")]

    def find_courses(self, ref):
        """Courses matching a hash, a name (any case) or a part of a name.

        Returns ``[(hash, name, games)]``: the exact hash or exact names if any,
        else every course whose name contains ``ref``.
        """
        ref = ref.strip()
        played = self.courses()
        for key in (lambda c: c[0] == ref.lower(), lambda c: c[1].lower() == ref.lower(),
                    lambda c: ref.lower() in c[1].lower()):
            found = [c for c in played if key(c)]
            if found:
                return found
        return []

    def modes(self, course_hash=None):
        """Modes played (on one course if given), alphabetically."""
        return sorted(set(m for _g, m in self.ways(course_hash)))

    def ways(self, course_hash=None):
        """``(game, mode)`` of every way played (on one course or layout if given)."""
        sql = "SELECT DISTINCT g.game, g.mode FROM games g"
        args = ()
        if course_hash is not None:
            sql += " JOIN courses c ON c.id = g.course WHERE c.hash = ?"
            args = (course_hash,)
        with self._read() as db:
            return [tuple(r) for r in db.execute(sql + " ORDER BY g.game, g.mode", args)]

    def count_games(self):
        """How many games are stored."""
        with self._read() as db:
            return db.scalar("SELECT COUNT(*) FROM games")

    _GAME_SQL = (
        "SELECT g.id, clean(b.board_id), g.game_number, g.finished_at, g.synced_at, g.mode, "
        "c.hash, clean(c.name), g.seed, "
        "(SELECT COALESCE(SUM(h.par), 0) FROM hole_scores h WHERE h.game = g.id "
        "AND h.seat = (SELECT MIN(seat) FROM game_players WHERE game = g.id)), g.game, g.log "
        "FROM games g JOIN boards b ON b.id = g.board JOIN courses c ON c.id = g.course ")
    _NEWEST_FIRST = (" ORDER BY CASE WHEN g.finished_at > 0 THEN g.finished_at "
                     "ELSE g.synced_at END DESC, g.game_number DESC, g.id DESC")

    def games(self, limit=None, player=None, course_hash=None, mode=None, game=None):
        """Stored games, newest first, optionally one player's, one course's, one mode's
        or one game's.

        "Newest" is the board's finishing time, or the sync time for a board whose
        clock was never set.
        """
        with self._read() as db:
            return self._games(db, limit, player, course_hash, mode, game)

    def _games(self, db, limit, player, course_hash, mode, game):
        where = []
        args = []
        if player is not None:
            where.append("g.id IN (SELECT game FROM game_players WHERE player = ?)")
            args.append(self._player(player, db)[0])
        if course_hash is not None:
            where.append("c.hash = ?")
            args.append(course_hash)
        if mode is not None:
            where.append("g.mode = ?")
            args.append(mode)
        if game is not None:
            where.append("g.game = ?")
            args.append(game)
        sql = self._GAME_SQL + (" WHERE " + " AND ".join(where) if where else "")
        sql += self._NEWEST_FIRST
        if limit is not None:
            sql += " LIMIT ?"
            args.append(int(limit))
        out = []
        for row in db.execute(sql, args).fetchall():
            game = StoredGame(*row[1:-2], game=row[-2], modules=modules(row[-2], row[-1]))
            game.seats = [SeatResult(*s[:6], bool(s[6]), s[7], s[8], bool(s[9]), s[10])
                          for s in db.execute(
                "SELECT gp.seat, clean(p.name), clean(gp.colour), gp.place, gp.total, "
                "gp.hole_in_ones, gp.bot, gp.golfer, gp.side, gp.longest_drive, "
                "gp.longest_putt FROM game_players gp JOIN players p ON p.id = gp.player "
                "WHERE gp.game = ? ORDER BY gp.place, gp.seat", (row[0],))]
            out.append(game)
        return out

    def golfers(self):
        """The golfer cards people played, by name (what ``golfer=`` filters take)."""
        with self._read() as db:
            return [r[0] for r in db.execute(
                "SELECT DISTINCT golfer FROM game_players WHERE golfer <> '' AND bot = 0 "
                "ORDER BY golfer")]

    def _results(self, course_hash=None, mode=None, player_id=None, game=None, golfer=None):
        """Every person's result with its game, for leaderboards and bests (bots left out;
        ``golfer``: only the results of players of that golfer card, any case)."""
        sql = ("SELECT clean(p.name), gp.total, gp.hole_in_ones, g.finished_at, g.synced_at, "
               "clean(b.board_id), g.game_number, c.hash, clean(c.name), g.mode, "
               "(SELECT COALESCE(SUM(h.par), 0) FROM hole_scores h WHERE h.game = g.id "
               "AND h.seat = gp.seat), g.game "
               "FROM game_players gp JOIN players p ON p.id = gp.player "
               "JOIN games g ON g.id = gp.game JOIN boards b ON b.id = g.board "
               "JOIN courses c ON c.id = g.course WHERE gp.bot = 0")
        args = []
        for column, value in (("c.hash", course_hash), ("g.mode", mode), ("gp.player", player_id),
                              ("g.game", game), ("gp.golfer", golfer)):
            if value is not None:
                sql += " AND %s = ?" % column
                args.append(value.lower() if column == "gp.golfer" else value)
        with self._read() as db:
            return [tuple(r) for r in db.execute(sql, args)]

    def leaderboard(self, course_hash, mode, limit=10, game=LEGACY_GAME, golfer=None):
        """Each player's best total in one game on one course (by content hash) or
        layout in one mode, best first (``golfer``: with that golfer card only).

        Stroke Play and Play Nine: lowest first; other modes: most points first.
        Ties go to more of what the game's standings count (hole-in-ones; Play Nine:
        playoff wins), then to the earlier game; rows with the same total and count
        share a rank (1, 1, 3).
        """
        best = {}
        games = {}
        key = best_key(mode, game)
        for name, total, hio, fin, syn, board, number, _h, _n, _m, par, _g in self._results(
                course_hash, mode, game=game, golfer=golfer):
            games[name] = games.get(name, 0) + 1
            cand = (total, hio, fin or syn, fin, syn, board, number, par)
            if name not in best or key(cand) < key(best[name]):
                best[name] = cand
        ordered = sorted(best.items(), key=lambda kv: (key(kv[1]), kv[0].lower()))
        rows = []
        for i, (name, (total, hio, _played, fin, syn, board, number, par)) in enumerate(ordered):
            rank = i + 1
            if rows and (rows[-1].total, rows[-1].hole_in_ones) == (total, hio):
                rank = rows[-1].rank
            rows.append(LeaderboardRow(rank, name, total, hio, par, games[name], fin, syn,
                                       board, number, game))
        return rows[:limit] if limit is not None else rows

    def personal_bests(self, player):
        """A player's best total per game, course (content hash) or layout and mode, with
        when and how often.

        Stroke Play and Play Nine: the lowest; other modes: the most points.
        """
        pid, _name = self._player(player)
        best = {}
        games = {}
        for _p, total, hio, fin, syn, board, number, chash, cname, mode, par, game in \
                self._results(player_id=pid):
            k = (game, chash, mode)
            games[k] = games.get(k, 0) + 1
            cand = (total, hio, fin or syn, fin, syn, board, number, cname, par)
            key = best_key(mode, game)
            if k not in best or key(cand) < key(best[k]):
                best[k] = cand
        rows = [PersonalBest(chash, c[7], mode, c[0], c[8], games[k], c[3], c[4], c[5], c[6],
                             game) for k, c in best.items() for game, chash, mode in (k,)]
        rows.sort(key=lambda b: (b.game, b.course_name.lower(), b.course_hash, b.mode))
        return rows

    def history(self, player, golfer=None):
        """Every game of a player, newest first, with seat, place, total and golfer card
        (not the games a bot of the same name played; ``golfer``: only those played with
        that golfer card, any case)."""
        pid, _name = self._player(player)
        sql = ("SELECT g.finished_at, g.synced_at, clean(b.board_id), g.game_number, c.hash, "
               "clean(c.name), g.mode, gp.seat, clean(gp.colour), gp.place, "
               "(SELECT COUNT(*) FROM game_players o WHERE o.game = g.id), gp.total, "
               "(SELECT COALESCE(SUM(h.par), 0) FROM hole_scores h WHERE h.game = g.id "
               "AND h.seat = gp.seat), gp.hole_in_ones, g.game, gp.golfer, gp.side, "
               "gp.longest_drive = 1, gp.longest_putt FROM game_players gp JOIN games g ON g.id = gp.game "
               "JOIN boards b ON b.id = g.board JOIN courses c ON c.id = g.course "
               "WHERE gp.player = ? AND gp.bot = 0")
        args = [pid]
        if golfer is not None:
            sql += " AND gp.golfer = ?"
            args.append(golfer.lower())
        with self._read() as db:
            return [HistoryEntry(*r) for r in db.execute(sql + self._NEWEST_FIRST, args)]

    def game(self, board_id, game_number):
        """A stored game as a :class:`GameResult` (names as stored now), or None."""
        with self._read() as db:
            return self._game(db, board_id, game_number)

    def _game(self, db, board_id, game_number):
        row = db.execute(
            "SELECT g.id, g.finished_at, g.mode, c.hash, clean(c.name), g.seed, g.log, g.game "
            "FROM games g JOIN boards b ON b.id = g.board JOIN courses c ON c.id = g.course "
            "WHERE clean(b.board_id) = ? AND g.game_number = ?",
            (clean(board_id), game_number)).fetchone()
        if row is None:
            return None
        gid, fin, mode, chash, cname, seed, log, game = row
        seats = db.execute(
            "SELECT gp.seat, clean(p.name), clean(gp.colour), gp.place, gp.total, "
            "gp.hole_in_ones, gp.bot, gp.golfer, gp.side, gp.longest_drive, gp.longest_putt "
            "FROM game_players gp JOIN players p ON p.id = gp.player WHERE gp.game = ? "
            "ORDER BY gp.seat", (gid,)).fetchall()
        scores = {}
        pars = {}
        for hole, seat, par, score in db.execute(
                "SELECT hole, seat, par, score FROM hole_scores WHERE game = ?", (gid,)):
            pars[hole] = par
            scores[(hole, seat)] = score
        holes = [(h, pars[h], [scores.get((h, s[0])) for s in seats]) for h in sorted(pars)]
        standings = sorted(((s[3], s[0], s[4], s[5]) for s in seats))
        drive = [s[0] for s in seats if s[9]]
        putt = [(s[0], s[10]) for s in seats if s[10]]
        return GameResult(board_id, game_number, fin, mode, chash, cname, seed, bytes(log),
                          [(s[0], s[1], s[2]) for s in seats], holes, standings,
                          [s[0] for s in seats if s[6]], game,
                          [(s[0], s[7], s[8]) for s in seats if s[7]],
                          drive[0] if drive else -1, putt[0] if putt else ())

