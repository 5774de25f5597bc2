"""The table's LED frame as the link sends it (LED_FRAME, ``docs/protocol.md``): what a
host needs to draw the board hex by hex, sent as the cells that changed since its last
look.

A host names the picture it holds by the id of the last reply it applied (0: none,
which always gets a RESET). The board keeps one copy of the frame as it sent it
(:attr:`LedView.sent`, the strip's bytes): when the host holds that picture, the reply
carries only the runs of cells whose LEDs differ from it; otherwise (a new host, a
reply lost on the way, a board switched off since) the reply says RESET, the copy goes
black, and the whole frame comes again. A reply that cannot hold every change says
MORE, and the host asks again at once. So a repeated request is harmless, as every
request of the link is: it gets a RESET and a whole frame.

The frame is the renderer's as last drawn (the prompt strip included), its prepared
colours undone to RGB (``hal/leds.Leds.inverse``). Looking costs little: the frame
and the copy are compared a stretch of LEDs at a time (a row of the strip, compared
in C through views made once), and only a stretch that differs is looked at LED by
LED, so a look at a board where one golfer pulses scans one row, not the board. A
reply is made into one buffer made here, and nothing is looked at between requests:
the table's frames cost nothing more while no host is watching.
"""

from array import array

from teebox.core.wire.commands import LED_MORE as MORE, LED_RESET as RESET, MAX_DATA
from teebox.hal.leds import order_offsets

HEADER = 9   # u32 id, u8 width, u8 height, u8 flags, u16 runs
RUN = 3      # u16 first cell, u8 cells; then 3 bytes (r, g, b) a cell
MAX_RUN = 255
MAX_ID = 0x3FFFFFFF   # ids wrap below MicroPython's big integers (no allocation)


class LedView:
    """The LED frame of ``renderer`` (an ``app/renderer.Renderer``) on board ``profile``,
    for a host: :meth:`reply`. ``leds`` is the strip (``hal/leds``) whose prepared
    colours the renderer draws in (None: it draws plain RGB)."""

    def __init__(self, profile, renderer, leds=None):
        self.width = profile.width
        self.height = profile.height
        self.renderer = renderer
        self.leds = leds if renderer.leds is not None else None
        order = order_offsets(leds.order) if self.leds is not None else (0, 1, 2)
        self._o0, self._o1, self._o2 = order
        self._led_of = profile.led_table   # row-major cell -> LED
        n = self.width * self.height
        self.sent = bytearray(3 * n)
        # The strip in stretches of a row's LEDs; each stretch's cells in cell order.
        self._stretch = self.width
        cells = array("H", bytes(2 * n))
        for first in range(0, n, self._stretch):
            row = sorted(profile.cell_table[first:first + self._stretch])
            for k in range(len(row)):
                cells[first + k] = row[k]
        self._cells = cells
        self._frame = None
        self._sent_views = self._stretches(self.sent)
        self._black = bytes(3 * self._stretch)
        self.id = 0
        self._out = bytearray(MAX_DATA)
        self._view = memoryview(self._out)
        self._rgb = bytearray(3)

    def _stretches(self, buf):
        view = memoryview(buf)
        step = 3 * self._stretch
        return [view[at:at + step] for at in range(0, len(buf), step)]

    def reply(self, have):
        """The body of the LED_FRAME reply to a host holding picture ``have``: ``u32 id,
        u8 width, u8 height, u8 flags, u16 runs``, then each run ``u16 first cell, u8
        cells`` and the cells' RGB. A view of a buffer made once: good until the next
        call. The id changes whenever cells are sent."""
        sent = self.sent
        flags = 0
        if have == 0 or have != self.id:
            flags = RESET
            for view in self._sent_views:
                view[:] = self._black
        frame = self.renderer.frame
        if frame is not self._frame:   # (made once: the renderer keeps its frame)
            self._frame = frame
            self._frame_views = self._stretches(frame)
        out = self._out
        inverse = self.leds.inverse() if self.leds is not None else None
        rgb = self._rgb
        led_of = self._led_of
        cells = self._cells
        mine = self._frame_views
        theirs = self._sent_views
        stretch = self._stretch
        at = HEADER
        runs = 0
        count_at = 0      # where the open run's cell count is
        last = -2         # the last cell sent
        for k in range(len(mine)):
            if mine[k] == theirs[k]:
                continue   # the whole stretch as sent (compared in C)
            for j in range(k * stretch, (k + 1) * stretch):
                cell = cells[j]
                i = 3 * led_of[cell]
                if frame[i] == sent[i] and frame[i + 1] == sent[i + 1] and \
                        frame[i + 2] == sent[i + 2]:
                    continue
                if cell == last + 1 and out[count_at] < MAX_RUN and at + 3 <= MAX_DATA:
                    out[count_at] += 1
                elif at + RUN + 3 <= MAX_DATA:
                    out[at] = cell & 0xFF
                    out[at + 1] = cell >> 8
                    count_at = at + 2
                    out[count_at] = 1
                    at += RUN
                    runs += 1
                else:
                    flags |= MORE   # the rest in the next reply (the copy keeps them unsent)
                    break
                if inverse is None:
                    rgb[0] = frame[i]
                    rgb[1] = frame[i + 1]
                    rgb[2] = frame[i + 2]
                else:  # byte k of a prepared colour holds RGB channel o_k
                    rgb[self._o0] = inverse[frame[i]]
                    rgb[self._o1] = inverse[frame[i + 1]]
                    rgb[self._o2] = inverse[frame[i + 2]]
                out[at] = rgb[0]
                out[at + 1] = rgb[1]
                out[at + 2] = rgb[2]
                sent[i] = frame[i]
                sent[i + 1] = frame[i + 1]
                sent[i + 2] = frame[i + 2]
                at += 3
                last = cell
            if flags & MORE:
                break
        if runs:
            self.id = self.id % MAX_ID + 1
        n = self.id
        out[0] = n & 0xFF
        out[1] = (n >> 8) & 0xFF
        out[2] = (n >> 16) & 0xFF
        out[3] = n >> 24
        out[4] = self.width
        out[5] = self.height
        out[6] = flags
        out[7] = runs & 0xFF
        out[8] = runs >> 8
        return self._view[:at]
