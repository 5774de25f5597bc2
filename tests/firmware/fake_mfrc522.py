# A fake MFRC522 on a fake SPI bus, with ISO/IEC 14443-3 type A cards in its
# field. Runs under CPython and inside MicroPython (firmware tests, the alloc
# test and tools/bench/rfid_poll.py), so it sticks to the MicroPython subset.
#
# It is written from the NXP datasheet (MFRC522 rev. 3.9; section numbers in
# the comments below), not from the driver: register numbers and CRC_A are
# spelled out again here (CRC bit by bit, the driver does it byte by byte),
# so a wrong address or CRC in the driver makes cards stay silent.
#
# Time: the bus has a clock in microseconds (FakeBus.now). Each SPI byte
# takes its wire time at the bus's baud rate and each chip-select cycle a
# little more; each read of a status register (ComIrqReg, DivIrqReg,
# Status1/2Reg, FIFOLevelReg, CommandReg, TCounterValReg) stands for one pass
# of the host's loop around its poll and adds FakeBus.poll_us (the table's
# loop: about 60 Hz; 0 for a host that polls in a tight loop); sleep(us)
# adds time by hand. Everything the chip and its cards do (power-up, the
# reset wake-up, a frame on the air, a card's answer, the timer) happens at
# its moment on that clock, whichever register the host looks at.
#
# What it models: the SPI address byte and bursts (8.1.2.3); the FIFO with
# FIFOLevelReg, WaterLevelReg, HiAlert/LoAlert and BufferOvfl (8.3); the
# interrupt flags with Set1/Set2 (9.3.1.5, 9.3.1.6); ErrorReg (9.3.1.7);
# Status1Reg and Status2Reg (9.3.1.8, 9.3.1.9); CollReg (9.3.1.15); the
# commands Idle, Mem, Generate RandomID, CalcCRC, Transmit, NoCmdChange,
# Receive, Transceive and SoftReset, with reserved codes going to Idle
# (10.3); RcvOff and PowerDown in CommandReg (9.3.1.2, 8.6.2); hard reset and
# the oscillator start-up (8.8); ModeReg TxWaitRF and CRCPreset, the
# hardware CRC of TxModeReg/RxModeReg (9.3.2); TxControlReg (the antenna),
# TxASKReg (cards only hear 100 % ASK); the timer (8.5, 9.3.3.10-12). MFAuthent
# is sent like any frame: the fake cards have no Crypto1, so none answers.
# Cards have the ISO 14443-3 states IDLE, READY, ACTIVE, HALT (plus "*" for
# READY*/ACTIVE* after a WUPA from HALT), a power-up time, ATQA, bit- and
# byte-oriented anticollision, SELECT per cascade level, HLTA; several cards
# answering at once collide bit by bit.
#
# Not modelled: speeds other than 106 kbit/s (TxSpeed/RxSpeed), parity bits
# one by one (MfRxReg ParityDisable), ModeReg MSBFirst, the gated timer, the
# IRQ pin, the analog settings, TempErr. With RxCRCEn the two CRC_A bytes
# stay in the FIFO after the check: the datasheet does not say either way.
#
# Faults on demand: corrupt_next("bcc" | "crc" | "parity" | "noise"),
# latency (reads of ComIrqReg that still hide a command's interrupts: a chip
# that never finishes), power_glitch() (a brown-out).
#
# It counts SPI transfers and bytes (per bus), register reads/writes (per
# chip; a FIFO burst of n bytes counts n) and the field-on count per chip.
# The driver's polling paths allocate nothing here (small integers only), so
# MicroPython can measure the driver's own allocations.

COMMAND = 0x01
COM_IEN = 0x02
DIV_IEN = 0x03
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
STATUS1 = 0x07
STATUS2 = 0x08
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
WATER_LEVEL = 0x0B
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
T_COUNTER_H = 0x2E
T_COUNTER_L = 0x2F
VERSION = 0x37

# Reset values (each register's table in 9.3).
RESET_VALUES = {
    COMMAND: 0x20, COM_IEN: 0x80, COM_IRQ: 0x14, STATUS1: 0x21, WATER_LEVEL: 0x08,
    CONTROL: 0x10, COLL: 0xA0, MODE: 0x3F, TX_CONTROL: 0x80, 0x16: 0x10, 0x17: 0x84,
    0x18: 0x84, 0x19: 0x4D, 0x1C: 0x62, 0x1F: 0xEB, CRC_RESULT_H: 0xFF, CRC_RESULT_L: 0xFF,
    0x24: 0x26, 0x26: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20,
}
# Registers the host cannot write at all (status, results, version).
READ_ONLY = (ERROR, STATUS1, CRC_RESULT_H, CRC_RESULT_L, T_COUNTER_H, T_COUNTER_L, VERSION)
# Registers a host reads to see progress: each read is one pass of its loop.
STATUS_REGS = (COMMAND, COM_IRQ, DIV_IRQ, STATUS1, STATUS2, FIFO_LEVEL, T_COUNTER_H, T_COUNTER_L)

IRQ_TX = 0x40
IRQ_RX = 0x20
IRQ_IDLE = 0x10
IRQ_HI_ALERT = 0x08
IRQ_LO_ALERT = 0x04
IRQ_ERR = 0x02
IRQ_TIMER = 0x01
IRQ_CRC = 0x04            # DivIrqReg

ERR_WR = 0x80
ERR_TEMP = 0x40
ERR_BUFFER_OVFL = 0x10
ERR_COLL = 0x08
ERR_CRC = 0x04
ERR_PARITY = 0x02
ERR_PROTOCOL = 0x01

CMD_IDLE = 0x00
CMD_MEM = 0x01
CMD_RANDOM_ID = 0x02
CMD_CALC_CRC = 0x03
CMD_TRANSMIT = 0x04
CMD_NO_CMD_CHANGE = 0x07
CMD_RECEIVE = 0x08
CMD_TRANSCEIVE = 0x0C
CMD_MF_AUTHENT = 0x0E
CMD_SOFT_RESET = 0x0F
COMMANDS = (CMD_IDLE, CMD_MEM, CMD_RANDOM_ID, CMD_CALC_CRC, CMD_TRANSMIT, CMD_NO_CMD_CHANGE,
            CMD_RECEIVE, CMD_TRANSCEIVE, CMD_MF_AUTHENT, CMD_SOFT_RESET)
RCV_OFF = 0x20
POWER_DOWN = 0x10

# Status2Reg ModemState (9.3.1.9)
MODEM_IDLE = 0
MODEM_WAIT_SEND = 1
MODEM_TX_WAIT = 2
MODEM_TRANSMITTING = 3
MODEM_RX_WAIT = 4
MODEM_WAIT_DATA = 5
MODEM_RECEIVING = 6

# Times in microseconds.
WAKE_US = 38              # 1024 clocks of 27.12 MHz after the clock is stable (8.8.2: td = 37.74 us)
OSC_START_US = 2000       # crystal start-up after a hard reset: the datasheet leaves it to the crystal
BIT_X100 = 944            # one bit at 106 kbit/s: 128 / 13.56 MHz = 9.44 us (x 100)
FDT_US = 87               # card's frame delay time: 1172 / 13.56 MHz (ISO 14443-3 6.2.1.1)
CS_US = 1                 # chip-select set-up and hold around each transfer
POLL_US = 16000           # the table's loop around its poll: about 60 Hz
NEVER = 0x3FFFFFFF        # a time that never comes (largest small int in MicroPython)

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
CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)   # ModeReg CRCPreset (9.3.2.2)


def crc_step(crc, b):
    """One byte into a CRC_A register, bit by bit (reflected polynomial 0x8408)."""
    crc ^= b
    for _ in range(8):
        if crc & 1:
            crc = (crc >> 1) ^ 0x8408
        else:
            crc >>= 1
    return crc


def crc_a(buf, off, n, preset=0x6363):
    """CRC_A of n bytes from off: preset 0x6363, no final XOR (ISO 14443-3 annex B)."""
    crc = preset
    for i in range(off, off + n):
        crc = crc_step(crc, buf[i])
    return crc


def air_us(nbits):
    """Time on the air for nbits of data at 106 kbit/s: start bit, a parity bit per byte, end."""
    return (nbits + nbits // 8 + 2) * BIT_X100 // 100


def get_bit(buf, i):
    return (buf[i >> 3] >> (i & 7)) & 1


def put_bit(buf, i, v):
    if v:
        buf[i >> 3] |= 1 << (i & 7)
    else:
        buf[i >> 3] &= ~(1 << (i & 7)) & 0xFF


class FakePin:
    """A GPIO like machine.Pin: value(v) / value(), pin(v), on(), off().

    An output that was never driven reads low, like a floating chip-select
    line: the driver must drive every CS high before it talks to any chip.
    Counts falling and rising edges (chip-select framing, reset pulses) and
    tells the chips listening on it (a reset line) about each edge.
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
        self.listeners = []
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
            for chip in self.listeners:
                chip.reset_line(v)
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
    """A machine.SPI stand-in with a clock: each transfer goes to the one chip whose CS is low.

    ``now`` is the bus time in microseconds; ``poll_us`` is added for each
    status-register read (see the top of this file), ``sleep(us)`` adds time.
    """

    MSB = 0
    LSB = 1

    def __init__(self, poll_us=POLL_US, baudrate=1000000):
        self.chips = []
        self.transfers = 0
        self.bytes = 0
        self.settings = None
        self.max_fields_on = 0
        self.now = 0
        self.poll_us = poll_us
        self.byte_us = 1
        self.set_baudrate(baudrate)

    def set_baudrate(self, baudrate):
        """Wire time of a byte at this SPI clock (whole microseconds, at least 1)."""
        self.byte_us = max(1, 8000000 // baudrate)

    def sleep(self, us):
        """Let time pass on the bus (the host doing something else)."""
        self.now += us

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
        self.now += CS_US
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
    ``boot_us``: how long it needs the field before it hears anything
    (ISO 14443-3 allows up to 5 ms).
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
        self.on_at = 0            # bus time the field came on
        self.starred = False      # READY*/ACTIVE*: woken from HALT, falls back to HALT
        self.level = 0
        self.halts = 0            # HLTA frames accepted
        self.out = bytearray(8)   # the answer, bit 0 of byte 0 first on the air
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

    def power(self, on, now=0):
        self.state = IDLE if on else POWER_OFF
        self.on_at = now
        self.starred = False

    def awake(self, now):
        """True once the card has had the field long enough to hear frames."""
        return self.state != POWER_OFF and now - self.on_at >= self.boot_us

    def _drop(self):
        # ISO 14443-3 6.3: an unexpected frame sends READY/ACTIVE back to IDLE (HALT if starred).
        self.state = HALT if self.starred else IDLE

    def _sak(self, sak):
        self.out[0] = sak
        crc = crc_a(self.out, 0, 1)
        self.out[1] = crc & 0xFF
        self.out[2] = crc >> 8
        return 24

    def hear(self, frame, nbits):
        """Answer a frame of ``nbits`` bits: the number of bits put in self.out (0 = silent)."""
        st = self.state
        if nbits == 7:
            cmd = frame[0] & 0x7F
            if (cmd == REQA and st == IDLE) or (cmd == WUPA and (st == IDLE or st == HALT)):
                self.starred = st == HALT
                self.state = READY
                self.level = 0
                self.out[0] = self.atqa[0]
                self.out[1] = self.atqa[1]
                return 16
            if st == READY or st == ACTIVE:
                self._drop()
            return 0
        if st == READY:
            if nbits >= 16 and frame[0] == SEL[self.level]:
                k = self._anticollision(frame, nbits)
                if k >= 0:
                    return k
            self._drop()
            return 0
        if st == ACTIVE:
            if (nbits == 32 and frame[0] == HLTA and frame[1] == 0
                    and crc_a(frame, 0, 2) == frame[2] | (frame[3] << 8)):
                self.state = HALT
                self.halts += 1
                return 0
            self._drop()
        return 0

    def _anticollision(self, frame, nbits):
        """ANTICOLLISION or SELECT at this cascade level (ISO 14443-3 6.4.3): bits of the
        answer, or -1 for a frame that is neither (the card drops out)."""
        nvb = frame[1]
        known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)      # UID CLn bits the reader sent
        cl = self.cl[self.level]
        if nvb == 0x70:
            if (nbits == 72 and _same(frame, 2, cl, 5)
                    and crc_a(frame, 0, 7) == frame[7] | (frame[8] << 8)):
                if self.level < self.levels - 1:
                    self.level += 1
                    return self._sak(0x04)
                self.state = ACTIVE
                return self._sak(self.sak)
            return -1
        if nvb < 0x20 or known > 32 or nvb & 0x0F > 7 or nbits != 16 + known:
            return -1
        for i in range(known):
            if get_bit(frame, 16 + i) != get_bit(cl, i):
                return 0          # not this card's UID: it stays READY and silent
        for i in range(known, 40):
            put_bit(self.out, i - known, get_bit(cl, i))
        return 40 - known


def _same(buf, off, ref, n):
    for i in range(n):
        if buf[off + i] != ref[i]:
            return False
    return True


class _Radio:
    """The RF side of the fake chip: the field, frames on the air, the cards' answers.

    The registers, the FIFO and the clock are FakeMfrc522's.
    """

    # --- the field and the air -------------------------------------------------

    def _apply_field(self):
        # The field is on with both antenna drivers on (9.3.2.5), out of reset
        # and out of soft power-down (8.6).
        on = (self.regs[TX_CONTROL] & 0x03 == 0x03 and not self._rst_low
              and not self.regs[COMMAND] & POWER_DOWN)
        if on == self.field_on:
            return
        self.field_on = on
        now = self.bus.now
        if on:
            self.field_on_count += 1
        else:
            self._rx_end = self._t_stop_at = NEVER     # a card without power stops answering
        for card in self.cards:
            card.power(on, now)
        self.bus.fields_changed()
        if on and self._modem == MODEM_TX_WAIT:
            self._start_tx()

    def _start_tx(self):
        # The frame leaves the FIFO: TxLastBits of the last byte (9.3.1.14), the
        # CRC_A after it if TxCRCEn (9.3.2.3). With ModeReg TxWaitRF the
        # transmitter waits for the field (9.3.2.2); without it, it sends anyway.
        regs = self.regs
        if not self.field_on and regs[MODE] & 0x20:
            self._modem = MODEM_TX_WAIT
            return
        n = self.fifo_n
        for i in range(n):
            self.frame[i] = self._fifo_pop()
        last = regs[BIT_FRAMING] & 0x07
        bits = 8 * n if last == 0 or n == 0 else 8 * (n - 1) + last
        if regs[TX_MODE] & 0x80 and last == 0:
            crc = crc_a(self.frame, 0, n)
            self.frame[n] = crc & 0xFF
            self.frame[n + 1] = crc >> 8
            bits += 16
        self._tx_bits = bits
        self._rx_align = (regs[BIT_FRAMING] >> 4) & 0x07
        # 9.3.1.7: the receiver's errors are cleared as it starts up.
        regs[ERROR] &= ~(ERR_COLL | ERR_CRC | ERR_PARITY | ERR_PROTOCOL) & 0xFF
        self._modem = MODEM_TRANSMITTING
        self._tx_end = self.bus.now + air_us(bits)

    def _tx_done(self, t):
        # The last bit is on the air at t: TxIRq, the cards hear the frame, the
        # receiver waits (Transceive) or the command ends (Transmit).
        regs = self.regs
        self._tx_end = NEVER
        self._tx_ended = t
        self._raise(IRQ_TX)
        key = self._count()
        got = self._hear(t, key)
        if regs[COMMAND] & 0x0F == CMD_TRANSMIT:
            self._finish()
            return
        self._modem = MODEM_RX_WAIT
        auto = regs[T_MODE] & 0x80
        if auto:
            self._timer_start(t)          # 9.3.3.10 TAuto: at the end of the transmission
        if regs[COMMAND] & RCV_OFF:       # 9.3.1.2 RcvOff: the receiver is off
            return
        if not got and self._corrupt == "noise":
            self._corrupt = None
            self.resp[0] = 0x5A
            self._rx_bits = got = 8
            self._coll = 0
            self._rx_err = ERR_PROTOCOL | ERR_PARITY
        if got:
            start = t + FDT_US
            self._rx_end = start + air_us(got)
            if auto and not regs[RX_MODE] & 0x04:
                self._t_stop_at = start + 5 * BIT_X100 // 100

    def _count(self):
        f = self.frame
        bits = self._tx_bits
        if bits == 7:
            key = "WUPA" if f[0] == WUPA else "REQA" if f[0] == REQA else "OTHER"
        elif bits >= 16 and f[0] in SEL:
            key = "SELECT" if f[1] == 0x70 else "ANTICOLL"
        elif bits == 32 and f[0] == HLTA:
            key = "HLTA"
        else:
            key = "OTHER"
        self.sent[key] += 1
        return key

    def _hear(self, t, key):
        # Cards that have had the field long enough hear the frame, if it is
        # modulated the way they demodulate (100 % ASK, 9.3.2.6). Their answers
        # add up bit by bit; the bits of the answer, 0 if none.
        self._rx_err = 0
        if not self.field_on or not self.regs[TX_ASK] & 0x40:
            return 0
        answers = 0
        for card in self.cards:
            if card.awake(t):
                k = card.hear(self.frame, self._tx_bits)
                if k:
                    self._merge(card.out, k, answers == 0)
                    answers += 1
        if not answers:
            return 0
        self._spoil(key)
        return self._rx_bits

    def _merge(self, out, k, first):
        resp = self.resp
        if first:
            for i in range((k + 7) >> 3):
                resp[i] = out[i] & _mask(k, i)
            self._rx_bits = k
            self._coll = 0
            return
        got = self._rx_bits
        n = max(k, got)
        for i in range((n + 7) >> 3):
            a = resp[i] & _mask(got, i)
            b = out[i] & _mask(k, i)
            if a != b and not self._coll:
                diff = a ^ b
                bit = 0
                while not diff & (1 << bit):
                    bit += 1
                self._coll = i * 8 + bit + 1
            resp[i] = a | b
        self._rx_bits = n

    def _spoil(self, key):
        kind = self._corrupt
        if kind == "parity":
            self._corrupt = None
            self._rx_err |= ERR_PARITY
        elif kind == "bcc" and key == "ANTICOLL" and self._rx_bits == 40:
            self._corrupt = None
            self.resp[4] ^= 0xFF
        elif kind == "crc" and key == "SELECT" and self._rx_bits == 24:
            self._corrupt = None
            self.resp[2] ^= 0xFF

    def _rx_done(self):
        # The last bit of the answer is in: into the FIFO from bit RxAlign on
        # (9.3.1.14), RxLastBits in ControlReg (9.3.1.13), CollReg (9.3.1.15),
        # the CRC check if RxCRCEn (9.3.2.4), RxIRq and ErrIRq (9.3.1.5).
        regs = self.regs
        self._rx_end = NEVER
        bits = self._rx_bits
        align = self._rx_align
        coll = self._coll
        err = self._rx_err
        resp = self.resp
        if coll and not regs[COLL] & 0x80:
            for i in range(coll, bits):   # ValuesAfterColl = 0: bits after the collision are cleared
                put_bit(resp, i, 0)
        total = align + bits
        nbytes = (total + 7) >> 3
        for j in range(nbytes):
            if align == 0:
                v = resp[j] & _mask(bits, j)
            else:
                v = 0
                for b in range(8):
                    p = j * 8 + b - align
                    if 0 <= p < bits:
                        v |= get_bit(resp, p) << b
            self._fifo_push(v)
        regs[CONTROL] = (regs[CONTROL] & 0xF8) | (total & 7)
        if coll:
            err |= ERR_COLL
            pos = coll + align
            regs[COLL] = (regs[COLL] & 0x80) | (pos & 0x1F if pos <= 32 else 0x20)
        else:
            regs[COLL] = (regs[COLL] & 0x80) | 0x20       # CollPosNotValid: a clean frame
        if regs[RX_MODE] & 0x80 and (total & 7 or nbytes < 3 or align
                                     or crc_a(resp, 0, nbytes - 2)
                                     != resp[nbytes - 2] | (resp[nbytes - 1] << 8)):
            err |= ERR_CRC
        if err:
            self._error(err)
        self._raise(IRQ_RX)
        if regs[COMMAND] & 0x0F == CMD_RECEIVE:
            self._finish()
        else:
            self._modem = MODEM_WAIT_SEND       # Transceive: ready for the next StartSend


class _Commands(_Radio):
    """The fake chip's commands (datasheet 10.3) and its timer (8.5)."""

    # --- commands (10.3) -----------------------------------------------------

    def _command(self, v):
        regs = self.regs
        old = regs[COMMAND]
        cmd = v & 0x0F
        if cmd == CMD_SOFT_RESET:
            # 10.3.1.10: every register to its reset value (the internal buffer
            # stays); then the chip wakes up, PowerDown reading 1 meanwhile (9.3.1.2).
            self.soft_resets += 1
            self._reset()
            self._wake_at = self.bus.now + WAKE_US
            regs[COMMAND] |= POWER_DOWN
            return
        # 9.3.1.2: RcvOff and PowerDown are written with every command.
        waking = old & POWER_DOWN
        if v & POWER_DOWN and self._wake_at == NEVER:
            waking = POWER_DOWN                       # 8.6.2: soft power-down from now
        elif not v & POWER_DOWN and old & POWER_DOWN and self._wake_at == NEVER:
            self._wake_at = self.bus.now + WAKE_US    # 8.6.2: 1024 clocks until it reads 0
        if cmd == CMD_NO_CMD_CHANGE:                  # 10.3.1.6: only the other bits change
            regs[COMMAND] = (v & RCV_OFF) | waking | (old & 0x0F)
            self._apply_field()
            return
        unknown = cmd not in COMMANDS
        if unknown:
            cmd = CMD_IDLE
        regs[COMMAND] = (v & RCV_OFF) | waking | cmd
        self._stop_command()
        self._apply_field()
        if unknown:
            # 9.3.1.5 IdleIRq: an unknown command makes the chip go Idle and say so.
            self._raise(IRQ_IDLE)
            return
        if cmd == CMD_IDLE:
            return      # the host writing Idle does not set IdleIRq (10.3.1.1)
        # 9.3.1.7: starting a command clears ErrorReg except TempErr; BufferOvfl
        # stays until FlushBuffer (9.3.1.11).
        regs[ERROR] &= ERR_TEMP | ERR_BUFFER_OVFL
        if cmd == CMD_MEM:
            self._mem()
        elif cmd == CMD_RANDOM_ID:
            self._random_id()
        elif cmd == CMD_CALC_CRC:
            # 10.3.1.4: the preset comes from ModeReg CRCPreset when the command starts.
            self._crc = CRC_PRESETS[regs[MODE] & 0x03]
            self._calc_crc()
        elif cmd == CMD_TRANSCEIVE:
            self._modem = MODEM_WAIT_SEND              # 10.3.1.8: StartSend starts each frame
        elif cmd == CMD_RECEIVE:
            self._modem = MODEM_RX_WAIT                # 10.3.1.7: waits for a frame
            self._tx_ended = self.bus.now
        else:                                          # Transmit (10.3.1.5), MFAuthent (10.3.1.9)
            self._start_tx()

    def _stop_command(self):
        # A new command cancels the running one, and any frame still on the air.
        self._modem = MODEM_IDLE
        self._tx_end = self._rx_end = self._t_stop_at = NEVER

    def _finish(self):
        # A command that ends by itself goes to Idle and sets IdleIRq (9.3.1.5).
        self.regs[COMMAND] &= 0xF0
        self._stop_command()
        self._raise(IRQ_IDLE)

    def _mem(self):
        # 10.3.1.2: 25 bytes FIFO -> internal buffer; with an empty FIFO the other way.
        if self.fifo_n == 0:
            for i in range(25):
                self._fifo_push(self.memory[i])
        else:
            for i in range(25):
                self.memory[i] = self._fifo_pop()
        self._finish()

    def _random_id(self):
        # 10.3.1.3: 10 random bytes into the internal buffer (here: a fixed xorshift).
        r = self._random
        for i in range(10):
            r ^= (r << 13) & 0x3FFFFFFF
            r ^= r >> 17
            r ^= (r << 5) & 0x3FFFFFFF
            self.memory[i] = r & 0xFF
        self._random = r
        self._finish()

    def _calc_crc(self):
        # 10.3.1.4: the FIFO goes through the CRC coprocessor, also bytes written
        # later; the result in CRCResultReg (9.3.3.2), CRCIRq and CRCReady when all
        # is processed (9.3.1.6, 9.3.1.8), CRCOk if the result is zero. The
        # command stays active until the host writes another.
        crc = self._crc
        while self.fifo_n:
            crc = crc_step(crc, self._fifo_pop())
        self._crc = crc
        regs = self.regs
        regs[CRC_RESULT_H] = crc >> 8
        regs[CRC_RESULT_L] = crc & 0xFF
        regs[STATUS1] = (regs[STATUS1] & 0x9F) | 0x20 | (0x40 if crc == 0 else 0)
        regs[DIV_IRQ] |= IRQ_CRC

    # --- the timer (8.5) -----------------------------------------------------

    def _timer_start(self, at):
        self._t_start = at
        self._t_running = True
        self._t_fire = at + max(1, self.timer_us())

    def _timer_stop(self):
        # The counter keeps the value it had when it stopped (9.3.3.12).
        self._t_held = self._t_counter()
        self._t_running = False
        self._t_fire = self._t_stop_at = NEVER

    def _timer_expired(self):
        # 9.3.1.5 TimerIRq when the counter reaches zero; TAutoRestart reloads it (9.3.3.10).
        self._raise(IRQ_TIMER)
        if self.regs[T_MODE] & 0x10:
            self._timer_start(self._t_fire)
        else:
            self._t_held = 0
            self._t_running = False
            self._t_fire = NEVER

    def _t_counter(self):
        # 9.3.3.12 TCounterValReg: counts TReload down to 0, one tick per prescaler period.
        reload = (self.regs[T_RELOAD_H] << 8) | self.regs[T_RELOAD_L]
        if not self._t_running:
            return self._t_held
        presc = ((self.regs[T_MODE] & 0x0F) << 8) | self.regs[T_PRESCALER]
        ticks = (self.bus.now - self._t_start) * 1356 // ((2 * presc + 1) * 100)
        return max(0, reload - ticks)


class FakeMfrc522(_Commands):
    """An MFRC522 on ``bus`` selected by the FakePin ``cs`` (and reset by ``rst``)."""

    def __init__(self, bus, cs, rst=None, version=0x92, osc_start_us=OSC_START_US):
        self.bus = bus
        self.cs = cs
        self.rst = rst
        self.version = version
        self.osc_start_us = osc_start_us
        self.cards = []
        self.regs = bytearray(64)
        self.fifo = bytearray(64)
        self.memory = bytearray(25)   # the internal buffer of Mem / Generate RandomID
        self.frame = bytearray(66)    # the frame on the air (64 bytes + CRC_A)
        self.resp = bytearray(64)     # what the receiver got, before the FIFO
        self.field_on = False
        self.field_on_count = 0
        self.reads = 0
        self.writes = 0
        self.soft_resets = 0
        self.hard_resets = 0
        self.latency = 0           # ComIrqReg reads that hide a command's interrupts
        self.sent = {"REQA": 0, "WUPA": 0, "ANTICOLL": 0, "SELECT": 0, "HLTA": 0, "OTHER": 0}
        self._corrupt = None
        self._falls = cs.falls
        self._addr = 0
        self._reading = False
        self._pos = 0
        self._random = 0x2545F491
        self._rst_low = rst is not None and rst.value() == 0
        if rst is not None:
            rst.listeners.append(self)
        self._reset()
        self._ready_at = bus.now   # powered long ago: the oscillator runs
        bus.chips.append(self)

    # --- test controls -------------------------------------------------------

    def add(self, card):
        """Lay a card in the field (it powers up now if the field is on)."""
        self._sync()
        self.cards.append(card)
        card.power(self.field_on, self.bus.now)
        return card

    def take(self, card):
        """Lift a card out of the field."""
        self._sync()
        self.cards.remove(card)
        card.power(False)

    def corrupt_next(self, kind):
        """Spoil the next frame of that kind once: "bcc" (anticollision answer),
        "crc" (SAK), "parity" (any card answer), "noise" (a frame nobody sent)."""
        if kind not in CORRUPTIONS:
            raise ValueError("unknown corruption %r (use one of %s)" % (kind, ", ".join(CORRUPTIONS)))
        self._corrupt = kind

    def power_glitch(self):
        """A brown-out: every register back to its reset value, field off, oscillator restarting."""
        self._sync()
        self._hard_reset()

    def timer_us(self):
        """The timer period set in TModeReg/TPrescalerReg/TReloadReg, in microseconds
        (8.5: (2 x TPrescaler + 1) x (TReload + 1) / 13.56 MHz)."""
        presc = ((self.regs[T_MODE] & 0x0F) << 8) | self.regs[T_PRESCALER]
        reload = (self.regs[T_RELOAD_H] << 8) | self.regs[T_RELOAD_L]
        return (2 * presc + 1) * (reload + 1) * 100 // 1356

    @property
    def accesses(self):
        return self.reads + self.writes

    # --- reset and power (8.6, 8.8) -------------------------------------------

    def reset_line(self, level):
        """NRSTPD changed: low is a hard power-down, the rising edge a reset (8.6.1, 8.8.1)."""
        self._sync()
        self._rst_low = level == 0
        if level:
            self.hard_resets += 1
            self._hard_reset()
        else:
            self._apply_field()

    def _hard_reset(self):
        # 8.8.2: after a hard reset the crystal starts, then 1024 clocks pass
        # before the chip can be addressed; until then it does not answer.
        self._reset()
        self._ready_at = self.bus.now + self.osc_start_us + WAKE_US

    def _reset(self):
        regs = self.regs
        for i in range(64):
            regs[i] = 0
        for reg in RESET_VALUES:
            regs[reg] = RESET_VALUES[reg]
        regs[VERSION] = self.version
        self.fifo_head = 0
        self.fifo_n = 0
        self._alerts = 1            # Status1 LoAlert: an empty FIFO is below the water level
        self._pending = 0
        self._hide = 0
        self._modem = MODEM_IDLE
        self._wake_at = NEVER
        self._tx_end = NEVER
        self._tx_ended = 0
        self._rx_end = NEVER
        self._t_stop_at = NEVER
        self._t_fire = NEVER
        self._t_start = 0
        self._t_held = 0
        self._t_running = False
        self._tx_bits = 0
        self._rx_bits = 0
        self._rx_align = 0
        self._rx_err = 0
        self._coll = 0              # 1-based position of the first collided bit, 0 = none
        self._crc = 0
        self._apply_field()

    def _ready(self):
        return self.bus.now >= self._ready_at

    # --- SPI (8.1.2) ---------------------------------------------------------

    def transfer(self, wbuf, rbuf, fill):
        if self._rst_low:
            raise AssertionError("SPI transfer to %r while its RST is low" % (self.cs,))
        if self.cs.falls != self._falls:   # a new chip-select: a new address byte comes first
            self._falls = self.cs.falls
            self._pos = 0
        bus = self.bus
        n = len(wbuf) if wbuf is not None else len(rbuf)
        for i in range(n):
            bus.now += bus.byte_us
            self._sync()
            out = self._clock(wbuf[i] if wbuf is not None else fill)
            if rbuf is not None:
                rbuf[i] = out

    def _clock(self, b):
        # 8.1.2.3: the address byte has bit 7 = read, bits 6..1 the register, bit 0 = 0.
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
            if self._ready():
                self._write(self._addr, b)
            return 0
        addr = self._addr
        if addr in STATUS_REGS and self.bus.poll_us:
            self.bus.now += self.bus.poll_us   # one pass of the host's loop
            self._sync()
        out = self._read(addr) if self._ready() else 0   # no clock yet: nothing drives MISO
        self.reads += 1
        self._addr = (b >> 1) & 0x3F
        return out

    # --- registers (9.3) -----------------------------------------------------

    def _read(self, addr):
        regs = self.regs
        if addr == FIFO_DATA:
            return self._fifo_pop()
        if addr == FIFO_LEVEL:
            return self.fifo_n
        if addr == COM_IRQ:
            if self._hide > 0:
                self._hide -= 1
            elif self._pending:
                regs[COM_IRQ] |= self._pending
                self._pending = 0
        elif addr == STATUS1:
            return self._status1()
        elif addr == STATUS2:
            return (regs[STATUS2] & 0xC8) | self._modem_state()
        elif addr == T_COUNTER_H or addr == T_COUNTER_L:
            v = self._t_counter()
            return v >> 8 if addr == T_COUNTER_H else v & 0xFF
        elif addr == BIT_FRAMING:
            return regs[addr] & 0x77          # StartSend reads 0 (9.3.1.14)
        return regs[addr]

    def _write(self, addr, v):
        regs = self.regs
        if addr == COMMAND:
            self._command(v)
        elif addr == COM_IRQ or addr == DIV_IRQ:
            # 9.3.1.5/9.3.1.6: bit 7 (Set1/Set2) says whether the marked bits are set or cleared.
            if v & 0x80:
                regs[addr] |= v & 0x7F
            else:
                regs[addr] &= ~v & 0x7F
                if addr == COM_IRQ:
                    self._pending &= ~v & 0x7F
        elif addr == FIFO_DATA:
            # 9.3.1.7 WrErr: the host writing the FIFO while a frame is being answered.
            if MODEM_RX_WAIT <= self._modem_state() or regs[COMMAND] & 0x0F == CMD_MF_AUTHENT:
                self._error(ERR_WR)
            self._fifo_push(v)
            if regs[COMMAND] & 0x0F == CMD_CALC_CRC:
                self._calc_crc()
        elif addr == FIFO_LEVEL:
            if v & 0x80:      # 9.3.1.11 FlushBuffer: empties the FIFO and clears BufferOvfl
                self.fifo_head = self.fifo_n = 0
                regs[ERROR] &= ~ERR_BUFFER_OVFL & 0xFF
                self._fifo_changed()
        elif addr == BIT_FRAMING:
            regs[addr] = v & 0x77
            # 9.3.1.14 StartSend: only valid with Transceive, once it waits for it.
            if v & 0x80 and regs[COMMAND] & 0x0F == CMD_TRANSCEIVE and self._modem == MODEM_WAIT_SEND:
                self._start_tx()
        elif addr == CONTROL:
            if v & 0x80:       # TStopNow
                self._timer_stop()
            if v & 0x40:       # TStartNow
                self._timer_start(self.bus.now)
        elif addr == TX_CONTROL:
            regs[addr] = v
            self._apply_field()
        elif addr == STATUS2:
            # TempSensClear and I2CForceHS are the host's; MFCrypto1On can only be cleared.
            regs[addr] = (v & 0xC0) | (regs[addr] & v & 0x08)
        elif addr == COLL:
            regs[addr] = (regs[addr] & 0x7F) | (v & 0x80)   # only ValuesAfterColl is writable
        elif addr not in READ_ONLY:
            regs[addr] = v

    # --- FIFO (8.3) ----------------------------------------------------------

    def _fifo_push(self, v):
        if self.fifo_n == 64:
            self._error(ERR_BUFFER_OVFL)     # 9.3.1.7 BufferOvfl: writing a full FIFO
            return
        self.fifo[(self.fifo_head + self.fifo_n) & 63] = v
        self.fifo_n += 1
        self._fifo_changed()

    def _fifo_pop(self):
        if not self.fifo_n:
            return 0
        v = self.fifo[self.fifo_head]
        self.fifo_head = (self.fifo_head + 1) & 63
        self.fifo_n -= 1
        self._fifo_changed()
        return v

    def _fifo_changed(self):
        # 8.3.3 / 9.3.1.8: HiAlert when 64 - level <= WaterLevel, LoAlert when
        # level <= WaterLevel; HiAlertIRq/LoAlertIRq store each alert as it comes.
        water = self.regs[WATER_LEVEL] & 0x3F
        alerts = (2 if 64 - self.fifo_n <= water else 0) | (1 if self.fifo_n <= water else 0)
        rising = alerts & ~self._alerts
        self._alerts = alerts
        if rising & 2:
            self.regs[COM_IRQ] |= IRQ_HI_ALERT
        if rising & 1:
            self.regs[COM_IRQ] |= IRQ_LO_ALERT

    # --- status --------------------------------------------------------------

    def _status1(self):
        regs = self.regs
        v = regs[STATUS1] & 0x60 | self._alerts           # CRCOk, CRCReady kept by CalcCRC
        if regs[COM_IRQ] & regs[COM_IEN] & 0x7F or regs[DIV_IRQ] & regs[DIV_IEN] & 0x14:
            v |= 0x10                                      # IRq
        if self._t_running:
            v |= 0x08                                      # TRunning
        return v

    def _modem_state(self):
        # Status2Reg ModemState (9.3.1.9), worked out from where the frame is now.
        m = self._modem
        if m != MODEM_RX_WAIT:
            return m
        now = self.bus.now
        if now < self._tx_ended + (self.regs[0x17] & 0x3F) * BIT_X100 // 100:   # RxSelReg RxWait
            return MODEM_RX_WAIT
        if self._rx_end != NEVER and now >= self._rx_end - air_us(self._rx_bits) + 1:
            return MODEM_RECEIVING
        return MODEM_WAIT_DATA

    def _error(self, bits):
        # 9.3.1.5 ErrIRq: any error bit set in ErrorReg.
        self.regs[ERROR] |= bits
        self._raise(IRQ_ERR)

    def _raise(self, irq):
        # A command's interrupts show after `latency` more reads of ComIrqReg.
        self._pending |= irq
        self._hide = self.latency
        if not self.latency:
            self.regs[COM_IRQ] |= self._pending
            self._pending = 0

    # --- time ----------------------------------------------------------------

    def _sync(self):
        """Run everything that happened up to the bus's now, in the order it happened."""
        now = self.bus.now
        while True:
            t = self._wake_at
            if self._tx_end < t:
                t = self._tx_end
            if self._t_stop_at < t:
                t = self._t_stop_at
            if self._rx_end < t:
                t = self._rx_end
            if self._t_fire < t:
                t = self._t_fire
            if t > now:
                return
            if t == self._wake_at:
                self._wake_at = NEVER
                self.regs[COMMAND] &= ~POWER_DOWN & 0xFF
                self._apply_field()
            elif t == self._tx_end:
                self._tx_done(t)
            elif t == self._t_stop_at:
                # TModeReg TAuto: with RxMultiple off the timer stops at the 5th bit received.
                self._timer_stop()
            elif t == self._rx_end:
                self._rx_done()
            else:
                self._timer_expired()


def _mask(bits, i):
    """The valid bits of byte i of a frame of ``bits`` bits."""
    if (i + 1) * 8 <= bits:
        return 0xFF
    if i * 8 >= bits:
        return 0
    return (1 << (bits - i * 8)) - 1


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
        bus.set_baudrate(baudrate)
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
