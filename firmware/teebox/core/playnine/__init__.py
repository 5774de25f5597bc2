"""Play Nine, the card game of golf: its rules, bot and log (see ``game`` for its face)."""
