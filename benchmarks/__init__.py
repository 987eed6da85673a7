"""Benchmarks: figures about speed and size, printed rather than asserted (see bench.py)."""
