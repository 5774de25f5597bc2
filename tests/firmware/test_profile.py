# Board profiles: loading, LED chain tables, and every validation error.
# Runs under CPython and inside MicroPython (profiles are built here, not read from hardware/).
import json

from fwtest import raises

from teebox import profile as P

from fake_hardware import PICO as BASE, PI, profile_dict


def base():
    return profile_dict(BASE)


def problems_of(d):
    """The problems a profile dict is refused with."""
    err = raises(P.ProfileError, P.load, json.dumps(d), "test.json")
    assert "test.json" in str(err)
    for problem in err.problems:
        assert problem in str(err)
    return err.problems


def only_problem(d):
    problems = problems_of(d)
    assert len(problems) == 1, problems
    return problems[0]


def small(width, height, chain, start="top-left"):
    d = base()
    d["grid"] = {"width": width, "height": height}
    d["leds"]["count"] = width * height
    d["leds"]["chain"] = chain
    d["leds"]["start"] = start
    return P.load(json.dumps(d))


def test_the_default_layout_loads_with_every_field():
    p = P.load(json.dumps(BASE))
    assert (p.name, p.board, p.width, p.height, p.cells) == ("test table", "rp2-pico", 24, 16, 384)
    assert (p.led_pin, p.led_count, p.led_order, p.chain, p.start) == (
        0, 384, "GRB", "serpentine-rows", "top-left")
    assert p.button_pins == (2, 3, 4, 5, 6, 7, 8, 9)
    assert p.readers[0]["cs"] == 17 and p.display["address"] == 60
    assert (p.supply_ma, p.reserve_ma, p.budget_ma, p.brightness) == (4000, 500, 3500, 128)


def test_serpentine_from_top_left_snakes_east_then_west():
    p = P.load(json.dumps(BASE))
    assert p.led_index(0, 0) == 0 and p.led_index(23, 0) == 23
    assert p.led_index(23, 1) == 24 and p.led_index(0, 1) == 47
    assert p.led_index(0, 2) == 48 and p.led_index(0, 15) == 383
    assert p.cell_of_led(24) == (23, 1)
    for led in range(p.led_count):
        col, row = p.cell_of_led(led)
        assert p.led_index(col, row) == led


def test_serpentine_from_the_other_corners():
    p = small(3, 2, "serpentine-rows", "top-right")
    assert [p.cell_of_led(i) for i in range(6)] == [(2, 0), (1, 0), (0, 0), (0, 1), (1, 1), (2, 1)]
    p = small(3, 2, "serpentine-rows", "bottom-left")
    assert [p.cell_of_led(i) for i in range(6)] == [(0, 1), (1, 1), (2, 1), (2, 0), (1, 0), (0, 0)]
    p = small(3, 2, "serpentine-rows", "bottom-right")
    assert p.cell_of_led(0) == (2, 1) and p.cell_of_led(5) == (2, 0)


def test_rows_and_columns_chains_correct_a_strip_wired_another_way():
    # Every row's strip wired back to the west side: each row starts there.
    p = small(3, 2, "rows")
    assert [p.cell_of_led(i) for i in range(6)] == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    p = small(3, 2, "rows", "bottom-right")
    assert [p.cell_of_led(i) for i in range(6)] == [(2, 1), (1, 1), (0, 1), (2, 0), (1, 0), (0, 0)]
    # Strips laid north-south: down column 0, up column 1, ...
    p = small(3, 2, "serpentine-columns")
    assert [p.cell_of_led(i) for i in range(6)] == [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1)]
    p = small(3, 2, "columns", "top-right")
    assert [p.cell_of_led(i) for i in range(6)] == [(2, 0), (2, 1), (1, 0), (1, 1), (0, 0), (0, 1)]
    for chain in P.CHAINS:
        for start in P.STARTS:
            p = small(4, 3, chain, start)
            assert sorted(p.led_index(c, r) for c in range(4) for r in range(3)) == list(range(12))


def test_an_explicit_chain_lists_the_led_of_each_cell():
    p = small(3, 2, [5, 4, 3, 0, 1, 2])
    assert p.chain == "explicit"
    assert p.led_index(0, 0) == 5 and p.led_index(0, 1) == 0
    assert p.cell_of_led(3) == (2, 0)


def test_cells_and_leds_outside_the_table_are_refused():
    p = P.load(json.dumps(BASE))
    err = raises(ValueError, p.led_index, 24, 0)
    assert "(24,0)" in str(err) and "24 x 16" in str(err)
    err = raises(ValueError, p.cell_of_led, 384)
    assert "LED 384" in str(err)


def test_every_problem_is_reported_at_once_naming_its_field():
    d = base()
    d["board"] = "esp32"
    d["power"]["brightness"] = 0
    problems = problems_of(d)
    assert len(problems) == 2
    assert problems[0].startswith("board: ") and problems[1].startswith("power.brightness: ")


def test_not_json_at_all():
    err = raises(P.ProfileError, P.load, "{'board': 1", "broken.json")
    assert err.problems[0].startswith("(file): not valid JSON")
    assert "broken.json" in str(err)


def test_deeply_nested_json_is_refused_with_a_clear_error():
    """Issue 15: a deeply nested /profile.json ended in a RecursionError traceback."""
    for levels in (17, 5000):
        err = raises(P.ProfileError, P.load, '{"leds": %s}' % ("[" * levels + "]" * levels),
                     "profile.json")
        assert err.problems == ["(file): lists [...] and objects {...} are nested more than "
                                "16 deep inside one another; no Teebox file nests that deep "
                                "(look for stray brackets)"]
        assert "profile.json" in str(err)


def test_unknown_board():
    d = base()
    d["board"] = "esp32"
    assert only_problem(d) == ('board: unknown board "esp32" '
                               '(use one of: rp2-pico, blinka, circuitpython)')


def test_missing_fields():
    d = base()
    del d["power"]
    assert only_problem(d) == "power: missing"
    d = base()
    del d["leds"]["count"]
    assert only_problem(d) == "leds.count: missing"
    d = base()
    del d["display"]
    assert only_problem(d).startswith("display: missing (use null")
    d = base()
    del d["name"]
    assert only_problem(d) == "name: missing"
    d = base()
    del d["leds"]["chain"]
    assert only_problem(d) == "leds.chain: missing"


def test_a_table_without_display_is_fine():
    d = base()
    d["display"] = None
    assert P.load(json.dumps(d)).display is None


def test_wrong_types():
    err = raises(P.ProfileError, P.load, "[1, 2]")
    assert err.problems == ["(top level): must be an object {...}"]
    d = base()
    d["name"] = ""
    assert only_problem(d) == "name: must be a non-empty text"
    d = base()
    d["readers"].append(17)
    assert only_problem(d) == "readers[1]: must be an object {...}, not 17"
    d = base()
    d["power"]["supply_ma"] = "4A"
    assert only_problem(d) == 'power.supply_ma: must be a whole number, not "4A"'
    d = base()
    d["grid"] = [24, 16]
    assert only_problem(d).startswith("grid: must be an object")
    d = base()
    d["readers"] = {"seat": 0}
    assert only_problem(d).startswith("readers: must be a list")


def test_a_table_without_a_card_reader_is_refused():
    # Every round each player lays a club card on a reader: no reader, no game.
    d = base()
    d["readers"] = []
    assert only_problem(d).startswith("readers: no card reader listed: the players lay their "
                                      "club cards on one")


def test_a_pin_used_twice():
    d = base()
    d["buttons"]["NE"] = 0
    assert only_problem(d) == "buttons.NE: pin 0 is also used by leds.pin"
    d = base()
    d["display"]["scl"] = 3
    d["display"]["sda"] = 2
    problems = problems_of(d)
    assert "display.sda: pin 2 is also used by buttons.E" in problems


def test_readers_share_the_spi_bus_and_reset_but_not_chip_select():
    d = base()
    second = dict(d["readers"][0])
    second["seat"] = 1
    second["cs"] = 21
    d["readers"].append(second)
    p = P.load(json.dumps(d))
    assert [r["cs"] for r in p.readers] == [17, 21]
    second["cs"] = 17
    assert only_problem(d) == "readers[1].cs: pin 17 is also used by readers[0].cs"
    second["cs"] = 21
    second["mosi"] = 18  # the first reader's SCK: same pin, different job
    assert "readers[1].mosi: pin 18 is also used by readers[0].sck" in problems_of(d)


def test_a_reader_pin_taken_by_a_button():
    d = base()
    d["readers"][0]["rst"] = 9
    assert only_problem(d) == "readers[0].rst: pin 9 is also used by buttons.BACK"


def test_a_pin_the_board_does_not_have():
    d = base()
    d["buttons"]["OK"] = 25
    assert only_problem(d) == "buttons.OK: GPIO 25 is not a usable pin on a rp2-pico"


def test_spi_and_i2c_pins_must_suit_their_bus():
    d = base()
    d["readers"][0]["sck"] = 10  # SCK of SPI1, not SPI0
    assert only_problem(d) == "readers[0].sck: GPIO 10 cannot be SCK of SPI0 on a rp2-pico (use 2 or 6 or 18 or 22)"
    d = base()
    d["display"]["i2c"] = 0
    problems = problems_of(d)
    assert problems[0] == "display.sda: GPIO 14 cannot be SDA of I2C0 on a rp2-pico (use 0 or 4 or 8 or 12 or 16 or 20 or 28)"


def pi():
    """The Raspberry Pi (Blinka) build of the same table, BCM pin numbers."""
    return profile_dict(PI)


def test_a_raspberry_pi_drives_leds_only_from_pwm_pcm_or_spi_pins():
    d = pi()
    assert P.load(json.dumps(d)).board == "blinka"
    d["leds"]["pin"] = 17
    assert only_problem(d) == ("leds.pin: a Raspberry Pi drives WS2812B only from GPIO "
                               "10, 12, 18, 21, not 17")


def test_a_raspberry_pi_has_its_buses_on_fixed_pins():
    d = pi()
    d["readers"][0]["sck"] = 14
    assert only_problem(d) == "readers[0].sck: GPIO 14 cannot be SCK of SPI0 on a blinka (use 11)"


def test_led_count_must_match_the_grid():
    d = base()
    d["leds"]["count"] = 380
    assert only_problem(d) == "leds.count: 380 LEDs, but the 24 x 16 grid has 384 cells (one LED per cell)"


def test_explicit_chain_errors_name_the_cell_and_led():
    d = base()
    d["grid"] = {"width": 3, "height": 2}
    d["leds"]["count"] = 6
    d["leds"]["chain"] = [0, 1, 2, 3, 4]
    assert only_problem(d) == "leds.chain: lists 5 cells, but the 3 x 2 grid has 6"
    d["leds"]["chain"] = [0, 1, 2, 3, 4, 9]
    assert only_problem(d) == "leds.chain[5] (cell 2,1): LED 9 does not exist (0 to 5)"
    d["leds"]["chain"] = [0, 1, 2, 3, 4, "5"]
    assert only_problem(d) == 'leds.chain[5] (cell 2,1): must be an LED number, not "5"'


def test_explicit_chain_names_the_first_duplicate_and_the_missing_led():
    d = base()
    d["grid"] = {"width": 3, "height": 2}
    d["leds"]["count"] = 6
    d["leds"]["chain"] = [0, 1, 5, 1, 4, 5]
    assert only_problem(d) == ("leds.chain[3] (cell 0,1): LED 1 is already under cell 1,0, "
                               "and LED 2 is under no cell: each LED lights exactly one cell")


def test_unknown_chain_order_and_start():
    d = base()
    d["leds"]["chain"] = "zigzag"
    assert only_problem(d) == ('leds.chain: unknown chain "zigzag" (use serpentine-rows or rows '
                               'or serpentine-columns or columns, or a list of the LED under '
                               'each cell, row-major)')
    d = base()
    d["leds"]["order"] = "RGBW"
    assert only_problem(d) == 'leds.order: colour order must be R, G and B in some order (WS2812B: GRB), not "RGBW"'
    d = base()
    d["leds"]["start"] = "middle"
    assert only_problem(d).startswith('leds.start: unknown start "middle"')
    d = base()
    del d["leds"]["start"]
    assert P.load(json.dumps(d)).start == "top-left"


def test_power_budget_below_the_idle_current_of_the_leds():
    d = base()
    d["power"]["supply_ma"] = 800
    assert only_problem(d) == ("power.supply_ma: 800 mA - 500 mA reserve leaves 300 mA for the "
                               "LEDs, less than the 384 mA that 384 dark LEDs draw")


def test_brightness_out_of_range():
    for bad in (0, 256, -1):
        d = base()
        d["power"]["brightness"] = bad
        assert only_problem(d) == "power.brightness: %d is out of range (1 to 255)" % bad


def test_buttons_missing_or_unknown():
    d = base()
    del d["buttons"]["OK"]
    del d["buttons"]["BACK"]
    assert only_problem(d) == ("buttons: missing OK, BACK: the table needs all eight "
                               "(E NE NW W SW SE OK BACK)")
    d = base()
    d["buttons"]["UP"] = 10
    assert only_problem(d) == "buttons.UP: unknown button (use E NE NW W SW SE OK BACK)"


def test_two_readers_for_one_seat():
    d = base()
    second = dict(d["readers"][0])
    second["cs"] = 21
    d["readers"].append(second)
    assert only_problem(d) == "readers[1].seat: seat 0 already has readers[0]"


def test_a_missing_named_profile_says_where_it_looked():
    err = raises(P.ProfileError, P.load_named, "no-such-table")
    assert '"no-such-table"' in str(err) and "hardware/profiles/no-such-table.json" in str(err)


# ---------------------------------------------------------------- pin names


def test_pico_and_pi_pins_may_be_given_by_their_names():
    # "GP2" is how a Pico's pinout names GPIO 2; "D18" is Blinka's name for BCM 18.
    d = base()
    d["buttons"]["E"] = "GP2"
    d["leds"]["pin"] = "GP0"
    p = P.load(json.dumps(d))
    assert p.button_pins[0] == 2 and p.led_pin == 0 and not p.circuitpython
    d = pi()
    d["leds"]["pin"] = "D18"
    d["readers"][0]["sck"] = "D11"
    p = P.load(json.dumps(d))
    assert p.led_pin == 18 and p.readers[0]["sck"] == 11 and p.circuitpython
    # A name is checked like its number: "D17" cannot drive the LEDs, "GP2" is taken.
    d["leds"]["pin"] = "D17"
    assert only_problem(d) == ("leds.pin: a Raspberry Pi drives WS2812B only from GPIO "
                               "10, 12, 18, 21, not 17")
    d = base()
    d["buttons"]["NE"] = "GP2"
    assert only_problem(d) == "buttons.NE: pin 2 is also used by buttons.E"


def test_a_pin_name_of_another_board_is_refused():
    d = base()
    d["buttons"]["E"] = "D2"
    assert only_problem(d) == 'buttons.E: unknown pin "D2" (use a GPIO number, or GPN)'
    d = pi()
    d["buttons"]["E"] = "GP5"
    assert only_problem(d) == 'buttons.E: unknown pin "GP5" (use a GPIO number, or DN)'


def circuitpython():
    """The same table on a board running CircuitPython: pins named as its board module
    names them (here a Pico under CircuitPython)."""
    d = base()
    d["board"] = "circuitpython"
    d["leds"]["pin"] = "GP0"
    d["buttons"] = {"E": "GP2", "NE": "GP3", "NW": "GP4", "W": "GP5", "SW": "GP6",
                    "SE": "GP7", "OK": "GP8", "BACK": "GP9"}
    d["readers"][0].update({"sck": "GP18", "mosi": "GP19", "miso": "GP16", "cs": "GP17",
                            "rst": "GP20"})
    d["display"].update({"sda": "GP14", "scl": "GP15"})
    return d


def test_a_circuitpython_board_names_its_pins():
    p = P.load(json.dumps(circuitpython()))
    assert p.board == "circuitpython" and p.circuitpython
    assert p.led_pin == "GP0" and p.button_pins == ("GP2", "GP3", "GP4", "GP5", "GP6", "GP7",
                                                   "GP8", "GP9")
    assert p.readers[0]["cs"] == "GP17" and p.display["sda"] == "GP14"


def test_circuitpython_pins_must_be_names_and_used_once():
    d = circuitpython()
    d["buttons"]["E"] = 2
    d["buttons"]["NE"] = "GP 3"
    d["buttons"]["NW"] = "GP0"
    assert problems_of(d) == [
        'buttons.E: must name a pin of the board module, e.g. "GP2" or "D5", not 2',
        'buttons.NE: must name a pin of the board module, e.g. "GP2" or "D5", not "GP 3"',
        "buttons.NW: pin GP0 is also used by leds.pin"]


def test_a_pin_name_the_board_lacks_is_named_at_start_up():
    import fake_hardware as fh
    p = P.load(json.dumps(circuitpython()))
    with fh.installed(board=fh.FakeBoard):  # Blinka's pins: D0 to D27, no GP names
        err = raises(ValueError, p.pin, "GP0")
    assert str(err).startswith("this board has no pin GP0: use a name from its board "
                               "module (D0 D1 ")
    with fh.installed(board=fh.FakeBoard):
        assert P.load(json.dumps(pi())).pin(18) == "board.D18"


def test_a_circuitpython_board_drives_leds_and_buttons_by_its_pin_names():
    import fake_hardware as fh
    from teebox.hal import buttons, leds
    from teebox.hal.clock import SimClock

    class PicoBoard:
        """A Pico's board module under CircuitPython: pins named GP0 to GP28."""

    for n in range(29):
        setattr(PicoBoard, "GP%d" % n, "board.GP%d" % n)
    p = P.load(json.dumps(circuitpython()))
    fh.FakeDigitalInOut.created = []
    fh.FakeAdafruitNeoPixel.created = []
    with fh.installed(board=PicoBoard, digitalio=fh.FakeDigitalio,
                      neopixel=fh.FakeAdafruitNeopixelModule):
        strip = leds.from_profile(p)
        buttons.from_profile(p, SimClock())
    assert isinstance(strip, leds.BlinkaLeds)
    assert fh.FakeAdafruitNeoPixel.created[0].pin == "board.GP0"
    assert [io.pin for io in fh.FakeDigitalInOut.created] == [
        "board.GP%d" % n for n in range(2, 10)]
    assert [io.pull for io in fh.FakeDigitalInOut.created] == ["up"] * 8
