"""18 Holes: its rules (engine), ways to play (modes), clubs and shot decks, bots and
game log. Importing the package imports nothing: the registry loads
:mod:`teebox.core.holes18.game` only when 18 Holes is chosen."""
