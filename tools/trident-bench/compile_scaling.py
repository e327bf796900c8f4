#!/usr/bin/env python3
"""How a backend's compile time grows with the kernel: one kernel made at
several sizes (N unrolled `tl.sum` of one tensor, the shape of code that
Python loops over constexpr ranges produce), each compiled cold by tridentc
with --timings; prints every stage's time per size and the ratio of the
totals between consecutive sizes (2.0 per doubling is linear).

    python3 tools/trident-bench/compile_scaling.py [--target cpu] [--sizes 100,200,400]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def kernel(n):
    lines = ["import triton", "import triton.language as tl", "", "",
             "@triton.jit", "def unrolled(x_ptr, out_ptr):",
             "    x = tl.load(x_ptr + tl.arange(0, 16))", "    acc = 0.0"]
    lines += [f"    acc += tl.sum(x * {i + 1}.0, axis=0)" for i in range(n)]
    lines.append("    tl.store(out_ptr, acc)")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--sizes", default="100,200,400")
    ap.add_argument("--tridentc",
                    default=os.path.join(HERE, "../../build/bin/tridentc"))
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in sizes:
            src = os.path.join(d, f"unrolled{n}.py")
            with open(src, "w") as f:
                f.write(kernel(n))
            p = subprocess.run(
                [args.tridentc, src, "--kernel", "unrolled", "--signature",
                 "*fp32:16, *fp32:16", "--target", args.target, "--no-cache",
                 "--timings", "-o", os.path.join(d, "out.bin")],
                capture_output=True, text=True)
            if p.returncode:
                sys.exit(f"compile of size {n} failed:\n{p.stderr}")
            stages = dict((m.group(1), float(m.group(2))) for m in
                          re.finditer(r"^\s+(\S+)\s+([0-9.]+) ms$", p.stderr, re.M))
            rows.append((n, stages))
    names = [k for k in rows[0][1] if k != "total"]
    print(f"{'size':>6} " + " ".join(f"{k:>10}" for k in names) +
          f" {'total ms':>10} {'ratio':>6}")
    prev = None
    for n, st in rows:
        ratio = f"{st['total'] / prev:6.2f}" if prev else "     -"
        print(f"{n:>6} " + " ".join(f"{st.get(k, 0):10.0f}" for k in names) +
              f" {st['total']:10.0f} {ratio}")
        prev = st["total"]


if __name__ == "__main__":
    main()
