# The fake MFRC522 behaves as the NXP datasheet (MFRC522 rev. 3.9) says, so
# a driver that passes against it would pass against a chip. Each test talks
# to the fake register by register, as a host on the SPI bus would, without
# the project's driver. Runs under CPython and inside MicroPython.

import fake_mfrc522 as fk

NTAG = bytes.fromhex("04a1b2c3d4e5f6")
CLASSIC = bytes.fromhex("3a7f0c91")


def make(poll_us=0, **kwargs):
    """A fake chip alone on a bus; time passes only on the wire unless poll_us is given."""
    bus = fk.FakeBus(poll_us=poll_us)
    return fk.FakeMfrc522(bus, fk.FakePin(17, fk.FakePin.OUT, value=1), **kwargs)


def wr(chip, reg, *values):
    """Write one register (or a burst into it) in the SPI format of 8.1.2.3."""
    chip.cs.value(0)
    chip.bus.write(bytes([reg << 1] + list(values)))
    chip.cs.value(1)


def rd(chip, reg):
    """Read one register."""
    got = bytearray(2)
    chip.cs.value(0)
    chip.bus.write_readinto(bytes([0x80 | (reg << 1), 0]), got)
    chip.cs.value(1)
    return got[1]


def fifo(chip):
    """Everything in the FIFO."""
    return bytes([rd(chip, fk.FIFO_DATA) for _ in range(rd(chip, fk.FIFO_LEVEL))])


def field(chip, timer=True):
    """Antenna on with 100 % ASK, and (unless told not to) a 1.5 ms TAuto timer."""
    wr(chip, fk.TX_ASK, 0x40)
    if timer:
        wr(chip, fk.T_MODE, 0x80)
        wr(chip, fk.T_PRESCALER, 169)
        wr(chip, fk.T_RELOAD_L, 59)
    wr(chip, fk.TX_CONTROL, 0x83)


def send(chip, data, last_bits=0, align=0, command=fk.CMD_TRANSCEIVE):
    """Start a Transceive of ``data`` (last byte cut to last_bits; answer stored from bit align)."""
    framing = (align << 4) | last_bits
    wr(chip, fk.COMMAND, fk.CMD_IDLE)
    wr(chip, fk.COM_IRQ, 0x7F)
    wr(chip, fk.FIFO_LEVEL, 0x80)
    wr(chip, fk.FIFO_DATA, *data)
    wr(chip, fk.BIT_FRAMING, framing)
    wr(chip, fk.COMMAND, command)
    wr(chip, fk.BIT_FRAMING, 0x80 | framing)


def exchange(chip, data, last_bits=0, align=0):
    """Send a frame and let 3 ms pass: (ComIrqReg, ErrorReg, FIFO contents)."""
    send(chip, data, last_bits, align)
    chip.bus.sleep(3000)
    return rd(chip, fk.COM_IRQ), rd(chip, fk.ERROR), fifo(chip)


def ready_card(chip, uid=NTAG):
    """A card in the field, woken by WUPA: READY for anticollision."""
    card = chip.add(fk.FakeCard(uid, boot_us=0))
    irq, err, atqa = exchange(chip, b"\x52", 7)
    assert irq & fk.IRQ_RX and len(atqa) == 2
    return card


def rewake(chip):
    """Send READY cards back to IDLE (an HLTA they do not expect), then WUPA them."""
    exchange(chip, b"\x50\x00\x57\xcd")
    return exchange(chip, b"\x52", 7)


# --- the clock -----------------------------------------------------------------

def test_time_passes_on_the_wire_and_for_each_status_poll():
    chip = make()
    t = chip.bus.now
    rd(chip, fk.VERSION)                         # 2 bytes at 1 MHz + chip-select
    assert chip.bus.now - t == 2 * 8 + fk.CS_US
    chip.bus.poll_us = 500
    t = chip.bus.now
    rd(chip, fk.VERSION)                         # not a status register: the wire only
    rd(chip, fk.COM_IRQ)                         # a status poll: one pass of the host's loop
    assert chip.bus.now - t == 2 * (16 + fk.CS_US) + 500


def test_a_faster_spi_clock_makes_transfers_shorter():
    chip = make()
    chip.bus.set_baudrate(8000000)
    t = chip.bus.now
    rd(chip, fk.VERSION)
    assert chip.bus.now - t == 2 + fk.CS_US


# --- CommandReg and the commands (9.3.1.2, 10.3) -------------------------------------

def test_calc_crc_puts_the_crc_a_of_the_fifo_into_crc_result_reg():
    # 10.3.1.4: "The FIFO buffer content is transferred to the CRC coprocessor
    # ... The calculation result is stored in the CRCResultReg register";
    # the preset comes from ModeReg CRCPreset (01b: 6363h).
    chip = make()
    wr(chip, fk.MODE, 0x3D)
    wr(chip, fk.FIFO_DATA, 0x50, 0x00)           # HLTA: its CRC_A is 57 CD on the air
    wr(chip, fk.COMMAND, fk.CMD_CALC_CRC)
    assert rd(chip, fk.DIV_IRQ) & fk.IRQ_CRC
    assert rd(chip, fk.STATUS1) & 0x20           # CRCReady
    assert (rd(chip, fk.CRC_RESULT_L), rd(chip, fk.CRC_RESULT_H)) == (0x57, 0xCD)
    assert rd(chip, fk.FIFO_LEVEL) == 0          # the coprocessor took the bytes
    # "The calculation is not stopped when the FIFO buffer is empty": a byte
    # written later is added, and the CRC over data + CRC is zero (CRCOk).
    wr(chip, fk.FIFO_DATA, 0x57, 0xCD)
    assert (rd(chip, fk.CRC_RESULT_H), rd(chip, fk.CRC_RESULT_L)) == (0, 0)
    assert rd(chip, fk.STATUS1) & 0x40           # CRCOk
    assert rd(chip, fk.COMMAND) & 0x0F == fk.CMD_CALC_CRC   # runs until the host stops it


def test_calc_crc_uses_the_reset_preset_ffff_unless_mode_reg_says_otherwise():
    chip = make()
    wr(chip, fk.FIFO_DATA, 0x50, 0x00)
    wr(chip, fk.COMMAND, fk.CMD_CALC_CRC)        # ModeReg resets to 3Fh: CRCPreset 11b = FFFFh
    got = (rd(chip, fk.CRC_RESULT_H) << 8) | rd(chip, fk.CRC_RESULT_L)
    assert got == fk.crc_a(b"\x50\x00", 0, 2, 0xFFFF) != 0xCD57


def test_an_unknown_command_goes_to_idle_and_sets_idle_irq():
    # 9.3.1.5 IdleIRq: "if an unknown command is started, the Command[3:0] bits
    # change to the idle state and the IdleIRq bit is set".
    chip = make()
    wr(chip, fk.COM_IRQ, 0x7F)
    wr(chip, fk.COMMAND, 0x05)                   # reserved
    assert rd(chip, fk.COMMAND) & 0x0F == fk.CMD_IDLE
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_IDLE


def test_the_host_writing_idle_sets_no_idle_irq():
    chip = make()
    wr(chip, fk.COMMAND, fk.CMD_RECEIVE)
    wr(chip, fk.COM_IRQ, 0x7F)
    wr(chip, fk.COMMAND, fk.CMD_IDLE)            # 10.3.1.1: cancels the command, quietly
    assert not rd(chip, fk.COM_IRQ) & fk.IRQ_IDLE


def test_no_cmd_change_changes_the_other_bits_and_keeps_the_command_running():
    # 10.3.1.6: "can be used to modify the CommandReg register bits without
    # affecting the command, for example, the PowerDown bit".
    chip = make()
    wr(chip, fk.COMMAND, fk.CMD_RECEIVE)
    wr(chip, fk.COMMAND, fk.RCV_OFF | fk.CMD_NO_CMD_CHANGE)
    assert rd(chip, fk.COMMAND) == fk.RCV_OFF | fk.CMD_RECEIVE


def test_mem_stores_25_bytes_and_gives_them_back_to_an_empty_fifo():
    chip = make()
    data = bytes(range(100, 125))
    wr(chip, fk.COM_IRQ, 0x7F)                   # IdleIRq is set after a reset
    wr(chip, fk.FIFO_DATA, *data)
    wr(chip, fk.COMMAND, fk.CMD_MEM)             # 10.3.1.2: FIFO -> internal buffer
    assert rd(chip, fk.FIFO_LEVEL) == 0
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_IDLE    # it ends by itself
    wr(chip, fk.COMMAND, fk.CMD_MEM)             # empty FIFO: internal buffer -> FIFO
    assert fifo(chip) == data


def test_generate_random_id_fills_the_first_10_bytes_of_the_internal_buffer():
    # 10.3.1.3: "generates a 10-byte random number ... stored in the internal buffer".
    chip = make()
    wr(chip, fk.FIFO_DATA, *bytes(25))
    wr(chip, fk.COMMAND, fk.CMD_MEM)             # the internal buffer: all zeros
    wr(chip, fk.COMMAND, fk.CMD_RANDOM_ID)
    assert rd(chip, fk.COMMAND) & 0x0F == fk.CMD_IDLE
    wr(chip, fk.COMMAND, fk.CMD_MEM)
    got = fifo(chip)
    assert len(got) == 25 and got[10:] == bytes(15) and got[:10] != bytes(10)


def test_mf_authent_is_sent_and_runs_until_the_host_stops_it():
    # 10.3.1.9: the command does not end by itself when no card answers; the
    # fake cards have no Crypto1, so the timer is what ends the wait.
    chip = make()
    field(chip)
    ready_card(chip, CLASSIC)
    send(chip, bytes([0x60, 4]) + bytes(6) + CLASSIC, command=fk.CMD_MF_AUTHENT)
    chip.bus.sleep(3000)
    irq = rd(chip, fk.COM_IRQ)
    assert irq & fk.IRQ_TIMER and not irq & (fk.IRQ_RX | fk.IRQ_IDLE)
    assert rd(chip, fk.COMMAND) & 0x0F == fk.CMD_MF_AUTHENT
    assert chip.sent["OTHER"] == 1
    wr(chip, fk.FIFO_DATA, 0x00)                 # 9.3.1.7 WrErr: FIFO written during MFAuthent
    assert rd(chip, fk.ERROR) & fk.ERR_WR


def test_rcv_off_written_with_the_command_keeps_the_answer_out():
    # 9.3.1.2 RcvOff: "analog part of the receiver is switched off".
    chip = make()
    field(chip)
    chip.add(fk.FakeCard(NTAG, boot_us=0))
    send(chip, b"\x52", 7, command=fk.RCV_OFF | fk.CMD_TRANSCEIVE)
    chip.bus.sleep(3000)
    irq = rd(chip, fk.COM_IRQ)
    assert irq & fk.IRQ_TIMER and not irq & fk.IRQ_RX
    assert rd(chip, fk.FIFO_LEVEL) == 0


def test_power_down_switches_the_field_off_and_waking_takes_1024_clocks():
    # 8.6.2: "After setting the PowerDown bit to logic 0, it takes 1024 clocks
    # until the Soft power-down mode is exited indicated by the PowerDown bit."
    chip = make()
    field(chip)
    assert chip.field_on
    wr(chip, fk.COMMAND, fk.POWER_DOWN)
    assert not chip.field_on and rd(chip, fk.COMMAND) & fk.POWER_DOWN
    wr(chip, fk.COMMAND, fk.CMD_IDLE)
    assert rd(chip, fk.COMMAND) & fk.POWER_DOWN  # still waking, 17 us later
    chip.bus.sleep(fk.WAKE_US)
    assert not rd(chip, fk.COMMAND) & fk.POWER_DOWN
    assert chip.field_on                         # TxControlReg kept its value


def test_after_a_soft_reset_power_down_reads_1_for_a_time_not_a_number_of_reads():
    chip = make()
    wr(chip, fk.MODE, 0x3D)
    wr(chip, fk.COMMAND, fk.CMD_SOFT_RESET)
    assert rd(chip, fk.MODE) == 0x3F             # 10.3.1.10: registers back to reset values
    seen = 0
    while rd(chip, fk.COMMAND) & fk.POWER_DOWN:
        seen += 1
    assert seen >= 1                             # 17 us per read at 1 MHz: two reads in 38 us
    chip.bus.set_baudrate(8000000)
    wr(chip, fk.COMMAND, fk.CMD_SOFT_RESET)
    seen = 0
    while rd(chip, fk.COMMAND) & fk.POWER_DOWN:
        seen += 1
    assert seen >= 10                            # 3 us per read: many more reads, the same time


def test_a_hard_reset_leaves_the_chip_deaf_until_the_oscillator_has_started():
    # 8.8.2: tosc = the crystal's start-up + td (1024 clocks, 37.74 us).
    rst = fk.FakePin(20, fk.FakePin.OUT, value=1)
    chip = make(rst=rst, osc_start_us=1000)
    rst.value(0)
    rst.value(1)
    assert chip.hard_resets == 1
    assert rd(chip, fk.VERSION) == 0x00          # nothing drives MISO yet
    wr(chip, fk.MODE, 0x3D)                      # and writes are lost
    chip.bus.sleep(1000 + fk.WAKE_US)
    assert rd(chip, fk.VERSION) == 0x92
    assert rd(chip, fk.MODE) == 0x3F


def test_transmit_ends_by_itself_with_tx_irq_and_idle_irq():
    chip = make()
    field(chip, timer=False)
    wr(chip, fk.COM_IRQ, 0x7F)
    wr(chip, fk.FIFO_DATA, 0x26)
    wr(chip, fk.BIT_FRAMING, 7)
    wr(chip, fk.COMMAND, fk.CMD_TRANSMIT)        # 10.3.1.5: no StartSend needed
    chip.bus.sleep(200)
    assert rd(chip, fk.COM_IRQ) & (fk.IRQ_TX | fk.IRQ_IDLE) == fk.IRQ_TX | fk.IRQ_IDLE
    assert rd(chip, fk.COMMAND) & 0x0F == fk.CMD_IDLE
    assert chip.sent["REQA"] == 1


# --- cards in time ---------------------------------------------------------------

def test_a_card_powers_up_in_its_own_time_without_the_timer():
    chip = make()
    field(chip, timer=False)                     # TAuto off: no timer runs at all
    chip.add(fk.FakeCard(NTAG, boot_us=5000))
    send(chip, b"\x52", 7)
    chip.bus.sleep(3000)
    assert not rd(chip, fk.COM_IRQ) & fk.IRQ_RX  # 3 ms of field: still powering up
    chip.bus.sleep(3000)
    send(chip, b"\x52", 7)
    chip.bus.sleep(1000)
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_RX
    assert fifo(chip) == b"\x44\x00"


def test_a_host_polling_fifo_level_sees_the_answer_arrive():
    chip = make()
    field(chip)
    chip.add(fk.FakeCard(NTAG, boot_us=0))
    send(chip, b"\x52", 7)
    levels = []
    for _ in range(40):
        levels.append(rd(chip, fk.FIFO_LEVEL))
    assert levels[0] == 0 and levels[-1] == 2
    assert levels.index(2) > 5                   # the answer took its time on the air


def test_a_host_polling_status2_sees_the_modem_go_through_its_states():
    # 9.3.1.9 ModemState: 001 wait for StartSend, 011 transmitting, 100 RxWait,
    # 101 wait for data, 110 receiving.
    chip = make()
    field(chip)
    chip.add(fk.FakeCard(NTAG, boot_us=0))
    wr(chip, fk.COMMAND, fk.CMD_IDLE)
    assert rd(chip, fk.STATUS2) & 7 == 0
    send(chip, b"\x52", 7)
    states = []
    for _ in range(40):
        s = rd(chip, fk.STATUS2) & 7
        if not states or states[-1] != s:
            states.append(s)
    assert states == [3, 4, 5, 6, 1]


def test_t_auto_restart_reloads_the_timer_each_time_it_runs_out():
    chip = make()
    wr(chip, fk.T_MODE, 0x10)                    # TAutoRestart (9.3.3.10)
    wr(chip, fk.T_PRESCALER, 169)
    wr(chip, fk.T_RELOAD_L, 59)
    wr(chip, fk.CONTROL, 0x40)
    for _ in range(3):
        chip.bus.sleep(1500)
        assert rd(chip, fk.COM_IRQ) & fk.IRQ_TIMER
        wr(chip, fk.COM_IRQ, fk.IRQ_TIMER)
        assert rd(chip, fk.STATUS1) & 0x08       # still running


def test_status1_shows_the_timer_running_and_the_irq_line():
    chip = make()
    wr(chip, fk.T_PRESCALER, 169)
    wr(chip, fk.T_RELOAD_L, 59)
    wr(chip, fk.CONTROL, 0x40)                   # TStartNow
    assert rd(chip, fk.STATUS1) & 0x08           # TRunning
    assert 0 < (rd(chip, fk.T_COUNTER_H) << 8 | rd(chip, fk.T_COUNTER_L)) < 59
    wr(chip, fk.CONTROL, 0x80)                   # TStopNow: the counter holds its value
    held = rd(chip, fk.T_COUNTER_L)
    chip.bus.sleep(500)
    assert rd(chip, fk.T_COUNTER_L) == held and not rd(chip, fk.STATUS1) & 0x08
    assert not rd(chip, fk.COM_IRQ) & fk.IRQ_TIMER
    wr(chip, fk.CONTROL, 0x40)
    chip.bus.sleep(1500)
    assert not rd(chip, fk.STATUS1) & 0x08
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_TIMER
    assert not rd(chip, fk.STATUS1) & 0x10       # IRq: TimerIRq is not enabled in ComIEnReg
    wr(chip, fk.COM_IEN, 0x81)
    assert rd(chip, fk.STATUS1) & 0x10


# --- FIFO and errors (8.3, 9.3.1.7) ----------------------------------------------------

def test_fifo_alerts_follow_the_water_level_and_their_irqs_stay_until_cleared():
    chip = make()
    assert rd(chip, fk.STATUS1) & 0x03 == 0x01   # empty: LoAlert
    wr(chip, fk.COM_IRQ, 0x7F)
    wr(chip, fk.FIFO_DATA, *range(9))            # above WaterLevel 8: no LoAlert
    assert rd(chip, fk.STATUS1) & 0x03 == 0
    wr(chip, fk.FIFO_DATA, *range(47))           # 56 bytes: 64 - 56 <= 8, HiAlert
    assert rd(chip, fk.STATUS1) & 0x03 == 0x02
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_HI_ALERT
    for _ in range(50):
        rd(chip, fk.FIFO_DATA)
    assert rd(chip, fk.STATUS1) & 0x03 == 0x01
    assert rd(chip, fk.COM_IRQ) & (fk.IRQ_HI_ALERT | fk.IRQ_LO_ALERT) == fk.IRQ_HI_ALERT | fk.IRQ_LO_ALERT


def test_buffer_overflow_sets_err_irq_and_lasts_until_flush_buffer():
    # 9.3.1.7 BufferOvfl; 9.3.1.11 FlushBuffer "clears ... ErrorReg register's BufferOvfl bit".
    chip = make()
    wr(chip, fk.COM_IRQ, 0x7F)
    wr(chip, fk.FIFO_DATA, *range(65))
    assert rd(chip, fk.FIFO_LEVEL) == 64
    assert rd(chip, fk.ERROR) & fk.ERR_BUFFER_OVFL
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_ERR
    wr(chip, fk.COMMAND, fk.CMD_TRANSCEIVE)      # a new command clears the other errors only
    assert rd(chip, fk.ERROR) == fk.ERR_BUFFER_OVFL
    wr(chip, fk.FIFO_LEVEL, 0x80)
    assert rd(chip, fk.ERROR) == 0 and rd(chip, fk.FIFO_LEVEL) == 0


def test_a_command_start_clears_the_errors_of_the_last_frame():
    chip = make()
    field(chip)
    chip.add(fk.FakeCard(NTAG, boot_us=0))
    chip.corrupt_next("parity")
    irq, err, _ = exchange(chip, b"\x52", 7)
    assert irq & fk.IRQ_ERR and err == fk.ERR_PARITY
    wr(chip, fk.COMMAND, fk.CMD_TRANSCEIVE)
    assert rd(chip, fk.ERROR) == 0


def test_writing_the_fifo_while_an_answer_is_awaited_is_a_write_error():
    # 9.3.1.7 WrErr: data written "during the time between sending the last bit
    # on the RF interface and receiving the last bit on the RF interface".
    chip = make()
    field(chip)
    send(chip, b"\x52", 7)
    chip.bus.sleep(200)
    wr(chip, fk.FIFO_DATA, 0x00)
    assert rd(chip, fk.ERROR) & fk.ERR_WR


# --- CollReg (9.3.1.15) --------------------------------------------------------------

def test_a_collision_keeps_values_after_coll_and_a_clean_frame_resets_the_position():
    chip = make()
    field(chip)
    chip.add(fk.FakeCard(bytes.fromhex("04112233445566"), boot_us=0))
    chip.add(fk.FakeCard(bytes.fromhex("04112b33445566"), boot_us=0))
    exchange(chip, b"\x52", 7)
    irq, err, cl1 = exchange(chip, b"\x93\x20")
    assert irq & fk.IRQ_ERR and err & fk.ERR_COLL
    # CL1 = 88 04 11 22 vs 88 04 11 2B: the first difference is bit 0 of byte 3
    # (0x22 ^ 0x2B = 0x09), the 25th bit of the frame.
    assert rd(chip, fk.COLL) == 0x80 | 25        # ValuesAfterColl kept, CollPosNotValid 0
    assert cl1[:3] == b"\x88\x04\x11"
    wr(chip, fk.COLL, 0x00)                      # ValuesAfterColl 0: bits after it are cleared
    rewake(chip)
    irq, err, cl1 = exchange(chip, b"\x93\x20")
    assert cl1[3] == 0x01 and cl1[4] == 0x00
    assert rd(chip, fk.COLL) == 25
    chip.take(chip.cards[1])
    rewake(chip)                                 # one card: a clean frame
    assert rd(chip, fk.COLL) == 0x20             # CollPosNotValid, ValuesAfterColl still 0


# --- framing: CRC in hardware, bits, TxWaitRF (9.3.1.14, 9.3.2) ----------------------------

def test_tx_crc_en_appends_the_crc_a_and_rx_crc_en_checks_it():
    chip = make()
    field(chip)
    ready_card(chip, CLASSIC)
    wr(chip, fk.RX_MODE, 0x80)                   # RxCRCEn: the chip checks the card's CRC_A
    irq, err, cl1 = exchange(chip, b"\x93\x20")
    assert err == fk.ERR_CRC and len(cl1) == 5   # an anticollision answer has none
    wr(chip, fk.TX_MODE, 0x80)                   # TxCRCEn: the chip adds the CRC_A
    irq, err, sak = exchange(chip, b"\x93\x70" + cl1)
    assert irq & fk.IRQ_RX and err == 0
    assert sak[0] == 0x08 and chip.sent["SELECT"] == 1


def test_rx_crc_en_catches_a_spoilt_sak_crc():
    chip = make()
    field(chip)
    ready_card(chip, CLASSIC)
    irq, err, cl1 = exchange(chip, b"\x93\x20")
    wr(chip, fk.TX_MODE, 0x80)
    wr(chip, fk.RX_MODE, 0x80)
    chip.corrupt_next("crc")
    irq, err, sak = exchange(chip, b"\x93\x70" + cl1)
    assert irq & fk.IRQ_ERR and err == fk.ERR_CRC


def test_bit_oriented_anticollision_answers_the_remaining_bits_at_rx_align():
    # ISO 14443-3 6.4.3: with NVB 0x25 the reader sends 5 bits of UID CL1; the
    # card whose UID starts so answers the remaining 35 bits and stays READY.
    chip = make()
    field(chip)
    card = ready_card(chip, CLASSIC)             # CL1 3A 7F 0C 91 + BCC
    irq, err, got = exchange(chip, bytes([0x93, 0x25, 0x3A & 0x1F]), last_bits=5, align=5)
    assert irq & fk.IRQ_RX and err == 0
    assert got == bytes([0x3A & 0xE0, 0x7F, 0x0C, 0x91, 0x3A ^ 0x7F ^ 0x0C ^ 0x91])
    assert rd(chip, fk.CONTROL) & 7 == 0         # 5 + 35 = 40 bits: whole bytes
    assert card.state == fk.READY
    irq, err, got = exchange(chip, bytes([0x93, 0x25, 0x05]), last_bits=5, align=5)
    assert not irq & fk.IRQ_RX                   # not its UID: silent ...
    assert card.state == fk.READY                # ... and still READY
    irq, err, got = exchange(chip, b"\x93\x20")
    assert got[:4] == CLASSIC


def test_tx_wait_rf_holds_the_frame_until_the_field_is_on():
    # 9.3.2.2 ModeReg TxWaitRF: "transmitter can only be started if an RF field is generated".
    chip = make()
    wr(chip, fk.TX_ASK, 0x40)
    chip.add(fk.FakeCard(NTAG, boot_us=0))
    send(chip, b"\x52", 7)
    chip.bus.sleep(1000)
    assert rd(chip, fk.STATUS2) & 7 == fk.MODEM_TX_WAIT
    assert not rd(chip, fk.COM_IRQ) & fk.IRQ_TX
    wr(chip, fk.TX_CONTROL, 0x83)                # the field comes on: the frame goes
    chip.bus.sleep(1000)
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_TX and fifo(chip) == b"\x44\x00"


def test_without_tx_wait_rf_the_frame_goes_into_no_field():
    chip = make()
    wr(chip, fk.MODE, 0x1D)
    wr(chip, fk.TX_ASK, 0x40)
    send(chip, b"\x52", 7)
    chip.bus.sleep(1000)
    assert rd(chip, fk.COM_IRQ) & (fk.IRQ_TX | fk.IRQ_RX) == fk.IRQ_TX


# --- a second host: the other drivers' way of doing things -------------------------
# The project's driver (hal/rfid.py) is not the only way to talk to the chip. The
# MicroPython MFRC522 drivers published elsewhere mostly share another style: no wait
# after the soft reset, the timer as a fixed 15 ms window (TAuto, TPrescaler D3Eh,
# reload 30), a poll loop counted in reads rather than time, the FIFO read a byte at
# a time with RxLastBits from ControlReg, and SELECT's CRC_A from the chip's own
# CalcCRC polled on DivIrqReg. This host, written here from the datasheet in that
# style, must read the same cards, and find nothing on an empty reader, as it would
# with a chip.

class CountingHost:
    """A host in the style of the other MicroPython drivers (see above)."""

    def __init__(self, chip):
        self.chip = chip
        wr(chip, fk.COMMAND, fk.CMD_SOFT_RESET)  # and straight on, as they do
        wr(chip, fk.T_MODE, 0x8D)                # TAuto, TPrescaler_Hi Dh
        wr(chip, fk.T_PRESCALER, 0x3E)
        wr(chip, fk.T_RELOAD_L, 30)
        wr(chip, fk.T_RELOAD_H, 0)
        wr(chip, fk.TX_ASK, 0x40)
        wr(chip, fk.MODE, 0x3D)
        wr(chip, fk.TX_CONTROL, rd(chip, fk.TX_CONTROL) | 0x03)

    def transceive(self, data, last_bits=0):
        """``(bytes, bits of the last byte)``, or None: nothing answered (the timer ran
        out), or the answer was spoilt (ErrorReg)."""
        chip = self.chip
        wr(chip, fk.COM_IEN, 0xF7)
        wr(chip, fk.COM_IRQ, 0x7F)               # Set1 = 0: clear every flag
        wr(chip, fk.COMMAND, fk.CMD_IDLE)
        wr(chip, fk.FIFO_LEVEL, 0x80)
        for b in data:                           # byte by byte, as they write it
            wr(chip, fk.FIFO_DATA, b)
        wr(chip, fk.COMMAND, fk.CMD_TRANSCEIVE)
        wr(chip, fk.BIT_FRAMING, 0x80 | last_bits)
        n = 0
        for _ in range(2000):                    # a loop counted in reads, not in time
            n = rd(chip, fk.COM_IRQ)
            if n & (fk.IRQ_RX | fk.IRQ_IDLE | fk.IRQ_TIMER):
                break
        wr(chip, fk.BIT_FRAMING, rd(chip, fk.BIT_FRAMING) & 0x7F)
        if not n & (fk.IRQ_RX | fk.IRQ_IDLE) or rd(chip, fk.ERROR) & 0x1B:
            return None
        count = rd(chip, fk.FIFO_LEVEL)
        got = bytes([rd(chip, fk.FIFO_DATA) for _ in range(count)])
        return got, rd(chip, fk.CONTROL) & 7 or 8

    def crc(self, data):
        """CRC_A of ``data`` from the chip's coprocessor (CalcCRC, 10.3.1.4)."""
        chip = self.chip
        wr(chip, fk.COMMAND, fk.CMD_IDLE)
        wr(chip, fk.DIV_IRQ, 0x04)               # Set2 = 0: clear CRCIRq
        wr(chip, fk.FIFO_LEVEL, 0x80)
        for b in data:
            wr(chip, fk.FIFO_DATA, b)
        wr(chip, fk.COMMAND, fk.CMD_CALC_CRC)
        for _ in range(255):
            if rd(chip, fk.DIV_IRQ) & fk.IRQ_CRC:
                break
        wr(chip, fk.COMMAND, fk.CMD_IDLE)
        return bytes([rd(chip, fk.CRC_RESULT_L), rd(chip, fk.CRC_RESULT_H)])

    def uid(self):
        """The UID of the one card in the field (REQA, then anticollision and SELECT per
        cascade level), or None."""
        atqa = self.transceive(b"\x26", 7)
        if atqa is None or len(atqa[0]) != 2:
            return None
        uid = b""
        for sel in (0x93, 0x95, 0x97):
            got = self.transceive(bytes([sel, 0x20]))
            if got is None or len(got[0]) != 5:
                return None
            part = got[0]
            if part[0] ^ part[1] ^ part[2] ^ part[3] != part[4]:
                return None
            frame = bytes([sel, 0x70]) + part
            sak = self.transceive(frame + self.crc(frame))
            if sak is None or len(sak[0]) != 3:
                return None
            if part[0] == 0x88:                  # the cascade tag: more UID to come
                uid += part[1:4]
                continue
            return uid + part[:4]
        return None


def _read_within(host, tries):
    for _ in range(tries):                       # a card needs the field for a while first
        got = host.uid()
        if got is not None:
            return got
    return None


def test_a_host_in_the_other_drivers_style_reads_a_4_and_a_7_byte_uid():
    for uid in (CLASSIC, NTAG):
        chip = make()
        chip.add(fk.FakeCard(uid))
        host = CountingHost(chip)
        assert _read_within(host, 10) == uid


def test_that_host_finds_no_card_on_an_empty_reader_through_the_timer():
    chip = make()
    host = CountingHost(chip)
    t = chip.bus.now
    assert host.transceive(b"\x26", 7) is None
    assert rd(chip, fk.COM_IRQ) & fk.IRQ_TIMER   # the 15 ms window ran out ...
    assert chip.bus.now - t >= 15000             # ... on the bus's own clock
