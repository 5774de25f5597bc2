"""Teebox board entry point: MicroPython runs ``/main.py`` at boot.

Loads the board profile (``/profile.json``, put there by ``teebox deploy``),
builds the hardware it describes (``teebox.app.board``), resumes a game a power
cut interrupted, starts the USB link server (hold BACK at boot to skip it and
keep the REPL) and runs the table's main loop (``teebox.app.boot``). If anything
fails, the error is printed to the REPL, shown on the display (when one answers)
and the LEDs blink red; then this file ends, so the REPL over USB stays reachable
to fix the board. While the link server owns the line Ctrl-C is off (a 0x03 byte
in a transfer must not stop the table): ``teebox board repl`` (the protocol's
REPL command) or BACK held at power-on gives the REPL back, and Ctrl-C with it.

Where the code is (docs/memory.md): frozen into the MicroPython build, in a ROMFS
image (``/rom/lib/teebox``), or as ``.mpy`` files on the writable filesystem
(``/teebox``). Code in flash comes first: the writable filesystem's entry of
``sys.path`` is moved to the end, so a ``/teebox`` folder there (the shipped data of
a frozen build, or copies left from an earlier deploy) cannot hide it.
"""

import sys


def flash_code_first(path=None):
    """Move the current folder's entry (``""``) to the end of ``path`` (``sys.path``)."""
    path = sys.path if path is None else path
    if "" in path:
        path.remove("")
        path.append("")


def main(path=None, frames=-1, store_root=None, port=None):
    """Start the table; returns False (after showing why) if it could not run.

    ``path`` is the profile file (default ``/profile.json``), ``frames`` how
    many frames to run (-1: for ever), ``store_root`` the flash store folder,
    ``port`` the link server's serial line (default the USB serial port).
    """
    profile = None
    hw = None
    board = None
    try:
        from teebox import profile as profile_mod
        from teebox.app import board
        from teebox.app import boot
        profile = profile_mod.load_file(path or profile_mod.PROFILE_PATH)
        hw = board.build(profile, store_root=store_root or board.STORE_ROOT)
        loop = boot.start(hw, port)
        # The board's heap holds the table shell and one game: let go of a game's code
        # once it is over (``Table.shed``, docs/memory.md).
        loop.table.shed = True
        try:
            loop.run(frames)
        finally:
            if loop.link is not None:
                loop.link.stop()  # Ctrl-C works again: mpremote can reach the REPL
    except Exception as exc:  # noqa: BLE001 - show any failure rather than die silently
        print("teebox: the table stopped:")
        if hasattr(sys, "print_exception"):
            sys.print_exception(exc)
        else:
            _traceback(exc)
        if board is not None:
            board.show_failure(exc, profile, hw)
        return False
    return True


def _traceback(exc):
    # CPython (tests): the same report sys.print_exception gives on the board.
    import traceback
    traceback.print_exception(type(exc), exc, exc.__traceback__)


if __name__ == "__main__":
    flash_code_first()
    main()
