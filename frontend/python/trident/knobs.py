"""triton.knobs, the part Trident reads: the launch hooks.

    triton.knobs.runtime.launch_enter_hook = fn   # fn(metadata) before each launch
    triton.knobs.runtime.launch_exit_hook = fn    # and after it

`metadata` is a LazyDict: `name` (the kernel's), `stream`, and what the
kernel's `launch_metadata=` function returns, computed only when the hook
reads it. While either hook is set, launches take the Python path (the
compiled dispatcher does not call hooks). Profilers set them
(trident.profiler, as Triton's proton does)."""


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
            # One flag the launch path reads instead of both attributes.
            global hooks_set
            hooks_set = getattr(self, "launch_enter_hook", None) is not None or \
                getattr(self, "launch_exit_hook", None) is not None


hooks_set = False
runtime = _Runtime()
