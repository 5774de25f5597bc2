"""A Play Nine hole's score, "Shaving Off Strokes" included.

A grid is eight cards: slots 0-3 the top row, 4-7 the row below, so slot ``c``
and ``c + 4`` are column ``c``. ``None`` stands for a face-down card: it counts
nothing and matches nothing, so the same function gives the final score (all
cards up) and the score a player shows during the hole.
"""

from teebox.core.playnine.cards import HOLE_IN_ONE

# Bonus for matching columns of one value, by how many columns match: "Matching
# Four-cards ... -10", "Six-cards ... -15", "Eight-cards ... -20".
BONUS = (0, 0, -10, -15, -20)


def matched_columns(grid):
    """The columns (0-3) whose top and bottom cards are up and alike."""
    return tuple([c for c in range(4)
                  if grid[c] is not None and grid[c] == grid[c + 4]])


def hole_score(grid):
    """The strokes a grid scores: face values, matching columns cancelled (0 strokes)
    except Hole-in-One pairs (-5 each), plus the bonus for two or more matching
    columns of one value (two Hole-in-One columns: -20 - 10 = -30)."""
    total = 0
    columns = {}
    for c in range(4):
        top = grid[c]
        bottom = grid[c + 4]
        if top is not None and top == bottom:
            columns[top] = columns.get(top, 0) + 1
            if top == HOLE_IN_ONE:
                total += 2 * HOLE_IN_ONE
            continue
        for card in (top, bottom):
            if card is not None:
                total += card
    for value in columns:
        total += BONUS[columns[value]]
    return total
