# A serial line for link_server.StreamPort that select.poll can watch, under CPython (two
# OS pipes) and inside MicroPython (a stream object: MicroPython's poll asks a stream
# through its ioctl whether bytes wait). Runs under CPython and inside MicroPython.
import sys

from teebox.app.link_server import StreamPort

MICROPYTHON = sys.implementation.name == "micropython"

if MICROPYTHON:
    import io
    import select

    _MP_STREAM_POLL = 3

    class _Stream(io.IOBase):
        """A MicroPython stream: bytes in ``waiting`` are readable; ``eof`` once closed."""

        def __init__(self):
            self.waiting = bytearray()
            self.eof = False
            self.polls = 0

        def ioctl(self, req, arg):
            if req == _MP_STREAM_POLL:
                self.polls += 1
                return arg & select.POLLIN if (self.waiting or self.eof) else 0
            return 0

        def readinto(self, buf):
            n = min(len(buf), len(self.waiting))
            buf[:n] = self.waiting[:n]
            self.waiting = self.waiting[n:]
            return n

        def write(self, data):
            self.waiting += data
            return len(data)


class Wire:
    """Both ends of a serial line: ``port`` is the board's StreamPort; the Wire itself
    is the host's end (``write``, ``read_available``, like a PipeEnd) and ``close()``
    hangs up."""

    def __init__(self):
        if MICROPYTHON:
            self._in = _Stream()
            self._out = _Stream()
            self.port = StreamPort(self._in, self._out)
        else:
            import os
            r_in, self._w_in = os.pipe()
            self._r_out, w_out = os.pipe()
            os.set_blocking(self._r_out, False)
            self.port = StreamPort(open(r_in, "rb", buffering=0), open(w_out, "wb", buffering=0))

    def polls(self):
        """How many times the board asked the line whether bytes wait (MicroPython)."""
        return self._in.polls

    def write(self, data):
        """The host sends ``data`` to the board."""
        if MICROPYTHON:
            self._in.waiting += data
        else:
            import os
            os.write(self._w_in, data)

    def close(self):
        """The host hangs up."""
        if MICROPYTHON:
            self._in.eof = True
        else:
            import os
            os.close(self._w_in)

    def read_available(self, limit=1 << 16):
        """What the board has sent (at most ``limit`` bytes), b"" if nothing."""
        if MICROPYTHON:
            out = bytes(self._out.waiting[:limit])
            self._out.waiting = self._out.waiting[limit:]
            return out
        import os
        try:
            return os.read(self._r_out, limit)
        except BlockingIOError:
            return b""
