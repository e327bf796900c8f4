"""triton.knobs, the part Trident reads: the launch hooks, and
knobs.nvidia.libdevice_path.

    triton.knobs.runtime.launch_enter_hook = fn   # fn(metadata) before each launch
    triton.knobs.runtime.launch_exit_hook = fn    # and after it

`metadata` is a LazyDict: `name` (the kernel's), `stream`, and what the
kernel's `launch_metadata=` function returns, computed only when the hook
reads it. While either hook is set, launches take the Python path (the
compiled dispatcher does not call hooks). Profilers set them
(trident.profiler, as Triton's proton does)."""
import os


class LazyDict:
    """A dict whose extra entries come from functions run on first read."""

    def __init__(self, data):
        self.data = data
        self.extras = []

    def add(self, fn, args):
        self.extras.append((fn, args))

    def get(self):
        for fn, args in self.extras:
            self.data.update(fn(*args) or {})
        self.extras.clear()
        return self.data


class _Runtime:
    def __init__(self):
        self.launch_enter_hook = None
        self.launch_exit_hook = None

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name in ("launch_enter_hook", "launch_exit_hook"):
            _refresh()


class HookChain:
    """Triton 3.6's chain of hooks (what its launch hooks default to, and
    what TorchInductor checks for): calls every added function in order
    (reversed with `reversed=True`). Empty, it counts as no hook."""

    def __init__(self, reversed=False):
        self.calls = []
        self.reversed = reversed

    def add(self, func):
        if func not in self.calls:
            self.calls.append(func)
        _refresh()

    def remove(self, func):
        if func in self.calls:
            self.calls.remove(func)
        _refresh()

    def __call__(self, *args, **kwargs):
        for call in (reversed(self.calls) if self.reversed else self.calls):
            call(*args, **kwargs)


def _set(hook):
    return hook is not None and not (isinstance(hook, HookChain) and not hook.calls)


def _refresh():
    """One flag the launch path reads instead of both hooks."""
    global hooks_set
    r = globals().get("runtime")
    hooks_set = r is not None and (_set(getattr(r, "launch_enter_hook", None)) or
                                   _set(getattr(r, "launch_exit_hook", None)))


hooks_set = False
runtime = _Runtime()


class _Nvidia:
    """triton.knobs.nvidia: `libdevice_path`, the libdevice the NVIDIA
    backend links (TorchInductor sets it to PyTorch's in its compile
    workers), read and written through TRIDENT_LIBDEVICE, which the
    compiler reads. Triton's other nvidia knobs may be set and change
    nothing here."""

    @property
    def libdevice_path(self):
        return os.environ.get("TRIDENT_LIBDEVICE") or None

    @libdevice_path.setter
    def libdevice_path(self, value):
        if value:
            os.environ["TRIDENT_LIBDEVICE"] = str(value)
        else:
            os.environ.pop("TRIDENT_LIBDEVICE", None)


nvidia = _Nvidia()
