#!/usr/bin/env python3
"""Random Triton kernels, for finding what hand-written tests miss.

Each seed gives one kernel file: a 1-D or 2-D tile of two loaded inputs
(masked, a partial tile), an expression tree over them (arithmetic,
maximum/minimum/where, abs/exp/sqrt, reductions broadcast back, cumsum,
join-then-sum, transposes of square tiles) and a masked store, plus the
numpy result the same tree gives. `check(seed, ...)` compiles the kernel
for each target (through the Python package's compiler), runs it on the
cpu and compares with numpy; GPU targets are compiled (code generation and
the verifier are what random shapes break there).

    python3 tools/random-kernels/random_kernels.py SEED_FROM SEED_TO [TARGET ...]
    python3 tools/random-kernels/random_kernels.py SEED_FROM SEED_TO gpu

prints a line per failing seed (exit status 1 if any). `gpu` runs each
kernel on the machine's GPU instead (torch CUDA tensors) and compares. CI runs a batch
(frontend/python/test/test_random_kernels.py), and seeds that found a bug
are kept there as tests.
"""
import os
import random
import sys
import tempfile

import numpy as np

UNARY = [
    ("-({x})", lambda x: -x),
    ("tl.abs({x})", np.abs),
    ("tl.exp({x} * 0.25)", lambda x: np.exp(x * np.float32(0.25))),
    ("tl.sqrt(tl.abs({x}))", lambda x: np.sqrt(np.abs(x))),
    ("({x} * {x})", lambda x: x * x),
]
BINARY = [
    ("({x} + {y})", lambda x, y: x + y),
    ("({x} - {y})", lambda x, y: x - y),
    ("({x} * {y})", lambda x, y: x * y),
    ("tl.maximum({x}, {y})", np.maximum),
    ("tl.minimum({x}, {y})", np.minimum),
    ("tl.where({x} > {y}, {x}, {y} * 0.5)", lambda x, y: np.where(x > y, x, y * np.float32(0.5))),
    ("tl.sum(tl.join({x}, {y}), axis={last})", lambda x, y: x + y),
]


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.two_d = self.r.random() < 0.7
        if self.two_d:
            self.shape = (self.r.choice([2, 4, 8, 16, 32]), self.r.choice([2, 4, 8, 16, 32, 64]))
        else:
            self.shape = (self.r.choice([16, 32, 64, 128, 256, 1024]),)

    def expr(self, depth, constant=False):
        """(triton text, numpy function of (a, b)): a tensor of the tile's
        shape; with `constant`, possibly a number (only as a binary op's
        second operand, so every op but those sees a tensor)."""
        r = self.r
        if constant and r.random() < 0.3:
            c = round(r.uniform(-2, 2), 2)
            return f"({c})", lambda a, b, c=c: np.float32(c)
        if depth == 0 or r.random() < 0.2:
            return r.choice([("a", lambda a, b: a), ("b", lambda a, b: b)])
        kinds = ["unary", "binary", "binary"]
        if self.two_d:
            kinds += ["reduce", "cumsum"]
            if self.shape[0] == self.shape[1]:
                kinds.append("trans")
        kind = r.choice(kinds)
        if kind == "unary":
            text, f = r.choice(UNARY)
            t, g = self.expr(depth - 1)
            return text.format(x=t), lambda a, b: f(g(a, b))
        if kind == "binary":
            text, f = r.choice(BINARY)
            t1, g1 = self.expr(depth - 1)
            # tl.join wants two tensors of one shape
            t2, g2 = self.expr(depth - 1, constant="join" not in text)
            last = len(self.shape)
            return (text.format(x=t1, y=t2, last=last),
                    lambda a, b: f(g1(a, b), g2(a, b)))
        t, g = self.expr(depth - 1)
        if kind == "reduce":
            axis = r.choice([0, 1])
            op = r.choice(["sum", "max", "min"])
            index = "[None, :]" if axis == 0 else "[:, None]"
            npop = {"sum": np.sum, "max": np.max, "min": np.min}[op]
            text = f"tl.broadcast_to(tl.{op}({t}, axis={axis}){index}, ({self.shape[0]}, {self.shape[1]}))"
            return text, lambda a, b: np.broadcast_to(
                npop(g(a, b), axis=axis, keepdims=True), self.shape).astype(np.float32)
        if kind == "cumsum":
            axis = r.choice([0, 1])
            return f"tl.cumsum({t}, axis={axis})", lambda a, b: np.cumsum(g(a, b), axis=axis,
                                                                        dtype=np.float32)
        return f"tl.trans({t})", lambda a, b: np.ascontiguousarray(g(a, b).T)

    def kernel(self, name):
        text, f = self.expr(self.r.choice([1, 2, 3, 4]))
        if self.two_d:
            m, n = self.shape
            body = (f"    rows = tl.arange(0, {m})[:, None]\n"
                    f"    cols = tl.arange(0, {n})[None, :]\n"
                    f"    mask = (rows < n_rows) & (cols < n_cols)\n"
                    f"    offs = rows * {n} + cols\n")
        else:
            body = (f"    offs = tl.arange(0, {self.shape[0]})\n"
                    f"    mask = offs < n_rows + n_cols * 0\n")
        src = ("import triton\nimport triton.language as tl\n\n\n"
               "@triton.jit\n"
               f"def {name}(a_ptr, b_ptr, out_ptr, n_rows, n_cols):\n"
               + body +
               "    a = tl.load(a_ptr + offs, mask=mask, other=0.0)\n"
               "    b = tl.load(b_ptr + offs, mask=mask, other=0.0)\n"
               f"    r = {text}\n"
               "    tl.store(out_ptr + offs, r, mask=mask)\n")
        return src, f


def case(seed):
    """(kernel source, kernel name, shape, valid extents, inputs, expected)."""
    g = Gen(seed)
    name = f"random_{seed}"
    src, f = g.kernel(name)
    rng = np.random.default_rng(seed)
    shape = g.shape
    valid = tuple(rng.integers(max(1, s // 2), s + 1) for s in shape)
    a = rng.uniform(-1, 1, shape).astype(np.float32)
    b = rng.uniform(-1, 1, shape).astype(np.float32)
    mask = np.ones(shape, bool)
    for d, v in enumerate(valid):
        idx = [slice(None)] * len(shape)
        idx[d] = slice(v, None)
        mask[tuple(idx)] = False
    a0, b0 = np.where(mask, a, 0).astype(np.float32), np.where(mask, b, 0).astype(np.float32)
    with np.errstate(all="ignore"):
        want = np.asarray(f(a0, b0), dtype=np.float32)
    return src, name, shape, valid, a, b, mask, want


def _write(seed, workdir):
    """The case of `seed` and the path of its kernel file in `workdir`."""
    c = case(seed)
    workdir = workdir or tempfile.mkdtemp(prefix="random-kernels-")
    path = os.path.join(workdir, f"{c[1]}.py")
    with open(path, "w") as fh:
        fh.write(c[0])
    return c, path


def _run(seed, where, path, c, to_device, to_host):
    """Launches the kernel of case `c` (file `path`) on `where` with inputs
    made by `to_device` (numpy -> the device's arrays, outputs poisoned
    with NaN) and compares the result with numpy's; None when right."""
    from trident._dropin import load_file
    src, name, shape, valid, a, b, mask, want = c
    kernel = getattr(load_file(path, f"random_kernel_{seed}"), name)
    out = to_device(np.full(shape, np.nan, np.float32))
    try:
        kernel[(1,)](to_device(a), to_device(b), out, int(valid[0]),
                     int(valid[1]) if len(valid) > 1 else 0)
        got_all = to_host(out)
    except Exception as e:  # noqa: BLE001 (reported with the seed)
        return f"seed {seed}: {where}: {type(e).__name__}: {str(e).strip().splitlines()[0]}\n{src}"
    got, exp = got_all[mask], want[mask]
    if not np.allclose(got, exp, rtol=1e-4, atol=1e-4 * (1 + np.abs(exp).max()),
                       equal_nan=True):
        bad = np.argmax(np.abs(got - exp))
        return (f"seed {seed}: {where}: wrong result, element {bad}: {got[bad]} "
                f"!= {exp[bad]}\n{src}")
    if np.isnan(got_all[~mask]).sum() != (~mask).sum():
        return f"seed {seed}: {where}: the store wrote masked-off elements\n{src}"
    return None


def run_on_gpu(seed, workdir=None):
    """None when the kernel of `seed` is right on the machine's GPU (torch
    CUDA tensors, through the Python package); else what went wrong."""
    import torch
    c, path = _write(seed, workdir)
    return _run(seed, "gpu", path, c, lambda x: torch.from_numpy(x).cuda(),
                lambda t: t.cpu().numpy())


def check(seed, targets=("cpu",), workdir=None):
    """None when the kernel of `seed` compiles for every target and is right
    on the cpu; else what went wrong."""
    from trident import _native
    c, path = _write(seed, workdir)
    src, name = c[0], c[1]
    sig = "*fp32:16, *fp32:16, *fp32:16, i32, i32"
    comp = _native.compiler()
    for t in targets:
        if t == "cpu":
            continue
        try:
            comp.compile(path, src, name, sig, t, {"num_warps": "4"}, use_cache=False)
        except _native.CompileFailure as e:
            return f"seed {seed}: {t}: {str(e).strip().splitlines()[0]}\n{src}"
    if "cpu" in targets:
        return _run(seed, "cpu", path, c, lambda x: x, lambda x: x)
    return None


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    lo, hi = int(argv[1]), int(argv[2])
    targets = tuple(argv[3:]) or ("cpu", "cuda:90", "hip:gfx942")
    failed = 0
    for seed in range(lo, hi):
        why = run_on_gpu(seed) if targets == ("gpu",) else check(seed, targets)
        if why:
            failed += 1
            print(why)
    print(f"{hi - lo} seeds, {failed} failed ({', '.join(targets)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
