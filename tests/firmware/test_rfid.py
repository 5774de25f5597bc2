# RFID club-card readers against the fake MFRC522. Runs under CPython and
# inside MicroPython.
import sys

from fwtest import raises

import fake_mfrc522 as fk
from teebox.hal import rfid

NTAG = bytes.fromhex("04a1b2c3d4e5f6")      # NTAG213 sticker: 7-byte UID
CLASSIC = bytes.fromhex("3a7f0c91")         # a tag with a 4-byte UID
TRIPLE = bytes.fromhex("0811223344556677aa55")
OTHER_NTAG = bytes.fromhex("04112233445566")


def make(n=1):
    """n fake chips on one bus, each with its own chip-select, and a CardReader for each."""
    bus = fk.FakeBus()
    chips = []
    readers = []
    for i in range(n):
        chip = fk.FakeMfrc522(bus, fk.FakePin(17 + i, fk.FakePin.OUT, value=1))
        chips.append(chip)
        readers.append(rfid.CardReader(rfid.Mfrc522(bus, chip.cs)))
    return bus, chips, readers


def run(poller, polls):
    """Poll so many times; the events, in order."""
    events = []
    for _ in range(polls):
        ev = poller.poll()
        if ev is not None:
            events.append(ev)
    return events


def cycle(reader):
    """Poll until one presence cycle has ended; the events it gave."""
    events = []
    for _ in range(60):
        ev = reader.poll()
        if ev is not None:
            events.append(ev)
        if reader.cycle_done:
            return events
    raise AssertionError("the presence cycle did not end in 60 polls")


def placed_reader(uid=NTAG, boot_us=5000):
    """A reader that has just reported this card (so a presence cycle has just ended)."""
    bus, chips, readers = make()
    card = chips[0].add(fk.FakeCard(uid, boot_us=boot_us))
    reader = readers[0]
    for _ in range(40):
        ev = reader.poll()
        if ev is not None:
            assert ev == ("placed", uid)
            return bus, chips[0], reader, card
    raise AssertionError("no placed event in 40 polls")


def frames_of_one_cycle(fake, reader):
    """How many frames of each kind one presence cycle sent."""
    before = dict(fake.sent)
    assert cycle(reader) == []
    return dict((k, fake.sent[k] - before[k]) for k in before if fake.sent[k] != before[k])


def test_crc_a_matches_iso_14443_3_values():
    assert rfid.crc_a(b"\x00\x00", 2) == 0x1EA0      # annex B example: A0 1E on air
    assert rfid.crc_a(b"\x50\x00", 2) == 0xCD57      # HLTA is 50 00 57 CD
    frame = bytes([0x93, 0x70, 0x88, 0x04, 0xA1, 0xB2, 0x9F])
    assert rfid.crc_a(frame, 7) == fk.crc_a(frame, 0, 7)


def test_registers_are_read_and_written_in_the_datasheet_spi_format():
    bus, chips, readers = make()
    chip = readers[0].chip
    assert chip.read_reg(0x37) == 0x92          # VersionReg
    chip.write_reg(0x24, 0x2A)                  # ModWidthReg
    assert chips[0].regs[0x24] == 0x2A
    assert chip.read_reg(0x24) == 0x2A
    assert chip.version == 0x92


def test_init_resets_sets_a_short_timer_and_100_percent_ask_with_the_antenna_off():
    bus, chips, readers = make()
    fake = chips[0]
    assert fake.soft_resets == 1
    assert 1000 <= fake.timer_us() <= 2000      # every frame ends within ~1.5 ms
    assert fake.regs[fk.T_MODE] & 0x80          # TAuto: the timer starts after each frame
    assert fake.regs[fk.TX_ASK] == 0x40
    assert not fake.field_on
    readers[0].poll()
    assert fake.field_on


def test_a_reader_that_does_not_answer_is_a_clear_error():
    for version in (0x00, 0xFF):
        bus = fk.FakeBus()
        fake = fk.FakeMfrc522(bus, fk.FakePin(21, fk.FakePin.OUT, value=1), version=version)
        err = raises(rfid.RfidError, rfid.Mfrc522, bus, fake.cs)
        msg = str(err)
        assert "no MFRC522 answers on chip-select Pin(21)" in msg
        assert "VersionReg reads 0x%02X" % version in msg
        assert "MISO" in msg


def test_no_card_no_event_and_an_empty_poll_costs_eight_register_accesses():
    bus, chips, readers = make()
    reader = readers[0]
    assert run(reader, 5) == []
    costs = []
    for _ in range(100):
        a, t, b = bus.accesses(), bus.transfers, bus.bytes
        assert reader.poll() is None
        costs.append((bus.accesses() - a, bus.transfers - t, bus.bytes - b))
    # check ComIrqReg (1 read) + start the next WUPA (7 writes), 2 bytes each
    assert costs == [(8, 8, 16)] * 100
    assert chips[0].sent["WUPA"] > 100 and chips[0].sent["REQA"] == 0
    assert reader.uid is None and reader.glitches == 0


def test_while_the_chip_is_busy_a_poll_is_one_register_read():
    bus, chips, readers = make()
    reader = readers[0]
    run(reader, 5)
    chips[0].latency = 3
    costs = []
    for _ in range(8):
        a = bus.accesses()
        assert reader.poll() is None
        costs.append(bus.accesses() - a)
    assert costs == [1, 1, 1, 8, 1, 1, 1, 8]


def test_a_4_byte_uid_is_read_in_one_cascade_level():
    bus, fake, reader, card = placed_reader(CLASSIC)
    assert reader.uid == CLASSIC
    assert card.halts == 1
    assert frames_of_one_cycle(fake, reader) == {"WUPA": 1, "ANTICOLL": 1, "SELECT": 1, "HLTA": 1}


def test_a_7_byte_ntag213_uid_is_read_through_two_cascade_levels():
    bus, fake, reader, card = placed_reader(NTAG)
    assert reader.uid == NTAG and len(reader.uid) == 7
    assert card.halts == 1
    assert frames_of_one_cycle(fake, reader) == {"WUPA": 1, "ANTICOLL": 2, "SELECT": 2, "HLTA": 1}


def test_a_10_byte_uid_is_read_through_three_cascade_levels():
    bus, fake, reader, card = placed_reader(TRIPLE)
    assert reader.uid == TRIPLE
    assert frames_of_one_cycle(fake, reader) == {"WUPA": 1, "ANTICOLL": 3, "SELECT": 3, "HLTA": 1}


def test_a_card_held_still_registers_once():
    bus, fake, reader, card = placed_reader(NTAG)
    cycles = fake.sent["HLTA"]
    assert run(reader, 400) == []
    assert fake.sent["HLTA"] - cycles >= 50       # it really was looked at again and again
    assert reader.uid == NTAG and reader.glitches == 0


def test_a_halted_card_answers_wupa_but_not_reqa():
    bus, chips, readers = make()
    chip = readers[0].chip
    card = chips[0].add(fk.FakeCard(NTAG, boot_us=0))
    chip.antenna(True)
    card.state = fk.HALT

    def send(cmd):
        chip.tx[0] = cmd
        chip.start_transceive(1, 7)
        return chip.check()

    assert send(0x26) == rfid.TIMEOUT            # REQA: a halted card stays silent
    assert send(0x52) == rfid.DONE               # WUPA wakes it
    assert chip.receive() == 2 and chip.rx[0] == 0x44 and chip.rx[1] == 0x00   # NTAG213 ATQA


def test_a_card_that_was_halted_before_it_is_polled_is_seen():
    bus, chips, readers = make()
    card = chips[0].add(fk.FakeCard(NTAG, boot_us=0))
    readers[0].poll()              # the field comes on and the card powers up ...
    card.state = fk.HALT           # ... and something halts it before the first WUPA
    assert run(readers[0], 20) == [("placed", NTAG)]


def test_a_lifted_card_is_removed_only_after_two_clean_misses():
    bus, fake, reader, card = placed_reader(NTAG)
    fake.take(card)
    assert cycle(reader) == []                   # one miss: maybe just a bad moment
    assert reader.uid == NTAG
    assert cycle(reader) == [("removed", NTAG)]
    assert reader.uid is None
    assert run(reader, 50) == []


def test_a_single_missed_wupa_does_not_remove_the_card():
    bus, fake, reader, card = placed_reader(NTAG, boot_us=0)
    fake.take(card)
    assert cycle(reader) == []                   # one miss
    fake.add(card)
    assert run(reader, 100) == []
    assert reader.uid == NTAG


def test_lifting_and_laying_the_card_again_registers_it_again():
    bus, fake, reader, card = placed_reader(NTAG)
    fake.take(card)
    assert run(reader, 10) == [("removed", NTAG)]
    fake.add(card)
    assert run(reader, 40) == [("placed", NTAG)]


def test_a_card_swapped_between_two_looks_is_removed_then_the_new_one_placed():
    bus, fake, reader, card = placed_reader(NTAG)
    fake.take(card)
    fake.add(fk.FakeCard(OTHER_NTAG, boot_us=0))
    assert cycle(reader) == [("removed", NTAG)]
    assert run(reader, 20) == [("placed", OTHER_NTAG)]


def test_a_bad_bcc_is_neither_a_card_nor_a_miss():
    bus, chips, readers = make()
    reader = readers[0]
    chips[0].add(fk.FakeCard(NTAG, boot_us=0))
    chips[0].corrupt_next("bcc")
    while reader.glitches == 0:
        assert cycle(reader) == []
    assert reader.uid is None
    assert run(reader, 30) == [("placed", NTAG)]


def test_a_bad_crc_on_the_sak_is_neither_a_card_nor_a_miss():
    bus, chips, readers = make()
    reader = readers[0]
    chips[0].add(fk.FakeCard(CLASSIC, boot_us=0))
    chips[0].corrupt_next("crc")
    while reader.glitches == 0:
        assert cycle(reader) == []
    assert run(reader, 30) == [("placed", CLASSIC)]


def test_a_parity_error_does_not_unsettle_a_card_that_is_there():
    bus, fake, reader, card = placed_reader(NTAG)
    fake.corrupt_next("parity")
    assert run(reader, 100) == []
    assert reader.glitches == 1 and reader.uid == NTAG


def test_noise_between_two_misses_does_not_count_as_either():
    bus, fake, reader, card = placed_reader(NTAG)
    fake.take(card)
    assert cycle(reader) == []                   # miss 1
    fake.corrupt_next("noise")
    assert cycle(reader) == []                   # noise: a glitch, not a miss, not a card
    assert reader.glitches == 1 and reader.uid == NTAG
    assert cycle(reader) == [("removed", NTAG)]  # miss 2


def test_two_cards_on_one_reader_collide_and_read_as_nothing():
    bus, chips, readers = make()
    reader = readers[0]
    chips[0].add(fk.FakeCard(NTAG, boot_us=0))
    second = chips[0].add(fk.FakeCard(OTHER_NTAG, boot_us=0))
    assert run(reader, 100) == []
    assert reader.glitches > 5
    chips[0].take(second)
    assert run(reader, 30) == [("placed", NTAG)]


def test_two_readers_on_one_bus_report_their_seat_and_never_share_the_field():
    bus, chips, readers = make(2)
    bank = rfid.ReaderBank(readers)
    chips[0].add(fk.FakeCard(NTAG))
    chips[1].add(fk.FakeCard(CLASSIC))
    events = run(bank, 150)
    assert sorted(events) == [(0, ("placed", NTAG)), (1, ("placed", CLASSIC))]
    assert bus.max_fields_on == 1
    assert chips[0].field_on_count >= 3 and chips[1].field_on_count >= 3
    chips[1].take(chips[1].cards[0])
    assert run(bank, 150) == [(1, ("removed", CLASSIC))]
    assert readers[0].uid == NTAG
    assert bus.max_fields_on == 1


def test_an_empty_bank_poll_stays_small():
    bus, chips, readers = make(3)
    bank = rfid.ReaderBank(readers)
    run(bank, 10)
    costs = []
    for _ in range(60):
        a = bus.accesses()
        assert bank.poll() is None
        costs.append(bus.accesses() - a)
    # the hand-over (check, old antenna off, new antenna on, start its 5 ms
    # settle: 7) alternates with the settled reader's first WUPA (check,
    # timer back to 1.5 ms, start: 9)
    assert sorted(set(costs)) == [7, 9]


def test_a_bank_needs_a_reader_and_one_seat_number_per_reader():
    err = raises(ValueError, rfid.ReaderBank, [])
    assert "at least one reader" in str(err)
    seats = [rfid.SimReader(), rfid.SimReader()]
    err = raises(ValueError, rfid.ReaderBank, seats, [0, 1, 2])
    assert str(err) == "ReaderBank has 2 readers but 3 seats"
    err = raises(ValueError, rfid.ReaderBank, seats, [1, 1])
    assert "seats repeat" in str(err)


def test_a_bank_reports_the_seat_numbers_it_was_given():
    seats = [rfid.SimReader(), rfid.SimReader()]
    bank = rfid.ReaderBank(seats, [3, 1])
    seats[0].place(NTAG)
    assert run(bank, 2) == [(3, ("placed", NTAG))]


def test_a_bank_of_one_keeps_its_antenna_on():
    bus, chips, readers = make()
    bank = rfid.ReaderBank(readers)
    chips[0].add(fk.FakeCard(NTAG))
    assert run(bank, 40) == [(0, ("placed", NTAG))]
    assert chips[0].field_on_count == 1


def test_a_brown_out_is_noticed_and_the_reader_sets_the_chip_up_again():
    bus, fake, reader, card = placed_reader(NTAG)
    fake.power_glitch()                          # registers back to reset values, field off
    assert run(reader, 12) == []
    assert reader.faults == 1
    assert fake.field_on and fake.regs[fk.T_MODE] & 0x80
    assert run(reader, 100) == []                # the card is still there: no removed, no placed
    assert reader.uid == NTAG and reader.faults == 1


def test_a_frame_that_never_ends_is_given_up_without_blocking():
    bus, chips, readers = make()
    reader = readers[0]
    run(reader, 5)
    chips[0].latency = 1000000                   # the interrupt never shows
    costs = []
    for _ in range(200):
        a = bus.accesses()
        assert reader.poll() is None
        costs.append(bus.accesses() - a)
        assert reader.faults == (1 if len(costs) == 200 else 0)
    assert max(costs[:199]) == 3                 # one read, plus two on every 8th for a health check


def test_sim_reader_reports_placed_and_removed_once():
    sim = rfid.SimReader()
    assert sim.poll() is None
    sim.place(NTAG)
    sim.place(NTAG)                              # the same card again: nothing new
    assert sim.poll() == ("placed", NTAG)
    assert sim.poll() is None
    sim.place("04:11:22:33:44:55:66")
    assert sim.poll() == ("removed", NTAG)
    assert sim.poll() == ("placed", OTHER_NTAG)
    sim.remove()
    sim.remove()
    assert run(sim, 5) == [("removed", OTHER_NTAG)]
    assert sim.uid is None


def test_sim_reader_refuses_a_uid_of_the_wrong_size_or_not_hex():
    sim = rfid.SimReader()
    err = raises(ValueError, sim.place, b"\x01\x02\x03\x04\x05")
    assert str(err) == "RFID UID must be 4, 7 or 10 bytes, got 5: 0102030405"
    err = raises(ValueError, sim.place, "04zz")
    assert "is not hex" in str(err)
    assert sim.poll() is None


def test_sim_readers_work_in_a_bank():
    seats = [rfid.SimReader(), rfid.SimReader()]
    bank = rfid.ReaderBank(seats)
    seats[1].place(CLASSIC)
    seats[0].place(NTAG)
    assert sorted(run(bank, 4)) == [(0, ("placed", NTAG)), (1, ("placed", CLASSIC))]


def test_the_module_imports_without_machine():
    assert "machine" not in sys.modules


def _with_machine(m, fn, *args, **kwargs):
    sys.modules["machine"] = m
    try:
        return fn(*args, **kwargs)
    finally:
        del sys.modules["machine"]


def test_open_reader_wires_spi_mode_0_at_1_mhz_and_pulses_rst():
    m = fk.FakeMachine()
    bus = m.bus(0)
    fake = fk.FakeMfrc522(bus, m.Pin(17), rst=m.Pin(20))
    fake.add(fk.FakeCard(CLASSIC))
    reader = _with_machine(m, rfid.open_reader, 0, 18, 19, 16, 17, rst=20)
    assert bus.settings == {"baudrate": 1000000, "polarity": 0, "phase": 0, "bits": 8,
                            "firstbit": 0, "sck": 18, "mosi": 19, "miso": 16}
    assert fake.hard_resets == 1
    assert m.Pin(17).value() == 1
    assert run(reader, 40) == [("placed", CLASSIC)]


def test_open_readers_takes_the_board_profile_readers_list():
    m = fk.FakeMachine()
    bus = m.bus(0)
    fakes = [fk.FakeMfrc522(bus, m.Pin(cs), rst=m.Pin(20)) for cs in (17, 21)]
    fakes[0].add(fk.FakeCard(CLASSIC))
    fakes[1].add(fk.FakeCard(NTAG))
    entries = [{"seat": 2, "spi": 0, "sck": 18, "mosi": 19, "miso": 16, "cs": 17, "rst": 20},
               {"seat": 0, "spi": 0, "sck": 18, "mosi": 19, "miso": 16, "cs": 21, "rst": 20}]
    bank = _with_machine(m, rfid.open_readers, entries)
    assert sorted(run(bank, 120)) == [(0, ("placed", NTAG)), (2, ("placed", CLASSIC))]
    assert [f.hard_resets for f in fakes] == [1, 1]


def test_open_bank_drives_every_chip_select_high_before_talking_to_any_chip():
    m = fk.FakeMachine()
    bus = m.bus(1)
    # Chip-select lines nobody drives yet read low: both chips "selected".
    fakes = [fk.FakeMfrc522(bus, m.Pin(cs), rst=m.Pin(20)) for cs in (9, 13)]
    fakes[1].add(fk.FakeCard(NTAG))
    bank = _with_machine(m, rfid.open_bank, 1, 10, 11, 12, [9, 13], rst=20)
    assert [f.hard_resets for f in fakes] == [1, 1]      # one shared RST pulse
    assert run(bank, 120) == [(1, ("placed", NTAG))]
    assert bus.max_fields_on == 1


# --- against the fake chip's clock ---------------------------------------------------

class _CommandSpy(fk.FakeMfrc522):
    """A fake chip that notes the PowerDown bit of every CommandReg read."""

    def __init__(self, *args, **kwargs):
        self.power_down_reads = []
        super().__init__(*args, **kwargs)

    def _read(self, addr):
        v = super()._read(addr)
        if addr == fk.COMMAND:
            self.power_down_reads.append(v & fk.POWER_DOWN)
        return v


def test_init_waits_out_the_wake_up_after_its_soft_reset():
    # Datasheet 9.3.1.2: after a reset PowerDown "is read as logic 1" until the
    # chip is ready. A host reading back to back on the wire sees it set.
    bus = fk.FakeBus(poll_us=0)
    fake = _CommandSpy(bus, fk.FakePin(17, fk.FakePin.OUT, value=1))
    chip = rfid.Mfrc522(bus, fake.cs)
    assert fake.power_down_reads[0] == fk.POWER_DOWN
    assert fake.power_down_reads[-1] == 0
    assert chip.version == 0x92 and fake.regs[fk.T_MODE] == 0x80


def test_init_waits_for_the_oscillator_after_a_hard_reset():
    # Datasheet 8.8.2: after NRSTPD rises the crystal starts first; until then
    # the chip answers nothing, and what is written is lost.
    bus = fk.FakeBus(poll_us=0)
    rst = fk.FakePin(20, fk.FakePin.OUT, value=1)
    fake = fk.FakeMfrc522(bus, fk.FakePin(17, fk.FakePin.OUT, value=1), rst=rst,
                          osc_start_us=3000)
    chip = rfid.Mfrc522(bus, fake.cs, rst)
    assert fake.hard_resets == 1 and chip.version == 0x92
    assert fake.regs[fk.T_MODE] == 0x80 and fake.regs[fk.TX_ASK] == 0x40   # the set-up took


def test_a_reader_polled_in_a_tight_loop_reads_a_card_without_faults():
    # 50 us per look at the chip (MicroPython on a Pico calling poll() in a
    # bare loop): every frame and the 5 ms power-up take many polls.
    bus = fk.FakeBus(poll_us=50)
    fake = fk.FakeMfrc522(bus, fk.FakePin(17, fk.FakePin.OUT, value=1))
    reader = rfid.CardReader(rfid.Mfrc522(bus, fake.cs))
    fake.add(fk.FakeCard(NTAG))
    busy = 0
    events = []
    for _ in range(3000):
        a = bus.accesses()
        ev = reader.poll()
        busy += bus.accesses() - a == 1
        if ev is not None:
            events.append(ev)
    assert events == [("placed", NTAG)]
    assert busy > 1000
    assert reader.faults == 0 and reader.glitches == 0
