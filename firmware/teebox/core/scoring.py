"""Final standings, shared by every game and mode (a mode's own points are in its module),
and a score against par as golfers say it."""


def standings(scores, hole_in_ones, lower_wins=False):
    """Final places: a tuple of ``(place, player, score, hole_in_ones)``, best first.

    Best score wins (highest, or lowest when ``lower_wins``); a tie goes to the
    player with more hole-in-one tokens; players still tied share the place
    (and, in first place, the win). Places count like sport tables: 1, 1, 3.
    """
    sign = 1 if lower_wins else -1
    order = sorted(range(len(scores)),
                   key=lambda p: (sign * scores[p], -hole_in_ones[p], p))
    out = []
    place = 0
    prev = None
    for i in range(len(order)):
        p = order[i]
        key = (scores[p], hole_in_ones[p])
        if key != prev:
            place = i + 1
            prev = key
        out.append((place, p, scores[p], hole_in_ones[p]))
    return tuple(out)


def place_among(score, scores):
    """The place of ``score`` among ``scores`` where more is better: one after every
    higher score, equal scores sharing it (no tie-break), as automated opponents (Solo
    Chaos Golf) and a player are placed on the final card."""
    return 1 + len([s for s in scores if s > score])


def winners(table):
    """The players in first place of a standings table (several for a shared win)."""
    return tuple([row[1] for row in table if row[0] == 1])


def to_par(diff):
    """Strokes ``diff`` above par as golfers say them: ``E`` (even), ``+2``, ``-1``."""
    if diff == 0:
        return "E"
    return "+%d" % diff if diff > 0 else "%d" % diff
