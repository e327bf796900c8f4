#!/usr/bin/env python3
"""Fused attention forward on the H200: Trident and Triton 3.6, same file.

The Hopper issue's attention yardstick: conformance/kernels/
fused_attention.py (tutorial 06's forward pass in its block-pointer
form), fp16, Z=4 H=32 N=4096, D=64 and D=128, causal and not, over the
same configurations for both compilers (each one's best reported),
beside torch's scaled_dot_product_attention.

  here:  python3 conformance/perf/sm90_attention.py compile OUT/
  there: python3 conformance/perf/sm90_attention.py dump OUT/ (optional:
         Triton's TTGIR of each case; `compile-ttgir OUT/` here lowers it)
  there: python3 conformance/perf/sm90_attention.py run OUT/
         (TRIDENT_RUNTIME=.../libtrident-runtime.so): outputs poisoned with
         NaN, checked against torch; CUDA events, warm-up, the median of 50
         launches, the better of two rounds; TFLOP/s = 4 Z H N^2 D (half of
         it causal) / time.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nvidia_bench as nb  # noqa: E402

KERNEL_FILE = os.path.join(HERE, "..", "kernels", "fused_attention.py")
Z, H, N = 4, 32, 4096
# (HEAD_DIM, causal) x (BLOCK_M, BLOCK_N, num_warps, num_stages)
PROBLEMS = [(64, False), (64, True), (128, False), (128, True)]
CONFIGS = [(128, 64, 4, 3), (128, 64, 8, 3), (128, 128, 8, 3), (64, 64, 4, 3)]


def signature(d, causal, cfg):
    bm, bn, w, s = cfg
    p = "*fp16:16"
    strides = ", ".join(["i32:16", "i32:16", "i32:16", "i32:1"] * 4)
    return (f"{p}, {p}, {p}, fp32, *fp32:16, {p}, {strides}, i32, i32, "
            f"{N}, {d}, {bm}, {bn}, {3 if causal else 1}")


def bundle(d, causal, cfg):
    bm, bn, w, s = cfg
    return f"attn_d{d}_{'causal' if causal else 'full'}_{bm}x{bn}_w{w}_s{s}.bundle"


def compile_all(out):
    os.makedirs(out, exist_ok=True)
    tridentc = os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))
    for d, causal in PROBLEMS:
        for cfg in CONFIGS:
            subprocess.run([tridentc, KERNEL_FILE, "--kernel", "attn_fwd",
                            "--signature", signature(d, causal, cfg), "--target", "cuda:90",
                            "--option", f"num_warps={cfg[2]}", "--option", f"num_stages={cfg[3]}",
                            "--no-cache", "-o", os.path.join(out, bundle(d, causal, cfg))],
                           check=True)
            print("compiled", bundle(d, causal, cfg))


def run_all(bundles):
    import torch
    import triton
    rt = nb.Runtime(os.environ.get("TRIDENT_RUNTIME",
                                   os.path.join(HERE, "../../build/lib/libtrident-runtime.so")))
    fn = getattr(nb.load_module(KERNEL_FILE), "attn_fwd")
    ts = rt.stream(torch.cuda.current_stream().cuda_stream)
    wrong, summary = 0, []
    print(f"{'problem':22} {'config':16} {'err trident':>11} {'err triton':>10} {'trident':>8} "
          f"{'triton':>8} {'ratio':>6} {'its ttgir':>9}")
    for d, causal in PROBLEMS:
        torch.manual_seed(d)
        q = torch.randn(Z, H, N, d, device="cuda", dtype=torch.float16)
        k = torch.randn(Z, H, N, d, device="cuda", dtype=torch.float16)
        v = torch.randn(Z, H, N, d, device="cuda", dtype=torch.float16)
        sm_scale = 0.5
        ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                               scale=sm_scale)
        flops = 4 * Z * H * N * N * d * (0.5 if causal else 1.0)
        sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(
            q, k, v, is_causal=causal, scale=sm_scale)
        t_sdpa = nb.time_ms(sdpa, torch)
        best_t, best_r = (0.0, ""), (0.0, "")
        for cfg in CONFIGS:
            bm, bn, w, s = cfg
            o = torch.full_like(q, float("nan"))
            m = torch.empty(Z * H, N, device="cuda", dtype=torch.float32)
            args = [q, k, v, sm_scale, m, o]
            for t in (q, k, v, o):
                args += list(t.stride())
            args += [Z, H]
            grid = [(N + bm - 1) // bm, Z * H, 1]
            kern = rt.kernel(os.path.join(bundles, bundle(d, causal, cfg)), "attn_fwd")
            trident = lambda: rt.launch(kern, grid, args, ts)
            trident()
            torch.cuda.synchronize()
            err_t = nb.rel_error(o, ref)
            o.fill_(float("nan"))

            def triton_run():
                fn[tuple(grid)](*args, N_CTX=N, HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=bn,
                                STAGE=3 if causal else 1, num_warps=w, num_stages=s)
            triton_run()
            torch.cuda.synchronize()
            err_r = nb.rel_error(o, ref)
            t_ms = min(nb.time_ms(trident, torch), nb.time_ms(trident, torch))
            r_ms = min(nb.time_ms(triton_run, torch), nb.time_ms(triton_run, torch))
            rt_, rr_ = flops / t_ms / 1e9, flops / r_ms / 1e9
            ok = err_t <= 1e-2
            wrong += not ok
            # Triton's TTGIR of the same case lowered by Trident (made with
            # `compile-ttgir` from `dump`'s files), where present.
            g_rate, err_g = float("nan"), float("nan")
            gpath = os.path.join(bundles, "ttgir_" + bundle(d, causal, cfg))
            if os.path.exists(gpath):
                spec = signature(d, causal, cfg).split(", ")
                user = [a for a, p in zip(args, spec) if not p.endswith(":1")]
                kg = rt.kernel(gpath, "attn_fwd")
                gl = lambda: rt.launch(kg, grid, user, ts)
                o.fill_(float("nan"))
                gl()
                torch.cuda.synchronize()
                err_g = nb.rel_error(o, ref)
                wrong += not err_g <= 1e-2
                g_rate = flops / min(nb.time_ms(gl, torch), nb.time_ms(gl, torch)) / 1e9
            name = f"D={d} {'causal' if causal else 'full'}"
            print(f"{name:22} {bm}x{bn} w{w} s{s}{'':3} {err_t:11.2e} {err_r:10.2e} {rt_:8.0f} "
                  f"{rr_:8.0f} {r_ms / t_ms:6.3f} {g_rate:9.0f}{'' if ok else '  WRONG'}")
            if rt_ > best_t[0]:
                best_t = (rt_, f"{bm}x{bn} w{w} s{s}")
            if rr_ > best_r[0]:
                best_r = (rr_, f"{bm}x{bn} w{w} s{s}")
        summary.append((f"D={d} {'causal' if causal else 'full'}", best_t, best_r,
                        flops / t_sdpa / 1e9))
    print(f"\n{torch.cuda.get_device_name()}, torch {torch.__version__}, triton {triton.__version__}")
    print(f"{'problem':14} {'trident best':>12} {'triton best':>11} {'ratio':>6} {'sdpa':>6} "
          f"{'vs sdpa':>7}")
    for name, bt, br, sd in summary:
        print(f"{name:14} {bt[0]:12.0f} {br[0]:11.0f} {bt[0] / br[0]:6.3f} {sd:6.0f} "
              f"{bt[0] / sd:7.3f}   ({bt[1]} / {br[1]})")
    print(f"{'all correct' if not wrong else str(wrong) + ' wrong'}")
    return 1 if wrong else 0


def dump_ttgir(out):
    """There: Triton's TTGIR of each case (sm_90)."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    import amd_compare
    os.makedirs(out, exist_ok=True)
    fn = getattr(nb.load_module(KERNEL_FILE), "attn_fwd")
    for d, causal in PROBLEMS:
        for cfg in CONFIGS:
            sig, ce, attrs = amd_compare.triton_signature(fn, signature(d, causal, cfg))
            kk = triton.compile(ASTSource(fn=fn, signature=sig, constexprs=ce, attrs=attrs),
                                target=GPUTarget("cuda", 90, 32),
                                options={"num_warps": cfg[2], "num_stages": cfg[3]})
            with open(os.path.join(out, bundle(d, causal, cfg).replace(".bundle", ".ttgir")),
                      "w") as f:
                f.write(kk.asm["ttgir"])
            # Its PTX too, for ptxas -v (registers, spills) beside ours.
            with open(os.path.join(out, bundle(d, causal, cfg).replace(".bundle", ".ptx")), "w") as f:
                f.write(kk.asm["ptx"])


def compile_ttgir(out):
    """Here: the dumped TTGIR lowered by Trident."""
    tridentc = os.environ.get("TRIDENTC", os.path.join(HERE, "../../build/bin/tridentc"))
    for d, causal in PROBLEMS:
        for cfg in CONFIGS:
            src = os.path.join(out, bundle(d, causal, cfg).replace(".bundle", ".ttgir"))
            if os.path.exists(src):
                subprocess.run([tridentc, src, "--target", "cuda:90", "--no-cache", "-o",
                                os.path.join(out, "ttgir_" + bundle(d, causal, cfg))], check=True)


if __name__ == "__main__":
    modes = {"compile": compile_all, "run": run_all, "dump": dump_ttgir,
             "compile-ttgir": compile_ttgir}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    sys.exit(modes[sys.argv[1]](sys.argv[2]))
