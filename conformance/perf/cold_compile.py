#!/usr/bin/env python3
"""Cold compile of the sm_90 matmul and attention kernels, Triton beside
Trident, on the GPU machine.

Each measurement is a fresh interpreter with empty caches (TRITON_CACHE_DIR
and TRIDENT_CACHE_DIR in a new directory): `python3 THIS --one KERNEL`
under the installed Triton, `python3 -m trident THIS --one KERNEL` under
Trident. The child launches the kernel twice, synchronizing after each;
the compile time is the first launch's wall time minus the second's (the
second is a launch from the in-memory table, so what remains is the
compile: Triton's Python frontend, MLIR passes, LLVM, ptxas, loading).
Two processes each (RUNS), the median.

  matmul     conformance/kernels/matmul.py (tutorial 03), fp16, 4096^3,
             128x256x64, GROUP_SIZE_M 8, 8 warps, 3 stages
  attention  conformance/kernels/fused_attention.py (tutorial 06 forward,
             block pointers), fp16, Z=1 H=2 N=1024 D=128, 128x128, 8 warps,
             3 stages, non-causal

  python3 conformance/perf/cold_compile.py           the table
Needs torch with CUDA; the Trident side needs Trident's package on
PYTHONPATH and its libraries (TRIDENT_LIB_DIR).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "kernels")
RUNS = 2  # fresh processes per compiler and kernel; the median


def launch(name):
    """A callable launching the kernel once on fresh inputs."""
    import torch
    sys.path.insert(0, KERNELS)
    if name == "matmul":
        from matmul import matmul_kernel
        M = N = K = 4096
        a = torch.randn(M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", dtype=torch.float16)
        c = torch.empty(M, N, device="cuda", dtype=torch.float16)
        grid = ((M // 128) * (N // 256),)

        def go():
            matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                                b.stride(1), c.stride(0), c.stride(1), BLOCK_SIZE_M=128,
                                BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8,
                                num_warps=8, num_stages=3)
        return go
    if name == "attention":
        from fused_attention import attn_fwd
        Z, H, N, D = 1, 2, 1024, 128
        q, k, v = (torch.randn(Z, H, N, D, device="cuda", dtype=torch.float16)
                   for _ in range(3))
        o = torch.empty_like(q)
        m = torch.empty(Z * H, N, device="cuda", dtype=torch.float32)
        grid = (N // 128, Z * H)

        def go():
            attn_fwd[grid](q, k, v, 0.125, m, o, *q.stride(), *k.stride(), *v.stride(),
                           *o.stride(), Z, H, N_CTX=N, HEAD_DIM=D, BLOCK_M=128,
                           BLOCK_N=128, STAGE=1, num_warps=8, num_stages=3)
        return go
    raise SystemExit(f"unknown kernel {name!r} (kernels: matmul, attention)")


def one(name):
    import torch
    import triton
    go = launch(name)
    torch.cuda.synchronize()
    times = []
    for _ in range(2):
        t0 = time.perf_counter()
        go()
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    print("RESULT " + json.dumps({"kernel": name, "compiler": triton.__name__,
                                  "compile_s": times[0] - times[1]}), flush=True)


def measure(name, compiler):
    got = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory(prefix="cc-") as tmp:
            env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "triton"),
                       TRIDENT_CACHE_DIR=os.path.join(tmp, "trident"))
            cmd = [sys.executable] + (["-m", "trident"] if compiler == "trident" else [])
            cmd += [os.path.abspath(__file__), "--one", name]
            r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
        lines = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
        if r.returncode != 0 or not lines:
            print(f"--- {compiler} {name}: exit {r.returncode}\n{(r.stdout + r.stderr)[-2000:]}")
            return None
        got.append(json.loads(lines[-1][7:])["compile_s"])
    return statistics.median(got), got


def main(argv):
    if argv[:1] == ["--one"]:
        return one(argv[1])
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    import torch
    print(f"{torch.cuda.get_device_name()}; cold compile, median of {RUNS} fresh processes")
    print(f"{'kernel':10} {'triton s':>9} {'trident s':>10} {'ratio':>6}")
    for name in ("matmul", "attention"):
        tri, trd = measure(name, "triton"), measure(name, "trident")
        if tri and trd:
            print(f"{name:10} {tri[0]:9.3f} {trd[0]:10.3f} {trd[0] / tri[0]:6.2f}   "
                  f"(runs: triton {', '.join(f'{t:.3f}' for t in tri[1])}; "
                  f"trident {', '.join(f'{t:.3f}' for t in trd[1])})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
