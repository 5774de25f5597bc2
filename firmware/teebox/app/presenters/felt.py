"""A board a game lays out itself, for the games played on no course (Play Nine's felt,
Domino Golf's hole of dominoes): what the LEDs draw under the view, a course-like
object the renderer reads like a course. Shared by their presenters, so it stays with
the table shell rather than with any one game."""


class Felt:
    """A course-like board of ``width`` x ``height`` cells whose kinds (the terrain
    colours the renderer draws) are ``cells()``; ``name`` as the display names it."""

    hole_count = 0  # (no tee boxes or greens to label)
    data = None

    def __init__(self, width, height, kinds, name):
        self.width = width
        self.height = height
        self.kinds = kinds
        self.name = name

    def cells(self):
        """Per cell, row-major, the terrain kind whose colour it shows."""
        return self.kinds

    def terrain_at(self, col, row):
        """The kind at offset cell ``(col, row)``."""
        return self.kinds[row * self.width + col]
