"""Heap cost of Teebox courses under MicroPython.

    python -m tools.bench.course_heap

Prints, in bytes: the heap the course module itself takes once imported, what a
loaded 18-hole course keeps (its binary form plus the Course object), and what
parsing and validating its source allocates. The course is the built-in
``championship`` if it exists, otherwise an 18-hole course generated here.
"""

from teebox.core import course
from teebox import shipped
from teebox_host.micropython import heap_high_water

_IMPORT = "from teebox.core import course\n"
# Terrain strips between the holes, so the generated map uses every kind.
_FILLER = "r r b r t r w r l r F r Y r ~ r C r r b r t r r"


def generated_source(holes=18):
    """A valid course text: ``holes`` straight holes, two to a row, on a 24x16 map.

    Par 3, 4 and 5 holes are 5, 8 and 10 hexes long (inside Teebox's length rule).
    """
    width, height = 24, 16
    rows = [_FILLER.split() for _ in range(height)]
    lines = ["teebox-course 1", "name: Generated %d" % holes, "author: tools.bench",
             "size: %dx%d" % (width, height), "solo-par: 17", "greens: 4/10/4",
             "wind: TL3 TM3 TR3 BR0 BM0 BL0 S1 C3"]
    for k in range(holes):
        par = (4, 3, 5)[k % 3]
        length = {3: 5, 4: 8, 5: 10}[par]
        row = (k // 2) * height // ((holes + 1) // 2)
        tee, green = (0, length) if k % 2 == 0 else (width - 1, width - 1 - length)
        lo, hi = min(tee, green), max(tee, green)
        for col in range(lo, hi + 1):
            rows[row][col] = "f"
        rows[row][tee] = "T"
        rows[row][green] = "G"
        lines.append("hole %d par %d tee %d,%d green %d,%d" % (k + 1, par, tee, row, green, row))
    lines.append("map:")
    for r, cells in enumerate(rows):
        lines.append((" " if r & 1 else "") + " ".join(cells))
    return "\n".join(lines) + "\n"


def source_for_bench():
    """``(label, text)`` of the course to measure."""
    if "championship" in shipped.builtin_names():
        return "championship (built-in)", shipped.builtin_source("championship")
    return "generated 18-hole course", generated_source()


def import_cost():
    """Heap bytes the imported course module (and hexgrid, terrain) keeps."""
    return heap_high_water(_IMPORT).cost


def loaded_cost(text):
    """Heap bytes a loaded course keeps: its binary form and the Course object.

    Two runs that differ only in the load; garbage from the compile is freed
    before the sample, so this is what stays resident on the board.
    """
    setup = _IMPORT + "text = %r\n" % text
    base = heap_high_water(setup)
    loaded = heap_high_water(setup + "c = course.from_source(text)\n")
    return loaded.cost - base.cost


def parse_cost(text):
    """Bytes allocated while checking a course text (an upper bound of the parse's peak).

    Sampled within one call, where this port frees nothing, so every temporary
    string and list of the parse is counted.
    """
    report = heap_high_water(
        _IMPORT + "import heapmeter\ntext = %r\nheapmeter.checkpoint('before')\n"
        "src, problems = course.check(text)\nheapmeter.checkpoint('after')\n" % text)
    samples = dict(report.samples)
    return samples["after"] - samples["before"]


def main():
    label, text = source_for_bench()
    loaded = course.from_source(text)
    print("course: %s, %d holes, %d-byte source, %d-byte binary"
          % (label, loaded.hole_count, len(text.encode()), len(loaded.data)))
    print("course module import: %d bytes" % import_cost())
    print("loaded course (binary + Course object): %d bytes" % loaded_cost(text))
    print("source check (all allocations, upper bound of peak): %d bytes" % parse_cost(text))


if __name__ == "__main__":
    main()
