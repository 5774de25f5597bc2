#!/bin/sh
# Build MicroPython for a Raspberry Pi Pico with the Teebox board code frozen in
# (hardware/firmware/manifest.py; why: docs/memory.md).
#
#   hardware/firmware/build.sh [MICROPYTHON_CHECKOUT] [BOARD]
#
# Needs git, make, cmake, a C compiler and arm-none-eabi-gcc (Debian/Ubuntu, the
# packages and versions docs/memory.md lists: apt install git python3 cmake
# build-essential gcc-arm-none-eabi libnewlib-arm-none-eabi
# libstdc++-arm-none-eabi-newlib).
# Clones MicroPython v1.27.0 into MICROPYTHON_CHECKOUT (default: build/micropython)
# if it is not there. BOARD defaults to RPI_PICO. Prints where the .uf2 file is:
# hold BOOTSEL while plugging the Pico in and copy it to the RPI-RP2 drive.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
MPY=${1:-$REPO/build/micropython}
BOARD=${2:-RPI_PICO}
if [ ! -d "$MPY" ]; then
    git clone --depth 1 --branch v1.27.0 https://github.com/micropython/micropython.git "$MPY"
fi
make -C "$MPY/mpy-cross"
make -C "$MPY/ports/rp2" BOARD="$BOARD" submodules
make -C "$MPY/ports/rp2" BOARD="$BOARD" FROZEN_MANIFEST="$HERE/manifest.py"
echo "Firmware: $MPY/ports/rp2/build-$BOARD/firmware.uf2"
