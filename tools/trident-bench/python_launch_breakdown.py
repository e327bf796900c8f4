# Where the launch time goes, from Python: the paths of one launch timed alone
# in one process, rounds interleaved (run under Trident: python3 THIS_FILE with
# frontend/python on PYTHONPATH, on a CUDA machine with torch).
import statistics, time, sys, torch
import trident as triton, trident.language as tl
from trident import _devices, _specialize

@triton.jit
def empty_kernel(x_ptr, n, BLOCK: tl.constexpr):
    pass

x = torch.empty(4096, device="cuda")
ka = empty_kernel.warmup(x, 4096, BLOCK=128, grid=(1,))
rt = ka.device.runtime
raw = rt.launch_raw
rt.launch_raw = rt.launch          # kernels compiled now get the argtypes call
kb = empty_kernel.warmup(x, 4096, BLOCK=256, grid=(1,))
rt.launch_raw = raw
fn = empty_kernel
def old_path():
    key, values, options = fn._binder(x, 4096, BLOCK=256)
    dev = _devices._device_of(values, fn._runtime_positions)
    k = fn.cache.get((key, (), dev))
    k.run((1,), values, k.stream())
s = ka.stream()
v = (x, 4096, 128)
paths = {
    "fast path, raw call  kernel[(1,)](...)": lambda: empty_kernel[(1,)](x, 4096, BLOCK=128),
    "old path, argtypes call": old_path,
    "launcher only (raw)": lambda: ka._launch((1,), s, v),
    "launcher only (argtypes)": lambda: kb._launch((1,), s, v),
    "binder only": lambda: fn._binder(x, 4096, BLOCK=128),
    "device_of only": lambda: _devices._device_of(v, fn._runtime_positions),
    "stream only": ka.stream,
    "spec(tensor)": lambda: _specialize._spec(x),
}
res = {k: [] for k in paths}
for f in paths.values():
    for _ in range(300): f()
torch.cuda.synchronize()
for r in range(25):
    for name, f in paths.items():
        t0 = time.perf_counter()
        for _ in range(400): f()
        res[name].append((time.perf_counter() - t0) / 400 * 1e6)
        torch.cuda.synchronize()
for name, v in res.items():
    print(f"{name:40s} {statistics.median(v):6.2f} us")
