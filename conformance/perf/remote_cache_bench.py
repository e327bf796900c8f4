"""What the remote cache saves a fleet: N fresh processes (N = 1, 4, 16),
each with an empty local cache, compile the same conformance kernels for
one target, first against an empty remote cache (every process compiles;
the first to finish a kernel shares it), then against the warm one (every
process reads). Prints total wall time, compiles and remote hits per run.

    build/bin/trident-conformance --export-specs /tmp/specs.json --filter 'binary/*'
    TRIDENT_LIB_DIR=build/lib /usr/bin/python3 conformance/perf/remote_cache_bench.py \\
        /tmp/specs.json [--target cpu] [--count 60] [--procs 1,4,16]

Starts its own redis-server on a free loopback port (scripts/setup.sh
installs it)."""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
KERNELS = os.path.join(REPO, "conformance", "kernels")

WORKER = r"""
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "frontend", "python"))
from trident import _native
specs = json.load(open(sys.argv[2]))
comp = _native.compiler()
for s in specs:
    path = os.path.join(sys.argv[4], s["file"])
    comp.compile(path, open(path).read(), s["kernel"], s["signature"], sys.argv[3], {},
                 debug=s.get("debug", False))
comp.remote_flush(5000)
print(json.dumps(_native.cache_counts["compile"]))
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(n, specs_file, target, url, tmp, label):
    procs = []
    start = time.perf_counter()
    for i in range(n):
        env = dict(os.environ, TRIDENT_CACHE_DIR=os.path.join(tmp, f"{label}-{n}-{i}"),
                   TRIDENT_REMOTE_CACHE=url, TRIDENT_REMOTE_CACHE_KEY="bench-secret")
        procs.append(subprocess.Popen([sys.executable, "-c", WORKER, REPO, specs_file, target,
                                       KERNELS], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    counts = {}
    for p in procs:
        out, err = p.communicate()
        if p.returncode != 0:
            sys.exit(f"worker failed:\n{err}")
        for k, v in json.loads(out.strip().splitlines()[-1]).items():
            counts[k] = counts.get(k, 0) + v
    return time.perf_counter() - start, counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("specs")
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--procs", default="1,4,16")
    a = ap.parse_args()
    specs = json.load(open(a.specs))[:a.count]
    tmp = tempfile.mkdtemp(prefix="trident-remote-bench-")
    specs_file = os.path.join(tmp, "specs.json")
    json.dump(specs, open(specs_file, "w"))
    print(f"remote cache: {len(specs)} kernels for {a.target} per process, "
          f"{os.cpu_count()} cores")
    print(f"{'procs':>5} {'cold s':>8} {'warm s':>8} {'speed-up':>8}  cold (compiled/remote)  "
          f"warm (compiled/remote)")
    for n in [int(x) for x in a.procs.split(",")]:
        port = free_port()
        server = subprocess.Popen([shutil.which("redis-server"), "--port", str(port),
                                   "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                   "--dir", tmp], stdout=subprocess.DEVNULL)
        time.sleep(0.3)
        url = f"redis://127.0.0.1:{port}/0"
        try:
            cold, cc = run(n, specs_file, a.target, url, tmp, "cold")
            warm, wc = run(n, specs_file, a.target, url, tmp, "warm")
        finally:
            server.kill()
            server.wait()
        print(f"{n:>5} {cold:>8.2f} {warm:>8.2f} {cold / warm:>7.1f}x  "
              f"{cc.get('miss', 0):>6}/{cc.get('remote hit', 0):<6}            "
              f"{wc.get('miss', 0):>6}/{wc.get('remote hit', 0):<6}")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
