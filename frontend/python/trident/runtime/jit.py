from ..jit import JITFunction, KernelInterface, jit, CompiledKernel  # noqa: F401
