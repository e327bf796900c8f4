"""triton.compiler.errors for Trident."""


class CompilationError(Exception):
    """A kernel did not compile. The message is the compiler's diagnostic:
    file:line:col, the source line and a caret."""


CompilationError.__module__ = "trident"


class CompileTimeAssertionFailure(CompilationError):
    pass
