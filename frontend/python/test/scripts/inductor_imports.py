# What TorchInductor's runtime/triton_compat.py (torch 2.11) imports from
# Triton when it loads, in that order, run through `python -m trident`: each
# must resolve, AttrsDescriptor must not exist (it selects Triton <= 3.2's
# paths), and triton.language.core.view is signed like Triton 3.6's builtins.
import inspect

import triton
import triton.language as tl
from triton import Config
from triton.compiler import CompiledKernel
from triton.runtime.autotuner import OutOfResources, PTXASError
from triton.language.standard import _log2
from triton.runtime.jit import JITFunction, KernelInterface
from triton.compiler.compiler import ASTSource
from triton.backends.compiler import GPUTarget
from triton.language.extra import libdevice
from triton import knobs
from triton.runtime.cache import triton_key

assert tl.extra.libdevice is libdevice and tl.math is not None
assert "num_warps" in inspect.signature(Config.__init__).parameters
# Triton 3.6's builtins take _semantic (Inductor's builtins_use_semantic_kwarg).
assert "_semantic" in inspect.signature(triton.language.core.view).parameters
# Inductor catches both to skip a config that does not fit.
assert issubclass(PTXASError, Exception) and PTXASError is triton.runtime.errors.PTXASError
for module in ("triton.compiler.compiler", "triton.backends.compiler"):
    try:
        exec(f"from {module} import AttrsDescriptor")
    except ImportError:
        pass
    else:
        raise AssertionError(f"{module} has AttrsDescriptor")
try:
    import triton.backends.intel.driver  # noqa: F401
except ImportError:
    pass
assert int(triton.__version__.split(".")[0]) >= 3
# triton_helpers.set_driver_to_gpu reads triton.runtime.driver.active: the
# driver object, also after `import triton.runtime.driver` (torch's
# triton_backend does that), as in Triton where the package binds the name.
import triton.runtime.driver  # noqa: E402
assert triton.runtime.driver.active is not None
print("imports ok", triton_key().split("-")[0], sorted(triton.backends.backends),
      [c.__name__ for c in (CompiledKernel, OutOfResources, JITFunction, KernelInterface,
                            ASTSource, GPUTarget)], type(knobs.HookChain()).__name__)
