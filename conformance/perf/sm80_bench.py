#!/usr/bin/env python3
"""Ampere-class code on the H200: Trident's and Triton's sm_80 PTX side by side.

The pipelining issue's yardstick: the tutorial matmul compiled by both
compilers for sm_80 (mma.sync, cp.async, multi-buffered shared memory),
as PTX that the driver compiles for the GPU at hand, with the same block
sizes, num_warps and num_stages, launched on the same inputs.

  here:  python3 conformance/perf/sm80_bench.py compile OUT/
         Trident's bundles (`tridentc --target cuda:80 --emit ptx`).
  there: python3 conformance/perf/sm80_bench.py dump OUT/   (optional)
         Triton's TTGIR of each case (sm_80, its num_stages), for
  here:  python3 conformance/perf/sm80_bench.py compile-ttgir OUT/
         which lowers it with Trident (Triton's schedule, our lowering);
  there: python3 conformance/perf/sm80_bench.py run OUT/
         (TRIDENT_RUNTIME=.../libtrident-runtime.so) compiles the same
         kernel file with the installed Triton for GPUTarget("cuda", 80,
         32), loads its PTX with the driver (cuModuleLoadData, JIT for this
         GPU) and launches it directly, checks both results against torch
         (outputs poisoned with NaN first) and prints TFLOP/s: CUDA events,
         warm-up, the median of 50.
"""
import ctypes
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nvidia_bench as nb  # noqa: E402  (Runtime, time_ms, rel_error, load_module)
import amd_compare  # noqa: E402  (triton_signature)

KERNEL_FILE = os.path.join(HERE, "..", "kernels", "matmul.py")

# (dtype, n, BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages): the
# tutorial's sm_80-era configurations.
CASES = [
    (dt, n, *cfg)
    for dt in ("fp16", "bf16")
    for n in (4096, 8192)
    for cfg in ((128, 256, 64, 8, 3), (128, 128, 32, 4, 4), (64, 128, 32, 4, 4))
]


def name(c):
    dt, n, bm, bn, bk, w, s = c
    return f"matmul {dt} {n}^3 {bm}x{bn}x{bk} w{w} st{s}"


def signature(c):
    dt, n, bm, bn, bk, w, s = c
    p = f"*{dt}:16"
    return (f"{p}, {p}, {p}, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, "
            f"i32:1, i32:16, i32:1, {bm}, {bn}, {bk}, 8")


def triton_compile(c, fn):
    """Triton's compile of case `c` for sm_80 (PTX), and the signature spec."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    spec = signature(c).split(", ")
    sig, constexprs, attrs = amd_compare.triton_signature(fn, signature(c))
    kk = triton.compile(ASTSource(fn=fn, signature=sig, constexprs=constexprs, attrs=attrs),
                        target=GPUTarget("cuda", 80, 32),
                        options={"num_warps": c[5], "num_stages": c[6]})
    return kk, spec


def dump_ttgir(out):
    """There: Triton's TTGIR of each case (sm_80, the case's num_stages)."""
    os.makedirs(out, exist_ok=True)
    fn = getattr(nb.load_module(KERNEL_FILE), "matmul_kernel")
    for i, c in enumerate(CASES):
        kk, _ = triton_compile(c, fn)
        with open(os.path.join(out, f"triton_{i}.ttgir"), "w") as f:
            f.write(kk.asm["ttgir"])
        print("dumped", name(c))


def compile_ttgir(out):
    """Here: Triton's TTGIR (from dump) lowered by Trident for cuda:80."""
    import subprocess
    tridentc = os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))
    for i, c in enumerate(CASES):
        src = os.path.join(out, f"triton_{i}.ttgir")
        if os.path.exists(src):
            subprocess.run([tridentc, src, "--target", "cuda:80", "--no-cache", "--emit", "ptx",
                            "-o", os.path.join(out, f"ttgir_{i}.bundle")], check=True)
            print("lowered Triton's TTGIR of", name(c))


def compile_all(out):
    import subprocess
    os.makedirs(out, exist_ok=True)
    tridentc = os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))
    for i, c in enumerate(CASES):
        subprocess.run([tridentc, KERNEL_FILE, "--kernel", "matmul_kernel",
                        "--signature", signature(c), "--target", "cuda:80",
                        "--option", f"num_warps={c[5]}", "--option", f"num_stages={c[6]}",
                        "--no-cache", "--emit", "ptx", "-o", os.path.join(out, f"sm80_{i}.bundle")],
                       check=True)
        print("compiled", name(c))


class Driver:
    """Just enough of the CUDA driver API to load PTX and launch it."""

    def __init__(self):
        self.cu = ctypes.CDLL("libcuda.so.1")

    def check(self, r, what):
        if r:
            raise RuntimeError(f"{what}: CUDA error {r}")

    def load(self, ptx, kernel, shared):
        mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
        self.check(self.cu.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(ptx.encode() + b"\0")),
                   "cuModuleLoadData")
        self.check(self.cu.cuModuleGetFunction(ctypes.byref(fn), mod, kernel.encode()),
                   "cuModuleGetFunction")
        if shared > 48 * 1024:  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self.check(self.cu.cuFuncSetAttribute(fn, 8, ctypes.c_int(shared)), "cuFuncSetAttribute")
        return fn

    def launch(self, fn, grid, block, shared, stream, params):
        holders = []
        for kind, v in params:
            holders.append(ctypes.c_uint64(v) if kind == "u64" else ctypes.c_uint32(v & 0xffffffff))
        arr = (ctypes.c_void_p * len(holders))(*[ctypes.cast(ctypes.byref(h), ctypes.c_void_p) for h in holders])
        g = list(grid) + [1] * (3 - len(grid))
        self.check(self.cu.cuLaunchKernel(fn, ctypes.c_uint(g[0]), ctypes.c_uint(g[1]), ctypes.c_uint(g[2]),
                                          ctypes.c_uint(block), ctypes.c_uint(1), ctypes.c_uint(1),
                                          ctypes.c_uint(shared), ctypes.c_void_p(stream), arr, None),
                   "cuLaunchKernel")


def user_args(args, spec):
    """The arguments Triton's kernel keeps (those it specialized to 1 go)."""
    return [v for v, p in zip(args, spec) if not p.endswith(":1")]


def ptx_params(ptx, kernel):
    """The kernel's parameter types in the PTX entry, in order."""
    m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\((.*?)\)", ptx, re.S)
    return ["u64" if ".u64" in p or ".b64" in p else "u32"
            for p in m.group(1).split(",") if ".param" in p]


def run_all(bundles):
    import torch
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    rt = nb.Runtime(os.environ.get("TRIDENT_RUNTIME", os.path.join(HERE, "../../build/lib/libtrident-runtime.so")))
    drv = Driver()
    fn = getattr(nb.load_module(KERNEL_FILE), "matmul_kernel")
    rows, wrong = [], 0
    for i, c in enumerate(CASES):
        dt, n, bm, bn, bk, w, s = c
        tdt = torch.float16 if dt == "fp16" else torch.bfloat16
        torch.manual_seed(i)
        a = torch.randn(n, n, device="cuda", dtype=tdt)
        b = torch.randn(n, n, device="cuda", dtype=tdt)
        out = torch.full((n, n), float("nan"), device="cuda", dtype=tdt)
        args = [a, b, out, n, n, n, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                out.stride(0), out.stride(1)]
        grid = [((n + bm - 1) // bm) * ((n + bn - 1) // bn)]
        ref = (a.float() @ b.float()).to(tdt)
        stream = torch.cuda.current_stream().cuda_stream
        # Trident
        k = rt.kernel(os.path.join(bundles, f"sm80_{i}.bundle"), "matmul_kernel")
        ts = rt.stream(stream)
        trident = lambda: rt.launch(k, grid, args, ts)
        trident()
        torch.cuda.synchronize()
        err_t = nb.rel_error(out, ref)
        # Triton, for sm_80, as PTX
        kk, spec = triton_compile(c, fn)
        ptx = kk.asm["ptx"]
        kname = kk.metadata.name
        shared = kk.metadata.shared
        tfn = drv.load(ptx, kname, shared)
        types = ptx_params(ptx, kname)
        user = user_args(args, spec)
        params = []
        for j, ty in enumerate(types):
            v = user[j] if j < len(user) else 0  # Triton's scratch pointers: none needed
            params.append((ty, v.data_ptr() if hasattr(v, "data_ptr") else int(v)))
        out.fill_(float("nan"))
        triton_run = lambda: drv.launch(tfn, grid, w * 32, shared, stream, params)
        triton_run()
        torch.cuda.synchronize()
        err_r = nb.rel_error(out, ref)
        # Triton's TTGIR lowered by Trident, where it was compiled here.
        g_rate, err_g = float("nan"), float("nan")
        gpath = os.path.join(bundles, f"ttgir_{i}.bundle")
        if os.path.exists(gpath):
            kg = rt.kernel(gpath, "matmul_kernel")
            gl = lambda: rt.launch(kg, grid, user_args(args, spec), ts)
            out.fill_(float("nan"))
            gl()
            torch.cuda.synchronize()
            err_g = nb.rel_error(out, ref)
            wrong += not err_g <= 1e-2
            g_rate = 2 * n ** 3 / nb.time_ms(gl, torch) / 1e9
        ok = err_t <= 1e-2
        wrong += not ok
        flops = 2 * n ** 3
        t1 = nb.time_ms(trident, torch)
        r1 = nb.time_ms(triton_run, torch)
        t2 = nb.time_ms(trident, torch)
        r2 = nb.time_ms(triton_run, torch)
        t_ms, r_ms = min(t1, t2), min(r1, r2)
        rows.append((name(c), err_t, err_r, flops / t_ms / 1e9, flops / r_ms / 1e9, r_ms / t_ms,
                     abs(t1 - t2) / t_ms, shared, g_rate, err_g))
    print(f"\n{torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}; "
          "both as sm_80 PTX, JIT-compiled by the driver")
    print(f"{'case':38} {'err trident':>11} {'err triton':>10} {'trident':>8} {'triton':>8} "
          f"{'ratio':>6} {'spread':>6} {'triton smem':>11} {'its ttgir':>9} {'err':>8}")
    for r in rows:
        print(f"{r[0]:38} {r[1]:11.2e} {r[2]:10.2e} {r[3]:8.0f} {r[4]:8.0f} {r[5]:6.3f} {r[6]:6.3f} {r[7]:11d}"
              f" {r[8]:9.0f} {r[9]:8.1e}{'' if r[1] <= 1e-2 else '  WRONG'}")
    print("TFLOP/s (2 n^3 / median time of 50 launches, the better of two rounds); "
          "ratio = Triton's time / Trident's (above 1: Trident faster); its ttgir: "
          "Triton's TTGIR of the case lowered by Trident (TFLOP/s)")
    print(f"{len(rows) - wrong} correct, {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    modes = {"compile": compile_all, "run": run_all, "dump": dump_ttgir,
             "compile-ttgir": compile_ttgir}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    sys.exit(modes[sys.argv[1]](sys.argv[2]))
