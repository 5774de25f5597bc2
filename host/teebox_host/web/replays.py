"""Stored games replayed for the web pages: a game's steps on its drawn board, and where
balls landed on a course.

A stored game is rebuilt from its log by its own rules (``gamerecord.face``: the
game's records face, as ``teebox sync`` checks it) and then played again input by
input from its setup, so every step shown is one the rules made; what is drawn comes
from the game's board module (``web.boards``)."""

from teebox.core.wire import gamerecord
from teebox_host import replay_cmd
from teebox_host.web import boards

HEAT_GAMES = 50   # the newest games a course's heatmap replays


def _again(result, data):
    """``(face, final game, the same game at its start)`` of stored game ``result``;
    ValueError or LookupError (its course is not here) from the replay."""
    face = gamerecord.face(result.game)
    final, _holes = face.replay(result.log, data)
    start, _holes = face.replay(face.log(final, inputs=False), data)
    return face, final, start


def _golfers(cells):
    """``{cell: [seat numbers from 1]}`` of the seats standing on a cell."""
    out = {}
    for seat, cell in enumerate(cells):
        if cell >= 0:
            out.setdefault(str(cell), []).append(seat + 1)
    return out


def steps(result, data=None):
    """The replay of stored game ``result`` (a ``scoredb.GameResult``) on its board:
    ``{"board": ..., "frames": [{"golfers", "caption"}, ...], "opponents": [names]}``, a
    frame at the start and each time a golfer moves; a frame whose board differs from the
    one before carries its ``"cells"`` (Domino Golf: each hole). The automated opponents
    (Solo Chaos Golf's) stand after the seats, by name. None for a game without a board.
    ValueError or LookupError as the replay raises them."""
    look = boards.of(result.game)
    if look is None:
        return None
    face, final, game = _again(result, data or replay_cmd.replay_data())
    names = {seat: name for seat, name, _colour in result.players}
    others = [name for name, _points, _tokens in replay_cmd.opponents(final)]
    for k in range(len(others)):
        names[len(result.players) + k] = others[k]
    last = look.positions(game)
    first = shown = look.board(game)
    hole, _round = face.progress(game)
    frames = [{"golfers": _golfers(last), "caption": f"Hole {hole}: everyone on the tee"}]
    for seat, choice in final.inputs:
        game.apply(choice, seat)
        now = look.positions(game)
        if now != last or game.over:
            moved = [names.get(s, f"Player {s + 1}") for s in range(len(now))
                     if now[s] != last[s]]
            hole, rnd = face.progress(game)
            what = "game over" if game.over else ", ".join(moved) + " moved"
            frame = {"golfers": _golfers(now), "caption": f"Hole {hole}, round {rnd}: {what}"}
            board = look.board(game)
            if board is not None and board["cells"] != shown["cells"]:  # (a new hole)
                shown = board
                frame["cells"] = board["cells"]
            frames.append(frame)
            last = now
    return {"board": first, "frames": frames, "opponents": others}


def heat(store, course_hash, data=None, limit=HEAT_GAMES):
    """Where balls landed on a course over its newest ``limit`` stored games that have a
    board and replay here: ``(board, counts per cell, games counted)``, or None."""
    data = data or replay_cmd.replay_data()
    board = counts = None
    counted = 0
    for g in store.games(course_hash=course_hash, limit=limit):
        result = store.game(g.board_id, g.game_number)
        look = boards.of(result.game)
        if look is None:
            continue
        try:
            _face, final, game = _again(result, data)
        except (ValueError, LookupError):
            continue  # its course is not here, or its log does not replay: not counted
        if board is None:
            board = look.board(game)
            counts = [0] * len(board["cells"])
        for seat, choice in final.inputs:
            for cell in look.landings(game, game.apply(choice, seat)):
                counts[cell] += 1
        counted += 1
    return None if board is None else (board, counts, counted)
