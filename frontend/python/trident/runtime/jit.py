from ..jit import JITFunction, KernelInterface, jit, CompiledKernel  # noqa: F401
from ..jit import MockTensor, TensorWrapper, reinterpret  # noqa: F401
