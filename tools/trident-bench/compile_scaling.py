#!/usr/bin/env python3
"""How a backend's compile time grows with the kernel: one kernel made at
several sizes, each compiled cold by tridentc with --timings; prints every
stage's time per size, the kernel's TTIR lines, and between consecutive
sizes the ratio of the backend's time (every stage after ttir) to the ratio
of TTIR lines: 1.0 is linear, above it grows faster than the kernel. Also
the ratio to the growth of the TTIR's memory operations (tt.load, tt.store
and atomics), the work whose lowering costs most: a kernel whose scalar
lines grow slower than its loads (dwconv: W scalar offsets, W^2 loads) can
be linear in its work and still above 1.0 against its lines.

Kernels (--kernel):
  unrolled  N unrolled `tl.sum` of one tensor (what a Python loop over a
            constexpr range makes); the sizes are N
  dwconv    scaling/dwconv_bwd.py, a depthwise-convolution backward whose
            tile width W is a constexpr and whose static_range loops over
            W rows and W taps unroll to W^2 loads; the sizes are W

    python3 tools/trident-bench/compile_scaling.py [--kernel dwconv] \
        [--target cpu] [--sizes 16,32,64] [--runs 1]
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


def kernel_case(name, n, d):
    """(source file, kernel name, signature) of `name` at size n."""
    if name == "dwconv":
        return (os.path.join(HERE, "scaling", "dwconv_bwd.py"),
                "dwconv_bwd_kernel", f"*fp32:16,*fp32:16,*fp32:16,i32,i32,{n},64")
    src = os.path.join(d, f"unrolled{n}.py")
    with open(src, "w") as f:
        f.write(kernel(n))
    return src, "unrolled", "*fp32:16, *fp32:16"


FRONT_STAGES = ("frontend", "ttir", "total")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", choices=("unrolled", "dwconv"), default="unrolled")
    ap.add_argument("--target", default="cpu")
    ap.add_argument("--sizes")
    ap.add_argument("--runs", type=int, default=1,
                    help="compile each size this many times, keep the fastest")
    ap.add_argument("--tridentc",
                    default=os.path.join(HERE, "../../build/bin/tridentc"))
    args = ap.parse_args()
    if not args.sizes:
        args.sizes = "16,32,64" if args.kernel == "dwconv" else "100,200,400"
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in sizes:
            src, name, sig = kernel_case(args.kernel, n, d)
            base = [args.tridentc, src, "--kernel", name, "--signature", sig]
            p = subprocess.run(base + ["--emit", "ttir", "-o", "-", "--no-cache"],
                               capture_output=True, text=True)
            if p.returncode:
                sys.exit(f"ttir of size {n} failed:\n{p.stderr}")
            lines = p.stdout.count("\n")
            mem = len(re.findall(r"= tt\.(?:load|atomic_\w+)\b|^\s*tt\.store\b",
                                 p.stdout, re.M))
            best = None
            for _ in range(args.runs):
                p = subprocess.run(
                    base + ["--target", args.target, "--no-cache", "--timings",
                            "-o", os.path.join(d, "out.bin")],
                    capture_output=True, text=True)
                if p.returncode:
                    sys.exit(f"compile of size {n} failed:\n{p.stderr}")
                stages = dict((m.group(1), float(m.group(2))) for m in
                              re.finditer(r"^\s+(\S+)\s+([0-9.]+) ms$",
                                          p.stderr, re.M))
                stages["backend"] = sum(v for k, v in stages.items()
                                        if k not in FRONT_STAGES)
                if best is None or stages["backend"] < best["backend"]:
                    best = stages
            rows.append((n, lines, mem, best))
    names = [k for k in rows[0][3] if k not in ("total", "backend")]
    print(f"{'size':>6} {'ttir':>7} {'mem ops':>7} " +
          " ".join(f"{k:>9}" for k in names) +
          f" {'backend':>9} {'x time':>7} {'x ttir':>7} {'ratio':>6}"
          f" {'x mem':>6} {'ratio/mem':>9}")
    prev = None
    for n, lines, mem, st in rows:
        if prev:
            xt, xl = st["backend"] / prev[2]["backend"], lines / prev[0]
            xm = mem / prev[1] if prev[1] else float("nan")
            tail = f" {xt:7.2f} {xl:7.2f} {xt / xl:6.2f} {xm:6.2f} {xt / xm:9.2f}"
        else:
            tail = f" {'-':>7} {'-':>7} {'-':>6} {'-':>6} {'-':>9}"
        print(f"{n:>6} {lines:>7} {mem:>7} " +
              " ".join(f"{st.get(k, 0):9.0f}" for k in names) +
              f" {st['backend']:9.0f}" + tail)
        prev = (lines, mem, st)


if __name__ == "__main__":
    main()
