"""Compiles and runs kernels.py's kernels through the Python package,
checking every result, and prints what served them as JSON on the last
line. Arguments: FACTOR... (one compile each); `--tune` autotunes
tuned_copy (counting benchmarks); `--kill PID AFTER` kills PID once AFTER
factors are done."""
import json
import os
import signal
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trident  # noqa: E402
from trident import _dropin  # noqa: E402

_dropin.install()  # kernels.py is written for Triton (`import triton`)
import kernels as K  # noqa: E402

args = sys.argv[1:]
benches = 0
kill = None
if "--kill" in args:
    i = args.index("--kill")
    kill = (int(args[i + 1]), int(args[i + 2]))
    del args[i:i + 3]
tune = "--tune" in args
factors = [float(a) for a in args if a != "--tune"]

x = np.arange(100, dtype=np.float32)
for i, f in enumerate(factors):
    if kill and i == kill[1]:
        os.kill(kill[0], signal.SIGKILL)
    y = np.full_like(x, np.nan)
    K.scale_add[(4,)](x, y, 100, FACTOR=f, BLOCK=32)
    assert np.array_equal(y, x * np.float32(f) + 1), (f, y)

if tune:
    def counting_bench(fn, quantiles=None, **kw):
        global benches
        benches += 1
        fn()
        return [1.0 + benches * 1e-3] * 3
    K.tuned_copy.user_do_bench = counting_bench
    y = np.zeros_like(x)
    K.tuned_copy[lambda m: ((100 + m["BLOCK"] - 1) // m["BLOCK"],)](x, y, 100)
    assert np.array_equal(y, x)

trident.flush_remote_cache()
stats = trident.cache_stats()
stats["benches"] = benches
print(json.dumps(stats))
