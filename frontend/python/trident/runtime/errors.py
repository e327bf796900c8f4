from ..jit import OutOfResources, CompilationError  # noqa: F401
