"""The table's courses: the one the LEDs show while the players look through them in
setup, the new course made from the start menu, and the list a link push changes.

:class:`CourseKeeper` is the part of :class:`~teebox.app.table.Table` that does
this (the table derives from it); :class:`BuiltinCourses` is where the courses come
from when nothing else is given.
"""

from teebox.app import setup_flow as sf
from teebox.core import course as course_mod
from teebox.core import hexgrid

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

COURSE_SETTLE_MS = const(300)  # a course looked at this long is loaded and shown
NEW_COURSE_PREFIX = "gen-"  # a kept new course's name: this and its content hash


class BuiltinCourses:
    """The courses a board offers when nothing else is given: the firmware's built-in ones.

    Anything with the same two methods and a ``changes`` count (it moves when the list
    does) can stand in (``app/courses_store.CourseStore`` also offers the courses
    installed on the board).
    """

    changes = 0  # never changes: built-in courses come with the firmware

    def __init__(self, width=course_mod.BOARD_WIDTH, height=course_mod.BOARD_HEIGHT):
        self.width = width
        self.height = height

    def names(self):
        """The course names, sorted."""
        from teebox import shipped
        return shipped.builtin_names()

    def load(self, name):
        """The Course called ``name``."""
        from teebox import shipped
        return shipped.load_builtin(name, self.width, self.height)


class CourseKeeper:
    """The table's course handling. Needs ``courses``, ``setup``, ``flow``, ``now``,
    ``width``, ``height`` and the table's ``refuse`` and ``clear_view``; keeps
    ``course`` (what the LEDs draw: a Course, or a game's own layout while it is
    played) and ``course_name`` ("" when not a stored course)."""

    def init_courses(self):
        """Show the setup's default course, else the first one that loads."""
        self.course = None
        self.course_name = ""
        self._want = ""          # course looked at in setup, loaded once it settles
        self._want_since = 0
        self._course_changes = self.courses.changes
        names = self.setup.course_names
        start = self.setup.course_index
        for i in range(len(names)):
            k = (start + i) % len(names)
            if self.load_course(names[k]):
                self.setup.course_index = k
                self.alert = ""
                return
        raise ValueError("no course on this board fits its %d x %d grid"
                         % (self.width, self.height))

    def tick_courses(self, now):
        """Load the course looked at once it settles; follow pushed courses."""
        if self._want and self.clock.ticks_diff(now, self._want_since) >= COURSE_SETTLE_MS:
            self.load_course(self._want)
        if self.courses.changes != self._course_changes:
            self._courses_changed()

    def follow_setup(self):
        """Show the course the setup looks at (or has chosen, once it moved on)."""
        if self.setup.step == sf.S_COURSE:
            self._look_at(self.setup.course)
        elif self._want:
            self.load_course(self._want)  # moved on: show the chosen course now

    def _courses_changed(self):
        # A course was pushed or deleted over the link: the menu offers what is there now.
        self._course_changes = self.courses.changes
        self.setup.set_courses(self.courses.names())
        if self.flow is self.setup and self.game is None:
            if self.setup.step == sf.S_COURSE:
                self._look_at(self.setup.course)
            self.refresh()

    def _look_at(self, name):
        if self.course is None or name != self.course_name:
            self._want = name
            self._want_since = self.now

    def load_course(self, name):
        """Load and show course ``name``; False (the course shown stays, the table says
        why) if it cannot be used on this board."""
        self._want = ""
        if self.course is not None and name == self.course_name:
            return True
        try:
            crs = self.courses.load(name)
        except (course_mod.CourseError, ValueError, OSError) as exc:
            self.refuse("course %s cannot be used: %s" % (name, exc))
            return False
        self.course = crs
        self.course_name = name
        self.clear_view()
        return True

    def preview_new_course(self):
        """The new course on the LEDs while the players look at it; the setup's
        course again when they go back to change the options."""
        data = self.flow.data
        if data is None:
            if not self.course_name:
                self.load_course(self.setup.course)
            return
        if self.course_name or self.course is None or self.course.data != data:
            self.course = course_mod.load(data)
            self.course_name = ""  # not a stored course (yet)
            self.clear_view()

    def keep_new_course(self):
        """Into the course store under its content hash (scores on it compare like any
        course's), then on with the setup, the new course chosen. False if it cannot
        be kept (the table says why)."""
        name = NEW_COURSE_PREFIX + self.course.hash_hex()
        if not hasattr(self.courses, "install"):
            self.refuse("this board cannot keep courses")
            return False
        try:
            self.courses.install(name, self.flow.data)
        except (ValueError, OSError) as exc:
            self.refuse("the course cannot be kept: %s" % exc)
            return False
        self._course_changes = self.courses.changes
        self.setup.set_courses(self.courses.names())
        self.setup.choose_course(name)
        self.course_name = name
        return True

    def course_title(self, name):
        """What the display calls course ``name``: a kept new course by the name the
        generator gave it ("New 9-hole normal #4821", the seed to make it again; its
        store name is its content hash), any other course by its store name."""
        if not name.startswith(NEW_COURSE_PREFIX):
            return name
        if self.course is not None and self.course_name == name:
            return self.course.name
        try:
            return course_mod.load(self.courses.data(name)).name
        except (course_mod.CourseError, ValueError, OSError, TypeError):
            return name  # (gone or spoilt: loading it for the LEDs says why)

    def cell(self, q, r):
        """The View cell of hex ``(q, r)`` on what the LEDs show, -1 off it."""
        if hexgrid.in_grid(q, r, self.course.width, self.course.height):
            return hexgrid.cell_index(q, r, self.course.width)
        return -1
