"""triton.language.extra on the host: libdevice, cuda and hip hold names
that exist only inside kernels."""
from . import libdevice, cuda, hip  # noqa: F401
