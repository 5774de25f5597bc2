"""Flash file store: checked atomic files and append-only logs.

Two implementations of the same methods: ``FileStore(root)`` on a real
filesystem (littlefs on the board, any folder on CPython) and ``SimStore()``
in memory, which can cut the power at any byte to prove nothing is lost.

A store holds two kinds of file, by a flat name (no ``/``):

* **Value files**, written whole with ``write_atomic()`` and read with
  ``read()``. The store adds an 8-byte trailer, ``u32 length | u32 crc32``
  (little-endian; the CRC covers the data and the length field), so
  ``read()`` can tell a torn or corrupt file and never returns garbage.
* **Logs**, grown with ``append()`` and read with ``read_at()``, with no
  trailer: their records check themselves (see ``app/journal.py``).
  ``rewrite_log()`` replaces a log atomically (truncation, a new game).

Atomic replace (``write_atomic`` and ``rewrite_log``):

1. write ``NAME.tmp`` and close it (closing is the durability point:
   MicroPython has no fsync);
2. rename ``NAME.tmp`` -> ``NAME``: littlefs replaces ``NAME`` atomically;
3. if that rename fails (FAT will not rename onto an existing file): rename
   ``NAME.tmp`` -> ``NAME.new`` (now marked complete), remove ``NAME``,
   rename ``NAME.new`` -> ``NAME``.

Boot rule, ``recover()``: every ``NAME.tmp`` is dropped (it may be torn, and
``NAME`` still holds the previous version, since ``NAME`` is only ever
removed once a ``.new`` exists); every ``NAME.new`` is complete, so it
replaces ``NAME``. After a power cut at any point, the next boot finds the
old version or the new one: never a torn file, and never neither (a first
write may leave no file). ``read()`` and a new replace also honour a pending
``.new``, so skipping ``recover()`` loses nothing either.
"""

import errno
import os
import struct
from binascii import crc32

TMP = ".tmp"   # being written: may be torn
NEW = ".new"   # written and closed: replaces NAME at boot
TRAILER = 8    # bytes a value file carries after its data

# CPython can force data to the disk; MicroPython has no fsync (close commits).
_fsync = getattr(os, "fsync", None)


class PowerCut(Exception):
    """SimStore: the simulated power failed. Not an OSError, so no I/O error
    handler can swallow it and carry on as if the board were still running."""


def _seal(data):
    """``data`` with its length+CRC trailer."""
    data = bytes(data)
    length = struct.pack("<I", len(data))
    return data + length + struct.pack("<I", crc32(length, crc32(data)))


def _unseal(raw):
    """The data of a sealed file, or None if it is missing, torn or corrupt."""
    if raw is None or len(raw) < TRAILER:
        return None
    end = len(raw) - TRAILER
    length, crc = struct.unpack_from("<II", raw, end)
    body = memoryview(raw)[:end]
    if length != end or crc32(memoryview(raw)[end:end + 4], crc32(body)) != crc:
        return None
    return bytes(body)


def _is_scratch(filename):
    return filename.endswith(TMP) or filename.endswith(NEW)


class _Store:
    """The store protocol, built on six primitives each implementation gives:
    ``_get(path, offset, n)``, ``_put(path, data, append)``, ``_rename(a, b)``,
    ``_remove(path)``, ``_size(path)`` and ``_list()``."""

    _root = ""

    def _path(self, name):
        if (not isinstance(name, str) or not name or "/" in name
                or _is_scratch(name)):
            raise ValueError("bad store file name %r: use a non-empty name without '/' "
                             "that does not end in %s or %s" % (name, TMP, NEW))
        return self._root + name

    def _discard(self, path):
        if self._size(path) is not None:
            self._remove(path)

    def read(self, name):
        """The data last given to ``write_atomic(name, ...)``, or None if there
        is no such file or it does not check out (never torn data). Before
        ``recover()`` has run, a complete pending ``.new`` version wins."""
        path = self._path(name)
        for p in (path + NEW, path):
            data = _unseal(self._get(p, 0, -1))
            if data is not None:
                return data
        return None

    def write_atomic(self, name, data):
        """Replace value file ``name`` with ``data``: all or nothing, even
        across a power cut (see the module notes)."""
        self._commit(self._path(name), _seal(data))

    def rewrite_log(self, name, data):
        """Replace log ``name`` with raw ``data``, all or nothing (no trailer:
        the caller's records check themselves)."""
        self._commit(self._path(name), bytes(data))

    def _commit(self, path, data):
        # A version a cut left pending (recover() not run yet) is older than
        # this one: put it in place first, so no later step can resurrect it.
        self._finish(path)
        tmp = path + TMP
        self._put(tmp, data, False)
        try:
            self._rename(tmp, path)  # littlefs: an atomic replace
        except OSError:
            # FAT refuses an existing target. Renaming to .new first marks the
            # temp file complete, so a cut after the remove is finished at boot.
            self._rename(tmp, path + NEW)
            self._finish(path)

    def _finish(self, path):
        """Put a complete pending version (``NAME.new``) in place of NAME."""
        new = path + NEW
        if self._size(new) is not None:
            self._discard(path)
            self._rename(new, path)

    def append(self, name, data):
        """Add raw bytes at the end of log ``name`` (created if missing).
        Durable when this returns; a power cut during it can tear the tail."""
        self._put(self._path(name), data, True)

    def read_at(self, name, offset, n):
        """Up to ``n`` raw bytes of ``name`` from ``offset`` (b"" past the end
        or if the file is missing)."""
        return self._get(self._path(name), offset, n) or b""

    def size(self, name):
        """The raw size of ``name`` in bytes (a value file's includes its
        trailer), or None if there is no such file."""
        return self._size(self._path(name))

    def remove(self, name):
        """Delete ``name`` and any unfinished version of it; return whether
        ``name`` existed. No error if it did not."""
        path = self._path(name)
        found = self._size(path) is not None
        # The pending version goes first, or a cut could resurrect it at boot.
        for p in (path + NEW, path + TMP, path):
            self._discard(p)
        return found

    def names(self):
        """The stored file names, sorted (unfinished temporary files left out)."""
        return sorted(f for f in self._list() if not _is_scratch(f))

    def recover(self):
        """Run at boot, before anything reads: finish or drop every interrupted
        atomic replace. Returns ``(finished, dropped)``, the names whose new
        version was put in place and the names whose torn attempt was dropped."""
        finished = []
        dropped = []
        for f in self._list():
            if f.endswith(TMP):
                self._remove(self._root + f)
                dropped.append(f[:-len(TMP)])
            elif f.endswith(NEW):
                self._finish(self._root + f[:-len(NEW)])
                finished.append(f[:-len(NEW)])
        return sorted(finished), sorted(dropped)


class FileStore(_Store):
    """A store in folder ``root`` of the real filesystem (created if missing)."""

    def __init__(self, root):
        root = root.rstrip("/") or "/"
        _makedirs(root)
        self._dir = root
        self._root = root.rstrip("/") + "/"

    def _get(self, path, offset, n):
        try:
            f = open(path, "rb")
        except OSError:
            return None
        try:
            if offset:
                f.seek(offset)
            return f.read() if n < 0 else f.read(n)
        finally:
            f.close()

    def _put(self, path, data, append):
        f = open(path, "ab" if append else "wb")
        try:
            f.write(data)
            f.flush()
            if _fsync is not None:
                _fsync(f.fileno())
        finally:
            f.close()

    def _rename(self, a, b):
        os.rename(a, b)

    def _remove(self, path):
        os.remove(path)

    def _size(self, path):
        try:
            return os.stat(path)[6]
        except OSError:
            return None

    def _list(self):
        return os.listdir(self._dir)


def _makedirs(path):
    """mkdir -p without os.path (MicroPython has none); OSError naming the
    folder if it still is not there."""
    cur = "/" if path.startswith("/") else ""
    for part in path.split("/"):
        if part:
            cur += part
            try:
                os.mkdir(cur)
            except OSError:
                pass  # exists already; checked below
            cur += "/"
    try:
        os.listdir(path)
    except OSError:
        raise OSError("store folder %s does not exist and cannot be created" % path)


class SimStore(_Store):
    """An in-memory store that can cut the power.

    ``cut_after=N``: the first N units of writing reach "flash", then the
    operation that would write the next one raises ``PowerCut``. A unit is one
    byte written, or one rename or remove (each a metadata commit), so
    sweeping N over every value cuts inside every write and between every
    step. A torn write keeps the bytes that reached flash. After the cut every
    write raises ``PowerCut``; ``reboot()`` gives the board that boots next.

    ``fat=True``: rename refuses an existing target, as on FAT; otherwise
    rename replaces it atomically, as on littlefs.

    ``flash`` (name -> bytearray) is what is on flash; tests may damage it.
    ``spent`` counts the units written so far.
    """

    def __init__(self, cut_after=None, fat=False, flash=None):
        self.flash = {} if flash is None else flash
        self.fat = fat
        self.spent = 0
        self._left = cut_after
        self._off = False

    def reboot(self, cut_after=None):
        """A new SimStore holding a copy of this flash: the board after a restart."""
        return SimStore(cut_after, self.fat,
                        dict((k, bytearray(v)) for k, v in self.flash.items()))

    def every_cut(self, action):
        """Run ``action(store)`` from this flash with the power cut at every
        possible point, and once uncut. Yields ``(completed, store)`` for each
        run, where ``store`` is the board that boots next (recover() not run
        yet) and ``completed`` says whether ``action`` returned. The last
        run is the uncut one."""
        probe = self.reboot()
        action(probe)
        for n in range(probe.spent + 1):
            board = self.reboot(cut_after=n)
            try:
                action(board)
                completed = True
            except PowerCut:
                completed = False
            yield completed, board.reboot()

    def _spend(self, n):
        """Let up to ``n`` units reach flash; return how many did."""
        if self._off:
            raise PowerCut("the power is off (reboot() the store)")
        k = n if self._left is None else min(n, self._left)
        if self._left is not None:
            self._left -= k
        self.spent += k
        return k

    def _cut(self):
        self._off = True
        raise PowerCut("power cut after %d units" % self.spent)

    def _get(self, path, offset, n):
        buf = self.flash.get(path)
        if buf is None:
            return None
        return bytes(buf[offset:] if n < 0 else buf[offset:offset + n])

    def _put(self, path, data, append):
        k = self._spend(len(data))
        buf = self.flash.get(path) if append else None
        if buf is None:
            buf = self.flash[path] = bytearray()
        buf.extend(memoryview(data)[:k])
        if k < len(data):
            self._cut()

    def _rename(self, a, b):
        if a not in self.flash:
            raise OSError(errno.ENOENT)
        if self.fat and b in self.flash:
            raise OSError(errno.EEXIST)
        if not self._spend(1):
            self._cut()
        self.flash[b] = self.flash.pop(a)

    def _remove(self, path):
        if path not in self.flash:
            raise OSError(errno.ENOENT)
        if not self._spend(1):
            self._cut()
        del self.flash[path]

    def _size(self, path):
        buf = self.flash.get(path)
        return None if buf is None else len(buf)

    def _list(self):
        return list(self.flash)
