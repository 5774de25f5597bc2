"""`teebox serve`: the web companion, a page on this computer for the score history
and the live table.

Built on Starlette under uvicorn: a small, well-kept ASGI toolkit (routing,
streaming responses for server-sent events, a test client) without the weight
of a full framework, served by the standard ASGI server. Pages are rendered on
the server with Jinja2 (plots are server-drawn SVG); the one script, the live
table's ``static/live.js``, is a plain module written here, so nothing is
fetched from the network at run time.

* :mod:`.app`: the Starlette application and its routes;
* :mod:`.history`: what the history pages show, read from the score store;
* :mod:`.plots`: the SVG plots;
* :mod:`.live`: the live table, from a board's LED frame and event stream (its link);
* :mod:`.newcourse`: a generated course drawn before it goes to a board;
* :mod:`.serve_cmd`: the ``teebox serve`` command.
"""


def whole_number(text):
    """Whether ``text`` is a whole number written in ASCII digits, as ``int`` reads it
    (``str.isdigit`` also takes "²" and other digits ``int`` refuses)."""
    return text.isascii() and text.isdigit()
