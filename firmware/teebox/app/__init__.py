"""The table app: setup, scan and reveal, turns, rendering, journal and link."""
