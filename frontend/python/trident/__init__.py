"""Trident's Python face: Triton's host API over Trident's C++ compiler and
runtime.

    import trident as triton
    import trident.language as tl

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr): ...

    add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)

Kernels take torch tensors (CUDA or CPU), numpy arrays and objects with
__cuda_array_interface__. `python -m trident script.py` runs a script
written for Triton unchanged, with `import triton` resolving here. See
docs/python.md.

`trident.__version__` is the Triton version whose semantics Trident
implements (what `triton.__version__` is to a script, and to the compiler
reading a kernel file); Trident's own version is `__trident_version__`.
"""

from ._version import TRITON_VERSION as __version__, TRIDENT_VERSION as __trident_version__  # noqa: E402,F401

from .runtime.jit import jit, JITFunction, KernelInterface  # noqa: F401
from .compiler.errors import CompilationError  # noqa: F401
from .runtime.errors import OutOfResources  # noqa: F401
from .runtime.autotuner import autotune, heuristics, Config, Autotuner, Heuristics  # noqa: F401
from . import language  # noqa: F401
from . import testing  # noqa: F401
from . import runtime  # noqa: F401
from ._native import TridentError, DeviceAssertionError, OutOfBoundsAccess  # noqa: F401
from . import compiler  # noqa: F401
from .compiler import compile  # noqa: F401
from . import tools  # noqa: F401
from ._remote import set_remote_cache, cache_stats, flush_remote_cache  # noqa: F401


_allocator = None


def set_allocator(allocator):
    """Triton's hook for the global memory kernels take at run time (for
    descriptors made in the kernel, on GPUs with a tensor copy engine).
    Trident lowers such descriptors to pointer arithmetic and needs none
    yet: the allocator is kept, and not called."""
    global _allocator
    _allocator = allocator


def cdiv(x, y):
    return (x + y - 1) // y


def next_power_of_2(n):
    """The smallest power of 2 >= n; 0 for 0, as Triton's bit twiddling
    gives."""
    n = int(n)
    if n <= 0:
        return 0
    return 1 << (n - 1).bit_length()


from .runtime.jit import MockTensor, TensorWrapper, reinterpret  # noqa: F401,E402
