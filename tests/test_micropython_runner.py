"""The MicroPython runner itself: it must really be MicroPython, pass output
through, fail on uncaught exceptions, and measure heap."""


def test_runs_inside_micropython_not_cpython(micropython):
    res = micropython.run(code="import sys\nprint(sys.implementation.name)")
    assert res.returncode == 0
    assert res.stdout.strip() == "micropython"


def test_firmware_package_is_mounted(micropython):
    res = micropython.run(code="from teebox.core import hexgrid\nprint(hexgrid.distance(0,0,3,-1))")
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "3"


def test_uncaught_exception_exits_non_zero_with_traceback(micropython, tmp_path):
    entry = tmp_path / "boom.py"
    entry.write_text("def f():\n    raise ValueError('boom')\nf()\n")
    res = micropython.run(entry=entry)
    assert res.returncode == 1
    assert "ValueError: boom" in res.stderr
    assert "boom.py" in res.stderr and "line 2" in res.stderr


def test_sys_exit_code_and_arguments_pass_through(micropython, tmp_path):
    entry = tmp_path / "args.py"
    entry.write_text("import sys\nprint(sys.argv[1:])\nsys.exit(int(sys.argv[1]))\n")
    res = micropython.run(entry=entry, args=["7", "x"])
    assert res.returncode == 7
    assert "['7', 'x']" in res.stdout


def test_no_machine_module_in_the_webassembly_port(micropython):
    res = micropython.run(code="import machine")
    assert res.returncode == 1 and "ImportError" in res.stderr


def test_a_failing_firmware_test_is_reported_by_name(micropython, tmp_path):
    from teebox_host.micropython import HERE
    mod = tmp_path / "test_demo_mp.py"
    mod.write_text("def test_good():\n    assert 1 + 1 == 2\n"
                   "def test_bad():\n    assert [1] == [2], 'lists differ'\n")
    res = micropython.run(entry=HERE / "py" / "mp_testrun.py", args=["test_demo_mp"],
                          mounts=((tmp_path, "/t"), (HERE / "py", "/tools")),
                          paths=("/t", "/tools"))
    by_name = {r["name"]: r for r in res.records if r["kind"] == "test"}
    assert by_name["test_good"]["ok"] is True
    assert by_name["test_bad"]["ok"] is False
    assert "lists differ" in by_name["test_bad"]["tb"]
    assert res.returncode == 1


def test_heap_high_water_counts_live_data_not_freed_garbage(micropython):
    # Each step makes 20 kB of garbage and keeps 1 kB: the high-water must
    # follow what is kept, because samples are taken where the port frees.
    report = micropython.heap_high_water(
        "kept = []\n"
        "def step():\n"
        "    [bytearray(1000) for _ in range(20)]\n"
        "    kept.append(bytearray(1000))\n"
        "    return len(kept) < 10\n",
        step="step()")
    assert report.steps == 11  # after setup, then after each of 10 steps
    assert 10000 <= report.cost < 20000


def test_heap_high_water_leaves_out_a_step_s_little_garbage(micropython):
    # 8 kB of garbage in one step is too little for the port to ask for a collection
    # by itself, so the sample after that step must ask for one first: the last step
    # of a game made ~8 kB of garbage, which read as game state (tests/test_table_heap.py).
    report = micropython.heap_high_water(
        "kept = []\n"
        "def step():\n"
        "    [bytearray(100) for _ in range(64)]\n"
        "    kept.append(bytearray(100))\n"
        "    return len(kept) < 3\n",
        step="step()")
    assert report.steps == 4
    assert report.cost < 2000, report.cost


def test_heap_high_water_sees_a_buffer_held_during_setup(micropython):
    report = micropython.heap_high_water(
        "import heapmeter\nbuf = bytearray(30000)\nheapmeter.checkpoint('held')\n")
    assert report.samples[0][0] == "held"
    assert report.cost >= 30000


def test_parallel_test_workers_install_the_runtime_once(tmp_path, monkeypatch):
    # pytest-xdist starts its workers together and each asks for the runtime on first
    # use: without a lock between processes each would run npm ci into one folder.
    import multiprocessing
    import os
    import shutil
    import pytest
    from teebox_host import micropython as mpy
    if not hasattr(os, "fork"):
        pytest.skip("needs fork and a POSIX shell for the fake npm")
    runs = tmp_path / "npm-runs"
    tools = tmp_path / "bin"
    tools.mkdir()
    package = "node_modules/" + mpy.PACKAGE
    fakes = {"node": "#!/bin/sh\n",
             "npm": '#!/bin/sh\necho ci >> "%s"\nsleep 1\nmkdir -p %s\ntouch %s/micropython.mjs\n'
                    % (runs, package, package)}
    for name, script in fakes.items():
        (tools / name).write_text(script)
        (tools / name).chmod(0o755)
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    shutil.copyfile(mpy.HERE / "package-lock.json", runtime / "package-lock.json")
    monkeypatch.setenv("PATH", str(tools) + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(mpy, "_runtime_dir", lambda: runtime)
    workers = [multiprocessing.get_context("fork").Process(target=mpy.ensure_runtime)
               for _ in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    assert runs.read_text().split() == ["ci"]
