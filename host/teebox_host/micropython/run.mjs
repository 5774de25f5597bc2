// Run Python inside the MicroPython WebAssembly port under Node.js.
//
//   node run.mjs [--mount HOST_DIR:MP_DIR]... [--path MP_DIR]... [--heap BYTES]
//                [--before CODE] [--step EXPR] [--each CODE] [--after CODE] [--link]
//                (ENTRY.py | -c CODE) [ARGS...]
//
// Each --mount copies a host folder into the runtime's in-memory file system
// (MicroPython sees a snapshot; nothing it writes reaches the host). Each
// --path is put at the front of sys.path. stdout and stderr pass straight
// through. The exit status is 0 on success, the code given to sys.exit(), or
// 1 on an uncaught exception (its traceback goes to stderr).
//
// Each --before CODE (repeatable) runs before the entry. After the entry, the --each
// CODEs (repeatable, in order) run once; then --step EXPR is evaluated again and
// again until it is falsy, with the --each CODEs after every step; then --after
// CODE runs. Each of these is its own top-level call. This port only collects
// garbage as a top-level call starts (it cannot scan the WebAssembly stack
// mid-call; gc.collect() inside a call only asks for it), so a heap measurement
// takes two --each calls: one asks for the collection, the next samples
// (py/heapmeter.py).
//
// --link gives Python a raw byte line on this process's stdin/stdout (the
// virtual board's serial port, host/teebox_host/virtual_board.py), as the JS
// object `teeboxLink` (`import js`): `read(max)` returns the bytes waiting on
// stdin as hex text ("" if none: it never blocks; null once stdin is closed),
// `write(hex)` writes those bytes to stdout, `sleep(ms)` sleeps ms without
// spinning (MicroPython's time.sleep_ms spins in this port) and, like a board's
// sleep, does not wake for bytes. Python must then not print to stdout
// (tracebacks go to stderr). A --step loop serves it.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const SKIP = new Set(["__pycache__", "node_modules", ".git", ".pytest_cache"]);

function copyTree(FS, hostDir, mpDir) {
  mkdirs(FS, mpDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const src = path.join(hostDir, entry.name);
    const dst = mpDir + "/" + entry.name;
    // stat, not the entry's own type: an installed teebox is mounted through a link
    const st = fs.statSync(src);
    if (st.isDirectory()) copyTree(FS, src, dst);
    else if (st.isFile()) FS.writeFile(dst, fs.readFileSync(src));
  }
}

function mkdirs(FS, dir) {
  let cur = "";
  for (const part of dir.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\n`);
  process.exit(2);
}

const argv = process.argv.slice(2);
const mounts = [];
const paths = [];
let heap = 64 * 1024 * 1024;
let step = null;
const each = [];
let after = null;
const before = [];
let link = false;
let entry = null;
let code = null;
while (argv.length) {
  const a = argv.shift();
  if (a === "--mount") {
    const spec = argv.shift() || usage("--mount needs HOST_DIR:MP_DIR");
    const i = spec.lastIndexOf(":");
    if (i < 1) usage(`bad --mount ${spec}`);
    mounts.push([spec.slice(0, i), spec.slice(i + 1)]);
  } else if (a === "--path") {
    paths.push(argv.shift() || usage("--path needs a folder"));
  } else if (a === "--heap") {
    heap = parseInt(argv.shift(), 10);
  } else if (a === "--step") {
    step = argv.shift();
  } else if (a === "--each") {
    each.push(argv.shift());
  } else if (a === "--before") {
    before.push(argv.shift());
  } else if (a === "--after") {
    after = argv.shift();
  } else if (a === "--link") {
    link = true;
  } else if (a === "-c") {
    code = argv.shift();
    break;
  } else {
    entry = a;
    break;
  }
}
if (entry === null && code === null) usage("give an ENTRY.py or -c CODE");
const scriptArgs = argv;

function byteLine() {
  // Reopening stdin gives a file description of our own that can be non-blocking.
  let fd = 0;
  try {
    fd = fs.openSync("/dev/stdin", fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) { /* no /dev/stdin: reads may block */ }
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const sleep = (ms) => Atomics.wait(nap, 0, 0, ms);
  const buf = Buffer.alloc(4096);
  const take = (max) => {
    // Bytes from stdin: a Buffer, an empty one if none wait, null once stdin is closed.
    try {
      const n = fs.readSync(fd, buf, 0, Math.min(max, buf.length), null);
      return n === 0 ? null : Buffer.from(buf.subarray(0, n));
    } catch (e) {
      if (e.code === "EAGAIN") return Buffer.alloc(0);
      throw e;
    }
  };
  return {
    read(max) {
      const got = take(max);
      return got === null ? null : got.toString("hex");
    },
    write(hex) {
      const b = Buffer.from(hex, "hex");
      let off = 0;
      while (off < b.length) {
        try {
          off += fs.writeSync(1, b, off);
        } catch (e) {
          if (e.code !== "EAGAIN") throw e;
          sleep(1);
        }
      }
    },
    sleep(ms) {
      sleep(ms);
    },
  };
}
if (link) globalThis.teeboxLink = byteLine();

const out = (s) => process.stdout.write(s + "\n");
const err = (s) => process.stderr.write(s + "\n");
const mp = await loadMicroPython({ heapsize: heap, stdout: out, stderr: err });
for (const [host, dst] of mounts) copyTree(mp.FS, host, dst);

let exitCode = 0;
if (entry !== null) {
  // The entry file goes into the runtime too, so tracebacks name it.
  const name = "/__entry__/" + path.basename(entry);
  mkdirs(mp.FS, "/__entry__");
  mp.FS.writeFile(name, fs.readFileSync(entry));
  code = `_f = open(${JSON.stringify(name)})\n_src = _f.read()\n_f.close()\n` +
    `exec(compile(_src, ${JSON.stringify(name)}, "exec"), {"__name__": "__main__"})\n`;
}
const prelude = "import sys\n" +
  paths.slice().reverse().map((p) => `sys.path.insert(0, ${JSON.stringify(p)})\n`).join("") +
  `sys.argv[:] = ${JSON.stringify([entry || "-c", ...scriptArgs])}\n`;
try {
  mp.runPython(prelude);
  for (const b of before) mp.runPython(b);
  mp.runPython(code);
  for (const e of each) mp.runPython(e);
  if (step !== null) {
    for (;;) {
      mp.runPython(`_teebox_more = bool(${step})`);
      for (const e of each) mp.runPython(e);
      if (!mp.globals.get("_teebox_more")) break;
    }
  }
  if (after !== null) mp.runPython(after);
} catch (e) {
  if (e && e.name === "PythonError") {
    if (e.type === "SystemExit") {
      const m = /SystemExit: *(-?\d+)?/.exec(e.message);
      exitCode = m && m[1] !== undefined ? parseInt(m[1], 10) : 0;
    } else {
      process.stderr.write(e.message.endsWith("\n") ? e.message : e.message + "\n");
      exitCode = 1;
    }
  } else {
    throw e;
  }
}
// Let stdout drain before leaving.
process.exitCode = exitCode;
