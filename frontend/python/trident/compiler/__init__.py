"""triton.compiler for Trident: the names scripts import from it."""
from .errors import CompilationError  # noqa: F401
from .compiler import CompiledKernel  # noqa: F401
from . import errors, compiler  # noqa: F401


def compile(*args, **kwargs):
    raise NotImplementedError("triton.compiler.compile (ASTSource and IR files) is not "
                              "supported by Trident's Python package: use tridentc, or "
                              "launch the @jit function")
