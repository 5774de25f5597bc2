"""The maker documentation matches the profiles and the code it describes."""

import importlib.util
import json
import math
import re
import tomllib
from pathlib import Path

import pytest

from teebox import profile as profiles
from teebox.hal.leds import CHANNEL_MA, SimLeds
from tools import led_chain_svg, wiring_svg

ROOT = Path(__file__).resolve().parents[1]
HARDWARE = ROOT / "hardware"
PROFILE_FILES = sorted((HARDWARE / "profiles").glob("*.json"))
README = (HARDWARE / "README.md").read_text()


def test_committed_led_chain_picture_is_what_the_generator_makes_now():
    committed = (HARDWARE / "led-chain.svg").read_text()
    assert committed == led_chain_svg.render(profiles.load_named(profiles.DEFAULT)), (
        "hardware/led-chain.svg is stale: run python -m tools.led_chain_svg")


def test_the_picture_numbers_every_led_and_draws_the_chain():
    svg = led_chain_svg.render(profiles.load_named(profiles.DEFAULT))
    labels = re.findall(r'<text class="n" [^>]*>(\d+)</text>', svg)
    assert sorted(int(n) for n in labels) == list(range(384))
    assert svg.count('<polygon class="cell"') == 384
    assert svg.count('<polygon class="dir"') == 383  # one arrow per link of the chain
    assert "top-left corner" in svg and "DIN" in svg


def test_generator_check_mode_spots_a_stale_picture(tmp_path, capsys):
    out = tmp_path / "chain.svg"
    out.write_text("<svg/>")
    assert led_chain_svg.main(["--check", "--out", str(out)]) == 1
    assert "out of date" in capsys.readouterr().out
    assert led_chain_svg.main(["--out", str(out)]) == 0
    assert led_chain_svg.main(["--check", "--out", str(out)]) == 0


def test_the_shipped_profiles_are_the_documented_ones():
    assert [p.stem for p in PROFILE_FILES] == ["pi-blinka-24x16", "pico-24x16", "pico2-24x16"]
    for path in PROFILE_FILES:
        assert f"`profiles/{path.name}`" in README


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_every_profile_file_validates(path):
    p = profiles.load_named(path.stem)
    assert (p.width, p.height, p.led_count) == (24, 16, 384)
    assert p.budget_ma >= p.led_count


def readme_wiring(name, header=False):
    """{gpio: 'connects to' text} from the README's wiring table for a profile file
    ({gpio: header pin} with ``header``); a section that says to wire a board
    "exactly as" another profile gives that profile's table."""
    section = README.split(f"### `{name}`", 1)[1].split("\n#", 1)[0]
    same = re.search(r"wire it exactly as `([\w.-]+\.json)`", section)
    if same:
        return readme_wiring(same.group(1), header)
    rows = {}
    for m in re.finditer(r"^\| GP(?:IO)?(\d+) \| (\d+) \| (.+) \|$", section, re.M):
        rows[int(m.group(1))] = int(m.group(2)) if header else m.group(3)
    return rows


def profile_parts(path):
    """{gpio: label the README must use} for everything a profile wires."""
    d = json.loads(path.read_text())
    parts = {d["leds"]["pin"]: "LED data"}
    for name, pin in d["buttons"].items():
        parts[pin] = f"button {name}"
    for r in d["readers"]:
        for role in ("sck", "mosi", "miso", "cs", "rst"):
            parts[r[role]] = f"reader {r['seat']} {role.upper()}"
    if d["display"]:
        parts[d["display"]["sda"]] = "OLED SDA"
        parts[d["display"]["scl"]] = "OLED SCL"
    return parts


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_readme_wiring_table_matches_the_profile(path):
    table = readme_wiring(path.name)
    parts = profile_parts(path)
    assert set(table) == set(parts), "pins in the README table differ from the profile"
    for pin, label in parts.items():
        assert table[pin].startswith(label), f"GPIO {pin}: README says {table[pin]!r}"


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_readme_header_pins_are_the_boards_own(path):
    board = json.loads(path.read_text())["board"]
    for gpio, pin in readme_wiring(path.name, header=True).items():
        assert wiring_svg.HEADERS[board][gpio] == pin, f"GPIO {gpio} is not header pin {pin}"


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_committed_wiring_pictures_are_what_the_generator_makes_now(path):
    committed = (HARDWARE / f"wiring-{path.stem}.svg").read_text()
    assert committed == wiring_svg.render(profiles.load_named(path.stem)), (
        f"hardware/wiring-{path.stem}.svg is stale: run python -m tools.wiring_svg")
    assert f"](wiring-{path.stem}.svg)" in README


@pytest.mark.parametrize("path", PROFILE_FILES, ids=lambda p: p.stem)
def test_the_wiring_picture_draws_every_pin_of_the_profile_with_its_part(path):
    svg = wiring_svg.render(profiles.load_named(path.stem))
    drawn = {int(g): part for g, part in re.findall(r'<g class="row" data-gpio="(\d+)" data-part="([^"]+)"', svg)}
    assert drawn == profile_parts(path)
    assert "GND" in svg and "3V3" in svg


def test_a_shared_reader_pin_is_drawn_once_for_all_its_readers():
    d = json.loads((HARDWARE / "profiles" / "pico-24x16.json").read_text())
    d["readers"].append({"seat": 1, "spi": 0, "sck": 18, "mosi": 19, "miso": 16, "cs": 21, "rst": 20})
    svg = wiring_svg.render(profiles.load(json.dumps(d)))
    assert svg.count('data-part="reader 0+1 SCK"') == 1
    assert 'data-gpio="21" data-part="reader 1 CS"' in svg
    assert "GP21 · pin 27" in svg


def test_wiring_generator_check_mode_spots_a_stale_picture(tmp_path, capsys):
    out = tmp_path / "wiring.svg"
    out.write_text("<svg/>")
    args = ["--profile", "pico2-24x16", "--out", str(out)]
    assert wiring_svg.main(["--check"] + args) == 1
    assert "out of date" in capsys.readouterr().out
    assert wiring_svg.main(args) == 0
    assert wiring_svg.main(["--check"] + args) == 0


def test_the_fuse_in_the_parts_list_and_the_pictures_follows_the_supply():
    p = profiles.load_named(profiles.DEFAULT)
    amps = wiring_svg.fuse_amps(p.supply_ma)
    assert amps == 5
    assert f"inline fuse holder + {amps} A fuse" in README
    assert f"{amps} A fuse" in wiring_svg.render(p)


def test_readme_mechanical_figures_follow_from_the_strip_pitch():
    p = profiles.load_named(profiles.DEFAULT)
    pitch = 1000 / 30                       # a 30 LEDs/m strip
    row = pitch * math.sqrt(3) / 2          # row spacing of a regular hex grid
    corner = 2 * pitch / math.sqrt(3)       # a cell from corner to corner
    assert f"**Hex pitch: {pitch:.1f} mm.**" in README
    assert f"**Row spacing: {row:.1f} mm**" in README
    assert f"{corner:.1f} mm from corner to corner" in README
    width = (p.width + 0.5) * pitch
    height = (p.height - 1) * row + corner
    assert f"about {width:.0f} x {height:.0f} mm for {p.width} x {p.height} cells" in README
    reels = math.ceil(p.height / (150 // p.width))
    assert f"{reels} reels make the table with {reels * 150 - p.led_count} spares" in README


def test_readme_pi_build_installs_the_pi_extra_and_names_its_packages():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"]
    names = [re.match(r"[\w.-]+", req).group(0) for req in extra]
    assert names == ["adafruit-blinka", "adafruit-circuitpython-neopixel",
                     "adafruit-circuitpython-framebuf", "rpi_ws281x"]
    notes = README.split("Notes for the Pi:", 1)[1]
    for name in names:
        assert f"`{name}`" in notes
    assert "pip install '.[pi]'" in README and "`teebox[pi]`" in README
    assert "dtoverlay=spi0-0cs" in README
    # The Pi's picture says so at the reader's chip-select, which is SPI0's CE0.
    pi = profiles.load_named("pi-blinka-24x16")
    assert pi.readers[0]["cs"] == 8
    assert "RC522 SDA (chip-select), SPI0, needs dtoverlay=spi0-0cs" in wiring_svg.render(pi)


def test_readme_power_figures_come_from_the_limiter():
    p = profiles.load_named(profiles.DEFAULT)
    leds = SimLeds(p.led_count, p.led_order, p.brightness, p.budget_ma)
    white = bytearray(b"\xff" * (3 * p.led_count))
    green = bytearray(bytes((40, 160, 40)) * p.led_count)
    assert f"384 x {3 * CHANNEL_MA} mA = 23 040 mA" in README and 384 * 3 * CHANNEL_MA == 23040
    assert f"a budget of **{p.budget_ma} mA for the LEDs**" in README
    assert f"= {leds.estimate_ma(white) / 1000:.1f} A, and an ordinary" in README
    assert f"RGB 40,160,40) is about {leds.estimate_ma(green) / 1000:.1f} A" in README
    leds.show(white)
    assert leds.last_ma <= p.budget_ma
    assert f"at about {round(100 * leds.buf[0] / p.brightness)} % of the cap" in README


def test_readme_explicit_chain_example_snakes_up_and_down_the_columns():
    m = re.search(r'A 3 x 2 table .*? `"chain": (\[[^\]]+\])`', README, re.S)
    d = json.loads((HARDWARE / "profiles" / "pico-24x16.json").read_text())
    d["grid"] = {"width": 3, "height": 2}
    d["leds"].update(count=6, chain=json.loads(m.group(1)))
    p = profiles.load(json.dumps(d))
    assert [p.cell_of_led(i) for i in range(6)] == [(0, 1), (0, 0), (1, 0), (1, 1), (2, 1), (2, 0)]


def test_the_firmware_tests_use_the_shipped_profiles():
    # tests/firmware/fake_hardware.py carries copies (MicroPython cannot read hardware/).
    spec = importlib.util.spec_from_file_location(
        "fake_hardware_copy", ROOT / "tests" / "firmware" / "fake_hardware.py")
    fakes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fakes)
    for copy, name in ((fakes.PICO, "pico-24x16"), (fakes.PI, "pi-blinka-24x16")):
        shipped = json.loads((HARDWARE / "profiles" / f"{name}.json").read_text())
        assert {k: v for k, v in copy.items() if k != "name"} == \
            {k: v for k, v in shipped.items() if k != "name"}, name
