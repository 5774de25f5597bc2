"""The pure rules core: no I/O, no clock, no hardware, integers only."""
