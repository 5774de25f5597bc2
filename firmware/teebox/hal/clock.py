"""Millisecond clock: the board's tick counter, or a simulated one moved by hand.

Everything that needs time (button debouncing, animations, the app's loop)
takes a clock object instead of calling ``time`` itself, so tests and the
simulator can step time exactly. Both clocks have the same methods:
``ticks_ms()``, ``ticks_diff(a, b)`` (``a - b`` in ms, safe across the tick
counter wrapping around), ``ticks_add(t, ms)`` and ``sleep_ms(ms)``.
"""

import time

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# MicroPython's tick counters wrap at 2**30 on every port; the simulated clock can
# wrap at the same place so tests prove the callers survive the wrap. The mask,
# not the period, is the constant: 2**30 itself is not a small int on a 32-bit port.
TICKS_MAX = const(0x3FFFFFFF)
_TICKS_HALF = const(0x20000000)


class Clock:
    """The real clock: ``time.ticks_ms`` on MicroPython, monotonic ms on CPython."""

    def __init__(self):
        self._mp = hasattr(time, "ticks_ms")

    def ticks_ms(self):
        """The current tick count in milliseconds (wraps on MicroPython)."""
        if self._mp:
            return time.ticks_ms()
        return time.monotonic_ns() // 1000000

    def ticks_diff(self, a, b):
        """Milliseconds from tick ``b`` to tick ``a`` (negative if ``a`` is earlier)."""
        if self._mp:
            return time.ticks_diff(a, b)
        return a - b

    def ticks_add(self, t, ms):
        """The tick ``ms`` milliseconds after ``t``."""
        if self._mp:
            return time.ticks_add(t, ms)
        return t + ms

    def sleep_ms(self, ms):
        """Wait ``ms`` milliseconds."""
        if self._mp:
            time.sleep_ms(ms)
        else:
            time.sleep(ms / 1000)


class SimClock:
    """A clock that only moves when told to: ``advance(ms)`` or ``sleep_ms(ms)``.

    ``start`` is the first reading. With ``wrap=True`` the readings wrap at
    ``TICKS_MAX + 1`` like MicroPython's, so code under test must use
    ``ticks_diff`` rather than plain subtraction.
    """

    def __init__(self, start=0, wrap=False):
        self._wrap = wrap
        self.now = start & TICKS_MAX if wrap else start

    def ticks_ms(self):
        """The current simulated time in milliseconds."""
        return self.now

    def ticks_diff(self, a, b):
        """Milliseconds from tick ``b`` to tick ``a``, allowing for the wrap."""
        if self._wrap:
            return ((a - b + _TICKS_HALF) & TICKS_MAX) - _TICKS_HALF
        return a - b

    def ticks_add(self, t, ms):
        """The tick ``ms`` milliseconds after ``t``."""
        if self._wrap:
            return (t + ms) & TICKS_MAX
        return t + ms

    def advance(self, ms):
        """Move simulated time forward by ``ms`` milliseconds."""
        if ms < 0:
            raise ValueError("a clock cannot go backwards (advance by %d ms)" % ms)
        self.now = self.ticks_add(self.now, ms)

    def sleep_ms(self, ms):
        """Sleeping on a simulated clock just advances it."""
        self.advance(ms)
