"""Launch cost from Python, in one process: Trident, Triton and the CUDA
driver's own cuLaunchKernel, on the same empty kernels, context and stream.

    python3 tools/trident-bench/python_launch_compare.py

(on a CUDA machine with torch and Triton; Trident's libraries from
TRIDENT_LIB_DIR, its package on PYTHONPATH). Host time per launch: rounds
of LAUNCHES launches back to back on torch's current stream (fewer than
the launch queue holds, so the host never waits for the GPU), synchronized
outside the timing; the median of ROUNDS rounds after a warm-up. Trident
is timed with its compiled launcher (trident/_launch.c) and with its
pure-Python one; the driver's figure is cuLaunchKernel in a C loop
(bare_launch.c, built here with cc) on Triton's compiled function, which
is the floor any Python launcher adds to. Two more rows split Trident's
time: its compiled kernel's launcher called alone (binding, the key and
the table lookup left out), with and without the stream lookup.
"""
import ctypes
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

import torch
import triton


HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS, LAUNCHES = 41, 500


def load(as_trident):
    """launch_kernels.py as a module, compiled by Trident or by Triton."""
    path = os.path.join(HERE, "launch_kernels.py")
    if as_trident:
        from trident._dropin import load_file
        return load_file(path, "launch_kernels_trident")
    spec = importlib.util.spec_from_file_location("launch_kernels_triton", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def measure(launch):
    for _ in range(200):
        launch()
    torch.cuda.synchronize()
    host = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        for _ in range(LAUNCHES):
            launch()
        host.append((time.perf_counter() - t0) / LAUNCHES * 1e6)
        torch.cuda.synchronize()
    return statistics.median(host)


def bare_driver(kernel, params):
    """cuLaunchKernel alone on Triton's compiled `kernel`."""
    lib = os.path.join(tempfile.mkdtemp(), "bare_launch.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", os.path.join(HERE, "bare_launch.c"),
                    "-o", lib, "-ldl"], check=True)
    bare = ctypes.CDLL(lib)
    bare.bare_launch_us.restype = ctypes.c_double
    bare.bare_launch_us.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                    ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint]
    kernel._init_handles()
    values = [ctypes.c_uint64(p) if isinstance(p, int) and p > 2 ** 32 else p for p in params]
    # Triton 3.6 kernels take two more pointers: global and profile scratch.
    values += [ctypes.c_void_p(0), ctypes.c_void_p(0)]
    arr = (ctypes.c_void_p * len(values))(*[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p)
                                             for v in values])
    stream = torch.cuda.current_stream().cuda_stream
    block = kernel.metadata.num_warps * 32
    out = []
    bare.bare_launch_us(kernel.function, arr, 200, stream, block, kernel.metadata.shared)
    torch.cuda.synchronize()
    for _ in range(ROUNDS):
        us = bare.bare_launch_us(kernel.function, arr, LAUNCHES, stream, block,
                                 kernel.metadata.shared)
        if us < 0:
            raise RuntimeError("cuLaunchKernel failed")
        out.append(us)
        torch.cuda.synchronize()
    return statistics.median(out)


def main():
    x = torch.empty(4096, device="cuda")
    ys = y0, y1, y2, y3, y4 = [torch.empty(4096, device="cuda") for _ in range(5)]
    # The arguments written out, as a call site spells them; the star form
    # (CALL_FUNCTION_EX: a tuple and a dict built per call) is timed too.
    two = lambda k: (lambda: k.empty_kernel[(1,)](x, 4096, BLOCK=128))  # noqa: E731
    ten = lambda k: (lambda: k.empty_kernel_10[(1,)](y0, y1, y2, y3, y4, 4096, 64, 32, 0.5, 2.0,  # noqa: E731
                                                     BLOCK=128))
    star = lambda k: (lambda: k.empty_kernel_10[(1,)](*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128))  # noqa: E731
    tr, td = load(False), load(True)
    rows = {}
    stars = {}
    rows["Triton " + triton.__version__] = (measure(two(tr)), measure(ten(tr)))
    stars["Triton " + triton.__version__] = measure(star(tr))
    from trident import _launcher
    compiled = _launcher.module() is not None
    name = "Trident, compiled launcher" if compiled else \
        "Trident (no compiled launcher: " + _launcher.why_not() + ")"
    rows[name] = (measure(two(td)), measure(ten(td)))
    stars[name] = measure(star(td))
    # Where Trident's time goes: its kernel's launcher alone (it reads each
    # tensor's data_ptr and lets the runtime look the pointer up, packs the
    # values, calls the runtime and the driver) with the stream known, and
    # with the stream looked up as each launch does.
    h2 = two(td)()
    h10 = ten(td)()
    v2, v10 = (x, 4096, 128), (*ys, 4096, 64, 32, 0.5, 2.0, 128)
    s2, s10 = h2.stream(), h10.stream()
    rows["Trident: its launcher alone, stream known"] = (
        measure(lambda: h2._launch((1,), s2, v2)), measure(lambda: h10._launch((1,), s10, v10)))
    rows["Trident: its launcher alone, stream looked up"] = (
        measure(lambda: h2._launch((1,), h2.stream(), v2)),
        measure(lambda: h10._launch((1,), h10.stream(), v10)))
    _launcher._state.update(module=None, why="pure Python, for comparison")
    td2 = load(True)
    rows["Trident, pure-Python launcher"] = (measure(two(td2)), measure(ten(td2)))
    k2 = tr.empty_kernel.warmup(x, 4096, BLOCK=128, grid=(1,))
    k10 = tr.empty_kernel_10.warmup(*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128, grid=(1,))
    d2 = bare_driver(k2, [ctypes.c_uint64(x.data_ptr()), ctypes.c_int32(4096)])
    d10 = bare_driver(k10, [ctypes.c_uint64(y.data_ptr()) for y in ys] +
                      [ctypes.c_int32(4096), ctypes.c_int32(64), ctypes.c_int32(32),
                       ctypes.c_float(0.5), ctypes.c_float(2.0)])
    rows["cuLaunchKernel in a C loop (the driver)"] = (d2, d10)
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}; host microseconds "
          f"per launch, median of {ROUNDS} rounds of {LAUNCHES}")
    print("| launcher | 2 arguments | 10 arguments | 2 args / driver | 10 args / driver |")
    print("|---|---|---|---|---|")
    for name, (a, b) in rows.items():
        print(f"| {name} | {a:.2f} | {b:.2f} | {a / d2:.2f} | {b / d10:.2f} |")
    print("10 arguments as kernel[(1,)](*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128): " +
          ", ".join(f"{name} {us:.2f} ({us / d10:.2f} x the driver)" for name, us in stars.items()))


if __name__ == "__main__":
    main()
