# Courses stored on the board: listed, installed only whole and verified, deleted.
# Runs under CPython and inside MicroPython.
from fwtest import raises
from link_kit import MINI, builtin

from teebox.app.courses_store import BUILTIN, STORED, CourseStore, CourseStoreError
from teebox.core.course import announced_hash
from teebox.core import course
from teebox.hal.store import SimStore
from teebox import shipped

MINI2 = MINI.replace("name: Mini Links", "name: Mini Links II").replace(
    "r r f f r r\n T", "r b f f r r\n T")


def _binary(text=MINI):
    return course.compile_source(text)


def test_builtin_courses_are_listed_with_title_holes_and_hash():
    cs = CourseStore(SimStore())
    entries = dict([(e[0], e[1:]) for e in cs.entries()])
    assert sorted(entries) == shipped.builtin_names()
    title, holes, content_hash, flags = entries["starter"]
    assert title == builtin().name and holes == builtin().hole_count
    assert content_hash == bytes(builtin().hash) and flags == BUILTIN


def test_an_installed_course_is_listed_loaded_and_found_by_hash():
    store = SimStore()
    cs = CourseStore(store)
    c = cs.install("mini", _binary(), announced_hash(_binary()))
    assert c.name == "Mini Links"
    entry = [e for e in cs.entries() if e[0] == "mini"][0]
    assert entry == ("mini", "Mini Links", 1, bytes(c.hash), STORED)
    assert CourseStore(store.reboot()).load("mini").hash == c.hash
    assert cs.find(c.hash).name == "Mini Links"
    assert cs.find(builtin().hash).name == builtin().name
    assert cs.find(b"\x00" * 8) is None


def _refused(cs, name, data, content_hash=None):
    return str(raises(CourseStoreError, cs.install, name, data, content_hash))


def test_a_bad_course_is_refused_and_the_old_one_stays():
    store = SimStore()
    cs = CourseStore(store)
    old = _binary()
    cs.install("mini", old)
    new = _binary(MINI2)
    assert "course data is truncated" in _refused(cs, "mini", new[:-9])
    flipped = bytearray(new)
    flipped[40] ^= 0x01
    assert "corrupt" in _refused(cs, "mini", bytes(flipped))
    msg = _refused(cs, "mini", new, announced_hash(old))
    assert "content hash is %s, %s was announced" % (announced_hash(new).hex(), announced_hash(old).hex()) in msg
    assert "not a Teebox course" in _refused(cs, "mini", b"hello world, not a course")
    assert cs.data("mini") == old


def test_a_course_larger_than_the_board_is_refused():
    cs = CourseStore(SimStore(), width=5, height=3)
    assert "size: 6x3 does not fit the board (5x3)" in _refused(cs, "mini", _binary())


def test_a_bad_course_already_on_flash_is_refused_with_its_reason_when_loaded():
    """A course stored before the board checked what courses mean (issue 15) is not
    played: loading it (the table, resuming a game) says what is wrong with it. It is
    still listed over the link, so it can be seen and deleted."""
    store = SimStore()
    src = course.check(MINI)[0]
    src.holes = []
    store.write_atomic("course-mini", course.encode(src))
    cs = CourseStore(store)
    assert "no holes" in str(raises(course.CourseError, cs.load, "mini"))
    err = raises(CourseStoreError, cs.find, announced_hash(store.read("course-mini")))
    assert str(err).startswith("course 'mini' cannot be used: no holes")
    assert [e[:3] for e in cs.entries() if e[0] == "mini"] == [("mini", "Mini Links", 0)]
    assert cs.load("starter").name == builtin().name


def test_course_names_are_checked():
    cs = CourseStore(SimStore())
    for bad in ("", "Mini", "a/b", "x" * 25, "mini.tmp"):
        assert "bad course name" in _refused(cs, bad, _binary())


def test_a_power_cut_during_install_leaves_the_old_or_the_new_course():
    store = SimStore()
    cs = CourseStore(store)
    old = _binary()
    new = _binary(MINI2)
    cs.install("mini", old)
    seen = set()
    for completed, board in store.every_cut(lambda s: CourseStore(s).install("mini", new)):
        board.recover()
        got = CourseStore(board).data("mini")
        assert got in (old, new)
        seen.add(got == new)
        if completed:
            assert got == new
    assert seen == {False, True}


def test_delete_removes_stored_courses_and_keeps_builtins():
    store = SimStore()
    cs = CourseStore(store)
    cs.install("mini", _binary())
    assert cs.delete("mini") is True
    assert cs.delete("mini") is False  # a repeated delete is harmless
    assert "mini" not in cs.names()
    err = raises(CourseStoreError, cs.delete, "starter")
    assert "'starter' is a built-in course: it cannot be deleted" in str(err)
    # A stored course with a built-in's name replaces it until deleted.
    cs.install("starter", _binary())
    assert cs.load("starter").name == "Mini Links"
    assert [e[4] for e in cs.entries() if e[0] == "starter"] == [STORED | BUILTIN]
    assert cs.delete("starter") is True
    assert cs.load("starter").name == builtin().name


def test_loading_an_unknown_course_names_the_known_ones():
    err = raises(CourseStoreError, CourseStore(SimStore()).load, "nope")
    assert "no course 'nope' on this board" in str(err) and "starter" in str(err)
