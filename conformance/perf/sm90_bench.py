#!/usr/bin/env python3
"""Hopper code on the H200: Trident's and Triton's sm_90 matmul side by side.

The Hopper issue's yardstick for tl.dot on wgmma: the tutorial matmul
(conformance/kernels/matmul.py, pointers, no descriptors) compiled by both
compilers for sm_90a over the same configurations, launched on the same
inputs, each compiler's best configuration per problem reported
("autotuned" over the same list), beside cuBLAS (torch.matmul;
torch._scaled_mm for fp8). Rows "pfp16"/"pbf16": tutorial 09's persistent
kernel (conformance/kernels/matmul_persistent.py), a program per SM, both
compilers.

  here:  python3 conformance/perf/sm90_bench.py compile OUT/
         Trident's bundles (`tridentc --target cuda:90`, cubin).
  there: python3 conformance/perf/sm90_bench.py dump OUT/   (optional)
         Triton's TTGIR of each configuration for sm_90, for
  here:  python3 conformance/perf/sm90_bench.py compile-ttgir OUT/
         which lowers it with Trident (Triton's layouts and schedule,
         Trident's lowering);
  there: python3 conformance/perf/sm90_bench.py run OUT/
         (TRIDENT_RUNTIME=.../libtrident-runtime.so) runs the same kernel
         file through the installed Triton (its JIT, as users call it),
         checks every result against torch (outputs poisoned with NaN
         first) and prints TFLOP/s: CUDA events, warm-up, the median of 50
         launches, the better of two rounds.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nvidia_bench as nb  # noqa: E402  (Runtime, time_ms, rel_error, load_module)
import amd_compare  # noqa: E402  (triton_signature)

KERNEL_FILE = os.path.join(HERE, "..", "kernels", "matmul.py")
PERSISTENT_FILE = os.path.join(HERE, "..", "kernels", "matmul_persistent.py")
NUM_SMS = 132  # the H200's
DTYPES = ("fp16", "bf16")
SIZES = (4096, 8192)
# (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages): tutorial 03's CUDA
# configurations that suit a large square problem.
CONFIGS = ((128, 256, 64, 8, 3), (128, 128, 64, 4, 4), (128, 128, 64, 8, 4),
           (64, 256, 32, 4, 4), (128, 128, 32, 4, 4), (128, 64, 32, 4, 4))
# fp8 (e4m3) as tutorial 03 runs it: B passed transposed (K contiguous,
# which wgmma needs for 8-bit operands), an fp16 result.
FP8_CONFIGS = ((128, 256, 128, 8, 3), (128, 128, 128, 8, 4), (128, 256, 64, 8, 4))
CASES = ([(dt, n, *cfg) for dt in DTYPES for n in SIZES for cfg in CONFIGS] +
         [("fp8e4nv", n, *cfg) for n in SIZES for cfg in FP8_CONFIGS] +
         # tutorial 09's persistent kernel: a program per SM ("p" dtypes)
         [("p" + dt, n, 128, 256, 64, 8, 3) for dt in DTYPES for n in SIZES])


def kernel_of(c):
    """(file, kernel name, dtype) of case `c`."""
    if c[0].startswith("p"):
        return PERSISTENT_FILE, "matmul_kernel_persistent", c[0][1:]
    return KERNEL_FILE, "matmul_kernel", c[0]


def name(c):
    dt, n, bm, bn, bk, w, s = c
    return f"{dt} {n}^3 {bm}x{bn}x{bk} w{w} st{s}"


def signature(c):
    _, _, dt = kernel_of(c)
    _, n, bm, bn, bk, w, s = c
    p = f"*{dt}:16"
    if c[0].startswith("p"):
        return (f"{p}, {p}, {p}, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, "
                f"i32:1, i32:16, i32:1, {bm}, {bn}, {bk}, 8, {NUM_SMS}")
    if dt == "fp8e4nv":  # B transposed: stride_bk 1, stride_bn K
        return (f"{p}, {p}, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:1, "
                f"i32:16, i32:16, i32:1, {bm}, {bn}, {bk}, 8")
    return (f"{p}, {p}, {p}, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, "
            f"i32:1, i32:16, i32:1, {bm}, {bn}, {bk}, 8")


def tridentc():
    return os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))


def compile_all(out):
    os.makedirs(out, exist_ok=True)
    for i, c in enumerate(CASES):
        if c[1] != SIZES[0]:
            continue  # one bundle per configuration: sizes are arguments
        f, kname, _ = kernel_of(c)
        subprocess.run([tridentc(), f, "--kernel", kname,
                        "--signature", signature(c), "--target", "cuda:90",
                        "--option", f"num_warps={c[5]}", "--option", f"num_stages={c[6]}",
                        "--no-cache", "-o", os.path.join(out, bundle(c))], check=True)
        print("compiled", name(c))


def bundle(c):
    dt, n, bm, bn, bk, w, s = c
    return f"sm90_{dt}_{bm}x{bn}x{bk}_w{w}_s{s}.bundle"


def dump_ttgir(out):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    os.makedirs(out, exist_ok=True)
    for c in CASES:
        if c[1] != SIZES[0]:
            continue
        f, kname, _ = kernel_of(c)
        fn = getattr(nb.load_module(f), kname)
        sig, constexprs, attrs = amd_compare.triton_signature(fn, signature(c))
        kk = triton.compile(ASTSource(fn=fn, signature=sig, constexprs=constexprs, attrs=attrs),
                            target=GPUTarget("cuda", 90, 32),
                            options={"num_warps": c[5], "num_stages": c[6]})
        with open(os.path.join(out, bundle(c).replace(".bundle", ".ttgir")), "w") as f:
            f.write(kk.asm["ttgir"])
        # Its PTX too, for ptxas -v (registers, spills) beside ours.
        with open(os.path.join(out, bundle(c).replace(".bundle", ".ptx")), "w") as f:
            f.write(kk.asm["ptx"])
        print("dumped", name(c))


def compile_ttgir(out):
    for c in CASES:
        src = os.path.join(out, bundle(c).replace(".bundle", ".ttgir"))
        if c[1] == SIZES[0] and os.path.exists(src):
            subprocess.run([tridentc(), src, "--target", "cuda:90", "--no-cache",
                            "-o", os.path.join(out, "ttgir_" + bundle(c))], check=True)
            print("lowered Triton's TTGIR of", name(c))


def run_all(bundles):
    import torch
    import triton
    rt = nb.Runtime(os.environ.get("TRIDENT_RUNTIME",
                                   os.path.join(HERE, "../../build/lib/libtrident-runtime.so")))
    fns = {}
    stream = torch.cuda.current_stream().cuda_stream
    ts = rt.stream(stream)
    rows, best, wrong = [], {}, 0
    for c in CASES:
        f, kname, dt = kernel_of(c)
        _, n, bm, bn, bk, w, s = c
        persistent = c[0].startswith("p")
        if kname not in fns:
            fns[kname] = getattr(nb.load_module(f), kname)
        fn = fns[kname]
        torch.manual_seed(n)
        if dt == "fp8e4nv":
            a = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn)
            b = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn).T
            odt = torch.float16
        else:
            tdt = torch.float16 if dt == "fp16" else torch.bfloat16
            a = torch.randn(n, n, device="cuda", dtype=tdt)
            b = torch.randn(n, n, device="cuda", dtype=tdt)
            odt = tdt
        ref = (a.float() @ b.float()).to(odt)
        out = torch.full((n, n), float("nan"), device="cuda", dtype=odt)
        args = [a, b, out, n, n, n, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                out.stride(0), out.stride(1)]
        tiles = ((n + bm - 1) // bm) * ((n + bn - 1) // bn)
        grid = [min(NUM_SMS, tiles)] if persistent else [tiles]
        k = rt.kernel(os.path.join(bundles, bundle(c)), kname)
        trident = lambda: rt.launch(k, grid, args, ts)
        trident()
        torch.cuda.synchronize()
        err_t = nb.rel_error(out, ref)
        out.fill_(float("nan"))

        def triton_run():
            extra = {"NUM_SMS": NUM_SMS} if persistent else {}
            fn[(grid[0],)](*args, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                           GROUP_SIZE_M=8, num_warps=w, num_stages=s, **extra)
        triton_run()
        torch.cuda.synchronize()
        err_r = nb.rel_error(out, ref)
        g_rate, err_g = float("nan"), float("nan")
        gpath = os.path.join(bundles, "ttgir_" + bundle(c))
        if os.path.exists(gpath):
            kg = rt.kernel(gpath, kname)
            user = [v for v, p in zip(args, signature(c).split(", ")) if not p.endswith(":1")]
            gl = lambda: rt.launch(kg, grid, user, ts)
            out.fill_(float("nan"))
            gl()
            torch.cuda.synchronize()
            err_g = nb.rel_error(out, ref)
            wrong += not err_g <= 1e-2
            g_rate = 2 * n ** 3 / nb.time_ms(gl, torch) / 1e9
        wrong += not err_t <= 1e-2
        flops = 2 * n ** 3
        t_ms = min(nb.time_ms(trident, torch), nb.time_ms(trident, torch))
        r_ms = min(nb.time_ms(triton_run, torch), nb.time_ms(triton_run, torch))
        t_rate, r_rate = flops / t_ms / 1e9, flops / r_ms / 1e9
        rows.append((name(c), err_t, err_r, t_rate, r_rate, r_ms / t_ms, g_rate, err_g))
        key = (c[0], n)
        bt, br = best.get(key, (0, "", 0, ""))[0:2], best.get(key, (0, "", 0, ""))[2:4]
        best[key] = (max(bt[0], t_rate), name(c) if t_rate > bt[0] else bt[1],
                     max(br[0], r_rate), name(c) if r_rate > br[0] else br[1])
        del a, b, out, ref
    print(f"\n{torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}; "
          "both sm_90a")
    print(f"{'case':32} {'err trident':>11} {'err triton':>10} {'trident':>8} {'triton':>8} "
          f"{'ratio':>6} {'its ttgir':>9} {'err':>8}")
    for r in rows:
        print(f"{r[0]:32} {r[1]:11.2e} {r[2]:10.2e} {r[3]:8.0f} {r[4]:8.0f} {r[5]:6.3f} "
              f"{r[6]:9.0f} {r[7]:8.1e}{'' if r[1] <= 1e-2 else '  WRONG'}")
    print("TFLOP/s (2 n^3 / median of 50 launches, better of two rounds); ratio = Triton's "
          "time / Trident's; its ttgir: Triton's TTGIR lowered by Trident")
    print(f"\n{'problem':14} {'trident best':>12} {'triton best':>11} {'ratio':>6} {'cuBLAS':>7} "
          f"{'vs cuBLAS':>9}")
    for (label, n), (bt, ct, br, cr) in best.items():
        dt = label[1:] if label.startswith("p") else label
        if dt == "fp8e4nv":  # cuBLAS's fp8 GEMM through torch._scaled_mm
            a = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn)
            b = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn).T
            one = torch.ones((), device="cuda")
            run = lambda: torch._scaled_mm(a, b, one, one, out_dtype=torch.float16)
        else:
            tdt = torch.float16 if dt == "fp16" else torch.bfloat16
            a = torch.randn(n, n, device="cuda", dtype=tdt)
            b = torch.randn(n, n, device="cuda", dtype=tdt)
            run = lambda: torch.matmul(a, b)
        cub = 2 * n ** 3 / nb.time_ms(run, torch) / 1e9
        print(f"{label:7} {n}^3 {bt:12.0f} {br:11.0f} {bt / br:6.3f} {cub:7.0f} {bt / cub:9.3f}"
              f"   ({ct} / {cr})")
    print(f"{len(rows) - wrong} correct, {wrong} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    modes = {"compile": compile_all, "run": run_all, "dump": dump_ttgir,
             "compile-ttgir": compile_ttgir}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    sys.exit(modes[sys.argv[1]](sys.argv[2]))
