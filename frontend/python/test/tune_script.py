"""Autotunes one kernel and reports whether this process benchmarked."""
import json
import sys

import numpy as np
import triton
import triton.language as tl

RUNS = []


def count(nargs):
    RUNS.append(1)


@triton.autotune(
    configs=[triton.Config({"BLOCK": 64}, num_warps=1, pre_hook=count),
             triton.Config({"BLOCK": 128}, num_warps=2, pre_hook=count),
             triton.Config({"BLOCK": 256}, num_warps=4, pre_hook=count)],
    key=["n"], warmup=1, rep=2)
@triton.jit
def tuned_add(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + 1.0, mask=m)


n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
x = np.arange(n, dtype=np.float32)
out = np.full(n, np.nan, np.float32)
tuned_add[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, n)
assert np.array_equal(out, x + 1), "wrong result"
print(json.dumps({"benchmarked": tuned_add.configs_timings is not None,
                  "runs": len(RUNS), "best": tuned_add.best_config.kwargs}))
