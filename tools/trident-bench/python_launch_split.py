"""Where Trident's launch time goes from Python, in one process on a CUDA
GPU: the whole kernel[grid](...) (the compiled dispatcher and launcher),
the same with the runtime call replaced by a C no-op (what Python, the
dispatcher and the launcher cost alone), the runtime's
trident_kernel_launch in a C loop (the runtime and the driver, tensors
passed as the dispatcher passes them and as plain pointers the runtime
looks up), and the driver's own cuLaunchKernel in a C loop (the floor,
as python_launch_compare.py measures it).

    python3 tools/trident-bench/python_launch_split.py
    python3 tools/trident-bench/python_launch_split.py --loop SECONDS

(TRIDENT_LIB_DIR and PYTHONPATH=frontend/python set, torch and Triton on
a CUDA GPU.) --loop launches the 10-argument kernel for SECONDS and
prints nothing: the process to run under `perf record`.
"""
import ctypes
import os
import struct
import subprocess
import sys
import tempfile
import time

import torch

from trident import _devices, _launcher
from trident._dropin import load_file
from trident.compiler import compiler as C

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import python_launch_compare as compare  # noqa: E402

ARG_POINTER, ARG_INT, ARG_FLOAT, ARG_DEVICE_POINTER = 1, 2, 3, 5

m = load_file(os.path.join(HERE, "launch_kernels.py"), "launch_kernels_split")
x = torch.empty(4096, device="cuda")
y0, y1, y2, y3, y4 = ys = [torch.empty(4096, device="cuda") for _ in range(5)]
k2f, k10f = m.empty_kernel, m.empty_kernel_10


def two():
    k2f[(1,)](x, 4096, BLOCK=128)


def ten():
    k10f[(1,)](y0, y1, y2, y3, y4, 4096, 64, 32, 0.5, 2.0, BLOCK=128)


def ten_star():
    k10f[(1,)](*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128)


def median(one):
    """The median of compare.ROUNDS rounds of `one` (a round: microseconds
    per launch), as the compare script times each of its rows."""
    return compare.interleaved({"": one})[""]


def measure(f):
    return median(compare.python_round(f))


def main():
    two(), ten()
    fast = _launcher.module()
    if fast is None:
        sys.exit("no compiled launcher: " + _launcher.why_not())
    if sys.argv[1:2] == ["--loop"]:
        print("ready", flush=True)
        end = time.time() + float(sys.argv[2])
        while time.time() < end:
            for _ in range(1000):
                ten()
            torch.cuda.synchronize()
        return
    k2 = k2f.warmup(x, 4096, BLOCK=128, grid=(1,))
    k10 = k10f.warmup(*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128, grid=(1,))
    rows = {}
    rows["whole kernel[(1,)](...)"] = (measure(two), measure(ten))
    rows["the same, 10 arguments as (*ys, ...)"] = (float("nan"), measure(ten_star))
    rows["kernel[(1,)] alone (no call)"] = (measure(lambda: k2f[(1,)]),
                                            measure(lambda: k10f[(1,)]))

    lib = os.path.join(tempfile.mkdtemp(), "split.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", os.path.join(HERE, "launch_split.c"),
                    "-o", lib, "-ldl"], check=True)
    S = ctypes.CDLL(lib)
    stub = ctypes.cast(S.stub_launch, ctypes.c_void_p).value
    real = {}
    for k in (k2, k10):
        slots = [(pos, C._arg_slot(t)[0], 0 if pos in k._torch_args else 1)
                 for pos, t in zip(k._positions, k._types)]
        real[k] = k._c_launch
        k._c_launch = fast.make(stub, k._kernel.value, slots, C._address, C._grid3,
                                k.device.runtime.check, struct.error,
                                _devices._stream_source(k.device))
    rows["the same, the runtime call a C no-op"] = (measure(two), measure(ten))
    for k in (k2, k10):
        k._c_launch = real[k]

    rt = k2.device.runtime
    fn = ctypes.cast(rt.lib.trident_kernel_launch, ctypes.c_void_p).value
    stream = k2.stream()
    S.runtime_loop_us.restype = ctypes.c_double
    S.runtime_loop_us.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                  ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int]

    def cloop(k, vals, kinds):
        v = (ctypes.c_uint64 * len(vals))(*vals)
        kd = (ctypes.c_int * len(kinds))(*kinds)

        def one():
            us = S.runtime_loop_us(fn, k._kernel.value, stream, v, kd, len(vals),
                                   compare.LAUNCHES)
            if us < 0:
                raise RuntimeError("trident_kernel_launch failed")
            return us
        S.runtime_loop_us(fn, k._kernel.value, stream, v, kd, len(vals), 200)  # warm-up
        return median(one)

    f05 = struct.unpack("<Q", struct.pack("<d", 0.5))[0]
    f2 = struct.unpack("<Q", struct.pack("<d", 2.0))[0]
    v10 = [y.data_ptr() for y in ys] + [4096, 64, 32, f05, f2]
    for name, kind in (("vouched (as the dispatcher passes them)", ARG_DEVICE_POINTER),
                       ("looked up", ARG_POINTER)):
        rows["trident_kernel_launch in a C loop, tensors " + name] = (
            cloop(k2, [x.data_ptr(), 4096], [kind, ARG_INT]),
            cloop(k10, v10, [kind] * 5 + [ARG_INT] * 3 + [ARG_FLOAT] * 2))

    import triton
    tr = compare.load(False)
    t2 = tr.empty_kernel.warmup(x, 4096, BLOCK=128, grid=(1,))
    t10 = tr.empty_kernel_10.warmup(*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128, grid=(1,))
    r2 = compare.driver_round(t2, [ctypes.c_uint64(x.data_ptr()), ctypes.c_int32(4096)])
    r10 = compare.driver_round(t10, [ctypes.c_uint64(y.data_ptr()) for y in ys] +
                               [ctypes.c_int32(4096), ctypes.c_int32(64), ctypes.c_int32(32),
                                ctypes.c_float(0.5), ctypes.c_float(2.0)])
    d2, d10 = median(r2), median(r10)
    rows["cuLaunchKernel in a C loop (Triton %s's function)" % triton.__version__] = (d2, d10)

    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}; host microseconds "
          f"per launch, median of {compare.ROUNDS} rounds of {compare.LAUNCHES}")
    print("| | 2 arguments | 10 arguments |")
    print("|---|---|---|")
    for name, (a, b) in rows.items():
        print(f"| {name} | {a:.2f} | {b:.2f} |")

    S.pointer_check_ns.restype = ctypes.c_double
    S.pointer_check_ns.argtypes = [ctypes.c_uint64, ctypes.c_int]
    print("cuPointerGetAttribute in a C loop: %.0f ns" % S.pointer_check_ns(x.data_ptr(), 100000))


if __name__ == "__main__":
    main()
