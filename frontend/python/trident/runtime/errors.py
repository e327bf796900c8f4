from ..jit import OutOfResources, CompilationError  # noqa: F401


class PTXASError(CompilationError):
    """Triton's error for a failing ptxas: Trident reports ptxas failures as
    CompilationError, of which this is a kind, so `except PTXASError`
    clauses import and do what they can."""


class InterpreterError(Exception):
    pass
