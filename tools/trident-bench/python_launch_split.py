"""Where Trident's launch time goes from Python, in one process on the H200:
the whole kernel[grid](...) (the compiled dispatcher and launcher), the same
with the runtime call replaced by a C no-op (what Python and the launcher
cost alone), and the runtime's trident_kernel_launch in a C loop (what the
runtime and the driver cost). python_launch_compare.py gives the driver's
own cuLaunchKernel beside them.

    python3 tools/trident-bench/python_launch_split.py

(TRIDENT_LIB_DIR and PYTHONPATH=frontend/python set, torch on a CUDA GPU.)
"""
import ctypes, os, statistics, struct, subprocess, tempfile, time, torch
from trident._dropin import load_file
from trident import _launcher, _devices
from trident.compiler import compiler as C
HERE = os.path.dirname(os.path.abspath(__file__))
lib = os.path.join(tempfile.mkdtemp(), "split.so")
subprocess.run(["cc", "-O2", "-shared", "-fPIC", os.path.join(HERE, "launch_split.c"), "-o", lib, "-ldl"], check=True)
S = ctypes.CDLL(lib)
S.runtime_loop_us.restype = ctypes.c_double
S.runtime_loop_us.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
m = load_file(os.path.join(HERE, "launch_kernels.py"), "launch_kernels_split")
x = torch.empty(4096, device="cuda"); ys = [torch.empty(4096, device="cuda") for _ in range(5)]
def measure(f, rounds=31, n=500):
    for _ in range(200): f()
    torch.cuda.synchronize(); out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(n): f()
        out.append((time.perf_counter() - t0) / n * 1e6); torch.cuda.synchronize()
    return statistics.median(out)
two = lambda: m.empty_kernel[(1,)](x, 4096, BLOCK=128)
ten = lambda: m.empty_kernel_10[(1,)](*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128)
k2 = m.empty_kernel.warmup(x, 4096, BLOCK=128, grid=(1,)); k10 = m.empty_kernel_10.warmup(*ys, 4096, 64, 32, 0.5, 2.0, BLOCK=128, grid=(1,))
two(); ten()
fast = _launcher.module()
print("full: 2 args %.2f  10 args %.2f" % (measure(two), measure(ten)))
stub = ctypes.cast(S.stub_launch, ctypes.c_void_p).value
for k in (k2, k10):
    slots = [(pos, C._arg_slot(t)[0], 0 if pos in k._torch_args else 1) for pos, t in zip(k._positions, k._types)]
    k._real = k._c_launch
    k._c_launch = fast.make(stub, k._kernel.value, slots, C._address, C._grid3, k.device.runtime.check, struct.error, _devices._stream_source(k.device))
print("python side only (runtime call a no-op): 2 args %.2f  10 args %.2f" % (measure(two), measure(ten)))
for k in (k2, k10): k._c_launch = k._real
rt = k2.device.runtime
fn = ctypes.cast(rt.lib.trident_kernel_launch, ctypes.c_void_p).value
stream = k2.stream()
def cloop(k, vals, kinds):
    v = (ctypes.c_uint64 * len(vals))(*vals); kd = (ctypes.c_int * len(kinds))(*kinds)
    out = []
    S.runtime_loop_us(fn, k._kernel.value, stream, v, kd, len(vals), 200); torch.cuda.synchronize()
    for _ in range(31):
        out.append(S.runtime_loop_us(fn, k._kernel.value, stream, v, kd, len(vals), 500)); torch.cuda.synchronize()
    return statistics.median(out)
f2 = struct.unpack("<Q", struct.pack("<d", 0.5))[0]; f3 = struct.unpack("<Q", struct.pack("<d", 2.0))[0]
print("trident_kernel_launch in a C loop: 2 args %.2f  10 args %.2f" % (
    cloop(k2, [x.data_ptr(), 4096], [1, 2]),
    cloop(k10, [y.data_ptr() for y in ys] + [4096, 64, 32, f2, f3], [1] * 5 + [2] * 3 + [3] * 2)))
S.pointer_check_ns.restype = ctypes.c_double
S.pointer_check_ns.argtypes = [ctypes.c_uint64, ctypes.c_int]
print("cuPointerGetAttribute: %.0f ns" % S.pointer_check_ns(x.data_ptr(), 100000))
def each(f, n=20000):
    for _ in range(1000): f()
    t0 = time.perf_counter()
    for _ in range(n): f()
    return (time.perf_counter() - t0) / n * 1e6
raw = torch._C._cuda_getCurrentRawStream
print("from Python (us, a lambda call included): x.data_ptr() %.3f, x.dtype %.3f, x.get_device() %.3f, "
      "_cuda_getCurrentRawStream %.3f" % (each(x.data_ptr), each(lambda: x.dtype), each(x.get_device),
                                          each(lambda: raw(0))))
