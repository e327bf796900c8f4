"""triton.profiler (Triton's proton), the part scripts use to time kernels
and regions: start / activate / deactivate / finalize sessions, `scope`
regions with metrics, and kernel launches seen through the launch hooks
(`hook="triton"`, with each kernel's `launch_metadata=` metrics such as
`flops16` and `bytes`).

Proton reads the GPU's own kernel timeline (CUPTI / roctracer). Trident
times with events instead: on a GPU with torch, CUDA events recorded on
the current stream before and after each kernel launch and each scope, so
a region's time includes the gaps between its kernels; on the cpu, the
host clock. A scope in which Trident saw no kernel launch (a cuBLAS call,
a torch op) is timed as a whole. finalize() writes NAME.hatchet (JSON: a
tree of frames with `time (ns)`, `count` and the metrics given), which
trident.profiler.viewer reads. Not provided: proton's other backends,
modes, instrumentation and the proton-viewer command; they raise
NotImplementedError naming the option."""

import json
import threading
import time

from .. import knobs

__all__ = ["start", "activate", "deactivate", "finalize", "scope", "enter_scope",
           "exit_scope", "profile"]

_lock = threading.Lock()
_sessions = {}
_stack = threading.local()


class _Session:
    def __init__(self, name, hook):
        self.name = name
        self.hook = hook
        self.active = True
        self.records = []  # (path, start mark, end mark, metrics, timed)


def _torch():
    try:
        import torch
        return torch if torch.cuda.is_available() else None
    except ImportError:
        return None


def _mark():
    """A point in time: a recorded CUDA event, or the host clock."""
    torch = _torch()
    if torch is None:
        return time.perf_counter_ns()
    e = torch.cuda.Event(enable_timing=True)
    e.record()
    return e


def _elapsed_ns(a, b):
    if isinstance(a, int):
        return b - a
    return a.elapsed_time(b) * 1e6


def _path():
    if not hasattr(_stack, "frames"):
        _stack.frames = []
    return _stack.frames


def _active():
    return [s for s in _sessions.values() if s.active]


def start(name=None, *, context="shadow", data="tree", backend=None, mode=None, hook=None):
    """Starts a session (active) and returns its id."""
    if data != "tree":
        raise NotImplementedError(f"proton data='{data}' is not supported by Trident")
    if backend not in (None, "cupti", "roctracer"):
        raise NotImplementedError(f"proton backend='{backend}' is not supported by Trident")
    if mode is not None:
        raise NotImplementedError(f"proton mode='{mode}' is not supported by Trident")
    if hook not in (None, "triton", "launch"):
        raise NotImplementedError(f"proton hook='{hook}' is not supported by Trident")
    with _lock:
        sid = len(_sessions)
        _sessions[sid] = _Session(name or "proton", hook)
        if hook is not None:
            knobs.runtime.launch_enter_hook = _enter_launch
            knobs.runtime.launch_exit_hook = _exit_launch
    return sid


def _chosen(session):
    if session is None:
        return list(_sessions.values())
    return [_sessions[session]] if session in _sessions else []


def activate(session=None):
    for s in _chosen(session):
        s.active = True


def deactivate(session=None, flushing=False):
    for s in _chosen(session):
        s.active = False


def _tree(records):
    """The frame tree of a session's records: {name: [metrics, children]}."""
    root = [{}, {}]
    for path, t0, t1, metrics, timed in records:
        node = root
        chain = [root]
        for name in path:
            node = node[1].setdefault(name, [{}, {}])
            chain.append(node)
        m = node[0]
        m["count"] = m.get("count", 0) + 1
        for k, v in metrics.items():
            m[k] = m.get(k, 0) + v
        if timed:
            ns = _elapsed_ns(t0, t1)
            for n in chain:  # inclusive: every enclosing frame
                n[0]["time (ns)"] = n[0].get("time (ns)", 0) + ns

    def to_json(name, node):
        metrics, children = node
        out = {"frame": {"name": name, "type": "function"}, "metrics": dict(metrics),
               "children": [to_json(n, c) for n, c in children.items()]}
        # Counts and metrics of the frames below add into each frame.
        for c in out["children"]:
            for k, v in c["metrics"].items():
                if k != "time (ns)":
                    out["metrics"][k] = out["metrics"].get(k, 0) + v
        out["metrics"].setdefault("time (ns)", 0)
        return out
    return [to_json("ROOT", root)]


def finalize(session=None, output_format="hatchet"):
    """Ends the session (all of them by default), writing NAME.hatchet."""
    if output_format != "hatchet":
        raise NotImplementedError(f"proton output_format='{output_format}' is not "
                                  f"supported by Trident")
    torch = _torch()
    if torch is not None:
        torch.cuda.synchronize()
    with _lock:
        ids = list(_sessions) if session is None else [session]
        for sid in ids:
            s = _sessions.pop(sid, None)
            if s is None:
                continue
            with open(f"{s.name}.hatchet", "w") as f:
                json.dump(_tree(s.records), f)
        if not any(s.hook for s in _sessions.values()):
            if knobs.runtime.launch_enter_hook is _enter_launch:
                knobs.runtime.launch_enter_hook = None
            if knobs.runtime.launch_exit_hook is _exit_launch:
                knobs.runtime.launch_exit_hook = None


def enter_scope(name, *, triton_op=False, metrics=None):
    frames = _path()
    frames.append([name, _mark() if _active() else None, dict(metrics or {}), False])


def exit_scope(triton_op=False, metrics=None):
    frames = _path()
    name, t0, m, saw_kernel = frames.pop()
    if metrics:
        m.update(metrics)
    if t0 is None:
        return
    t1 = _mark()
    path = tuple(f[0] for f in frames) + (name,)
    for s in _active():
        # A scope whose kernels were timed one by one is not timed again.
        s.records.append((path, t0, t1, m, not saw_kernel))


class scope:
    """`with proton.scope(name, metrics):` (or a decorator): a region of
    the tree, with metrics added to its frame each time it is entered."""

    def __init__(self, name, metrics=None):
        self.name = name
        self.metrics = metrics

    def __enter__(self):
        enter_scope(self.name, metrics=self.metrics)
        return self

    def __exit__(self, *exc):
        exit_scope()
        return False

    def __call__(self, fn):
        def wrapped(*args, **kwargs):
            with scope(self.name, self.metrics):
                return fn(*args, **kwargs)
        return wrapped


class profile:
    """`@proton.profile(name=..., hook=...)`: a session around a function."""

    def __init__(self, func=None, *, name=None, **options):
        self.func, self.name, self.options = func, name, options

    def __call__(self, *args, **kwargs):
        if self.func is None:
            return profile(args[0], name=self.name, **self.options)
        sid = start(self.name or self.func.__name__, **self.options)
        try:
            return self.func(*args, **kwargs)
        finally:
            finalize(sid)


def _enter_launch(metadata):
    if not _active():
        return
    _path().append([None, _mark(), metadata, True])
    for f in _path()[:-1]:
        f[3] = True


def _exit_launch(metadata):
    frames = _path()
    if not frames or frames[-1][0] is not None or frames[-1][2] is not metadata:
        return
    _, t0, md, _ = frames.pop()
    t1 = _mark()
    data = md.get()
    metrics = {k: v for k, v in data.items()
               if k == "bytes" or k.startswith("flops")}
    path = tuple(f[0] for f in frames) + (data.get("name") or "kernel",)
    for s in _active():
        s.records.append((path, t0, t1, metrics, True))
