# Marker lines let the host pick structured results out of MicroPython's stdout.
import json

MARKER = "\x1eTEEBOX "


def record(obj):
    """Print one JSON record on a marker line."""
    print(MARKER + json.dumps(obj))
