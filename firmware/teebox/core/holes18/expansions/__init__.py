"""The 18 Holes expansion's modules, switched on per game by ``Setup(expansions=...)``.

``greens`` is Reading the Greens, ``wind`` Taming the Wind and ``coast`` the
Coastlines tile pack (fescue, gorse and ocean play by their own rules).
"""

NAMES = ("greens", "wind", "coast")
