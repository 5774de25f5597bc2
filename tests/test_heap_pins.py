"""tools/bench/heap_pins.py: what only bytecode words hold in a MicroPython heap dump.

A heap made by hand, in the form ``heapmeter.dump_start()`` and ``dump_more()`` print: a
function whose bytecode happens to hold a word equal to a cell's address, the cell
holding a game-sized object, and a second object held both by such a word and by a live
list. Only the first pair is
pinned: the collector keeps it for the bytecode's sake alone.
"""

import struct

from tools.bench import heap_pins

START = 0x100000


def _dump(blocks):
    # blocks: [(kind, [words])] laid out from START, a block of 16 bytes each 4 words.
    table, mem = [], bytearray()
    for kind, words in blocks:
        n = max(1, (len(words) + 3) // 4)
        table.append(kind + "=" * (n - 1))
        data = struct.pack("<%dI" % len(words), *words)
        mem += data + bytes(n * 16 - len(data))
    line = "".join(table)
    text = ["HEAPTABLE", "GC memory layout; from %x:" % START, "00000000: " + line,
            "HEAPTABLE END"]
    for at in range(0, len(mem), 4096):
        text.append("HEAPDUMP %d %s" % (START + at, mem[at:at + 4096].hex()))
    return "\n".join(text) + "\n"


def _at(i):
    return START + 16 * i


def test_what_only_a_bytecode_word_names_is_pinned_and_what_a_list_holds_is_not():
    blocks = [
        ("h", [0x00020000, _at(1), 0, 0]),       # 0: raw code -> its bytecode at 1
        ("h", [0x11223349, _at(2), _at(4), 0]),  # 1: bytecode, words naming 2 and 4
        ("h", [0x16B80, _at(3), 0, 0]),          # 2: a cell -> the game at 3
        ("h", [0x5555, _at(2), 0, 0, 0, 0, 0, 0]),  # 3: the game (2 blocks), back to its cell
        ("T", [0x7777, 0, 0, 0]),                # 4: a tuple, also in the list at 5
        ("L", [0x8888, 1, _at(4), 0]),           # 5: a live list holding the tuple
        ("h", [0x9999, 0, 0, 0]),                # 6: held by nothing known (a root's)
    ]
    got = heap_pins.analyse("noise\n" + _dump(blocks))
    assert got.code_blocks == 1
    assert got.pinned == 16 + 32  # the cell and the game it holds, not the tuple
    assert got.roots == [(_at(2), "h", 48)]
    assert got.live == 8 * 16


def test_a_function_objects_bytecode_counts_as_code_once_its_raw_code_is_gone():
    blocks = [
        ("B", [0x17334, _at(1), 0, _at(2)]),     # 0: a function: context 1, bytecode 2
        ("h", [0x175E8, 0, 0, 0]),               # 1: the module context
        ("h", [0x0849, _at(3), 0, 0]),           # 2: bytecode naming 3
        ("S", [0x1234, 0, 0, 0]),                # 3: pinned by it
    ]
    got = heap_pins.analyse(_dump(blocks))
    assert got.code_blocks == 1
    assert got.pinned == 16



def test_the_interned_names_chunks_are_data_too():
    # A pool pointing at ten names inside a chunk of characters, where a zero byte, a
    # space, '*' and a zero byte (here: the word naming block 6) read as a cell's address.
    blocks = [
        ("h", [0x4242, 10] + [_at(3) + 1 + 3 * i for i in range(10)]),  # 0-2: the pool
        ("h", [0x6F6D0074, _at(6), 0x6E6F6974, 0, 0, 0, 0, 0]),          # 3-4: the chunk
        ("h", [0x6161, 0, 0, 0]),                                         # 5: (filler)
        ("h", [0x16B80, _at(7), 0, 0]),                                   # 6: a cell
        ("h", [0x5555, 0, 0, 0]),                                         # 7: the game
    ]
    got = heap_pins.analyse(_dump(blocks))
    assert got.pinned == 32  # the cell and the game it holds: only the chunk names it
    assert got.roots == [(_at(6), "h", 32)]
