"""triton.runtime.errors for Trident."""
from .._native import OutOfResources, PTXASError  # noqa: F401
from ..compiler.errors import CompilationError  # noqa: F401
