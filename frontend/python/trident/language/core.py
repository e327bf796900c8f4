"""triton.language.core on the host: its names exist only inside kernels."""
from ._host import constexpr, dtype, device_only  # noqa: F401

__getattr__ = device_only("triton.language.core")


def extern(fn):
    """@core.extern: a device function written against triton.language's
    builtins (TorchInductor's templates define gdc_wait so); Trident compiles
    it from the source like a @jit helper, so on the host it stays the
    function it decorates."""
    return fn
