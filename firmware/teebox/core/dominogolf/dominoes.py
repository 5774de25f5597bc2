"""The double-12 domino set: 91 dominoes, every pair of ends 0..12 once.

A domino is an int, its place in the set ordered 0/0, 0/1, ... 0/12, 1/1, ... 12/12
(``of(low, high)`` and ``ends(d)`` convert). The set is generated here rather than
read from a data file: unlike 18 Holes' cards, nothing about it differs from one
printing to another, so there is nothing for a player to edit.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

MAX_END = const(12)  # "Double-12 domino set"
COUNT = const(91)    # 13 * 14 / 2


def _ends():
    lows = bytearray()
    highs = bytearray()
    for a in range(MAX_END + 1):
        for b in range(a, MAX_END + 1):
            lows.append(a)
            highs.append(b)
    return bytes(lows), bytes(highs)


LOW, HIGH = _ends()  # LOW[d], HIGH[d]: the domino's lower and higher number


def of(low, high):
    """The domino with these two numbers (in either order); ValueError if there is none."""
    if low > high:
        low, high = high, low
    if not 0 <= low <= high <= MAX_END:
        raise ValueError("a double-12 domino has numbers 0 to 12, not %r/%r" % (low, high))
    # Rows 0..low-1 hold 13, 12, ... dominoes: low * 13 - low * (low - 1) / 2 before row low.
    return low * (MAX_END + 1) - low * (low - 1) // 2 + high - low


def ends(d):
    """``(low, high)`` of domino ``d``."""
    return LOW[d], HIGH[d]


def pips(d):
    """The total pips on domino ``d``."""
    return LOW[d] + HIGH[d]


def is_double(d):
    """Whether both numbers of ``d`` are alike."""
    return LOW[d] == HIGH[d]


def has(d, n):
    """Whether either number of ``d`` is ``n``."""
    return LOW[d] == n or HIGH[d] == n


def double(n):
    """The double ``n/n``."""
    return of(n, n)


def full_set():
    """All 91 dominoes, 0..90."""
    return list(range(COUNT))


def name(d):
    """How a player reads a domino: ``"5/10"`` (lower number first)."""
    return "%d/%d" % (LOW[d], HIGH[d])
