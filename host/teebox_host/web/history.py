"""What the history pages show, read from an open score store (``scoredb.ScoreDB``).

Only the store's public read API is used (``games``, ``history``, ``leaderboard``,
``personal_bests``, ``game``, ``courses``, ``modes``, ``players``), as ``teebox scores``
does. Scores compare only on the same course layout and mode (see ``scores_cmd``):
Stroke Play counts strokes against par, the other modes count points.
"""

import json
from datetime import datetime

from markupsafe import Markup

from teebox import palette
from teebox_host import scoredb
from teebox_host.web import boards, plots, replays

X_TICKS = 4       # dates under a time axis
SPREAD = 0.12     # how far apart players' points on one hole stand, in holes


when = scoredb.when
to_par = scoredb.to_par
unit = scoredb.unit


def leaderboards(store, course_hash=None, golfer=None):
    """Each course's (or layout's) leaderboard per game and mode:
    ``[(hash, name, game, mode, title, rows)]``; with ``golfer``, the results played with
    that golfer card only (and only the boards where someone played it)."""
    courses = store.courses()
    if course_hash is not None:
        courses = [c for c in courses if c[0] == course_hash]
    boards = [(chash, name, game, mode, scoredb.mode_title(mode, game),
               store.leaderboard(chash, mode, game=game, golfer=golfer))
              for chash, name, _n in courses for game, mode in store.ways(chash)]
    return [b for b in boards if b[5] or golfer is None]


def golfer_filter(store, golfer):
    """What the leaderboards' filter by golfer card shows: ``{"golfers": the cards people
    played, "golfer": the one chosen (None: every result)}``."""
    return {"golfers": store.golfers(), "golfer": golfer}


def _time_ticks(times):
    """Dates spread under a time axis from the first game to the last."""
    lo, hi = min(times), max(times)
    if lo == hi:
        return [(lo, datetime.fromtimestamp(lo).strftime("%Y-%m-%d"))]
    return [(t, datetime.fromtimestamp(t).strftime("%Y-%m-%d"))
            for t in (lo + (hi - lo) * k // (X_TICKS - 1) for k in range(X_TICKS))]


def par_plot(histories):
    """Score against par over time, one point per Stroke Play game of each player.

    ``histories``: ``[(player, [HistoryEntry])]``. Returns ``(svg, series)`` or
    ``(None, [])`` when no one played Stroke Play on a course with a par.
    """
    series = []
    for name, entries in histories:
        points = [(h.finished_at or h.synced_at, h.total - h.par,
                   f"{name}: {to_par(h.mode, h.total, h.par, h.game)} ({h.total} strokes) on "
                   f"{h.course_name}, {when(h.finished_at, h.synced_at)}")
                  for h in entries if scoredb.lower_wins(h.mode, h.game) and h.par]
        if points:
            series.append(plots.Series(name, plots.colour(len(series)), points))
    if not series:
        return None, []
    times = [p[0] for s in series for p in s.points]
    svg = plots.scatter(series, _time_ticks(times), "date played", "strokes against par",
                        guide=[(min(times), 0), (max(times), 0)], connect=True,
                        label="Score against par over time")
    return svg, series


def hole_plot(store, course_hash):
    """Strokes on each hole of a course, one point per hole of every Stroke Play game
    each person played there, with the par of each hole as a dashed line.

    Returns ``(svg, series)`` or ``(None, [])`` when no Stroke Play game is stored.
    """
    by_player = {}
    pars = {}
    for g in store.games(course_hash=course_hash):
        if not (scoredb.lower_wins(g.mode, g.game) and g.par):
            continue
        result = store.game(g.board_id, g.game_number)
        for i, (seat, name, _colour) in enumerate(result.players):
            if seat in result.bots:
                continue
            for hole, par, scores in result.holes:
                pars[hole] = par
                if scores[i] is not None:
                    by_player.setdefault(name, []).append(
                        (hole, scores[i], f"{name}, hole {hole} (par {par}): {scores[i]} "
                                          f"strokes, game {g.board_id} #{g.game_number}"))
    if not by_player:
        return None, []
    names = sorted(by_player, key=str.lower)
    series = []
    for i, name in enumerate(names):
        shift = (i - (len(names) - 1) / 2) * SPREAD  # players side by side on each hole
        series.append(plots.Series(name, plots.colour(i),
                                   [(h + shift, s, tip) for h, s, tip in by_player[name]]))
    svg = plots.scatter(series, [(h, str(h)) for h in sorted(pars)], "hole", "strokes",
                        guide=sorted(pars.items()), label="Strokes per hole")
    return svg, series


def overview(store, limit, golfer=None):
    """The history page: recent games, players, courses, leaderboards (by golfer card if
    ``golfer``), the par plot."""
    players = store.players()
    svg, series = par_plot([(p, store.history(p)) for p in players])
    return {"count": store.count_games(), "games": store.games(limit=limit),
            "players": players, "courses": store.courses(),
            "boards": leaderboards(store, golfer=golfer), "plot": svg, "series": series,
            **golfer_filter(store, golfer)}


def player(store, name):
    """A player's page: bests, every game, the par plot (UnknownPlayer if none)."""
    shown = store.player_name(name)
    games = store.history(shown)
    svg, series = par_plot([(shown, games)])
    return {"name": shown, "bests": store.personal_bests(shown), "history": games,
            "plot": svg, "series": series}


def course(store, course_hash, golfer=None):
    """A course's page: its leaderboards (by golfer card if ``golfer``) and the
    strokes-per-hole plot, or None if no game on it is stored."""
    found = [c for c in store.courses() if c[0] == course_hash]
    if not found:
        return None
    svg, series = hole_plot(store, course_hash)
    landed = replays.heat(store, course_hash)
    heatmap = None
    if landed is not None:
        board, counts, counted = landed
        heatmap = {"svg": plots.hexes(board, "Where balls landed", counts),
                   "balls": sum(counts), "games": counted}
    return {"hash": course_hash, "name": found[0][1], "games": found[0][2],
            "boards": leaderboards(store, course_hash, golfer), "plot": svg, "series": series,
            "heatmap": heatmap, **golfer_filter(store, golfer)}


def game(store, board_id, number):
    """A stored game's page: its score sheet and standings, and its replay on the drawn
    board (with why not, when it cannot be drawn here); None if no such game is stored."""
    result = store.game(board_id, number)
    if result is None:
        return None
    replay, why = None, ""
    try:
        replay = replays.steps(result)
    except LookupError:
        why = (f"its course, {result.course_name}, is not built into this teebox, so the "
               f"game cannot be drawn here")
    except ValueError as exc:
        why = f"its game log does not replay here: {exc}"
    names = [name for _seat, name, _colour in result.players]
    page = {"result": result, "names": names, "title": scoredb.mode_title(result.mode, result.game),
            "lower_wins": scoredb.lower_wins(result.mode, result.game), "why": why,
            "replay": None}
    if replay is not None:
        # (automated opponents, after the seats, in the colours the LEDs give them)
        seats = len(result.players) + len(replay["opponents"])
        frames = {"frames": replay["frames"],
                  "colours": [boards.colour(palette.PLAYERS, 3 * seat) for seat in range(seats)]}
        # Inside <script>: "<" escaped so that no name can end the element.
        page["replay"] = {"svg": plots.hexes(replay["board"], "The game's board"),
                          "json": Markup(json.dumps(frames).replace("<", "\\u003c")),
                          "steps": len(replay["frames"])}
    return page

