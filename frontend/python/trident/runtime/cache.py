"""triton.runtime.cache for Trident: the names TorchInductor keys its
kernel cache with (the compiler's key, and a kernel hash in base32/64)."""
import base64

from ..compiler.compiler import triton_key  # noqa: F401


def _base32(key):
    """A hex hash as base32, without padding (Triton's cache directory names)."""
    return base64.b32encode(bytes.fromhex(key)).decode("utf-8").rstrip("=")


def _base64(key):
    return base64.urlsafe_b64encode(bytes.fromhex(key)).decode("utf-8").rstrip("=")
