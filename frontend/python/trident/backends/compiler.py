"""triton.backends.compiler for Trident: GPUTarget(backend, arch, warp_size)."""
from ..runtime.driver import GPUTarget  # noqa: F401
