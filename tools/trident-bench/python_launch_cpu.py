"""The Python side of a launch without a GPU: kernel[grid](...) on torch
CPU tensors through the compiled dispatcher and launcher, with the
runtime's trident_kernel_launch replaced by a C no-op (what
python_launch_split.py's second row measures on a GPU) and the launcher
given a stream source as on a GPU. It isolates the package's own cost
(binding, the specialization key, the launch table, packing) from the
runtime and the driver, so changes to it can be measured on any machine
with torch (the CPU build is enough).

    TRIDENT_LIB_DIR=build/lib PYTHONPATH=frontend/python \\
        python3 tools/trident-bench/python_launch_cpu.py
"""
import ctypes, os, statistics, struct, subprocess, tempfile, time
import torch
from trident._dropin import load_file
from trident import _launcher
from trident.compiler import compiler as C

HERE = os.path.dirname(os.path.abspath(__file__))
lib = os.path.join(tempfile.mkdtemp(), "split.so")
subprocess.run(["cc", "-O2", "-shared", "-fPIC", os.path.join(HERE, "launch_split.c"), "-o", lib,
                "-ldl"], check=True)
S = ctypes.CDLL(lib)
m = load_file(os.path.join(HERE, "launch_kernels.py"), "launch_kernels_cpu")
x = torch.empty(4096)
a, b, c, d, e = ys = [torch.empty(4096) for _ in range(5)]


def measure(f, rounds=31, n=2000):
    for _ in range(500):
        f()
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        out.append((time.perf_counter() - t0) / n * 1e6)
    return statistics.median(out)


two = lambda: m.empty_kernel[(1,)](x, 4096, BLOCK=128)
ten = lambda: m.empty_kernel_10[(1,)](a, b, c, d, e, 4096, 64, 32, 0.5, 2.0, BLOCK=128)
ten_star = lambda: m.empty_kernel_10[(1,)](*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128)
k2 = m.empty_kernel.warmup(x, 4096, BLOCK=128, grid=(1,))
k10 = m.empty_kernel_10.warmup(*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128, grid=(1,))
two(); ten()
fast = _launcher.module()
stub = ctypes.cast(S.stub_launch, ctypes.c_void_p).value
for k in (k2, k10):
    slots = [(pos, C._arg_slot(t)[0], 0 if pos in k._torch_args else 1)
             for pos, t in zip(k._positions, k._types)]
    # A stream source as on a GPU: int(0) in place of torch's raw stream.
    k._c_launch = fast.make(stub, k._kernel.value, slots, C._address, C._grid3,
                            k.device.runtime.check, struct.error, (int, 0, {0: None}, lambda: None))
print("Python side of kernel[(1,)](...), runtime call a no-op, us per launch (median of 31 x 2000):")
print("  2 args %.3f   10 args %.3f   10 args as (*ys, ...) %.3f" % (measure(two), measure(ten),
                                                                     measure(ten_star)))
print("  calls the dispatcher handed to the Python path: %d, %d" % (
    m.empty_kernel._entry.fallbacks, m.empty_kernel_10._entry.fallbacks))
