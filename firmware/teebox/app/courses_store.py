"""Courses kept on the board: compiled binaries (``core/course.py``) on the flash store.

A stored course is a value file ``course-NAME`` holding the binary exactly as
``course.compile_source`` makes it. The built-in courses of the firmware
(``teebox/data/courses``) are there too, compiled on first use; a stored course
with a built-in's name is used instead of it (deleting it brings the built-in
back).

Installing is all or nothing: the binary must be complete, ``course.verify``
must accept it (its form, as ``course.load`` checks, and what it means, as
``teebox course check`` checks a text: holes, tees, greens, terrain), it must
fit this board, and its content hash must be the one announced; only then is
it written (``write_atomic``). Anything else leaves the course that was there
before untouched. A course is verified again before the table plays it, so a
bad file already on flash is refused with its reason rather than played.
"""

from teebox.core import course as course_mod
from teebox import shipped

PREFIX = "course-"
MAX_NAME = 24
MAX_COURSE = 16384  # bytes of a compiled course the board accepts (24 x 16: about 600)
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-_"

STORED = 1   # flags in entries(): a course file on the store
BUILTIN = 2  # one of the firmware's built-in courses


class CourseStoreError(ValueError):
    """A course that cannot be installed, found or deleted; the message says why."""


def check_name(name):
    """Raise CourseStoreError unless ``name`` is a usable course name."""
    ok = isinstance(name, str) and 1 <= len(name) <= MAX_NAME
    if ok:
        for ch in name:
            if ch not in _NAME_CHARS:
                ok = False
                break
    if not ok:
        raise CourseStoreError("bad course name %r: use 1 to %d of a-z, 0-9, '-' and '_'"
                               % (name, MAX_NAME))


class CourseStore:
    """The courses on a board with a ``width`` x ``height`` grid, on ``store``.

    ``changes`` counts installs and deletions since start-up, so the table can see
    that the list it shows is stale (a course pushed over the link while the
    start menu is up) without asking the flash every frame.
    """

    def __init__(self, store, width=course_mod.BOARD_WIDTH, height=course_mod.BOARD_HEIGHT,
                 builtins=True):
        self.store = store
        self.width = width
        self.height = height
        self._builtins = builtins
        self._compiled = {}  # built-in name -> binary (None: it does not fit this board)
        self._verified = []  # content hashes of the stored courses verified since start-up
        self.changes = 0

    def builtin_names(self):
        """The firmware's built-in course names that fit this board."""
        if not self._builtins:
            return []
        return [n for n in shipped.builtin_names() if self._builtin(n) is not None]

    def stored_names(self):
        """The names of the courses stored on flash."""
        return [f[len(PREFIX):] for f in self.store.names() if f.startswith(PREFIX)]

    def names(self):
        """Every course name available, sorted."""
        return sorted(set(self.stored_names()) | set(self.builtin_names()))

    def _builtin(self, name):
        if name not in self._compiled:
            try:
                raw = course_mod.compile_source(shipped.builtin_source(name), self.width,
                                                self.height)
                self._verified.append(course_mod.announced_hash(raw))  # compiling checked it already
            except course_mod.CourseError:
                raw = None
            self._compiled[name] = raw
        return self._compiled[name]

    def data(self, name):
        """The binary of course ``name`` (stored first, then built-in), or None."""
        check_name(name)
        raw = self.store.read(PREFIX + name)
        if raw is None and self._builtins and name in shipped.builtin_names():
            raw = self._builtin(name)
        return raw

    def load(self, name):
        """The :class:`~teebox.core.course.Course` named ``name``, verified as an install
        is; CourseStoreError if there is none, CourseError saying what is wrong with it."""
        raw = self.data(name)
        if raw is None:
            raise CourseStoreError("no course %r on this board (courses: %s)"
                                   % (name, ", ".join(self.names()) or "none"))
        return self._checked(raw)

    def _checked(self, raw):
        # course.verify once per content hash (its path searches take a while on a
        # board); a file that changes is a new hash, so it is verified again.
        content_hash = course_mod.announced_hash(raw)
        if content_hash in self._verified:
            return course_mod.load(raw)
        c = course_mod.verify(raw, self.width, self.height)
        self._verified.append(content_hash)
        return c

    def entries(self):
        """``(name, title, holes, hash, flags)`` of every course, by name; ``hash``
        is the 8-byte content hash, ``flags`` STORED and/or BUILTIN. A course whose
        meaning is wrong is listed (so it can be seen and deleted): only its form is
        read here, the table verifies a course before it plays it."""
        stored = self.stored_names()
        builtin = self.builtin_names()
        out = []
        for name in self.names():
            try:
                c = course_mod.load(self.data(name))
            except (ValueError, course_mod.CourseError):
                continue  # a damaged file: not offered (install a good one over it)
            flags = (STORED if name in stored else 0) | (BUILTIN if name in builtin else 0)
            out.append((name, c.name, c.hole_count, bytes(c.hash), flags))
        return out

    def find(self, content_hash):
        """The course with this content hash, or None if there is none (the journal's
        course loader); CourseStoreError saying why if it is here but cannot be used."""
        content_hash = bytes(content_hash)
        why = ""
        for name in self.names():
            raw = self.data(name)
            if raw is not None and course_mod.announced_hash(raw) == content_hash:
                try:
                    return self._checked(raw)
                except course_mod.CourseError as exc:
                    why = why or "course %r cannot be used: %s" % (name, exc)
        if why:
            raise CourseStoreError(why)
        return None

    def verify(self, data, content_hash=None):
        """The Course ``data`` holds if it may be installed; CourseStoreError saying why not."""
        if len(data) > MAX_COURSE:
            raise CourseStoreError("course of %d bytes is larger than the %d this board keeps"
                                   % (len(data), MAX_COURSE))
        try:
            c = course_mod.verify(data, self.width, self.height)
        except course_mod.CourseError as exc:
            raise CourseStoreError("course refused: %s" % exc)
        if content_hash is not None and bytes(c.hash) != bytes(content_hash):
            raise CourseStoreError("course refused: its content hash is %s, %s was announced"
                                   % (c.hash_hex(), bytes(content_hash).hex()))
        self._verified.append(bytes(c.hash))
        return c

    def install(self, name, data, content_hash=None):
        """Verify ``data`` and store it as course ``name`` atomically; returns the Course.
        On any refusal the course that had this name stays as it was."""
        check_name(name)
        data = bytes(data)
        c = self.verify(data, content_hash)
        self.store.write_atomic(PREFIX + name, data)
        self.changes += 1
        return c

    def delete(self, name):
        """Delete stored course ``name``; True if it was there, False if not.
        CourseStoreError for a built-in course (those are part of the firmware)."""
        check_name(name)
        if self.store.size(PREFIX + name) is None and name in self.builtin_names():
            raise CourseStoreError("%r is a built-in course: it cannot be deleted" % name)
        gone = self.store.remove(PREFIX + name)
        if gone:
            self.changes += 1
        return gone
