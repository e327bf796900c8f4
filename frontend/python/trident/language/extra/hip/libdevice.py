"""triton.language.extra.hip.libdevice on the host: its names exist only inside kernels."""
from ..._host import device_only

__getattr__ = device_only("triton.language.extra.hip.libdevice")
