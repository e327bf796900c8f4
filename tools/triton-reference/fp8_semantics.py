# Prints the bytes Triton produces when converting edge-case values to fp8
# on the local GPU, and fp8 sums/products, as JSON. The conformance suite's
# fp8 reference (conformance/runner/Harness.cpp, fp8Encode) was checked
# against this output on an H200 with Triton 3.6 (see docs/conformance.md):
#
#   python3 tools/triton-reference/fp8_semantics.py > fp8.json
import json
import math

import torch
import triton
import triton.language as tl


@triton.jit
def cast(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m).to(out_ptr.dtype.element_ty), mask=m)


@triton.jit
def cast_rtz(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x.to(out_ptr.dtype.element_ty, fp_downcast_rounding="rtz"), mask=m)


@triton.jit
def binary(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    r = x + y if OP == "add" else x * y
    tl.store(out_ptr + offs, r, mask=m)


inf, nan = math.inf, math.nan
EDGES = {
    "fp8e4nv": [nan, inf, -inf, 0.0, -0.0, 448, 449, 464, 465, 480, -1e9, 1e30,
                2**-9, 2**-10, 3 * 2**-10, 5 * 2**-11, 0.0625 + 0.0078125, 1.0625,
                1.1875, 1e-30],
    "fp8e5": [nan, inf, -inf, 0.0, -0.0, 57344, 61440, 61441, 65536, -1e9,
              2**-16, 2**-17, 3 * 2**-17, 1.125, 1.375, 1e-30],
}
TORCH = {"fp8e4nv": torch.float8_e4m3fn, "fp8e5": torch.float8_e5m2}


def run(kernel, x, out_dtype, **kw):
    out = torch.zeros(x.numel(), dtype=out_dtype, device="cuda")
    try:
        kernel[(1,)](x, out, x.numel(), BLOCK=32, **kw)
    except Exception as e:  # an unsupported conversion: record why
        return "error: " + str(e).splitlines()[0][:200]
    torch.cuda.synchronize()
    return out.view(torch.uint8).tolist()


results = {}
for name, values in EDGES.items():
    for src in (torch.float32, torch.float16, torch.bfloat16):
        x = torch.tensor(values, dtype=torch.float32).to(src).cuda()
        key = f"{str(src).split('.')[-1]}->{name}"
        results[key] = {"inputs": [float(v) for v in x.float().cpu()],
                        "rtne": run(cast, x, TORCH[name]),
                        "rtz": run(cast_rtz, x, TORCH[name])}
for name in EDGES:
    # Every pair of small positive bytes, so that ties occur.
    a = torch.arange(0, 128, dtype=torch.uint8).repeat_interleave(128)
    b = torch.arange(0, 128, dtype=torch.uint8).repeat(128)
    xa = a.view(TORCH[name]).cuda()
    xb = b.view(TORCH[name]).cuda()
    for op in ("add", "mul"):
        out = torch.zeros(a.numel(), dtype=TORCH[name], device="cuda")
        try:
            binary[(a.numel() // 128,)](xa, xb, out, a.numel(), OP=op, BLOCK=128)
            torch.cuda.synchronize()
            results[f"{name} {op}"] = out.view(torch.uint8).cpu().tolist()
        except Exception as e:
            results[f"{name} {op}"] = "error: " + str(e).splitlines()[0][:200]
print(json.dumps(results))
