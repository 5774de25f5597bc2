"""MicroPython manifest: freeze the Teebox board code into the firmware (docs/memory.md).

Frozen modules run from flash: their bytecode is never copied into RAM, which a Pico
(RP2040) needs, since importing the board's modules from .mpy files takes about as much
heap as it has. Build (hardware/firmware/build.sh does this):

    make -C micropython/ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=$PWD/hardware/firmware/manifest.py

then ``teebox deploy`` copies only main.py, the profile and the shipped data (cards and
courses), which stay in ``/teebox/data`` on the board's filesystem.

BOARD_FILES are the modules the board imports, ``main.py`` on
(``teebox_host.deploy.board_modules``; tests/test_memory.py keeps this list equal to
it). Paths are relative to this file, as MicroPython's manifest tool takes them.
"""

BOARD_FILES = (
    "__init__.py",
    "app/__init__.py",
    "app/bindings.py",
    "app/board.py",
    "app/boot.py",
    "app/courses_store.py",
    "app/gamejournal.py",
    "app/journal.py",
    "app/link_server.py",
    "app/loop.py",
    "app/presenters/__init__.py",
    "app/presenters/holes18/__init__.py",
    "app/presenters/holes18/bags.py",
    "app/presenters/holes18/motion.py",
    "app/presenters/holes18/presenter.py",
    "app/presenters/holes18/screen.py",
    "app/presenters/playnine.py",
    "app/renderer.py",
    "app/selftest.py",
    "app/setup_flow.py",
    "app/shelf.py",
    "app/table.py",
    "app/table_courses.py",
    "app/table_play.py",
    "app/view.py",
    "core/__init__.py",
    "core/contract.py",
    "core/course.py",
    "core/coursegen.py",
    "core/coursegen_tiles.py",
    "core/games.py",
    "core/hexgrid.py",
    "core/holes18/__init__.py",
    "core/holes18/bots.py",
    "core/holes18/cards.py",
    "core/holes18/decks.py",
    "core/holes18/engine.py",
    "core/holes18/flight.py",
    "core/holes18/game.py",
    "core/holes18/gamelog.py",
    "core/holes18/hands.py",
    "core/holes18/inputlog.py",
    "core/holes18/legality.py",
    "core/holes18/modes/__init__.py",
    "core/holes18/modes/chaos.py",
    "core/holes18/modes/match.py",
    "core/holes18/modes/racing.py",
    "core/holes18/modes/stableford.py",
    "core/holes18/modes/stroke.py",
    "core/holes18/movement.py",
    "core/holes18/player.py",
    "core/holes18/policy.py",
    "core/holes18/protocol.py",
    "core/holes18/records.py",
    "core/holes18/rounds.py",
    "core/holes18/setup.py",
    "core/holes18/shots.py",
    "core/jsondata.py",
    "core/playnine/__init__.py",
    "core/playnine/bot.py",
    "core/playnine/cards.py",
    "core/playnine/game.py",
    "core/playnine/inputs.py",
    "core/playnine/log.py",
    "core/playnine/protocol.py",
    "core/playnine/records.py",
    "core/playnine/rules.py",
    "core/playnine/scoring.py",
    "core/rng.py",
    "core/scoring.py",
    "core/terrain.py",
    "core/varint.py",
    "core/wire/__init__.py",
    "core/wire/commands.py",
    "core/wire/events.py",
    "core/wire/framing.py",
    "core/wire/gamerecord.py",
    "hal/__init__.py",
    "hal/buttons.py",
    "hal/clock.py",
    "hal/display.py",
    "hal/leds.py",
    "hal/rfid.py",
    "hal/store.py",
    "palette.py",
    "profile.py",
    "shipped.py",
)

include("$(PORT_DIR)/boards/manifest.py")  # what the port freezes anyway (asyncio, ...)
package("teebox", files=BOARD_FILES, base_path="../../firmware")
