"""The 18 Holes expansion modules a setup may name (``Setup(expansions=...)``)."""

NAMES = ("greens", "wind", "coast")
