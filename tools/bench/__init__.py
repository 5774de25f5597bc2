"""Benchmark scripts: run one as ``python -m tools.bench.NAME``; each prints its figures."""
