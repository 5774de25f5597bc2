"""Seeded pseudo-random numbers, the same on CPython and MicroPython.

Every shuffle and random pick in Teebox goes through :class:`Rng` (never the
``random`` module), so the board and the host deal the same cards from the same
seed.

The generator is L'Ecuyer's combined generator for 16-bit machines (CACM 31(6),
1988): three multiplicative congruential generators with prime moduli below
2**15 and primitive-root multipliers, combined by subtraction. Its period is
(m1-1)(m2-1)(m3-1)/4, about 8 * 10**12. Every value it computes stays below 2**23,
so on the RP2040 (where MicroPython's small ints end at 2**30) a call allocates
nothing on the heap. Each call yields about 15 bits; ``below`` joins two calls
when it needs more, and the product still stays below 2**30. Only seeding, done
once per game, mixes a full 32-bit seed and may use larger ints.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

_M1 = const(32363)
_A1 = const(157)
_M2 = const(31727)
_A2 = const(146)
_M3 = const(31657)
_A3 = const(142)

SPAN = const(32362)          # next() returns 0 .. SPAN - 1
WIDE_SPAN = const(1047299044)  # SPAN * SPAN, the largest n below() accepts (< 2**30)

_MASK32 = 0xFFFFFFFF


def _mix32(x):
    # MurmurHash3's finaliser: neighbouring seeds give unrelated starting states.
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & _MASK32
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & _MASK32
    x ^= x >> 16
    return x


class Rng:
    """A seeded generator; ``seed`` is any non-negative whole number."""

    def __init__(self, seed):
        if type(seed) is not int or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        folded = 0
        while True:  # fold seeds wider than 32 bits so every bit counts
            folded ^= seed & _MASK32
            seed >>= 32
            if not seed:
                break
        self._s1 = 1 + _mix32(folded) % (_M1 - 1)
        self._s2 = 1 + _mix32(folded ^ 0x9E3779B9) % (_M2 - 1)
        self._s3 = 1 + _mix32(folded ^ 0x3C6EF372) % (_M3 - 1)

    def next(self):
        """The next raw value, an int from 0 to ``SPAN - 1``."""
        s1 = _A1 * self._s1 % _M1
        s2 = _A2 * self._s2 % _M2
        s3 = _A3 * self._s3 % _M3
        self._s1 = s1
        self._s2 = s2
        self._s3 = s3
        return (s1 - s2 + s3) % SPAN

    def below(self, n):
        """A uniform int in ``[0, n)``, for ``1 <= n <= WIDE_SPAN``, without modulo bias.

        Values from the top of the raw range that would favour small results are
        thrown away and drawn again (rejection sampling).
        """
        if type(n) is not int or not 1 <= n <= WIDE_SPAN:
            raise ValueError("below(n) needs a whole number n from 1 to %d, not %r"
                             % (WIDE_SPAN, n))
        wide = n > SPAN
        span = WIDE_SPAN if wide else SPAN
        limit = span - span % n
        while True:
            r = self.next()
            if wide:
                r = r * SPAN + self.next()
            if r < limit:
                return r % n

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, seq):
        """One item of a non-empty sequence, each equally likely."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def getstate(self):
        """The generator state as a tuple of three ints (for saving and replay checks)."""
        return (self._s1, self._s2, self._s3)

    def setstate(self, state):
        """Restore a state from :meth:`getstate`."""
        try:
            s1, s2, s3 = state
        except (TypeError, ValueError):
            raise ValueError("an Rng state is three whole numbers, not %r" % (state,))
        for value, m in ((s1, _M1), (s2, _M2), (s3, _M3)):
            if type(value) is not int or not 1 <= value < m:
                raise ValueError("Rng state value %r is out of range 1..%d" % (value, m - 1))
        self._s1 = s1
        self._s2 = s2
        self._s3 = s3
