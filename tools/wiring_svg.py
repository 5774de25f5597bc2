"""Draw the wiring of a board profile as an SVG: each board pin, the wire, the part it goes to.

    python -m tools.wiring_svg            # regenerate hardware/wiring-NAME.svg for every shipped profile
    python -m tools.wiring_svg --check    # exit 1 if a committed picture is stale
    python -m tools.wiring_svg --profile my-table --out my-table-wiring.svg

Plain string building, no dependencies; the output depends only on the
profile, so the committed pictures can be checked against the generator.
"""

import argparse
import math
import sys
from pathlib import Path

from teebox import profile as profiles
from tools.led_chain_svg import ROOT

HARDWARE = ROOT / "hardware"

# Header pin of each GPIO: the Pico's 40-pin edge (Pico 2 the same), the Pi's 40-pin header (BCM).
PICO_HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
               12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
               22: 29, 26: 31, 27: 32, 28: 34}
PI_HEADER = {0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23,
             12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40,
             22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13}
HEADERS = {"rp2-pico": PICO_HEADER, "blinka": PI_HEADER}

# SPI0's own chip-selects on a Pi: the kernel claims them unless config.txt has spi0-0cs.
PI_CE_PINS = (7, 8)

# Power pins the drawing shows besides the profile's GPIOs: (pin label, where it goes).
POWER = {
    "rp2-pico": (("VSYS · pin 39", "5 V bus through the Schottky diode (stripe towards the board)"),
                 ("3V3(OUT) · pin 36", "VCC of every reader and the OLED (3.3 V only)"),
                 ("GND · pin 38", "GND of the supply, LEDs, level shifter, readers, OLED")),
    "blinka": (("5V · USB", "the Pi's own official supply, not the LED supply"),
               ("3V3 · pin 1", "VCC of every reader and the OLED (3.3 V only)"),
               ("GND · pin 6", "GND of the supply, LEDs, level shifter, readers, OLED")),
    "circuitpython": (("3V3", "VCC of every reader and the OLED (3.3 V only)"),
                      ("GND", "GND of the supply, LEDs, level shifter, readers, OLED")),
}

COLOURS = {"LED data": "#1e7b34", "buttons": "#2c5d9e", "readers": "#8e44ad",
           "display": "#b9770e", "power": "#c0392b"}
ROW = 20.0
TOP = 64.0
BOARD_X, BOARD_W = 20.0, 210.0
PART_X, PART_W = 400.0, 480.0
WIDTH = PART_X + PART_W + 20.0


def fuse_amps(supply_ma):
    """The fuse for a supply: about 1.25 times its current, rounded up to whole amps."""
    return math.ceil(supply_ma * 1.25 / 1000)


def pin_label(p, n):
    """How the board calls a pin: "GP17 · pin 22" on a Pico, "GPIO8 · pin 24" on a Pi."""
    header = HEADERS.get(p.board)
    if header is None:
        return str(n)
    prefix = "GP" if p.board == "rp2-pico" else "GPIO"
    return "%s%d · pin %d" % (prefix, n, header[n])


def groups(p):
    """[(group, [(pin, part label, what the wire goes to)])] for everything the profile wires."""
    leds = [(p.led_pin, "LED data",
             "74AHCT125 1A; 1Y through 330-470 ohm to DIN of LED 0 (%d LEDs, %s)"
             % (p.led_count, p.led_order))]
    buttons = [(p.buttons[name], "button " + name, "button %s, other leg to GND (pull-up on)" % name)
               for name in sorted(p.buttons, key=lambda k: p.buttons[k])]
    roles = {}
    for r in p.readers:
        for role in ("sck", "mosi", "miso", "cs", "rst"):
            if r[role] is not None:
                roles.setdefault((r[role], role), []).append(r["seat"])
    readers = []
    for (pin, role), seats in sorted(roles.items(), key=lambda kv: (kv[1][0], kv[0][0])):
        who = "reader " + "+".join(str(s) for s in seats)
        module_pin = "SDA (chip-select)" if role == "cs" else role.upper()
        bus = "" if role == "rst" else ", SPI%d" % p.readers[0]["spi"]
        if role == "cs" and p.board == "blinka" and pin in PI_CE_PINS:
            bus += ", needs dtoverlay=spi0-0cs"
        readers.append((pin, "%s %s" % (who, role.upper()),
                        "%s: RC522 %s%s%s" % (who, module_pin, bus,
                                              ", shared" if len(seats) > 1 else "")))
    out = [("LED data", leds), ("buttons", buttons), ("readers", readers)]
    if p.display:
        d = p.display
        out.append(("display", [(d["sda"], "OLED SDA", "SSD1306 SDA, I2C%d, address 0x%02X"
                                 % (d["i2c"], d["address"])),
                                (d["scl"], "OLED SCL", "SSD1306 SCL, I2C%d" % d["i2c"])]))
    return out


def _text(x, y, cls, text, anchor="start"):
    return '<text class="%s" x="%.1f" y="%.1f" text-anchor="%s">%s</text>' % (
        cls, x, y, anchor, text.replace("&", "&amp;").replace("<", "&lt;"))


def render(p):
    """The SVG text for profile ``p``."""
    rows = []          # (y, group, pin or None, board side text, part text, data label)
    heads = []         # (y, group title)
    y = TOP
    for group, items in groups(p) + [("power", None)]:
        heads.append((y, group))
        y += ROW
        if items is None:
            for board_side, part in POWER.get(p.board, POWER["circuitpython"]):
                rows.append((y, group, None, board_side, part, board_side.split(" ")[0]))
                y += ROW
        else:
            for pin, label, part in items:
                rows.append((y, group, pin, pin_label(p, pin), part, label))
                y += ROW
        y += ROW / 2
    supply_a = p.supply_ma / 1000.0
    notes = [
        "LED power: 5 V %.1f A supply -> %d A fuse -> 1000 uF capacitor across 5 V and GND -> LED bus;"
        % (supply_a, fuse_amps(p.supply_ma)),
        "inject 5 V and GND every %d LEDs (every second row), 1.5 mm² (16 AWG) bus, 0.75 mm² (18 AWG) taps."
        % (2 * p.width),
        "The level shifter (74AHCT125) runs on 5 V: VCC to 5 V, GND and 1OE to GND, unused inputs to GND.",
    ]
    height = y + ROW * (len(notes) + 1)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%.1f" height="%.1f" viewBox="0 0 %.1f %.1f">'
           % (WIDTH, height, WIDTH, height),
           "<title>Teebox wiring: %s</title>" % p.name,
           "<style>"
           ".board{fill:#e8efe6;stroke:#4d6b45;stroke-width:1.5}"
           ".part{fill:#fbfaf4;stroke:#9a9a8e;stroke-width:1}"
           ".pin{font:11px monospace;fill:#222}"
           ".to{font:11px sans-serif;fill:#222}"
           ".head{font:bold 12px sans-serif;fill:#222}"
           ".cap{font:11px sans-serif;fill:#444}"
           "</style>",
           '<rect width="100%" height="100%" fill="#ffffff"/>',
           _text(BOARD_X, 24, "head", "%s (%s): board pin -> part" % (p.name, p.board)),
           '<rect class="board" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="6"/>'
           % (BOARD_X, TOP - 8, BOARD_W, rows[-1][0] - TOP + ROW + 4)]
    for hy, group in heads:
        out.append(_text(PART_X, hy + 4, "head", group))
    for ry, group, pin, board_side, part, label in rows:
        colour = COLOURS[group]
        data = ' data-gpio="%d"' % pin if isinstance(pin, int) else ""
        out.append('<g class="row"%s data-part="%s">' % (data, label))
        out.append(_text(BOARD_X + BOARD_W - 10, ry + 4, "pin", board_side, "end"))
        out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (BOARD_X + BOARD_W, ry, colour))
        out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>'
                   % (BOARD_X + BOARD_W, ry, PART_X, ry, colour))
        out.append('<rect class="part" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>'
                   % (PART_X, ry - ROW / 2 + 1, PART_W, ROW - 2))
        out.append(_text(PART_X + 8, ry + 4, "to", part))
        out.append("</g>")
    for i, note in enumerate(notes):
        out.append(_text(BOARD_X, y + ROW * (i + 0.5), "cap", note))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def shipped():
    """Names of the profiles in hardware/profiles."""
    return sorted(path.stem for path in (HARDWARE / "profiles").glob("*.json"))


def out_path(name):
    """Where the committed picture of a shipped profile lives."""
    return HARDWARE / ("wiring-%s.svg" % name)


def main(argv=None):
    """Write (or with --check, verify) the wiring pictures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profile", help="one profile name in hardware/profiles (default: all of them)")
    ap.add_argument("--out", type=Path, help="SVG file to write (with --profile)")
    ap.add_argument("--check", action="store_true", help="only check that the SVGs are up to date")
    args = ap.parse_args(argv)
    if args.out and not args.profile:
        ap.error("--out needs --profile")
    names = [args.profile] if args.profile else shipped()
    stale = 0
    for name in names:
        svg = render(profiles.load_named(name))
        path = args.out or out_path(name)
        if args.check:
            if not path.exists() or path.read_text() != svg:
                print("%s is out of date: run python -m tools.wiring_svg" % path)
                stale += 1
            continue
        path.write_text(svg)
        print("wrote %s" % path)
    if args.check and not stale:
        print("wiring pictures are up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
