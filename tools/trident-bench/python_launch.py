"""Launch overhead from Python: the cost of `kernel[grid](...)` for an empty
kernel, as a Triton script sees it.

    python3 tools/trident-bench/python_launch.py             # under Triton
    python3 -m trident tools/trident-bench/python_launch.py  # under Trident

The same file runs unchanged under both (`import triton` resolves to
Trident through the drop-in). Each round times the host issuing LAUNCHES
kernels back to back on torch's current stream (fewer than the GPU's launch
queue holds, so the host never waits for the GPU), then synchronizes
outside the timing; the figure is the median over ROUNDS rounds of host
time per launch, after a warm-up. A second figure, "with GPU", includes the
synchronization: the rate at which launches complete.
Two kernels: one with a pointer and an integer, one with 4 pointers, 2
integers and a float, which is a typical elementwise kernel's signature.
"""
import statistics
import sys
import time

import torch
import triton
import triton.language as tl


@triton.jit
def empty_kernel(x_ptr, n, BLOCK: tl.constexpr):
    pass


@triton.jit
def empty_kernel_7(a_ptr, b_ptr, c_ptr, d_ptr, n, stride, alpha, BLOCK: tl.constexpr):
    pass


ROUNDS, LAUNCHES = 41, 500


def measure(launch):
    for _ in range(200):
        launch()
    torch.cuda.synchronize()
    host, total = [], []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        for _ in range(LAUNCHES):
            launch()
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        t2 = time.perf_counter()
        host.append((t1 - t0) / LAUNCHES * 1e6)
        total.append((t2 - t0) / LAUNCHES * 1e6)
    return statistics.median(host), statistics.median(total)


x = torch.empty(4096, device="cuda")
ys = [torch.empty(4096, device="cuda") for _ in range(4)]
impl = "trident" if triton.__name__ == "trident" else f"triton {triton.__version__}"
a = measure(lambda: empty_kernel[(1,)](x, 4096, BLOCK=128))
b = measure(lambda: empty_kernel_7[(1,)](*ys, 4096, 64, 0.5, BLOCK=128))
print(f"{impl}: empty kernel, 2 args: {a[0]:.2f} us/launch on the host ({a[1]:.2f} with GPU); "
      f"7 args: {b[0]:.2f} us/launch ({b[1]:.2f} with GPU)")
