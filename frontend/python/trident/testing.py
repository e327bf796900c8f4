"""triton.testing for Trident: do_bench, assert_close, perf_report.

do_bench follows Triton 3.6: it estimates the time of one call, then runs
warmup and rep milliseconds' worth of calls, each timed with events on the
current stream (torch's CUDA events when the work is on a torch GPU device)
after flushing the L2 cache, and returns the mean, or the given quantiles,
in milliseconds. For work on the host (numpy arrays, the cpu backend) it
times with a monotonic clock.
"""

import math
import os
import statistics
import sys
import time


def _torch():
    return sys.modules.get("torch")


def _gpu_torch():
    torch = _torch()
    if torch is not None and torch.cuda.is_available():
        return torch
    return None


def _summarize(times, quantiles, return_mode):
    if quantiles is not None:
        s = sorted(times)
        out = []
        for q in quantiles:
            # linear interpolation, as torch.quantile
            pos = q * (len(s) - 1)
            lo = math.floor(pos)
            hi = min(lo + 1, len(s) - 1)
            out.append(s[lo] + (s[hi] - s[lo]) * (pos - lo))
        return out[0] if len(out) == 1 else out
    if return_mode == "all":
        return times
    if return_mode == "min":
        return min(times)
    if return_mode == "max":
        return max(times)
    if return_mode == "median":
        return statistics.median(times)
    return statistics.fmean(times)


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None, return_mode="mean",
             device=None):
    assert return_mode in ("min", "max", "mean", "median", "all")
    torch = _gpu_torch() if device != "cpu" else None
    if torch is None:
        return _do_bench_host(fn, warmup, rep, grad_to_none, quantiles, return_mode)
    fn()
    torch.cuda.synchronize()
    cache = torch.empty(int(256e6 // 4), dtype=torch.int, device="cuda")
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        cache.zero_()
        fn()
    end.record()
    torch.cuda.synchronize()
    estimate = start.elapsed_time(end) / 5
    n_warmup = max(1, int(warmup / max(estimate, 1e-6)))
    n_repeat = max(1, int(rep / max(estimate, 1e-6)))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    for _ in range(n_warmup):
        fn()
    for i in range(n_repeat):
        if grad_to_none is not None:
            for x in grad_to_none:
                x.grad = None
        cache.zero_()
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
    return _summarize(times, quantiles, return_mode)


def _gpu_sync():
    """Waits for Trident's GPU work where torch is not there to time it
    (a CuPy script): the host clock then measures the kernels, not their
    launches."""
    try:
        from . import _native
        devices = [d for d in _native.runtime().devices if d.driver != "cpu"]
    except ImportError:
        devices = []
    if not devices:
        return lambda: None
    return lambda: [d.synchronize() for d in devices]


def _do_bench_host(fn, warmup, rep, grad_to_none, quantiles, return_mode):
    sync = _gpu_sync()
    inner = fn

    def fn():
        inner()
        sync()
    fn()
    t0 = time.perf_counter()
    for _ in range(5):
        fn()
    estimate = (time.perf_counter() - t0) * 1e3 / 5
    n_warmup = max(1, int(warmup / max(estimate, 1e-6)))
    n_repeat = max(1, int(rep / max(estimate, 1e-6)))
    for _ in range(n_warmup):
        fn()
    times = []
    for _ in range(n_repeat):
        if grad_to_none is not None:
            for x in grad_to_none:
                x.grad = None
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return _summarize(times, quantiles, return_mode)


def assert_close(x, y, atol=None, rtol=None, err_msg=""):
    import numpy as np
    def arr(v):
        if hasattr(v, "detach"):
            v = v.detach().cpu().float().numpy() if str(getattr(v, "dtype", "")) == "torch.bfloat16" \
                else v.detach().cpu().numpy()
        return np.asarray(v)
    a, b = arr(x), arr(y)
    atol = 1e-2 if atol is None else atol
    rtol = 0.0 if rtol is None else rtol
    np.testing.assert_allclose(a, b, atol=atol, rtol=rtol, err_msg=err_msg, equal_nan=True)


class Benchmark:
    def __init__(self, x_names, x_vals, line_arg, line_vals, line_names, plot_name, args,
                 xlabel="", ylabel="", x_log=False, y_log=False, styles=None, **kwargs):
        self.x_names, self.x_vals = x_names, x_vals
        self.line_arg, self.line_vals, self.line_names = line_arg, line_vals, line_names
        self.plot_name, self.args = plot_name, args
        self.xlabel, self.ylabel = xlabel, ylabel
        self.x_log, self.y_log, self.styles = x_log, y_log, styles


class Mark:
    def __init__(self, fn, benchmarks):
        self.fn = fn
        self.benchmarks = benchmarks

    def _run(self, bench, save_path, show_plots, print_data, **kwargs):
        rows = []
        for x in bench.x_vals:
            xs = x if isinstance(x, (list, tuple)) else [x] * len(bench.x_names)
            xargs = dict(zip(bench.x_names, xs))
            row = list(xs)
            for lv in bench.line_vals:
                r = self.fn(**xargs, **{bench.line_arg: lv}, **bench.args, **kwargs)
                r = r if isinstance(r, (list, tuple)) else (r, None, None)
                row.append(r[0])
            rows.append(row)
        header = list(bench.x_names) + [f"{n}" for n in bench.line_names]
        table = _format_table(header, rows)
        if print_data:
            print(bench.plot_name + ":")
            print(table)
        if save_path:
            os.makedirs(save_path, exist_ok=True)
            with open(os.path.join(save_path, f"{bench.plot_name}.csv"), "w") as f:
                f.write(",".join(header) + "\n")
                for r in rows:
                    f.write(",".join(str(v) for v in r) + "\n")
        return rows

    def run(self, show_plots=False, print_data=False, save_path="", return_df=False, **kwargs):
        benches = self.benchmarks if isinstance(self.benchmarks, list) else [self.benchmarks]
        out = [self._run(b, save_path, show_plots, print_data, **kwargs) for b in benches]
        return out if return_df else None


def _format_table(header, rows):
    cells = [[str(h) for h in header]] + [[f"{v:.6f}" if isinstance(v, float) else str(v)
                                           for v in r] for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines = [" ".join(c[i].rjust(widths[i]) for i in range(len(header))) for c in cells]
    return "\n".join(lines)


def perf_report(benchmarks):
    return lambda fn: Mark(fn, benchmarks)
