"""triton.backends for Trident: GPUTarget (triton.backends.compiler), which
scripts pass to triton.compile. Triton's per-vendor backend objects
(`triton.backends.backends`) are not provided."""
from . import compiler  # noqa: F401
