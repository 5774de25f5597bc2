"""What of MicroPython's live heap only words of data (bytecode, names) hold: an artefact.

MicroPython's collector is conservative: it reads every word of every live block as a
possible pointer, and keeps any block whose start such a word names. Code imported from
``.mpy`` files has its bytecode in the heap, and bytecode is data, not pointers, yet it
is read the same way. In the WebAssembly port the heap starts near address 0x1A6D80, so
a word of bytecode such as the start of a list comprehension (a line-number byte with
its low four bits clear, another byte, then ``BUILD_LIST 0``: ``xx xx 2B 00``) reads as
the address 0x002Bxxxx, a block well inside the heap. Whatever the port allocates there
stays as long as the code does: a cell that a comprehension closed over, with the game
it holds. This port collects only between top-level calls, so an event that makes 1 MB
of garbage (the game's last input: its record's replay) sweeps its allocations through
those addresses. On the board no such word holds anything when the code runs from flash
(a ROMFS image or frozen code: its bytecode is not in the heap); with ``.mpy`` files in
RAM, the same can happen at other addresses, by chance.

``heapmeter.dump_start()`` and ``dump_more()`` print the heap inside MicroPython;
:func:`analyse` reads that output and finds the blocks that nothing but data holds: every
word of a block of bytecode, of characters or bytes, of a module's interned name numbers
or of the interned names themselves (a zero byte, a space, ``*`` and a zero byte between
two names read as 0x002A2000) is taken for data; the blocks such words name, and what
those reach, are pinned unless a block outside them (by a real pointer) holds them too.
The runtime's own roots (the module table's object, the interned names' last pool, the
running code's globals) are outside the heap and not in the dump: a block that only they
hold counts as pinned when data names it. So one figure alone overstates; the difference
between two dumps (``startup_heap``: as the game's last event begins and once the game
is shelved) is what the event left that only data holds.
"""

import re
import struct
from collections import defaultdict

BLOCK = 16  # MicroPython's bytes a heap block (32-bit)
_FREE, _TAIL = ".", "="


class Pins:
    """What :func:`analyse` found: ``live`` (bytes in live blocks), ``pinned`` (bytes of
    the blocks only bytecode words hold), ``roots`` (``[(address, kind, bytes it and
    what only it holds)]``: the pinned blocks a bytecode word names, largest first) and
    ``code_blocks`` (how many blocks of bytecode, text or bytes were read as data)."""

    def __init__(self, live, pinned, roots, code_blocks):
        self.live = live
        self.pinned = pinned
        self.roots = roots
        self.code_blocks = code_blocks


def _table(text):
    # {block: (kind, blocks)} of the heads, and the pool's first address.
    body = text.split("HEAPTABLE\n", 1)[1].split("HEAPTABLE END", 1)[0]
    if body.count("GC memory layout; from ") != 1:
        raise ValueError("the dump has no heap table, or one for several heap areas")
    layout = body.split("GC memory layout; from ", 1)[1]
    start = int(layout.split(":", 1)[0], 16)
    kinds = {}
    for m in re.finditer(r"^([0-9a-f]{8}): (\S+)$", layout, re.M):
        first = int(m.group(1), 16) // BLOCK
        for i, c in enumerate(m.group(2)):
            kinds[first + i] = c
    heads = {}
    for b, c in kinds.items():
        if c not in (_FREE, _TAIL):
            n = 1
            while kinds.get(b + n) == _TAIL:
                n += 1
            heads[b] = (c, n)
    return start, heads


def _memory(text):
    # {address: bytes} of the dumped chunks.
    return {int(m.group(1)): bytes.fromhex(m.group(2))
            for m in re.finditer(r"^HEAPDUMP (\d+) ([0-9a-f]+)$", text, re.M)}


def analyse(text):
    """The :class:`Pins` of what ``heapmeter.dump_start()`` and ``dump_more()`` printed
    (other lines are ignored)."""
    start, heads = _table(text)
    chunks = _memory(text)
    size = len(next(iter(chunks.values()))) if chunks else 1

    def read(addr, n):
        out = bytearray()
        while len(out) < n:
            at = addr + len(out)
            base = at - at % size
            data = chunks.get(base, bytes(size))
            out += data[at - base:at - base + n - len(out)]
        return bytes(out)

    addr = {b: start + b * BLOCK for b in heads}
    block_at = {a: b for b, a in addr.items()}
    words = {}
    for b, (_, n) in heads.items():
        data = read(addr[b], n * BLOCK)
        words[b] = struct.unpack("<%dI" % (len(data) // 4), data)
    edges = {b: [block_at[w] for w in ws if w in block_at] for b, ws in words.items()}
    # The bytecode blocks: a raw code object's fun_data (two zero bytes, kind 2, the
    # generator flag, then the pointer), and what a function object points at as its
    # bytecode (mp_obj_fun_bc_t: type, module context, children, bytecode), a function
    # being a block that names a module context where a bytecode function ("B" in the
    # table) does: functions whose raw code has gone, generator functions too.
    # Then the other blocks of data, not pointers: a string's or a bytes object's
    # characters and a bytearray's or an array's items (what an "S" or "A" object, type,
    # hash or flags, length, data, points at last), a module's table of the numbers of
    # its interned names (its context: type, globals, that table, constants), and a block
    # eight or more words point inside of: the interned names' chunks (their pool points
    # at every name in them).
    code = set()
    contexts = {ws[1] for b, ws in words.items() if heads[b][0] == "B" and len(ws) >= 4}
    for b, ws in words.items():
        if len(ws) >= 2 and ws[0] & 0xFEFFFFFF == 0x00020000 and ws[1] in block_at:
            code.add(block_at[ws[1]])
        elif len(ws) >= 4 and (ws[1] in contexts or heads[b][0] in "SA") and ws[3] in block_at:
            code.add(block_at[ws[3]])
        elif heads[b][0] == "M" and len(ws) >= 3 and ws[2] in block_at:
            code.add(block_at[ws[2]])  # a module's table of interned name numbers
    owner = {}
    for b, (_, n) in heads.items():
        for i in range(n):
            owner[b + i] = b
    inside = defaultdict(int)  # block -> words pointing inside it, past its start
    for ws in words.values():
        for w in ws:
            c = owner.get((w - start) // BLOCK) if w >= start else None
            if c is not None and w != addr[c]:
                inside[c] += 1
    code.update(c for c, k in inside.items() if k >= 8)
    held = defaultdict(set)  # block -> the blocks holding it by a real pointer
    for b, out in edges.items():
        if b not in code:
            for c in out:
                held[c].add(b)

    def reach(roots, within):
        seen = set()
        todo = [r for r in roots if r in within]
        while todo:
            b = todo.pop()
            if b not in seen:
                seen.add(b)
                if b not in code:  # a block of data holds nothing
                    todo.extend(c for c in edges[b] if c in within and c not in seen)
        return seen

    named = {c for b in code for c in edges[b]}
    pinned = reach(named, set(heads))
    while True:  # let go of what a block outside the pinned set holds too
        outside = [b for b in pinned if held[b] - pinned]
        if not outside:
            break
        pinned -= reach(outside, pinned)
    total = sum(heads[b][1] for b in pinned) * BLOCK
    roots = []
    for r in named & pinned:
        own = reach([r], pinned)
        roots.append((addr[r], heads[r][0], sum(heads[b][1] for b in own) * BLOCK))
    roots.sort(key=lambda x: -x[2])
    live = sum(n for _, n in heads.values()) * BLOCK
    return Pins(live, total, roots, len(code))
