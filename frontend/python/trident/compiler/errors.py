from ..jit import CompilationError  # noqa: F401


class CompileTimeAssertionFailure(CompilationError):
    pass
