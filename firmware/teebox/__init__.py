"""Teebox firmware: rules core, hardware drivers and the table app.

Runs on the board under MicroPython and on the laptop under CPython.
"""

VERSION = "0.1.0"
