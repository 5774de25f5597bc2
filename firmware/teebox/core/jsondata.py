"""JSON text Teebox reads (card files, board profiles), parsed with a nesting limit.

Deeply nested JSON (``[[[[...]]]]``) fails differently on each runtime: CPython's
``json.loads`` ends in RecursionError, MicroPython's parses it (its parser keeps its
own stack) and the trouble comes later, when the data is walked or printed. Both
are refused here, the same way, with a message a person can act on. No Teebox file
nests deeper than 6 levels.
"""

import json

MAX_DEPTH = 16  # lists and objects inside one another


class TooDeep(ValueError):
    """JSON whose lists and objects nest deeper than :data:`MAX_DEPTH`."""

    def __init__(self):
        super().__init__("lists [...] and objects {...} are nested more than %d deep inside "
                         "one another; no Teebox file nests that deep (look for stray "
                         "brackets)" % MAX_DEPTH)


def loads(text):
    """The data of JSON ``text``: ValueError from ``json.loads`` if it is not JSON,
    :class:`TooDeep` if it nests deeper than :data:`MAX_DEPTH`."""
    try:
        data = json.loads(text)
    except RuntimeError:  # CPython's RecursionError (a subclass)
        raise TooDeep() from None  # (its traceback would hide the message)
    if _too_deep(data):
        raise TooDeep()
    return data


def _too_deep(data):
    # Walks with its own stack: recursion is what must be avoided here.
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if type(value) is dict:
            value = value.values()
        elif type(value) is not list:
            continue
        if depth > MAX_DEPTH:
            return True
        for item in value:
            if type(item) is dict or type(item) is list:
                todo.append((item, depth + 1))
    return False
