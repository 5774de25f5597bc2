"""Cost of polling the RFID readers: SPI traffic and time per poll.

    python -m tools.bench.rfid_poll

Runs the MFRC522 driver (``teebox.hal.rfid``) against the fake chip from
``tests/firmware/fake_mfrc522.py`` under MicroPython (WebAssembly, via
``teebox_host.micropython``) and under CPython. For each scenario it prints, per poll: SPI
transfers (chip-select cycles), bytes on the bus, register accesses, and
microseconds. The fake chip is Python too, so each scenario is timed twice:
with the fake, and with the driver alone, replaying the bytes the fake sent
back (on the board the chip does that work, not Python).

The RP2040 column is an ESTIMATE, not a measurement: the driver-alone time
times 21-53 for an RP2040 at 125 MHz against this machine's WebAssembly run,
plus the bytes on the wire at the SPI clock assumed below; a cross-check
scales the CPython time instead.
"""

import sys

from tools.bench import common

POLLS = 2000
SPI_HZ = 1000000            # open_reader()'s default clock; the MFRC522 allows up to 10 MHz
RP2040_SLOWDOWN = common.RP2040_SLOWDOWN
# A cross-check from the other side: MicroPython on an RP2040 runs integer loops very roughly
# 100-200 times slower than CPython on a laptop (a rule of thumb, also not measured here).
RP2040_VS_CPYTHON = (100, 200)

# Runs in both interpreters. bench() returns rows of
# (label, us per poll, transfers, bytes, accesses per poll, max accesses in one poll).
_SETUP = """
import fake_mfrc522 as fk
from teebox.hal import rfid


class Recorder:
    # Passes transfers to the fake bus and keeps what came back on MISO.
    def __init__(self, bus):
        self.bus = bus
        self.log = []

    def write(self, buf):
        self.bus.write(buf)

    def write_readinto(self, wbuf, rbuf):
        self.bus.write_readinto(wbuf, rbuf)
        self.log.append(bytes(rbuf))


class Replay:
    # Plays the recorded MISO bytes back: the driver runs exactly as it did
    # against the fake, without the fake's own work (the chip's, on the board).
    # Past the end it starts again at ``again`` (a poll's start in the steady state),
    # so the timer can run as many polls as its batches need.
    def __init__(self, log, again):
        self.log = log
        self.again = again
        self.i = 0

    def write(self, buf):
        pass

    def write_readinto(self, wbuf, rbuf):
        if self.i == len(self.log):
            self.i = self.again
        got = self.log[self.i]
        self.i += 1
        for k in range(len(rbuf)):
            rbuf[k] = got[k]


def pins(n):
    return [fk.FakePin(17 + i, fk.FakePin.OUT, value=1) for i in range(n)]


def build(spi, selects, bank):
    readers = [rfid.CardReader(rfid.Mfrc522(spi, pin)) for pin in selects]
    return rfid.ReaderBank(readers) if bank else readers[0]


def polls_timed(poller, warm, reps, batch_ms):
    # the minimum us a poll over the shared timer's batches (common.TIMER), after warm polls
    for _ in range(warm):
        poller.poll()

    def work(n):
        for _ in range(n):
            poller.poll()
    return measure(work, reps, batch_ms)[0]


def scenario(label, uids, bank, polls, reps, batch_ms):
    bus = fk.FakeBus()
    n = len(uids)
    rec = Recorder(bus)
    selects = pins(n)
    for i in range(n):
        chip = fk.FakeMfrc522(bus, selects[i])
        if uids[i]:
            chip.add(fk.FakeCard(bytes.fromhex(uids[i])))
    poller = build(rec, selects, bank)
    warm = 200                         # field on, cards placed, WebAssembly warmed up
    for _ in range(warm):
        poller.poll()
    steady = len(rec.log)
    t0, b0, a0 = bus.transfers, bus.bytes, bus.accesses()
    most = 0
    for _ in range(polls):
        a = bus.accesses()
        poller.poll()
        most = max(most, bus.accesses() - a)
    counts = (bus.transfers - t0, bus.bytes - b0, bus.accesses() - a0)
    ends = len(rec.log)
    with_fake = polls_timed(poller, 0, reps, batch_ms)
    del rec.log[ends:]  # the replay cycles over the counted polls
    alone = build(Replay(rec.log, steady), pins(n), bank)
    driver = polls_timed(alone, warm + polls, reps, batch_ms)
    return (label, with_fake, driver, counts[0] / polls, counts[1] / polls, counts[2] / polls,
            most)


def bench(polls, reps, batch_ms):
    ntag, ntag2, classic = "04a1b2c3d4e5f6", "04112233445566", "3a7f0c91"
    return [
        scenario("1 reader, no card", [None], False, polls, reps, batch_ms),
        scenario("1 reader, NTAG213 held", [ntag], False, polls, reps, batch_ms),
        scenario("bank of 4, no cards", [None] * 4, True, polls, reps, batch_ms),
        scenario("bank of 4, 3 cards held", [ntag, ntag2, classic, None], True, polls,
                 reps, batch_ms),
    ]
"""



def cpython_rows(reps):
    """Rows measured in this CPython."""
    return common.cpython_bench(_SETUP)(POLLS, reps, common.BATCH_MS)


def micropython_rows(reps):
    """Rows measured inside the MicroPython WebAssembly port."""
    code = (_SETUP + "for row in bench(%d, %d, %d):\n"
            "    print('ROW|%%s|%%f|%%f|%%f|%%f|%%f|%%d' %% row)\n"
            % (POLLS, reps, common.BATCH_MS))
    return [(f[0],) + tuple(float(x) for x in f[1:-1]) + (int(f[-1]),)
            for f in common.micropython_rows(code)]


def main():
    args = common.options(__doc__)
    mp = micropython_rows(args.reps)
    cp = cpython_rows(args.reps)
    lo, hi = RP2040_SLOWDOWN
    clo, chi = RP2040_VS_CPYTHON
    us_per_byte = 8 * 1000000 / SPI_HZ
    print("RFID poll cost against the fake MFRC522, %d polls counted per scenario; figures per "
          "poll, times the minimum of the shared timer's batches (%s)"
          % (POLLS, "wall clock in whole ms in MicroPython, CPU time in CPython"))
    print("%-26s %5s %5s %6s %4s %17s %17s %6s %17s %17s"
          % ("scenario", "xfers", "bytes", "access", "max", "MicroPython",
             "CPython %d.%d" % sys.version_info[:2], "wire", "RP2040 ESTIMATE", "cross-check"))
    print("%-26s %5s %5s %6s %4s %17s %17s %6s" % ("", "", "", "", "", "fake / driver",
                                                   "fake / driver", ""))
    for m, c in zip(mp, cp):
        label, mp_fake, mp_drv, transfers, nbytes, accesses, most = m
        cp_fake, cp_drv = c[1], c[2]
        wire = nbytes * us_per_byte
        print("%-26s %5.1f %5.1f %6.1f %4d %6.0f / %4.0f us %6.1f / %4.1f us %3.0f us"
              " %6.2f-%5.2f ms %6.2f-%5.2f ms"
              % (label, transfers, nbytes, accesses, most, mp_fake, mp_drv, cp_fake, cp_drv, wire,
                 (mp_drv * lo + wire) / 1000, (mp_drv * hi + wire) / 1000,
                 (cp_drv * clo + wire) / 1000, (cp_drv * chi + wire) / 1000))
    print()
    print("xfers = chip-select cycles, access = register reads + writes, max = most accesses in"
          " one poll.")
    print("fake = driver + fake chip; driver = the same polls replayed from the recorded MISO"
          " bytes (the chip's work done, as on the board).")
    print("wire = bytes x %.0f us at the assumed %.0f MHz SPI clock (plus chip-select gaps)."
          % (us_per_byte, SPI_HZ / 1e6))
    print("RP2040 ESTIMATE = MicroPython (WebAssembly) driver time x %d-%d + wire; cross-check ="
          " CPython driver time x %d-%d + wire." % (lo, hi, clo, chi))
    print("Both are ESTIMATES, not measurements: time reader.poll() with time.ticks_us on the"
          " board to know.")


if __name__ == "__main__":
    main()
