"""The 18 Holes expansion modules a game may play (``Setup(expansions=...)``)."""

NAMES = ("greens", "wind", "coast")
