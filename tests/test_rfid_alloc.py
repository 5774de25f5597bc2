"""Polling the RFID readers allocates nothing under MicroPython in steady state.

The LED loop polls every iteration, so a poll that allocated even a few bytes
would feed the garbage collector all game long. Each scenario below is run
inside MicroPython: warm up (the field comes on, the card is placed), then
poll 200 times with the collector disabled and compare ``gc.mem_alloc()``.
With gc disabled nothing is freed, so any allocation, by the driver or by
the fake chip behind it, shows. The fake chip is written allocation-free on
these paths too, so the figure is the driver's.
"""

SCENARIOS = r"""
import gc
import fake_mfrc522 as fk
from mpmarker import record
from teebox.hal import rfid


def readers(n, uids):
    bus = fk.FakeBus()
    out = []
    for i in range(n):
        chip = fk.FakeMfrc522(bus, fk.FakePin(17 + i, fk.FakePin.OUT, value=1))
        if uids[i]:
            chip.add(fk.FakeCard(bytes.fromhex(uids[i])))
        out.append(rfid.CardReader(rfid.Mfrc522(bus, chip.cs)))
    return out


def allocated(poller, warm_up, polls):
    events = []
    for _ in range(warm_up):
        ev = poller.poll()
        if ev is not None:
            events.append(ev)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    quiet = True
    for _ in range(polls):
        if poller.poll() is not None:
            quiet = False
    after = gc.mem_alloc()
    gc.enable()
    return after - before, len(events), quiet


def scenario(name, poller):
    grown, warm_events, quiet = allocated(poller, 60, 200)
    record({"kind": "alloc", "name": name, "bytes": grown, "warm_events": warm_events,
            "quiet": quiet})


scenario("no card", readers(1, [None])[0])
scenario("card held", readers(1, ["04a1b2c3d4e5f6"])[0])
scenario("bank, no cards", rfid.ReaderBank(readers(2, [None, None])))
scenario("bank, cards held", rfid.ReaderBank(readers(2, ["04a1b2c3d4e5f6", "3a7f0c91"])))
"""


def test_steady_state_polling_allocates_nothing_in_micropython(micropython):
    res = micropython.run(code=SCENARIOS)
    assert res.returncode == 0, res.stderr
    got = {r["name"]: r for r in res.records if r["kind"] == "alloc"}
    assert sorted(got) == ["bank, cards held", "bank, no cards", "card held", "no card"]
    # The warm-up really reached the steady state being measured.
    assert got["no card"]["warm_events"] == 0
    assert got["card held"]["warm_events"] == 1
    assert got["bank, cards held"]["warm_events"] == 2
    for name, rec in got.items():
        assert rec["quiet"], name + ": an event during the measured polls"
        assert rec["bytes"] == 0, "%s: %d bytes allocated in 200 polls" % (name, rec["bytes"])


def test_the_measurement_would_see_an_allocation(micropython):
    # The same method on a poll that allocates a small tuple: it must show.
    res = micropython.run(code=(
        "import gc\n"
        "def poll(): return (1, [2])[1:]\n"
        "poll()\n"
        "gc.collect(); gc.disable()\n"
        "a = gc.mem_alloc()\n"
        "for _ in range(200): poll()\n"
        "print(gc.mem_alloc() - a)\n"))
    assert res.returncode == 0, res.stderr
    assert int(res.output.strip()) > 200
