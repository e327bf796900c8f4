#!/usr/bin/env python3
"""Hopper's TMA path on the H200: tutorial 09's host-descriptor matmul.

The kernel is tutorial 09's TMA form with host TensorDescriptors
(conformance/kernels/descriptors.py, matmul_tma_persistent: B given N x K
and read transposed, a program per SM). Three binaries of each
configuration run on the same inputs, outputs poisoned with NaN and checked
against torch (a @ b.T):

  trident    Trident's own compile (tridentc, cuda:90: the descriptors kept,
             TMA rings with mbarriers in the K loop, a TMA store);
  triton     the installed Triton 3.6 through its JIT, as users call it;
  its ttgir  Triton's own TTGIR of the same configuration lowered by
             Trident (Triton's layouts and schedule, Trident's lowering).

Trident's bundles take each descriptor as its launch arguments (base,
shape, strides, padding, then the kernel's own shape and strides); the
runtime encodes the CUtensorMap (cuTensorMapEncodeTiled) at each launch,
as Triton's launcher does.

  here:  python3 conformance/perf/sm90_tma.py compile OUT/
  there: python3 conformance/perf/sm90_tma.py dump OUT/      (Triton's TTGIR)
  here:  python3 conformance/perf/sm90_tma.py compile-ttgir OUT/
  there: python3 conformance/perf/sm90_tma.py run OUT/
         (TRIDENT_RUNTIME=.../libtrident-runtime.so): TFLOP/s from CUDA
         events, 10 warm-ups, the median of 50 launches, the better of two
         rounds; cuBLAS (torch.matmul) beside them.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nvidia_bench as nb  # noqa: E402

KERNEL_FILE = os.path.join(HERE, "..", "kernels", "descriptors.py")
KERNEL = "matmul_tma_persistent"
NUM_SMS = 132  # the H200's
SIZES = (4096, 8192)
DTYPES = ("fp16", "bf16")
# (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages): tutorial 09's.
CONFIGS = ((128, 256, 64, 8, 3), (128, 128, 64, 4, 3), (128, 128, 64, 8, 4),
           (128, 256, 64, 8, 4))
CASES = [(dt, n, *cfg) for dt in DTYPES for n in SIZES for cfg in CONFIGS]


def name(c):
    dt, n, bm, bn, bk, w, s = c
    return f"tma {dt} {n}^3 {bm}x{bn}x{bk} w{w} st{s}"


def bundle(c):
    dt, n, bm, bn, bk, w, s = c
    return f"tma_{dt}_{bm}x{bn}x{bk}_w{w}_s{s}.bundle"


def constexprs(c):
    _, _, bm, bn, bk, _, _ = c
    return {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk,
            "GROUP_SIZE_M": 8, "FP8_OUTPUT": 0, "EPILOGUE_SUBTILE": 0,
            "NUM_SMS": NUM_SMS, "WARP_SPECIALIZE": 0}


def signature(c):
    dt, _, bm, bn, bk, _, _ = c
    return (f"tensordesc<{dt}[{bm}, {bk}]>, tensordesc<{dt}[{bn}, {bk}]>, "
            f"tensordesc<{dt}[{bm}, {bn}]>, i32, i32, i32")


def tridentc():
    return os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))


def compile_all(out):
    os.makedirs(out, exist_ok=True)
    for c in CASES:
        if c[1] != SIZES[0]:
            continue  # sizes are arguments
        cmd = [tridentc(), KERNEL_FILE, "--kernel", KERNEL, "--signature", signature(c),
               "--target", "cuda:90", "--option", f"num_warps={c[5]}",
               "--option", f"num_stages={c[6]}", "--no-cache",
               "-o", os.path.join(out, bundle(c))]
        for k, v in constexprs(c).items():
            cmd += ["-D", f"{k}={v}"]
        subprocess.run(cmd, check=True)
        print("compiled", name(c))


def problem(c, torch):
    from triton.tools.tensor_descriptor import TensorDescriptor
    dt, n, bm, bn, bk, _, _ = c
    tdt = torch.float16 if dt == "fp16" else torch.bfloat16
    torch.manual_seed(n)
    a = torch.randn(n, n, device="cuda", dtype=tdt)
    b = torch.randn(n, n, device="cuda", dtype=tdt)  # N x K
    out = torch.full((n, n), float("nan"), device="cuda", dtype=tdt)
    descs = (TensorDescriptor.from_tensor(a, [bm, bk]),
             TensorDescriptor.from_tensor(b, [bn, bk]),
             TensorDescriptor.from_tensor(out, [bm, bn]))
    return a, b, out, descs


def launch_args(descs, tensors, n):
    """A descriptor's launch arguments in a Trident bundle: base, shape,
    strides, padding (what the runtime encodes), then the kernel's own
    shape and strides; then M, N, K."""
    args = []
    for d, t in zip(descs, tensors):
        args += [t, *d.shape, *d.strides, 0, *d.shape, *d.strides]
    return args + [n, n, n]


def dump_ttgir(out):
    import torch
    import triton
    fn = getattr(nb.load_module(KERNEL_FILE), KERNEL)
    os.makedirs(out, exist_ok=True)
    for c in CASES:
        if c[1] != SIZES[0]:
            continue
        a, b, o, descs = problem(c, torch)
        k = fn.warmup(*descs, c[1], c[1], c[1], grid=(NUM_SMS,), num_warps=c[5],
                      num_stages=c[6], **constexprs(c))
        with open(os.path.join(out, bundle(c).replace(".bundle", ".ttgir")), "w") as f:
            f.write(k.asm["ttgir"])
        with open(os.path.join(out, bundle(c).replace(".bundle", ".ptx")), "w") as f:
            f.write(k.asm["ptx"])
        with open(os.path.join(out, bundle(c).replace(".bundle", ".cubin")), "wb") as f:
            f.write(k.asm["cubin"])
        print("dumped", name(c), "triton", triton.__version__)


def compile_ttgir(out):
    for c in CASES:
        src = os.path.join(out, bundle(c).replace(".bundle", ".ttgir"))
        if c[1] == SIZES[0] and os.path.exists(src):
            r = subprocess.run([tridentc(), src, "--target", "cuda:90", "--no-cache",
                                "-o", os.path.join(out, "ttgir_" + bundle(c))],
                               capture_output=True, text=True)
            if r.returncode:  # e.g. a configuration Triton refuses too (shared memory)
                print("not lowered:", name(c), "--", r.stderr.strip().splitlines()[-1])
            else:
                print("lowered Triton's TTGIR of", name(c),
                      "(ptxas warned)" if "warning" in r.stderr else "")


def run_all(bundles):
    import torch
    import triton
    rt = nb.Runtime(os.environ.get("TRIDENT_RUNTIME",
                                   os.path.join(HERE, "../../build/lib/libtrident-runtime.so")))
    fn = getattr(nb.load_module(KERNEL_FILE), KERNEL)
    ts = rt.stream(torch.cuda.current_stream().cuda_stream)
    rows, best, wrong = [], {}, 0
    for c in CASES:
        dt, n, bm, bn, bk, w, s = c
        a, b, out, descs = problem(c, torch)
        ref = (a.float() @ b.float().T).to(a.dtype)
        tiles = ((n + bm - 1) // bm) * ((n + bn - 1) // bn)
        grid = [min(NUM_SMS, tiles)]
        args = launch_args(descs, (a, b, out), n)
        rates, errs = {}, {}
        runs = {}
        k = rt.kernel(os.path.join(bundles, bundle(c)), KERNEL)
        runs["trident"] = lambda: rt.launch(k, grid, args, ts)
        runs["triton"] = lambda: fn[(grid[0],)](*descs, n, n, n, num_warps=w, num_stages=s,
                                                **constexprs(c))
        gpath = os.path.join(bundles, "ttgir_" + bundle(c))
        if os.path.exists(gpath):
            kg = rt.kernel(gpath, KERNEL)
            runs["its ttgir"] = lambda: rt.launch(kg, grid, args, ts)
        for label, run in runs.items():
            out.fill_(float("nan"))
            try:
                run()
            except Exception as e:  # a configuration the device cannot hold
                print(f"{name(c)} {label}: {type(e).__name__}: {str(e).splitlines()[0]}")
                rates[label], errs[label] = float("nan"), 0.0
                continue
            torch.cuda.synchronize()
            errs[label] = nb.rel_error(out, ref)
            wrong += not errs[label] <= 1e-2
            ms = min(nb.time_ms(run, torch), nb.time_ms(run, torch))
            rates[label] = 2 * n ** 3 / ms / 1e9
        rows.append((name(c), rates, errs))
        for label, r in rates.items():
            key = (dt, n, label)
            if r > best.get(key, (0, ""))[0]:
                best[key] = (r, name(c))
        del a, b, out, ref
    print(f"\n{torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"triton {triton.__version__}; sm_90a; TFLOP/s")
    print(f"{'case':38} {'trident':>8} {'triton':>8} {'ratio':>6} {'its ttgir':>9}   errors")
    for label, rates, errs in rows:
        t, r = rates["trident"], rates["triton"]
        g = rates.get("its ttgir", float("nan"))
        print(f"{label:38} {t:8.0f} {r:8.0f} {t / r:6.3f} {g:9.0f}   "
              + " ".join(f"{k}={v:.1e}" for k, v in errs.items())
              + ("" if all(v <= 1e-2 for v in errs.values()) else "  WRONG"))
    print(f"\n{'problem':14} {'trident':>8} {'triton':>8} {'ratio':>6} {'its ttgir':>9} "
          f"{'cuBLAS':>7} {'vs cuBLAS':>9}")
    for dt in DTYPES:
        for n in SIZES:
            tdt = torch.float16 if dt == "fp16" else torch.bfloat16
            x = torch.randn(n, n, device="cuda", dtype=tdt)
            y = torch.randn(n, n, device="cuda", dtype=tdt)
            cub = 2 * n ** 3 / nb.time_ms(lambda: torch.matmul(x, y.T), torch) / 1e9
            t = best[(dt, n, "trident")][0]
            r = best[(dt, n, "triton")][0]
            g = best.get((dt, n, "its ttgir"), (float("nan"), ""))[0]
            print(f"{dt} {n}^3{'':4} {t:8.0f} {r:8.0f} {t / r:6.3f} {g:9.0f} {cub:7.0f} "
                  f"{t / cub:9.3f}")
    print(f"{sum(len(e) for _, _, e in rows) - wrong} correct, {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    modes = {"compile": compile_all, "run": run_all, "dump": dump_ttgir,
             "compile-ttgir": compile_ttgir}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    sys.exit(modes[sys.argv[1]](sys.argv[2]))
