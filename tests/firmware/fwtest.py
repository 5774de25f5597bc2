# Helpers for firmware tests. These modules run under CPython pytest and inside
# MicroPython, so they use plain asserts and no pytest features.


def raises(exc_type, fn, *args, **kwargs):
    """Call fn and return the exception it raised; fail if it raised none."""
    try:
        fn(*args, **kwargs)
    except exc_type as exc:
        return exc
    raise AssertionError("expected %s from %s" % (exc_type.__name__, fn.__name__))
