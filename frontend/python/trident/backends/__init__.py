"""triton.backends for Trident: GPUTarget (triton.backends.compiler), and
`backends`, Triton's table of vendor backends by name ("nvidia", "amd",
"cpu"), each with its `driver` (a class: `is_active()` says whether this
machine has such a device; an instance is a driver triton.runtime.driver
can make active) and `compiler` (`make_backend`'s hash, per target).
TorchInductor picks its GPU driver from this table."""
from . import compiler  # noqa: F401
from .. import _native
from ..runtime.driver import ActiveDriver


def _driver_class(kind, label):
    class Driver(ActiveDriver):
        @classmethod
        def is_active(cls):
            try:
                return any(d.driver == kind for d in _native.runtime().devices)
            except Exception:  # no runtime library: no device
                return False

        @property
        def _kind(self):
            return kind

    Driver.__name__ = Driver.__qualname__ = label
    return Driver


class Backend:
    def __init__(self, name, driver):
        self.name = name
        self.driver = driver
        self.compiler = compiler.BaseBackend


backends = {
    "nvidia": Backend("nvidia", _driver_class("cuda", "CudaDriver")),
    "amd": Backend("amd", _driver_class("hip", "HIPDriver")),
    "cpu": Backend("cpu", _driver_class("cpu", "CPUDriver")),
}
