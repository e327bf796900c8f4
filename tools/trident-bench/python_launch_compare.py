"""Launch cost from Python, in one process: Trident, Triton and the CUDA
driver's own cuLaunchKernel, on the same empty kernels, context and stream.

    python3 tools/trident-bench/python_launch_compare.py

(on a CUDA machine with torch and Triton; Trident's libraries from
TRIDENT_LIB_DIR, its package on PYTHONPATH). Host time per launch: rounds
of LAUNCHES launches back to back on torch's current stream (fewer than
the launch queue holds, so the host never waits for the GPU), synchronized
outside the timing; the median of ROUNDS rounds after a warm-up, the
rounds of every row interleaved (the machine's drift over a run -- clocks,
other tenants -- moved whole rows by 20% when each row ran its rounds in
turn). Trident is timed with its compiled launcher (trident/_launch.c)
and with its pure-Python one; the driver's figure is cuLaunchKernel in a
C loop (bare_launch.c, built here with cc) on Triton's compiled function,
which is the floor any Python launcher adds to. The arguments are written
out at the call site; the 10-argument call spelled (*ys, ...) is timed
too. tools/trident-bench/python_launch_split.py splits Trident's time.
"""
import ctypes
import functools
import importlib.util
import os
import statistics
import subprocess
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


def python_round(launch):
    """One round of LAUNCHES launches from Python: microseconds per launch."""
    def one():
        t0 = time.perf_counter()
        for _ in range(LAUNCHES):
            launch()
        return (time.perf_counter() - t0) / LAUNCHES * 1e6
    for _ in range(200):  # warm-up
        launch()
    return one


@functools.lru_cache(maxsize=None)
def bare_launch():
    """bare_launch.c, built here with cc once per process."""
    lib = os.path.join(tempfile.mkdtemp(), "bare_launch.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", os.path.join(HERE, "bare_launch.c"),
                    "-o", lib, "-ldl"], check=True)
    bare = ctypes.CDLL(lib)
    bare.bare_launch_us.restype = ctypes.c_double
    bare.bare_launch_us.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                    ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint]
    return bare


def driver_round(kernel, params):
    """One round of LAUNCHES cuLaunchKernel calls in a C loop on Triton's
    compiled `kernel`: microseconds per launch."""
    bare = bare_launch()
    kernel._init_handles()
    values = [ctypes.c_uint64(p) if isinstance(p, int) and p > 2 ** 32 else p for p in params]
    # Triton 3.6 kernels take two more pointers: global and profile scratch.
    values += [ctypes.c_void_p(0), ctypes.c_void_p(0)]
    arr = (ctypes.c_void_p * len(values))(*[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p)
                                             for v in values])
    stream = torch.cuda.current_stream().cuda_stream
    block = kernel.metadata.num_warps * 32

    def one():
        us = bare.bare_launch_us(kernel.function, arr, LAUNCHES, stream, block,
                                 kernel.metadata.shared)
        if us < 0:
            raise RuntimeError("cuLaunchKernel failed")
        return us
    one.keep = (bare, arr, values)  # alive while the rounds run
    bare.bare_launch_us(kernel.function, arr, 200, stream, block, kernel.metadata.shared)
    return one


def interleaved(rounds):
    """The median of ROUNDS rounds of each entry of `rounds` (name -> one
    round), the rounds of all entries interleaved so that the machine's
    drift over the run (clocks, other tenants) reaches each alike."""
    torch.cuda.synchronize()
    samples = {name: [] for name in rounds}
    for _ in range(ROUNDS):
        for name, one in rounds.items():
            samples[name].append(one())
            torch.cuda.synchronize()
    return {name: statistics.median(v) for name, v in samples.items()}


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
    from trident import _launcher
    compiled = "Trident, compiled launcher" if _launcher.module() is not None else \
        "Trident (no compiled launcher: " + _launcher.why_not() + ")"
    triton_name = "Triton " + triton.__version__
    rounds = {}
    for name, k in ((triton_name, tr), (compiled, td)):
        rounds[(name, 2)] = python_round(two(k))
        rounds[(name, 10)] = python_round(ten(k))
        rounds[(name, "*")] = python_round(star(k))
    _launcher._state.update(module=None, why="pure Python, for comparison")
    td2 = load(True)
    python_name = "Trident, pure-Python launcher"
    rounds[(python_name, 2)] = python_round(two(td2))
    rounds[(python_name, 10)] = python_round(ten(td2))
    k2 = tr.empty_kernel.warmup(x, 4096, BLOCK=128, grid=(1,))
    k10 = tr.empty_kernel_10.warmup(*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128, grid=(1,))
    driver_name = "cuLaunchKernel in a C loop (the driver)"
    rounds[(driver_name, 2)] = driver_round(k2, [ctypes.c_uint64(x.data_ptr()),
                                                 ctypes.c_int32(4096)])
    rounds[(driver_name, 10)] = driver_round(
        k10, [ctypes.c_uint64(y.data_ptr()) for y in ys] +
        [ctypes.c_int32(4096), ctypes.c_int32(64), ctypes.c_int32(32),
         ctypes.c_float(0.5), ctypes.c_float(2.0)])
    us = interleaved(rounds)
    d2, d10 = us[(driver_name, 2)], us[(driver_name, 10)]
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}; host microseconds "
          f"per launch, median of {ROUNDS} rounds of {LAUNCHES}, the rounds of all rows "
          "interleaved")
    print("| launcher | 2 arguments | 10 arguments | 2 args / driver | 10 args / driver |")
    print("|---|---|---|---|---|")
    for name in (triton_name, compiled, python_name, driver_name):
        a, b = us[(name, 2)], us[(name, 10)]
        print(f"| {name} | {a:.2f} | {b:.2f} | {a / d2:.2f} | {b / d10:.2f} |")
    print("10 arguments as kernel[(1,)](*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128): " +
          ", ".join(f"{name} {us[(name, '*')]:.2f} ({us[(name, '*')] / d10:.2f} x the driver)"
                    for name in (triton_name, compiled)))


if __name__ == "__main__":
    main()
