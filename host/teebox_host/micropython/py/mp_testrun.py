# Runs the test_* functions of firmware test modules inside MicroPython and
# prints one marker record per test, so pytest can report each as its own item.
import io
import sys

from mpmarker import record


def _traceback(exc):
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    return buf.getvalue()


def run_module(name):
    try:
        mod = __import__(name)
    except Exception as exc:  # an import failure fails every test in the module
        record({"kind": "module", "module": name, "ok": False, "tb": _traceback(exc)})
        return 1
    failures = 0
    for attr in sorted(dir(mod)):
        if not attr.startswith("test_"):
            continue
        fn = getattr(mod, attr)
        if not callable(fn):
            continue
        try:
            fn()
            record({"kind": "test", "module": name, "name": attr, "ok": True})
        except Exception as exc:
            failures += 1
            record({"kind": "test", "module": name, "name": attr, "ok": False,
                    "tb": _traceback(exc)})
    return failures


failed = 0
for module_name in sys.argv[1:]:
    failed += run_module(module_name)
sys.exit(1 if failed else 0)
