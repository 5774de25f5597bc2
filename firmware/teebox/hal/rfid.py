"""RFID club-card readers: MFRC522 over SPI, ISO/IEC 14443-3 type A, never blocking.

Players lay a club card (an NTAG213 sticker, 7-byte UID; some tags have
4-byte UIDs) face-down on a reader under the table. The LED loop calls
``poll()`` once per iteration, and again about every millisecond of the
frame's spare time while ``busy()``; each call does at most one small step
(read one interrupt register, and when the chip has finished, read its answer
and start the next frame), so reading a card never freezes the render loop,
and a presence cycle (about seven steps) ends within the frame that starts it.

Layers:

* :class:`Mfrc522` talks to one chip: register access in the datasheet's
  SPI format, set-up, and a transceive split into *start* and *check*. The
  chip's own timer bounds every frame to 1.5 ms, so "no card" is the timer
  interrupt, not a wait loop.
* :class:`CardReader` runs the presence cycle on one chip: WUPA, then
  anticollision + SELECT per cascade level, then HLTA. ``poll()`` returns
  ``("placed", uid)`` or ``("removed", uid)`` or None.
* :class:`ReaderBank` polls one reader per seat round-robin on a shared bus,
  with only the polled reader's antenna on; ``poll()`` returns
  ``(seat, event)`` or None.
* :class:`SimReader` has the same ``poll()`` for the simulator and tests.

Hardware (``machine``) is only imported by :func:`open_readers` (which
:func:`open_bank` and :func:`open_reader` use), so this module imports under
CPython and the WebAssembly port. ``docs/rfid.md`` explains the cycle and the wiring.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# --- MFRC522 registers (datasheet section 9.2) ---------------------------------
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_ERROR = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_RF_CFG = const(0x26)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)

# CommandReg commands and bits
_CMD_IDLE = const(0x00)
_CMD_TRANSCEIVE = const(0x0C)
_CMD_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)

# ComIrqReg bits; writing 0x7F (Set1 = 0) clears them all
_IRQ_RX = const(0x20)
_IRQ_ERR = const(0x02)
_IRQ_TIMER = const(0x01)
_IRQ_CLEAR_ALL = const(0x7F)

_FLUSH_BUFFER = const(0x80)     # FIFOLevelReg
_START_SEND = const(0x80)       # BitFramingReg; low 3 bits are TxLastBits
_T_START_NOW = const(0x40)      # ControlReg; low 3 bits are RxLastBits
_ANTENNA_OFF = const(0x80)      # TxControlReg reset value (InvTx2RFOn)
_ANTENNA_ON = const(0x83)       # ... plus Tx1RFEn and Tx2RFEn
_FORCE_100_ASK = const(0x40)    # TxASKReg: ISO 14443-A needs 100 % ASK
_RX_GAIN_MAX = const(0x70)      # RFCfgReg RxGain 48 dB: cards lie on the table top, not on the coil

# Timer: TAuto starts it when a frame has been sent; TPrescaler 169 gives
# 13.56 MHz / (2 * 169 + 1) = 40 kHz, one tick every 25 us.
_T_MODE_AUTO = const(0x80)
_T_PRESCALER_VALUE = const(169)
_TICKS_FRAME = const(60)        # 1.5 ms: ATQA/UID/SAK arrive ~0.1 ms after a frame ends
_TICKS_SETTLE = const(205)      # 5.125 ms of unmodulated field before the first WUPA (ISO 14443-3: >= 5.1 ms)

# --- ISO/IEC 14443-3 type A -------------------------------------------------
_WUPA = const(0x52)             # 7-bit short frame; wakes IDLE *and* HALT cards
_NVB_ANTICOLL = const(0x20)     # SEL + NVB only: "send me your UID CLn"
_NVB_SELECT = const(0x70)       # SEL + NVB + 4 UID bytes + BCC (+ CRC_A)
_CASCADE_TAG = const(0x88)
_SAK_CASCADE = const(0x04)      # SAK bit: UID not complete, go to the next cascade level
_HLTA = const(0x50)
_SEL = (0x93, 0x95, 0x97)       # cascade levels 1, 2, 3

_FRAME_MAX = const(16)          # largest frame either way is 9 bytes (SELECT)
_RESET_READS = const(200)       # bound on the wait for the oscillator after a reset (~40 us)
_HEALTH_EVERY = const(8)        # busy checks between looks at the chip's set-up
_STALL_CHECKS = const(200)      # busy checks after which a frame is given up for lost

# Results of Mfrc522.check()
BUSY = const(0)
DONE = const(1)
TIMEOUT = const(2)
ERROR = const(3)

# CardReader states
_OFF = const(0)       # antenna off: another seat's turn
_SETTLE = const(1)    # field on, waiting for cards to power up
_WUPA_SENT = const(2)
_ANTICOLL_SENT = const(3)
_SELECT_SENT = const(4)
_HLTA_SENT = const(5)
_WAITING = const(6)   # cycle over; the bank moves to the next seat

# Outcomes of one presence cycle
_MISS = const(0)
_READ = const(1)
_GLITCH = const(2)
_FAULT = const(3)

REMOVE_AFTER_MISSES = const(2)
UID_SIZES = (4, 7, 10)


class RfidError(Exception):
    """A reader that does not answer on the SPI bus (wiring, power)."""


def crc_a(data, n):
    """CRC_A of the first ``n`` bytes (ISO/IEC 14443-3 annex B).

    Preset 0x6363, polynomial x^16 + x^12 + x^5 + 1 taken LSB first, no final
    inversion; sent low byte first. Computed in software rather than by the
    chip's CRC coprocessor: the coprocessor needs its own FIFO load, command
    and wait, which would be one more step (or a busy-wait) per frame, while
    this costs a few dozen integer operations and only runs when a card
    answers, never on an empty poll.
    """
    crc = 0x6363
    for i in range(n):
        b = (data[i] ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc


class Mfrc522:
    """One MFRC522 on an SPI bus (MicroPython ``machine.SPI`` interface).

    ``spi`` needs ``write(buf)`` and ``write_readinto(wbuf, rbuf)``; ``cs``
    and ``rst`` are ``machine.Pin``-like outputs driven with ``.value(v)``.
    Construction resets and configures the chip with the antenna off;
    RfidError if no chip answers. All buffers are allocated here, so the
    methods used while polling allocate nothing.
    """

    def __init__(self, spi, cs, rst=None):
        self._spi = spi
        self._cs = cs
        self._rst = rst
        self._w2 = bytearray(2)
        self._r2 = bytearray(2)
        # FIFO write burst: the address byte, then the frame (self.tx).
        self._txbuf = bytearray(1 + _FRAME_MAX)
        self._txbuf[0] = _FIFO_DATA << 1
        self.tx = memoryview(self._txbuf)[1:]
        self._txv = tuple(memoryview(self._txbuf)[:n + 1] for n in range(_FRAME_MAX + 1))
        # FIFO read burst: the read address repeated, the answer lands in self.rx.
        self._rxw = bytearray(1 + _FRAME_MAX)
        self._rxr = bytearray(1 + _FRAME_MAX)
        for i in range(1 + _FRAME_MAX):
            self._rxw[i] = 0x80 | (_FIFO_DATA << 1)
        self.rx = memoryview(self._rxr)[1:]
        self._rxwv = tuple(memoryview(self._rxw)[:n + 1] for n in range(_FRAME_MAX + 1))
        self._rxrv = tuple(memoryview(self._rxr)[:n + 1] for n in range(_FRAME_MAX + 1))
        self.rx_bits = 0      # valid bits in the last received byte (0 = all 8)
        self.errors = 0       # ErrorReg after the last ERROR result
        self.version = 0      # VersionReg: 0x91/0x92 MFRC522 v1/v2, 0x88 FM17522 clone, ...
        self._antenna = False
        self._reload = 0
        cs.value(1)
        if rst is not None:
            rst.value(1)
        self.init()

    # --- registers ---------------------------------------------------------
    # SPI address byte (datasheet 8.1.2.3): bit 7 = 1 to read, bits 6..1 the
    # register address, bit 0 = 0. A read sends the address then 0x00 and the
    # register's value comes back during the second byte.

    def read_reg(self, reg):
        """The value of one register."""
        w = self._w2
        w[0] = 0x80 | (reg << 1)
        w[1] = 0
        self._cs.value(0)
        self._spi.write_readinto(w, self._r2)
        self._cs.value(1)
        return self._r2[1]

    def write_reg(self, reg, value):
        """Write one register."""
        w = self._w2
        w[0] = (reg << 1) & 0x7E
        w[1] = value
        self._write(w)

    def _write(self, buf):
        self._cs.value(0)
        self._spi.write(buf)
        self._cs.value(1)

    # --- set-up --------------------------------------------------------------

    def init(self):
        """Reset (hard if RST is wired, then soft), check the chip answers, configure.

        Runs once at start-up, not in the loop: the wait for the oscillator
        is bounded to a few hundred register reads.
        """
        if self._rst is not None:
            self._rst.value(0)   # >= 100 ns low: a hard power-down and reset
            self._rst.value(1)
        self.write_reg(_COMMAND, _CMD_SOFT_RESET)
        version = 0
        for _ in range(_RESET_READS):
            version = self.read_reg(_VERSION)
            if version != 0 and version != 0xFF and not self.read_reg(_COMMAND) & _POWER_DOWN:
                break
        else:
            raise RfidError(
                "no MFRC522 answers on chip-select %s (VersionReg reads 0x%02X): check 3.3 V, "
                "GND, SCK, MOSI, MISO and this reader's SDA/CS wire" % (self._cs, version))
        self.version = version
        self._antenna = False
        self.configure()

    def configure(self):
        """Write the timer, modulation, gain and antenna set-up (after a reset or brown-out)."""
        self.write_reg(_T_MODE, _T_MODE_AUTO)
        self.write_reg(_T_PRESCALER, _T_PRESCALER_VALUE)
        self.write_reg(_T_RELOAD_H, 0)
        self._reload = 0
        self.set_timeout(_TICKS_FRAME)
        self.write_reg(_TX_ASK, _FORCE_100_ASK)
        self.write_reg(_RF_CFG, _RX_GAIN_MAX)
        self.antenna(self._antenna)

    def healthy(self):
        """True if the chip still holds this driver's set-up (two register reads).

        A brown-out resets the chip silently, and an unplugged reader reads
        0x00 or 0xFF; either way the timer would never fire again.
        """
        return (self.read_reg(_T_MODE) == _T_MODE_AUTO
                and self.read_reg(_TX_CONTROL) == (_ANTENNA_ON if self._antenna else _ANTENNA_OFF))

    def antenna(self, on):
        """Switch the RF field on or off (a card on the reader loses power when off)."""
        self._antenna = bool(on)
        self.write_reg(_TX_CONTROL, _ANTENNA_ON if on else _ANTENNA_OFF)

    def set_timeout(self, ticks):
        """Set the chip timer to ``ticks`` x 25 us; writes only when it changes.

        Both timeouts used here fit in TReloadRegL (TReloadRegH stays 0).
        """
        if ticks != self._reload:
            self.write_reg(_T_RELOAD_L, ticks - 1)   # the timer counts reload..0
            self._reload = ticks

    # --- split transceive ----------------------------------------------------

    def start_wait(self, ticks):
        """Run the chip timer alone for ``ticks`` x 25 us; check() says TIMEOUT when it ran out."""
        self.write_reg(_COMMAND, _CMD_IDLE)
        self.set_timeout(ticks)
        self.write_reg(_COM_IRQ, _IRQ_CLEAR_ALL)
        self.write_reg(_CONTROL, _T_START_NOW)

    def start_transceive(self, n, last_bits=0):
        """Send the first ``n`` bytes of ``self.tx`` and return at once.

        ``last_bits`` is how many bits of the last byte to send (7 for
        REQA/WUPA, 0 for whole bytes). The timer starts when the frame has
        been sent and ends the wait after 1.5 ms if no card answers.
        """
        self.set_timeout(_TICKS_FRAME)
        self.write_reg(_COMMAND, _CMD_IDLE)           # a Transceive never ends by itself
        self.write_reg(_COM_IRQ, _IRQ_CLEAR_ALL)
        self.write_reg(_FIFO_LEVEL, _FLUSH_BUFFER)
        self._write(self._txv[n])
        self.write_reg(_BIT_FRAMING, last_bits)       # StartSend low before the command starts
        self.write_reg(_COMMAND, _CMD_TRANSCEIVE)
        self.write_reg(_BIT_FRAMING, _START_SEND | last_bits)

    def check(self):
        """Where the started frame is: BUSY, DONE (answer received), TIMEOUT or ERROR.

        One register read while busy; on ERROR ``self.errors`` holds ErrorReg
        (datasheet 9.3.1.7: 0x08 collision, 0x04 CRC, 0x02 parity, 0x01 protocol, ...).
        """
        irq = self.read_reg(_COM_IRQ)
        if irq & _IRQ_ERR:
            self.errors = self.read_reg(_ERROR)
            return ERROR
        if irq & _IRQ_RX:
            return DONE
        if irq & _IRQ_TIMER:
            return TIMEOUT
        return BUSY

    def receive(self):
        """Read the answer into ``self.rx``; returns its length in bytes.

        ``self.rx_bits`` gets the valid bits of the last byte. An answer
        longer than any frame this driver expects is left unread (the next
        start flushes it); the length tells the caller to reject it.
        """
        n = self.read_reg(_FIFO_LEVEL) & 0x7F
        self.rx_bits = self.read_reg(_CONTROL) & 0x07
        if 0 < n <= _FRAME_MAX:
            w = self._rxw
            w[n] = 0                                # the last byte sent ends the read
            self._cs.value(0)
            self._spi.write_readinto(self._rxwv[n], self._rxrv[n])
            self._cs.value(1)
            w[n] = 0x80 | (_FIFO_DATA << 1)
        return n


class CardReader:
    """The card on one MFRC522, found without blocking.

    Call ``poll()`` once per loop iteration. A presence cycle is WUPA, then
    per cascade level ANTICOLLISION (UID CLn + BCC) and SELECT (SAK), then
    HLTA; each frame is started in one poll and checked in a later one. WUPA
    rather than REQA because the HLTA at the end of every cycle leaves the
    card HALTed, and a halted card only answers WUPA.

    Events: ``("placed", uid)`` once when a card arrives, ``("removed",
    uid)`` after two clean misses in a row (no answer to WUPA). A garbled
    answer (bad BCC, bad CRC, parity/protocol error, collision of two cards,
    a card leaving mid-cycle) is a glitch: neither a card nor a miss.
    ``uid`` is ``bytes`` of 4, 7 or 10.
    """

    def __init__(self, chip):
        self.chip = chip
        self.uid = None        # the card on the reader (bytes), or None
        self.glitches = 0      # garbled cycles so far
        self.faults = 0        # times the chip had to be set up again
        self.cycle_done = False  # the last step() ended a presence cycle
        self._state = _OFF
        self._misses = 0
        self._bad = False      # this cycle saw a bad frame
        self._waits = 0        # busy checks on the current frame
        self._level = 0        # cascade level 0..2
        self._cl = bytearray(4)    # UID CLn from the last anticollision answer
        self._uid = bytearray(10)  # the UID being read
        self._n = 0

    def activate(self):
        """Switch the field on and start the power-up wait (ISO 14443-3 asks >= 5.1 ms)."""
        self.chip.antenna(True)
        self.chip.start_wait(_TICKS_SETTLE)
        self._state = _SETTLE
        self._waits = 0
        self.cycle_done = False

    def deactivate(self):
        """Switch the field off; the card keeps its place in ``uid`` until misses say otherwise."""
        self.chip.antenna(False)
        self._state = _OFF

    def busy(self):
        """True while the chip is working on this reader's cycle (the field settling, a
        frame on the air or answered): polling again within the frame moves it on, so
        the loop polls a busy reader in the spare time of its frames (``app/loop.py``)."""
        return _SETTLE <= self._state <= _HLTA_SENT

    def poll(self):
        """Advance one step; return an event tuple or None. Switches the field on at first use."""
        if self._state == _OFF or self._state == _WAITING:
            self.activate()
            return None
        return self.step(True)

    def step(self, restart):
        """Check the frame in flight and start the next one; return an event or None.

        When a presence cycle ends, ``cycle_done`` is set and, if ``restart``,
        the next cycle's WUPA goes out in the same step; otherwise the reader
        waits for ``activate()`` (ReaderBank's turn-taking).
        """
        self.cycle_done = False
        st = self._state
        if st == _OFF or st == _WAITING:
            return None
        chip = self.chip
        r = chip.check()
        if r == BUSY:
            self._waits += 1
            if self._waits % _HEALTH_EVERY and self._waits < _STALL_CHECKS:
                return None
            if self._waits < _STALL_CHECKS and chip.healthy():
                return None
            return self._end(_FAULT, restart)
        self._waits = 0
        if st == _SETTLE:
            self._send_wupa()
            return None
        if st == _HLTA_SENT:
            # Whatever HLTA got back, the cycle is over.
            return self._end(_GLITCH if self._bad else _READ, restart)
        if st == _WUPA_SENT:
            if r == TIMEOUT:
                return self._end(_MISS, restart)
            if r == DONE and self._answer_is(2):
                self._level = 0
                self._n = 0
                self._send_anticoll()
                return None
        elif st == _ANTICOLL_SENT:
            if r == DONE and self._answer_is(5) and self._take_cl():
                self._send_select()
                return None
        elif r == DONE and self._answer_is(3) and crc_a(chip.rx, 1) == chip.rx[1] | (chip.rx[2] << 8):
            # _SELECT_SENT: SAK + CRC_A
            if self._take_sak(chip.rx[0]):
                return None
        # A garbled or missing answer: end the cycle with HLTA anyway, so a
        # card left READY or ACTIVE drops back to HALT/IDLE and the next WUPA finds it.
        self._bad = True
        self._send_hlta()
        return None

    # --- frames --------------------------------------------------------------

    def _send_wupa(self):
        self._bad = False
        self.chip.tx[0] = _WUPA
        self.chip.start_transceive(1, 7)
        self._state = _WUPA_SENT

    def _send_anticoll(self):
        tx = self.chip.tx
        tx[0] = _SEL[self._level]
        tx[1] = _NVB_ANTICOLL
        self.chip.start_transceive(2)
        self._state = _ANTICOLL_SENT

    def _send_select(self):
        tx = self.chip.tx
        cl = self._cl
        tx[0] = _SEL[self._level]
        tx[1] = _NVB_SELECT
        tx[2] = cl[0]
        tx[3] = cl[1]
        tx[4] = cl[2]
        tx[5] = cl[3]
        tx[6] = cl[0] ^ cl[1] ^ cl[2] ^ cl[3]
        self._send_with_crc(7)
        self._state = _SELECT_SENT

    def _send_hlta(self):
        tx = self.chip.tx
        tx[0] = _HLTA
        tx[1] = 0
        self._send_with_crc(2)
        self._state = _HLTA_SENT

    def _send_with_crc(self, n):
        tx = self.chip.tx
        crc = crc_a(tx, n)
        tx[n] = crc & 0xFF
        tx[n + 1] = crc >> 8
        self.chip.start_transceive(n + 2)

    def _answer_is(self, nbytes):
        """True if the answer is exactly ``nbytes`` whole bytes."""
        return self.chip.receive() == nbytes and self.chip.rx_bits == 0

    def _take_cl(self):
        """Keep the UID CLn of an anticollision answer if its BCC checks."""
        rx = self.chip.rx
        if rx[0] ^ rx[1] ^ rx[2] ^ rx[3] != rx[4]:
            return False
        cl = self._cl
        for i in range(4):
            cl[i] = rx[i]
        return True

    def _take_sak(self, sak):
        """Add this level's UID bytes; go to the next level or to HLTA. False if inconsistent."""
        cl = self._cl
        start = 0
        if sak & _SAK_CASCADE:
            # Not complete: CLn is the cascade tag + 3 UID bytes.
            if cl[0] != _CASCADE_TAG or self._level == 2:
                return False
            start = 1
        for i in range(start, 4):
            self._uid[self._n] = cl[i]
            self._n += 1
        if sak & _SAK_CASCADE:
            self._level += 1
            self._send_anticoll()
        else:
            self._send_hlta()
        return True

    # --- end of a cycle ------------------------------------------------------

    def _end(self, outcome, restart):
        event = None
        if outcome == _MISS:
            if self.uid is not None:
                self._misses += 1
                if self._misses >= REMOVE_AFTER_MISSES:
                    event = self._removed()
        elif outcome == _READ:
            if self.uid is None:
                self.uid = bytes(self._uid[:self._n])
                event = ("placed", self.uid)
            elif self._same_uid():
                self._misses = 0
            else:
                # Swapped between two looks: report the old card gone now;
                # the next cycle reports the new one.
                event = self._removed()
        else:
            self.glitches += 1
            if outcome == _FAULT:
                # No interrupt for many checks: the chip lost its set-up
                # (brown-out) or stopped answering. Set it up again.
                self.faults += 1
                self.chip.configure()
        self.cycle_done = True
        if not restart:
            self._state = _WAITING
        elif outcome == _FAULT:
            self.activate()
        else:
            self._send_wupa()
        return event

    def _removed(self):
        event = ("removed", self.uid)
        self.uid = None
        self._misses = 0
        return event

    def _same_uid(self):
        uid = self.uid
        if len(uid) != self._n:
            return False
        for i in range(self._n):
            if uid[i] != self._uid[i]:
                return False
        return True


class ReaderBank:
    """Several readers (one per seat) on one SPI bus, polled in turn.

    Only the reader whose turn it is has its antenna on, so neighbouring
    readers do not talk over each other. A reader keeps its turn for one
    whole presence cycle. ``poll()`` returns ``(seat, event)`` or None;
    ``seat`` is ``seats[i]`` for ``readers[i]`` (by default ``i``).
    """

    def __init__(self, readers, seats=None):
        self.readers = tuple(readers)
        if not self.readers:
            raise ValueError("ReaderBank needs at least one reader")
        self.seats = tuple(range(len(self.readers))) if seats is None else tuple(seats)
        if len(self.seats) != len(self.readers):
            raise ValueError("ReaderBank has %d readers but %d seats"
                             % (len(self.readers), len(self.seats)))
        if len(set(self.seats)) != len(self.seats):
            raise ValueError("ReaderBank seats repeat: %s" % (self.seats,))
        self._turn = 0
        for r in self.readers:
            r.deactivate()
        self.readers[0].activate()

    def busy(self):
        """True while the reader whose turn it is has work in flight (see CardReader.busy)."""
        return self.readers[self._turn].busy()

    def poll(self):
        """One step of the current seat's reader; hands the turn on when its cycle ends."""
        turn = self._turn
        readers = self.readers
        alone = len(readers) == 1
        reader = readers[turn]
        event = reader.step(alone)
        if reader.cycle_done and not alone:
            reader.deactivate()
            self._turn = (turn + 1) % len(readers)
            readers[self._turn].activate()
        if event is None:
            return None
        return (self.seats[turn], event)


def parse_uid(uid):
    """A UID as bytes from bytes/bytearray or hex text ("04A1B2C3D4E5F6", "04:a1:..").

    ValueError if it is not hex or not 4, 7 or 10 bytes long.
    """
    if isinstance(uid, str):
        text = uid.replace(":", "").replace(" ", "")
        try:
            uid = bytes.fromhex(text)
        except ValueError:
            raise ValueError("RFID UID %r is not hex" % text)
    uid = bytes(uid)
    if len(uid) not in UID_SIZES:
        raise ValueError("RFID UID must be 4, 7 or 10 bytes, got %d: %s" % (len(uid), uid.hex()))
    return uid


class SimReader:
    """A reader without hardware: the simulator and tests lay cards on it.

    Same ``poll()`` as CardReader (and ``step``/``activate``/``deactivate``
    so a ReaderBank can hold it). Laying a card where another lies swaps
    them: "removed" then "placed".
    """

    def __init__(self):
        self.uid = None
        self.glitches = 0
        self.faults = 0
        self.cycle_done = True
        self._events = []

    def place(self, uid):
        """Lay the card with this UID (bytes or hex) on the reader."""
        uid = parse_uid(uid)
        if uid == self.uid:
            return
        self.remove()
        self.uid = uid
        self._events.append(("placed", uid))

    def remove(self):
        """Lift the card off the reader (nothing happens if there is none)."""
        if self.uid is not None:
            self._events.append(("removed", self.uid))
            self.uid = None

    def poll(self):
        """The next event, or None."""
        if self._events:
            return self._events.pop(0)
        return None

    def step(self, restart):
        """ReaderBank's per-turn call: the same as poll()."""
        return self.poll()

    def busy(self):
        """Never: a laid card is an event at once, nothing to poll again for."""
        return False

    def activate(self):
        """Nothing to switch on."""

    def deactivate(self):
        """Nothing to switch off."""


# --- hardware factories ----------------------------------------------------

_SPI_BAUD = const(1000000)   # 1 MHz: safe on long wires to several readers; the chip allows 10 MHz


def open_readers(entries, baudrate=_SPI_BAUD):
    """A ReaderBank from a board profile's ``readers`` list.

    Each entry is a dict with ``seat``, ``spi`` (bus 0 or 1) and the GPIO
    numbers ``sck``, ``mosi``, ``miso``, ``cs`` and ``rst`` (``rst`` may be
    None). Readers on one bus share sck/mosi/miso (and usually rst); each
    has its own cs. SPI mode 0, MSB first. RfidError names a reader that
    does not answer.
    """
    from machine import Pin, SPI   # only on the board
    buses = {}
    for e in entries:
        if e["spi"] not in buses:
            buses[e["spi"]] = SPI(e["spi"], baudrate=baudrate, polarity=0, phase=0, bits=8,
                                  firstbit=SPI.MSB, sck=Pin(e["sck"]), mosi=Pin(e["mosi"]),
                                  miso=Pin(e["miso"]))
    # Drive every chip-select high before talking to any chip, so an
    # undriven CS cannot select a second chip during the first one's reset.
    selects = [Pin(e["cs"], Pin.OUT, value=1) for e in entries]
    # A shared RST line is pulsed once for all its modules (each chip gets a
    # soft reset of its own); pulsing it per chip would undo the others' set-up.
    for n in sorted(set(e["rst"] for e in entries if e.get("rst") is not None)):
        Pin(n, Pin.OUT, value=0).value(1)
    readers = [CardReader(Mfrc522(buses[e["spi"]], cs)) for e, cs in zip(entries, selects)]
    return ReaderBank(readers, [e["seat"] for e in entries])


def open_bank(spi_id, sck, mosi, miso, cs_pins, rst=None, baudrate=_SPI_BAUD):
    """A ReaderBank on one bus: seat i is the reader on chip-select ``cs_pins[i]``."""
    return open_readers([{"seat": i, "spi": spi_id, "sck": sck, "mosi": mosi, "miso": miso,
                          "cs": cs, "rst": rst} for i, cs in enumerate(cs_pins)], baudrate)


def open_reader(spi_id, sck, mosi, miso, cs, rst=None, baudrate=_SPI_BAUD):
    """One CardReader on a Pico, from GPIO numbers (``rst`` optional: soft reset only)."""
    return open_bank(spi_id, sck, mosi, miso, [cs], rst, baudrate).readers[0]
