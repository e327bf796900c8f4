"""triton.language.math on the host: its names exist only inside kernels."""
from ._host import constexpr, dtype, device_only  # noqa: F401

__getattr__ = device_only("triton.language.math")
