#!/usr/bin/env python3
"""Trident against Triton 3.6 on the same kernel files, on an NVIDIA GPU.

Two halves, because the machine with the GPU has no LLVM 22:

  here:  python3 conformance/perf/nvidia_bench.py compile OUT/
         compiles every case with tridentc (bundles + compile times);
  there: python3 conformance/perf/nvidia_bench.py run OUT/
         runs each case through libtrident-runtime (ctypes, on torch's
         current stream) and through the installed Triton, same kernel
         file, same block sizes and num_warps; checks both against torch
         on random inputs (outputs poisoned with NaN first); times both
         with CUDA events (warm-up, median of many runs); prints one table.

GB/s counts each input read once and each output written once.

Compile times: Trident's are measured here, Triton's there, on different
CPUs. Both halves also time ptxas on the same PTX (the kernel's own, which
both compilers then hand to ptxas), and the table scales Trident's
in-process time (`tridentc --timings` total: frontend to cubin, without
the process start, as Triton's `warmup` is without `import triton`) by
ptxas's time there over here: an estimate of Trident on the GPU machine's
CPU.
"""
import ctypes
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "kernels")


def softmax_case(rows, cols):
    warps = 4 if cols <= 2048 else 8 if cols <= 8192 else 16
    return {
        "name": f"softmax fp32 {rows}x{cols}", "file": "softmax.py",
        "kernel": "softmax_kernel", "kind": "softmax",
        "signature": f"*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, {cols}, 1",
        "num_warps": warps, "shape": [rows, cols],
        "meta": {"BLOCK_SIZE": cols, "num_stages": 1},
    }


def layer_norm_case(rows, cols):
    block = min(65536 // 2, 1 << (cols - 1).bit_length())
    warps = min(max(block // 256, 1), 8)
    return {
        "name": f"layer norm fp16 {rows}x{cols}", "file": "layer_norm.py",
        "kernel": "_layer_norm_fwd_fused", "kind": "layer_norm",
        "signature": f"*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, {block}",
        "num_warps": warps, "shape": [rows, cols],
        "meta": {"BLOCK_SIZE": block},
    }


def matmul_case(n, bm, bn, bk, warps, stages=1):
    return {
        "name": f"matmul fp16 {n}^3 {bm}x{bn}x{bk} w{warps} st{stages}", "file": "matmul.py",
        "kernel": "matmul_kernel", "kind": "matmul", "unit": "TFLOP/s",
        "signature": "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
                     "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, "
                     f"{bm}, {bn}, {bk}, 8",
        "num_warps": warps, "shape": [n, n, n],
        "meta": {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk,
                 "GROUP_SIZE_M": 8, "num_stages": stages},
    }


CASES = [
    {"name": "vector add fp32 2^28", "file": "vector_add.py",
     "kernel": "add_kernel", "kind": "add",
     "signature": "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024",
     "num_warps": 4, "shape": [1 << 28], "meta": {"BLOCK_SIZE": 1024}},
    softmax_case(16384, 4096),
    softmax_case(4096, 16384),
    softmax_case(65536, 1024),
    layer_norm_case(16384, 4096),
    layer_norm_case(4096, 8192),
    {"name": "rms norm fp32 8192x8192 (16 warps)", "file": "rms_norm.py",
     "kernel": "rms_norm_kernel", "kind": "rms_norm",
     "signature": "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 8192",
     "num_warps": 16, "shape": [8192, 8192], "meta": {"BLOCK_SIZE": 8192}},
    # The three kinds the pipelining issue names as below Triton: a layer
    # norm backward whose programs add partial dW/dB under an atomic_cas
    # lock, dropout on tl.rand (Philox), and a scan with a reduction.
    # (their kernel files are the conformance suite's and the frontend
    # tests', not copies: "file" is relative to conformance/kernels)
    {"name": "layer norm bwd fp16 4096x4096 (lock)",
     "file": "layer_norm_bwd.py",
     "kernel": "layer_norm_bwd_dx_fused", "kind": "ln_bwd",
     "signature": "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
                  "*fp32:16, *fp32:16, *i32:16, i32:16, i32:16, 128, 4096",
     "num_warps": 8, "shape": [4096, 4096],
     "meta": {"GROUP_SIZE_M": 128, "BLOCK_SIZE_N": 4096}},
    {"name": "dropout fp32 2^26 (philox)",
     "file": "../../frontend/test/kernels/dropout_philox.py",
     "kernel": "seeded_dropout", "kind": "dropout",
     "signature": "*fp32:16, *fp32:16, i32:16, fp32, i32, 1024",
     "num_warps": 4, "shape": [1 << 26], "meta": {"BLOCK_SIZE": 1024}},
    {"name": "cumsum+argmax fp32 8192x4096", "file": "cumsum_argmax.py",
     "kernel": "cumsum_argmax", "kind": "cumsum_argmax",
     "signature": "*fp32:16, *fp32:16, *i32:16, i32:16, 4096",
     "num_warps": 4, "shape": [8192, 4096], "meta": {"BLOCK": 4096}},
    # Unpipelined (num_stages=1) tensor-core matmul: mma.sync on Trident's
    # side; Triton on sm_90 uses wgmma (the Hopper issue brings it here).
    matmul_case(4096, 128, 128, 64, 8),
    matmul_case(4096, 128, 128, 32, 4),
    # Pipelined: cp.async into multi-buffered shared memory on Trident's
    # side (Triton's sm_90 code: TMA and wgmma).
    matmul_case(4096, 128, 128, 32, 4, 3),
    matmul_case(4096, 128, 256, 32, 8, 3),
    matmul_case(4096, 128, 128, 64, 4, 4),
]


def bundle_name(i):
    return f"case{i}.bundle"


def find_ptxas():
    for p in (os.environ.get("TRIDENT_PTXAS"),
              os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin/ptxas"),
              "/usr/local/cuda/bin/ptxas"):
        if p and os.access(p, os.X_OK):
            return p
    try:
        import triton.backends.nvidia as nv  # Triton ships its own
        p = os.path.join(os.path.dirname(nv.__file__), "bin", "ptxas")
        if os.access(p, os.X_OK):
            return p
    except ImportError:
        pass
    return None


def ptxas_ms(ptx):
    """Best of three runs of ptxas on `ptx`: the yardstick of CPU speed."""
    ptxas = find_ptxas()
    if not ptxas or not os.path.exists(ptx):
        return float("nan")
    best = None
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([ptxas, "-arch=sm_90a", "-O3", ptx, "-o", os.devnull], check=True)
        dt = (time.perf_counter() - t0) * 1000
        best = dt if best is None else min(best, dt)
    return best


def compile_all(out):
    os.makedirs(out, exist_ok=True)
    tridentc = os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))
    times = {}
    for i, c in enumerate(CASES):
        cmd = [tridentc, os.path.join(KERNELS, c["file"]), "--kernel", c["kernel"],
               "--signature", c["signature"], "--target", "cuda:90",
               "--option", f"num_warps={c['num_warps']}",
               "--option", f"num_stages={c['meta'].get('num_stages', 3)}",
               "--no-cache"]
        best = best_total = None
        for _ in range(3):  # cold each time (--no-cache); best of three
            t0 = time.perf_counter()
            r = subprocess.run(cmd + ["--timings", "-o", os.path.join(out, bundle_name(i))],
                               check=True, capture_output=True, text=True)
            dt = (time.perf_counter() - t0) * 1000
            total = [float(l.split()[1]) for l in r.stderr.splitlines()
                     if l.strip().startswith("total")][0]
            best = dt if best is None else min(best, dt)
            best_total = total if best_total is None else min(best_total, total)
        ptx = os.path.join(out, f"case{i}.ptx")
        subprocess.run(cmd + ["--emit", "ptx", "-o", ptx], check=True)
        times[c["name"]] = {"process": best, "in_process": best_total,
                            "ptxas_here": ptxas_ms(ptx)}
        print(f"compiled {c['name']}: {best_total:.1f} ms in process, "
              f"{best:.1f} ms as a tridentc process (cold)")
    with open(os.path.join(out, "compile_times.json"), "w") as f:
        json.dump(times, f, indent=1)


# ---- the runtime through ctypes -------------------------------------------

class Arg(ctypes.Structure):
    class _V(ctypes.Union):
        class _B(ctypes.Structure):
            _fields_ = [("buffer", ctypes.c_void_p), ("offset", ctypes.c_size_t)]
        _fields_ = [("buffer", _B), ("pointer", ctypes.c_void_p),
                    ("i", ctypes.c_int64), ("f", ctypes.c_double)]
    _fields_ = [("kind", ctypes.c_int), ("value", _V)]


class Config(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("grid", ctypes.c_uint32 * 3),
                ("stream", ctypes.c_void_p)]


class Runtime:
    def __init__(self, lib):
        self.lib = ctypes.CDLL(lib)
        L = self.lib
        L.trident_status_message.restype = ctypes.c_char_p
        L.trident_status_message.argtypes = [ctypes.c_void_p]
        for name in ["trident_runtime_create", "trident_runtime_find_device",
                     "trident_module_load_file", "trident_module_kernel",
                     "trident_stream_wrap_native", "trident_kernel_launch"]:
            getattr(L, name).restype = ctypes.c_void_p
        self.rt = ctypes.c_void_p()
        self.check(L.trident_runtime_create(ctypes.byref(self.rt)))
        self.dev = ctypes.c_void_p()
        self.check(L.trident_runtime_find_device(self.rt, b"cuda", ctypes.byref(self.dev)))

    def check(self, status):
        if status:
            raise RuntimeError(self.lib.trident_status_message(status).decode())

    def kernel(self, bundle, name):
        m = ctypes.c_void_p()
        self.check(self.lib.trident_module_load_file(self.dev, bundle.encode(), ctypes.byref(m)))
        k = ctypes.c_void_p()
        self.check(self.lib.trident_module_kernel(m, name.encode(), ctypes.byref(k)))
        return k

    def stream(self, native):
        s = ctypes.c_void_p()
        self.check(self.lib.trident_stream_wrap_native(self.dev, ctypes.c_void_p(native), ctypes.byref(s)))
        return s

    def launch(self, kernel, grid, args, stream):
        arr = (Arg * len(args))()
        for a, v in zip(arr, args):
            if isinstance(v, float):
                a.kind, a.value.f = 3, v
            elif isinstance(v, int):
                a.kind, a.value.i = 2, v
            else:  # a tensor
                a.kind, a.value.pointer = 1, v.data_ptr()
        g = list(grid) + [1] * (3 - len(grid))
        cfg = Config(ctypes.sizeof(Config), (ctypes.c_uint32 * 3)(*g), stream)
        self.check(self.lib.trident_kernel_launch(kernel, ctypes.byref(cfg), arr, len(args)))


def load_module(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def problem(c, torch):
    """Inputs, poisoned outputs, the launch (args and grid), the reference,
    and the bytes moved."""
    dev = "cuda"
    kind = c["kind"]
    if kind == "add":
        n = c["shape"][0]
        x = torch.randn(n, device=dev)
        y = torch.randn(n, device=dev)
        out = torch.full_like(x, float("nan"))
        args = [x, y, out, n]
        grid = [(n + 1023) // 1024]
        return args, grid, [out], lambda: [x + y], 3 * n * 4
    if kind == "softmax":
        r, k = c["shape"]
        x = torch.randn(r, k, device=dev)
        out = torch.full_like(x, float("nan"))
        args = [out, x, x.stride(0), out.stride(0), r, k]
        return args, [r], [out], lambda: [torch.softmax(x, dim=1)], 2 * r * k * 4
    if kind == "layer_norm":
        r, k = c["shape"]
        x = torch.randn(r, k, device=dev, dtype=torch.float16)
        w = torch.rand(k, device=dev, dtype=torch.float16)
        b = torch.rand(k, device=dev, dtype=torch.float16)
        y = torch.full_like(x, float("nan"))
        mean = torch.full((r,), float("nan"), device=dev)
        rstd = torch.full((r,), float("nan"), device=dev)
        args = [x, y, w, b, mean, rstd, x.stride(0), k, 1e-5]
        ref = lambda: [torch.nn.functional.layer_norm(x.float(), (k,), w.float(), b.float(), 1e-5).half()]
        return args, [r], [y], ref, 2 * r * k * 2 + 2 * k * 2
    if kind == "rms_norm":
        r, k = c["shape"]
        x = torch.randn(r, k, device=dev)
        w = torch.rand(k, device=dev)
        y = torch.full_like(x, float("nan"))
        args = [x, y, w, x.stride(0), k, 1e-6]
        ref = lambda: [x / torch.sqrt((x * x).mean(dim=1, keepdim=True) + 1e-6) * w]
        return args, [r], [y], ref, 2 * r * k * 4 + k * 4
    if kind == "ln_bwd":
        m, n = c["shape"]
        g = c["meta"]["GROUP_SIZE_M"]
        x = torch.randn(m, n, device=dev, dtype=torch.float16)
        dy = torch.randn(m, n, device=dev, dtype=torch.float16)
        w = torch.rand(n, device=dev, dtype=torch.float16)
        mean = x.float().mean(dim=1)
        rstd = 1 / torch.sqrt(x.float().var(dim=1, unbiased=False) + 1e-5)
        dx = torch.full_like(x, float("nan"))
        dw = torch.zeros(g, n, device=dev, dtype=torch.float16)
        db = torch.zeros(g, n, device=dev, dtype=torch.float16)
        lock = torch.zeros(2 * g, device=dev, dtype=torch.int32)
        args = [dx, dy, dw, db, x, w, mean, rstd, lock, x.stride(0), n]

        def ref():
            xhat = (x.float() - mean[:, None]) * rstd[:, None]
            wdy = w.float() * dy.float()
            c1 = (xhat * wdy).sum(1, keepdim=True) / n
            c2 = wdy.sum(1, keepdim=True) / n
            return [((wdy - (xhat * c1 + c2)) * rstd[:, None]).half()]
        # Each row: x, dy and dx once; dw/db partials read and written.
        return args, [m], [dx], ref, 3 * m * n * 2
    if kind == "dropout":
        n = c["shape"][0]
        x = torch.randn(n, device=dev)
        out = torch.full_like(x, float("nan"))
        args = [x, out, n, 0.5, 123]
        # Which elements survive is Philox's: checked against Triton's
        # own output of the same kernel (the "reference" is that launch).
        return args, [(n + 1023) // 1024], [out], None, 2 * n * 4
    if kind == "cumsum_argmax":
        r, k = c["shape"]
        x = torch.randn(r, k, device=dev)
        cs = torch.full_like(x, float("nan"))
        am = torch.full((r,), -1, device=dev, dtype=torch.int32)
        args = [x, cs, am, k]
        ref = lambda: [torch.cumsum(x, dim=1), torch.argmax(x, dim=1).int()]
        return args, [r], [cs, am], ref, 2 * r * k * 4 + r * 4
    if kind == "matmul":
        m, n, k = c["shape"]
        a = torch.randn(m, k, device=dev, dtype=torch.float16)
        b = torch.randn(k, n, device=dev, dtype=torch.float16)
        out = torch.full((m, n), float("nan"), device=dev, dtype=torch.float16)
        args = [a, b, out, m, n, k, a.stride(0), a.stride(1), b.stride(0),
                b.stride(1), out.stride(0), out.stride(1)]
        meta = c["meta"]
        grid = [((m + meta["BLOCK_SIZE_M"] - 1) // meta["BLOCK_SIZE_M"]) *
                ((n + meta["BLOCK_SIZE_N"] - 1) // meta["BLOCK_SIZE_N"])]
        # FLOPs, not bytes: the rate column is TFLOP/s for this kind.
        return args, grid, [out], lambda: [a @ b], 2 * m * n * k
    raise ValueError(kind)


def rel_error(got, ref):
    got, ref = got.double(), ref.double()
    if torch_isnan(got):
        return float("inf")
    return ((got - ref).norm() / ref.norm()).item()


def torch_isnan(t):
    return bool(t.isnan().any().item())


def time_ms(fn, torch, warmup=10, reps=50):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)


def triton_compile_ms(c, triton, args, grid):
    """Cold compile of the same kernel by Triton (fresh cache), no launch."""
    import tempfile
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    mod = load_module(os.path.join(KERNELS, c["file"]))
    fn = getattr(mod, c["kernel"])
    t0 = time.perf_counter()
    fn.warmup(*args, **c["meta"], num_warps=c["num_warps"], grid=tuple(grid))
    return (time.perf_counter() - t0) * 1000


def run_all(bundles):
    import torch
    import triton
    rt = Runtime(os.environ.get("TRIDENT_RUNTIME", os.path.join(HERE, "../../build/lib/libtrident-runtime.so")))
    ctimes = {}
    p = os.path.join(bundles, "compile_times.json")
    if os.path.exists(p):
        ctimes = json.load(open(p))
    rows = []
    failures = 0
    for i, c in enumerate(CASES):
        torch.manual_seed(i)
        args, grid, outs, ref, nbytes = problem(c, torch)
        k = rt.kernel(os.path.join(bundles, bundle_name(i)), c["kernel"])
        stream = rt.stream(torch.cuda.current_stream().cuda_stream)
        trident = lambda: rt.launch(k, grid, args, stream)
        trident()
        torch.cuda.synchronize()
        got = [o.clone() for o in outs]
        tc_ms = triton_compile_ms(c, triton, args, grid)
        mod = load_module(os.path.join(KERNELS, c["file"]))
        fn = getattr(mod, c["kernel"])
        for o in outs:
            o.fill_(float("nan") if o.is_floating_point() else -1)
        tri = lambda: fn[tuple(grid)](*args, **c["meta"], num_warps=c["num_warps"])
        tri()
        torch.cuda.synchronize()
        # Without a reference of its own (Philox's draws), a case is
        # checked against Triton's output of the same kernel.
        expected = ref() if ref else [o.clone() for o in outs]
        err_trident = max(rel_error(g, e) for g, e in zip(got, expected))
        err_triton = max(rel_error(o, e) for o, e in zip(outs, expected))
        tol = 1e-2 if c["kind"] in ("layer_norm", "ln_bwd", "matmul") else 1e-4
        ok = err_trident <= tol
        failures += not ok
        t_ms = time_ms(trident, torch)
        r_ms = time_ms(tri, torch)
        t_ms2 = time_ms(trident, torch)  # the same version twice: the spread
        ct = ctimes.get(c["name"], {})
        scale = ptxas_ms(os.path.join(bundles, f"case{i}.ptx")) / ct.get("ptxas_here", float("nan"))
        per = 1e9 if c.get("unit") == "TFLOP/s" else 1e6
        rows.append((c["name"], err_trident, err_triton, nbytes / t_ms / per,
                     nbytes / r_ms / per, r_ms / t_ms, abs(t_ms2 - t_ms) / t_ms,
                     ct.get("in_process", float("nan")) * scale, tc_ms, ok,
                     ct.get("in_process", float("nan")), scale))
    print(f"\n{torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}")
    print(f"{'case':36} {'err trident':>11} {'err triton':>10} {'trident rate':>12} "
          f"{'triton rate':>11} {'ratio':>6} {'spread':>6} {'compile ms':>10} {'triton ms':>9}"
          f" {'(here ms':>8} {'x cpu)':>6}")
    for r in rows:
        print(f"{r[0]:36} {r[1]:11.2e} {r[2]:10.2e} {r[3]:12.0f} {r[4]:11.0f} "
              f"{r[5]:6.3f} {r[6]:6.3f} {r[7]:10.1f} {r[8]:9.1f} {r[10]:8.1f} {r[11]:6.2f}"
              f"{'' if r[9] else '  WRONG'}")
    print("rate: GB/s (each input read once, each output written once); "
          "TFLOP/s for matmul cases (2 M N K)")
    print("compile ms: Trident in process, scaled to this machine's CPU by ptxas's "
          "time on the same PTX (here ms x cpu); triton ms: JITFunction.warmup, fresh cache")
    print(f"{len(rows) - failures} correct, {failures} wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("compile", "run"):
        sys.exit(__doc__)
    if sys.argv[1] == "compile":
        compile_all(sys.argv[2])
    else:
        sys.exit(run_all(sys.argv[2]))
