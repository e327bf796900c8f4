"""triton.runtime for Trident: the active driver, and the names scripts
import from triton.runtime (JITFunction, Autotuner, Config, ...), each in
the module Triton keeps it in (runtime/jit.py, runtime/autotuner.py,
runtime/driver.py, runtime/errors.py)."""
from .jit import JITFunction, KernelInterface  # noqa: F401
from .errors import OutOfResources  # noqa: F401
from .autotuner import Autotuner, Config, Heuristics, autotune, heuristics  # noqa: F401
from .driver import driver  # noqa: F401
from . import driver as _driver_module  # noqa: F401
from . import jit, autotuner, errors, cache  # noqa: F401
