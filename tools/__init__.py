"""Tools for Teebox developers: the MicroPython runner, benchmarks and helpers."""
