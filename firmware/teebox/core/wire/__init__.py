"""The byte formats both ends of the USB cable share: serial frames, link commands,
live events and finished-game records. Pure encoding (no I/O), so the board's firmware
and the host tool import the same definitions and can never drift apart."""
