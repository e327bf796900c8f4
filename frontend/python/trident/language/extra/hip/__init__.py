"""triton.language.extra.hip on the host: its names exist only inside kernels."""
from ..._host import device_only
from . import libdevice  # noqa: F401

__getattr__ = device_only("triton.language.extra.hip")
