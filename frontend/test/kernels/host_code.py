# A kernel inside a realistic script: torch, argparse, a dataclass, a
# benchmark class, f-strings, comprehensions, lambdas, and @triton.autotune
# stacked over @triton.heuristics over @triton.jit.  Only the kernel is
# compiled; the host code around it is parsed and ignored.  The signature
# names every parameter, including the ones the autotuner (BLOCK_SIZE) and the
# heuristic (EVEN_N) would supply at run time.
#
# RUN: tridentc %s --kernel scaled_residual_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, fp32, 1024, 1' --emit ttir | FileCheck %s --check-prefix=EVEN
# RUN: tridentc %s --kernel scaled_residual_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, fp32, 512, 0' --emit ttir | FileCheck %s --check-prefix=TAIL

# EVEN_N=1: no mask at all.
# EVEN-LABEL: tt.func public @scaled_residual_kernel(
# EVEN-SAME: %[[ALPHA:[^:]+]]: f32
# EVEN-NOT: arith.cmpi
# EVEN: %[[X:.+]] = tt.load %{{.+}} : tensor<1024x!tt.ptr<f32>>
# EVEN: %[[R:.+]] = tt.load %{{.+}} : tensor<1024x!tt.ptr<f32>>
# EVEN: %[[A:.+]] = tt.splat %[[ALPHA]] : f32 -> tensor<1024xf32>
# EVEN: %[[AX:.+]] = arith.mulf %[[A]], %[[X]] : tensor<1024xf32>
# EVEN: %[[S:.+]] = arith.addf %[[AX]], %[[R]] : tensor<1024xf32>
# EVEN: tt.store %{{.+}}, %[[S]] : tensor<1024x!tt.ptr<f32>>
# EVEN-NOT: scf.if
# Only the kernel is compiled: no other function appears.
# EVEN-NOT: tt.func

# EVEN_N=0: masked loads with zero padding and a masked store.
# TAIL-LABEL: tt.func public @scaled_residual_kernel(
# TAIL: %[[MASK:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : tensor<512xi32>
# TAIL: tt.load %{{.+}}, %[[MASK]], %{{.+}} : tensor<512x!tt.ptr<f32>>
# TAIL: tt.load %{{.+}}, %[[MASK]], %{{.+}} : tensor<512x!tt.ptr<f32>>
# TAIL: arith.mulf %{{.+}}, %{{.+}} : tensor<512xf32>
# TAIL: arith.addf %{{.+}}, %{{.+}} : tensor<512xf32>
# TAIL: tt.store %{{.+}}, %{{.+}}, %[[MASK]] : tensor<512x!tt.ptr<f32>>
# TAIL-NOT: scf.if
"""Scaled residual add: out = alpha * x + residual.

Run ``python host_code.py --size 1048576 --alpha 0.5`` on a machine with a GPU
to check the kernel against PyTorch and time it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional

import torch
import triton
import triton.language as tl

_BLOCK_SIZES = [256, 512, 1024]
_WARPS = {256: 2, 512: 4, 1024: 8}

def _autotune_configs() -> List[triton.Config]:
    return [
        triton.Config({"BLOCK_SIZE": bs}, num_warps=_WARPS[bs], num_stages=s)
        for bs in _BLOCK_SIZES
        for s in (1, 2)
        if not (bs == 256 and s == 2)
    ]

@triton.autotune(configs=_autotune_configs(), key=["n_elements"])
@triton.heuristics({"EVEN_N": lambda args: args["n_elements"] % args["BLOCK_SIZE"] == 0})
@triton.jit
def scaled_residual_kernel(x_ptr, res_ptr, out_ptr, n_elements, alpha,
                           BLOCK_SIZE: tl.constexpr, EVEN_N: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    if EVEN_N:
        x = tl.load(x_ptr + offs)
        r = tl.load(res_ptr + offs)
        tl.store(out_ptr + offs, alpha * x + r)
    else:
        mask = offs < n_elements
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        r = tl.load(res_ptr + offs, mask=mask, other=0.0)
        tl.store(out_ptr + offs, alpha * x + r, mask=mask)

def scaled_residual(x: torch.Tensor, residual: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    assert x.shape == residual.shape, f"shape mismatch: {tuple(x.shape)} vs {tuple(residual.shape)}"
    assert x.is_contiguous() and residual.is_contiguous()
    out = torch.empty_like(x)
    n = x.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
    scaled_residual_kernel[grid](x, residual, out, n, alpha)
    return out

@dataclass
class BenchResult:
    size: int
    ms: float
    extra: Dict[str, float] = field(default_factory=dict)

    @property
    def gbps(self) -> float:
        # Two reads and one write of fp32.
        return 3 * 4 * self.size / (self.ms * 1e-3) / 1e9

    def __str__(self) -> str:
        notes = ", ".join(f"{k}={v:.3g}" for k, v in sorted(self.extra.items()))
        return f"n={self.size:>10,d}  {self.ms:8.4f} ms  {self.gbps:7.1f} GB/s" + (f"  ({notes})" if notes else "")

class Bench:
    """Times a callable with CUDA events, after a few warm-up calls."""

    def __init__(self, fn: Callable[[], object], warmup: int = 3, reps: int = 10) -> None:
        self.fn, self.warmup, self.reps = fn, warmup, reps

    def __call__(self) -> float:
        for _ in range(self.warmup):
            self.fn()
        torch.cuda.synchronize()
        start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
        start.record()
        for _ in range(self.reps):
            self.fn()
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end) / self.reps

def check(size: int, alpha: float, device: str) -> Optional[str]:
    x = torch.randn(size, device=device)
    r = torch.randn(size, device=device)
    got = scaled_residual(x, r, alpha)
    want = alpha * x + r
    if not torch.allclose(got, want, atol=1e-6, rtol=1e-5):
        worst = (got - want).abs().max().item()
        return f"size {size}: max abs error {worst:.3e}"
    return None

def parse_args(argv: Optional[List[str]] = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=1 << 20, help="number of elements")
    p.add_argument("--alpha", type=float, default=0.5)
    p.add_argument("--sizes", type=lambda s: [int(v) for v in s.split(",")], default=None,
                   help='comma-separated list, e.g. "1000,4096"')
    p.add_argument("--no-bench", action="store_true")
    return p.parse_args(argv)

def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if not torch.cuda.is_available():
        print("no GPU: nothing to run", file=sys.stderr)
        return 0
    device = "cuda"
    sizes = args.sizes or [args.size, args.size + 7, 2 ** int(math.log2(args.size))]
    failures = [msg for msg in (check(n, args.alpha, device) for n in sizes) if msg]
    for msg in failures:
        print(f"FAIL {msg}")
    if failures:
        return 1
    if not args.no_bench:
        results = []
        for n in sorted(set(sizes)):
            x, r = (torch.randn(n, device=device) for _ in "xr")
            t0 = time.perf_counter()
            ms = Bench(lambda: scaled_residual(x, r, args.alpha))()
            results.append(BenchResult(n, ms, {"wall_s": time.perf_counter() - t0}))
        print(*results, sep="\n")
        best = max(results, key=lambda res: res.gbps)
        print(f"best: {best.gbps:.1f} GB/s at n={best.size}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
