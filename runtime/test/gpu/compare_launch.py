"""Launch overhead of PyTorch and Triton on the same GPU, for comparison
with trident-runtime-gpu-test's figure: host time per launch of a trivial
kernel, 10,000 launches, median of 7 runs (the same protocol)."""
import statistics
import time

import torch
import triton
import triton.language as tl


@triton.jit
def empty_kernel(p, n):
    pass


def per_launch_us(fn, launches=10000, reps=7):
    for _ in range(1000):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(launches):
            fn()
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        times.append((t1 - t0) / launches * 1e6)
    return statistics.median(times), min(times), max(times)


x = torch.full((1024,), 1.5, device="cuda")
print("torch %s, triton %s, %s" % (torch.__version__, triton.__version__,
                                   torch.cuda.get_device_name()))
med, lo, hi = per_launch_us(lambda: x.add_(1.0))
print("PyTorch x.add_(1.0): median %.2f us per launch (min %.2f, max %.2f)"
      % (med, lo, hi))
med, lo, hi = per_launch_us(lambda: empty_kernel[(1,)](x, 1024))
print("Triton empty kernel[(1,)](x, n): median %.2f us per launch (min %.2f, "
      "max %.2f)" % (med, lo, hi))
s = torch.cuda.Stream()
with torch.cuda.stream(s):
    med, lo, hi = per_launch_us(lambda: x.add_(1.0))
    print("PyTorch x.add_(1.0) on a side stream: median %.2f us" % med)
    med, lo, hi = per_launch_us(lambda: empty_kernel[(1,)](x, 1024))
    print("Triton launch on a side stream: median %.2f us" % med)
