# Module-level values computed by host functions in a module the kernel
# file imports (FlagGems' utils: `tl_extra_shim =
# backend.get_tl_extra_backend_module()`; a string or a count built by a
# helper): the compiler names each, qualified by this module, and under
# Python the package gives it the interpreter's value.
from . import backend


def _repeat(text, n):
    return text * n


tl_extra = backend.get_tl_extra_backend_module()
FACTOR = len(_repeat("ab", 2))
SUFFIX = _repeat("z", 3)
