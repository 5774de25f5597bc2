"""The table's colours: terrain, players, preview marks, flashes and tokens.

Every table is ``bytes``, three per entry (R, G, B), so the renderer reads a
colour as ``table[3 * i]`` ... without building tuples. Values are what the
renderer writes into the frame; ``hal/leds`` then applies gamma (so these
numbers behave roughly like screen RGB: 128 looks about half as bright as
255) and the profile's brightness cap and power limit.

How the choices were made, for real WS2812B LEDs under a diffuser:

* LEDs show saturated hues well and pastel ones poorly, so every colour is
  one clear hue; brightness is the second cue.
* Terrain stays at a modest level (no channel above 200): it is most of the
  board, it sets the current the table draws, and golfers, paths and flashes
  at full 255 must stand out against it.
* Rough, the bulk of a course, is the dimmest colour, so fairways, greens
  and hazards read against it at a glance.
* Golfers use the hues no terrain uses (red, yellow, white, magenta, violet),
  at full brightness: three to ten times brighter than any terrain after gamma.
"""

# Terrain colours, indexed by the kind numbers of core/terrain.py.
TERRAIN = bytes((
    0, 0, 0,          # off-board: no course here, the LED stays dark
    0, 70, 0,         # rough: dim pure green, the backdrop everything reads against
    60, 150, 0,       # fairway: yellow-green, twice as bright as rough: the lanes show
    0, 190, 100,      # green: the brightest terrain, blue-green: targets stand out
    110, 110, 110,    # tee box: the only neutral terrain, a dim white marker
    170, 130, 50,     # bunker: pale sand
    0, 40, 200,       # water: deep blue
    0, 110, 150,      # fairway with a lake: teal, between water blue and grass green
    90, 30, 0,        # tree hazard: dark brown (on an LED, a dim red-orange): a wall
    130, 0, 40,       # clubhouse: dark crimson, a building that is out of bounds
    70, 90, 40,       # fescue: dusty sage, long dry grass greyer than rough
    130, 120, 0,      # gorse: dark gold, the yellow of gorse in flower
    20, 0, 110,       # ocean: dark indigo, deeper than the water hazards
))

# Seat colours, seat 0 to 4: hues no terrain uses, at full brightness.
PLAYERS = bytes((
    255, 0, 0,        # red
    255, 210, 0,      # yellow
    255, 255, 255,    # white
    255, 0, 190,      # magenta
    120, 0, 255,      # violet
))
PLAYER_NAMES = ("red", "yellow", "white", "magenta", "violet")

# Preview marks, indexed by view.MARK_*: the landing cell shows the colour at full
# brightness, cells flown over show it mixed half and half with their terrain.
MARKS = bytes((
    140, 220, 255,    # plain flight: pale ice blue, a trail that leaves the terrain readable
    255, 150, 0,      # hazard on the way or at the landing: amber, "caution"
    180, 0, 255,      # tree: the flight stops here: purple
    255, 0, 0,        # out of bounds: red
    60, 255, 60,      # lands on the green: bright green
))

# Flashes, indexed by view.FLASH_*. Green-reached and acknowledge flashes use the
# seat's colour; their entries here are for a flash with no seat.
FLASH = bytes((
    0, 0, 0,          # none
    0, 130, 255,      # water: a bright blue ripple
    255, 200, 100,    # bunker: a spray of sand
    255, 0, 0,        # out of bounds: red
    255, 255, 255,    # green reached (seat colour)
    255, 180, 0,      # hole-in-one: gold
    255, 0, 0,        # refused: red
    255, 255, 255,    # acknowledge (seat colour)
))

# Scoring tokens on a green: 5 points gold, 2 points silver, 1 point bronze (brighter
# than terrain, dimmer than golfers, so a golfer on a token green still shows).
GOLD = bytes((230, 140, 0))
SILVER = bytes((160, 170, 220))
BRONZE = bytes((200, 70, 20))

# The cell offered for choosing (a one-hex move, a bunker target): white, blinking.
CURSOR = bytes((255, 255, 255))
# A ball in flight whose seat is unknown.
BALL = bytes((255, 255, 255))
# The wind's arrow (Taming the Wind): sky blue, its head brighter than its tail.
WIND = bytes((90, 170, 255))
# Reading the Greens: the putting dice's colours (white, yellow, orange, red, as
# greens_data.COLOURS), which the sides of a green in play wear by their target too.
DICE = bytes((255, 255, 255, 255, 200, 0, 255, 100, 0, 255, 0, 0))

def rgb(table, i):
    """Entry ``i`` of a colour table as ``(r, g, b)`` (for tests and tools; allocates)."""
    return table[3 * i], table[3 * i + 1], table[3 * i + 2]
