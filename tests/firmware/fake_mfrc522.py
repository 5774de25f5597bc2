# A fake MFRC522 on a fake SPI bus, with ISO/IEC 14443-3 type A cards in its
# field. Runs under CPython and inside MicroPython (firmware tests, the alloc
# test and tools/bench/rfid_poll.py), so it sticks to the MicroPython subset.
#
# It is written from the datasheet, not from the driver: register numbers and
# CRC_A are spelled out again here (CRC bit by bit, the driver does it byte by
# byte), so a wrong address or CRC in the driver makes cards stay silent.
#
# What it models:
# * the SPI address byte format (bit 7 read, bits 6..1 address, bit 0 zero),
#   burst reads and writes within one chip-select, one chip per CS;
# * a register file with reset values, the 64-byte FIFO (FIFODataReg,
#   FIFOLevelReg, FlushBuffer), CommandReg (Idle, Transceive, SoftReset and
#   the PowerDown bit while the oscillator restarts), BitFramingReg
#   (StartSend, TxLastBits), ControlReg (RxLastBits, TStartNow), ComIrqReg
#   with Set1 semantics, ErrorReg, CollReg, TxControlReg (the antenna),
#   TxASKReg (cards only hear 100 % ASK), the timer (TModeReg TAuto,
#   TPrescalerReg, TReloadReg) which fires when no card answers;
# * time only as far as the chip's own timer measures it: each timer run
#   adds its period to how long each card in the field has had power, and a
#   card answers only after its boot time (ISO 14443-3 allows up to 5 ms);
# * cards with the ISO 14443-3 states IDLE, READY, ACTIVE, HALT (plus the
#   "*" flag for READY*/ACTIVE* after a WUPA from HALT), ATQA, anticollision
#   (NVB 0x20) and SELECT (NVB 0x70) per cascade level with the cascade tag,
#   SAK with the cascade bit, HLTA; two cards answering at once collide;
# * faults on demand: corrupt_next("bcc" | "crc" | "parity" | "noise"),
#   latency (reads of ComIrqReg that still show the chip busy), power_glitch().
#
# It counts SPI transfers and bytes (per bus) and register reads/writes (per
# chip; a FIFO burst of n bytes counts n), and the field-on count per chip.
# The whole no-card path allocates nothing, so MicroPython can measure the
# driver's own allocations.

COMMAND = 0x01
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
TX_CONTROL = 0x14
TX_ASK = 0x15
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

RESET_VALUES = {
    COMMAND: 0x20, 0x02: 0x80, COM_IRQ: 0x14, 0x07: 0x21, 0x0B: 0x08, CONTROL: 0x10,
    COLL: 0xA0, 0x11: 0x3F, TX_CONTROL: 0x80, 0x16: 0x10, 0x17: 0x84, 0x18: 0x84,
    0x19: 0x4D, 0x1C: 0x62, 0x1F: 0xEB, 0x21: 0xFF, 0x22: 0xFF, 0x24: 0x26, 0x26: 0x48,
    0x27: 0x88, 0x28: 0x20, 0x29: 0x20,
}
READ_ONLY = (0x07, 0x08, ERROR, VERSION)   # Status1Reg, Status2Reg, ErrorReg, VersionReg

IRQ_TX = 0x40
IRQ_RX = 0x20
IRQ_ERR = 0x02
IRQ_TIMER = 0x01

ERR_BUFFER_OVFL = 0x10
ERR_COLL = 0x08
ERR_PARITY = 0x02
ERR_PROTOCOL = 0x01

CMD_IDLE = 0x00
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F
POWER_DOWN = 0x10

REQA = 0x26
WUPA = 0x52
SEL = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88
HLTA = 0x50

# Card states (ISO/IEC 14443-3 6.3); POWER_OFF while the field is off.
POWER_OFF = "POWER-OFF"
IDLE = "IDLE"
READY = "READY"
ACTIVE = "ACTIVE"
HALT = "HALT"

CORRUPTIONS = ("bcc", "crc", "parity", "noise")


def crc_a(buf, off, n):
    """CRC_A bit by bit: reflected polynomial 0x8408, preset 0x6363, no final XOR."""
    crc = 0x6363
    for i in range(off, off + n):
        crc ^= buf[i]
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0x8408
            else:
                crc >>= 1
    return crc


class FakePin:
    """A GPIO like machine.Pin: value(v) / value(), pin(v), on(), off().

    An output that was never driven reads low, like a floating chip-select
    line: the driver must drive every CS high before it talks to any chip.
    Counts falling and rising edges (chip-select framing, reset pulses).
    """

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, value=None, pull=None):
        self.id = id
        self.mode = mode
        self.level = 0
        self.falls = 0
        self.rises = 0
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self.level
        v = 1 if v else 0
        if v != self.level:
            if v:
                self.rises += 1
            else:
                self.falls += 1
            self.level = v
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def __repr__(self):
        return "Pin(%s)" % (self.id,)


class FakeBus:
    """A machine.SPI stand-in: each transfer goes to the one chip whose CS is low."""

    MSB = 0
    LSB = 1

    def __init__(self):
        self.chips = []
        self.transfers = 0
        self.bytes = 0
        self.settings = None
        self.max_fields_on = 0

    def _selected(self):
        found = None
        for chip in self.chips:
            if chip.cs.value() == 0:
                if found is not None:
                    raise AssertionError("two chip-selects are low at once: %r and %r"
                                         % (found.cs, chip.cs))
                found = chip
        if found is None:
            raise AssertionError("SPI transfer with no chip selected")
        self.transfers += 1
        return found

    def write(self, buf):
        chip = self._selected()
        self.bytes += len(buf)
        chip.transfer(buf, None, 0)

    def write_readinto(self, wbuf, rbuf):
        if len(wbuf) != len(rbuf):
            raise ValueError("write_readinto needs buffers of the same length")
        chip = self._selected()
        self.bytes += len(wbuf)
        chip.transfer(wbuf, rbuf, 0)

    def readinto(self, buf, write=0):
        chip = self._selected()
        self.bytes += len(buf)
        chip.transfer(None, buf, write)

    def fields_changed(self):
        on = 0
        for chip in self.chips:
            if chip.field_on:
                on += 1
        if on > self.max_fields_on:
            self.max_fields_on = on

    def accesses(self):
        """Register reads + writes of all chips on this bus."""
        total = 0
        for chip in self.chips:
            total += chip.reads + chip.writes
        return total


class FakeCard:
    """An ISO/IEC 14443-3 type A card (PICC) with a 4-, 7- or 10-byte UID.

    ATQA and final SAK default to a MIFARE Classic 1K (4 bytes: 04 00 / 08),
    an NTAG213 (7 bytes: 44 00 / 00) or a triple-size UID (84 00 / 20).
    """

    def __init__(self, uid, atqa=None, sak=None, boot_us=5000):
        uid = bytes(uid)
        if len(uid) not in (4, 7, 10):
            raise ValueError("card UID must be 4, 7 or 10 bytes, got %d" % len(uid))
        self.uid = uid
        self.levels = {4: 1, 7: 2, 10: 3}[len(uid)]
        self.atqa = atqa if atqa is not None else {4: b"\x04\x00", 7: b"\x44\x00", 10: b"\x84\x00"}[len(uid)]
        self.sak = sak if sak is not None else {4: 0x08, 7: 0x00, 10: 0x20}[len(uid)]
        self.boot_us = boot_us
        self.state = POWER_OFF
        self.age_us = 0           # how long it has had power, as the chip timer measured
        self.starred = False      # READY*/ACTIVE*: woken from HALT, falls back to HALT
        self.level = 0
        self.halts = 0            # HLTA frames accepted
        self.out = bytearray(8)
        # UID CLn + BCC per cascade level, built once.
        self.cl = []
        rest = uid
        for level in range(self.levels):
            if level < self.levels - 1:
                part = bytes([CASCADE_TAG]) + rest[:3]
                rest = rest[3:]
            else:
                part = rest
            self.cl.append(part + bytes([part[0] ^ part[1] ^ part[2] ^ part[3]]))

    def power(self, on):
        self.state = IDLE if on else POWER_OFF
        self.age_us = 0
        self.starred = False

    def _drop(self):
        # ISO 14443-3: an unexpected frame sends READY/ACTIVE back to IDLE (HALT if starred).
        self.state = HALT if self.starred else IDLE

    def _sak(self, sak):
        self.out[0] = sak
        crc = crc_a(self.out, 0, 1)
        self.out[1] = crc & 0xFF
        self.out[2] = crc >> 8
        return 3

    def hear(self, frame, n, last_bits):
        """Answer one frame: the number of bytes put in self.out (0 = silent)."""
        st = self.state
        if st == POWER_OFF:
            return 0
        if n == 1 and last_bits == 7:
            cmd = frame[0]
            if (cmd == REQA and st == IDLE) or (cmd == WUPA and (st == IDLE or st == HALT)):
                self.starred = st == HALT
                self.state = READY
                self.level = 0
                self.out[0] = self.atqa[0]
                self.out[1] = self.atqa[1]
                return 2
            if st == READY or st == ACTIVE:
                self._drop()
            return 0
        if st == READY:
            cl = self.cl[self.level]
            if n >= 2 and last_bits == 0 and frame[0] == SEL[self.level]:
                if n == 2 and frame[1] == 0x20:
                    for i in range(5):
                        self.out[i] = cl[i]
                    return 5
                if (n == 9 and frame[1] == 0x70 and _same(frame, 2, cl, 5)
                        and crc_a(frame, 0, 7) == frame[7] | (frame[8] << 8)):
                    if self.level < self.levels - 1:
                        self.level += 1
                        return self._sak(0x04)
                    self.state = ACTIVE
                    return self._sak(self.sak)
            self._drop()
            return 0
        if st == ACTIVE:
            if (n == 4 and last_bits == 0 and frame[0] == HLTA and frame[1] == 0
                    and crc_a(frame, 0, 2) == frame[2] | (frame[3] << 8)):
                self.state = HALT
                self.halts += 1
                return 0
            self._drop()
        return 0


def _same(buf, off, ref, n):
    for i in range(n):
        if buf[off + i] != ref[i]:
            return False
    return True


class FakeMfrc522:
    """An MFRC522 on ``bus`` selected by the FakePin ``cs`` (and reset by ``rst``)."""

    def __init__(self, bus, cs, rst=None, version=0x92):
        self.bus = bus
        self.cs = cs
        self.rst = rst
        self.version = version
        self.cards = []
        self.regs = bytearray(64)
        self.fifo = bytearray(64)
        self.fifo_n = 0
        self.fifo_r = 0
        self.frame = bytearray(64)
        self.resp = bytearray(64)
        self.field_on = False
        self.field_on_count = 0
        self.reads = 0
        self.writes = 0
        self.soft_resets = 0
        self.hard_resets = 0
        self.latency = 0           # ComIrqReg reads that still show a started command busy
        self.reset_reads = 1       # CommandReg reads that show PowerDown after a SoftReset
        self.sent = {"REQA": 0, "WUPA": 0, "ANTICOLL": 0, "SELECT": 0, "HLTA": 0, "OTHER": 0}
        self._hide = 0
        self._pending = 0
        self._resetting = 0
        self._corrupt = None
        self._in_air = False
        self._frame_n = 0
        self._frame_bits = 0
        self._falls = cs.falls
        self._rises = rst.rises if rst is not None else 0
        self._addr = 0
        self._reading = False
        self._pos = 0
        self._reset()
        bus.chips.append(self)

    # --- test controls -------------------------------------------------------

    def add(self, card):
        """Lay a card in the field (it powers up if the field is on)."""
        self.cards.append(card)
        card.power(self.field_on)
        return card

    def take(self, card):
        """Lift a card out of the field."""
        self.cards.remove(card)
        card.power(False)

    def corrupt_next(self, kind):
        """Spoil the next frame of that kind once: "bcc" (anticollision answer),
        "crc" (SAK), "parity" (any card answer), "noise" (a frame nobody sent)."""
        if kind not in CORRUPTIONS:
            raise ValueError("unknown corruption %r (use one of %s)" % (kind, ", ".join(CORRUPTIONS)))
        self._corrupt = kind

    def power_glitch(self):
        """A brown-out: every register back to its reset value, field off."""
        self._reset()

    def timer_us(self):
        """The timer period set in TModeReg/TPrescalerReg/TReloadReg, in microseconds."""
        presc = ((self.regs[T_MODE] & 0x0F) << 8) | self.regs[T_PRESCALER]
        reload = (self.regs[T_RELOAD_H] << 8) | self.regs[T_RELOAD_L]
        return (2 * presc + 1) * (reload + 1) * 1000 // 13560

    @property
    def accesses(self):
        return self.reads + self.writes

    # --- SPI ---------------------------------------------------------------

    def transfer(self, wbuf, rbuf, fill):
        if self.rst is not None:
            if self.rst.value() == 0:
                raise AssertionError("SPI transfer to %r while its RST is low" % (self.cs,))
            if self.rst.rises != self._rises:
                self._rises = self.rst.rises
                self.hard_resets += 1
                self._reset()
        if self.cs.falls != self._falls:   # a new chip-select: a new address byte comes first
            self._falls = self.cs.falls
            self._pos = 0
        n = len(wbuf) if wbuf is not None else len(rbuf)
        for i in range(n):
            out = self._clock(wbuf[i] if wbuf is not None else fill)
            if rbuf is not None:
                rbuf[i] = out

    def _clock(self, b):
        pos = self._pos
        self._pos = pos + 1
        if pos == 0:
            if b & 1:
                raise AssertionError("SPI address byte 0x%02X has bit 0 set" % b)
            self._reading = bool(b & 0x80)
            self._addr = (b >> 1) & 0x3F
            return 0
        if not self._reading:
            self.writes += 1
            self._write(self._addr, b)
            return 0
        out = self._read(self._addr)
        self.reads += 1
        self._addr = (b >> 1) & 0x3F
        return out

    # --- registers -----------------------------------------------------------

    def _reset(self):
        regs = self.regs
        for i in range(64):
            regs[i] = 0
        for reg in RESET_VALUES:
            regs[reg] = RESET_VALUES[reg]
        regs[VERSION] = self.version
        self.fifo_n = 0
        self.fifo_r = 0
        self._hide = 0
        self._pending = 0
        self._in_air = False
        self._set_field(False)

    def _read(self, addr):
        regs = self.regs
        if addr == FIFO_DATA:
            if self.fifo_r < self.fifo_n:
                self.fifo_r += 1
                return self.fifo[self.fifo_r - 1]
            return 0
        if addr == FIFO_LEVEL:
            return self.fifo_n - self.fifo_r
        if addr == COM_IRQ:
            if self._in_air:
                self._answer()
            if self._hide > 0:
                self._hide -= 1
            elif self._pending:
                regs[COM_IRQ] |= self._pending
                self._pending = 0
        if addr == COMMAND and self._resetting > 0:
            self._resetting -= 1
            return regs[COMMAND] | POWER_DOWN
        return regs[addr]

    def _write(self, addr, v):
        regs = self.regs
        if addr == COMMAND:
            self._command(v)
        elif addr == COM_IRQ or addr == DIV_IRQ:
            if v & 0x80:
                regs[addr] |= v & 0x7F
            else:
                regs[addr] &= ~v & 0x7F
                if addr == COM_IRQ:
                    self._pending &= ~v & 0x7F
        elif addr == FIFO_DATA:
            if self.fifo_r == self.fifo_n:
                self.fifo_r = self.fifo_n = 0
            if self.fifo_n < 64:
                self.fifo[self.fifo_n] = v
                self.fifo_n += 1
            else:
                regs[ERROR] |= ERR_BUFFER_OVFL
        elif addr == FIFO_LEVEL:
            if v & 0x80:
                self.fifo_n = self.fifo_r = 0
                regs[ERROR] &= ~ERR_BUFFER_OVFL & 0xFF
        elif addr == BIT_FRAMING:
            regs[addr] = v & 0x77
            if v & 0x80 and regs[COMMAND] & 0x0F == CMD_TRANSCEIVE:
                self._transceive()
        elif addr == CONTROL:
            if v & 0x80:       # TStopNow
                self._pending &= ~IRQ_TIMER
            if v & 0x40:       # TStartNow
                self._run_timer(0)
        elif addr == TX_CONTROL:
            regs[addr] = v
            self._set_field(v & 0x03 == 0x03)
        elif addr in READ_ONLY:
            pass
        else:
            regs[addr] = v

    def _command(self, v):
        cmd = v & 0x0F
        self._in_air = False      # a new command cancels a frame nobody has looked at
        if cmd == CMD_SOFT_RESET:
            self.soft_resets += 1
            self._reset()
            self._resetting = self.reset_reads
            return
        if cmd != CMD_IDLE and cmd != CMD_TRANSCEIVE:
            raise AssertionError("the fake MFRC522 does not model command 0x%X" % cmd)
        # Software writing Idle does not set IdleIRq (datasheet 10.3.1.1).
        self.regs[COMMAND] = (self.regs[COMMAND] & 0x30) | cmd

    def _set_field(self, on):
        if on == self.field_on:
            return
        self.field_on = on
        if on:
            self.field_on_count += 1
        for card in self.cards:
            card.power(on)
        self.bus.fields_changed()

    def _schedule(self, irq):
        # A command's interrupts show after `latency` more reads of ComIrqReg.
        self._pending |= irq
        self._hide = self.latency
        if not self.latency:
            self.regs[COM_IRQ] |= self._pending
            self._pending = 0

    def _run_timer(self, irq):
        # The timer runs only when TAuto or TStartNow starts it with a reload value.
        if self.regs[T_RELOAD_H] or self.regs[T_RELOAD_L]:
            irq |= IRQ_TIMER
            if self.field_on:
                period = self.timer_us()
                for card in self.cards:
                    card.age_us = min(card.age_us + period, 1000000)
        if irq:
            self._schedule(irq)

    # --- RF ------------------------------------------------------------------

    def _count(self, n, last_bits):
        f = self.frame
        if n == 1 and last_bits == 7:
            key = "WUPA" if f[0] == WUPA else "REQA" if f[0] == REQA else "OTHER"
        elif n == 2 and f[1] == 0x20:
            key = "ANTICOLL"
        elif n == 9 and f[1] == 0x70:
            key = "SELECT"
        elif n == 4 and f[0] == HLTA:
            key = "HLTA"
        else:
            key = "OTHER"
        self.sent[key] += 1
        return key

    def _transceive(self):
        # StartSend: the frame leaves the FIFO now; the cards' answer is worked
        # out when the driver next looks at ComIrqReg (see _read), so what a
        # test does to the cards between two polls is what the check sees.
        regs = self.regs
        if not self.field_on:
            return   # TxWaitRF: nothing is sent without a field, and nothing ends
        n = self.fifo_n - self.fifo_r
        for i in range(n):
            self.frame[i] = self.fifo[self.fifo_r + i]
        self.fifo_n = self.fifo_r = 0
        self._frame_n = n
        self._frame_bits = regs[BIT_FRAMING] & 0x07
        regs[ERROR] = 0
        regs[CONTROL] &= 0xF8
        self._in_air = True

    def _answer(self):
        self._in_air = False
        regs = self.regs
        n = self._frame_n
        last_bits = self._frame_bits
        key = self._count(n, last_bits)
        got = 0
        answers = 0
        if regs[TX_ASK] & 0x40 and self.field_on:    # cards only demodulate 100 % ASK
            for card in self.cards:
                if card.age_us < card.boot_us:
                    continue          # still powering up: hears nothing
                k = card.hear(self.frame, n, last_bits)
                if k:
                    answers += 1
                    got = self._merge(card.out, k, answers, got)
        irq = IRQ_TX
        if answers:
            irq |= IRQ_RX
            if answers > 1 and regs[ERROR] & ERR_COLL:
                irq |= IRQ_ERR
            irq |= self._spoil(key, got)
            for i in range(got):
                self.fifo[i] = self.resp[i]
            self.fifo_n = got
            self._schedule(irq)
        elif self._corrupt == "noise":
            self._corrupt = None
            self.fifo[0] = 0x5A
            self.fifo_n = 1
            regs[ERROR] |= ERR_PROTOCOL | ERR_PARITY
            self._schedule(irq | IRQ_RX | IRQ_ERR)
        elif regs[T_MODE] & 0x80:    # TAuto: the timer starts when the frame is sent
            self._run_timer(irq)
        else:
            self._schedule(irq)

    def _merge(self, out, k, answers, got):
        # Two cards answering at once: their bits add up (Manchester), and the
        # first differing bit is a collision.
        resp = self.resp
        if answers == 1:
            for i in range(k):
                resp[i] = out[i]
            return k
        for i in range(max(k, got)):
            a = resp[i] if i < got else 0
            b = out[i] if i < k else 0
            if a != b and not self.regs[ERROR] & ERR_COLL:
                diff = a ^ b
                bit = 0
                while not diff & (1 << bit):
                    bit += 1
                self.regs[ERROR] |= ERR_COLL
                self.regs[COLL] = (i * 8 + bit + 1) & 0x1F
            resp[i] = a | b
        return max(k, got)

    def _spoil(self, key, got):
        kind = self._corrupt
        if kind is None:
            return 0
        if kind == "parity":
            self._corrupt = None
            self.regs[ERROR] |= ERR_PARITY
            return IRQ_ERR
        if kind == "bcc" and key == "ANTICOLL" and got == 5:
            self._corrupt = None
            self.resp[4] ^= 0xFF
        elif kind == "crc" and key == "SELECT" and got == 3:
            self._corrupt = None
            self.resp[2] ^= 0xFF
        return 0


class _PinFactory:
    # machine.Pin as the driver's factory calls it: Pin(n, Pin.OUT, value=1).
    IN = FakePin.IN
    OUT = FakePin.OUT

    def __init__(self, pins):
        self._pins = pins

    def __call__(self, id, mode=-1, value=None, pull=None):
        pin = self._pins.get(id)
        if pin is None:
            pin = FakePin(id)
            self._pins[id] = pin
        pin.mode = mode
        if value is not None:
            pin.value(value)
        return pin


class _SpiFactory:
    MSB = FakeBus.MSB
    LSB = FakeBus.LSB

    def __init__(self, buses):
        self._buses = buses

    def __call__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        bus = self._buses[id]
        bus.settings = {"baudrate": baudrate, "polarity": polarity, "phase": phase,
                        "bits": bits, "firstbit": firstbit,
                        "sck": sck.id, "mosi": mosi.id, "miso": miso.id}
        return bus


class FakeMachine:
    """Stands in for MicroPython's ``machine`` module (Pin and SPI) in sys.modules.

    Pins are shared by number, as GPIOs are: ``m.Pin(17)`` is the same pin
    wherever it is asked for. Make the bus first with ``m.bus(spi_id)``.
    """

    def __init__(self):
        self.pins = {}
        self.buses = {}
        self.Pin = _PinFactory(self.pins)
        self.SPI = _SpiFactory(self.buses)

    def bus(self, spi_id):
        if spi_id not in self.buses:
            self.buses[spi_id] = FakeBus()
        return self.buses[spi_id]
