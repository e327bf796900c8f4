"""triton.compiler for Trident: the names scripts import from it."""
from .errors import CompilationError  # noqa: F401
from .compiler import (CompiledKernel, ASTSource, compile, make_backend,  # noqa: F401
                       triton_key)
from . import errors, compiler  # noqa: F401
