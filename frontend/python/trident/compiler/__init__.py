"""triton.compiler for Trident: the names scripts import from it."""
from ..jit import CompilationError, CompiledKernel  # noqa: F401
from . import errors  # noqa: F401


def compile(*args, **kwargs):
    raise NotImplementedError("triton.compiler.compile (ASTSource and IR files) is not "
                              "supported by Trident's Python package: use tridentc, or "
                              "launch the @jit function")
