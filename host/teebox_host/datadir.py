"""The per-user data folder of the host tool (scores, the simulator's flash store)."""

import os
from pathlib import Path


def user_data_dir():
    """platformdirs' ``user_data_dir("teebox")`` when platformdirs is installed (mpremote
    brings it), else ``$XDG_DATA_HOME`` or ``~/.local/share``, then ``teebox``."""
    try:
        import platformdirs
    except ImportError:
        base = os.environ.get("XDG_DATA_HOME") or os.path.join("~", ".local", "share")
        return Path(base).expanduser() / "teebox"
    return Path(platformdirs.user_data_dir("teebox", appauthor=False))
