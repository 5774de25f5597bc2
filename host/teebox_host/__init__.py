"""The `teebox` command: the laptop side of Teebox (CPython only)."""
