"""The USB link's commands, reply statuses and frame kinds (``docs/protocol.md``).

Requests are ``u8 command | u16 tag | body``; the reply to one is
``u8 command | REPLY | u16 tag | u8 status | body``. The board's link server
and the host's link client both take every number from here.
"""

PROTOCOL_VERSION = 1

# Frame kinds (first payload byte of what the board sends besides replies).
REPLY = 0x80    # reply to command C has first byte C | REPLY
EVENT = 0x40    # u8 EVENT, u16 event counter, u8 event kind, body
NOTICE = 0xFF   # u8 NOTICE, u16 0, u8 status, message: a frame that could not be read

# Commands.
HELLO = 1
LIST_GAMES = 2
FETCH_GAME = 3
ACK_GAME = 4
LIST_COURSES = 5
PUSH_BEGIN = 6
PUSH_CHUNK = 7
PUSH_COMMIT = 8
PUSH_ABORT = 9
DELETE_COURSE = 10
PULL_COURSE = 11
SET_CLOCK = 12
EVENTS = 13
REPL = 14
SELF_TEST = 15
LED_FRAME = 16
COMMAND_NAMES = ("", "HELLO", "LIST_GAMES", "FETCH_GAME", "ACK_GAME", "LIST_COURSES",
                 "PUSH_BEGIN", "PUSH_CHUNK", "PUSH_COMMIT", "PUSH_ABORT", "DELETE_COURSE",
                 "PULL_COURSE", "SET_CLOCK", "EVENTS", "REPL", "SELF_TEST", "LED_FRAME")

# Status codes.
OK = 0
BAD_CRC = 1           # the frame failed its CRC
BAD_FRAME = 2         # not a frame (COBS broken, too short, too long, no request header)
UNKNOWN_COMMAND = 3
BAD_LENGTH = 4        # the body is too short or too long for the command
BAD_OFFSET = 5        # a chunk offset or length outside the data
UNKNOWN_GAME = 6
UNKNOWN_COURSE = 7
BAD_COURSE = 8        # a pushed course failed verification: the old one stays
NO_TRANSFER = 9       # a chunk or commit with no course transfer going on
BAD_VALUE = 10        # a field with a value the board refuses (course name, ...)
BOARD_ERROR = 11      # the board failed (flash error, ...)
OTHER_VERSION = 12    # not done: the last HELLO named another protocol version
STATUS_NAMES = ("ok", "bad crc", "bad frame", "unknown command", "bad length", "bad offset",
                "unknown game", "unknown course", "bad course", "no transfer", "bad value",
                "board error", "other version")

# LED_FRAME reply flags (``app/ledview.py``).
LED_RESET = 1   # clear the picture to black, then apply the runs
LED_MORE = 2    # changes are left: ask again at once

MAX_DATA = 1000            # most data bytes in one chunk (fits MAX_PAYLOAD with headers)

# SELF_TEST steps (``app/selftest.py``): each result line says which step it belongs to.
TEST_CORNERS = 1    # each corner and row end lit in turn
TEST_COLOURS = 2    # every LED red, then green, then blue
TEST_WALK = 3       # a dot walks the cells in serpentine order
TEST_DISPLAY = 4    # the OLED's test pattern
TEST_POWER = 5      # full white, held to the power budget
TEST_READER = 6     # the card reader's firmware version, then a card's raw UID
TEST_BUTTONS = 7    # each button named as it is pressed
TEST_DONE = 8       # the test is over (finished, or BACK held)
TEST_PROBLEM = 0x80  # set in a result line's step byte: the line reports a fault
TEST_STEP_NAMES = ("", "corners", "colours", "walk", "display", "power", "reader", "buttons",
                   "done")
